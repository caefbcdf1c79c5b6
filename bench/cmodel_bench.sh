#!/usr/bin/env bash
# cmodel_bench.sh BIN OUT.md — time and peak memory of schedule generation and verification on
# hypercubes, rings, tori and meshes
# (median of REPEAT runs), against a baseline measured in the same run: `wc -l` reading the
# same TSV (the cost of merely scanning the bytes). Writes the "cmodel" section of OUT.md.
set -euo pipefail
bin=$1 out=$2
repeat=${REPEAT:-3}
work=build/bench
mkdir -p "$work"
scripts/ensure_tools.sh /usr/bin/time:time

# measure LABEL CMD... : runs CMD repeat times; sets med_s (median seconds) and med_kb (median peak RSS)
measure() {
  local times=() mems=() i
  for ((i = 0; i < repeat; i++)); do
    local t0 t1 kb
    t0=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$work/time.txt" "$@" >/dev/null
    t1=$(date +%s%N)
    read -r kb <"$work/time.txt"
    times+=("$(awk -v n=$((t1 - t0)) 'BEGIN { printf "%.3f", n / 1e9 }')") mems+=("$kb")
  done
  med_s=$(printf '%s\n' "${times[@]}" | sort -g | sed -n "$(((repeat + 1) / 2))p")
  med_kb=$(printf '%s\n' "${mems[@]}" | sort -g | sed -n "$(((repeat + 1) / 2))p")
}
rate() { awk -v r="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.1f", r / s / 1e6; else print "-" }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

rows_md=""
goals=""
# topology:task; the goals are the issues' (mnb at D=12 and on torus:64x64 under 10 s,
# torus:16x16 and 8x8x8 under 1 s, generation + verification)
for job in hypercube:10:mnb hypercube:11:mnb hypercube:12:mnb hypercube:13:mnb hypercube:14:mnb \
  hypercube:8:te hypercube:9:te hypercube:10:te hypercube:11:te \
  ring:64:mnb torus:16x16:mnb torus:8x8x8:mnb torus:32x32:mnb torus:64x64:mnb mesh:16x16:mnb \
  ring:64:te torus:16x16:te torus:8x8x8:te mesh:8x8:te; do
  task=${job##*:} topo=${job%:*}
  tsv="$work/${topo/:/-}-$task.tsv"
  echo "-- BENCH $task $topo --" >&2
  measure "$bin" schedule --topo "$topo" --task "$task" -o "$tsv"
  gen_s=$med_s gen_kb=$med_kb
  rows=$(awk -F= '/^# rows=/ { print $2; exit }' "$tsv")
  alg=$(awk -F= '/^# alg=/ { print $2; exit }' "$tsv")
  bytes=$(stat -c %s "$tsv")
  measure "$bin" verify "$tsv"
  ver_s=$med_s ver_kb=$med_kb
  measure wc -l "$tsv"
  wc_s=$med_s
  rows_md+="| $task | $topo | $alg | $rows | $(mib $((bytes / 1024))) | $gen_s | $(mib "$gen_kb") | $(rate "$rows" "$gen_s") | $ver_s | $(mib "$ver_kb") | $(rate "$rows" "$ver_s") | $(rate "$rows" "$wc_s") |"$'\n'
  case $job in hypercube:12:mnb | torus:64x64:mnb) limit=10 ;; torus:16x16:mnb | torus:8x8x8:mnb) limit=1 ;; *) limit= ;; esac
  if [ -n "$limit" ]; then
    goals+=$(awk -v j="$task on $topo" -v g="$gen_s" -v v="$ver_s" -v l="$limit" \
      'BEGIN { t = g + v; printf "- %s under %d s: **%.2f s (%s)**", j, l, t, t < l ? "met" : "NOT met" }')$'\n'
  fi
  rm -f "$tsv"
done

cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
bench/tables/md_section.sh "$out" cmodel <<MD
## Golden model: schedule generation and verification

Command: \`make bench\` (runs \`bench/cmodel_bench.sh build/cmodel docs/BENCHMARKS.md\`, REPEAT=$repeat).
Machine: $(nproc) cores, ${cpu:-unknown CPU}; $(date -u +%Y-%m-%d); romnoc $(git describe --always --dirty 2>/dev/null || echo unknown).

Generation is \`cmodel schedule --topo T --task K -o FILE\` (the whole TSV written to disk, the
construction picked by \`--alg auto\`, named in the alg column); verification is
\`cmodel verify FILE\`. Times are wall-clock medians of $repeat runs, memory
is the median peak RSS. Baseline, measured in the same run on the same file: \`wc -l FILE\`,
which only scans the bytes.

Goals, generation + verification:
${goals%$'\n'}

| task | topo | alg | rows | TSV MiB | gen s | gen MiB | gen Mrows/s | verify s | verify MiB | verify Mrows/s | wc -l Mrows/s |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows_md%$'\n'}
MD
echo "wrote $out" >&2
