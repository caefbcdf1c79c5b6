#!/usr/bin/env bash
# stored_templates.sh CMODEL TE_SEARCH — writes cmodel/templates/TASK_TOPO.tsv again: for each
# size below, the template te_search finds at the slot bound (the lb cmodel verify prints for
# the task's default schedule) with waits of one or two slots and at most 4 sources per output
# port (mnb: --task mnb --rotate, on torus:16x16 --turn; te: --task te --lanes;
# docs/SCHEDULES.md, "mnb templates for small routers" and "te templates for small routers");
# mnb on hypercube:8 walks the rotation's orbits instead of solving a formula (--chain; "mnb on
# the 8-cube: a chain of orbits"); te on hypercube:8 builds on the 7-cube's template written just
# before it, with 5 sources (--extend; "te on the 8-cube: one cube twice"); te on torus:16x16
# solves its diagonals' windows one at a time (--diagonals --by-window; "te on the 16x16
# torus"); reduce_scatter TOPO: the mnb template whose reversal in time (reduce_scatter's
# construction `stored`) gives the smallest combining router of those tried (issue 40: waits of
# one slot; docs/REDUCTIONS.md). CaDiCaL and the chain search are deterministic, so the files
# come out the same; hypercube:8 mnb, hypercube:7 te and torus:16x16 te take about 3-5 minutes
# each, torus:16x16 mnb 18 to 41 (two days' runs). Stops at the first size not solved.
set -euo pipefail
cmodel=$1 search=$2
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
while read -r task topo args; do
  args=${args//@templates@/$repo/cmodel/templates}
  "$cmodel" schedule --topo "$topo" --task "$task" -o "$tmp"
  lb=$("$cmodel" verify "$tmp" | sed -nE 's/.* lb=([0-9]+).*/\1/p')
  out=$repo/cmodel/templates/${task}_${topo/:/-}.tsv
  search_task=$task
  [ "$task" = reduce_scatter ] && search_task=mnb
  echo "$task $topo: $("$search" --topo "$topo" --task "$search_task" $args --slots "$lb" --no-confirm --time-limit 0 -o "$out")"
  [ -s "$out" ] || { echo "stored_templates.sh: $task $topo: no template at $lb slots" >&2; exit 1; }
done <<'SIZES'
mnb torus:4x4 --rotate
mnb hypercube:6 --rotate
mnb hypercube:7 --rotate
mnb hypercube:8 --rotate --chain
mnb torus:8x8 --rotate
mnb torus:4x4x4 --rotate
mnb torus:16x16 --turn
te torus:4x4 --lanes
te hypercube:5 --lanes
te hypercube:6 --lanes
te hypercube:7 --lanes
te torus:8x8 --lanes
te torus:4x4x4 --lanes
te hypercube:8 --lanes --sources 5 --extend @templates@/te_hypercube-7.tsv
te torus:16x16 --lanes --diagonals --by-window
reduce_scatter hypercube:4 --max-wait 1
reduce_scatter hypercube:5 --max-wait 1 --sources 3 --rotate
SIZES
