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
obj=$work/obj_icarus run=$work/run_icarus
self_linted= # Icarus lints nothing: sim.sh lints every top

# Every build starts from an empty object directory (no stale bench, no stale log to verify);
# cxx is the C++ compiler's command (ccache when sim.sh found it). icarus_failed LOG: the build
# log's tail and the FAIL line, then exit.
icarus_fresh() {
  rm -rf "$obj" && mkdir -p "$obj"
  cxx=("${CXX:-g++}" -std=c++17 -O1 -Wall -Wextra -Werror -I"$gen" -I"$repo/sim" -I"$repo/cmodel")
  [ -n "${OBJCACHE:-}" ] && cxx=("$OBJCACHE" "${cxx[@]}")
  return 0
}
icarus_failed() {
  tail -n 30 "$1" >&2
  echo "FAIL topo=$topo task=$task: the Icarus build failed (see $1)"
  exit 1
}

# NI=1: the system top under the Verilog users of sim/tb_icarus_ni.v, its C++ half
# sim/tb_icarus_ni_io.cpp writing what they send and replaying what they saw into the Verilator
# bench's checks (sim/tb_ni_check.cpp): the same PASS lines and wire logs ($run/wire_r<k>.tsv)
sim_build_run_ni() {
  local log=$work/icarus_build.log cxx plus io=$obj/tb_icarus_ni_io
  echo "-- ICARUS (iverilog -g2012, the system top's Verilog bench) --"
  icarus_fresh
  rm -f "$run"/wire_r*.tsv "$run/transcript.txt"
  plus=(+runs="${NI_RUNS:-2}" +seed="$seed")
  {
    for src in tb_common tb_ni_check tb_icarus_ni_io; do "${cxx[@]}" -c -o "$obj/$src.o" "$repo/sim/$src.cpp" || exit 1; done
    "${CXX:-g++}" -o "$io" "$obj/tb_common.o" "$obj/tb_ni_check.o" "$obj/tb_icarus_ni_io.o" &&
      (cd "$gen" && "$io" stim "$obj" "${plus[@]}") &&
      (cd "$gen" && iverilog -g2012 -o "$obj/tb.vvp" -s tb_icarus_ni -I "$obj" -c files_system.f "$repo/sim/tb_icarus_ni.v")
  } >"$log" 2>&1 || icarus_failed "$log"
  echo "-- SIM (vvp) --"
  (cd "$gen" && vvp -n "$obj/tb.vvp" +send="$obj/send.hex" +plan="$obj/plan.hex" +transcript="$run/transcript.txt") || status=$?
  (cd "$gen" && "$io" finish "$run/transcript.txt" "${plus[@]}" +golden="$gen/golden" +out="$run") || status=$?
}

sim_build_run() {
  [ "${NI:-0}" = 1 ] && { sim_build_run_ni; return; }
  local log=$work/icarus_build.log cxx plus
  echo "-- ICARUS (iverilog -g2012, Verilog bench) --"
  icarus_fresh
  rm -f "$run/wire.tsv" "$run/deliveries.tsv" "$run/transcript.txt" "$run/own.hex"
  {
    # tb_common.o does not depend on the design: ccache compiles it once
    "${cxx[@]}" -c -o "$obj/tb_common.o" "$repo/sim/tb_common.cpp" &&
      "${cxx[@]}" -c -o "$obj/tb_icarus_io.o" "$repo/sim/tb_icarus_io.cpp" &&
      "${CXX:-g++}" -o "$obj/tb_icarus_io" "$obj/tb_icarus_io.o" "$obj/tb_common.o" &&
      "$obj/tb_icarus_io" design "$obj/tb_icarus_design.vh" &&
      # the file list and ROM files are relative to the generated directory
      (cd "$gen" && iverilog -g2012 -o "$obj/tb.vvp" -s tb_icarus -I "$obj" -c files.f "$repo/sim/tb_icarus.v")
  } >"$log" 2>&1 || icarus_failed "$log"

  echo "-- SIM (vvp) --"
  "$obj/tb_icarus_io" own "$run/own.hex" +seed="$seed"
  plus=(+own="$run/own.hex" +transcript="$run/transcript.txt")
  [ "$trace" = 1 ] && plus+=(+trace="$run/wave.vcd")
  (cd "$gen" && vvp -n "$obj/tb.vvp" "${plus[@]}") || status=$?
  "$obj/tb_icarus_io" finish "$run/transcript.txt" +seed="$seed" +golden="$gen/golden" +out="$run" || status=$?
}
