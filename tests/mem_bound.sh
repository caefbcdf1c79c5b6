#!/usr/bin/env bash
# tests/mem_bound.sh CMODEL RTL_GEN — the packet memory's lifetime minimum (rtl_gen/mem_bound.h,
# issue 16): design.txt's mem_lifetime_min, which rtl_gen computes from its router IR (program
# 0 of a template), must equal the most packets any node of the schedule holds three or more
# slots but for those it sent in the slot before (an output register holds them), counted
# independently from the schedule's rows by bench/held_packets.awk (min_gap=3, chain=1, every
# node); the banked router's mem_depth (one copy per sending lane, split into sub-banks)
# is never below it; and a combining task, whose memories hold partial sums, has none.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then "mem_bound: N passed, N
# failed"; exits 1 if any check failed.
BIN=$1 RTLGEN=$2 NAME=mem_bound
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
case $RTLGEN in /*) ;; *) RTLGEN=$PWD/$RTLGEN ;; esac
REPO=$(cd "$HERE/.." && pwd)

fact() { awk -F= -v k="$1" '$1 == k { print $2 }' "$2"; }

# TOPO/TASK[/ALG]: the constructions that hold packets are named where cmodel's default is a
# stored template without packet memory (cmodel/templates/), which is checked too
designs="hypercube:3/snb hypercube:4/snb hypercube:6/snb hypercube:4/scatter hypercube:5/gather
hypercube:3/mnb hypercube:4/mnb hypercube:5/mnb hypercube:6/mnb/classes hypercube:7/mnb/classes hypercube:6/mnb
hypercube:3/te hypercube:4/te hypercube:5/te hypercube:5/te/recursive hypercube:6/te/recursive hypercube:7/te/recursive hypercube:7/te
ring:8/mnb ring:8/te ring:16/te ring:7/te mesh:4x4/mnb mesh:4x4/te
torus:4x4/mnb torus:4x4/te torus:4x4/te/coloring torus:8x8/mnb/cayley torus:8x8/te/coloring torus:4x4x4/mnb/cayley torus:4x4x4/te/coloring
torus:8x8/te torus:3x5/te"
nonzero=0
for d in $designs; do
  IFS=/ read -r topo task alg <<<"$d"
  g=$T/${topo/:/-}_${task}_${alg:-auto}
  if ! "$RTLGEN" --topo "$topo" --task "$task" --alg "${alg:-auto}" -o "$g" >"$T/gen.log" 2>&1 ||
    ! "$BIN" schedule --topo "$topo" --task "$task" --alg "${alg:-auto}" -o "$g.tsv" 2>>"$T/gen.log"; then
    fail "$d: generate" "rtl_gen or cmodel failed" "$T/gen.log"
    continue
  fi
  got=$(fact mem_lifetime_min "$g/design.txt") depth=$(fact mem_depth "$g/design.txt")
  want=$(awk -v min_gap=3 -v chain=1 -f "$REPO/bench/held_packets.awk" "$g.tsv" | sed -E 's/node=([0-9]+) .*/\1/')
  expect "$d: mem_lifetime_min = packets held >= 3 slots, from the rows" '[ -n "$got" ] && [ "$got" = "$want" ]' \
    "design.txt says '$got', the rows say '$want'"
  expect "$d: mem_depth $depth >= mem_lifetime_min" '[ -n "$depth" ] && [ "$depth" -ge "${got:-0}" ]' "mem_depth '$depth'"
  [ "${got:-0}" -gt 0 ] && nonzero=$((nonzero + 1))
done
# the comparison is empty if every bound is 0: most of these designs hold packets
expect "most designs hold packets ($nonzero of $(echo $designs | wc -w))" '[ $nonzero -ge 15 ]' "only $nonzero"

for task in allreduce reduce_scatter; do
  g=$T/hypercube-3_$task
  "$RTLGEN" --topo hypercube:3 --task "$task" -o "$g" >/dev/null 2>&1
  expect "$task (partial sums): no mem_lifetime_min" '[ -s "$g/design.txt" ] && [ -z "$(fact mem_lifetime_min "$g/design.txt")" ]' \
    "design.txt: $(grep mem_ "$g/design.txt" 2>&1 | tr '\n' ' ')"
done

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
