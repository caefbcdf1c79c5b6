#!/usr/bin/env bash
# pexrt_tests.sh — the run-time partial-exchange router (rtl_gen_pexrt, paper 004 §4): bad inputs
# (exit 2, one line naming the value, nothing written); the local port and err_o of one router
# under Icarus (tests/pexrt_err_tb.v: the mailbox written while idle, one run's counters and own
# packets with their payloads, a write during a run raises err_o, which stays up until a start);
# for each topology given one Verilator build and RUNS random active sets (M spread over 1..N,
# M = 1 and M = N included), every run's wire log and deliveries diffed against the golden
# model's 004-runtime schedule and verified by cmodel verify (sim/rt004_sim.sh), every run done
# in exactly the golden schedule's slots + 1 cycles and within phase 1's P-1 slots + 004 §4's
# bound 2m(N-P) + 2(P-1) + 1 (m = floor(sqrt(M)), computed here); FIFOs two deep on torus:4x4:
# every run whose golden schedule keeps at most two packets waiting on any out-link
# (bench/held_packets.awk, counted from the schedule, not by the router) passes, and the others
# fail with err_o; the SystemC bench on the platform fabric (BENCH=sc) on the first topology,
# and a run whose golden wire log has one row edited must FAIL while its unedited twin passes.
# Ends with "N passed, N failed".
#   tests/pexrt_tests.sh [TOPOS]  (default torus:4x4; make test torus:4x4, make test-large
#                                 "mesh:4x4 torus:8x8 mesh:8x8"; QUICK=1, make check: torus:4x4,
#                                 10 sets, no SystemC, no shallow FIFOs)
set -u
cd "$(dirname "$0")/.."
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-pexrt.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
topos=${1:-torus:4x4} runs=20 sc=1
[ "${QUICK:-0}" = 1 ] && topos=${1:-torus:4x4} runs=10 sc=0
gen=build/rtl_gen_pexrt
# shellcheck source=tests/rt_tests_lib.sh
. tests/rt_tests_lib.sh # pass, fail, bad, sc_edited, rt004_bad_topologies, rt004_sim, rt004_topologies
rt004_bad_topologies
bad "width below log2(P)+1" "width 3" --topo torus:8x8 --width 3
bad "width 0" "'0'" --topo torus:4x4 --width 0
bad "depth 3 (not a power of two)" "--depth '3'" --topo torus:4x4 --depth 3
bad "depth 1" "--depth '1'" --topo torus:4x4 --depth 1
bad "depth 2048" "--depth '2048'" --topo torus:4x4 --depth 2048
bad "unknown option" "--bogus" --topo torus:4x4 --bogus 1
build/cmodel schedule --topo torus:4x4 --task mnb -o "$T/mnb.tsv"
bad "golden of an mnb schedule" "task mnb" --golden "$T/mnb.tsv"
build/cmodel schedule --topo torus:4x4 --task pexchange --m 5 -o "$T/px004.tsv"
bad "golden of 004's schedule (no phase 1)" "no phase-1 counters" --golden "$T/px004.tsv"
if DEPTH=x ROUTER=pexchange TOPO=torus:4x4 sim/rt004_sim.sh >"$T/d.out" 2>"$T/d.err"; then rc=0; else rc=$?; fi
if [ "$rc" = 2 ] && [ "$(wc -l <"$T/d.err")" = 1 ] && grep -q "DEPTH 'x'" "$T/d.err"; then
  pass "bad input: DEPTH=x refused by sim/rt004_sim.sh"
else
  fail "bad input: DEPTH=x not refused (exit $rc)" "$T/d.err"
fi

# the local port and err_o: one router alone under Icarus
rm -rf "$T/err"
if "$gen" --topo torus:4x4 -o "$T/err/gen" >/dev/null 2>&1 &&
  iverilog -g2005 -o "$T/err/tb" tests/pexrt_err_tb.v "$T/err/gen/romnoc_pexrt_router.v" "$T/err/gen/romnoc_pexrt_seq.v" \
    >"$T/err/log" 2>&1 &&
  timeout 60 vvp -n "$T/err/tb" >>"$T/err/log" 2>&1 &&
  [ "$(grep -c '^PASS' "$T/err/log")" = 5 ] && ! grep -q '^FAIL' "$T/err/log" && grep -q '^done$' "$T/err/log"; then
  pass "local port and err_o: $(grep -c '^PASS' "$T/err/log") checks of one router under Icarus"
else
  fail "local port and err_o under Icarus" "$T/err/log"
fi

# bound P M: phase 1 (P-1 slots) + 004 s4's bound on phase 2 + the last slot on the wires
bound() { awk -v p="$1" -v M="$2" 'BEGIN { m = int(sqrt(M)); while (m * m > M) m--; while ((m + 1) * (m + 1) <= M) m++
  print (p - 1) + 2 * m * (p * p - p) + 2 * (p - 1) + 1 }'; }

# sim_runs TOPO BENCH: $runs active sets, one build (cpp: the simulation fabric; sc: the SystemC
# bench on the platform fabric, in a work directory of its own); then every run in the golden
# schedule's slots + 1 cycles, within the bound, M = 1 and M = N among them
sim_runs() {
  local topo=$1 bench=$2 work tag p n run k cyc slots want why=''
  rt004_sim pexchange "$topo" "$bench" "$runs"
  work=$rt_work tag=$rt_tag
  p=${topo##*x} n=$((${topo##*x} * ${topo##*x}))
  local got=0 one=0 all=0
  while read -r run k cyc; do
    got=$((got + 1))
    slots=$(sed -n 's/^# slots=//p' "$run/golden/wire.tsv")
    want=$(bound "$p" "$k")
    [ "$cyc" = $((slots + 1)) ] || why="$why; $run M=$k: $cyc cycles, the golden schedule's $slots + 1"
    [ "$cyc" -le "$want" ] || why="$why; $run M=$k: $cyc cycles above the bound $want"
    [ "$k" = 1 ] && one=1
    [ "$k" = "$n" ] && all=1
  done < <(sed -n 's/^ok run=\([^ ]*\) k=\([0-9]*\) cycles=\([0-9]*\) .*/\1 \2 \3/p' "$work/sim.log" 2>/dev/null)
  [ "$got" = "$runs" ] || why="$why; $got runs reported, want $runs"
  [ "$one$all" = 11 ] || why="$why; M=1 or M=N missing"
  if [ -z "$why" ]; then
    pass "$tag every run in the golden slots + 1 cycles, within (P-1) + 2m(N-P) + 2(P-1) + 1, M=1 and M=$n included"
  else
    echo "    ${why#; }"
    fail "$tag cycle counts"
  fi
}

# shallow: torus:4x4 with FIFOs 2 deep; a run passes exactly when it needs no more (see above)
shallow() {
  local work=build/sim/torus-4-4_pexchange_runtime_w32_d2 run k held why='' npassed=0 nerr=0
  DEPTH=2 TOPO=torus:4x4 RUNS=8 SEED=5 SIM_DIR="$work" ROUTER=pexchange sim/rt004_sim.sh >"$T/shallow" 2>&1
  while read -r run; do
    held=$(awk -F '\t' '$5 != -2' "$run/golden/wire.tsv" | awk -f bench/held_packets.awk | sed -n 's/.*port=//p')
    if grep -q "^ok run=$run " "$work/sim.log"; then
      npassed=$((npassed + 1))
    elif grep -q "^FAIL run=$run .*raised err_o" "$work/sim.log"; then
      nerr=$((nerr + 1))
      [ "$held" -gt 2 ] || why="$why; $run needs $held, yet raised err_o"
    else
      why="$why; $run failed without err_o"
    fi
    [ "$held" -le 2 ] && ! grep -q "^ok run=$run " "$work/sim.log" && why="$why; $run needs $held <= 2, yet failed"
  done <"$work/runs.txt"
  if [ -z "$why" ] && [ "$nerr" -gt 0 ] && [ "$npassed" -gt 0 ]; then
    pass "torus:4x4 FIFOs 2 deep: $npassed runs that need <= 2 pass, $nerr that need more raise err_o"
  else
    echo "    ${why#; } ($npassed passed, $nerr raised err_o)"
    fail "torus:4x4 FIFOs 2 deep" "$T/shallow"
  fi
}

rt004_topologies pexchange
[ "$sc" = 1 ] && [[ " $topos " == *" torus:4x4 "* ]] && shallow
echo "$npass passed, $nfail failed"
[ "$nfail" = 0 ]
