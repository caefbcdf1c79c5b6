#!/usr/bin/env bash
# sim.sh — generate, lint, verilate, build, run and compare one fabric (make sim).
#   TOPO=hypercube:4 TASK=mnb [WIDTH=32] [SEED=1] [ROOT=0] [TRACE=1] scripts/sim.sh
#   SIM_DIR=DIR sets the work directory; REUSE_GEN=1 simulates DIR/gen as it is.
# Prints the harness's PASS/FAIL line (and the verifier's verdict on the wire log); exits
# non-zero on any failure. Work goes to build/sim/<topo>_<task>[_r<root>]_w<width>/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
topo=${TOPO:-hypercube:4} task=${TASK:-mnb} width=${WIDTH:-32} seed=${SEED:-1} trace=${TRACE:-0}
arch=${ARCH:-banked}
root_args=(--arch "$arch") tag=""
[ "$arch" = banked ] || tag="_$arch"
case $task in snb | scatter | gather) root_args+=(--root "${ROOT:-0}") tag="${tag}_r${ROOT:-0}" ;; esac
name="${topo/:/-}_${task}${tag}_w${width}"
work=${SIM_DIR:-$repo/build/sim/$name}
gen=$work/gen obj=$work/obj$([ "$trace" = 1 ] && echo _trace || true) run=$work/run
mkdir -p "$work" "$run"

if [ "${REUSE_GEN:-0}" = 1 ]; then # simulate the design already in $gen (e.g. edited by hand)
  [ -f "$gen/files.f" ] || { echo "FAIL topo=$topo task=$task: REUSE_GEN=1 but $gen holds no design"; exit 1; }
else
  echo "-- GEN $topo $task width=$width --"
  "$repo/build/rtl_gen" --topo "$topo" --task "$task" "${root_args[@]}" --width "$width" --seed "$seed" -o "$gen"
fi

echo "-- LINT --"
(cd "$gen" && verilator --lint-only -Wall -f files.f romnoc.vlt --top-module romnoc_fabric)

echo "-- VERILATE --"
verilator_flags=(
  --cc --exe --build -j 2        # C++ model plus the harness, built with make -j2
  -O3 --x-assign fast --x-initial fast --noassert
  --top-module romnoc_fabric
  -Mdir "$obj"
  -CFLAGS "-O2 -I$gen -I$repo/sim -I$repo/cmodel"
)
[ "$trace" = 1 ] && verilator_flags+=(--trace)
# the file list and ROM files are relative to the generated directory
(cd "$gen" && verilator "${verilator_flags[@]}" -f files.f romnoc.vlt "$repo/sim/tb_main.cpp" "$repo/sim/tb_common.cpp" >"$work/verilate.log" 2>&1) || {
  tail -n 30 "$work/verilate.log" >&2
  echo "FAIL topo=$topo task=$task: verilator build failed (see $work/verilate.log)"
  exit 1
}

echo "-- SIM --"
plus=(+seed="$seed" +golden="$gen/golden" +out="$run")
[ "$trace" = 1 ] && plus+=(+trace="$run/wave.vcd")
status=0
(cd "$gen" && "$obj/Vromnoc_fabric" "${plus[@]}") || status=$?

echo "-- VERIFY wire log --"
if ! "$repo/build/cmodel" verify "$run/wire.tsv"; then
  echo "FAIL topo=$topo task=$task: the wire log fails cmodel verify"
  status=1
fi
exit $status
