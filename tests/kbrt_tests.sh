#!/usr/bin/env bash
# kbrt_tests.sh — the run-time kbcast router (rtl_gen_kbrt, paper 001): bad inputs (exit 2, one
# line naming the value, nothing written); the generated FIFO depth against ceil(2^d/d) (the
# root list's bound, 001 §3.2: N_j <= ceil(K/d)); Yosys elaborates the fabric; for d = 3, 4, 5
# one Verilator build and 50 active sets (K spread over 1..2^d, K = 1 and K = 2^d included),
# every run diffed against the golden model's schedule and deliveries and verified, and every
# run done in exactly 2*ceil(K/d)+4d+1 cycles (001's 2*ceil(K/d)+4d slots, the last one on the
# wires a cycle later: the figure is computed here from K, never read from the program); with
# --stages 2 (slots of three cycles) and --stages 1 (two cycles) at d = 4, the same runs in
# exactly 1+P times as many cycles; a design with FIFOs below the bound must fail
# the bench with err_o, with one- and three-cycle slots. The SystemC bench on the platform
# fabric (BENCH=sc: romnoc_kbrt_fabric's ports bound) at d = 3 with three-cycle slots and d = 4
# with one-cycle slots (the dims given that are 3 or 4), 8 active sets each, every run in the
# same cycles; a run whose golden wire log has one row edited, run by the same SystemC build,
# must FAIL while its unedited twin passes.
# Ends with "N passed, N failed".
#   tests/kbrt_tests.sh [DIMS]   (default "3 4 5"; make test "3 4", make test-large 5; QUICK=1, make
#                                check: d = 3, 10 active sets with one-cycle slots, the overflow
#                                with three-cycle slots; no SystemC bench)
set -u
cd "$(dirname "$0")/.."
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-kbrt.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
dims=${1:-3 4 5} runs=50
[ "${QUICK:-0}" = 1 ] && dims=${1:-3} runs=10
gen=build/rtl_gen_kbrt
# shellcheck source=tests/rt_tests_lib.sh
. tests/rt_tests_lib.sh # pass, fail, bad, sc_edited
bad "D=1 out of range" "hypercube:1" --topo hypercube:1
bad "D=11 out of range" "hypercube:11" --topo hypercube:11
bad "a torus" "torus:4x4" --topo torus:4x4
bad "a ring" "ring:8" --topo ring:8
bad "width below d+1" "width 4" --topo hypercube:5 --width 4
bad "width 0" "'0'" --topo hypercube:3 --width 0
bad "fifo depth 0" "'0'" --topo hypercube:3 --fifo-depth 0
bad "stages 3" "--stages '3'" --topo hypercube:3 --stages 3
bad "unknown option" "--bogus" --topo hypercube:3 --bogus 1
build/cmodel schedule --topo hypercube:3 --task mnb -o "$T/mnb.tsv"
bad "golden of a non-kbcast schedule" "task mnb" --golden "$T/mnb.tsv"

# sim_runs D P [BENCH [RUNS]]: RUNS ($runs) active sets on hypercube:D with slots of 1+P cycles
# (rtl_gen_kbrt --stages P), one build of the bench (cpp: the simulation fabric; sc: the SystemC
# bench on the platform fabric, in a work directory of its own); the script lints both fabrics
# and verifies every wire log; then every run in exactly (2*ceil(K/D)+4D+1)*(1+P) cycles, K = 1
# and K = N among them
sim_runs() {
  local d=$1 p=$2 bench=${3:-cpp} runs=${4:-$runs} n=$((1 << $1)) work tag start
  work=build/sim/hypercube-${d}_kbcast_runtime_w32$([ "$p" = 0 ] || echo "_p$p")$([ "$bench" = cpp ] || echo "_$bench")
  tag="hypercube:$d$([ "$p" = 0 ] || echo " stages=$p")$([ "$bench" = cpp ] || echo " BENCH=$bench")"
  rm -f "$work/sim.log"
  start=$(date +%s)
  if D=$d RUNS=$runs SEED=$d STAGES=$p BENCH=$bench SIM_DIR="$work" sim/kbrt_sim.sh >"$T/sim$d$p$bench" 2>&1; then
    pass "$tag $runs runs: $(grep -E '^PASS' "$T/sim$d$p$bench") ($(($(date +%s) - start)) s)"
  else
    fail "$tag $runs runs" "$T/sim$d$p$bench"
  fi
  awk -v d="$d" -v n="$n" -v runs="$runs" -v c=$((1 + p)) '
    /^ok run=/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
                 got++; want = (2 * int((v["k"] + d - 1) / d) + 4 * d + 1) * c
                 if (v["cycles"] != want) { print "run " v["run"] " K=" v["k"] ": " v["cycles"] " cycles, want " want; bad++ }
                 if (v["k"] == 1) one++; if (v["k"] == n) all++ }
    END { if (got != runs) { print got " runs reported, want " runs; bad++ }
          if (!one || !all) { print "K=1 or K=N missing"; bad++ }
          exit bad > 0 }' "$work/sim.log" >"$T/cyc$d$p$bench" 2>&1 &&
    pass "$tag every run in (2*ceil(K/$d)+$((4 * d))+1)*$((1 + p)) cycles, K=1 and K=$n included" ||
    fail "$tag cycle counts" "$T/cyc$d$p$bench"
}

for d in $dims; do
  n=$((1 << d))
  # the FIFO depth: the root list holds N_j <= ceil(N/d) packets; every other FIFO fewer
  rm -rf "$T/g$d"
  "$gen" --topo "hypercube:$d" -o "$T/g$d" >/dev/null 2>&1
  want=$(((n + d - 1) / d))
  got=$(awk -F= '$1 == "fifo_depth" { print $2 }' "$T/g$d/design.txt" 2>/dev/null)
  if [ "$got" = "$want" ]; then pass "hypercube:$d FIFO depth $got = ceil($n/$d)"; else fail "hypercube:$d FIFO depth '$got', want $want"; fi
  if (cd "$T/g$d" && yosys -q -p "read_verilog $(grep -v '^//' files.f | tr '\n' ' '); hierarchy -check -top romnoc_kbrt_fabric; proc") \
    >"$T/yosys" 2>&1; then
    pass "hypercube:$d Yosys elaborates the fabric"
  else
    fail "hypercube:$d Yosys rejects the fabric" "$T/yosys"
  fi
  sim_runs "$d" 0
  [ "$d" = 4 ] && [ "${QUICK:-0}" != 1 ] && sim_runs "$d" 1
  [ "$d" = 4 ] && [ "${QUICK:-0}" != 1 ] && sim_runs "$d" 2 # d = 3: the SystemC bench runs three-cycle slots
  if [ "$d" -le 4 ] && [ "${QUICK:-0}" != 1 ]; then # the SystemC bench on the platform fabric
    p=$([ "$d" = 3 ] && echo 2 || echo 0)            # slot_o with three-cycle slots, and one-cycle ones
    sim_runs "$d" "$p" sc 8
    # the K = N run, its 5th row (a counter's value or a packet's origin) edited
    sc_edited "build/sim/hypercube-${d}_kbcast_runtime_w32$([ "$p" = 0 ] || echo "_p$p")_sc" "hypercube:$d" "hypercube:$d" 5 "$d"
  fi
done

# FIFOs below the bound: K = N on hypercube:3 overflows a root list of 1 entry -> err_o, FAIL
# (one-cycle slots and the most cut, three-cycle ones; QUICK: three-cycle slots only)
for p in $([ "${QUICK:-0}" = 1 ] && echo 2 || echo 0 2); do
  work=build/sim/hypercube-3_kbcast_runtime_small_fifo_p$p
  rm -rf "$work"
  mkdir -p "$work"
  "$gen" --topo hypercube:3 --fifo-depth 1 --stages $p -o "$work/gen" >/dev/null 2>&1
  if D=3 RUNS=1 STAGES=$p SIM_DIR="$work" REUSE_GEN=1 sim/kbrt_sim.sh >"$T/small" 2>&1; then
    fail "FIFOs of 1 entry, stages=$p: the bench passed"
  elif grep -q "raised err_o" "$T/small"; then
    pass "FIFOs of 1 entry, stages=$p: err_o raised and the bench fails"
  else
    fail "FIFOs of 1 entry, stages=$p: the bench failed without err_o" "$T/small"
  fi
done

echo "kbrt: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
