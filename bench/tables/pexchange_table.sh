#!/usr/bin/env bash
# pexchange_table.sh [OUT.md] — builds and verifies task pexchange (004 §4, docs/PEXCHANGE.md)
# with constructions 004 and row-first on mesh:PxP and torus:PxP for P = 4, 6, 8, 12, 16, for
# random sets of M in {1, P, N/4, N/2, N} (seed 1) and the (P/2) x (P/2) corner block, and writes
# the table into the section "pexchange-table" of OUT.md (default docs/PEXCHANGE.md). Fails if a
# schedule does not verify or 004 exceeds 004 §4's bound 2m(N-p) + 2(p-1). About 10 seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-docs/PEXCHANGE.md}
bin=build/cmodel
work=build/tables
mkdir -p "$work"
stamp="$(date -u +%Y-%m-%d), romnoc $(git describe --always --dirty 2>/dev/null || echo unknown)"
rows=$work/pexchange_rows.txt
: >"$rows"

# run TOPO P LABEL OPTS...: one line "topo p M label slots(004) slots(row-first) lb" into $rows
run() {
  local topo=$1 p=$2 label=$3 a f v s=() lb='' m=''
  shift 3
  for a in 004 row-first; do
    f=$work/pexchange.tsv
    "$bin" schedule --topo "$topo" --task pexchange "$@" --alg "$a" -o "$f"
    v=$("$bin" verify "$f") || { echo "pexchange_table: $topo $label --alg $a does not verify: $v" >&2; exit 1; }
    [[ $v =~ ^OK\ slots=([0-9]+)\ lb=([0-9]+) ]] || { echo "pexchange_table: verify says '$v'" >&2; exit 1; }
    s+=("${BASH_REMATCH[1]}") lb=${BASH_REMATCH[2]}
    m=$(sed -n 's/^# m=//p' "$f")
  done
  echo "$topo $p $m $label ${s[0]} ${s[1]} $lb" >>"$rows"
}

for kind in mesh torus; do
  for p in 4 6 8 12 16; do
    n=$((p * p)) h=$((p / 2))
    echo "-- TABLE pexchange $kind:${p}x$p --" >&2
    for M in $(printf '%s\n' 1 "$p" $((n / 4)) $((n / 2)) "$n" | sort -nu); do run "$kind:${p}x$p" "$p" random --m "$M" --seed 1; done
    ids=$(for ((i = 0; i < h; i++)); do for ((j = 0; j < h; j++)); do echo $((j + p * i)); done; done | paste -sd,)
    run "$kind:${p}x$p" "$p" "corner ${h}x$h" --active "$ids"
  done
done

# the bounds, computed here from p and M: 004 s4's upper bound, the worst-case bound mN/4 and
# (the corner block on the mesh) bound (a) m(N - m^2)/2
table=$(awk '
  function isqrt(x, r) { r = int(sqrt(x)); while (r * r > x) r--; while ((r + 1) * (r + 1) <= x) r++; return r }
  {
    topo = $1; p = $2; M = $3; label = $4 (NF == 8 ? " " $5 : ""); s = $(NF - 2); rf = $(NF - 1); lb = $NF
    n = p * p; m = isqrt(M); ub = 2 * m * (n - p) + 2 * (p - 1); wc = m * n / 4
    a = (label ~ /^corner/ && topo ~ /^mesh/) ? sprintf("%d", int((m * (n - m * m) + 1) / 2)) : "-"
    if (s > ub) { print "pexchange_table: " topo " M=" M " " label ": 004 takes " s " > " ub > "/dev/stderr"; bad = 1 }
    printf "| %s | %d | %s | %d | %d | %d | %d | %s | %g | %d | %.2f | %.2f |\n", topo, M, label, m, s, rf, ub, a, wc, lb, s / wc, s / lb
  }
  END { exit bad }' "$rows")

{
  echo "Written by \`bench/tables/pexchange_table.sh\` ($stamp): \`cmodel schedule --topo KIND:PxP --task pexchange --m M --seed 1 --alg A\`"
  echo "(random sets) or \`--active\` the (p/2) x (p/2) corner block, then \`cmodel verify\`; every schedule verified."
  echo "Slots are phase 2 only: add p t_p for phase 1 (p slots at t_p = 1). m = floor(sqrt(M)); 'bound' is"
  echo "004 s4's 2m(N-p) + 2(p-1); '(a)' is 004 s4's lower bound m(N-m^2)/2 for the corner block on the mesh;"
  echo "mN/4 is 004 s4's worst-case lower bound: some placement of M active nodes needs that many slots on the"
  echo "mesh, not every one (the torus's cuts give half of it); 'lb' is the verifier's bound for this set."
  echo
  echo "| topo | M | set | m | 004 | row-first | bound | (a) | mN/4 | lb | 004 / (mN/4) | 004 / lb |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "$table"
} | bench/tables/md_section.sh "$out" pexchange-table
