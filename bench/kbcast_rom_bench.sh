#!/usr/bin/env bash
# kbcast_rom_bench.sh OUT.md — area and speed on an iCE40 HX8K of the kbcast router whose active
# set is fixed at generation (001's three phases, counters and terminations as ROM constants)
# beside the mnb router of the same hypercube: hypercube:D for D in SIZES (default 4..7),
# K = N/2 drawn with KSEED=1 (cmodel's --k K --seed 1), W = 32, banked architecture, node 0's
# router (a ROM per node: node 0 runs the prefix's root and sends K to the trees' roots).
# Slots are checked against 001's formula 2*ceil(K/d) + 4d. Writes the "kbcast-rom" section
# of OUT.md. Two jobs run at a time (the figures are deterministic: no timing is measured).
#   SIZES="4 5" bench/kbcast_rom_bench.sh OUT.md   (a subset; KEEP=1 keeps the results of earlier runs)
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
sizes=${SIZES-"4 5 6 7"}
work=$repo/build/bench/kbcast_rom
mkdir -p "$work"
jobs=()
for d in $sizes; do jobs+=("$d kbcast" "$d mnb"); done
run_job() { # d task
  local d=$1 task=$2 tag=hc$1-$2 extra=()
  if [ "${KEEP:-0}" = 1 ] && grep -q "scope=router" "$work/$tag.log" 2>/dev/null; then return; fi # resume
  [ "$task" = kbcast ] && extra=(ALG=001 K=$(((1 << d) / 2)) KSEED=1)
  env TOPO="hypercube:$d" TASK="$task" "${extra[@]}" TARGET=ice40 SYNTH_DIR="$work/$tag" \
    "$repo/synth/synth.sh" >"$work/$tag.log" 2>&1 || true
  echo "-- BENCH kbcast-rom hypercube:$d $task: $(grep '^SYNTH' "$work/$tag.log" | tail -n 1 | cut -d' ' -f6-)" >&2
}
export -f run_job
export work repo
printf '%s\n' "${jobs[@]}" | xargs -P 2 -I{} bash -c 'run_job {}'

field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
fact() { awk -F= -v k="$1" '$1 == k { print $2 }' "$2"; }
rows=""
for d in $sizes; do
  k=$(((1 << d) / 2))
  kb=$(grep -h "scope=router" "$work/hc$d-kbcast.log" | tail -n 1)
  mn=$(grep -h "scope=router" "$work/hc$d-mnb.log" | tail -n 1)
  kd=$work/hc$d-kbcast/gen/design.txt md=$work/hc$d-mnb/gen/design.txt
  slots=$(fact slots "$kd") want=$((2 * ((k + d - 1) / d) + 4 * d))
  [ "$slots" = "$want" ] || { echo "kbcast_rom_bench: hypercube:$d K=$k has $slots slots, 001's formula $want" >&2; exit 1; }
  rows+="| $d | $k | $slots | $(fact flit_width "$kd") | $(fact rom_width "$kd") | $(fact mem_depth "$kd") | $(printf '%s' "$kb" | field luts) | $(printf '%s' "$kb" | field ffs) | $(printf '%s' "$kb" | field brams) | $(printf '%s' "$kb" | field fmax_mhz) | $(printf '%s' "$kb" | field status) | $(fact slots "$md") | $(fact flit_width "$md") | $(fact rom_width "$md") | $(printf '%s' "$mn" | field luts) | $(printf '%s' "$mn" | field ffs) | $(printf '%s' "$mn" | field brams) | $(printf '%s' "$mn" | field fmax_mhz) | $(printf '%s' "$mn" | field status) |"$'\n'
done
bench/tables/md_section.sh "$out" kbcast-rom <<MD
## kbcast, active set fixed at generation (iCE40 HX8K, W = 32)

Command: \`make bench\` (runs \`bench/kbcast_rom_bench.sh docs/BENCHMARKS.md\`); one design:
\`make synth TARGET=ice40 TOPO=hypercube:D TASK=kbcast ALG=001 K=\$((2**(D-1))) KSEED=1\`.
The banked ROM router running 001's three-phase schedule (docs/KBCAST.md) for K = N/2 active
nodes drawn by \`--k K --seed 1\`: the prefix counters and the termination packets are
constants of node 0's ROM (const_end, const_value per lane that sends one) and travel with a
2-bit kind field in the flit; beside it the mnb router of the same cube (every node
broadcasts, 000's optimal ceil((N-1)/d) slots, a ROM shared by every node). Node 0's router
and ROM in the scan-chain wrapper as in the synthesis section above (same flow, constraints,
100 MHz target). Slots checked against 001's 2⌈K/d⌉ + 4d. Date $(date -u +%Y-%m-%d); romnoc
$(git describe --always --dirty 2>/dev/null || echo unknown).

| D | K | slots | flit | ROM bits | mem_depth | LUT4 | FF | BRAM | Fmax MHz | status | mnb slots | mnb flit | mnb ROM bits | mnb LUT4 | mnb FF | mnb BRAM | mnb Fmax | mnb status |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}

What it costs: the control words themselves are cheap (two more flit bits; per lane that sends
one, D + 2 ROM bits and one more multiplexer input). The area is 001's phase 2: packets wait
in the per-port FIFOs of the reversed trees, so node 0's router keeps up to mem_depth packets
in its banks (8 at D = 4, 105 at D = 7) where mnb's shared router keeps at most 48, and the
ROM word is wider (a program per node, more bank fields). At K = N/2 the router fits the HX8K
up to D = 6 (98 MHz there, just under the 100 MHz target) and does not fit at D = 7. The
active set is in the ROM contents: another set means another ROM image. A router that takes
the set at run time is a separate design (its own section).
MD
