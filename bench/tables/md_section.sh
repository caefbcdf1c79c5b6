#!/usr/bin/env bash
# md_section.sh FILE NAME — replaces the section between "<!-- bench:NAME -->" and
# "<!-- /bench:NAME -->" in FILE with standard input (appends it if absent), atomically.
set -euo pipefail
file=$1 name=$2
body=$(cat)
tmp=$(mktemp "${file}.XXXXXX")
trap 'rm -f "$tmp"' EXIT
{
  if [ -f "$file" ] && grep -q "^<!-- bench:$name -->$" "$file"; then
    awk -v name="$name" -v body="$body" '
      $0 == "<!-- bench:" name " -->" { print; print body; skip = 1; next }
      $0 == "<!-- /bench:" name " -->" { skip = 0 }
      !skip { print }' "$file"
  else
    [ -f "$file" ] && cat "$file" || printf '# romnoc benchmarks\n\nEach section is written by `make bench`; figures are medians of repeated runs on the\nmachine named in the section.\n'
    printf '\n<!-- bench:%s -->\n%s\n<!-- /bench:%s -->\n' "$name" "$body" "$name"
  fi
} >"$tmp"
mv "$tmp" "$file"
trap - EXIT
