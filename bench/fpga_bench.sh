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
and 32 block RAMs); Fmax and status: nextpnr-ice40 (HX8K, CT256) against 100 MHz (no-fit:
nextpnr could not place it; pnr-timeout: its placer had not finished after 5 minutes, as
nextpnr 0.4's placers can stall on a nearly full HX8K, YosysHQ/nextpnr#1062). *ROM / RAM
style*: \`ROM_STYLE\` / \`MEM_STYLE\` (rtl_gen --rom-style / --mem-style; logic: LUTs and
flip-flops). Yosys' and nextpnr's runs are deterministic: one run per row.

What does not fit yet, and why: every memory of a node's network interface (a send copy per
lane that asks for own packets, a receive bank per lane that delivers, the own block) becomes a
block RAM of its own on the iCE40 (two at W = 32), so the 32 block RAMs run out at 8 nodes
(ring:8 48, hypercube:3 40 at W = 8), and in logic the buffers cost more flip-flops than the
device has; torus:4x4 needs 238 % of the LUTs at W = 8 and still 223 % at W = 4, where (with
the hierarchy kept) a node is 473 LUT4 of interface, 311 of self-test user and 288 of router
(two tasks), with 4 block RAMs in the interface, 4 in the router and 3 for its ROM: 16 of them
need 2.3 times the device whatever W. On torus:2x2 (W = 32, measured once
with the hierarchy kept) a node's interface is about 490 LUT4 and 600 flip-flops, its self-test
user about 330 LUT4, its router 97: the interfaces and users, not the routers, fill the
device, and the interface's buffer state machine is the critical path (76–87 MHz).

| topology | tasks | W | ROM / RAM style | self test (cycles) | LUT4 | FF | logic cells | BRAM | Fmax (MHz) | status |
|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}
MD
