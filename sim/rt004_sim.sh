#!/usr/bin/env bash
# rt004_sim.sh — a run-time router of paper 004 on a P x P torus or mesh: ROUTER=pmnb,
# rtl_gen_pmnbrt's (make sim-pmnb-rt), or ROUTER=pexchange, rtl_gen_pexrt's (make
# sim-pexchange-rt): generate, lint, one Verilator build, many runs.
#   ROUTER=pmnb|pexchange TOPO=torus:4x4 [RUNS=20] [SEED=1] [WIDTH=32] [DEPTH=D] [SPLIT=0] [TRACE=1]
#     [SIM_OPT=-O0] [BENCH=cpp|sc] sim/rt004_sim.sh
#   SIM_DIR=DIR sets the work directory.
# Runs: RUNS active sets with M spread evenly over 1..N (M=1 and M=N included), each a
# pseudo-random M-subset of the golden model (cmodel schedule --task ROUTER --alg 004-runtime
# --m M --seed), with its golden files (the generator's --golden). The bench (sim/rt_bench.sh:
# BENCH=cpp the C++ harness on the simulation fabric, BENCH=sc the SystemC bench on the platform
# fabric) diffs every run's wire log and deliveries against them and checks the run's cycles
# against RN_RUN_BOUND (pmnb: 004-runtime's slot count; pexchange: phase 1 plus 004 §4's bound);
# then every wire log must pass cmodel verify. pexchange: before each run the bench writes every
# active node's N-1 packets into its router's mailbox (inj_we_i), then raises start; DEPTH sets
# the FIFOs' depth (rtl_gen_pexrt --depth; default the measured one). pmnb: SPLIT=1 cuts every
# packet into 004 §3.1's pieces (--split to the generator and to cmodel). Prints one "ok"/"FAIL"
# line per run and the bench's PASS/FAIL line; exits non-zero on any failure. Work goes to
# build/sim/<topo>_<router>_runtime_w<W>[_d<DEPTH>][_split]/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/flow_vars.sh" # every variable make passes has its shape, or exit 2
router=${ROUTER:-pmnb} topo=${TOPO:-torus:4x4} runs=${RUNS:-20} seed=${SEED:-1} width=${WIDTH:-32} trace=${TRACE:-0}
bench=${BENCH:-cpp}
case $bench in cpp | sc) ;; *) echo "rt004_sim.sh: unknown BENCH '$bench' (expected cpp or sc)" >&2; exit 2 ;; esac
case $router in
pmnb) prog=rtl_gen_pmnbrt prefix=romnoc_pmnbrt opts=() ;;
pexchange) prog=rtl_gen_pexrt prefix=romnoc_pexrt opts=(${DEPTH:+--depth "$DEPTH"}) ;;
*) echo "rt004_sim.sh: unknown ROUTER '$router' (expected pmnb or pexchange)" >&2; exit 2 ;;
esac
split=()
if [ "${SPLIT:-0}" = 1 ]; then # 004 §3.1's pieces
  if [ "$router" != pmnb ]; then
    echo "rt004_sim.sh: SPLIT=1: only pmnb cuts packets into pieces, not $router" >&2
    exit 2
  fi
  split=(--split)
fi
if [ "$router" = pmnb ] && [ -n "${DEPTH-}" ]; then
  echo "rt004_sim.sh: DEPTH '$DEPTH': the run-time pmnb router has no FIFOs" >&2
  exit 2
fi
work=$(realpath -m "${SIM_DIR:-$repo/build/sim/${topo//[:x]/-}_${router}_runtime_w${width}${DEPTH:+_d$DEPTH}${split:+_split}}")
suffix=$([ "$bench" = sc ] && echo _sc || true)$([ "$trace" = 1 ] && echo _trace || true)
gen=$work/gen obj=$work/obj$suffix rundir=$work/runs
mkdir -p "$work"
rm -f "$work/sim.log" # a failed build leaves no log of an earlier run behind

echo "-- GEN $topo $router run-time width=$width${DEPTH:+ depth=$DEPTH}${split:+ split} --"
"$repo/build/$prog" --topo "$topo" --width "$width" "${opts[@]}" "${split[@]}" -o "$gen"
n=$(sed -n 's/^nodes=//p' "$gen/design.txt")
rm -rf "$rundir"
mkdir -p "$rundir"
: >"$work/runs.txt"
for ((i = 0; i < runs; i++)); do
  m=$((runs > 1 ? 1 + i * (n - 1) / (runs - 1) : n))
  r=$rundir/$i
  mkdir -p "$r"
  "$repo/build/cmodel" schedule --topo "$topo" --task "$router" --alg 004-runtime "${split[@]}" --m "$m" --seed $((seed * 1000 + i)) \
    -o "$r/schedule.tsv"
  "$repo/build/$prog" --golden "$r/schedule.tsv" --seed "$seed" --width "$width" -o "$r/golden"
  echo "$r" >>"$work/runs.txt"
done

label="topo=$topo task=$router arch=$router-runtime"
. "$repo/sim/rt_bench.sh" # lint, one Verilator build, the runs, every wire log verified
