#!/usr/bin/env bash
# tests/models.sh BIN [small] - the golden model under the port models of papers 002 and 003
# §6: oneway, sp-full and sp-half. Every task on every size of the ranges below is generated
# and verified by `cmodel table --model M`, and each row is checked by tests/bounds.awk against
# the model's lower bounds written there from the papers' formulas (never from cmodel): the
# single-port multinode broadcast at its bound on every graph with a Hamiltonian cycle (002 Eqs.
# 1-3), the one-way hypercube's multinode broadcast and total exchange at theirs (003 Thm 6.3,
# 6.5) for d = 1..12 whole and 13..16 by template; the combining tasks by the same policy
# (reduce and reduce_scatter where snb and mnb meet their bounds, allreduce at twice mnb's).
# Then the paper's own examples (002 Figs. 2, 3: the half-duplex ring traces; §3.1: the
# full-duplex ring), the product composition against 002 Thm 2-5 (K_2 x C_3: 5 and 12 slots),
# parity templates good and bad, and refusals.
# "small": the ranges cut down for the ASan build. Ends with "N passed, N failed".
BIN=${1:?usage: tests/models.sh BIN [small]} NAME=models
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"

# table MODEL RANGE [TASK]: every row of `cmodel table` checked by bounds.awk
table() {
  local model=$1 range=$2 task=${3:-all} rc
  "$BIN" table --topo "$range" --task "$task" --model "$model" >"$T/table" 2>"$T/err"
  rc=$?
  awk -v model="$model" -f "$HERE/bounds.awk" "$T/table" >"$T/checked"
  counted "$T/checked"
  if [ "$rc" -eq 0 ] && [ ! -s "$T/err" ] && [ "$checked" -gt 0 ]; then pass; else fail "table --model $model $range $task: exit $rc, $checked rows checked" "$T/err"; fi
}

# ---- every size of the ranges, against the formulas ------------------------------------
if [ "${2-}" = small ]; then
  ranges="hypercube:1..5 ring:2..9 torus:2x2..4x4 torus:3x3x3..3x3x3 mesh:2x2..4x4 mesh:2x2x2..2x2x3"
  hc_whole=6..6 hc_template=""
else
  ranges="hypercube:1..8 ring:2..32 torus:2x2..8x8 torus:2x2x2..4x4x4 torus:3x3x5..3x5x7 mesh:2x2..6x6 mesh:2x2x2..3x3x3"
  hc_whole=9..12 hc_template=13..16
fi
for model in oneway sp-full sp-half; do
  for r in $ranges; do table $model "$r"; done
done
# the one-way hypercube (003 §6): whole schedules to d = 12, certified templates beyond
for task in mnb te; do
  table oneway "hypercube:$hc_whole" $task
  [ -n "$hc_template" ] && table oneway "hypercube:$hc_template" $task
done
# single-port te on the d-cube beyond 4096 nodes: a template with one row per slot, certified
[ -n "$hc_template" ] && table sp-full "hypercube:$hc_template" te
# one-way tori, larger: 16x16 and 8x8x8 (cayley and coloring templates)
[ "${2-}" = small ] || for r in torus:16x16..16x16 torus:8x8x8..8x8x8; do table oneway "$r" mnb; table oneway "$r" te; done

# ---- 002's examples, row for row -----------------------------------------------------------
# expect TOPO MODEL: the schedule's (slot, src, dst, origin) rows equal standard input's
expect() {
  "$BIN" schedule --topo "$1" --task mnb --model "$2" | rows | cut -f1-4 | sortrows >"$T/got"
  tr ' ' '\t' | sortrows >"$T/want"
  diff "$T/want" "$T/got" >"$T/diff" && pass || fail "$1 $2: not the paper's schedule" "$T/diff"
}
# Fig. 2, n = 4 half-duplex: even nodes send in odd steps, odd nodes in even steps
expect ring:4 sp-half <<'ROWS'
1 0 1 0
1 2 3 2
2 1 2 1
2 3 0 3
3 0 1 3
3 2 3 1
4 1 2 0
4 3 0 2
5 0 1 2
5 2 3 0
6 1 2 3
6 3 0 1
ROWS
# Fig. 3, n = 5 half-duplex: in step j node j-1 idles, j, j+2 send (the step rule of
# ../shared/seeds/EXTRACT.md §2.4, agreeing with the figure and the Appendix)
expect ring:5 sp-half <<'ROWS'
1 1 2 1
1 3 4 3
2 2 3 2
2 4 0 4
3 0 1 0
3 3 4 2
4 1 2 0
4 4 0 3
5 0 1 4
5 2 3 1
6 1 2 4
6 3 4 1
7 2 3 0
7 4 0 2
8 0 1 3
8 3 4 0
9 1 2 3
9 4 0 1
10 0 1 2
10 2 3 4
ROWS
# §3.1, full duplex: in step s node i sends the message of node i-s+1 to i+1
for n in 3 6; do
  for ((s = 1; s < n; s++)); do for ((i = 0; i < n; i++)); do echo "$s $i $(((i + 1) % n)) $(((i - s + 1 + n) % n))"; done; done |
    expect ring:$n sp-full
done

# ---- product composition (002 §4) -------------------------------------------------------
# K_2 x C_3 (torus:2x3): 002 Thm 3 (full duplex) n-1 = 5; Thm 5 (half duplex, A = K_2 even,
# B = C_3 odd) 2 n_B + n_B 2(n_A - 1) = 12
for case in sp-full:5 sp-half:12; do
  m=${case%:*} want=${case#*:}
  got=$("$BIN" table --topo torus:2x3 --task mnb --model $m --alg product | awk 'NR == 2 { print $3 }')
  [ "$got" = "$want" ] && pass || fail "product K_2 x C_3 $m: $got slots, 002 Thm 3/5: $want"
done
# 2-D tori: T = T_B + n_B T_A with the optimal ring times (full duplex n-1; half duplex 2(n-1)
# even, 2n odd), A the dimension that gives the least (002 Thm 2-5)
hd() { [ $(($1 % 2)) = 0 ] && echo $((2 * ($1 - 1))) || echo $((2 * $1)); }
for t in 3x3 3x4 4x4 4x6 3x5 2x5 5x6; do
  a=${t%x*} b=${t#*x}
  fd=$((a * b - 1))
  x=$(($(hd $b) + b * $(hd $a))) y=$(($(hd $a) + a * $(hd $b)))
  half=$((x < y ? x : y))
  for case in sp-full:$fd sp-half:$half; do
    m=${case%:*} want=${case#*:}
    got=$("$BIN" table --topo torus:$t --task mnb --model $m --alg product | awk 'NR == 2 && $8 == "OK" { print $3 }')
    [ "$got" = "$want" ] && pass || fail "product torus:$t $m: $got slots, 002 Thm 2: $want"
  done
done
# meshes with an odd node count have no Hamiltonian cycle: product or greedy, verified, >= bound
table sp-full mesh:3x3..5x5 mnb
table sp-half mesh:3x3..5x5 mnb

# ---- parity templates (003 Lemma 7.4) ------------------------------------------------------
# the one-way te on the 5-cube as a parity template: certified, and equal to the whole schedule
# when every row of origin o in {0, 1} is translated by every even-weight id h
"$BIN" schedule --topo hypercube:5 --task te --model oneway --template -o "$T/par.tsv"
grep -qx '# template=xor-parity' "$T/par.tsv" && pass || fail "oneway te template: metadata is not template=xor-parity"
"$BIN" verify "$T/par.tsv" >"$T/out" 2>&1
[ "$(cat "$T/out")" = "OK slots=32 lb=32 tx=2560 txlb=2560 template=xor-parity" ] && pass || fail "oneway te 5-cube template" "$T/out"
expand_parity() {
  awk -F '\t' -v OFS='\t' -v n=32 '
    function bxor(a, b,   r, p) { r = 0; for (p = 1; a > 0 || b > 0; p *= 2) { if (a % 2 != b % 2) r += p; a = int(a / 2); b = int(b / 2) } return r }
    function weight(x,   w) { for (w = 0; x > 0; x = int(x / 2)) w += x % 2; return w }
    h && $0 != "" { for (t = 0; t < n; t++) if (weight(t) % 2 == 0) print $1, bxor($2, t), bxor($3, t), bxor($4, t), $5 < 0 ? -1 : bxor($5, t) }
    /^slot\t/ { h = 1 }' "$1"
}
diff <(expand_parity "$T/par.tsv" | sortrows) <("$BIN" schedule --topo hypercube:5 --task te --model oneway | rows | sortrows) >"$T/diff" &&
  pass || fail "the expanded parity template differs from the whole schedule" "$T/diff"
# the same rows with the parity shift undone for origin 1 (slots 2t-1 and 2t swapped): each
# two-way row's two copies now share a slot and a wire
awk -F '\t' -v OFS='\t' 'h && $4 == 1 { $1 = $1 % 2 ? $1 + 1 : $1 - 1 } /^slot\t/ { h = 1 } { print }' "$T/par.tsv" |
  "$BIN" verify - >"$T/out" 2>&1
[ $? = 1 ] && grep -q '^FAIL .*exceeds the oneway capacity' "$T/out" && pass ||
  fail "a parity template using a dimension twice in a slot must FAIL" "$T/out"
# the two-way (mla) XOR template claimed one-way: e_i is its own inverse, each translate pair
# uses a wire both ways
"$BIN" schedule --topo hypercube:4 --task mnb --template | sed 's/^# model=mla$/# model=oneway/' | "$BIN" verify - >"$T/out" 2>&1
[ $? = 1 ] && grep -q 'is its own inverse' "$T/out" && pass || fail "an XOR template under oneway must FAIL" "$T/out"
# an mla template under sp-full fails (each slot has several rows: every node would send several
# packets); templates under sp-half, or a parity template off the hypercube, are refused
"$BIN" schedule --topo hypercube:4 --task mnb --template | sed 's/^# model=mla$/# model=sp-full/' | "$BIN" verify - >"$T/out" 2>&1
[ $? = 1 ] && grep -q '^FAIL slot=1 .*exceed the sp-full capacity' "$T/out" && pass ||
  fail "an mla template under sp-full must FAIL (two rows in a slot)" "$T/out"
"$BIN" schedule --topo hypercube:4 --task mnb --template | sed 's/^# model=mla$/# model=sp-half/' | "$BIN" verify - >"$T/out" 2>&1
[ $? = 2 ] && grep -q 'under mla, oneway or sp-full' "$T/out" && pass || fail "a template under sp-half must be refused (exit 2)" "$T/out"
"$BIN" schedule --topo torus:4x4 --task mnb --template | sed 's/^# template=add$/# template=xor-parity/' | "$BIN" verify - >"$T/out" 2>&1
[ $? = 2 ] && grep -q 'template=xor-parity does not match torus:4x4' "$T/out" && pass || fail "template=xor-parity on a torus must be refused (exit 2)" "$T/out"

# a hand-written sp-full te template on ring:4 in 3 slots, one below the bound DALL/N = 4: its
# slot 2 holds two rows from different nodes (each node alone is within sp-full), so every
# translate sends two packets from every node in that slot
printf '# topo=ring:4\n# task=te\n# model=sp-full\n# root=-1\n# template=add\nslot\tsrc\tdst\torigin\tdest\n1\t0\t1\t0\t2\n2\t0\t3\t0\t3\n2\t1\t2\t0\t2\n3\t0\t1\t0\t1\n' |
  "$BIN" verify - >"$T/out" 2>&1
[ $? = 1 ] && grep -q 'translates exceed the sp-full capacity: the template has two rows in slot 2' "$T/out" && pass ||
  fail "an sp-full template with two rows in a slot must FAIL" "$T/out"

# ---- refusals naming the bad value -------------------------------------------------------
"$BIN" schedule --topo mesh:3x3 --task mnb --model sp-full --alg ring >"$T/out" 2>&1
[ $? = 2 ] && grep -q 'mesh:3x3 has no Hamiltonian cycle (9 nodes, an odd number)' "$T/out" && pass ||
  fail "ring on mesh:3x3 must be refused naming the odd node count" "$T/out"
"$BIN" schedule --topo torus:2x4 --task mnb --model oneway --alg cayley >"$T/out" 2>&1
[ $? = 2 ] && grep -q 'dimension 0 has size 2' "$T/out" && pass || fail "oneway cayley on torus:2x4 must be refused" "$T/out"
"$BIN" schedule --topo ring:6 --task mnb --model sp-full --alg product >"$T/out" 2>&1
[ $? = 2 ] && grep -q "composes two or more dimensions; ring:6 has one" "$T/out" && pass || fail "product on a ring must be refused" "$T/out"
"$BIN" schedule --topo ring:6 --task te --model sp-full --alg coloring >"$T/out" 2>&1
[ $? = 2 ] && grep -q "unknown construction 'coloring' for te on ring:6 under sp-full" "$T/out" && pass ||
  fail "coloring under sp-full must be refused" "$T/out"

echo "$npass passed, $nfail failed"
[ "$nfail" = 0 ]
