#!/usr/bin/env bash
# fpga.sh — a self-testing bitstream of a whole system for the iCE40-HX8K breakout board (make fpga).
#   TOPO=torus:2x2 TASK=allgather,alltoall [WORDS=M] [WIDTH=32] [ROOT=0] [ROUNDS=4] synth/fpga.sh
# 1. rtl_gen --ni: the system top and the board top romnoc_selftest (per node a user that runs every
#    task ROUNDS times and checks every recvbuf word; LEDs and a UART line, docs/USAGE.md);
# 2. the same top in Verilator (sim/selftest_sim.sh) must print its PASS line;
# 3. Yosys synth_ice40, nextpnr-ice40 (HX8K CT256, synth/constraints/selftest_hx8k_breakout.pcf,
#    timing against 100 MHz), icepack: build/fpga/<name>/romnoc_selftest.bin.
# Ends with one line, also in build/fpga/<name>/summary.txt:
#   FPGA topo=... task=... width=... words=... luts=... ffs=... brams=... fmax_mhz=... status=ok|no-fit|timing-fail|sim-fail
# status ok: the design fits, passed in simulation and meets 100 MHz (the board's clock is 12 MHz:
# the bitstream runs there whatever the Fmax). Exits 1 unless the bitstream was written.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/flow_vars.sh"
NI=1
. "$repo/scripts/design_name.sh"
for one in ${task//,/ }; do
  case $one in snb | mnb | scatter | gather | te) ;;
  *) echo "fpga.sh: bad TASK '$TASK' (the self test checks the packet tasks bcast, allgather, scatter, gather, alltoall; not $one)" >&2; exit 2 ;;
  esac
done
rounds=${ROUNDS:-4}
[ "$rounds" -ge 1 ] && [ "$rounds" -le 255 ] || { echo "fpga.sh: bad ROUNDS '$rounds' (expected 1..255)" >&2; exit 2; }
work=${FPGA_DIR:-$repo/build/fpga/$name}
gen=$work/gen
mkdir -p "$work"
echo "-- GEN $topo $task width=$width --"
# --bram-budget 0: the routers' memories (a few words each) in flip-flops, the 32 block RAMs left
# to the network interfaces' buffers and the schedule ROM (one for the fabric when every node
# runs the same translated program)
"$repo/build/rtl_gen" "${gen_args[@]}" --bram-budget 0 -o "$gen"
words=${WORDS:-1}
head="FPGA topo=$topo task=$task width=$width words=$words rounds=$rounds"
summary=$work/summary.txt

echo "-- SIM the self test (Verilator) --"
if ! "$repo/sim/selftest_sim.sh" "$gen" "$work/sim" -GROUNDS="$rounds" | tee "$work/sim.txt"; then
  echo "$head luts=- ffs=- brams=- fmax_mhz=- status=sim-fail" | tee "$summary"
  exit 1
fi

. "$repo/synth/yosys_flow.sh" # count, ice40_pnr
echo "-- SYNTH ice40: the whole system --"
fsrc=$(grep -v '^//' "$gen/files_selftest.f" | tr '\n' ' ')
(cd "$gen" && yosys -q -l "$work/yosys.log" -p "read_verilog -defer $fsrc; \
hierarchy -top romnoc_selftest -chparam ROUNDS $rounds; synth_ice40 -top romnoc_selftest -json $work/top.json; tee -q -o $work/stat_ice40.txt stat")
luts=$(count "${lut_cells[ice40]}" '.' "$work/stat_ice40.txt")
ffs=$(count "${ff_cells[ice40]}" '.' "$work/stat_ice40.txt")
brams=$(count "${bram_cells[ice40]}" '.' "$work/stat_ice40.txt")
ice40_pnr "$work" "$repo" "$repo/synth/constraints/selftest_hx8k_breakout.pcf"
bin=$work/romnoc_selftest.bin
rm -f "$bin"
if [ "$status" != no-fit ] && [ "$status" != pnr-error ]; then
  echo "-- PACK icepack --"
  icepack "$work/top.asc" "$bin.tmp" && mv "$bin.tmp" "$bin"
fi
echo "$head luts=$luts ffs=$ffs brams=$brams fmax_mhz=$fmax status=$status" | tee "$summary"
[ -f "$bin" ] && echo "bitstream: $bin (iceprog $bin; the line on the board's second serial port, 115200 8N1)"
[ -f "$bin" ]
