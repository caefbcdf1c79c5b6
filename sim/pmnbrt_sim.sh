#!/usr/bin/env bash
# pmnbrt_sim.sh — the run-time pmnb router (rtl_gen_pmnbrt) of a P x P torus or mesh: generate,
# lint, one Verilator build, many runs (make sim-pmnb-rt).
#   TOPO=torus:4x4 [RUNS=20] [SEED=1] [SPLIT=0] [WIDTH=32] [TRACE=1] [SIM_OPT=-O0] [BENCH=cpp|sc] sim/pmnbrt_sim.sh
#   SIM_DIR=DIR sets the work directory.
# Runs: RUNS active sets with M spread evenly over 1..N (M=1 and M=N included), each a
# pseudo-random M-subset of the golden model (cmodel schedule --task pmnb --alg 004-runtime --m M
# --seed), with its golden files (rtl_gen_pmnbrt --golden). The bench (sim/rt_bench.sh: BENCH=cpp
# the C++ harness on the simulation fabric, BENCH=sc the SystemC bench on the platform fabric)
# diffs every run's wire log and deliveries against them and checks the run's cycles against
# 004-runtime's slot count (RN_RUN_BOUND); then every wire log must pass cmodel verify. Prints
# one "ok"/"FAIL" line per run and the bench's PASS/FAIL line; exits non-zero on any failure.
# Work goes to build/sim/<topo>_pmnb_runtime_w<W>/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/flow_vars.sh" # every variable make passes has its shape, or exit 2
topo=${TOPO:-torus:4x4} runs=${RUNS:-20} seed=${SEED:-1} width=${WIDTH:-32} trace=${TRACE:-0} bench=${BENCH:-cpp}
case $bench in cpp | sc) ;; *) echo "pmnbrt_sim.sh: unknown BENCH '$bench' (expected cpp or sc)" >&2; exit 2 ;; esac
if [ "${SPLIT:-0}" = 1 ]; then # 004 §3.1's mini-packets: docs/ARCHITECTURE.md, not built
  echo "pmnbrt_sim.sh: SPLIT=1: the run-time pmnb router moves whole packets (004 §3.2); split packets run on the ROM router only (make sim TASK=pmnb SPLIT=1)" >&2
  exit 2
fi
work=$(realpath -m "${SIM_DIR:-$repo/build/sim/${topo//[:x]/-}_pmnb_runtime_w${width}}")
suffix=$([ "$bench" = sc ] && echo _sc || true)$([ "$trace" = 1 ] && echo _trace || true)
gen=$work/gen obj=$work/obj$suffix rundir=$work/runs
mkdir -p "$work"
rm -f "$work/sim.log" # a failed build leaves no log of an earlier run behind

echo "-- GEN $topo pmnb run-time width=$width --"
"$repo/build/rtl_gen_pmnbrt" --topo "$topo" --width "$width" -o "$gen"
n=$(sed -n 's/^nodes=//p' "$gen/design.txt")
rm -rf "$rundir"
mkdir -p "$rundir"
: >"$work/runs.txt"
for ((i = 0; i < runs; i++)); do
  m=$((runs > 1 ? 1 + i * (n - 1) / (runs - 1) : n))
  r=$rundir/$i
  mkdir -p "$r"
  "$repo/build/cmodel" schedule --topo "$topo" --task pmnb --alg 004-runtime --m "$m" --seed $((seed * 1000 + i)) \
    -o "$r/schedule.tsv"
  "$repo/build/rtl_gen_pmnbrt" --golden "$r/schedule.tsv" --seed "$seed" --width "$width" -o "$r/golden"
  echo "$r" >>"$work/runs.txt"
done

prefix=romnoc_pmnbrt label="topo=$topo task=pmnb arch=pmnb-runtime"
. "$repo/sim/rt_bench.sh" # lint, one Verilator build, the runs, every wire log verified
