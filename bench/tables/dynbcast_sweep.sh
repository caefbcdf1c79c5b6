#!/usr/bin/env bash
# dynbcast_sweep.sh [BIN [OUT.md]] — 004 §5's dynamic broadcasting on p = 8, d = 2 (docs/DYNAMIC.md):
# `cmodel dynbcast` on torus:8x8 and mesh:8x8, t_p = 0 and 1, whole packets and --split (8
# series), each over rho = 0.1, 0.2, ..., 0.9, 0.95 of its stability limit rho* and once beyond
# it (1.1 rho*). Writes the data build/dynbcast/p8.tsv (cmodel's columns, one header), the chart
# docs/dynbcast_p8.svg (bench/tables/dynbcast_plot.sh) and the tables of OUT.md (default
# docs/DYNAMIC.md, sections dynbcast-summary and dynbcast-sweep).
# Environment: ROUNDS (rounds per load, default 3000), SEED (default 1), JOBS (series run at once,
# default the number of cores). About 2 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/cmodel}
out=${2:-docs/DYNAMIC.md}
rounds=${ROUNDS:-3000} seed=${SEED:-1} jobs=${JOBS:-$(nproc)}
work=build/dynbcast
mkdir -p "$work"
fractions="0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 0.95 1.1"
stamp="$(date -u +%Y-%m-%d), romnoc $(git describe --always --dirty 2>/dev/null || echo unknown), seed $seed, $rounds rounds per load"

series=() # topo:tp:model, the order of the data file and the tables
for topo in torus:8x8 mesh:8x8; do
  for model in whole split; do
    for tp in 0 1; do series+=("$topo:$tp:$model"); done
  done
done

# run_series TOPO TP MODEL: one series into $work/TOPO-TP-MODEL.tsv
run_series() {
  local topo=$1 tp=$2 model=$3 opt=() star rhos f
  [ "$model" = split ] && opt=(--split)
  star=$("$bin" dynbcast --topo "$topo" --tp "$tp" "${opt[@]}" --rho 0.01 --rounds 300 | awk -F'\t' 'NR == 2 { print $12 }')
  rhos=$(for f in $fractions; do awk -v f="$f" -v s="$star" 'BEGIN { printf "%.4f\n", f * s }'; done | paste -sd, -)
  echo "-- DYNBCAST $topo t_p=$tp $model: rho* = $star, rho = $rhos --" >&2
  "$bin" dynbcast --topo "$topo" --tp "$tp" "${opt[@]}" --rho "$rhos" --rounds "$rounds" --seed "$seed" \
    >"$work/${topo/:/-}-$tp-$model.tsv.tmp"
  mv "$work/${topo/:/-}-$tp-$model.tsv.tmp" "$work/${topo/:/-}-$tp-$model.tsv"
}

pids=()
for s in "${series[@]}"; do
  IFS=: read -r kind size tp model <<<"$s"
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  run_series "$kind:$size" "$tp" "$model" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done

# the data file: one header, the series in order
{
  first=1
  for s in "${series[@]}"; do
    IFS=: read -r kind size tp model <<<"$s"
    f="$work/$kind-$size-$tp-$model.tsv"
    if [ $first = 1 ]; then cat "$f"; first=0; else tail -n +2 "$f"; fi
  done
} >"$work/p8.tsv.tmp"
mv "$work/p8.tsv.tmp" "$work/p8.tsv"
bench/tables/dynbcast_plot.sh "$work/p8.tsv" docs/dynbcast_p8.svg

# the capacity of the scheme as built: a round of all N nodes takes rank + S_N / fraction, so the
# scheme carries at most N packets per such round, lambda_sat = 1 / (rank + S_N / fraction) and
# rho_sat = N X lambda_sat (12)
capacity() { # capacity TOPO TP MODEL: "S_N/fraction rho_sat"
  local topo=$1 tp=$2 model=$3 opt=() tsv
  [ "$model" = split ] && opt=(--split)
  tsv="$work/full-${topo/:/-}-$model.tsv"
  "$bin" schedule --topo "$topo" --task pmnb --m 64 "${opt[@]}" -o "$tsv"
  awk -F= -v tp="$tp" -v model="$model" -v x="$(awk -F'\t' -v t="$topo" -v tp="$tp" -v m="$model" '$1 == t && $3 == tp && $2 == m { print $7; exit }' "$work/p8.tsv")" '
    /^# slots=/ { s = $2 } /^# fraction=/ { f = $2 }
    END { if (!f) f = 1; p = 8; d = 2; rank = (model == "split" ? 2 : 4) * d * (p - 1) * tp
          printf "%.2f %.4f\n", s / f, 64 * x / (rank + s / f) }' "$tsv"
}

{
  echo "Written by \`bench/tables/dynbcast_sweep.sh\` ($stamp): \`cmodel dynbcast --topo T --tp TP [--split] --rho LIST --rounds $rounds --seed $seed\`,"
  echo "construction 004. rho* is (14) for split packets and 1/(1 + V/(NX)) for whole ones (both: 1 - rho - lambda V > 0);"
  echo "S_N is the 004 schedule of all 64 nodes, in packet times; rho_sat = N X / (rank + S_N), the load at which rounds of"
  echo "all 64 nodes just keep up (the scheme as built cannot carry more). T at 0.1 rho* and at 0.9 rho*, with the bound"
  echo "(11) beside it; T at 1.1 rho*, where (11) gives no bound."
  echo
  echo "| topology | packets | t_p | X | V | 1.5V + X | rho* | S_N | rho_sat | T at 0.1 rho* | (11) | T at 0.9 rho* | (11) | T at 1.1 rho* |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for s in "${series[@]}"; do
    IFS=: read -r kind size tp model <<<"$s"
    read -r sn sat < <(capacity "$kind:$size" "$tp" "$model")
    awk -F'\t' -v t="$kind:$size" -v tp="$tp" -v m="$model" -v sn="$sn" -v sat="$sat" '
      $1 == t && $3 == tp && $2 == m { n++; T[n] = sprintf("%.1f ± %.1f", $9, $10); B[n] = $11; x = $7; v = $8; star = $12; light = $13 }
      END { printf "| %s | %s | %s | %.4f | %.1f | %.1f | %.4f | %s | %.4f | %s | %.1f | %s | %.1f | %s |\n",
                   t, m, tp, x, v, light, star, sn, sat, T[1], B[1], T[9], B[9], T[11] }' "$work/p8.tsv"
  done
} | bench/tables/md_section.sh "$out" dynbcast-summary

{
  echo "Written by \`bench/tables/dynbcast_sweep.sh\` ($stamp). Every load of the sweep: T is the mean delay"
  echo "and its 95% interval (30 batch means, Student t), (11) the bound, M the mean number of active nodes per round and"
  echo "'round' the mean round length; T/(11) is how much of the bound the delay uses."
  echo
  echo "| topology | packets | t_p | rho | rho / rho* | lambda | T | (11) | T / (11) | M | round |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  awk -F'\t' 'NR > 1 {
      ratio = $11 == "unstable" ? "-" : sprintf("%.2f", $9 / $11)
      printf "| %s | %s | %s | %s | %.2f | %s | %.2f ± %.2f | %s | %s | %.1f | %.1f |\n", $1, $2, $3, $5, $5 / $12, $6, $9, $10, $11, ratio, $14, $15 }' "$work/p8.tsv"
  echo
  echo "![mean delay against rho, p = 8, d = 2](dynbcast_p8.svg)"
} | bench/tables/md_section.sh "$out" dynbcast-sweep
