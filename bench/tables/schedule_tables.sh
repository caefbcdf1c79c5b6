#!/usr/bin/env bash
# schedule_tables.sh [OUT.md] — generates and verifies every task on every ring to 64 nodes,
# 2-D torus to 16x16, 3-D torus to 8x8x8, 2-D mesh to 8x8 and 3-D mesh to 4x4x4 (cmodel
# table, root 0) and writes the results into the "results" section of OUT.md (default
# docs/SCHEDULES.md): per family and task how many sizes meet the slot bound and the largest
# gap, every size that misses it, and the te slot counts of every size against their bound.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-docs/SCHEDULES.md}
bin=build/cmodel
work=build/tables
mkdir -p "$work"
base='^(snb|mnb|scatter|gather|te)$' # the papers' tasks without combining (docs/REDUCTIONS.md has the rest)
ranges="ring:2..64 torus:2x2..16x16 torus:2x2x2..8x8x8 mesh:2x2..8x8 mesh:2x2x2..4x4x4"
for r in $ranges; do
  echo "-- TABLE $r --" >&2
  "$bin" table --topo "$r" >"$work/${r//[:.]/_}.txt"
done

{
  echo "## Results: every size, generated and verified"
  echo
  echo "Written by \`bench/tables/schedule_tables.sh\` from \`cmodel table\` runs (root 0, model \`mla\`);"
  echo "$(date -u +%Y-%m-%d), romnoc $(git describe --always --dirty 2>/dev/null || echo unknown). \`make test\` checks the"
  echo "same ranges against the bound formulas (tests/bounds.awk). The combining tasks' rows are in"
  echo "docs/REDUCTIONS.md."
  echo
  echo "| sizes | task | sizes run | at the slot bound | largest gap | at the transmission bound |"
  echo "|---|---|---|---|---|---|"
  for r in $ranges; do
    awk -v r="$r" 'NR > 1 && $1 ~ base {
        n[$1]++; at[$1] += ($5 == 0); tx[$1] += ($6 == $7); if ($5 > gap[$1]) gap[$1] = $5
        if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 }
      }
      END { for (i = 1; i <= k; i++) { t = order[i]; printf "| %s | %s | %d | %d | %d | %d |\n", r, t, n[t], at[t], gap[t], tx[t] } }' \
      base="$base" "$work/${r//[:.]/_}.txt"
  done
  echo
  echo "### Every size that misses the slot bound"
  echo
  echo "Apart from \`te\` on tori (below), these are all the gaps."
  echo
  echo "| task | topo | slots | lower bound | construction |"
  echo "|---|---|---|---|---|"
  for r in $ranges; do
    awk '$1 ~ base && $5 > 0 && !($1 == "te" && $2 ~ /^(torus|ring)/) { printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $9 }' \
      base="$base" "$work/${r//[:.]/_}.txt"
  done
  echo
  echo "### te on rings and tori: slots against the lower bound"
  echo
  echo "A cell is the slot count, written \`slots/bound\` where it misses the bound. The bound is the"
  echo "largest of the verifier's counting bounds (for tori the middle cut of the largest"
  echo "dimension); the dimension-ordered exchange needs at least the sum of the per-dimension cut"
  echo "bounds, and every cell is below that."
  echo
  awk 'NR > 1 && $1 == "te" { printf "%s%s", (n++ ? ", " : "Rings 2..64: "), ($5 > 0 ? $3 "/" $4 : $3) } END { print "." }' \
    "$work/ring_2__64.txt"
  echo
  # a K1 x K2 matrix: rows K1, columns K2
  matrix() { # FILE TITLE PREFIX(awk regex on the name before the last two sizes)
    awk -v title="$2" -v pre="$3" '
      NR > 1 && $1 == "te" {
        name = $2; sub(/^torus:/, "", name); n = split(name, k, "x")
        p = ""; for (i = 1; i < n - 1; i++) p = p k[i] "x"
        if (p != pre) next
        a = k[n - 1] + 0; b = k[n] + 0; cell[a, b] = $5 > 0 ? $3 "/" $4 : $3
        if (!(a in ra)) { ra[a] = 1; rows[++nr] = a }
        if (!(b in cb)) { cb[b] = 1; cols[++nc] = b }
      }
      END {
        printf "%s\n\n| K1 \\ K2 |", title
        for (j = 1; j <= nc; j++) printf " %d |", cols[j]
        printf "\n|---|"
        for (j = 1; j <= nc; j++) printf "---|"
        printf "\n"
        for (i = 1; i <= nr; i++) {
          printf "| **%d** |", rows[i]
          for (j = 1; j <= nc; j++) printf " %s |", cell[rows[i], cols[j]]
          printf "\n"
        }
        printf "\n"
      }' "$1"
  }
  matrix "$work/torus_2x2__16x16.txt" "2-D tori torus:K1xK2:" ""
  for k in 2 3 4 5 6 7 8; do
    matrix "$work/torus_2x2x2__8x8x8.txt" "3-D tori torus:${k}xK1xK2:" "${k}x"
  done
} | bench/tables/md_section.sh "$out" results
echo "wrote the results section of $out" >&2
