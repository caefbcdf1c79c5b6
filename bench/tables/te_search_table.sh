#!/usr/bin/env bash
# te_search_table.sh CMODEL TE_SEARCH [SIZES...] — the table of docs/SCHEDULES.md, "te templates:
# the solver's certificates": for every ring to 32, 2-D torus to 12x12 and 3-D torus to 6x6x6 (or
# the SIZES given), the verifier's lower bound, the best te schedule (verified), the best
# translation template (cmodel's coloring, verified), and te_search at the template's slots
# (sat expected) and one slot less (unsat from CaDiCaL and MiniSat: no template is shorter).
# Prints markdown on stdout; a row that does not come out as stated fails the script.
set -euo pipefail
cmodel=$1 search=$2
shift 2
sizes=("$@")
if [ ${#sizes[@]} -eq 0 ]; then
  for n in $(seq 2 32); do sizes+=("ring:$n"); done
  for a in $(seq 2 12); do for b in $(seq "$a" 12); do sizes+=("torus:${a}x$b"); done; done
  for a in $(seq 2 6); do for b in $(seq "$a" 6); do for c in $(seq "$b" 6); do sizes+=("torus:${a}x${b}x$c"); done; done; done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { sed -nE "s/.*(^| )$1=([^ ]+).*/\2/p"; }
meta() { sed -nE "s/^# $1=//p" "$2"; }

echo "| size | lower bound | found | construction | best template | template at its slots | one slot less (CaDiCaL / MiniSat) | proven optimal | solver time s |"
echo "|---|---|---|---|---|---|---|---|---|"
for topo in "${sizes[@]}"; do
  "$cmodel" schedule --topo "$topo" --task te -o "$work/best.tsv"
  ok=$("$cmodel" verify "$work/best.tsv")
  lb=$(printf '%s\n' "$ok" | field lb)
  found=$(printf '%s\n' "$ok" | field slots)
  alg=$(meta alg "$work/best.tsv")
  "$cmodel" schedule --topo "$topo" --task te --alg coloring -o "$work/template.tsv"
  tslots=$("$cmodel" verify "$work/template.tsv" | field slots)
  at=$("$search" --topo "$topo" --slots "$tslots")
  [ "$(printf '%s\n' "$at" | field cadical)" = sat ] && [ "$(printf '%s\n' "$at" | field minisat)" = sat ] ||
    { echo "te_search_table: $topo: the template of $tslots slots is not sat: $at" >&2; exit 1; }
  below=$("$search" --topo "$topo" --slots $((tslots - 1)))
  cad=$(printf '%s\n' "$below" | field cadical) mini=$(printf '%s\n' "$below" | field minisat)
  secs=$(printf '%s\n' "$below" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /_s=/) { split($i, kv, "="); s += kv[2] } } END { printf "%.3f", s }')
  if [ "$found" -eq "$lb" ]; then
    proven="yes (the lower bound)"
  elif [ "$cad" = unsat ] && [ "$mini" = unsat ] && [ "$found" -eq "$tslots" ]; then
    proven="template-level only; general: open"
  elif [ "$cad" = unsat ] && [ "$mini" = unsat ] && [ "$found" -lt "$tslots" ]; then
    proven="no; below every template; general: open"
  else
    proven=no
  fi
  echo "| $topo | $lb | $found | $alg | $tslots | sat | $cad / $mini | $proven | $secs |"
done
