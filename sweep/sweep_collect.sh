#!/usr/bin/env bash
# sweep_collect.sh [DIR] — one table from a sweep's per-job summaries (make sweep; docs/SWEEPS.md).
# DIR (default build/sweep) holds jobs.txt; job N's summary is OUT/jobs/<name>/summary.tsv (OUT:
# the line's out=, relative to the checkout), written by sweep/sweep_run.sh wherever it ran (make -j here, a Slurm array on a cluster with
# a shared checkout). Writes DIR/summary.tsv (the header, then one row per job in the order of
# jobs.txt: the sweep's own order, topo slowest, sizes numeric) and DIR/summary.md (the same as
# a Markdown table, without the job column), each beside itself then renamed. A job is missing
# when its summary is absent, older than jobs.txt (a previous sweep's) or unreadable; each
# missing and each failed job (status=fail, its reason.txt's first line) gets a line on stderr.
# Prints "sweep: N jobs: N ok, N failed, N missing -> DIR/summary.tsv, DIR/summary.md" and exits
# 1 if any job failed or is missing, 2 on bad input (no DIR/jobs.txt, a line that is no job).
set -euo pipefail
prog=sweep_collect.sh
repo=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=sweep/sweep_lib.sh
. "$repo/sweep/sweep_lib.sh"

dir=${1:-build/sweep}
jobs=$dir/jobs.txt
[ -f "$jobs" ] || sweep_die "no job list '$jobs' (sweep/sweep_jobs.sh writes it)"
dir=$(cd "$dir" && pwd) jobs=$(cd "$dir" && pwd)/jobs.txt
tsv=$dir/summary.tsv md=$dir/summary.md
cd "$repo" # a job line's out= is relative to the checkout
for i in "${!SWEEP_COLUMNS[@]}"; do if [ "${SWEEP_COLUMNS[i]}" = status ]; then status_col=$((i + 1)); fi; done
rows=$(mktemp "${TMPDIR:-/tmp}/sweep_collect.XXXXXX")
trap 'rm -f "$rows"' EXIT

mapfile -t lines <"$jobs"
n=0 nok=0 nfail=0 nmiss=0
for line in "${lines[@]}"; do
  n=$((n + 1))
  read -r -a words <<<"$line"
  [ "${words[0]-}" = "$SWEEP_RUNNER" ] || sweep_die "line $n of $jobs is no job ('${words[0]-}')"
  sweep_parse_job "${words[@]:1}"
  name=$(sweep_job_name "$topo" "$task" "$model" "$alg" "$width" "$target" "$sim")
  s=$out/jobs/$name/summary.tsv
  if [ ! -f "$s" ] || [ ! "$s" -nt "$jobs" ] || [ "$(head -n 1 "$s")" != "$SWEEP_HEADER" ] ||
    [ "$(sed -n 2p "$s" | cut -f 1)" != "$name" ]; then
    nmiss=$((nmiss + 1))
    echo "$prog: missing: job $n ($name): no summary of this sweep in $s" >&2
    continue
  fi
  row=$(sed -n 2p "$s")
  echo "$row" >>"$rows"
  if [ "$(cut -f "$status_col" <<<"$row")" = ok ]; then
    nok=$((nok + 1))
  else
    nfail=$((nfail + 1))
    why=$(head -n 1 "$(dirname "$s")/reason.txt" 2>/dev/null || echo "no reason.txt")
    echo "$prog: failed: job $n ($name): $why" >&2
  fi
done
[ $n -gt 0 ] || sweep_die "no job in '$jobs'"

{ echo "$SWEEP_HEADER"; cat "$rows"; } >"$tsv.tmp.$$"
mv -f "$tsv.tmp.$$" "$tsv"
# the Markdown table: every column but job (the others name it)
awk -F '\t' '{
  s = "|"
  for (i = 2; i <= NF; i++) s = s " " $i " |"
  print s
  if (NR == 1) { # numbers to the right
    s = "|"
    for (i = 2; i <= NF; i++) s = s ($i ~ /^(width|slots|lb|tx|txlb|luts|ffs|brams|fmax|seconds)$/ ? " ---: |" : " --- |")
    print s
  }
}' "$tsv" >"$md.tmp.$$"
mv -f "$md.tmp.$$" "$md"
echo "sweep: $n jobs: $nok ok, $nfail failed, $nmiss missing -> $tsv, $md"
[ $nfail = 0 ] && [ $nmiss = 0 ]
