# rt_bench.sh — sourced by the run-time routers' sim scripts (kbrt_sim.sh, rt004_sim.sh) once
# the design is in $gen and the run directories are listed in $work/runs.txt: lints both fabrics,
# builds one Verilator model (BENCH=cpp: sim/rt_tb.cpp on ${prefix}_sim_fabric, the local ports
# through DPI; BENCH=sc: the SystemC bench sim/rt_sc_main.cpp on ${prefix}_fabric), simulates
# every run (the bench diffs each wire log and delivery list against the run's golden files) and
# runs cmodel verify on every wire log. Needs repo, gen, work, obj, suffix, bench, trace, seed,
# runs, prefix and label ("topo=... task=... arch=..."); ends the script with the status.
echo "-- LINT --"
(cd "$gen" && verilator --lint-only -Wall -f files.f romnoc.vlt --top-module "${prefix}_fabric" &&
  verilator --lint-only -Wall -f files_sim.f romnoc.vlt --top-module "${prefix}_sim_fabric")

if command -v ccache >/dev/null 2>&1; then
  export OBJCACHE=ccache CCACHE_DIR=${CCACHE_DIR:-$repo/build/ccache}
fi
if [ "$bench" = sc ]; then # the platform fabric's ports bound by a SystemC bench (Debian's libsystemc, C++17)
  echo "-- VERILATE (SystemC bench) --"
  model_flag=--sc top_module=${prefix}_fabric files=files.f bench_src=$repo/sim/rt_sc_main.cpp
else # the simulation fabric, its local ports through DPI
  echo "-- VERILATE --"
  model_flag=--cc top_module=${prefix}_sim_fabric files=files_sim.f bench_src=$repo/sim/rt_tb.cpp
fi
flags=(
  "$model_flag" --exe --build -j 2 # the model and the bench, make -j2
  -O3 --x-assign fast --x-initial fast --noassert
  --top-module "$top_module" --prefix Vrt_top # one class name for both benches and both routers
  -Mdir "$obj"
  -CFLAGS "-I$gen -I$repo/sim -I$repo/cmodel"
)
[ "$trace" = 1 ] && flags+=(--trace)
[ -n "${SIM_OPT-}" ] && flags+=(-MAKEFLAGS "OPT_FAST=$SIM_OPT") # as sim/sim_verilator.sh
rm -rf "$obj"
start=$(date +%s)
(cd "$gen" && verilator "${flags[@]}" -f "$files" romnoc.vlt "$bench_src" "$repo/sim/rt_check.cpp" "$repo/sim/tb_common.cpp" \
  >"$work/verilate$suffix.log" 2>&1) || {
  tail -n 30 "$work/verilate$suffix.log" >&2
  echo "FAIL $label: verilator build failed (see $work/verilate$suffix.log)"
  exit 1
}
echo "   built in $(($(date +%s) - start)) s"

echo "-- SIM ($runs runs) --"
plus=(+seed="$seed" +runs="$work/runs.txt")
[ "$trace" = 1 ] && plus+=(+trace="$work/wave.vcd")
status=0
SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$obj/Vrt_top" "${plus[@]}" >"$work/sim.log" || status=$?
grep -v '^ok ' "$work/sim.log" || true

echo "-- VERIFY wire logs --"
bad=0
while read -r r; do
  [ -f "$r/wire.tsv" ] || continue
  if ! "$repo/build/cmodel" verify "$r/wire.tsv" >"$r/verify.log" 2>&1; then
    echo "FAIL $label: $r/wire.tsv fails cmodel verify: $(head -n 1 "$r/verify.log")"
    bad=$((bad + 1))
  fi
done <"$work/runs.txt"
echo "   $((runs - bad)) of $runs wire logs verified"
[ "$bad" = 0 ] || status=1
exit $status
