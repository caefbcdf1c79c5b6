#!/usr/bin/env bash
# sim.sh — generate, lint, verilate, build, run and compare one fabric (make sim).
#   TOPO=hypercube:4 TASK=mnb [WIDTH=32] [SEED=1] [ROOT=0] [TRACE=1] scripts/sim.sh
#   SIM_DIR=DIR sets the work directory; REUSE_GEN=1 simulates DIR/gen as it is.
#   BENCH=sc builds the SystemC test bench (verilator --sc, make sim-sc) instead of the C++ one.
# Prints the harness's PASS/FAIL line (and the verifier's verdict on the wire log); exits
# non-zero on any failure. Work goes to build/sim/<topo>_<task>[_r<root>]_w<width>/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
seed=${SEED:-1} trace=${TRACE:-0}
. "$repo/scripts/design_name.sh"
work=${SIM_DIR:-$repo/build/sim/$name}
bench=${BENCH:-cpp}
case $bench in cpp | sc) ;; *) echo "sim.sh: unknown BENCH '$bench' (expected cpp or sc)" >&2; exit 2 ;; esac
suffix=$([ "$bench" = sc ] && echo _sc || true)$([ "$trace" = 1 ] && echo _trace || true)
gen=$work/gen obj=$work/obj$suffix run=$work/run$([ "$bench" = sc ] && echo _sc || true)
mkdir -p "$work" "$run"

if [ "${REUSE_GEN:-0}" = 1 ]; then # simulate the design already in $gen (e.g. edited by hand)
  [ -f "$gen/files.f" ] || { echo "FAIL topo=$topo task=$task: REUSE_GEN=1 but $gen holds no design"; exit 1; }
else
  echo "-- GEN $topo $task width=$width --"
  "$repo/build/rtl_gen" "${gen_args[@]}" --seed "$seed" -o "$gen"
fi

echo "-- LINT --"
(cd "$gen" && verilator --lint-only -Wall -f files.f romnoc.vlt --top-module romnoc_fabric)

echo "-- VERILATE ($bench bench) --"
if [ "$bench" = sc ]; then
  model_flag=--sc # SystemC model; Debian's libsystemc (C++17, the default standard)
  bench_src=("$repo/sim/tb_sc_main.cpp" "$repo/sim/tb_common.cpp")
else
  model_flag=--cc
  bench_src=("$repo/sim/tb_main.cpp" "$repo/sim/tb_common.cpp")
fi
verilator_flags=(
  "$model_flag" --exe --build -j 2 # the model plus the bench, built with make -j2
  -O3 --x-assign fast --x-initial fast --noassert
  --top-module romnoc_fabric
  -Mdir "$obj"
  -CFLAGS "-O2 -I$gen -I$repo/sim -I$repo/cmodel"
)
[ "$trace" = 1 ] && verilator_flags+=(--trace)
# the file list and ROM files are relative to the generated directory
(cd "$gen" && verilator "${verilator_flags[@]}" -f files.f romnoc.vlt "${bench_src[@]}" >"$work/verilate$suffix.log" 2>&1) || {
  tail -n 30 "$work/verilate$suffix.log" >&2
  echo "FAIL topo=$topo task=$task: verilator build failed (see $work/verilate$suffix.log)"
  exit 1
}

echo "-- SIM --"
plus=(+seed="$seed" +golden="$gen/golden" +out="$run")
[ "$trace" = 1 ] && plus+=(+trace="$run/wave.vcd")
status=0
(cd "$gen" && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$obj/Vromnoc_fabric" "${plus[@]}") || status=$?

echo "-- VERIFY wire log --"
if ! "$repo/build/cmodel" verify "$run/wire.tsv"; then
  echo "FAIL topo=$topo task=$task: the wire log fails cmodel verify"
  status=1
fi
exit $status
