#!/usr/bin/env bash
# pmnb_bench.sh OUT.md — area and speed on an iCE40 HX8K of the ROM routers that run paper 004's
# tasks for an active set fixed at generation, beside the full task's router of the same topology:
# pmnb (004, whole packets and split into pieces) next to mnb, pexchange (004) next to te, on
# TOPOS (default torus:4x4 mesh:4x4), M = N/2 nodes drawn with KSEED=1 (cmodel's --m M --seed 1),
# W = 32, the banked router, node 0's router and ROM in the scan-chain wrapper (scripts/synth.sh).
# Writes the "pmnb-rom" section of OUT.md. Two jobs run at a time; the figures are deterministic
# (Yosys and nextpnr with their default seeds give the same netlist and placement each run), so
# one run per design.
#   TOPOS="torus:4x4" bench/pmnb_bench.sh OUT.md   (a subset; KEEP=1 keeps the results of earlier runs)
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
topos=${TOPOS-"torus:4x4 mesh:4x4"}
work=$repo/build/bench/pmnb_rom
mkdir -p "$work"
# the designs of one topology: task, then the make variables that name its schedule
designs() {
  local n=$1 m=$(($1 / 2))
  printf '%s\n' "mnb" "pmnb ALG=004 M=$m KSEED=1" "pmnb ALG=004 M=$m KSEED=1 SPLIT=1" \
    "te" "pexchange ALG=004 M=$m KSEED=1"
}
nodes() { local s=${1#*:} n=1 k; for k in ${s//x/ }; do n=$((n * k)); done; echo $n; }
tag_of() { printf '%s' "$*" | tr ' :=' '_-_'; }
jobs=()
for t in $topos; do
  while read -r d; do jobs+=("$t $d"); done < <(designs "$(nodes "$t")")
done
run_job() { # topo task VAR=VALUE...
  local topo=$1 task=$2 tag
  tag=$(tag_of "$@")
  shift 2
  if [ "${KEEP:-0}" = 1 ] && grep -q "scope=router" "$work/$tag.log" 2>/dev/null; then return; fi # resume
  env TOPO="$topo" TASK="$task" "$@" TARGET=ice40 SYNTH_DIR="$work/$tag" \
    "$repo/scripts/synth.sh" >"$work/$tag.log" 2>&1 || true
  echo "-- BENCH pmnb-rom $topo $task $*: $(grep '^SYNTH' "$work/$tag.log" | tail -n 1 | cut -d' ' -f6-)" >&2
}
export -f run_job tag_of
export work repo
printf '%s\n' "${jobs[@]}" | xargs -P 2 -I{} bash -c 'run_job {}'

field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
fact() { awk -F= -v k="$1" '$1 == k { print $2 }' "$2"; }
rows=""
for j in "${jobs[@]}"; do
  tag=$(tag_of $j)
  line=$(grep -h "scope=router" "$work/$tag.log" | tail -n 1) || { echo "pmnb_bench: no result for '$j' (see $work/$tag.log)" >&2; exit 1; }
  dt=$work/$tag/gen/design.txt
  set -- $j
  m=$(printf '%s' "$j" | sed -nE 's/.* M=([0-9]+).*/\1/p')
  alg=$(sed -nE 's/.* alg=([^ ]+) .*/\1/p' "$work/$tag/gen/romnoc_router.v" | head -n 1)
  rows+="| $1 | $2$(fact fraction "$dt" | sed 's/.*/ (& pieces)/') | $alg | ${m:-all} | $(fact slots "$dt") | $(fact flit_width "$dt") | $(fact rom_width "$dt") | $(fact mem_depth "$dt") | $(printf '%s' "$line" | field luts) | $(printf '%s' "$line" | field ffs) | $(printf '%s' "$line" | field brams) | $(printf '%s' "$line" | field fmax_mhz) | $(printf '%s' "$line" | field status) |"$'\n'
done
scripts/md_section.sh "$out" pmnb-rom <<MD
## pmnb and partial exchange, active set fixed at generation (iCE40 HX8K, W = 32)

Command: \`make bench\` (runs \`bench/pmnb_bench.sh docs/BENCHMARKS.md\`); one design:
\`make synth TARGET=ice40 TOPO=torus:4x4 TASK=pmnb ALG=004 M=8 KSEED=1\` (add \`SPLIT=1\` for
the pieces; \`TASK=pexchange\`; \`TASK=mnb\` or \`TASK=te\` for the full task). The banked ROM
router running 004's schedule for M = N/2 active nodes drawn by \`--m M --seed 1\` (the same
set for pmnb and pexchange), beside the router of the full task (mnb, te: every node active,
the golden model's best construction). Node 0's router and ROM in the scan-chain wrapper as in
the synthesis section above (same flow, constraints, 100 MHz target); the router module is the
same for every node, the ROM is node 0's (a ROM per node when the schedule is not the same at
every node up to translation). A split pmnb's slot is a mini-slot (one cycle) and its flit a
piece (W = 32 bits of a 32·F-bit packet). Date $(date -u +%Y-%m-%d); romnoc
$(git describe --always --dirty 2>/dev/null || echo unknown).

| topology | task | alg | M | slots | flit | ROM bits | mem_depth | LUT4 | FF | BRAM | Fmax MHz | status |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}
MD
