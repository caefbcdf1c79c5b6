#!/usr/bin/env bash
# bench_section.sh FILE NAME TITLE COMMAND [DOC] — writes section NAME of FILE (md_section.sh): the
# heading TITLE, the command that made the table and the machine it ran on, then the table read
# from standard input. For tables that docs/SCHEDULES.md also shows (the Makefile's
# publish_table: make te-search, s4noc-table, s4noc-search, mnb-search), so that
# docs/BENCHMARKS.md holds every measured figure.
set -euo pipefail
file=$1 name=$2 title=$3 command=$4 doc=${5:-docs/SCHEDULES.md} # DOC: where the table is explained
repo=$(cd "$(dirname "$0")/../.." && pwd)
table=$(cat)
[ -n "$table" ] || { echo "bench_section.sh: no table on standard input for $name" >&2; exit 1; }
cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
"$repo/bench/tables/md_section.sh" "$file" "$name" <<MD
## $title

Command: \`$command\` (also run by \`make bench\`; the same table is in $doc with
its explanation). Machine: $(nproc) cores, ${cpu:-unknown CPU}; $(date -u +%Y-%m-%d); romnoc
$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown).

$table
MD
