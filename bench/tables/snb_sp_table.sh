#!/usr/bin/env bash
# snb_sp_table.sh CMODEL TE_SEARCH [SIZES...] — the single-port broadcast's gap rows (issue 41):
# for every ring to 64, 2-D torus to 16x16 and 3-D torus to 6x6x6 (or the SIZES given), under
# sp-full and sp-half, cmodel's snb schedule from node 0 (verified) against the verifier's lower
# bound; for every row above it, te_search's formula over whole schedules (snb_sp_cnf.h, not a
# template) at the bound, then one slot more, until CaDiCaL and MiniSat both say sat: the
# optimum, proven by their unsat answers below it. Prints a summary per family and model, then
# every row above the bound; a row whose solvers disagree, or whose sat schedule fails the
# verifier, fails the script. LIMIT (default 300) seconds per solver and formula.
set -euo pipefail
cmodel=$1 search=$2
shift 2
sizes=("$@")
if [ ${#sizes[@]} -eq 0 ]; then
  for n in $(seq 2 64); do sizes+=("ring:$n"); done
  for a in $(seq 2 16); do for b in $(seq 2 16); do sizes+=("torus:${a}x$b"); done; done
  for a in $(seq 2 6); do for b in $(seq 2 6); do for c in $(seq 2 6); do sizes+=("torus:${a}x${b}x$c"); done; done; done
fi
limit=${LIMIT:-300}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { sed -nE "s/.*(^| )$1=([^ ]+).*/\2/p"; }
family() { case $1 in ring:*) echo "ring" ;; torus:*x*x*) echo "3-D torus" ;; *) echo "2-D torus" ;; esac; }

declare -A rows at_lb sat_lb unsat_lb open
details=""
for model in sp-full sp-half; do
  for topo in "${sizes[@]}"; do
    key="$(family "$topo")|$model"
    rows[$key]=$((${rows[$key]:-0} + 1))
    ok=$("$cmodel" schedule --topo "$topo" --task snb --model "$model" -o - | "$cmodel" verify -)
    slots=$(printf '%s\n' "$ok" | field slots) lb=$(printf '%s\n' "$ok" | field lb)
    if [ "$slots" -le "$lb" ]; then at_lb[$key]=$((${at_lb[$key]:-0} + 1)); continue; fi
    # the optimum: the first slot count from lb up where both solvers say sat
    s=$lb opt='' secs=0 answer=''
    while [ "$s" -lt "$slots" ]; do
      line=$("$search" --topo "$topo" --task snb --model "$model" --slots "$s" --time-limit "$limit" || true)
      cad=$(printf '%s\n' "$line" | field cadical) mini=$(printf '%s\n' "$line" | field minisat)
      secs=$(awk -v a="$secs" -v b="$(printf '%s\n' "$line" | field cadical_s)" -v c="$(printf '%s\n' "$line" | field minisat_s)" 'BEGIN { printf "%.2f", a + b + c }')
      if [ "$cad" = sat ] && [ "$mini" = sat ]; then
        printf '%s\n' "$line" | grep -q " schedule=verified schedule_slots=$s" ||
          { echo "snb_sp_table: $topo $model: the sat schedule at $s slots fails the verifier: $line" >&2; exit 1; }
        opt=$s
        break
      fi
      if [ "$cad" != unsat ] || [ "$mini" != unsat ]; then answer="cadical=$cad minisat=$mini at $s"; break; fi
      s=$((s + 1))
    done
    [ -n "$opt" ] || [ -n "$answer" ] || opt=$slots # unsat below cmodel's: cmodel's is optimal
    if [ -n "$answer" ]; then
      [[ $answer == *unknown* ]] || { echo "snb_sp_table: $topo $model: the solvers disagree ($answer)" >&2; exit 1; }
      open[$key]=$((${open[$key]:-0} + 1)) status="open ($answer)"
    elif [ "$opt" = "$lb" ]; then
      sat_lb[$key]=$((${sat_lb[$key]:-0} + 1)) status="bound met by a schedule the solvers found"
    else
      unsat_lb[$key]=$((${unsat_lb[$key]:-0} + 1)) status="above the bound: unsat at $lb..$((opt - 1)) by both solvers"
    fi
    details+="| $model | $topo | $lb | $slots | $opt | $status | $secs |"$'\n'
  done
done

echo "| family | model | sizes | cmodel at the bound | bound met by a found schedule | optimum above the bound (proven) | open |"
echo "|---|---|---|---|---|---|---|"
for model in sp-full sp-half; do
  for fam in ring "2-D torus" "3-D torus"; do
    key="$fam|$model"
    [ -n "${rows[$key]:-}" ] || continue
    echo "| $fam | $model | ${rows[$key]} | ${at_lb[$key]:-0} | ${sat_lb[$key]:-0} | ${unsat_lb[$key]:-0} | ${open[$key]:-0} |"
  done
done
echo
echo "| model | topo | lower bound | cmodel | optimum | status | solver s |"
echo "|---|---|---|---|---|---|---|"
printf '%s' "$details"
