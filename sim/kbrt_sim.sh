#!/usr/bin/env bash
# kbrt_sim.sh — the run-time kbcast router of hypercube:D: generate, lint, one Verilator build,
# many runs (make sim-kbcast-rt).
#   D=4 [RUNS=50] [SEED=1] [WIDTH=32] [STAGES=0|1|2] [TRACE=1] [SIM_OPT=-O0] [BENCH=cpp|sc] sim/kbrt_sim.sh
#   SIM_DIR=DIR sets the work directory; REUSE_GEN=1 simulates DIR/gen as it is.
# BENCH=cpp (the default): the C++ harness sim/rt_tb.cpp on the simulation fabric
# romnoc_kbrt_sim_fabric (files_sim.f: the local ports played through DPI); BENCH=sc: the
# SystemC bench sim/rt_sc_main.cpp on the platform fabric romnoc_kbrt_fabric (files.f, every
# node's ports bound; verilator --sc, objects in obj_sc). Both check alike (sim/rt_check.h).
# Runs: RUNS active sets with K spread evenly over 1..2^D (K=1 and K=2^D included), each a
# pseudo-random K-subset of the golden model (cmodel schedule --k K --seed), with its golden
# files (cmodel schedule --alg 001, rtl_gen_kbrt --golden). The bench diffs every run's wire
# log and deliveries against them and checks (2*ceil(K/D)+4D+1)*(1+STAGES) cycles (a slot of
# 1+STAGES cycles: rtl_gen_kbrt --stages); then every wire log must
# pass cmodel verify. Prints the bench's PASS/FAIL line; exits non-zero on any failure.
# Work goes to build/sim/hypercube-<D>_kbcast_runtime_w<W>/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/flow_vars.sh" # every variable make passes has its shape, or exit 2
d=${D:-4} runs=${RUNS:-50} seed=${SEED:-1} width=${WIDTH:-32} trace=${TRACE:-0} stages=${STAGES:-0} bench=${BENCH:-cpp}
case $bench in cpp | sc) ;; *) echo "kbrt_sim.sh: unknown BENCH '$bench' (expected cpp or sc)" >&2; exit 2 ;; esac
work=$(realpath -m "${SIM_DIR:-$repo/build/sim/hypercube-${d}_kbcast_runtime_w${width}$([ "$stages" = 0 ] || echo "_p$stages")}")
suffix=$([ "$bench" = sc ] && echo _sc || true)$([ "$trace" = 1 ] && echo _trace || true)
gen=$work/gen obj=$work/obj$suffix rundir=$work/runs
mkdir -p "$work"
rm -f "$work/sim.log" # a failed build leaves no log of an earlier run behind

if [ "${REUSE_GEN:-0}" = 1 ]; then # simulate the design already in $gen (e.g. FIFOs below the bound)
  [ -f "$gen/files.f" ] || { echo "FAIL topo=hypercube:$d: REUSE_GEN=1 but $gen holds no design"; exit 1; }
else
  echo "-- GEN hypercube:$d kbcast run-time width=$width stages=$stages --"
  "$repo/build/rtl_gen_kbrt" --topo "hypercube:$d" --width "$width" --stages "$stages" -o "$gen"
fi
n=$((1 << d))
rm -rf "$rundir"
mkdir -p "$rundir"
: >"$work/runs.txt"
for ((i = 0; i < runs; i++)); do
  k=$((runs > 1 ? 1 + i * (n - 1) / (runs - 1) : n))
  r=$rundir/$i
  mkdir -p "$r"
  "$repo/build/cmodel" schedule --topo "hypercube:$d" --task kbcast --alg 001 --k "$k" --seed $((seed * 1000 + i)) \
    -o "$r/schedule.tsv"
  "$repo/build/rtl_gen_kbrt" --golden "$r/schedule.tsv" --seed "$seed" --width "$width" -o "$r/golden"
  echo "$r" >>"$work/runs.txt"
done

prefix=romnoc_kbrt label="topo=hypercube:$d task=kbcast arch=kbcast-runtime"
. "$repo/sim/rt_bench.sh" # lint, one Verilator build, the runs, every wire log verified
