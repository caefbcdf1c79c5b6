#!/usr/bin/env bash
# run_all.sh — the whole test suite (make test). Two lanes run side by side, one per core: the
# golden model's and the command lines' suites ("model"), and the hardware suites ("hw":
# Verilator, Yosys, nextpnr, whose single-threaded steps leave the second core idle). Each lane
# runs its suites one after another, even after a failure, and says when each is done; then
# every suite's output is shown in the order below with its time, and the run ends with the
# total as "N passed, N failed". RUN_ALL_SERIAL=1 runs one suite at a time (for timing one).
set -u
cd "$(dirname "$0")/.."
total_pass=0 total_fail=0 status=0
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-run-all.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
names=() lanes=() cmds=()
suite() { # suite LANE NAME COMMAND...
  lanes+=("$1") names+=("$2")
  shift 2
  cmds+=("$(printf '%q ' "$@")")
}

suite model "unit tests (asan+ubsan)" build/asan/unit_tests
suite model "cmodel CLI, D<=12" bash tests/run.sh build/cmodel 12
suite model "cmodel CLI under asan+ubsan, D<=6" bash tests/run.sh build/asan/cmodel 6
suite model "cmodel on rings, tori and meshes" bash tests/topologies.sh build/cmodel
suite model "cmodel on rings, tori and meshes under asan+ubsan (small sizes)" bash tests/topologies.sh build/asan/cmodel small
suite model "cmodel under the port models oneway, sp-full, sp-half" bash tests/models.sh build/cmodel
suite model "cmodel under the port models, asan+ubsan (small sizes)" bash tests/models.sh build/asan/cmodel small
suite model "cmodel combining tasks and all-reduce baselines, with broken schedules" bash tests/combine.sh build/cmodel
suite model "cmodel combining tasks, asan+ubsan (small sizes)" bash tests/combine.sh build/asan/cmodel small
suite model "cmodel kbcast (001): every construction, the protocol, broken schedules, bad input" bash tests/kbcast.sh build/cmodel
suite model "cmodel kbcast under asan+ubsan (d <= 5)" bash tests/kbcast.sh build/asan/cmodel small
suite model "cmodel pmnb (004): both packet models, broken schedules, bad input" bash tests/pmnb.sh build/cmodel
suite model "cmodel pmnb under asan+ubsan (small sizes)" bash tests/pmnb.sh build/asan/cmodel small
suite model "cmodel pexchange (004 s4): 2-D meshes and tori, the rules, broken schedules, bad input" bash tests/pexchange.sh build/cmodel
suite model "cmodel pexchange under asan+ubsan (without the 8x8s)" bash tests/pexchange.sh build/asan/cmodel small
suite model "template search (SAT): the te loads optimum from the formulas, sat and one slot less unsat for CaDiCaL and MiniSat, the bufferless S4NOC formula against its bounds, mnb and te templates for small routers at 000/003's bounds, symmetric ones by the orbit chain (--chain), bad arguments" \
  bash tests/te_search.sh build/cmodel build/te_search build/rtl_gen
suite model "template search under asan+ubsan" bash tests/te_search.sh build/asan/cmodel build/asan/te_search build/asan/rtl_gen
suite model "stored templates (issue 16): the default mnb and te of their sizes, verified at the bounds, routers without packet memory, bad files" \
  bash tests/stored_templates.sh build/cmodel build/rtl_gen
suite model "stored templates under asan+ubsan" bash tests/stored_templates.sh build/asan/cmodel build/asan/rtl_gen
suite model "S4NOC port models (issue 17): te and mnb at the formulas' bounds, S4NOC's periods, broken rules, refusals, the router's one local port" \
  bash tests/s4noc.sh build/cmodel build/rtl_gen
suite model "S4NOC port models under asan+ubsan (small sizes)" env SMALL=1 bash tests/s4noc.sh build/asan/cmodel build/asan/rtl_gen
suite model "MPI library algorithms as baseline schedules" bash tests/mpi_baselines.sh build/cmodel
suite model "MPI library algorithms as baseline schedules, asan+ubsan (small sizes)" bash tests/mpi_baselines.sh build/asan/cmodel small
suite model "cmodel export/import: JSON and MSCCL XML round trips, foreign schedules, bad input" bash tests/export.sh build/cmodel
suite model "cmodel export/import under asan+ubsan" bash tests/export.sh build/asan/cmodel
suite model "cmodel dynbcast (004 s5): delays against the bound (11), the stability limit (14), bad input" bash tests/dynbcast.sh build/cmodel
suite model "MPI names as aliases (bcast, allgather, alltoall): CLI, metadata, make variables, rtl_gen, under asan+ubsan" \
  bash tests/mpi_names.sh build/asan/cmodel build/asan/rtl_gen
suite model "make help: every target and variable of the Makefile, one line each" bash tests/make_help.sh
suite model "rtl_gen's FuseSoC core: YAML, filesets against the design, lint and synth targets run from it, asan+ubsan" \
  bash tests/fusesoc.sh build/asan/rtl_gen
suite model "cmodel draw: occupancy maps and trees, SVG well-formed, bad input" bash tests/draw.sh build/cmodel
suite model "cmodel draw under asan+ubsan" bash tests/draw.sh build/asan/cmodel
suite model "rtl_gen CLI" bash tests/rtl_gen_tests.sh build/rtl_gen
suite model "the packet memory's lifetime minimum against the schedule's rows and mem_depth" bash tests/mem_bound.sh build/cmodel build/rtl_gen
suite model "rtl_gen CLI under asan+ubsan" bash tests/rtl_gen_tests.sh build/asan/rtl_gen
suite model "bad input: the reproducers of issue 10, refusals, atomic outputs" \
  bash tests/bad_input.sh build/cmodel build/rtl_gen build/asan/rtl_gen
suite model "bad input under asan+ubsan" bash tests/bad_input.sh build/asan/cmodel build/asan/rtl_gen build/asan/rtl_gen
suite model "progress lines on a terminal: cmodel schedule and verify, the Verilator build; none off a terminal" \
  bash tests/progress.sh build/asan/cmodel
suite model "sweeps: job list, local run, Slurm script, collector" bash tests/sweep.sh
suite model "fuzzing: TSV reader, verifier, JSON and MSCCL XML readers, both command lines (libFuzzer, asan+ubsan)" bash tests/fuzz_tests.sh
suite hw "hardware: generate, lint, yosys, verilate, simulate, diff, verify" bash tests/sim_tests.sh
suite hw "hardware: kbcast with the active set fixed at generation (001 and the special cases)" bash tests/kbcast_sim.sh
suite hw "hardware: pmnb (whole and split) and pexchange with the active set fixed at generation (004)" bash tests/pmnb_sim.sh
suite hw "hardware: the second simulator, Icarus Verilog (make sim SIM=icarus), against Verilator" bash tests/icarus_sim.sh
suite hw "synthesis: yosys generic, ice40 + nextpnr" bash tests/synth_tests.sh
suite hw "the run-time kbcast router: d = 3..5, 50 active sets each, bad inputs, FIFO overflow" bash tests/kbrt_tests.sh


run_lane() { # run_lane LANE|all: its suites in order; output, status and seconds into $T
  local i start
  for i in "${!names[@]}"; do
    [ "$1" = all ] || [ "${lanes[$i]}" = "$1" ] || continue
    start=$SECONDS
    eval "${cmds[$i]}" >"$T/$i.out" 2>&1
    echo $? >"$T/$i.rc"
    echo $((SECONDS - start)) >"$T/$i.sec"
    echo "-- done in $((SECONDS - start)) s: ${names[$i]}"
  done
}
if [ -n "${RUN_ALL_SERIAL-}" ]; then
  run_lane all
else
  run_lane model &
  run_lane hw
  wait
fi

for i in "${!names[@]}"; do
  echo "== ${names[$i]} ($(cat "$T/$i.sec") s)"
  out=$T/$i.out rc=$(cat "$T/$i.rc")
  grep -v '^ok ' "$out" || true
  line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$out" | tail -n 1)
  if [ -z "$line" ]; then
    echo "suite ${names[$i]} printed no summary (exit $rc)"
    total_fail=$((total_fail + 1)) status=1
    continue
  fi
  p=$(printf '%s' "$line" | sed -E 's/^(.*[^0-9])?([0-9]+) passed.*/\2/')
  f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
  total_pass=$((total_pass + p)) total_fail=$((total_fail + f))
  if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then status=1; fi
done

echo "$total_pass passed, $total_fail failed"
exit $status
