#!/usr/bin/env bash
# fpga_bench.sh OUT.md — whole systems on the iCE40-HX8K (make fpga, synth/fpga.sh): the self-testing
# board top (every node's interface and user, the fabric) of allgather,alltoall on ring:8,
# hypercube:3, torus:2x2 and torus:4x4 (W = 32, and narrower where 32 does not fit), and the
# five packet tasks on hypercube:3: the self test's cycles in Verilator (4 rounds of every task),
# LUT4, flip-flops and block RAMs (Yosys synth_ice40), Fmax and status (nextpnr-ice40 against
# 100 MHz). Writes the "fpga" section of OUT.md.
set -euo pipefail
out=${1:?usage: bench/fpga_bench.sh OUT.md}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-fpga-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
rows=""
# row TOPO TASKS WIDTH [ROM_STYLE MEM_STYLE]: one make fpga, one table row
row() {
  local d=$work/${1/:/-}-${2//,/.}-$3-${4:-auto}-${5:-auto} line sim fits
  TOPO=$1 TASK=$2 WIDTH=$3 ROM_STYLE=${4:-} MEM_STYLE=${5:-} FPGA_DIR=$d PNR_TIMEOUT=300 bash "$repo/synth/fpga.sh" >"$work/log" 2>&1 || true
  line=$(grep '^FPGA ' "$work/log" | tail -n 1)
  [ -n "$line" ] || { cat "$work/log" >&2; exit 1; }
  sim=$(sed -n 's/.* report_cycle=\([0-9]*\) .*/\1/p' "$d/sim.txt" 2>/dev/null || true)
  get() { sed -E "s/.* $1=([^ ]+).*/\\1/" <<<"$line"; }
  fits=$(awk -v l="$(get luts)" 'BEGIN { printf "%.0f", 100 * l / 7680 }')
  # the logic cells nextpnr packs (a LUT4 and a flip-flop each): what fits or not
  cells=$(sed -n 's/^Info:[[:space:]]*ICESTORM_LC:[[:space:]]*\([0-9]*\)\/ *7680 *\([0-9]*\)%.*/\1 (\2 %)/p' "$d/nextpnr.log" 2>/dev/null | head -n 1)
  rows+="| $1 | $2 | $3 | ${4:-auto} / ${5:-auto} | ${sim:--} | $(get luts) ($fits %) | $(get ffs) | ${cells:--} | $(get brams) / 32 | $(get fmax_mhz) | $(get status) |"$'\n'
}
row torus:2x2 allgather,alltoall 32
row torus:2x2 allgather,alltoall 16
row torus:2x2 allgather,alltoall 16 logic logic
row ring:8 allgather,alltoall 8
row hypercube:3 allgather,alltoall 8
row torus:4x4 allgather,alltoall 8 logic auto
row torus:4x4 allgather,alltoall 4
"$repo/bench/tables/md_section.sh" "$out" fpga <<MD
## Whole systems on the iCE40-HX8K breakout board: the self-testing top (make fpga)

Machine: $(nproc) cores; $(date +%F); romnoc $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet || echo -dirty).

\`bash bench/fpga_bench.sh docs/BENCHMARKS.md\` (part of \`make bench\`; one row is
\`make fpga TOPO=… TASK=… WIDTH=… ROM_STYLE=… MEM_STYLE=…\`). Each row is the board top \`romnoc_selftest\` (rtl_gen
--ni): the fabric, every node's network interface and a user per node that runs every task 4
times and checks every received word (docs/USAGE.md, "A self-testing bitstream"). *Self test*:
the cycle its report starts in Verilator (PASS in every row that has a figure). LUT4,
flip-flops and block RAMs: Yosys 0.23 \`synth_ice40\` of the whole top (the HX8K has 7680 LUT4
and 32 block RAMs); logic cells: nextpnr's count before placing (7680 on the HX8K, each a LUT4
and a flip-flop); Fmax and status: nextpnr-ice40 (HX8K, CT256) against 100 MHz (no-fit:
nextpnr could not place it; pnr-timeout: its placer had not finished after 5 minutes, as
nextpnr 0.4's placers can stall on a nearly full HX8K, YosysHQ/nextpnr#1062). *ROM / RAM
style*: \`ROM_STYLE\` / \`MEM_STYLE\` (rtl_gen --rom-style / --mem-style; logic: LUTs and
flip-flops). Yosys' and nextpnr's runs are deterministic: one run per row.

What does not fit yet, and why. Designs are generated with `--bram-budget 0` (the routers'
packet memories in flip-flops, the block RAMs left to the interfaces) and one schedule ROM for
the fabric (before, at 9a1baad, with a ROM per node and the routers' packet memories in block
RAM: 12 block RAMs and 86.66 MHz for torus:2x2 at W = 16; ring:8 48, hypercube:3 40 and
torus:4x4 176 at W = 4, each over the 32). Now the logic cells (a LUT4 and a flip-flop each, as
nextpnr packs them) are what runs out: ring:8 and hypercube:3 at W = 8 need 130 % and 113 % of them, torus:4x4 313 % at W = 8
(and 128 block RAMs). Per torus:4x4 node at W = 4 (Yosys with the hierarchy kept, before the
ROM was shared): 472 LUT4 and 309 flip-flops of interface with 4 block RAMs, 310 LUT4 and 231
flip-flops of self-test user, 288 LUT4 of router (two tasks); the board top adds 674 LUT4. The
buffers are not large — torus:4x4's are 4 kbit in all at W = 4, against 128 kbit of block RAM —
but each interface asks for 8 memories of its own (a sendbuf copy per lane that sends own
packets, a receive bank per lane that delivers), 128 for the system, each a block RAM or a
register file. What a 16-node system on the HX8K needs (not built): buffers in relative order
(the block for relative destination t at entry t), so that lane p of every node, which runs the
same translated program in lockstep, reads and writes the same entry in the same cycle, and
lane p of four nodes (W = 4) shares one 256 × 16 block RAM, the users' streams taking turns at
its other port; one program for every interface, as the schedule ROM is now (about 250 LUT4
and 96 flip-flops of each interface), with the ids translated in hardware (per-coordinate adds
on a torus, XOR on a hypercube); a smaller user. The clock: on torus:2x2 (W = 16, 60 % of the
cells) the critical path is the start barrier — every interface's ready, ANDed, then every
interface's cycle counter, program address and buffer states — at 84–89 MHz; 100 MHz needs a
registered barrier (a cycle more a message, the back-to-back decision a cycle earlier).

| topology | tasks | W | ROM / RAM style | self test (cycles) | LUT4 | FF | logic cells | BRAM | Fmax (MHz) | status |
|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}
MD
