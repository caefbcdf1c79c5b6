#!/usr/bin/env bash
# reduction_tables.sh [OUT.md] — generates and verifies the combining tasks (reduce,
# reduce_scatter, allreduce, global_sum; root 0) under every port model on hypercubes, rings,
# tori and meshes (cmodel table --model M) and writes the "reductions" section of OUT.md
# (default docs/REDUCTIONS.md): per model, family and task the sizes run, how many meet the
# verifier's slot bound, the largest gap and the constructions used.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-docs/REDUCTIONS.md}
bin=build/cmodel
work=build/tables
mkdir -p "$work"
ranges="hypercube:1..10 ring:2..64 torus:3x3..16x16 torus:2x2x2..6x6x6 mesh:2x2..8x8"
name() { echo "$work/reduction_$1_$2_${3//[:.]/_}.txt"; }
for m in mla oneway sp-full sp-half; do
  for k in reduce reduce_scatter allreduce global_sum; do
    for r in $ranges; do
      echo "-- TABLE $m $k $r --" >&2
      "$bin" table --topo "$r" --task $k --model $m >"$(name $m $k "$r")"
    done
  done
done
{
  echo "## Results: every size, generated and verified"
  echo
  echo "Written by \`bench/tables/reduction_tables.sh\` from \`cmodel table --task K --model M\` runs (root 0);"
  echo "$(date -u +%Y-%m-%d), romnoc $(git describe --always --dirty 2>/dev/null || echo unknown). Every row passes the"
  echo "verifier (each contribution counted exactly once, every sum complete) and meets the transmission"
  echo "bound of reduce and reduce_scatter. The gap is against the verifier's lower bound (above)."
  echo
  echo "| model | task | sizes | run | at the slot bound | largest gap | constructions used |"
  echo "|---|---|---|---|---|---|---|"
  for m in mla oneway sp-full sp-half; do
    for k in reduce reduce_scatter allreduce global_sum; do
      for r in $ranges; do
        awk -v m=$m -v r="$r" 'NR > 1 {
            n++; at += ($5 == 0); if ($5 > gap) gap = $5
            if (!($9 in used)) { used[$9] = 1; algs = algs (algs ? ", " : "") $9 }
            task = $1
          }
          END { printf "| %s | %s | %s | %d | %d | %d | %s |\n", m, task, r, n, at, gap, algs }' "$(name $m $k "$r")"
      done
    done
  done
} | bench/tables/md_section.sh "$out" reductions
echo "wrote the reductions section of $out" >&2
