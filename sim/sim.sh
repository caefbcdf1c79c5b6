#!/usr/bin/env bash
# sim.sh — generate, lint, verilate, build, run and compare one fabric (make sim).
#   TOPO=hypercube:4 TASK=mnb [MODEL=mla] [WIDTH=32] [FLIT=bare] [SEED=1] [ROOT=0] [ALG=...] [ARCH=...] [OP=...] [TRACE=1] sim/sim.sh
#   SCHEDULE=FILE.tsv [WIDTH=32] [SEED=1] sim/sim.sh      (any schedule in the exchange format)
#   TOPO=hypercube:4 TASK=kbcast [ALG=001] (ACTIVE=0,3,5-9 | K=5 [KSEED=3]) sim/sim.sh   (kbcast's set)
#   TOPO=torus:4x4 TASK=pmnb|pexchange|pgather (ACTIVE=0,3,5-9 | M=5 [KSEED=3]) [SPLIT=1] sim/sim.sh   (004's)
#   SIM_DIR=DIR sets the work directory; REUSE_GEN=1 simulates DIR/gen as it is.
#   LINK_DELAY=L pipelines every link (rtl_gen --link-delay): the C++ Verilator bench only.
#   NI=1 builds the system top (the fabric and a network interface per node, rtl_gen --ni) and
#   the bench sim/tb_ni.cpp (SIM=icarus: sim/tb_icarus_ni.v), which drives only the interfaces'
#   streams (NI_RUNS=N runs per task, default 2); TASK may then list several tasks (TASK=a,b).
#   BENCH=sc builds the SystemC test bench (verilator --sc, make sim-sc) instead of the C++ one.
#   SIM=icarus runs the design under Icarus Verilog with the Verilog bench (sim/tb_icarus.v) instead
#   of Verilator (SIM=verilator, the default); the same diff and verify follow.
#   SIM_OPT=-O0 (-O1..-O3, -Os, -Og) compiles Verilator's model at that level (its -Os by default).
# Prints the harness's PASS/FAIL line (and the verifier's verdict on the wire log); exits
# non-zero on any failure. Work goes to build/sim/<topo>_<task>[_r<root>]_w<width>/ (the
# simulators' own obj*/ and run*/ directories side by side).
# shellcheck disable=SC2034,SC2154 # bench, trace: read by sim/sim_$sim.sh, which sets run
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/flow_vars.sh" # every variable make passes has its shape, or exit 2
seed=${SEED:-1} trace=${TRACE:-0}
. "$repo/scripts/design_name.sh"
work=${SIM_DIR:-$repo/build/sim/$name}
bench=${BENCH:-cpp} sim=${SIM:-verilator}
# the simulators: each a file sim/sim_<name>.sh, sourced here, that sets obj and run (its
# directories under $work), self_linted (a top its build lints, or empty) and defines
# sim_build_run (build and run its bench in $gen: the PASS/FAIL line, $run/wire.tsv and
# $run/deliveries.tsv, status); a new simulator is a new file and a row here
case $sim in
verilator) ;; # Verilator, the C++ bench (BENCH=cpp) or the SystemC one (BENCH=sc)
icarus) ;;    # Icarus Verilog (iverilog -g2012, vvp), the Verilog bench sim/tb_icarus.v
*) echo "sim.sh: unknown SIM '$sim' (expected verilator or icarus)" >&2; exit 2 ;;
esac
gen=$work/gen
slow="" # a slot of several cycles: pipelined links or a pipelined combiner
[ "${LINK_DELAY:-1}" -gt 1 ] && slow="LINK_DELAY=$LINK_DELAY"
[ "${COMBINE_STAGES:-0}" -gt 0 ] && slow="COMBINE_STAGES=$COMBINE_STAGES"
if [ -n "$slow" ] && { [ "$sim" != verilator ] || [ "$bench" != cpp ] || [ "${NI:-0}" = 1 ]; }; then
  echo "sim.sh: $slow runs under the C++ Verilator bench only (drop SIM, BENCH and NI)" >&2
  exit 2
fi
# shellcheck disable=SC1090 # the simulator's file (it reads bench, trace, seed and sets run)
. "$repo/sim/sim_$sim.sh"
mkdir -p "$work" "$run"

if [ "${REUSE_GEN:-0}" = 1 ]; then # simulate the design already in $gen (e.g. edited by hand)
  [ -f "$gen/files.f" ] || { echo "FAIL topo=$topo task=$task: REUSE_GEN=1 but $gen holds no design"; exit 1; }
else
  echo "-- GEN $topo $task width=$width --"
  "$repo/build/rtl_gen" "${gen_args[@]}" --seed "$seed" -o "$gen"
fi

echo "-- LINT --"
# every top the design has, linted with -Wall: here, or by the simulator's own build (the top
# sim_<name>.sh names in self_linted, which Verilator builds with -Wall)
lint_top() { [ "$2" = "${self_linted-}" ] || verilator --lint-only -Wall -f "$1" romnoc.vlt --top-module "$2"; }
(cd "$gen" && lint_top files.f romnoc_fabric && lint_top files_sim.f romnoc_sim_fabric &&
  { [ "${NI:-0}" != 1 ] || lint_top files_system.f romnoc_system; })

# the Verilator runtime and the test benches' C++ are the same in every build: compile them once
if command -v ccache >/dev/null 2>&1; then
  export OBJCACHE=ccache CCACHE_DIR=${CCACHE_DIR:-$repo/build/ccache}
fi

status=0
sim_build_run

echo "-- VERIFY wire log --"
logs=("$run/wire.tsv")
[ "${NI:-0}" = 1 ] && logs=("$run"/wire_r*.tsv) # a log per run of the system bench
for log in "${logs[@]}"; do
  if ! "$repo/build/cmodel" verify "$log"; then
    echo "FAIL topo=$topo task=$task: the wire log fails cmodel verify ($log)"
    status=1
  fi
done
exit $status
