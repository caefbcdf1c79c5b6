#!/usr/bin/env bash
# tests/general_search.sh CMODEL TE_SEARCH — te_search's formulas over whole schedules, not
# templates (issue 41). The single-port broadcast's optimum: the
# lower bound of docs/PORT_MODELS.md, max(ecc(0) + F, ceil(log2 N)) with F = 1 when two or more
# nodes are farthest from node 0 (a cycle of odd length in some dimension), computed here from
# the sizes, and te_search's formula over whole schedules (search/snb_sp_cnf.h, not a
# template), under sp-full and sp-half:
#   - one slot below the bound: unsat for CaDiCaL and for MiniSat (for the F rows, the slot
#     that ecc alone would allow: the "at most one node per distance on time" argument,
#     confirmed by both solvers);
#   - at the bound: sat for both, the model's schedule verified by te_search, and the file -o
#     writes verified by cmodel at exactly the bound's slots, under the model, from root 0;
#   - cmodel's own lower bound (verify's lb) equal to the figure here;
#   - cmodel's odd-torus (2-D tori of two odd sizes) from every root at that bound;
#   - one found schedule (torus:5x5, where greedy takes 6) simulated on the ROM router
#     fabric against itself and its wire log verified (not with SMALL=1);
#   - bad arguments: exit 2, one line on stderr, no file.
# And the multinode broadcast under mla (--task mnb --general, search/mnb_any_cnf.h): one slot
# below the counting bound max(ecc, ceil((N-1)/min degree)) unsat for both solvers, at it sat
# and the -o file verified, on sizes where the bound is known to be met (and on mesh:2x2x4,
# where cmodel's greedy takes 6 and the bound is 5: its default is the stored schedule).
# Under oneway (--model oneway --general) the same on 3x3, 2x4 and 2x3 meshes against
# ceil(N(N-1)/links), and on mesh:2x2 a 2-slot mla schedule that oneway refuses.
# And the total exchange (--task te --general, search/te_any_cnf.h) at its counting bounds under
# mla and the single-port models (below).
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then "general_search: N passed, N failed".
BIN=$1 SEARCH=$2 NAME=general_search
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
case $SEARCH in /*) ;; *) SEARCH=$PWD/$SEARCH ;; esac
field() { sed -nE "s/.*(^| )$1=([^ ]+).*/\2/p"; }

# bound TOPO: max(ecc(0) + F, ceil(log2 N)) from the sizes: a cycle (ring, torus, size > 2)
# adds floor(K/2) to ecc and, if K is odd, has two farthest positions; a path (mesh, size 2,
# the hypercube's dimensions) adds K - 1 and has one
bound() {
  local kind=${1%%:*} spec=${1#*:} k n=1 ecc=0 far=0 log=0 sizes
  if [ "$kind" = hypercube ]; then sizes=$(for ((i = 0; i < spec; i++)); do echo 2; done); else sizes=${spec//x/ }; fi
  for k in $sizes; do
    n=$((n * k))
    if [ "$kind" != mesh ] && [ "$k" -gt 2 ]; then
      ecc=$((ecc + k / 2))
      [ $((k % 2)) = 1 ] && far=1
    else
      ecc=$((ecc + k - 1))
    fi
  done
  while [ $((1 << log)) -lt "$n" ]; do log=$((log + 1)); done
  echo $((ecc + far > log ? ecc + far : log))
}

SIZES="ring:5 ring:7 ring:8 ring:9 torus:2x7 torus:3x5 torus:4x7 torus:5x5 torus:3x7 torus:4x4 torus:3x3x3 torus:3x4x5
mesh:3x4 mesh:2x3x3 hypercube:3 hypercube:4"
[ "${SMALL-}" = 1 ] && SIZES="ring:7 torus:3x5 torus:5x5 mesh:3x4 hypercube:3"
for model in sp-full sp-half; do
  for topo in $SIZES; do
    b=$(bound "$topo") name="$topo $model"
    line=$("$SEARCH" --topo "$topo" --task snb --model "$model" --slots $((b - 1)) 2>&1)
    expect "$name: $((b - 1)) slots (one below the bound $b) unsat for both solvers" \
      '[ "$(printf "%s\n" "$line" | field cadical)" = unsat ] && [ "$(printf "%s\n" "$line" | field minisat)" = unsat ]' "$line"
    rm -f "$T/s.tsv"
    line=$("$SEARCH" --topo "$topo" --task snb --model "$model" --slots "$b" -o "$T/s.tsv" 2>&1)
    expect "$name: $b slots (the bound) sat for both solvers, the schedule verified" \
      '[ "$(printf "%s\n" "$line" | field cadical)" = sat ] && [ "$(printf "%s\n" "$line" | field minisat)" = sat ] && [[ $line == *" schedule=verified schedule_slots=$b"* ]]' "$line"
    v=$("$BIN" verify "$T/s.tsv" 2>&1)
    expect "$name: the -o file verifies at $b slots, lb=$b, as snb under $model from root 0" \
      '[[ $v == "OK slots=$b lb=$b "* ]] && grep -q "^# task=snb$" "$T/s.tsv" && grep -q "^# model=$model$" "$T/s.tsv" && grep -q "^# root=0$" "$T/s.tsv"' "$v"
  done
done

# the bound's own case, by hand: ring:9 has two nodes at distance 4 from node 0 (4 and 5), so
# 4 slots cannot do; cmodel's lower bound says 5 and its schedule takes 5
v=$("$BIN" schedule --topo ring:9 --task snb --model sp-full -o - | "$BIN" verify -)
expect "ring:9 sp-full: cmodel's schedule and lower bound at 5 = ecc 4 + 1" '[[ $v == "OK slots=5 lb=5 "* ]]' "$v"

# mnb --general: the bound computed here (the corner's in-links on a mesh, the degree elsewhere)
for c in "ring:5 2" "hypercube:3 3" "torus:3x3 2" "mesh:2x2x4 5" "mesh:3x3 4"; do
  set -- $c
  topo=$1 b=$2 name="$1 mnb --general"
  line=$("$SEARCH" --topo "$topo" --task mnb --general --slots $((b - 1)) 2>&1)
  expect "$name: $((b - 1)) slots unsat for both solvers" \
    '[ "$(printf "%s\n" "$line" | field cadical)" = unsat ] && [ "$(printf "%s\n" "$line" | field minisat)" = unsat ]' "$line"
  rm -f "$T/m.tsv"
  line=$("$SEARCH" --topo "$topo" --task mnb --general --slots "$b" -o "$T/m.tsv" 2>&1)
  v=$("$BIN" verify "$T/m.tsv" 2>&1)
  expect "$name: $b slots sat for both solvers, the -o file an mnb verified at $b slots, lb=$b" \
    '[[ $line == *"cadical=sat"*"minisat=sat"*" schedule=verified schedule_slots=$b"* ]] && [[ $v == "OK slots=$b lb=$b "* ]] && grep -q "^# task=mnb$" "$T/m.tsv"' \
    "$line / $v"
done
v=$("$BIN" schedule --topo mesh:2x2x4 --task mnb --alg greedy -o - | "$BIN" verify -)
w=$("$BIN" schedule --topo mesh:2x2x4 --task mnb -o - | "$BIN" verify -)
expect "mesh:2x2x4 mnb: cmodel's greedy a slot above (6 against 5), its default (the stored --general schedule) at 5" \
  '[[ $v == "OK slots=6 lb=5 "* ]] && [[ $w == "OK slots=5 lb=5 "* ]]' "$v / $w"

# mnb --model oneway --general on an AxB mesh: the counting bound ceil(N(N-1)/L), L = A(B-1) +
# B(A-1) links each carrying one packet a slot either way, computed here; one slot below unsat
# for both solvers, at it sat and the -o file verified under oneway at the bound (what cmodel's
# stored one-way schedules are made of: scripts/stored_templates.sh)
for mesh in 3x3 2x4 2x3; do
  a=${mesh%x*} b=${mesh#*x}
  n=$((a * b)) links=$((a * (b - 1) + b * (a - 1)))
  bound=$(((n * (n - 1) + links - 1) / links)) name="mesh:$mesh mnb oneway --general"
  line=$("$SEARCH" --topo "mesh:$mesh" --task mnb --model oneway --general --slots $((bound - 1)) 2>&1)
  expect "$name: $((bound - 1)) slots unsat for both solvers" \
    '[ "$(printf "%s\n" "$line" | field cadical)" = unsat ] && [ "$(printf "%s\n" "$line" | field minisat)" = unsat ]' "$line"
  rm -f "$T/m.tsv"
  line=$("$SEARCH" --topo "mesh:$mesh" --task mnb --model oneway --general --slots "$bound" -o "$T/m.tsv" 2>&1)
  v=$("$BIN" verify "$T/m.tsv" 2>&1)
  expect "$name: $bound slots sat for both solvers, the -o file a one-way mnb verified at $bound slots, lb=$bound" \
    '[[ $line == *"cadical=sat"*"minisat=sat"*" schedule=verified schedule_slots=$bound"* ]] && [[ $v == "OK slots=$bound lb=$bound "* ]] && grep -q "^# model=oneway$" "$T/m.tsv"' \
    "$line / $v"
done
# the formula counts a link once for both directions: a schedule that sends both ways over one
# link in a slot is what the mla formula allows and oneway must not (the verifier refuses it)
"$SEARCH" --topo mesh:2x2 --task mnb --general --slots 2 -o "$T/mla.tsv" >/dev/null 2>&1
v=$(sed 's/^# model=mla$/# model=oneway/' "$T/mla.tsv" | "$BIN" verify - 2>&1)
line=$("$SEARCH" --topo mesh:2x2 --task mnb --model oneway --general --slots 2 2>&1)
expect "mesh:2x2 mnb: 2 slots sat under mla, that schedule refused under oneway, 2 slots unsat under oneway" \
  '[ -s "$T/mla.tsv" ] && [[ $v == FAIL* ]] && [ "$(printf "%s\n" "$line" | field cadical)" = unsat ]' "$v / $line"

# te --general (search/te_any_cnf.h): the counting bounds computed here. A mesh's middle cut
# in a dimension of size K (the other sizes' product L): L*L*floor(K^2/4) packets cross it each
# way over L links, one a slot (mla); the single-port models: every hop is a send, sum of
# dist(a, b) over ordered pairs hops, at most N sends a slot (sp-full), floor(N/2) (sp-half).
# Each at the bound: sat for both solvers (on shortest paths, --shortest) and the -o file
# verified at it; mesh:2x2x2 one slot below unsat for both on the full formula (not only
# shortest paths). cmodel's own schedules of these were a slot or two above before they were
# stored (scripts/stored_templates.sh).
dist_sum() { # TOPO: sum of dist(a, b) over ordered pairs, dimension by dimension
  local kind=${1%%:*} sizes=${1#*:} n k total=0 a b d
  n=$(($(tr x '*' <<<"$sizes")))
  for k in ${sizes//x/ }; do
    for ((a = 0; a < k; a++)); do
      for ((b = 0; b < k; b++)); do
        d=$((a > b ? a - b : b - a))
        [ "$kind" = ring ] && [ $((k - d)) -lt $d ] && d=$((k - d))
        total=$((total + d * (n / k) * (n / k)))
      done
    done
  done
  echo "$total"
}
mesh_cut() { # TOPO: the largest middle cut's crossings each way over its links, L * floor(K^2/4)
  local sizes=${1#*:} n k best=0
  n=$(($(tr x '*' <<<"$sizes")))
  for k in ${sizes//x/ }; do
    [ $((n / k * (k * k / 4))) -gt $best ] && best=$((n / k * (k * k / 4)))
  done
  echo "$best"
}
for c in "mesh:2x2x2 mla $(mesh_cut mesh:2x2x2)" "mesh:2x3x2 mla $(mesh_cut mesh:2x3x2)" "ring:5 sp-half $((($(dist_sum ring:5) + 1) / 2))" \
  "mesh:2x3 sp-full $((($(dist_sum mesh:2x3) + 5) / 6))"; do
  set -- $c
  topo=$1 model=$2 b=$3 name="$1 te $2 --general"
  rm -f "$T/t.tsv"
  line=$("$SEARCH" --topo "$topo" --task te --model "$model" --general --shortest --slots "$b" -o "$T/t.tsv" 2>&1)
  v=$("$BIN" verify "$T/t.tsv" 2>&1)
  expect "$name: $b slots (the bound) sat for both solvers on shortest paths, the -o file a te verified at $b, lb=$b" \
    '[[ $line == *"paths=shortest"*"cadical=sat"*"minisat=sat"*" schedule=verified schedule_slots=$b"* ]] && [[ $v == "OK slots=$b lb=$b "* ]] && grep -q "^# model=$model$" "$T/t.tsv"' \
    "$line / $v"
  v=$("$BIN" schedule --topo "$topo" --task te --model "$model" -o - | "$BIN" verify - 2>&1)
  expect "$name: cmodel's schedule (the stored one) at the bound $b" '[[ $v == "OK slots=$b lb=$b "* ]]' "$v"
done
# oneway: the cut's links carry both ways' crossings, twice the mla bound (mesh:2x2: 2 and 4)
b=$(mesh_cut mesh:2x2)
line=$("$SEARCH" --topo mesh:2x2 --task te --general --slots "$b" 2>&1)
below=$("$SEARCH" --topo mesh:2x2 --task te --model oneway --general --slots $((2 * b - 1)) 2>&1)
at=$("$SEARCH" --topo mesh:2x2 --task te --model oneway --general --slots $((2 * b)) 2>&1)
expect "mesh:2x2 te --general: $b slots sat under mla; under oneway $((2 * b - 1)) unsat for both, $((2 * b)) sat and verified" \
  '[[ $line == *"cadical=sat"*"minisat=sat"*"schedule=verified"* ]] && [[ $below == *"cadical=unsat"*"minisat=unsat"* ]] && [[ $at == *"cadical=sat"*"minisat=sat"*" schedule=verified schedule_slots=$((2 * b))"* ]]' \
  "$line / $below / $at"
line=$("$SEARCH" --topo mesh:2x2x2 --task te --general --slots 3 2>&1)
expect "mesh:2x2x2 te --general: 3 slots unsat for both solvers over every path" \
  '[[ $line == *"cadical=unsat"*"minisat=unsat"* ]] && [[ $line != *paths=* ]]' "$line"

# cmodel's odd-torus (both sizes odd) from every root: verified at the bound computed here
for topo in torus:5x7 torus:7x3 torus:9x5; do
  b=$(bound "$topo") n=$(($(echo "${topo#*:}" | tr x '*')))
  [ "${SMALL-}" = 1 ] && [ "$topo" != torus:5x7 ] && continue
  for model in sp-full sp-half; do
    bad=''
    for ((r = 0; r < n; r++)); do
      v=$("$BIN" schedule --topo "$topo" --task snb --model "$model" --root $r --alg odd-torus -o - | "$BIN" verify - 2>&1)
      [[ $v == "OK slots=$b lb=$b "* ]] || { bad="root $r: $v"; break; }
    done
    expect "$topo $model: odd-torus from each of the $n roots verified at the bound $b" '[ -z "$bad" ]' "$bad"
  done
done

# the hardware: a schedule the solvers found (where greedy is a slot above) runs on the ROM
# router fabric (sim/sim.sh: Verilator, the wire log diffed against the schedule and verified)
if [ "${SMALL-}" != 1 ]; then
  "$SEARCH" --topo torus:5x5 --task snb --model sp-full --slots 5 -o "$T/h.tsv" >/dev/null
  out=$(SIM_DIR="$T/sim" SCHEDULE="$T/h.tsv" "$HERE/../sim/sim.sh" 2>&1)
  expect "torus:5x5 sp-full: the solver's 5-slot schedule simulated on the ROM router fabric, its wire log verified" \
    '[[ $out == *"PASS topo=torus:5x5 task=snb model=sp-full cycles=6 slots=5 "* ]] && [[ $out == *"OK slots=5 lb=5 "* ]]' \
    "$(printf '%s\n' "$out" | tail -n 5)"
  # two stored schedules as cmodel's defaults: te on mesh:2x3x2 at its cut bound, and the
  # sp-half broadcast on torus:3x3x3 translated to root 5 at bound()'s figure (ceil(log2 27) = 5), each
  # simulated and its wire log verified
  "$BIN" schedule --topo mesh:2x3x2 --task te -o "$T/te.tsv"
  out=$(SIM_DIR="$T/sim_te" SCHEDULE="$T/te.tsv" "$HERE/../sim/sim.sh" 2>&1)
  b=$(mesh_cut mesh:2x3x2)
  expect "mesh:2x3x2 te: cmodel's stored default simulated on the ROM router fabric at $b slots, its wire log verified" \
    '[[ $out == *"PASS topo=mesh:2x3x2 task=te model=mla "*" slots=$b "* ]] && [[ $out == *"OK slots=$b lb=$b "* ]]' \
    "$(printf '%s\n' "$out" | tail -n 5)"
  b=$(bound torus:3x3x3)
  "$BIN" schedule --topo torus:3x3x3 --task snb --model sp-half --root 5 -o "$T/snb.tsv"
  out=$(SIM_DIR="$T/sim_snb" SCHEDULE="$T/snb.tsv" "$HERE/../sim/sim.sh" 2>&1)
  expect "torus:3x3x3 sp-half snb from root 5: the stored schedule translated, simulated at $b slots, its wire log verified" \
    '[[ $out == *"PASS topo=torus:3x3x3 task=snb model=sp-half "*" slots=$b "* ]] && [[ $out == *"OK slots=$b lb=$b "* ]]' \
    "$(printf '%s\n' "$out" | tail -n 5)"
fi

# bad arguments: exit 2, one line, no file
for args in "--topo ring:5 --task snb --model mla --slots 3" "--topo ring:5 --task snb --model sp-full --slots 0" \
  "--topo ring:5 --task snb --model oneway --slots 3" "--topo ring:5 --task mnb --general --shortest --slots 3" \
  "--topo ring:5 --task te --model s4noc --general --slots 9"; do
  rm -f "$T/bad.tsv"
  # shellcheck disable=SC2086 # args are words
  "$SEARCH" $args -o "$T/bad.tsv" >"$T/out" 2>"$T/err"
  rc=$?
  expect "te_search $args refused" '[ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && [ ! -e "$T/bad.tsv" ]' \
    "exit $rc: $(cat "$T/err")"
done
# unsat writes no file
rm -f "$T/u.tsv"
"$SEARCH" --topo ring:7 --task snb --model sp-full --slots 3 -o "$T/u.tsv" >/dev/null 2>&1
expect "te_search -o on an unsat answer writes no file" '[ ! -e "$T/u.tsv" ]' "ring:7 in 3 slots"

echo "general_search: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
