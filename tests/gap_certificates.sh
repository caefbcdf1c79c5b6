#!/usr/bin/env bash
# tests/gap_certificates.sh CMODEL TE_SEARCH — issue 43's certificates (docs/SCHEDULES.md, "Where
# romnoc stops a slot short: general schedules and certificates"), each at a size that solves in
# seconds, every expected figure computed here:
#   - the allreduce's gossip relaxation (te_search --task allreduce, search/allreduce_gossip_cnf.h):
#     at the counting bound max(diameter, ceil(2(N-1)/deg)) (docs/REDUCTIONS.md, Harary and
#     Schwenk's one-way gossip) sat for CaDiCaL and MiniSat, one slot below unsat for both, where
#     cmodel's allreduce meets the bound (so the relaxation must not cut it off); the global sum's
#     at the diameter;
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
SIZES
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
CASES

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
