#!/usr/bin/env bash
# stored_templates.sh CMODEL TE_SEARCH [LINES] — writes cmodel/templates/TASK_TOPO.tsv again
# (TASK_TOPO.MODEL.tsv under another model than mla): for each size below (LINES: only the lines
# that regex matches), the template te_search finds at the slot bound (the lb cmodel verify
# prints for the task's default schedule) with waits of one or two slots and at most 4 sources
# per output port (mnb: --task mnb --rotate, on torus:16x16 --turn; te: --task te --lanes;
# docs/SCHEDULES.md, "mnb templates for small routers" and "te templates for small routers");
# mnb on hypercube:8 walks the rotation's orbits instead of solving a formula (--chain; "mnb on
# the 8-cube: a chain of orbits"); te on hypercube:8 builds on the 7-cube's template written just
# before it, with 5 sources (--extend; "te on the 8-cube: one cube twice"); te on torus:16x16
# solves its diagonals' windows one at a time (--diagonals --by-window; "te on the 16x16
# torus"); reduce_scatter TOPO: the mnb template whose reversal in time (reduce_scatter's
# construction `stored`) gives the smallest combining router of those tried (issue 40: waits of
# one slot; docs/REDUCTIONS.md). A --general line stores a whole schedule (no template: a mesh
# has no translations), cmodel's default and bound taken under its --model (mla if none):
# one-way mnb on meshes (docs/PORT_MODELS.md), mnb and te on small 3-D meshes
# (docs/SCHEDULES.md), te on torus:3x6 and 6x3 at the cut bound, below every template (issue 43,
# docs/SCHEDULES.md), single-port te (docs/PORT_MODELS.md); a --periodic line stores a TDM
# table's one-shot unrolling (bufferless S4NOC te on torus:8x8 and 9x9 at periods 67 and 90,
# issue 43, docs/SCHEDULES.md; about 13 and 4 minutes); an snb line (te_search's snb
# formula is over whole schedules from root 0; cmodel translates it to other roots) stores the
# single-port broadcast on the 3-D tori where cmodel's greedy missed the optimum, under sp-half,
# which serves sp-full too (docs/PORT_MODELS.md). A line with its own --slots is searched at that
# many, the optimum or the best found above the bound (mesh:2x8 and 8x2: 12, one above;
# torus:5x5x5's snb: 8, one above; docs/PORT_MODELS.md). CaDiCaL and the chain search are deterministic, so the files
# come out the same; hypercube:8 mnb, hypercube:7 te and torus:16x16 te take about 3-5 minutes
# each, torus:16x16 mnb 18 to 41 (two days' runs). Stops at the first size not solved.
set -euo pipefail
cmodel=$1 search=$2 lines=${3:-.}
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
while read -r task topo args; do
  [[ "$task $topo $args" =~ $lines ]] || continue
  args=${args//@templates@/$repo/cmodel/templates}
  model=$(sed -nE 's/.*--model ([a-z0-9-]+).*/\1/p' <<<"$args")
  "$cmodel" schedule --topo "$topo" --task "$task" ${model:+--model "$model"} -o "$tmp"
  lb=$("$cmodel" verify "$tmp" | sed -nE 's/.* lb=([0-9]+).*/\1/p')
  suffix=
  [ -n "$model" ] && [ "$model" != mla ] && suffix=.$model
  out=$repo/cmodel/templates/${task}_${topo/:/-}$suffix.tsv
  search_task=$task
  [ "$task" = reduce_scatter ] && search_task=mnb
  slots=(--slots "$lb")
  [[ $args == *--slots* ]] && slots=()
  echo "$task $topo: $("$search" --topo "$topo" --task "$search_task" $args "${slots[@]}" --no-confirm --time-limit 0 -o "$out")"
  [ -s "$out" ] || { echo "stored_templates.sh: $task $topo: no template at ${slots[1]:-its} slots" >&2; exit 1; }
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
mnb mesh:2x2 --model oneway --general
mnb mesh:2x4 --model oneway --general
mnb mesh:4x2 --model oneway --general
mnb mesh:2x5 --model oneway --general
mnb mesh:5x2 --model oneway --general
mnb mesh:2x6 --model oneway --general
mnb mesh:6x2 --model oneway --general
mnb mesh:2x7 --model oneway --general
mnb mesh:7x2 --model oneway --general
mnb mesh:3x3 --model oneway --general
mnb mesh:3x4 --model oneway --general
mnb mesh:4x3 --model oneway --general
mnb mesh:3x5 --model oneway --general
mnb mesh:5x3 --model oneway --general
mnb mesh:3x6 --model oneway --general
mnb mesh:6x3 --model oneway --general
mnb mesh:3x7 --model oneway --general
mnb mesh:7x3 --model oneway --general
mnb mesh:4x4 --model oneway --general
mnb mesh:4x5 --model oneway --general
mnb mesh:5x4 --model oneway --general
mnb mesh:4x6 --model oneway --general
mnb mesh:6x4 --model oneway --general
mnb mesh:2x8 --model oneway --general --slots 12
mnb mesh:8x2 --model oneway --general --slots 12
mnb mesh:2x2x2 --model oneway --general
mnb mesh:2x3x2 --model oneway --general
mnb mesh:3x2x2 --model oneway --general
mnb mesh:2x2x4 --model oneway --general
mnb mesh:2x4x2 --model oneway --general
mnb mesh:4x2x2 --model oneway --general
mnb mesh:2x3x3 --model oneway --general
mnb mesh:3x2x3 --model oneway --general
mnb mesh:3x3x2 --model oneway --general
mnb mesh:4x2x4 --model oneway --general
mnb mesh:2x2x4 --general
mnb mesh:2x4x2 --general
mnb mesh:4x2x2 --general
mnb mesh:4x2x3 --general
mnb mesh:2x4x4 --general
te mesh:2x2x2 --general --shortest
te mesh:2x3x2 --general --shortest
te mesh:2x3x3 --general --shortest --slots 13
te torus:3x6 --general --shortest
te torus:6x3 --general --shortest
te torus:8x8 --model s4noc-bufferless --periodic --dim-order --slots 67
te torus:9x9 --model s4noc-bufferless --periodic --dim-order --slots 90
te ring:5 --model sp-half --general --shortest
te ring:7 --model sp-half --general --shortest
te mesh:2x3 --model sp-full --general --shortest
snb torus:2x3x5 --model sp-half
snb torus:2x5x3 --model sp-half
snb torus:2x5x5 --model sp-half
snb torus:3x2x5 --model sp-half
snb torus:3x3x3 --model sp-half
snb torus:3x3x5 --model sp-half
snb torus:3x3x6 --model sp-half
snb torus:3x4x5 --model sp-half
snb torus:3x5x2 --model sp-half
snb torus:3x5x3 --model sp-half
snb torus:3x5x4 --model sp-half
snb torus:3x5x5 --model sp-half
snb torus:3x5x6 --model sp-half
snb torus:3x6x3 --model sp-half
snb torus:3x6x5 --model sp-half
snb torus:4x3x5 --model sp-half
snb torus:4x5x3 --model sp-half
snb torus:4x5x5 --model sp-half
snb torus:5x2x3 --model sp-half
snb torus:5x2x5 --model sp-half
snb torus:5x3x2 --model sp-half
snb torus:5x3x3 --model sp-half
snb torus:5x3x4 --model sp-half
snb torus:5x3x5 --model sp-half
snb torus:5x3x6 --model sp-half
snb torus:5x4x3 --model sp-half
snb torus:5x4x5 --model sp-half
snb torus:5x5x2 --model sp-half
snb torus:5x5x3 --model sp-half
snb torus:5x5x4 --model sp-half
snb torus:5x5x5 --model sp-half --slots 8
snb torus:5x5x6 --model sp-half
snb torus:5x6x3 --model sp-half
snb torus:5x6x5 --model sp-half
snb torus:6x3x3 --model sp-half
snb torus:6x3x5 --model sp-half
snb torus:6x5x3 --model sp-half
snb torus:6x5x5 --model sp-half
SIZES
