#!/usr/bin/env bash
# sim.sh — generate, lint, verilate, build, run and compare one fabric (make sim).
#   TOPO=hypercube:4 TASK=mnb [MODEL=mla] [WIDTH=32] [SEED=1] [ROOT=0] [ALG=...] [ARCH=...] [OP=...] [TRACE=1] scripts/sim.sh
#   SCHEDULE=FILE.tsv [WIDTH=32] [SEED=1] scripts/sim.sh      (any schedule in the exchange format)
#   TOPO=hypercube:4 TASK=kbcast [ALG=001] (ACTIVE=0,3,5-9 | K=5 [KSEED=3]) scripts/sim.sh   (kbcast's set)
#   TOPO=torus:4x4 TASK=pmnb|pexchange (ACTIVE=0,3,5-9 | M=5 [KSEED=3]) [SPLIT=1] scripts/sim.sh   (004's)
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
(cd "$gen" && verilator --lint-only -Wall -f files.f romnoc.vlt --top-module romnoc_fabric &&
  verilator --lint-only -Wall -f files_sim.f romnoc.vlt --top-module romnoc_sim_fabric)

# the Verilator runtime and the test bench are the same in every build: compile them once
if command -v ccache >/dev/null 2>&1; then
  export OBJCACHE=ccache CCACHE_DIR=${CCACHE_DIR:-$repo/build/ccache}
fi

echo "-- VERILATE ($bench bench) --"
# the C++ bench plays the processors through DPI (romnoc_sim_fabric: no per-node ports, which
# build fast); the SystemC bench binds the per-node ports of romnoc_fabric, as a platform would
if [ "$bench" = sc ]; then
  model_flag=--sc # SystemC model; Debian's libsystemc (C++17, the default standard)
  bench_src=("$repo/sim/tb_sc_main.cpp" "$repo/sim/tb_common.cpp")
  top_module=romnoc_fabric files=files.f
else
  model_flag=--cc
  bench_src=("$repo/sim/tb_main.cpp" "$repo/sim/tb_common.cpp")
  top_module=romnoc_sim_fabric files=files_sim.f
fi
verilator_flags=(
  "$model_flag" --exe --build -j 2 # the model plus the bench, built with make -j2
  -O3 --x-assign fast --x-initial fast --noassert
  --top-module "$top_module"
  -Mdir "$obj"
  # Verilator's own optimisation levels: -Os for the per-cycle code, none for the code that runs
  # once (settle, constructors); forcing -O2 on all of it doubled the D=8 build (99 -> 55 s)
  # and did not speed the simulation up
  -CFLAGS "-I$gen -I$repo/sim -I$repo/cmodel"
)
[ "$trace" = 1 ] && verilator_flags+=(--trace)
# the file list and ROM files are relative to the generated directory; every build starts from an
# empty object directory (stale dependency files break make when a source goes away; ccache
# makes the rebuild of the unchanged parts cheap)
rm -rf "$obj"
. "$repo/scripts/build_progress.sh"
build_progress_start "$obj" "$(sed -n 's/^nodes=//p' "$gen/design.txt")"
(cd "$gen" && verilator "${verilator_flags[@]}" -f "$files" romnoc.vlt "${bench_src[@]}" >"$work/verilate$suffix.log" 2>&1) || {
  build_progress_stop
  tail -n 30 "$work/verilate$suffix.log" >&2
  echo "FAIL topo=$topo task=$task: verilator build failed (see $work/verilate$suffix.log)"
  exit 1
}
build_progress_stop

echo "-- SIM --"
plus=(+seed="$seed" +golden="$gen/golden" +out="$run")
[ "$trace" = 1 ] && plus+=(+trace="$run/wave.vcd")
status=0
(cd "$gen" && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$obj/V$top_module" "${plus[@]}") || status=$?

echo "-- VERIFY wire log --"
if ! "$repo/build/cmodel" verify "$run/wire.tsv"; then
  echo "FAIL topo=$topo task=$task: the wire log fails cmodel verify"
  status=1
fi
exit $status
