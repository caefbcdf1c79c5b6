# sim_icarus.sh — sourced by sim/sim.sh for SIM=icarus: the synthesizable romnoc_fabric (per-node
# ports; Icarus cannot run romnoc_sim_fabric's $c calls) under Icarus Verilog with the Verilog bench
# sim/tb_icarus.v. Its C++ half, sim/tb_icarus_io.cpp, is built per design against sim_config.h
# and tb_common.cpp: it writes the bench's include (sizes, wiring) and own-packet table, and
# turns the bench's transcript into the wire log, the deliveries and the PASS/FAIL line, as the
# C++ bench does. Sets obj and run (obj_icarus/, run_icarus/ under the work directory) and
# defines sim_build_run.
# shellcheck shell=bash disable=SC2154,SC2034 # sim.sh sets repo, work, gen, topo, task, seed, trace, bench; status is its
if [ "$bench" != cpp ]; then
  echo "sim.sh: BENCH '$bench' is a Verilator bench (SIM=icarus runs sim/tb_icarus.v; drop BENCH)" >&2
  exit 2
fi
if [ "${NI:-0}" = 1 ]; then
  echo "sim.sh: NI=1 runs under Verilator only so far (drop SIM=icarus)" >&2
  exit 2
fi
obj=$work/obj_icarus run=$work/run_icarus

sim_build_run() {
  local log=$work/icarus_build.log cxx plus
  echo "-- ICARUS (iverilog -g2012, Verilog bench) --"
  # every build starts from empty directories: no stale bench, no stale log to verify
  rm -rf "$obj" && mkdir -p "$obj"
  rm -f "$run/wire.tsv" "$run/deliveries.tsv" "$run/transcript.txt" "$run/own.hex"
  cxx=("${CXX:-g++}" -std=c++17 -O1 -Wall -Wextra -Werror -I"$gen" -I"$repo/sim" -I"$repo/cmodel")
  [ -n "${OBJCACHE:-}" ] && cxx=("$OBJCACHE" "${cxx[@]}") # ccache when sim.sh found it
  {
    # tb_common.o does not depend on the design: ccache compiles it once
    "${cxx[@]}" -c -o "$obj/tb_common.o" "$repo/sim/tb_common.cpp" &&
      "${cxx[@]}" -c -o "$obj/tb_icarus_io.o" "$repo/sim/tb_icarus_io.cpp" &&
      "${CXX:-g++}" -o "$obj/tb_icarus_io" "$obj/tb_icarus_io.o" "$obj/tb_common.o" &&
      "$obj/tb_icarus_io" design "$obj/tb_icarus_design.vh" &&
      # the file list and ROM files are relative to the generated directory
      (cd "$gen" && iverilog -g2012 -o "$obj/tb.vvp" -s tb_icarus -I "$obj" -c files.f "$repo/sim/tb_icarus.v")
  } >"$log" 2>&1 || {
    tail -n 30 "$log" >&2
    echo "FAIL topo=$topo task=$task: the Icarus build failed (see $log)"
    exit 1
  }

  echo "-- SIM (vvp) --"
  "$obj/tb_icarus_io" own "$run/own.hex" +seed="$seed"
  plus=(+own="$run/own.hex" +transcript="$run/transcript.txt")
  [ "$trace" = 1 ] && plus+=(+trace="$run/wave.vcd")
  (cd "$gen" && vvp -n "$obj/tb.vvp" "${plus[@]}") || status=$?
  "$obj/tb_icarus_io" finish "$run/transcript.txt" +seed="$seed" +golden="$gen/golden" +out="$run" || status=$?
}
