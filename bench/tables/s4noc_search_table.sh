#!/usr/bin/env bash
# s4noc_search_table.sh CMODEL TE_SEARCH [SIZES...] — the certificates of docs/SCHEDULES.md,
# "S4NOC, head to head": for every ring 3..16, every k x k torus 3..10 and a few others (or the
# SIZES given), cmodel's bufferless te template (s4noc-bufferless, verified) against the lower
# bound; where it is above, te_search --model s4noc-bufferless one slot below the best template
# known, CaDiCaL and MiniSat on the same formula (TIME_LIMIT seconds each, default 120): sat
# (CaDiCaL's template, verified by te_search) makes that the best and the search goes one lower,
# down to the bound; unsat from both proves no bufferless translation template is shorter (a
# template-level proof); unknown leaves it open. Prints markdown; a schedule that fails the
# verifier, or solvers that disagree, fail the script.
set -euo pipefail
cmodel=$1 search=$2
shift 2
sizes=("$@")
if [ ${#sizes[@]} -eq 0 ]; then
  for n in $(seq 3 16); do sizes+=("ring:$n"); done
  for k in $(seq 3 10); do sizes+=("torus:${k}x$k"); done
  sizes+=(torus:2x4 torus:3x4 torus:3x6 torus:4x6 torus:4x8 torus:3x3x3)
fi
limit=${TIME_LIMIT:-120}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { sed -nE "s/.*(^| )$1=([^ ]+).*/\2/p"; }

echo "| size | lower bound | cmodel (staggered) | best bufferless template | below it: CaDiCaL / MiniSat | solver time s | optimal |"
echo "|---|---|---|---|---|---|---|"
for topo in "${sizes[@]}"; do
  "$cmodel" schedule --topo "$topo" --task te --model s4noc-bufferless -o "$work/s.tsv"
  ok=$("$cmodel" verify "$work/s.tsv") || { echo "s4noc_search_table.sh: $topo: $ok" >&2; exit 1; }
  found=$(field slots <<<"$ok") lb=$(field lb <<<"$ok")
  best=$found below="—" secs=0 verdict="yes (any schedule: the bound)"
  # one slot below the best template, down to the bound: sat (verified) moves the best down
  for ((s = found - 1; s >= lb; s--)); do
    line=$("$search" --topo "$topo" --slots "$s" --model s4noc-bufferless --time-limit "$limit") ||
      { echo "s4noc_search_table.sh: $topo at $s: te_search failed: $line" >&2; exit 1; }
    cad=$(field cadical <<<"$line") mini=$(field minisat <<<"$line")
    secs=$(awk -v t="$secs" -v a="$(field cadical_s <<<"$line")" -v b="$(field minisat_s <<<"$line")" 'BEGIN { printf "%.1f", t + a + b }')
    below="$cad / $mini at $s"
    if [ "$cad" = sat ] && [ "$(field template <<<"$line")" = verified ]; then
      best=$s verdict="yes (any schedule: the bound)"
      continue
    fi
    if [ "$cad/$mini" = unsat/unsat ]; then verdict="yes (template level)"; else verdict="open"; fi
    break
  done
  [ "$best" -lt "$found" ] && [ "$best" = "$lb" ] && below="— (sat at the bound)"
  echo "| $topo | $lb | $found | $best | $below | $secs | $verdict |"
done
