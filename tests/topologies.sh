#!/usr/bin/env bash
# tests/topologies.sh BIN [small] - the golden model on rings, tori and meshes. Every task on
# every size of the ranges below is generated and verified by `cmodel table`, and each row is
# checked by tests/bounds.awk against the lower bounds written there from the papers' formulas
# (never from cmodel): snb, mnb, scatter and gather must meet the slot bound on every ring to 64
# nodes, every 2-D torus to 16x16, every 3-D torus to 8x8x8 and every 2-D mesh to 8x8 with an
# even node count, and so must reduce and reduce_scatter where snb and mnb do, allreduce at
# twice the mnb bound there, global_sum at the diameter; every row meets the transmission bound
# (global_sum: at least); te never does worse than the dimension-ordered exchange. Then translation templates (certified, and expanded by an awk
# translator), hand-written templates good and bad, the torus:4x4 = 4-cube and ring:4 = 2-cube
# equalities, complete:N (every pair linked: its figures, hand-written schedules at its bounds,
# templates), golden TSVs for ring:5, torus:3x3 and mesh:2x4, and bad input.
# "small": the ranges cut down for the ASan build. Ends with "N passed, N failed".
BIN=${1:?usage: tests/topologies.sh BIN [small]} NAME=topo
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"
. "$HERE/formulas.sh"

# ---- every size of the ranges, against the formulas ------------------------------------
if [ "${2-}" = small ]; then
  ranges="ring:2..12 torus:2x2..5x5 torus:2x2x2..3x3x3 mesh:2x2..4x4 mesh:2x2x2..2x3x3"
else
  ranges="ring:2..64 torus:2x2..16x16 torus:2x2x2..8x8x8 mesh:2x2..8x8 mesh:2x2x2..4x4x4"
fi
for r in $ranges; do
  "$BIN" table --topo "$r" >"$T/table" 2>"$T/err"
  rc=$?
  awk -f "$HERE/bounds.awk" "$T/table" >"$T/checked"
  counted "$T/checked"
  if [ "$rc" -eq 0 ] && [ ! -s "$T/err" ] && [ "$checked" -gt 0 ]; then pass; else fail "table $r: exit $rc, $checked rows checked" "$T/err"; fi
done
# the checker itself must fail a row one slot above the bound, one below it, and one short of
# the transmission bound
printf 'mnb torus:4x4 5 4 1 240 240 OK cayley\nmnb torus:4x4 3 3 0 240 240 OK cayley\nte torus:4x4 8 8 0 511 512 OK coloring\n' |
  awk -f "$HERE/bounds.awk" >"$T/self"
[ "$(grep -c '^FAIL' "$T/self")" = 3 ] && pass || fail "bounds.awk accepts a wrong row" "$T/self"

# bounds.awk's figures for the hypercube equal paper 000's Table 1 (formulas.sh): two sources
# of expected figures, written independently, that the hardware tests both use
for ((d = 1; d <= 12; d++)); do
  for k in snb mnb scatter gather te; do
    got=$(awk -v task=$k -v topo=hypercube:$d -f "$HERE/bounds.awk")
    [ "$got" = "$(slots_of $k $d) $(tx_of $k $d)" ] && pass || fail "bounds.awk hypercube:$d $k: '$got', 000 Table 1: $(slots_of $k $d) $(tx_of $k $d)"
  done
done

# ---- torus:4x4 is the 4-cube, ring:4 the 2-cube: the hypercube's slot counts --------------
for pair in torus:4x4=4 ring:4=2; do
  t=${pair%=*} d=${pair#*=}
  for k in snb mnb scatter gather te; do
    got=$("$BIN" table --topo "$t" --task $k | awk 'NR == 2 { print $3 }')
    [ "$got" = "$(slots_of $k $d)" ] && pass || fail "$t $k: $got slots, the $d-cube takes $(slots_of $k $d)"
  done
done

# ---- translation templates -------------------------------------------------------------------
# certified from the template, and the template translated by awk equals the whole schedule
for case in ring:5:mnb ring:7:te torus:3x3:mnb torus:4x6:mnb torus:3x5:te torus:2x3x4:mnb torus:4x4:te; do
  t=${case%:*} k=${case##*:}
  "$BIN" schedule --topo "$t" --task $k --template -o "$T/tpl.tsv" 2>"$T/err" || {
    fail "schedule --template $t $k" "$T/err"
    continue
  }
  grep -qx '# template=add' "$T/tpl.tsv" && pass || fail "$t $k: template metadata is not template=add"
  "$BIN" verify "$T/tpl.tsv" >"$T/out" 2>&1
  grep -qE '^OK slots=[0-9]+ .* template=add$' "$T/out" && pass || fail "verify template $t $k" "$T/out"
  diff <(awk -v topo="$t" -f "$HERE/xlate_add.awk" "$T/tpl.tsv" | sortrows) \
    <("$BIN" schedule --topo "$t" --task $k | rows | sortrows) >"$T/diff" && pass ||
    fail "$t $k: the translated template differs from the whole schedule" "$T/diff"
done
# large tori are certified by template (the whole 64x64 mnb is 16.8 M rows): ceil(4095/4)
"$BIN" schedule --topo torus:64x64 --task mnb --template | "$BIN" verify - >"$T/out" 2>&1
[ "$(cat "$T/out")" = "OK slots=1024 lb=1024 tx=16773120 txlb=16773120 template=add" ] && pass ||
  fail "torus:64x64 mnb template: want 1024 slots" "$T/out"

# hand-written torus:3x3 mnb templates (ids x + 3y; +e0 adds 1, -e0 subtracts 1, +e1 adds 3,
# -e1 subtracts 3, mod 3 per coordinate): slot 1 reaches the four neighbours, slot 2 the four
# corners, each slot with four distinct generators. The broken one reaches corner 5 over +e1
# from 2 while 1->4 also uses +e1 in slot 2: still a broadcast from 0, but its translates share
# links.
tmpl() {
  { printf '# topo=torus:3x3\n# task=mnb\n# model=mla\n# root=-1\n# template=add\nslot\tsrc\tdst\torigin\tdest\n'; tr ' ' '\t'; } >"$T/$1.tsv"
}
tmpl good <<'ROWS'
1 0 1 0 -1
1 0 2 0 -1
1 0 3 0 -1
1 0 6 0 -1
2 1 4 0 -1
2 2 8 0 -1
2 3 5 0 -1
2 6 7 0 -1
ROWS
tmpl twice <<'ROWS'
1 0 1 0 -1
1 0 2 0 -1
1 0 3 0 -1
1 0 6 0 -1
2 1 4 0 -1
2 2 5 0 -1
2 2 8 0 -1
2 6 7 0 -1
ROWS
"$BIN" verify "$T/good.tsv" >"$T/out" 2>&1
[ "$(cat "$T/out")" = "OK slots=2 lb=2 tx=72 txlb=72 template=add" ] && pass || fail "hand-written torus:3x3 template" "$T/out"
"$BIN" verify "$T/twice.tsv" >"$T/out" 2>&1
rc=$?
[ $rc = 1 ] && grep -qE '^FAIL slot=2 .*generator \+e1 .*twice in slot 2' "$T/out" && pass ||
  fail "a template using +e1 twice in slot 2 must fail naming the slot and generator (exit $rc)" "$T/out"
# the same two templates expanded by awk and checked row by row by the full verifier
for f in good twice; do
  {
    printf '# topo=torus:3x3\n# task=mnb\n# model=mla\nslot\tsrc\tdst\torigin\tdest\n'
    awk -v topo=torus:3x3 -f "$HERE/xlate_add.awk" "$T/$f.tsv" | sortrows
  } >"$T/$f-full.tsv"
  "$BIN" verify "$T/$f-full.tsv" >"$T/out" 2>&1
  rc=$?
  if [ $f = good ]; then
    [ $rc = 0 ] && pass || fail "expanded good template" "$T/out"
  else
    [ $rc = 1 ] && grep -q capacity "$T/out" && pass || fail "expanded broken template must exceed capacity" "$T/out"
  fi
done
# a template's metadata must match the topology's translation
sed 's/^# template=add$/# template=xor/' "$T/good.tsv" >"$T/xor.tsv"
"$BIN" verify "$T/xor.tsv" >"$T/out" 2>"$T/err"
[ $? = 2 ] && [ ! -s "$T/out" ] && grep -q 'template=xor' "$T/err" && pass || fail "template=xor on a torus must be refused" "$T/err"

# ---- complete:N: every pair of nodes linked (schedules made elsewhere, docs/USAGE.md) -----------
# The figures from the definition, not from cmodel: N nodes, N-1 ports, N(N-1)/2 links, diameter
# 1; every other node at distance 1, so the distances from a node sum to N-1 and over all
# ordered pairs to N(N-1). Hand-written schedules: te and scatter in one slot (every node sends
# straight to each other one over its N-1 ports: degree N-1), te under oneway in two (u<v, then
# u>v), mnb under sp-full in N-1 (slot s: u to u+s mod N), each at its bound; a row from a node
# to itself is no link.
complete_tsv() { # complete_tsv N TASK MODEL ROOT <rows (awk prints them from n)
  printf '# topo=complete:%s\n# task=%s\n# model=%s\n# root=%s\nslot\tsrc\tdst\torigin\tdest\n' "$1" "$2" "$3" "$4"
  awk -v n="$1" "BEGIN { OFS = \"\t\"; $(cat) }" | sortrows
}
for n in 2 3 4 5 8 33; do
  c=complete:$n pairs=$((n * (n - 1)))
  got=$("$BIN" info --topo $c 2>&1)
  [ "$got" = "topo=$c nodes=$n ports=$((n - 1)) links=$((pairs / 2)) diameter=1" ] && pass || fail "info $c: $got"
  complete_tsv $n te mla -1 <<<'for (u = 0; u < n; u++) for (v = 0; v < n; v++) if (u != v) print 1, u, v, u, v' >"$T/te.tsv"
  got=$("$BIN" verify "$T/te.tsv" 2>&1)
  [ "$got" = "OK slots=1 lb=1 tx=$pairs txlb=$pairs" ] && pass || fail "$c te in one slot: $got"
  complete_tsv $n scatter mla 0 <<<'for (v = 1; v < n; v++) print 1, 0, v, 0, v' >"$T/sc.tsv"
  got=$("$BIN" verify "$T/sc.tsv" 2>&1)
  [ "$got" = "OK slots=1 lb=1 tx=$((n - 1)) txlb=$((n - 1))" ] && pass || fail "$c scatter in one slot: $got"
  complete_tsv $n te oneway -1 <<<'for (u = 0; u < n; u++) for (v = 0; v < n; v++) if (u != v) print (u < v ? 1 : 2), u, v, u, v' >"$T/ow.tsv"
  got=$("$BIN" verify "$T/ow.tsv" 2>&1)
  [ "$got" = "OK slots=2 lb=2 tx=$pairs txlb=$pairs" ] && pass || fail "$c oneway te in two slots: $got"
  complete_tsv $n mnb sp-full -1 <<<'for (s = 1; s < n; s++) for (u = 0; u < n; u++) print s, u, (u + s) % n, u, -1' >"$T/sp.tsv"
  got=$("$BIN" verify "$T/sp.tsv" 2>&1)
  [ "$got" = "OK slots=$((n - 1)) lb=$((n - 1)) tx=$pairs txlb=$pairs" ] && pass || fail "$c sp-full mnb in N-1 slots: $got"
done
complete_tsv 4 snb mla 0 <<<'print 1, 0, 1, 0, -1; print 1, 0, 2, 0, -1; print 2, 2, 2, 0, -1; print 2, 2, 3, 0, -1' >"$T/self.tsv"
"$BIN" verify "$T/self.tsv" >"$T/out" 2>&1
[ $? = 1 ] && grep -q '^FAIL slot=2 src=2 dst=2 .*2->2 is not a link of complete:4' "$T/out" && pass ||
  fail "a row from node 2 to itself on complete:4 must fail" "$T/out"
# every ring's, hypercube's and torus's links are links of the complete graph of as many nodes:
# their schedules verify there too (verify --topo over the file's metadata), against its bounds
# (mnb: diameter 1, degree N-1: one slot; N(N-1) transmissions)
for pair in ring:8=8 hypercube:3=8 torus:3x3=9; do
  n=${pair#*=}
  "$BIN" schedule --topo "${pair%=*}" --task mnb -o "$T/sub.tsv"
  "$BIN" verify --topo complete:$n "$T/sub.tsv" >"$T/out" 2>&1
  grep -qE "^OK slots=[0-9]+ lb=1 tx=$((n * (n - 1))) txlb=$((n * (n - 1)))$" "$T/out" && pass ||
    fail "${pair%=*}'s mnb on complete:$n" "$T/out"
done
# translation templates (Z_N: port p adds p+1): under mla the generators +1..+4 of complete:5
# in one slot; under oneway +g and -g share wires, so +1,+2 then +3,+4 is good and +1,+4 in one
# slot is not; the good ones expanded by xlate_add.awk verify row by row
printf '1 0 1\n1 0 2\n1 0 3\n1 0 4\n' >"$T/mla.rows"
printf '1 0 1\n1 0 2\n2 0 3\n2 0 4\n' >"$T/ow-good.rows"
printf '1 0 1\n1 0 4\n2 0 2\n2 0 3\n' >"$T/ow-bad.rows"
for case in mla:mla:0 oneway:ow-good:0 oneway:ow-bad:1; do
  IFS=: read -r m f want <<<"$case"
  { printf '# topo=complete:5\n# task=mnb\n# model=%s\n# root=-1\n# template=add\nslot\tsrc\tdst\torigin\tdest\n' $m
    awk '{ print $1 "\t" $2 "\t" $3 "\t0\t-1" }' "$T/$f.rows"; } >"$T/$f.tsv"
  "$BIN" verify "$T/$f.tsv" >"$T/out" 2>&1
  rc=$?
  if [ $want = 0 ]; then
    slots=$(awk 'END { print $1 }' "$T/$f.rows")
    [ $rc = 0 ] && [ "$(cat "$T/out")" = "OK slots=$slots lb=$slots tx=20 txlb=20 template=add" ] && pass ||
      fail "complete:5 $m template $f" "$T/out"
    { printf '# topo=complete:5\n# task=mnb\n# model=%s\nslot\tsrc\tdst\torigin\tdest\n' $m
      awk -v topo=complete:5 -f "$HERE/xlate_add.awk" "$T/$f.tsv" | sortrows; } >"$T/$f-full.tsv"
    "$BIN" verify "$T/$f-full.tsv" >"$T/out" 2>&1 && pass || fail "complete:5 $m template $f expanded" "$T/out"
  else
    [ $rc = 1 ] && grep -qE '^FAIL slot=1 .*generator \+4 or its inverse twice in slot 1' "$T/out" && pass ||
      fail "complete:5 oneway template with +1 and +4 in one slot must fail (exit $rc)" "$T/out"
  fi
done

# ---- golden schedules -------------------------------------------------------------------------
# tests/golden/<topo>-<task>.tsv, root 0; a missing one is written and its case fails
for t in ring:5 torus:3x3 mesh:2x4; do
  for k in snb mnb scatter gather te; do
    name=${t/:/-}-$k.tsv
    "$BIN" schedule --topo "$t" --task $k -o "$T/$name" 2>"$T/err" || {
      fail "schedule $t $k" "$T/err"
      continue
    }
    if [ ! -f "$HERE/golden/$name" ]; then
      cp "$T/$name" "$HERE/golden/$name"
      fail "golden $name missing: wrote tests/golden/$name, inspect it and run again"
      continue
    fi
    diff -u <(grep -v '^# generator=' "$HERE/golden/$name") <(grep -v '^# generator=' "$T/$name") >"$T/diff" && pass ||
      fail "golden $name differs" "$T/diff"
    "$BIN" verify "$HERE/golden/$name" >"$T/out" && pass || fail "golden $name does not verify" "$T/out"
  done
done

# ---- bad input: exit 2, one stderr line naming the value, no output file ----------------------
while IFS='|' read -r want args; do
  [ -z "$want" ] && continue
  rm -f "$T/o.tsv"
  # shellcheck disable=SC2086 # args are words
  "$BIN" $args -o "$T/o.tsv" >"$T/out" 2>"$T/err"
  rc=$?
  if [ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$want" "$T/err" && [ ! -e "$T/o.tsv" ]; then
    pass
  else
    fail "cmodel $args: want exit 2 and one line matching /$want/ (exit $rc)" "$T/err"
  fi
done <<'CASES'
torus:1x4|schedule --topo torus:1x4 --task mnb
'1'|schedule --topo torus:4x1 --task snb
mesh:3x3.*Hamiltonian|schedule --topo mesh:3x3 --task mnb --alg cycle
mesh:5x5.*Hamiltonian|schedule --topo mesh:5x5 --task mnb --alg cycle
'bogus'|schedule --topo torus:4x4 --task mnb --alg bogus
'classes'|schedule --topo torus:4x4 --task mnb --alg classes
torus:4x4.*oneway|schedule --topo torus:4x4 --task mnb --model oneway --alg cycle
mesh:4x4.*sp-full|schedule --topo mesh:4x4 --task te --model sp-full --alg coloring
template.*mesh:4x4|schedule --topo mesh:4x4 --task mnb --template
template.*mesh:2x4|schedule --topo mesh:2x4 --task te --template
mesh:33x33 has 1089|schedule --topo mesh:33x33 --task mnb --alg greedy
no schedules on complete:8|schedule --topo complete:8 --task mnb
no schedules on complete:4|schedule --topo complete:4 --task te --alg greedy
no schedules on complete:5|schedule --topo complete:5 --task snb --model sp-full
CASES
refused <<'CASES'
torus:3x3\.\.16|table --topo torus:3x3..16
empty|table --topo torus:4x4..3x3
'1'|table --topo torus:1x1..3x3
ring:1x|table --topo ring:1x..3
cube|table --topo cube:2..4
no schedules on complete:4|table --topo complete:4
complete:4\.\.8.*no schedules on complete:4|table --topo complete:4..8
complete:8|dynbcast --topo complete:8
complete:4|draw --topo complete:4 --task mnb -o x.svg
'complete:1'.*2\.\.33|info --topo complete:1
'complete:34'.*2\.\.33|info --topo complete:34
CASES

echo "topologies: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
