#!/usr/bin/env bash
# run_all.sh — the test suites, in two tiers:
#   tests/run_all.sh check   make check: every suite at its small sizes, under ASan+UBSan where it
#                            has an ASan run, the hardware suites in their quick mode (QUICK=1: a
#                            few designs per router architecture and simulator, the same
#                            assertions), fuzzing a second per target; a few minutes. The suites
#                            of the flows around the tools (dynbcast's statistics, FuseSoC,
#                            progress lines, sweeps) have no small size and run in make test only
#   tests/run_all.sh [test]  make test (what CI runs): everything but the large sizes
#   tests/run_all.sh large   make test-large (also run by make bench): the large sizes make test
#                            leaves out for its time (256-node fabrics, hypercube:6 in hardware)
#   tests/run_all.sh list    the suites of every tier, one line each; runs nothing (also LIST=1)
# Every suite has a short id (the first column of the table below). ONLY=PATTERNS runs only the
# suites whose id matches one of the comma-separated shell globs (ONLY=sim, ONLY='cmodel-*,fuzz').
# Two lanes run side by side, one per core (RUN_ALL_LANES=N for another number, RUN_ALL_SERIAL=1
# for one): each lane takes the next suite from one queue, the longest first by the seconds the
# table expects (measured 2026-11-27 on 2 cores, both lanes busy; docs/BENCHMARKS.md
# "test-tiers"), runs it even after a failure and says when it is done. Then every suite's output (its FAIL lines) is shown in the table's
# order, then a table of the suites' times (id, lane, seconds, CPU seconds, passed, failed), and the run ends
# with the total as "N passed, N failed" (CI reads that last line). Exits 1 if any suite failed
# or printed no summary, 2 on bad arguments.
set -u
cd "$(dirname "$0")/.." || exit 2
tier=${1:-test}
[ -n "${LIST-}" ] && [ "${LIST}" != 0 ] && tier=list-$tier
case $tier in
test | check | large | list | list-test | list-check | list-large) ;;
*) echo "usage: tests/run_all.sh [test|check|large|list]  (ONLY=PATTERNS LIST=1 RUN_ALL_LANES=N RUN_ALL_SERIAL=1)" >&2; exit 2 ;;
esac

# make check runs the ASan+UBSan builds without LeakSanitizer's scan at every exit (about half
# the time of a short run; the suites start the programs thousands of times); make test, what CI
# runs, keeps it. An ASAN_OPTIONS the caller sets wins.
if [ "$tier" = check ] && [ -z "${ASAN_OPTIONS+x}" ]; then export ASAN_OPTIONS=detect_leaks=0; fi
# The Verilator builds of every tier compile the model's per-cycle code at -O0 (SIM_OPT, the
# Makefile's; Verilator's -Os by default): a test runs a fabric for tens of cycles, so the
# compile is the whole cost (hypercube:6 te: 16 -> 10 s). A SIM_OPT the caller sets wins.
export SIM_OPT=${SIM_OPT--O0}

ids=() tiers=() secs=() descs=() cmds=()
# suite ID TIERS SECONDS DESCRIPTION COMMAND...: TIERS is test, check, large or a comma-separated
# list of them; SECONDS the
# time it takes in that tier (the queue's order). An id has at most one row per tier.
suite() {
  ids+=("$1") tiers+=("$2") secs+=("$3") descs+=("$4")
  shift 4
  cmds+=("$(printf '%q ' "$@")")
}
A=build/asan # the ASan+UBSan builds
# ---- the golden model and the command lines ----------------------------------------------
suite unit test,check 2 "unit tests of the library (asan+ubsan)" $A/unit_tests
suite layers test,check 6 "cmodel's include layering: no include points up or sideways" bash tests/layers.sh
suite cmodel-cli test 104 "cmodel CLI, D<=12" bash tests/run.sh build/cmodel 12
suite cmodel-cli-asan test 86 "cmodel CLI under asan+ubsan, D<=5" bash tests/run.sh $A/cmodel 5
suite cmodel-cli-asan check 75 "cmodel CLI under asan+ubsan, D<=3" bash tests/run.sh $A/cmodel 3
suite topologies test 57 "cmodel on rings, tori and meshes" bash tests/topologies.sh build/cmodel
suite topologies-asan test,check 12 "cmodel on rings, tori and meshes under asan+ubsan (small sizes)" bash tests/topologies.sh $A/cmodel small
suite models test 23 "cmodel under the port models oneway, sp-full, sp-half" bash tests/models.sh build/cmodel
suite models-asan test,check 6 "cmodel under the port models, asan+ubsan (small sizes)" bash tests/models.sh $A/cmodel small
suite combine test 18 "cmodel combining tasks and all-reduce baselines, with broken schedules" bash tests/combine.sh build/cmodel
suite combine-asan test,check 25 "cmodel combining tasks, asan+ubsan (small sizes)" bash tests/combine.sh $A/cmodel small
suite kbcast test 113 "cmodel kbcast (001): every construction, the protocol, broken schedules, bad input (d <= 6)" \
  env KB_DMAX=6 bash tests/kbcast.sh build/cmodel
suite kbcast-large large 80 "cmodel kbcast at d = 7, 8" env KB_DMIN=7 bash tests/kbcast.sh build/cmodel
suite kbcast-asan test 78 "cmodel kbcast under asan+ubsan (d <= 3)" env KB_DMAX=3 bash tests/kbcast.sh $A/cmodel small
suite kbcast-asan-large large 134 "cmodel kbcast under asan+ubsan at d = 4, 5" env KB_DMIN=4 bash tests/kbcast.sh $A/cmodel small
suite kbcast-asan check 45 "cmodel kbcast under asan+ubsan (d <= 3, one drawn set per K)" env KB_DMAX=3 QUICK=1 bash tests/kbcast.sh $A/cmodel small
suite pmnb test 148 "cmodel pmnb (004): both packet models, broken schedules, bad input" bash tests/pmnb.sh build/cmodel
suite pmnb-large large 95 "cmodel pmnb on torus:8x8, mesh:8x8 and torus:4x4x4" bash tests/pmnb.sh build/cmodel large
suite pmnb-asan test 45 "cmodel pmnb under asan+ubsan (small sizes)" bash tests/pmnb.sh $A/cmodel small
suite pmnb-asan check 29 "cmodel pmnb under asan+ubsan (torus:4x4, mesh:4x4)" env QUICK=1 bash tests/pmnb.sh $A/cmodel small
suite pexchange test 61 "cmodel pexchange (004 s4): 2-D meshes and tori, the rules, broken schedules, bad input" bash tests/pexchange.sh build/cmodel
suite pexchange-large large 43 "cmodel pexchange on torus:8x8 and mesh:8x8" bash tests/pexchange.sh build/cmodel large
suite pexchange-asan test,check 37 "cmodel pexchange under asan+ubsan (torus:4x4, mesh:4x6)" env QUICK=1 bash tests/pexchange.sh $A/cmodel small
suite pgather test 16 "cmodel pgather (004 s2, pexchange's dual): the bounds, duality row for row, broken schedules, bad input" env TASK=pgather QUICK=1 bash tests/pexchange.sh build/cmodel small
suite pgather-all large 45 "cmodel pgather on every size and seed of pexchange's suite" env TASK=pgather bash tests/pexchange.sh build/cmodel
suite pgather-large large 60 "cmodel pgather on torus:8x8 and mesh:8x8" env TASK=pgather bash tests/pexchange.sh build/cmodel large
suite pgather-asan check 25 "cmodel pgather under asan+ubsan (torus:4x4, mesh:4x6)" env TASK=pgather QUICK=1 bash tests/pexchange.sh $A/cmodel small
suite te-search test 53 "template search (SAT): the te loads optimum from the formulas, sat and one slot less unsat for CaDiCaL and MiniSat, the bufferless S4NOC formula against its bounds, mnb and te templates for small routers at 000/003's bounds, symmetric ones by the orbit chain (--chain), bad arguments" \
  bash tests/te_search.sh build/cmodel build/te_search build/rtl_gen
suite te-search-asan test,check 46 "template search under asan+ubsan (small sizes)" env SMALL=1 bash tests/te_search.sh $A/cmodel $A/te_search $A/rtl_gen
suite general-search test 20 "SAT over whole schedules: single-port snb at max(ecc + F, log2 N) and mnb (--general) at the counting bound, unsat one slot below and sat at it for CaDiCaL and MiniSat, the schedules verified; te (--general) at the cut and hop bounds under mla, oneway, sp-full and sp-half; odd-torus from every root" \
  bash tests/general_search.sh build/cmodel build/te_search
suite general-search-asan check 8 "the whole-schedule search under asan+ubsan (small sizes)" env SMALL=1 bash tests/general_search.sh $A/cmodel $A/te_search
suite gap-certificates test 40 "issue 43's certificates: the allreduce's gossip relaxation at the counting bound (sat) and below it (unsat) for CaDiCaL and MiniSat, te on torus:3x6 and 6x3 at the cut bound (stored --general schedules, one simulated), periodic bufferless S4NOC templates checked modulo the period (--dim-order; the stored TDM tables, 8x8 of period 67 and 9x9 of period 90), incremental solving over the slot count (--from), kbcast at the bound on hypercube:5, bad arguments" \
  bash tests/gap_certificates.sh build/cmodel build/te_search
suite gap-certificates-asan check 20 "issue 43's certificates under asan+ubsan (no simulation)" env SMALL=1 bash tests/gap_certificates.sh $A/cmodel $A/te_search
suite stored-templates test 6 "stored templates (issue 16, 40): the default mnb, te and reduce_scatter of their sizes, verified at the bounds, routers without packet memory or with fewer op units, bad files" \
  bash tests/stored_templates.sh build/cmodel build/rtl_gen
suite stored-templates-asan test,check 10 "stored templates under asan+ubsan" bash tests/stored_templates.sh $A/cmodel $A/rtl_gen
suite s4noc test 14 "S4NOC port models (issue 17): te and mnb at the formulas' bounds, S4NOC's periods, broken rules, refusals, the router's one local port" \
  bash tests/s4noc.sh build/cmodel build/rtl_gen
suite s4noc-asan test,check 16 "S4NOC port models under asan+ubsan (small sizes)" env SMALL=1 bash tests/s4noc.sh $A/cmodel $A/rtl_gen
suite mpi-baselines test 15 "MPI library algorithms as baseline schedules" bash tests/mpi_baselines.sh build/cmodel
suite mpi-baselines-asan test,check 18 "MPI library algorithms as baseline schedules, asan+ubsan (small sizes)" bash tests/mpi_baselines.sh $A/cmodel small
suite export test 5 "cmodel export/import: JSON and MSCCL XML round trips, foreign schedules, bad input" bash tests/export.sh build/cmodel
suite export-asan test,check 12 "cmodel export/import under asan+ubsan" bash tests/export.sh $A/cmodel
suite msccl test 40 "MSCCL XML with reductions (issue 42): msccl-tools-style files and mutations, executed by a reference interpreter and verified, romnoc's exports executed, one simulated" \
  bash tests/msccl_import.sh build/cmodel
suite dynbcast test 20 "cmodel dynbcast (004 s5): delays against the bound (11), the stability limit (14), bad input" bash tests/dynbcast.sh build/cmodel
suite mpi-names test,check 5 "MPI names as aliases (bcast, allgather, alltoall): CLI, metadata, make variables, rtl_gen, under asan+ubsan" \
  bash tests/mpi_names.sh $A/cmodel $A/rtl_gen
suite make-vars test 44 "make's variables are data: shell metacharacters in every variable of sim, synth and the kbrt flows refused, a SCHEDULE path with a space simulated" bash tests/make_vars.sh
suite make-vars check 10 "make's variables are data (four of sim's, synth's TARGET)" env QUICK=1 bash tests/make_vars.sh
suite make-help test,check 2 "make help: every target and variable of the Makefile, one line each" bash tests/make_help.sh
suite fusesoc test 9 "rtl_gen's FuseSoC core: YAML, filesets against the design, lint and synth targets run from it, asan+ubsan" \
  bash tests/fusesoc.sh $A/rtl_gen
suite draw test 6 "cmodel draw: occupancy maps and trees, SVG well-formed, bad input" bash tests/draw.sh build/cmodel
suite draw-asan test,check 9 "cmodel draw under asan+ubsan" bash tests/draw.sh $A/cmodel
suite rtl-gen test 29 "rtl_gen CLI" bash tests/rtl_gen_tests.sh build/rtl_gen
suite rtl-gen-asan test,check 27 "rtl_gen CLI under asan+ubsan (the sweeps on small sizes)" env QUICK=1 bash tests/rtl_gen_tests.sh $A/rtl_gen
suite mem-bound test,check 6 "the packet memory's lifetime minimum against the schedule's rows and mem_depth" bash tests/mem_bound.sh build/cmodel build/rtl_gen
suite bad-input test 20 "bad input: the reproducers of issue 10, refusals, atomic outputs" \
  bash tests/bad_input.sh build/cmodel build/rtl_gen $A/rtl_gen
suite bad-input-asan test,check 26 "bad input under asan+ubsan" bash tests/bad_input.sh $A/cmodel $A/rtl_gen $A/rtl_gen
suite progress test 7 "progress lines on a terminal: cmodel schedule and verify, the Verilator build; none off a terminal" \
  bash tests/progress.sh $A/cmodel
suite sweep test 22 "sweeps: job list, local run, Slurm script, collector" bash tests/sweep.sh
suite fuzz test 47 "fuzzing: TSV reader, verifier, JSON and MSCCL XML readers, both command lines (libFuzzer, asan+ubsan), 8 s each" \
  bash tests/fuzz_tests.sh
suite fuzz check 12 "fuzzing, 1 s per target" env FUZZ_SECONDS=1 bash tests/fuzz_tests.sh
# ---- the hardware: Verilator (C++ and SystemC benches), Icarus, Yosys, nextpnr --------------
suite sim test 585 "hardware, part 1: every packet task generated, linted, read by Yosys, simulated, diffed, verified; schedules as files, ROM edits, bare flits" \
  env PART=1 bash tests/sim_tests.sh
suite sim-models test 539 "hardware, part 2: the port models (single-port, one-way, S4NOC) and the combining tasks on the combining router" \
  env PART=2 bash tests/sim_tests.sh
suite sim check 50 "hardware, quick: one design per router architecture (banked, single, simple, combine), the SystemC bench, a ROM edit that must fail" \
  env QUICK=1 bash tests/sim_tests.sh
suite kbcast-sim test 80 "hardware: kbcast with the active set fixed at generation (001 and the special cases)" bash tests/kbcast_sim.sh
suite kbcast-sim-large large 17 "hardware: kbcast 001 on hypercube:6" env LARGE=1 bash tests/kbcast_sim.sh
suite kbcast-sim check 5 "hardware, quick: kbcast 001 on hypercube:3, a control-word edit that must fail" env QUICK=1 bash tests/kbcast_sim.sh
suite pmnb-sim test 112 "hardware: pmnb (whole and split), pexchange and pgather with the active set fixed at generation (004)" bash tests/pmnb_sim.sh
suite pmnb-sim-large large 62 "hardware: pmnb, pexchange and pgather on torus:8x8" env LARGE=1 bash tests/pmnb_sim.sh
suite pmnb-sim check 33 "hardware, quick: pmnb, pexchange and pgather on torus:4x4, refusals, ROM edits that must fail" env QUICK=1 bash tests/pmnb_sim.sh
suite ni-sim test 150 "hardware: the network interface and system top (make sim NI=1): the packet tasks on torus:4x4 and, in one five-task fabric, hypercube:3 (3-word blocks, bare), mnb and te on ring:8 (8 words), torus:4x4 mnb,te in one fabric, each combining task, every task under Icarus; wrong-task commands; edits that must fail" \
  bash tests/ni_sim.sh
suite ni-sim-large large 300 "hardware: the network interface, the other combinations of hypercube:3, torus:4x4, ring:8 with 1, 3 and 8 words and both flit formats; packet and combining tasks in one fabric under sp-full and oneway" \
  env LARGE=1 bash tests/ni_sim.sh
suite ni-sim check 60 "hardware, quick: the network interface on torus:4x4 te and hypercube:3 mnb bare, edits that must fail, refusals" \
  env QUICK=1 bash tests/ni_sim.sh
suite mem-style test 45 "rtl_gen --rom-style/--mem-style/--family/--bram-budget: the attributes on every memory, auto as before, synth_ice40 follows them; one ROM for a fabric of one translated program" bash tests/mem_style.sh build/rtl_gen
suite link-delay test 160 "hardware: pipelined links (rtl_gen --link-delay 2, 3, 4) on hypercube:3, torus:4x4, ring:8, mesh:4x4 and every router in Verilator, (S+1)*L cycles, a link one stage too long that must FAIL, the start pulse under Icarus, refusals" bash tests/link_delay.sh build/rtl_gen
suite shared-writes test 35 "hardware: shared bank writes (the optimal snb on hypercube:6 needs none: the lane before's register; snb on hypercube:6 and 7 stretched to two slots a step: the OR of the lanes that write banks, quiet lane registers; the quiet bits against the golden wire log; Verilator, pipelined links, Icarus; a mutant with nonzero idle wires that must FAIL; none on mesh:4x4 te or the stretched hypercube:4 snb)" bash tests/shared_writes.sh build/rtl_gen
suite combine-stages test 90 "hardware: the pipelined combiner (rtl_gen --combine-stages 1-4, with pipelined links too) on torus:4x4, hypercube:3, hypercube:4, ring:8 under add and max in Verilator, (S+1)*(L+P) cycles, a slot one cycle short that must FAIL, the cut registers, refusals" bash tests/combine_stages.sh build/rtl_gen
suite combine-sources test 25 "hardware: the combining router's sources (one local port per reader of own contributions where one serves; a partial's chunk from the ROM where the lane has two sources or more, a constant where the fabric has one chunk): structure, the chunk fields against the golden wire log, a flipped chunk bit that must FAIL, Verilator" bash tests/combine_sources.sh build/rtl_gen
suite selftest test 45 "hardware: the self-testing board top of make fpga in Verilator (torus:2x2, hypercube:3 with every packet task): PASS, a corrupted word that must FAIL, refusals" bash tests/selftest_sim.sh build/rtl_gen
suite icarus test 49 "hardware: the second simulator, Icarus Verilog (make sim SIM=icarus), against Verilator" bash tests/icarus_sim.sh
suite icarus check 9 "hardware, quick: Icarus Verilog on hypercube:3 mnb against Verilator, a ROM edit, refusals, TRACE=1" \
  env QUICK=1 bash tests/icarus_sim.sh
suite synth test 127 "synthesis: yosys generic, ice40 + nextpnr" bash tests/synth_tests.sh
suite synth-large large 76 "synthesis, large: yosys generic of every task on hypercube:4 and torus:4x4, ice40 + nextpnr of torus:4x4 mnb" env LARGE=1 bash tests/synth_tests.sh
suite synth check 26 "synthesis, quick: yosys generic of a banked and a combining router, the single router against banked, ice40 + nextpnr once" \
  env QUICK=1 bash tests/synth_tests.sh
suite kbrt test 210 "the run-time kbcast router: d = 3, 4, 50 active sets each, with one-cycle slots (two- and three-cycle at d = 4), bad inputs, FIFO overflow; the SystemC bench on the platform fabric (d = 3 three-cycle slots, d = 4, 8 sets each; an edited golden row that must FAIL)" bash tests/kbrt_tests.sh "3 4"
suite pexrt test 40 "the run-time partial-exchange router (004 s4): torus:4x4, 20 random active sets under Verilator and SystemC, every run diffed, verified, in the golden slots + 1 cycles and within 004's bound; bad inputs; the local port and err_o under Icarus; FIFOs 2 deep: err_o exactly where the golden schedule needs more; an edited golden row that must FAIL" bash tests/pexrt_tests.sh torus:4x4
suite pmnbrt test 60 "the run-time pmnb router (004, whole packets): torus:4x4, 20 random active sets, every run diffed, verified and in exactly its cycles; bad inputs; err_o under Icarus; the SystemC bench and an edited golden row that must FAIL" bash tests/pmnbrt_tests.sh torus:4x4
suite pmnbrt-split test 60 "the run-time pmnb router with packets cut into pieces (004 s3.1, SPLIT=1): torus:4x4, 20 random active sets under Verilator and SystemC, every run diffed, verified and in exactly its cycles; the split bad inputs; an edited golden row that must FAIL" env SPLIT=1 bash tests/pmnbrt_tests.sh torus:4x4
suite sim-large large 619 "hardware, large: every packet task on hypercube:5 and 6, mnb on torus:8x8, the 256-node fabrics (hypercube:8 mnb, te, snb; torus:16x16 mnb, te)" \
  env LARGE=1 PART=1 bash tests/sim_tests.sh
suite sim-models-large large 366 "hardware, large: one-way mnb and te on hypercube:6, the combining tasks on hypercube:5 and 6" env LARGE=1 PART=2 bash tests/sim_tests.sh
suite kbrt-large large 99 "the run-time kbcast router at d = 5, 50 active sets" bash tests/kbrt_tests.sh 5
suite pmnbrt-large large 240 "the run-time pmnb router on mesh:4x4, torus:8x8 and mesh:8x8, 20 random active sets each (SystemC on mesh:4x4)" bash tests/pmnbrt_tests.sh "mesh:4x4 torus:8x8 mesh:8x8"
suite pmnbrt-split-large large 200 "the run-time pmnb router with packets cut into pieces on mesh:4x4, torus:8x8 and mesh:8x8, 20 random active sets each (SystemC on mesh:4x4)" env SPLIT=1 bash tests/pmnbrt_tests.sh "mesh:4x4 torus:8x8 mesh:8x8"
suite pexrt-large large 240 "the run-time partial-exchange router on mesh:4x4, torus:8x8 and mesh:8x8, 20 random active sets each" bash tests/pexrt_tests.sh "mesh:4x4 torus:8x8 mesh:8x8"
suite kbrt check 35 "the run-time kbcast router, quick: d = 3, 10 active sets, bad inputs, FIFO overflow with three-cycle slots" env QUICK=1 bash tests/kbrt_tests.sh
suite pmnbrt check 20 "the run-time pmnb router, quick: torus:4x4, 10 random active sets, bad inputs" env QUICK=1 bash tests/pmnbrt_tests.sh
suite pexrt check 15 "the run-time partial-exchange router, quick: torus:4x4, 10 random active sets, bad inputs, err_o under Icarus" env QUICK=1 bash tests/pexrt_tests.sh

# ---- which rows run: the tier's, matching ONLY -------------------------------------------
in_tier() { case ",${tiers[$1]}," in *",$2,"*) return 0 ;; esac; return 1; }
matches() { # matches ID: ONLY is empty, or one of its globs matches ID
  local p pats
  [ -z "${ONLY-}" ] && return 0
  IFS=, read -ra pats <<<"$ONLY"
  for p in "${pats[@]}"; do
    # shellcheck disable=SC2053 # p is a glob
    [[ $1 == $p ]] && return 0
  done
  return 1
}
if [ "${tier#list}" != "$tier" ]; then
  printf '%-22s %-11s %6s  %s\n' id tiers seconds description
  for i in "${!ids[@]}"; do
    case $tier in list-test | list-check | list-large) in_tier "$i" "${tier#list-}" || continue ;; esac
    matches "${ids[$i]}" || continue
    printf '%-22s %-11s %6s  %s\n' "${ids[$i]}" "${tiers[$i]}" "${secs[$i]}" "${descs[$i]}"
  done
  exit 0
fi
run=()
for i in "${!ids[@]}"; do in_tier "$i" "$tier" && matches "${ids[$i]}" && run+=("$i"); done
if [ ${#run[@]} = 0 ]; then
  echo "run_all: no suite of tier $tier matches ONLY='${ONLY-}' (make list shows the ids)" >&2
  exit 2
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-run-all.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
# the queue: the longest suites first (ties in the table's order)
for i in "${run[@]}"; do printf '%s %s\n' "${secs[$i]}" "$i"; done | sort -s -k1,1nr | cut -d' ' -f2 >"$T/queue"
lanes=${RUN_ALL_LANES:-2}
[ -n "${RUN_ALL_SERIAL-}" ] && lanes=1
[ ${#run[@]} -lt "$lanes" ] && lanes=${#run[@]}
TIMEFORMAT='%U %S'
lane() { # lane N: takes suites off the queue until it is empty; output, status, seconds into $T
  local i start
  while :; do
    i=$(flock "$T/lock" sh -c 'head -n 1 "$0" && sed -i 1d "$0"' "$T/queue")
    [ -z "$i" ] && return
    echo "$1" >"$T/$i.lane"
    start=$SECONDS
    # bash's time: the suite's CPU seconds (user, system), its children's included
    { time eval "${cmds[$i]}" >"$T/$i.out" 2>&1 </dev/null; } 2>"$T/$i.time"
    echo $? >"$T/$i.rc"
    echo $((SECONDS - start)) >"$T/$i.sec"
    awk '{ printf "%d\n", $1 + $2 }' "$T/$i.time" >"$T/$i.cpu"
    echo "-- done in $((SECONDS - start)) s (lane $1): ${ids[$i]}"
  done
}
echo "-- $tier: ${#run[@]} suites in $lanes lanes"
start_all=$SECONDS
for ((l = 1; l <= lanes; l++)); do lane "$l" & done # each lane a subshell: its times are its own
wait

total_pass=0 total_fail=0 status=0
table=()
for i in "${run[@]}"; do
  echo "== ${ids[$i]}: ${descs[$i]} ($(cat "$T/$i.sec") s)"
  out=$T/$i.out rc=$(cat "$T/$i.rc")
  grep -v '^ok ' "$out" || true
  line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$out" | tail -n 1)
  if [ -z "$line" ]; then
    echo "suite ${ids[$i]} printed no summary (exit $rc)"
    p=- f=-
    total_fail=$((total_fail + 1)) status=1
  else
    p=$(printf '%s' "$line" | sed -E 's/^(.*[^0-9])?([0-9]+) passed.*/\2/')
    f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    total_pass=$((total_pass + p)) total_fail=$((total_fail + f))
    if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then status=1; fi
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
      echo "suite ${ids[$i]} exited $rc with no failure counted: one failure"
      total_fail=$((total_fail + 1))
    fi
  fi
  table+=("$(printf '%-22s %4s %7s %7s %7s %7s' "${ids[$i]}" "$(cat "$T/$i.lane")" "$(cat "$T/$i.sec")" "$(cat "$T/$i.cpu")" "$p" "$f")")
done

echo "== $tier: suite times"
printf '%-22s %4s %7s %7s %7s %7s\n' id lane seconds cpu_s passed failed
printf '%s\n' "${table[@]}"
for ((l = 1; l <= lanes; l++)); do
  printf 'lane %d: %d s busy\n' "$l" "$(for i in "${run[@]}"; do [ "$(cat "$T/$i.lane")" = "$l" ] && cat "$T/$i.sec"; done | awk '{ s += $1 } END { print s + 0 }')"
done
echo "wall: $((SECONDS - start_all)) s"
echo "$total_pass passed, $total_fail failed"
exit $status
