#!/usr/bin/env bash
# pmnb_bench.sh OUT.md — area and speed on an iCE40 HX8K of the ROM routers that run paper 004's
# tasks for an active set fixed at generation, beside the full task's router of the same topology:
# pmnb (004, whole packets and split into pieces; 004-prefix, the rank phase's counters in the
# ROMs; auto, the fastest construction for the set) next to
# mnb, pexchange (004) and pgather (its dual: 004's exchange reversed) next to te, on
# TOPOS (default torus:4x4 mesh:4x4), M = N/2 nodes drawn with KSEED=1 (cmodel's --m M --seed 1),
# W = 32, the banked router, node 0's router and ROM in the scan-chain wrapper (synth/synth.sh).
# A second table, from the golden model alone: how many packets 004's schedules make one node
# keep at once (bench/held_packets.awk) on HELD_TOPOS (default torus:4x4 mesh:4x4 torus:8x8
# mesh:8x8) for M = N/4, N/2, N — what a router that takes the set at run time must size its
# FIFOs for (docs/ARCHITECTURE.md, "A run-time active set for PMNB and partial exchange").
# Writes the "pmnb-rom" section of OUT.md. Two jobs run at a time; the figures are deterministic
# (Yosys and nextpnr with their default seeds give the same netlist and placement each run), so
# one run per design.
#   TOPOS="torus:4x4" bench/pmnb_bench.sh OUT.md   (a subset; KEEP=1 keeps the results of earlier runs)
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
topos=${TOPOS-"torus:4x4 mesh:4x4"}
held_topos=${HELD_TOPOS-"torus:4x4 mesh:4x4 torus:8x8 mesh:8x8"}
work=$repo/build/bench/pmnb_rom
mkdir -p "$work"
# the designs of one topology: task, then the make variables that name its schedule
designs() {
  local n=$1 m=$(($1 / 2))
  printf '%s\n' "mnb" "pmnb ALG=004 M=$m KSEED=1" "pmnb ALG=004 M=$m KSEED=1 SPLIT=1" "pmnb ALG=004-prefix M=$m KSEED=1" \
    "pmnb M=$m KSEED=1" "te" "pexchange ALG=004 M=$m KSEED=1" "pgather ALG=004 M=$m KSEED=1"
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
    "$repo/synth/synth.sh" >"$work/$tag.log" 2>&1 || true
  echo "-- BENCH pmnb-rom $topo $task $*: $(grep '^SYNTH' "$work/$tag.log" | tail -n 1 | cut -d' ' -f6-)" >&2
}
export -f run_job tag_of
export work repo
printf '%s\n' "${jobs[@]}" | xargs -P 2 -I{} bash -c 'run_job {}'

field() { sed -nE "s/^(.* )?$1=([^ ]+).*/\2/p"; }
fact() { awk -F= -v k="$1" '$1 == k { print $2 }' "$2"; }
rows=""
for j in "${jobs[@]}"; do
  tag=$(tag_of "$j")
  line=$(grep -h "scope=router" "$work/$tag.log" | tail -n 1) || { echo "pmnb_bench: no result for '$j' (see $work/$tag.log)" >&2; exit 1; }
  dt=$work/$tag/gen/design.txt
  # shellcheck disable=SC2086 # the job's words
  set -- $j
  m=$(printf '%s' "$j" | sed -nE 's/.* M=([0-9]+).*/\1/p')
  alg=$(sed -nE 's/.* alg=([^ ]+) .*/\1/p' "$work/$tag/gen/romnoc_router.v" | head -n 1)
  rows+="| $1 | $2$(fact fraction "$dt" | sed 's/.*/ (& pieces)/') | $alg | ${m:-all} | $(fact slots "$dt") | $(fact flit_width "$dt") | $(fact rom_width "$dt") | $(fact mem_depth "$dt") | $(printf '%s' "$line" | field luts) | $(printf '%s' "$line" | field ffs) | $(printf '%s' "$line" | field brams) | $(printf '%s' "$line" | field fmax_mhz) | $(printf '%s' "$line" | field status) |"$'\n'
done
held=""
for t in $held_topos; do
  n=$(nodes "$t")
  for task in pmnb pexchange pgather; do
    for m in $((n / 4)) $((n / 2)) $n; do
      "$repo/build/cmodel" schedule --topo "$t" --task "$task" --alg 004 --m "$m" --seed 1 -o "$work/held.tsv"
      h=$(awk -f "$repo/bench/held_packets.awk" "$work/held.tsv")
      held+="| $t | $task | $m | $(sed -n 's/^# slots=//p' "$work/held.tsv") | $(printf '%s' "$h" | field node) | $(printf '%s' "$h" | field port) |"$'\n'
    done
  done
done
bench/tables/md_section.sh "$out" pmnb-rom <<MD
## pmnb and partial exchange, active set fixed at generation (iCE40 HX8K, W = 32)

Command: \`make bench\` (runs \`bench/pmnb_bench.sh docs/BENCHMARKS.md\`); one design:
\`make synth TARGET=ice40 TOPO=torus:4x4 TASK=pmnb ALG=004 M=8 KSEED=1\` (add \`SPLIT=1\` for
the pieces; \`TASK=pexchange\`, \`TASK=pgather\`; \`TASK=mnb\` or \`TASK=te\` for the full task). The banked ROM
router running 004's schedule for M = N/2 active nodes drawn by \`--m M --seed 1\` (the same
set for pmnb, pexchange and pgather), beside the router of the full task (mnb, te: every node active,
the golden model's best construction). Node 0's router and ROM in the scan-chain wrapper as in
the synthesis section above (same flow, constraints, 100 MHz target); the router module is the
same for every node, the ROM is node 0's (a ROM per node when the schedule is not the same at
every node up to translation). A split pmnb's slot is a mini-slot (one cycle) and its flit a
piece (W = 32 bits of a 32·F-bit packet). Date $(date -u +%Y-%m-%d); romnoc
$(git describe --always --dirty 2>/dev/null || echo unknown).

| topology | task | alg | M | slots | flit | ROM bits | mem_depth | LUT4 | FF | BRAM | Fmax MHz | status |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}

What it shows. The figures are deterministic: the mnb and te rows reproduce the synthesis
section's exactly. With the set fixed, the set lives only in the ROM contents, and the router
pays for what the schedule makes it keep. 004's pmnb at M = N/2 is longer on these small 4×4
fabrics than the full mnb (8 and 10 slots against 4 and 8: 004 is built for M ≪ N and for a
set learned at run time), and its router is 3.8× (torus) and 2.5× (mesh) the mnb router: a
ROM per node and 6–7 banked packets, where mnb's schedule keeps none. With the rank phase in
the rows (004-prefix, t_p = one slot: 4d(p−1) = 24 more slots here) the ROM router sends the
counters as ROM constants, for 2 more flit bits and 1.10–1.16× the LUT4; its slots are about
what a router that learns the set at run time would take (docs/ARCHITECTURE.md, "A run-time
active set for PMNB and partial exchange"). For a set fixed at generation the better choice
is the fastest construction for that set, \`ALG=auto\` (the rows
whose alg is mnb-subset, mnb's schedule without the inactive origins' rows, on the torus, and
offline, the rarest-first search, on the mesh): the mnb router's slots and area on the torus;
6 slots against mnb's 8 on the mesh, for 2.0× its LUT4. pexchange (004) costs 2.0× te's area
on the torus, where te's stored template keeps no packet, and half of it on the mesh, where
te's greedy schedule keeps 23. pgather (pexchange's schedule reversed, the same slots) costs
what pexchange does: 650 against 691 LUT4 on the torus, 657 against 658 on the mesh. A split
pmnb counts mini-slots: per packet time the torus's 19 mini-slots of 4 pieces are 4.75
against 8 whole-packet slots, for 14 banked pieces and 27 block RAMs (each piece a W-bit
flit, so at W = 32 the design moves 4× the bits of the whole-packet one). Two rows have no
Fmax: nextpnr-ice40 placed them but its router ended with one overused wire it never
resolved (router1 still looping after 7 million iterations when the run was stopped; router2
on the same netlist aborts on an assertion), status pnr-error. The same torus pexchange
netlist with nextpnr's \`--seed 2\` instead of the flow's default routes, at 140.83 MHz (run by
hand, 2026-11-30): a placement the router cannot finish, not a design that cannot be routed.

Packets one node keeps at once in 004's schedules (\`cmodel schedule --alg 004 --m M --seed 1\`,
counted by bench/held_packets.awk from the rows: a packet that reaches a node in slot a and
leaves it on a link in slot e ≥ a + 2 waits there in slots a+1..e−1; one sent on in the next
slot goes straight through; own packets come from the local port). "node": the most packets
one node keeps; "out-link": the most one of its out-links has waiting, the depth a FIFO per
out-port would need. The ROM router's mem_depth above is the same storage after rtl_gen's
interval colouring (per design, over every node).

| topology | task | M | slots | node | out-link |
|---|---|---|---|---|---|
${held%$'\n'}
MD
