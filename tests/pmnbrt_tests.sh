#!/usr/bin/env bash
# pmnbrt_tests.sh — the run-time pmnb router (rtl_gen_pmnbrt, paper 004 §3.2, whole packets; with
# SPLIT=1 §3.1, every packet cut into F pieces, F = 2 on a mesh and 4 on a torus):
# bad inputs (exit 2, one line naming the value, nothing written); for each topology given one
# Verilator build and RUNS random active sets (M spread over 1..N, M = 1 and M = N included),
# every run's wire log and deliveries diffed against the golden model's 004-runtime schedule and
# verified by cmodel verify (sim/rt004_sim.sh), and every run done in exactly
# 10(p-1) + RS(1 + ceil(ceil(M/2)/p)) + 1 cycles (the rank phase's 8(p-1) slots, two packing
# windows of p-1, one broadcast round of RS = p/2 (torus) or p-1 (mesh) slots, ceil(M_0/p) more,
# the last slot on the wires a cycle later: computed here from M, never read from the program;
# SPLIT=1: 4(p-1)F + 2(p-1)H + (p-1)(1 + ceil(M/p)) + 1, the rank phase's 4(p-1) steps of F slots
# (one packet time), two windows of H = F/2 halves one after the other, and rounds of p-1 slots
# for ceil(M/p) packets a node);
# err_o raised by one packet on two lanes in a slot (one router under Icarus, tests/
# pmnbrt_err_tb.v); the SystemC bench on the platform fabric (BENCH=sc) on the first topology, the same runs in the
# same cycles, and a run whose golden wire log has one row edited, run by the same build, must
# FAIL while its unedited twin passes. Ends with "N passed, N failed".
#   tests/pmnbrt_tests.sh [TOPOS]  (default "torus:4x4 mesh:4x4"; make test torus:4x4, make
#                                  test-large "mesh:4x4 torus:8x8 mesh:8x8"; QUICK=1, make check:
#                                  torus:4x4, 10 sets, no SystemC; SPLIT=1 make test: torus:4x4
#                                  and mesh:4x4, the split bad inputs instead of the whole ones)
set -u
cd "$(dirname "$0")/.."
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-pmnbrt.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
topos=${1:-torus:4x4 mesh:4x4} runs=20 sc=1 split=${SPLIT:-0}
[ "${QUICK:-0}" = 1 ] && topos=${1:-torus:4x4} runs=10 sc=0
gen=build/rtl_gen_pmnbrt
# shellcheck source=tests/rt_tests_lib.sh
. tests/rt_tests_lib.sh # pass, fail, bad, sc_edited, rt004_bad_topologies, rt004_sim, rt004_topologies

# split_bad: what only a split design refuses
split_bad() {
  build/cmodel schedule --topo mesh:4x4 --task pmnb --alg 004-runtime --split --m 5 -o "$T/split.tsv"
  sed 's/^# fraction=2$/# fraction=4/' "$T/split.tsv" >"$T/split4.tsv"
  bad "golden with 4 pieces on a mesh (2)" "cuts them into 2" --golden "$T/split4.tsv"
  bad "--golden with --split" "drop --split" --golden "$T/split.tsv" --split
  gen=build/rtl_gen_pexrt bad "--split to the partial exchange" "--split" --topo torus:4x4 --split
  if ROUTER=pexchange SPLIT=1 TOPO=torus:4x4 sim/rt004_sim.sh >"$T/split.out" 2>"$T/split.err"; then rc=0; else rc=$?; fi
  if [ "$rc" = 2 ] && [ "$(wc -l <"$T/split.err")" = 1 ] && grep -q "SPLIT=1" "$T/split.err"; then
    pass "bad input: SPLIT=1 with ROUTER=pexchange refused by sim/rt004_sim.sh"
  else
    fail "bad input: SPLIT=1 with ROUTER=pexchange not refused (exit $rc)" "$T/split.err"
  fi
}
if [ "$split" = 1 ]; then
  split_bad
else
  rt004_bad_topologies
  bad "width below 2 log2(P)+1" "width 6" --topo torus:8x8 --width 6
  bad "width 0" "'0'" --topo torus:4x4 --width 0
  bad "unknown option" "--bogus" --topo torus:4x4 --bogus 1
  build/cmodel schedule --topo torus:4x4 --task mnb -o "$T/mnb.tsv"
  bad "golden of an mnb schedule" "task mnb" --golden "$T/mnb.tsv"

  # err_o: one router alone under Icarus (tests/pmnbrt_err_tb.v): a packet on one lane handed over
  # once and no fault; one packet on two lanes in a slot raises err_o, which stays up until a start
  rm -rf "$T/err"
  if "$gen" --topo torus:4x4 -o "$T/err/gen" >/dev/null 2>&1 &&
    iverilog -g2005 -o "$T/err/tb" tests/pmnbrt_err_tb.v "$T/err/gen/romnoc_pmnbrt_router.v" \
      "$T/err/gen/romnoc_pmnbrt_prefix.v" >"$T/err/log" 2>&1 && timeout 60 vvp -n "$T/err/tb" >>"$T/err/log" 2>&1 &&
    [ "$(grep -c '^PASS' "$T/err/log")" = 4 ] && ! grep -q '^FAIL' "$T/err/log" && grep -q '^done$' "$T/err/log"; then
    pass "err_o: $(grep -c '^PASS' "$T/err/log") checks of one router under Icarus (a packet on two lanes in a slot)"
  else
    fail "err_o under Icarus" "$T/err/log"
  fi
fi

# sim_runs TOPO BENCH: $runs active sets, one build (cpp: the simulation fabric; sc: the SystemC
# bench on the platform fabric, in a work directory of its own); then every run in exactly the
# cycles of the formula above, M = 1 and M = N among them
sim_runs() {
  local topo=$1 bench=$2 work tag p n kind formula
  rt004_sim pmnb "$topo" "$bench" "$runs"
  work=$rt_work tag=$rt_tag
  kind=${topo%%:*} p=${topo##*x}
  n=$((p * p))
  formula=$([ "$split" = 1 ] && echo "4(p-1)F+2(p-1)H+(p-1)(1+ceil(M/p))+1" || echo "10(p-1)+RS(1+ceil(ceil(M/2)/p))+1")
  awk -v p="$p" -v n="$n" -v runs="$runs" -v sp="$split" -v torus=$([ "$kind" = torus ] && echo 1 || echo 0) '
    function want(m,   rs, f, h) {
      if (sp) { f = torus ? 4 : 2; h = f / 2
                   return 4 * (p - 1) * f + 2 * (p - 1) * h + (p - 1) * (1 + int((m + p - 1) / p)) + 1 }
      rs = torus ? p / 2 : p - 1; m = int((m + 1) / 2)
      return 10 * (p - 1) + rs * (1 + int((m + p - 1) / p)) + 1 }
    /^ok run=/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
                 got++
                 if (v["cycles"] != want(v["k"])) { print "run " v["run"] " M=" v["k"] ": " v["cycles"] " cycles, want " want(v["k"]); bad++ }
                 if (v["k"] == 1) one++; if (v["k"] == n) all++ }
    END { if (got != runs) { print got " runs reported, want " runs; bad++ }
          if (!one || !all) { print "M=1 or M=N missing"; bad++ }
          exit bad > 0 }' "$work/sim.log" >"$T/cyc_$bench" 2>&1 &&
    pass "$tag every run in $formula cycles, M=1 and M=$n included" ||
    fail "$tag cycle counts" "$T/cyc_$bench"
}

rt004_topologies pmnb
echo "$npass passed, $nfail failed"
[ "$nfail" = 0 ]
