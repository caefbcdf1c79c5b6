#!/usr/bin/env bash
# synth_bench.sh OUT.md — area and speed of one router on an iCE40 HX8K (Yosys synth_ice40 +
# nextpnr-ice40): every task on hypercube:2..8, and mnb and te on the tori and rings below,
# the default (banked) router, with tagged flits (the default) and bare ones (--flit bare, the
# payload alone on the links), against the previous design — git revision BASELINE
# (bench/baseline_tree.sh; BASELINE=none for no baseline), its own rtl_gen and synth.sh —
# synthesised in the same run, the packet memory's lifetime minimum beside mem_depth
# (rtl_gen/mem_bound.h), the floor the lanes' multiplexers set, and Yosys generic LUT counts of
# the whole fabric up to 16 nodes. Writes the "synth" section of OUT.md, with issue 16's goal
# checked on every row. Two jobs run at a time (the figures are deterministic: no timing is
# measured).
#   SIZES="2 3 4" TASKS="mnb te" TORI="torus:4x4" bench/synth_bench.sh OUT.md   (a subset)
#   REUSE=1 keeps the figures of designs already synthesised under build/bench/synth (delete a
#   design's log to synthesise it again)
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
sizes=${SIZES-"2 3 4 5 6 7 8"}
tasks=${TASKS:-"snb mnb scatter gather te"}
tori=${TORI-"ring:8 ring:16 torus:4x4 torus:8x8 torus:16x16 torus:4x4x4"}
work=$repo/build/bench/synth
mkdir -p "$work"
. "$repo/bench/baseline_tree.sh"
baseline=$baseline_rev
synth_prev= # the previous design's synth.sh, run from its own tree
if [ "$baseline" != none ]; then
  baseline_tree "$baseline" "$work/baseline"
  synth_prev=$base_src/synth/synth.sh
fi
designs=() # "topo task"
for task in $tasks; do
  for d in $sizes; do designs+=("hypercube:$d $task"); done
done
for topo in $tori; do
  for task in mnb te; do designs+=("$topo $task"); done
done
jobs=()
for x in "${designs[@]}"; do
  jobs+=("$x banked ice40" "$x banked generic" "$x bare ice40")
  [ -n "$synth_prev" ] && jobs+=("$x previous ice40")
done
run_job() { # topo task design(banked|bare|previous) target
  local topo=$1 task=$2 design=$3 target=$4 tag=${1/:/-}-$2-$3 script=$repo/synth/synth.sh flit=tagged
  [ "$design" = previous ] && script=$synth_prev
  [ "$design" = bare ] && flit=bare
  if [ "${REUSE:-0}" = 1 ] && grep -q '^SYNTH.*scope=router' "$work/$tag-$target.log" 2>/dev/null; then return 0; fi
  FLIT=$flit TOPO=$topo TASK=$task TARGET=$target SYNTH_DIR="$work/$tag-$target" "$script" >"$work/$tag-$target.log" 2>&1 || true
  echo "-- BENCH synth $topo $task $design $target: $(grep '^SYNTH' "$work/$tag-$target.log" | tail -n 1 | cut -d' ' -f6-)" >&2
}
export -f run_job
export work repo synth_prev
printf '%s\n' "${jobs[@]}" | xargs -P 2 -I{} bash -c 'run_job {}'

field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
router_line() { grep -hs "scope=router" "$1" | tail -n 1 || true; } # LOG: synth.sh's router line, if any
cells() { # LINE KEY...: the keys' values in LINE as table cells "a | b | c" (empty where absent)
  local line=$1 k sep=""
  shift
  for k; do printf '%s%s' "$sep" "$(printf '%s' "$line" | field "$k" || true)"; sep=" | "; done
}
per_port_bit() { awk -v l="$1" -v p="$2" 'BEGIN { printf "%.2f", l / (p * 32) }'; } # LUTS PORTS: the goal's unit
declare -A per_bit # LUT4 per bit of a k-source output multiplexer (bench/mux_bench.sh)
mux_floor() {      # mux_floor DESIGN.TXT: the lanes' multiplexers alone, in LUT4 / (ports x 32)
  local f=$1 fw ports k sum=0
  fw=$(awk -F= '$1 == "flit_width" { print $2 }' "$f") ports=$(awk -F= '$1 == "ports" { print $2 }' "$f")
  for k in $(awk -F= '$1 == "lane_sources" { gsub(",", " ", $2); print $2 }' "$f"); do
    [ -n "${per_bit[$k]-}" ] || per_bit[$k]=$(bash "$repo/bench/mux_bench.sh" --per-bit "$k")
    sum=$(awk -v s="$sum" -v b="${per_bit[$k]}" -v w="$fw" 'BEGIN { print s + b * w }')
  done
  per_port_bit "$sum" "$ports"
}
above() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a - b }'; } # PER FLOOR: the distance to the floor
rows="" bare_rows=""
for x in "${designs[@]}"; do
  set -- $x
  topo=$1 task=$2 tag=${1/:/-}-$2
  b=$(router_line "$work/$tag-banked-ice40.log")
  s=$(router_line "$work/$tag-previous-ice40.log") # none with BASELINE=none
  fab=$(grep -h "scope=fabric" "$work/$tag-banked-generic.log" | field luts || true) # none beyond 16 nodes
  ports=$(awk -F= '$1 == "ports" { print $2 }' "$work/$tag-banked-ice40/gen/design.txt")
  nodes=$(awk -F= '$1 == "nodes" { print $2 }' "$work/$tag-banked-ice40/gen/design.txt")
  held=$(awk -F= '$1 == "mem_lifetime_min" { print $2 }' "$work/$tag-banked-ice40/gen/design.txt")
  floor=$(mux_floor "$work/$tag-banked-ice40/gen/design.txt")
  luts=$(printf '%s' "$b" | field luts)
  per=$(per_port_bit "${luts:-0}" "$ports")
  prev=$(printf '%s' "$s" | field luts || true)
  prev_per=$([ -n "$prev" ] && per_port_bit "$prev" "$ports" || true)
  r=$(router_line "$work/$tag-bare-ice40.log")
  bare_luts=$(printf '%s' "$r" | field luts || true)
  bare_per=$(per_port_bit "${bare_luts:-0}" "$ports") bare_floor=$(mux_floor "$work/$tag-bare-ice40/gen/design.txt")
  bare_rows+="| $task | $topo | $ports | ${bare_luts:-?} | $(cells "$r" ffs brams fmax_mhz status) | $bare_per | $bare_floor | $(above "$bare_per" "$bare_floor") | $per |"$'\n'
  rows+="| $task | $topo | $ports | ${luts:-?} | $(cells "$b" ffs brams fmax_mhz status mem_depth) | ${held:--} | $nodes | $per | $floor | ${prev:--} | ${prev_per:--} | $(cells "$s" brams fmax_mhz status) | ${fab:--} |"$'\n'
done
# issue 16's goal, row by row: at most 4 LUT4 per (port x payload bit) at >= 100 MHz, placed and
# routed. goal ROWS STATUS FMAX PER: the columns of a table's status, Fmax and LUT/(port x bit)
goal() {
  printf '%s' "$1" | awk -F' *[|] *' -v st="$2" -v fm="$3" -v pb="$4" '{ n++; if ($st == "ok" && $pb + 0 <= 4 && $fm + 0 >= 100) met++; else miss = miss (miss ? ", " : "") $2 " " $3 " (" $pb ", " ($fm == "" ? "none" : $fm) " MHz, " $st ")" }
    END { printf "met by %d of %d routers", met, n; if (miss) printf "; not met: %s", miss }'
}
goal_tagged=$(goal "$rows" 9 8 13) goal_bare=$(goal "$bare_rows" 9 8 10)
# issue 40's goal on the bare table: within 0.35 LUT4 per (port x bit) of the mux floor
goal_floor=$(printf '%s' "$bare_rows" | awk -F' *[|] *' '{ n++; if ($12 + 0 <= 0.35) met++; else miss = miss (miss ? ", " : "") $2 " " $3 " (" $12 ")" }
  END { printf "met by %d of %d routers", met, n; if (miss) printf "; not met: %s", miss }')
bench/tables/md_section.sh "$out" synth <<MD
## Synthesis: iCE40 HX8K (CT256), Yosys 0.23 + nextpnr-ice40 0.4, W = 32

Command: \`make bench\` (runs \`bench/synth_bench.sh docs/BENCHMARKS.md\`); one router, \`make synth
TARGET=ice40\` (synth/synth.sh): node 0's router and ROM inside a scan-chain wrapper
(romnoc_synth_top: every router lane input from a shift register, every lane output captured
into one, so nothing is optimised away and six pins suffice), hierarchy kept, only the router
and ROM modules counted; nextpnr with synth/constraints/ice40_hx8k_ct256.pcf and a 100 MHz clock
constraint (synth/constraints/clock.py), default placer and router. Fmax is nextpnr's estimate
for the whole wrapper. Date $(date -u +%Y-%m-%d); romnoc $(git describe --always --dirty 2>/dev/null || echo unknown).

Goal (issue 16): every router at most 4 LUT4 per (port × payload bit) at ≥ 100 MHz on the HX8K —
with tagged flits (the default, first table) ${goal_tagged:-not run}; with bare flits (\`--flit
bare\`, second table) ${goal_bare:-not run}.

Columns: banked = the default architecture; ports = router lanes; LUT/(port×bit) = LUT4 /
(ports × 32 payload bits); mem_depth = packet-memory entries in the banks, against the N a
router would need to keep every packet (the delay registers that carry packets sent two slots
after arrival are counted in FFs, not here); lifetime min = the fewest entries any router could
have for this schedule (the most packets a node holds three or more slots at once, one entry per
packet, but for a send one slot after a send of the same packet, which an output register holds:
rtl_gen/mem_bound.h), which the banks exceed because they keep a copy per sending lane
and split a lane's copies into sub-banks; mux floor = what the lanes' output multiplexers alone
cost, in the same unit: Σ over lanes of (LUT4 per bit of a multiplexer of that lane's sources,
from bench/mux_bench.sh, "mux" below) × flit bits, over (ports × 32) — a router whose floor
exceeds 4 cannot meet the goal with this datapath, whatever its memories; previous = the same
router as designed at git revision \`$baseline\` (BASELINE=; before issue 16's select encoding and
\`no_rw_check\`), generated and synthesised from that revision's tree in the same run; fabric =
Yosys generic \`synth -lut 4\` LUTs of the whole fabric (up to 16 nodes).

| task | topo | ports | LUT4 | FF | BRAM | Fmax MHz | status | mem_depth | lifetime min | N | LUT/(port×bit) | mux floor | previous LUT4 | previous LUT/(port×bit) | previous BRAM | previous Fmax | previous status | fabric LUTs |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}

Bare flits (\`rtl_gen --flit bare\`, docs/ARCHITECTURE.md "Flits"): the same routers with the
payload alone on the links, 32 bits instead of 32 + 2⌈log2 N⌉ + 1, since the ROM already says
which packet every lane carries; LUT/(port×bit) and mux floor as above (the floor with the bare
flit's 32 bits); above floor = LUT/(port×bit) − mux floor, what the router costs beyond its
multiplexers (issue 40's goal: at most 0.35, ${goal_floor:-not run}); tagged = the first
table's LUT/(port×bit) of the same router.

| task | topo | ports | LUT4 | FF | BRAM | Fmax MHz | status | LUT/(port×bit) | mux floor | above floor | tagged LUT/(port×bit) |
|---|---|---|---|---|---|---|---|---|---|---|---|
${bare_rows%$'\n'}

For comparison, the published figure of Hoplite (Kapre & Gray, FPL 2015), the smallest
well-known FPGA router: about 60 LUTs and 100 FFs at about 2.9 ns on a Xilinx device. What
differs: Hoplite has 2 ports and routes dynamically by deflection, deciding each packet's
output at run time, so a collective takes as long as its traffic happens to take; it is
measured on 6-input Xilinx LUTs. A romnoc router has one lane per port, all sending and
receiving in every slot, decides nothing at run time, finishes its collective in the minimum
number of slots, and is measured here in 4-input iCE40 LUTs; its cost grows with the ports,
the payload width and the packets its schedule must hold.
MD
echo "wrote $out" >&2
