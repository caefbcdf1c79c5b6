#!/usr/bin/env bash
# bench/tables/pmnb_tables.sh [CMODEL] - the tables of docs/PMNB.md: every pmnb construction on tori
# and meshes, verified, against 004's bounds (t_p = 0: the rank phase is not in the rows).
#   whole   slots of 004, a0, mnb-subset, offline (<= 256 nodes) beside the verifier's lower
#           bound, 004 (3a)/(3b) and §3.2's upper bound, per M (one random set, seed 1)
#   split   004 and mnb-subset in packet times (slots / F) beside the lower bound and (7)/(8)
#   mnb     M = N, the full MNB by the same route, whole and split, against the golden model's
#           MNB (cmodel schedule --task mnb) and the counting bound (N-1)/(2d) or (N-1)/d
# Writes Markdown to standard output; every schedule is verified and a failure stops it.
set -euo pipefail
C=${1:-build/cmodel}
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-pmnb-tables.XXXXXX")
trap 'rm -rf "$T"' EXIT

# run TOPO ALG ARGS...: "slots lb" of a verified schedule, or "-" if the construction refuses
run() {
  local topo=$1 alg=$2 out
  shift 2
  if ! "$C" schedule --topo "$topo" --task pmnb --alg "$alg" "$@" -o "$T/s.tsv" 2>/dev/null; then
    echo "- -"
    return
  fi
  out=$("$C" verify "$T/s.tsv")
  case $out in OK*) ;; *) echo "$topo $alg $*: $out" >&2; exit 1 ;; esac
  local lb=${out#*lb=} slots=${out#OK slots=}
  echo "${slots%% *} ${lb%% *}"
}

# bounds KIND D P N M F: "(3a/3b) s3.2 (7/8)" in packet times, t_p = 0
bounds() {
  awk -v kind="$1" -v d="$2" -v p="$3" -v n="$4" -v m="$5" 'BEGIN {
    g = kind == "mesh" ? 1 : 2; r = int((p - 1 + g - 1) / g); frac = (n - 1) / n
    mc = int((m + d - 1) / d)
    printf "%.2f %.2f %.2f\n", (m - 1) / (g * d), mc * r / (p - 1) * frac + (p - 1) * d + d * r,
      m / (g * d) * frac + (kind == "mesh" ? 2 : 1.5) * (p - 1) }'
}

# dims TOPO: sets kind, d, p (the first radix), n and f (the pieces of --split)
dims() {
  kind=${1%%:*}
  IFS=x read -r -a R <<<"${1#*:}"
  d=${#R[@]} p=${R[0]} n=1
  for r in "${R[@]}"; do n=$((n * r)); done
  f=$([ "$kind" = mesh ] && echo "$d" || echo $((2 * d)))
}

# sizes_m P N: the M of a row, ascending, each once: 1, p, N/8, N/4, N/2, N
sizes_m() { printf '%s\n' 1 "$1" $(($2 / 8)) $(($2 / 4)) $(($2 / 2)) "$2" | awk '$1 >= 1' | sort -n -u; }

topos="torus:4x4 torus:8x8 torus:16x16 torus:4x4x4 torus:8x8x8 mesh:4x4 mesh:8x8 mesh:16x16"
echo "### Whole packets (004 §3.2), slots"
echo
echo "| topology | M | lower bound | (3a)/(3b) | 004 | §3.2 bound | 004-prefix | + 4d(p-1) | a0 | mnb-subset | offline |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for topo in $topos; do
  dims "$topo"
  for m in $(sizes_m "$p" "$n"); do
    read -r s004 lb <<<"$(run "$topo" 004 --m "$m" --seed 1)"
    read -r spre _ <<<"$(run "$topo" 004-prefix --m "$m" --seed 1)"
    read -r sa0 _ <<<"$(run "$topo" a0 --m "$m" --seed 1)"
    read -r ssub _ <<<"$(run "$topo" mnb-subset --m "$m" --seed 1)"
    soff=-
    [ "$n" -le 256 ] && read -r soff _ <<<"$(run "$topo" offline --m "$m" --seed 1)"
    read -r l3 up _ <<<"$(bounds "$kind" "$d" "$p" "$n" "$m")"
    echo "| $topo | $m | $lb | $l3 | **$s004** | $up | $spre | $(awk -v u="$up" -v d="$d" -v p="$p" 'BEGIN { printf "%.2f", u + 4 * d * (p - 1) }') | $sa0 | $ssub | $soff |"
  done
done
echo
echo "### Split into pieces (004 §3.1), packet times (slots / F)"
echo
echo "| topology | F | M | lower bound | (3a)/(3b) | 004 | (7)/(8) bound | 004-prefix | + 2d(p-1) | mnb-subset |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for topo in $topos; do
  dims "$topo"
  for m in $(sizes_m "$p" "$n"); do
    read -r s004 lb <<<"$(run "$topo" 004 --m "$m" --seed 1 --split)"
    read -r ssub _ <<<"$(run "$topo" mnb-subset --m "$m" --seed 1 --split)"
    read -r spre _ <<<"$(run "$topo" 004-prefix --m "$m" --seed 1 --split)"
    read -r l3 _ up <<<"$(bounds "$kind" "$d" "$p" "$n" "$m")"
    awk -v t="$topo" -v f="$f" -v m="$m" -v lb="$lb" -v l3="$l3" -v a="$s004" -v up="$up" -v msub="$ssub" \
      -v pre="$spre" -v d="$d" -v p="$p" 'BEGIN { printf "| %s | %d | %d | %.2f | %s | **%.2f** | %s | %.2f | %.2f | %.2f |\n",
        t, f, m, lb / f, l3, a / f, up, pre / f, up + 2 * d * (p - 1), msub / f }'
  done
done
echo
echo "### The full MNB (M = N) by 004's route, packet times"
echo
echo "| topology | counting bound | golden-model MNB | 004 whole | 004 split |"
echo "|---|---|---|---|---|"
for topo in torus:4x4 torus:5x5 torus:8x8 torus:9x9 torus:16x16 torus:4x4x4 torus:6x6x6 mesh:4x4 mesh:8x8 mesh:16x16; do
  dims "$topo"
  "$C" schedule --topo "$topo" --task mnb -o "$T/mnb.tsv"
  mnb=$("$C" verify "$T/mnb.tsv") mnb=${mnb#OK slots=} mnb=${mnb%% *}
  read -r w _ <<<"$(run "$topo" 004 --m "$n")"
  read -r s _ <<<"$(run "$topo" 004 --m "$n" --split)"
  awk -v t="$topo" -v kind="$kind" -v d="$d" -v n="$n" -v mnb="$mnb" -v w="$w" -v s="$s" -v f="$f" \
    'BEGIN { printf "| %s | %.2f | %d | %d | %.2f |\n", t, (n - 1) / ((kind == "mesh" ? 1 : 2) * d), mnb, w, s / f }'
done
