#!/usr/bin/env bash
# tests/gap_certificates.sh CMODEL TE_SEARCH — issue 43's certificates (docs/SCHEDULES.md, "Where
# romnoc stops a slot short: general schedules and certificates"), each at a size that solves in
# seconds, every expected figure computed here:
#   - the allreduce's gossip relaxation (te_search --task allreduce, search/allreduce_gossip_cnf.h):
#     at the counting bound max(diameter, ceil(2(N-1)/deg)) (docs/REDUCTIONS.md, Harary and
#     Schwenk's one-way gossip) sat for CaDiCaL and MiniSat, one slot below unsat for both, where
#     cmodel's allreduce meets the bound (so the relaxation must not cut it off); the global sum's
#     at the diameter; cmodel's allreduce on tori of sizes 2 (hypercubes) at the cube's bound;
#   - te on torus:3x6 and 6x3: cmodel's default (the stored --general schedule) at the cut bound
#     ceil(N K / 8) of the 6-ring ((N/2)^2 packets each way over 2N/K links), below every
#     template (15: tests/te_search.sh's loads optimum), verified; simulated on the ROM fabric
#     with its wire log verified (not with SMALL=1);
#   - the periodic bufferless S4NOC template (te_search --model s4noc-bufferless --periodic): a
#     period below max(N - 1, ceil(H / ports)) (one injection per node and slot; the template's
#     hops H over its generators) unsat for both; the periods found sat for both, the -o file
#     verified by cmodel as a one-shot template and its rows checked here, with awk, to use every
#     generator, injection and ejection at most once per slot modulo the period; where the
#     search settled it (ring:8, torus:3x3), one period less unsat for both (torus:4x4 below 16 is
#     a pigeonhole of 15 injections, beyond both solvers in 600 s);
#   - incremental solving over the slot count (--from): one CaDiCaL a line per slot count up to
#     the first sat, MiniSat on the DIMACS with the slot count's selector as a unit clause; te
#     --general on ring:5 and ring:6 unsat below the link-load bound ceil(sum of distances / 2)
#     and sat at it (schedule verified by cmodel), the allreduce relaxation on torus:3x3 and ring:8
#     likewise at the counting bound (bench/incremental_search_bench.sh compares each line with
#     a formula built for that slot count); at zero slack (ring:8: 8 chunks x 14 words = 7 slots x 16 links) a model's words
#     fill every link and slot (the implied clauses agree with the solver's model);
#   - dimension-order periodic templates (--dim-order): torus:4x4 at period 16, each packet's
#     hops dimension by dimension (awk); the stored TDM tables, torus:8x8 of period 67 and 9x9
#     of period 90 (S4NOC's published 87 and 113; the period bounds 64 and 90), verified one shot
#     by cmodel, every slot modulo the period used once, their paths dimension-ordered;
#   - K broadcasts over whole schedules (--task kbcast): hypercube:5 with cmodel's 19-node set of
#     seed 1 at 001's bound max(d, ceil((N-1)K/(N d))) = 5, sat for both solvers and verified by
#     cmodel, unsat for both at 4;
#   - bad arguments refused.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then "gap_certificates: N passed, N failed".
BIN=$1 SEARCH=$2 NAME=gap_certificates
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
case $SEARCH in /*) ;; *) SEARCH=$PWD/$SEARCH ;; esac
field() { sed -nE "s/.*(^| )$1=([^ ]+).*/\2/p"; }
both() { [ "$(field cadical <<<"$1")/$(field minisat <<<"$1")" = "$2/$2" ]; }

# the allreduce's counting bound: N nodes, degree, diameter (given per size)
while read -r topo n deg diam; do
  b=$(((2 * (n - 1) + deg - 1) / deg))
  [ "$diam" -gt "$b" ] && b=$diam
  below=$("$SEARCH" --topo "$topo" --task allreduce --slots $((b - 1)) 2>&1)
  at=$("$SEARCH" --topo "$topo" --task allreduce --slots "$b" 2>&1)
  v=$("$BIN" schedule --topo "$topo" --task allreduce -o - | "$BIN" verify - 2>&1)
  expect "$topo allreduce relaxation: $((b - 1)) slots unsat for both solvers, $b (the counting bound) sat for both, cmodel's schedule at $b" \
    'both "$below" unsat && both "$at" sat && [[ $at == *" relaxation=sat words="* ]] && [[ $v == "OK slots=$b lb=$b "* ]]' \
    "$below / $at / $v"
done <<'SIZES'
hypercube:2 4 2 2
ring:5 5 2 2
ring:8 8 2 4
hypercube:3 8 3 3
torus:3x3 9 4 2
torus:2x2 4 2 2
SIZES
# tori of sizes 2 only are hypercubes: cmodel's allreduce meets the hypercube's counting bound
for c in "torus:2x2x2 8 3" "torus:2x2x2x2 16 4"; do
  set -- $c
  b=$(((2 * ($2 - 1) + $3 - 1) / $3))
  v=$("$BIN" schedule --topo "$1" --task allreduce -o - | "$BIN" verify - 2>&1)
  expect "$1 allreduce: cmodel's schedule at the counting bound $b of its cube" '[[ $v == "OK slots=$b lb=$b "* ]]' "$v"
done
for c in "hypercube:3 3" "ring:7 3" "torus:3x4 3"; do
  set -- $c
  below=$("$SEARCH" --topo "$1" --task global_sum --slots $(($2 - 1)) 2>&1)
  at=$("$SEARCH" --topo "$1" --task global_sum --slots "$2" 2>&1)
  expect "$1 global_sum relaxation: the diameter $2 sat for both solvers, one slot less unsat for both" \
    'both "$below" unsat && both "$at" sat' "$below / $at"
done
# one-way: a word per link and slot in either direction; ring:4's 4 links carry 2N(N-1) = 24
# words in no fewer than 6 slots
below=$("$SEARCH" --topo ring:4 --task allreduce --model oneway --slots 5 2>&1)
at=$("$SEARCH" --topo ring:4 --task allreduce --model oneway --slots 6 2>&1)
expect "ring:4 one-way allreduce relaxation: 5 slots unsat for both, 6 (24 words over 4 links) sat for both" \
  'both "$below" unsat && both "$at" sat' "$below / $at"

# te on torus:3x6 and 6x3: the stored schedule at the cut bound ceil(N K / 8), K = 6
for topo in torus:3x6 torus:6x3; do
  b=$(((18 * 6 + 7) / 8))
  "$BIN" schedule --topo "$topo" --task te -o "$T/te.tsv"
  v=$("$BIN" verify "$T/te.tsv" 2>&1)
  expect "$topo te: cmodel's default at the cut bound $b (every template takes 15), verified" \
    '[[ $v == "OK slots=$b lb=$b "* ]] && grep -q "^# alg=stored$" "$T/te.tsv"' "$v / $(grep '^# alg' "$T/te.tsv")"
done
if [ "${SMALL-}" != 1 ]; then
  "$BIN" schedule --topo torus:3x6 --task te -o "$T/te.tsv"
  out=$(SIM_DIR="$T/sim" SCHEDULE="$T/te.tsv" "$HERE/../sim/sim.sh" 2>&1)
  expect "torus:3x6 te: the stored 14-slot schedule simulated on the ROM router fabric, its wire log verified" \
    '[[ $out == *"PASS topo=torus:3x6 task=te model=mla "*" slots=14 "* ]] && [[ $out == *"OK slots=14 lb=14 "* ]]' \
    "$(printf '%s\n' "$out" | tail -n 5)"
fi

# periodic bufferless templates. periodic_rows FILE P: the template's rows use each generator
# (dst - src on the ring or torus, as a vector), each injection (src = origin) and each ejection
# (dst = dest) at most once per slot modulo P
periodic_rows() {
  awk -F'\t' -v p="$2" -v dims="$3" '
    BEGIN { nd = split(dims, k, "x") }
    /^#/ || $1 == "slot" { next }
    { s = ($1 - 1) % p; g = ""; a = $2; b = $3
      for (i = 1; i <= nd; i++) { d = (b % k[i] - a % k[i] + k[i]) % k[i]; g = g "," d; a = int(a / k[i]); b = int(b / k[i]) }
      if (used[s, g]++) bad = "generator" g " twice at slot " $1
      if ($2 == $4 && inj[s]++) bad = "two injections at slot " $1
      if ($3 == $5 && ej[s]++) bad = "two ejections at slot " $1
      n++ }
    END { if (bad != "" || n == 0) { print bad; exit 1 } }' "$1"
}
while read -r topo n hops ports found settled; do
  b=$(((hops + ports - 1) / ports))
  [ $((n - 1)) -gt "$b" ] && b=$((n - 1))
  dims=${topo#*:}
  if [ "$settled" = yes ]; then
    line=$("$SEARCH" --topo "$topo" --model s4noc-bufferless --periodic --slots $((b - 1)) 2>&1)
    expect "$topo periodic: $((b - 1)), below the bound $b, unsat for both solvers" 'both "$line" unsat' "$line"
  fi
  rm -f "$T/p.tsv"
  line=$("$SEARCH" --topo "$topo" --model s4noc-bufferless --periodic --slots "$found" -o "$T/p.tsv" 2>&1)
  v=$("$BIN" verify "$T/p.tsv" 2>&1)
  why=$(periodic_rows "$T/p.tsv" "$found" "$dims")
  expect "$topo periodic: period $found sat for both solvers, verified one-shot by cmodel, each slot modulo $found used once (awk)" \
    'both "$line" sat && [[ $line == *" period=$found periodic=verified template=verified"* ]] && [[ $v == OK* ]] && [ -z "$why" ]' \
    "$line / $v / $why"
  if [ "$settled" = yes ] && [ "$found" -gt "$b" ]; then
    line=$("$SEARCH" --topo "$topo" --model s4noc-bufferless --periodic --slots $((found - 1)) 2>&1)
    expect "$topo periodic: $((found - 1)) unsat for both solvers (no bufferless template of that period)" 'both "$line" unsat' "$line"
  fi
done <<'SIZES'
ring:8 8 16 2 10 yes
torus:3x3 9 12 4 9 yes
torus:4x4 16 32 4 16 no
SIZES

# --from: the lines up to the first sat, each as a formula of that slot count answers
from_lines() { # TOPO FROM SLOTS BOUND ARGS...: ok if FROM..BOUND-1 unsat for both, BOUND sat for both, no line after
  local topo=$1 from=$2 slots=$3 b=$4 out s
  shift 4
  out=$("$SEARCH" --topo "$topo" --from "$from" --slots "$slots" "$@" 2>&1) || return 1
  [ "$(wc -l <<<"$out")" = $((b - from + 1)) ] || return 1
  for ((s = from; s <= b; s++)); do
    line=$(sed -n "$((s - from + 1))p" <<<"$out")
    [ "$(field slots <<<"$line")" = "$s" ] || return 1
    if [ "$s" -lt "$b" ]; then both "$line" unsat || return 1; else both "$line" sat || return 1; fi
  done
  last=$line
}
for c in "ring:5 5" "ring:6 6"; do
  set -- $c
  sum=0
  for ((i = 1; i < $2; i++)); do sum=$((sum + (i < $2 - i ? i : $2 - i))); done
  b=$(((sum + 1) / 2)) # N sum hops over 2N directed links
  rm -f "$T/inc.tsv"
  from_lines "$1" 1 $((b + 2)) "$b" --general -o "$T/inc.tsv"
  ok=$?
  v=$("$BIN" verify "$T/inc.tsv" 2>&1)
  expect "$1 te --general --from 1: unsat up to $((b - 1)), sat at the link-load bound $b (both solvers), then stops; schedule verified" \
    '[ $ok = 0 ] && [[ $last == *" schedule=verified schedule_slots=$b"* ]] && [[ $v == "OK slots=$b "* ]]' "$last / $v"
done
from_lines torus:3x3 2 6 4 --task allreduce
ok=$?
expect "torus:3x3 allreduce relaxation --from 2: unsat at 2 and 3, sat at the counting bound 4 (both solvers), then stops" \
  '[ $ok = 0 ]' "$last"
from_lines ring:8 6 9 7 --task allreduce
ok=$?
expect "ring:8 allreduce relaxation --from 6: unsat at 6, sat at 7 with every link busy in every slot (7 x 16 = 112 words)" \
  '[ $ok = 0 ] && [ "$(field words <<<"$last")" = 112 ]' "$last"

# dimension-order periodic templates. dim_order FILE DIMS: each packet's hops dimension by
# dimension (no dimension taken up again after another)
dim_order() {
  awk -F'\t' -v dims="$2" '
    BEGIN { nd = split(dims, k, "x") }
    /^#/ || $1 == "slot" { next }
    { a = $2; b = $3; d = 0
      for (i = 1; i <= nd; i++) { if (a % k[i] != b % k[i]) d = i; a = int(a / k[i]); b = int(b / k[i]) }
      key = $5; hop[key, $1] = d; n++; if (!(key in first) || $1 < first[key]) first[key] = $1
      if ($1 > last[key]) last[key] = $1 }
    END { for (p in first) { prev = 0; delete done
            for (s = first[p]; s <= last[p]; s++) { d = hop[p, s]; if (d == "") continue
              if (d != prev && (d in done)) { print "packet " p " takes dimension " d " up again"; exit 1 }
              done[prev] = 1; prev = d } }
          if (n == 0) { print "no rows"; exit 1 } }' "$1"
}
printf 'slot\tsrc\tdst\torigin\tdest\n1\t0\t1\t0\t10\n2\t1\t5\t0\t10\n3\t5\t6\t0\t10\n4\t6\t10\t0\t10\n' >"$T/zigzag.tsv"
why=$(dim_order "$T/zigzag.tsv" 4x4)
expect "the dimension-order check refuses a path x, y, x, y on torus:4x4" '[ -n "$why" ]' "accepted"
rm -f "$T/p.tsv"
line=$("$SEARCH" --topo torus:4x4 --model s4noc-bufferless --periodic --dim-order --slots 16 -o "$T/p.tsv" 2>&1)
v=$("$BIN" verify "$T/p.tsv" 2>&1)
why="$(periodic_rows "$T/p.tsv" 16 4x4)$(dim_order "$T/p.tsv" 4x4)"
expect "torus:4x4 periodic --dim-order: period 16 sat for both solvers, verified, slots modulo 16 used once, dimension-order paths" \
  'both "$line" sat && [[ $line == *" paths=dim-order "*" period=16 periodic=verified template=verified"* ]] && [[ $v == OK* ]] && [ -z "$why" ]' \
  "$line / $v / $why"
# the stored TDM tables (cmodel/templates/te_torus-KxK.s4noc-bufferless.tsv, te_search
# --periodic --dim-order at period P, its one-shot unrolling; S4NOC's published periods: 8x8 87,
# 9x9 113); the period bound max(N - 1, hops / 4 ports) checks the checkers
while read -r dims period; do
  tdm=$HERE/../cmodel/templates/te_torus-$dims.s4noc-bufferless.tsv
  v=$("$BIN" verify "$tdm" 2>&1)
  why="$(periodic_rows "$tdm" "$period" "$dims")$(dim_order "$tdm" "$dims")"
  hops=$(awk -F'\t' '!/^#/ && $1 != "slot"' "$tdm" | wc -l)
  expect "torus:$dims TDM table of period $period: verified one shot, slots modulo $period used once, dimension-order paths, $period >= the period bound" \
    '[[ $v == OK* ]] && [ -z "$why" ] && [ $period -ge $(((hops + 3) / 4)) ] && [ $period -ge $((${dims%x*} * ${dims#*x} - 1)) ]' \
    "$v / $why / $hops hops"
done <<'TDM'
8x8 67
9x9 90
TDM

# K broadcasts (001) over whole schedules: on hypercube:5 the set of 19 nodes drawn from seed 1
# (cmodel's, the same everywhere) in the bound's 5 slots (the diameter; ceil(31 x 19 / 160) = 4),
# where cmodel's constructions take 6; 4 slots is below the diameter (unsat for both)
read -r kb_lb _ < <(awk -v d=5 -v k=19 'BEGIN { n = 2 ^ d; c = int(((n - 1) * k + n * d - 1) / (n * d)); print (d > c ? d : c) }')
rm -f "$T/kb.tsv"
line=$("$SEARCH" --topo hypercube:5 --task kbcast --k 19 --slots "$kb_lb" -o "$T/kb.tsv" 2>&1)
v=$("$BIN" verify "$T/kb.tsv" 2>&1)
"$BIN" schedule --topo hypercube:5 --task kbcast --k 19 -o "$T/kb_default.tsv" 2>/dev/null
expect "kbcast hypercube:5, 19 nodes of seed 1, at the bound $kb_lb: sat for both solvers, verified by cmodel (the set cmodel draws in its header)" \
  'both "$line" sat && [[ $line == *" schedule=verified schedule_slots=$kb_lb"* ]] && [[ $v == "OK slots=$kb_lb lb=$kb_lb "* ]] &&
   grep -qx "# active=$(sed -n "s/^# active=//p" "$T/kb_default.tsv")" "$T/kb.tsv"' \
  "$line / $v"
line=$("$SEARCH" --topo hypercube:5 --task kbcast --k 19 --slots $((kb_lb - 1)) 2>&1)
expect "kbcast hypercube:5, 19 nodes, one slot below the bound: unsat for both solvers" 'both "$line" unsat' "$line"

# bad arguments: exit 2, one line on stderr naming the bad value, nothing on stdout, no file
while IFS='|' read -r ere args; do
  [ -n "$ere" ] || continue
  eval "set -- $args"
  rm -f "$T/bad.tsv"
  "$SEARCH" "$@" >"$T/out" 2>"$T/err"
  rc=$?
  expect "refused: te_search $args" \
    '[ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$ere" "$T/err" && [ ! -e "$T/bad.tsv" ]' \
    "exit $rc, stdout '$(head -c 200 "$T/out")', stderr '$(cat "$T/err")'"
done <<'CASES'
--periodic: only te --model s4noc-bufferless|--topo ring:8 --slots 9 --periodic
--periodic: only te --model s4noc-bufferless|--topo ring:8 --slots 9 --task mnb --periodic
-o: the allreduce mla formula's models are not a schedule|--topo ring:8 --slots 7 --task allreduce -o "$T/bad.tsv"
--model 'sp-full': no allreduce formula for this model|--topo ring:8 --slots 7 --task allreduce --model sp-full
--task 'reduce': not a task te_search knows|--topo ring:8 --slots 7 --task reduce
hypercube:12 in 30 slots: up to [0-9]+ heard and via variables|--topo hypercube:12 --slots 30 --task allreduce
--from: only the formulas over whole schedules|--topo ring:8 --slots 9 --from 8
--from '9': not a first slot count in 1..8|--topo ring:8 --general --slots 8 --from 9
--from '0': not a first slot count in 1..8|--topo ring:8 --task allreduce --slots 8 --from 0
--dim-order: only te --model s4noc-bufferless|--topo ring:8 --general --slots 9 --dim-order
--k: only --task kbcast reads an active set|--topo hypercube:5 --slots 5 --k 19
--seed: only --task kbcast reads an active set|--topo hypercube:5 --task mnb --general --slots 5 --seed 3
task kbcast needs its active set|--topo hypercube:5 --task kbcast --slots 5
--k '33' is not a number of nodes of hypercube:5|--topo hypercube:5 --task kbcast --slots 5 --k 33
--active LIST or as --k N|--topo hypercube:5 --task kbcast --slots 5 --active 0-3 --k 4
--task kbcast: K broadcasts are the hypercube's task|--topo torus:4x4 --task kbcast --slots 5 --k 4 -o "$T/bad.tsv"
CASES

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
