# sim_verilator.sh — sourced by sim/sim.sh for SIM=verilator (the default): the C++ bench
# (sim/tb_main.cpp on romnoc_sim_fabric, BENCH=cpp) or the SystemC one (sim/tb_sc_main.cpp on
# romnoc_fabric, BENCH=sc). Sets obj and run (obj[_sc][_trace]/, run[_sc]/ under the work
# directory) and defines sim_build_run, which verilates and runs the bench in $gen and sets status.
# shellcheck shell=bash disable=SC2154,SC2034 # sim.sh sets repo, work, gen, topo, task, seed, trace, bench; status is its
case $bench in cpp | sc) ;; *) echo "sim.sh: unknown BENCH '$bench' (expected cpp or sc)" >&2; exit 2 ;; esac
suffix=$([ "$bench" = sc ] && echo _sc || true)$([ "$trace" = 1 ] && echo _trace || true)
obj=$work/obj$suffix run=$work/run$([ "$bench" = sc ] && echo _sc || true)
# the C++ bench plays the processors through $c calls (romnoc_sim_fabric: no per-node ports, which
# build fast); the SystemC bench binds the per-node ports of romnoc_fabric, as a platform would
if [ "${NI:-0}" = 1 ]; then
  # the system top: the fabric and a network interface per node, driven through their streams only
  [ "$bench" = cpp ] || { echo "sim.sh: NI=1 has a C++ bench only (drop BENCH)" >&2; exit 2; }
  model_flag=--cc
  bench_src=("$repo/sim/tb_ni.cpp" "$repo/sim/tb_ni_check.cpp" "$repo/sim/tb_common.cpp")
  top_module=romnoc_system files=files_system.f
elif [ "$bench" = sc ]; then
  model_flag=--sc # SystemC model; Debian's libsystemc (C++17, the default standard)
  bench_src=("$repo/sim/tb_sc_main.cpp" "$repo/sim/tb_common.cpp")
  top_module=romnoc_fabric files=files.f
else
  model_flag=--cc
  bench_src=("$repo/sim/tb_main.cpp" "$repo/sim/tb_common.cpp")
  top_module=romnoc_sim_fabric files=files_sim.f
fi
self_linted=$top_module # the build verilates it with -Wall: sim.sh does not lint it again

sim_build_run() {
  echo "-- VERILATE ($bench bench) --"
  verilator_flags=(
    "$model_flag" --exe --build -j 2 # the model plus the bench, built with make -j2
    -O3 --x-assign fast --x-initial fast --noassert -Wall # -Wall: the top's lint (self_linted)
    --top-module "$top_module"
    -Mdir "$obj"
    # Verilator's own optimisation levels: -Os for the per-cycle code, none for the code that runs
    # once (settle, constructors); forcing -O2 on all of it doubled the D=8 build (99 -> 55 s)
    # and did not speed the simulation up
    -CFLAGS "-I$gen -I$repo/sim -I$repo/cmodel"
  )
  [ "$trace" = 1 ] && verilator_flags+=(--trace)
  # SIM_OPT: g++'s level for that per-cycle code (Verilator's OPT_FAST); -O0 halves a large
  # fabric's compile and slows its cycles, which a test's run of a few hundred cycles never feels
  [ -n "${SIM_OPT-}" ] && verilator_flags+=(-MAKEFLAGS "OPT_FAST=$SIM_OPT")
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
  [ "${NI:-0}" = 1 ] && { rm -f "$run"/wire_r*.tsv; plus+=(+runs="${NI_RUNS:-2}"); }
  (cd "$gen" && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$obj/V$top_module" "${plus[@]}") || status=$?
}
