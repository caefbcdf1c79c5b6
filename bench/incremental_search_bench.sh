#!/usr/bin/env bash
# incremental_search_bench.sh OUT.md — what te_search --from buys (issue 43): one formula built
# for the largest slot count and one CaDiCaL answering L, L+1, ... under a selector each,
# against the baseline of a fresh te_search --slots S' for every S' = L..B (the first sat),
# measured in the same run, medians of REPS runs (default 3), CaDiCaL only (--no-confirm:
# MiniSat reads a fresh DIMACS either way). Both must answer unsat below B and sat at B.
# Writes the "incremental-search" section of OUT.md.
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
reps=${REPS:-3}
search=$repo/build/te_search
work=$repo/build/bench/incremental
rm -rf "$work" && mkdir -p "$work"

# seconds CMD...: the wall time of CMD, its output in $work/last
seconds() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >"$work/last" 2>&1 || { echo "incremental_search_bench: failed: $*" >&2; exit 1; }
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# answers: the slot counts and answers of $work/last, "S:answer ..."
answers() { sed -n 's/.* slots=\([0-9]*\) .* cadical=\([a-z]*\) .*/\1:\2/p' "$work/last" | tr '\n' ' '; }

rows=""
# topo, first slot count L, the slot count B of the first sat, the formula's options
while read -r topo from first opts; do
  echo "-- BENCH incremental-search: $topo $opts --from $from" >&2
  want=""
  for ((s = from; s < first; s++)); do want+="$s:unsat "; done
  want+="$first:sat "
  inc_times="" sep_times=""
  for ((r = 0; r < reps; r++)); do
    # shellcheck disable=SC2086 # opts are words
    inc_times+="$(seconds "$search" --topo "$topo" $opts --from "$from" --slots "$first" --no-confirm)"$'\n'
    [ "$(answers)" = "$want" ] || { echo "incremental_search_bench: --from answered $(answers), not $want" >&2; exit 1; }
    total=0 got=""
    for ((s = from; s <= first; s++)); do
      # shellcheck disable=SC2086
      t=$(seconds "$search" --topo "$topo" $opts --slots "$s" --no-confirm)
      total=$(awk -v a="$total" -v b="$t" 'BEGIN { printf "%.3f", a + b }')
      got+=$(answers)
    done
    [ "$got" = "$want" ] || { echo "incremental_search_bench: --slots answered $got, not $want" >&2; exit 1; }
    sep_times+="$total"$'\n'
  done
  inc=$(printf '%s' "$inc_times" | median)
  sep=$(printf '%s' "$sep_times" | median)
  rows+="| $topo | $opts | $from..$first | $sep | $inc | $(awk -v a="$sep" -v b="$inc" 'BEGIN { printf "%.2f", a / b }') |"$'\n'
done <<'CASES'
ring:8 1 8 --general
ring:8 6 8 --general
torus:3x3 1 3 --general
ring:10 7 9 --task allreduce
ring:12 9 11 --task allreduce
CASES

{
  echo "## te_search --from: incremental over the slot count (issue 43)"
  echo
  echo "\`make bench\` (bench/incremental_search_bench.sh), $(date -u +%Y-%m-%d), $(nproc) cores; medians of"
  echo "$reps runs, CaDiCaL only. *Separate*: a fresh \`te_search --slots S\` for each S from the first"
  echo "slot count to the first sat, summed; *--from*: one run, one formula and one CaDiCaL under a"
  echo "selector per slot count. Both answer unsat below the last slot count and sat at it."
  echo
  echo "| topo | formula | slot counts | separate (s) | --from (s) | separate / --from |"
  echo "|---|---|---|---|---|---|"
  printf '%s' "$rows"
} | bash "$repo/bench/tables/md_section.sh" "$out" incremental-search
