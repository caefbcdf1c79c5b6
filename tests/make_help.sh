#!/usr/bin/env bash
# tests/make_help.sh — `make help` (issue 15) lists every target and every variable of the
# Makefile with one line each, and names none that the Makefile lacks. The targets are read
# from the Makefile's .PHONY lines, the variables from its "NAME ?=" lines: the test knows no
# list of its own, so a target or variable added without a help line fails here.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then "make_help: N passed, N
# failed"; exits 1 if any check failed.
BIN=/bin/true NAME=make_help
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
cd "$HERE/.."

make -s --no-print-directory help >"$T/help" 2>&1
rc=$?
expect "make help exits 0 and prints a usage line" '[ $rc = 0 ] && head -n 1 "$T/help" | grep -q "^usage: make"' "exit $rc" "$T/help"
targets=$(sed -n 's/^\.PHONY: *//p' Makefile | tr ' ' '\n' | grep -v '^$' | sort -u)
variables=$(sed -n 's/^\([A-Z][A-Z0-9_]*\) *?=.*/\1/p' Makefile | sort -u)
expect "the Makefile has targets and variables to check" '[ "$(echo "$targets" | wc -l)" -ge 10 ] && [ "$(echo "$variables" | wc -l)" -ge 20 ]' \
  "read $(echo "$targets" | wc -l) targets, $(echo "$variables" | wc -l) variables"
section() { awk -v s="$1" '/^[a-z]+.*:$/ { on = ($0 ~ "^" s) } on && /^  / { print }' "$T/help"; }
section targets >"$T/targets"
section variables >"$T/variables"
for t in $targets; do
  n=$(grep -cE "^  $t( |\$)" "$T/targets")
  expect "target $t has one help line" '[ "$n" = 1 ]' "$n lines"
done
for v in $variables; do
  n=$(grep -cE "(^  | )$v=" "$T/variables")
  expect "variable $v has one help line" '[ "$n" = 1 ]' "$n lines"
done
# and the other way round: every target line names a target, every NAME= a variable
while read -r t _; do
  expect "help's target '$t' is a target of the Makefile" 'grep -qx "$t" <<<"$targets"' "not in .PHONY"
done <"$T/targets"
for v in $(grep -oE '(^  | )[A-Z][A-Z0-9_]*=' "$T/variables" | tr -d ' ='); do
  expect "help's variable $v is a variable of the Makefile" 'grep -qx "$v" <<<"$variables"' "no '$v ?=' line"
done
expect "every help line fits 120 columns" '! awk "length > 120" "$T/help" | grep -q .' "$(awk 'length > 120' "$T/help" | head -n 2)"

echo "make_help: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
