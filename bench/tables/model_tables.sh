#!/usr/bin/env bash
# model_tables.sh [OUT.md] — generates and verifies every task under the port models oneway,
# sp-full and sp-half on hypercubes, rings, tori and meshes (cmodel table --model, root 0) and
# writes the results into the "models" section of OUT.md (default docs/PORT_MODELS.md): per
# model, family and task how many sizes meet the slot bound, the largest gap and which
# construction won, and every size where the multinode broadcast or a one-way task misses it.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-docs/PORT_MODELS.md}
bin=build/cmodel
work=build/tables
mkdir -p "$work"
ranges() { # MODEL: the ranges run (te under the single-port models is per node: at most 512)
  case $1 in
  oneway) echo "hypercube:1..12 ring:2..64 torus:2x2..16x16 torus:2x2x2..6x6x6 mesh:2x2..8x8 mesh:2x2x2..4x4x4" ;;
  *) echo "hypercube:1..9 ring:2..64 torus:2x2..16x16 torus:2x2x2..6x6x6 mesh:2x2..8x8 mesh:2x2x2..4x4x4" ;;
  esac
}
name() { echo "$work/$1_${2//[:.]/_}.txt"; }
# the packet tasks, one table each (cmodel table's default runs the combining tasks as well, whose
# hypercube:12 partial sums do not fit the memory limit; docs/REDUCTIONS.md has their tables)
for m in oneway sp-full sp-half; do
  for r in $(ranges $m); do
    echo "-- TABLE $m $r --" >&2
    for task in snb mnb scatter gather te; do "$bin" table --topo "$r" --task $task --model $m; done |
      awk 'NR == 1 || $1 != "task"' >"$(name $m "$r")"
  done
done
"$bin" table --topo hypercube:13..16 --task mnb --model oneway >"$work/oneway_hc_big_mnb.txt"
"$bin" table --topo hypercube:13..16 --task te --model oneway >"$work/oneway_hc_big_te.txt"

{
  echo "## Results: every size, generated and verified"
  echo
  echo "Written by \`bench/tables/model_tables.sh\` from \`cmodel table --model M\` runs (root 0);"
  echo "$(date -u +%Y-%m-%d), romnoc $(git describe --always --dirty 2>/dev/null || echo unknown). Every row is"
  echo "verified under its model and meets the transmission bound. \`make test\` checks the cases"
  echo "the papers prove optimal against the bound formulas (tests/models.sh, tests/bounds.awk)."
  echo
  echo "| model | sizes | task | sizes run | at the slot bound | largest gap | constructions used |"
  echo "|---|---|---|---|---|---|---|"
  for m in oneway sp-full sp-half; do
    for r in $(ranges $m); do
      awk -v m=$m -v r="$r" 'NR > 1 {
          n[$1]++; at[$1] += ($5 == 0); if ($5 > gap[$1]) gap[$1] = $5
          if (!(($1, $9) in used)) { used[$1, $9] = 1; algs[$1] = algs[$1] (algs[$1] ? ", " : "") $9 }
          if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 }
        }
        END { for (i = 1; i <= k; i++) { t = order[i]; printf "| %s | %s | %s | %d | %d | %d | %s |\n", m, r, t, n[t], at[t], gap[t], algs[t] } }' \
        "$(name $m "$r")"
    done
  done
  echo
  echo "The one-way hypercube beyond 4096 nodes, certified from its parity template:"
  echo
  echo "| task | topo | slots | lower bound | construction |"
  echo "|---|---|---|---|---|"
  awk '$1 != "task" { printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $9 }' "$work/oneway_hc_big_mnb.txt" "$work/oneway_hc_big_te.txt"
  echo
  echo "### Multinode broadcast: every hypercube, ring and torus that misses the slot bound"
  echo
  echo "(Meshes: the counts above.)"
  echo
  echo "| model | topo | slots | lower bound | construction |"
  echo "|---|---|---|---|---|"
  for m in oneway sp-full sp-half; do
    for r in $(ranges $m); do
      awk -v m=$m '$1 == "mnb" && $5 > 0 && $2 !~ /^mesh/ { printf "| %s | %s | %s | %s | %s |\n", m, $2, $3, $4, $9 }' "$(name $m "$r")"
    done
  done
} | bench/tables/md_section.sh "$out" models
echo "wrote the models section of $out" >&2
