#!/usr/bin/env bash
# tests/progress.sh CMODEL — progress lines on stderr for long runs (issue 15): shown when
# stderr is a terminal (the tests give it one with script(1), from util-linux) and the run is
# large, never otherwise. The thresholds (10 M rows, 256 nodes) are lowered through
# ROMNOC_PROGRESS_MIN_ROWS and ROMNOC_PROGRESS_MIN_NODES so that small runs stand in for big ones.
#   1. cmodel schedule and verify on a terminal: a first line at 0 rows and a last one at 100%,
#      rows counted as the schedule's own N(N-1) (computed here), and the same file and verdict
#      as without a terminal;
#   2. not a terminal: nothing on stderr, whatever the threshold;
#   3. on a terminal under the default threshold (a small schedule): nothing;
#   4. make sim on a terminal: the Verilator build's progress line; not on one: none.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then "progress: N passed, N
# failed"; exits 1 if any check failed.
BIN=$1 NAME=progress
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
REPO=$(cd "$HERE/.." && pwd)
on_tty() { script -qec "$1" /dev/null | tr '\r' '\n'; } # on_tty CMD: CMD's stdout and stderr, on a pty

d=8 n=256
rows=$((n * (n - 1))) # mnb: every node's packet to every other node
human=$(awk -v r=$rows 'BEGIN { printf "%.1fK", r / 1e3 }')
export ROMNOC_PROGRESS_MIN_ROWS=1000
on_tty "'$BIN' schedule --topo hypercube:$d --task mnb -o '$T/tty.tsv'" >"$T/tty.out"
expect "schedule on a terminal: the first line, 0 of $human rows" \
  'grep -aq "^cmodel: writing hypercube:$d mnb 0 of $human rows (0%), " "$T/tty.out"' "$(head -c 300 "$T/tty.out")"
expect "schedule on a terminal: the last line, $human of $human rows (100%)" \
  'grep -aq "^cmodel: writing hypercube:$d mnb $human of $human rows (100%), [0-9.]* s" "$T/tty.out"' "$(head -c 300 "$T/tty.out")"
"$BIN" schedule --topo hypercube:$d --task mnb -o "$T/plain.tsv" 2>"$T/plain.err"
expect "schedule not on a terminal: nothing on stderr" '[ ! -s "$T/plain.err" ]' "$(head -c 200 "$T/plain.err")"
expect "the schedule is the same either way" 'cmp -s "$T/tty.tsv" "$T/plain.tsv"' "differ"
expect "the schedule has the $rows rows counted" 'grep -qx "# rows=$rows" "$T/plain.tsv"' "metadata"

on_tty "'$BIN' verify '$T/plain.tsv'" >"$T/vtty.out"
expect "verify on a terminal: 0 and 100% of $human rows, then the verdict" \
  'grep -aq "^cmodel: verifying hypercube:$d mnb 0 of $human rows (0%)" "$T/vtty.out" && grep -aq "^cmodel: verifying hypercube:$d mnb $human of $human rows (100%)" "$T/vtty.out" && grep -aq "^OK slots=" "$T/vtty.out"' \
  "$(head -c 300 "$T/vtty.out")"
"$BIN" verify "$T/plain.tsv" >"$T/v.out" 2>"$T/v.err"
expect "verify not on a terminal: the verdict alone, nothing on stderr" \
  '[ ! -s "$T/v.err" ] && [ "$(wc -l <"$T/v.out")" = 1 ] && grep -q "^OK slots=" "$T/v.out"' "$(cat "$T/v.out" "$T/v.err")"

unset ROMNOC_PROGRESS_MIN_ROWS
on_tty "'$BIN' schedule --topo hypercube:$d --task mnb -o '$T/small.tsv' && '$BIN' verify '$T/small.tsv'" >"$T/small.out"
expect "on a terminal, $rows rows (under 10 M): no progress line" '! grep -aq "rows (" "$T/small.out"' "$(head -c 300 "$T/small.out")"

# 4. the Verilator build of make sim (hypercube:2: four nodes stand in for 256)
work=$T/sim
on_tty "cd '$REPO' && ROMNOC_PROGRESS_MIN_NODES=4 SIM_DIR='$work' TOPO=hypercube:2 TASK=mnb sim/sim.sh" >"$T/sim.out"
expect "make sim on a terminal: PASS and the build's progress line" \
  'grep -aq "^PASS topo=hypercube:2" "$T/sim.out" && grep -aq "^-- VERILATE: [0-9]* s, " "$T/sim.out"' "$(tail -c 300 "$T/sim.out")"
(cd "$REPO" && ROMNOC_PROGRESS_MIN_NODES=4 SIM_DIR="$work" TOPO=hypercube:2 TASK=mnb sim/sim.sh) >"$T/sim2.out" 2>&1
expect "make sim not on a terminal: PASS, no progress line" \
  'grep -q "^PASS topo=hypercube:2" "$T/sim2.out" && ! grep -q -- "-- VERILATE: [0-9]" "$T/sim2.out"' "$(tail -c 300 "$T/sim2.out")"

echo "progress: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
