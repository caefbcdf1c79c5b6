#!/usr/bin/env bash
# run_all.sh — the whole test suite (make test). Runs every suite, even after a failure, and
# ends with the total as "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
total_pass=0 total_fail=0 status=0

run_suite() { # name, command...
  local name=$1 out line p f
  shift
  echo "== $name"
  out=$("$@" 2>&1)
  local rc=$?
  printf '%s\n' "$out" | grep -v '^ok ' || true
  line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
  if [ -z "$line" ]; then
    echo "suite $name printed no summary (exit $rc)"
    total_fail=$((total_fail + 1)); status=1; return
  fi
  p=$(printf '%s' "$line" | sed -E 's/^(.*[^0-9])?([0-9]+) passed.*/\2/')
  f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
  total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
  if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then status=1; fi
}

run_suite "unit tests (asan+ubsan)" build/asan/unit_tests
run_suite "cmodel CLI, D<=12" bash tests/run.sh build/cmodel 12
run_suite "cmodel CLI under asan+ubsan, D<=6" bash tests/run.sh build/asan/cmodel 6
run_suite "cmodel on rings, tori and meshes" bash tests/topologies.sh build/cmodel
run_suite "cmodel on rings, tori and meshes under asan+ubsan (small sizes)" bash tests/topologies.sh build/asan/cmodel small
run_suite "cmodel under the port models oneway, sp-full, sp-half" bash tests/models.sh build/cmodel
run_suite "cmodel under the port models, asan+ubsan (small sizes)" bash tests/models.sh build/asan/cmodel small
run_suite "cmodel combining tasks and all-reduce baselines, with broken schedules" bash tests/combine.sh build/cmodel
run_suite "cmodel combining tasks, asan+ubsan (small sizes)" bash tests/combine.sh build/asan/cmodel small
run_suite "cmodel kbcast (001): every construction, the protocol, broken schedules, bad input" bash tests/kbcast.sh build/cmodel
run_suite "cmodel kbcast under asan+ubsan (d <= 5)" bash tests/kbcast.sh build/asan/cmodel small
run_suite "cmodel pmnb (004): both packet models, broken schedules, bad input" bash tests/pmnb.sh build/cmodel
run_suite "cmodel pmnb under asan+ubsan (small sizes)" bash tests/pmnb.sh build/asan/cmodel small
run_suite "cmodel dynbcast (004 s5): delays against the bound (11), the stability limit (14), bad input" bash tests/dynbcast.sh build/cmodel
run_suite "rtl_gen CLI" bash tests/rtl_gen_tests.sh build/rtl_gen
run_suite "rtl_gen CLI under asan+ubsan" bash tests/rtl_gen_tests.sh build/asan/rtl_gen
run_suite "bad input: the reproducers of issue 10, refusals, atomic outputs" \
  bash tests/bad_input.sh build/cmodel build/rtl_gen build/asan/rtl_gen
run_suite "bad input under asan+ubsan" bash tests/bad_input.sh build/asan/cmodel build/asan/rtl_gen build/asan/rtl_gen
run_suite "fuzzing: TSV reader, verifier, both command lines (libFuzzer, asan+ubsan)" bash tests/fuzz_tests.sh
run_suite "hardware: generate, lint, yosys, verilate, simulate, diff, verify" bash tests/sim_tests.sh
run_suite "hardware: kbcast with the active set fixed at generation (001 and the special cases)" bash tests/kbcast_sim.sh
run_suite "synthesis: yosys generic, ice40 + nextpnr" bash tests/synth_tests.sh
run_suite "the run-time kbcast router: d = 3..5, 50 active sets each, bad inputs, FIFO overflow" bash tests/kbrt_tests.sh

echo "$total_pass passed, $total_fail failed"
exit $status
