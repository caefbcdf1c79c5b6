#!/usr/bin/env bash
# tests/combine.sh BIN [small] - the combining tasks (reduce, reduce_scatter, allreduce,
# global_sum: rows carry partial sums, cmodel/model/schedule.h) and the all-reduce baselines.
#
# Every task on every size of the ranges below, under mla, oneway, sp-full and sp-half, is
# generated and verified by `cmodel table`; each row is checked by tests/combine.awk against the
# construction's own slot and transmission formulas where it has one (reduce at ecc, reduce_scatter
# at the mnb figure wherever the mnb construction reaches its bound, allreduce at twice that,
# global_sum at the diameter under mla) and by tests/bounds.awk against the lower bounds. auto
# must pick rs-ag or edge for allreduce; the baselines (ring, halving-doubling, recursive-doubling,
# dimorder) must verify at their formulas and never beat it. Then hand-written schedules, and
# valid schedules broken in one way each, which the verifier must refuse naming the node, chunk
# and slot: a dropped row, a contribution counted twice, a chunk out of range, a bad origin, a
# pass-on of a word never received, malformed origins in the TSV (exit 2).
# Expected figures come from the formulas in the two awk files and here, never from cmodel.
# "small": the ranges cut down for the ASan build. Ends with "N passed, N failed".
BIN=${1:?usage: tests/combine.sh BIN [small]} NAME=combine
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"
sortfile() { # the metadata and header, then the rows sorted by (slot, src, dst)
  awk '{ print } /^slot\t/ { exit }' "$1"
  rows "$1" | sortrows
}
# checked_by CHECKER FILE: counts the checker's rows (counted), and fails if it checked none
checked_by() {
  counted "$2"
  [ "$checked" -gt 0 ] || fail "$1: no row checked"
}

# table MODEL RANGE TASK [ALG]: every row of `cmodel table` through combine.awk and, for the
# construction auto picks, bounds.awk; auto's allreduce must be rs-ag or edge
table() {
  local model=$1 range=$2 task=$3 alg=${4:-auto} rc
  "$BIN" table --topo "$range" --task "$task" --model "$model" --alg "$alg" >"$T/table" 2>"$T/err"
  rc=$?
  if [ "$rc" -ne 0 ] || [ -s "$T/err" ]; then
    fail "table --model $model $range $task --alg $alg: exit $rc" "$T/err"
    return 1
  fi
  awk -v model="$model" -f "$HERE/combine.awk" "$T/table" >"$T/checked"
  checked_by "combine.awk $model $range $task $alg" "$T/checked"
  [ "$alg" = auto ] || return 0
  awk -v model="$model" -f "$HERE/bounds.awk" "$T/table" >"$T/checked"
  checked_by "bounds.awk $model $range $task" "$T/checked"
  if [ "$task" = allreduce ]; then
    awk 'NR > 1 && $9 != "rs-ag" && $9 != "edge"' "$T/table" >"$T/other"
    [ ! -s "$T/other" ] && pass || fail "auto picks a baseline for allreduce under $model on $range" "$T/other"
  fi
}

# ---- every size of the ranges, against the formulas ----------------------------------------
if [ "${2-}" = small ]; then
  ranges="hypercube:1..4 ring:2..8 torus:2x2..4x4 torus:2x2x2..2x2x3 mesh:2x2..3x3"
else
  ranges="hypercube:1..8 ring:2..32 torus:2x2..8x8 torus:2x2x2..4x4x4 mesh:2x2..6x6"
fi
for model in mla oneway sp-full sp-half; do
  for r in $ranges; do
    for task in reduce reduce_scatter allreduce global_sum; do table $model "$r" $task; done
  done
done
# global_sum by name, where auto keeps the other one: lines under oneway and sp-full (the
# ring's K-1 slots), reduce-bcast on the d-cube (2d)
table oneway torus:3x3..5x5 global_sum lines
table sp-full ring:3..9 global_sum lines
for model in mla oneway sp-full sp-half; do table $model hypercube:1..5 global_sum reduce-bcast; done

# reduce from other roots: ecc(root) slots, N-1 transmissions (mla). On the vertex-transitive
# ones ecc is the diameter; on mesh:3x4 node 5 = (2, 1) is 2 + 2 = 4 hops from corner (0, 3).
while read -r topo root ecc n; do
  [ -z "$topo" ] && continue
  want="OK slots=$ecc lb=$ecc tx=$((n - 1)) txlb=$((n - 1))"
  got=$("$BIN" schedule --topo "$topo" --task reduce --root "$root" 2>&1 | "$BIN" verify - 2>&1)
  [ "$got" = "$want" ] && pass || fail "reduce $topo root $root: '$got', want '$want'"
done <<'EOF'
hypercube:4 5 4 16
hypercube:4 15 4 16
ring:8 3 4 8
torus:4x4 7 4 16
torus:3x5 11 3 15
mesh:3x4 5 4 12
EOF

# ---- the baselines -------------------------------------------------------------------------
# each at its formula (combine.awk); never fewer slots than auto (rs-ag or edge) on the same
# topology and model
baseline() { # MODEL RANGE ALG
  table "$1" "$2" allreduce "$3" || return 0
  cp "$T/table" "$T/base"
  "$BIN" table --topo "$2" --task allreduce --model "$1" >"$T/auto" 2>/dev/null
  awk 'NR == FNR { if (FNR > 1) rsag[$2] = $3; next }
       FNR > 1 && (!($2 in rsag) || $3 < rsag[$2]) { print $2 ": " $9 " " $3 " slots, auto " rsag[$2] }' "$T/auto" "$T/base" >"$T/beats"
  [ ! -s "$T/beats" ] && pass || fail "baseline $3 under $1 on $2 beats auto" "$T/beats"
}
if [ "${2-}" = small ]; then
  hc=hypercube:1..4 hc2=hypercube:2..4 rings=ring:2..8 rings3=ring:3..8 tori=torus:2x2..4x4 tori3=torus:3x3..4x4
else
  hc=hypercube:1..7 hc2=hypercube:2..7 rings=ring:2..24 rings3=ring:3..24 tori=torus:2x2..6x6 tori3=torus:3x3..6x6
fi
for model in mla sp-full; do
  for alg in ring halving-doubling recursive-doubling; do baseline $model $hc $alg; done
  for r in $rings $tori torus:2x2x2..3x3x3 mesh:2x4 mesh:4x4 mesh:2x3x4; do baseline $model "$r" ring; done
  for r in $rings $tori torus:2x2x2..3x3x3; do baseline $model "$r" dimorder; done
done
# one way round uses every link one way: valid under oneway from three nodes on
for r in $hc2 $rings3 $tori3 mesh:4x4; do baseline oneway "$r" ring; done
for r in $rings3 $tori3; do baseline oneway "$r" dimorder; done

# refused, naming what is missing: exit 2, one line on stderr, nothing on stdout
refused <<'CASES'
mesh:3x3 has no Hamiltonian cycle|schedule --topo mesh:3x3 --task allreduce --alg ring
'ring' under oneway needs 3 nodes.*hypercube:1|schedule --topo hypercube:1 --task allreduce --alg ring --model oneway
'ring' under oneway needs 3 nodes.*ring:2|schedule --topo ring:2 --task allreduce --alg ring --model oneway
'dimorder' under oneway.*dimension 0 of torus:2x4 has size 2|schedule --topo torus:2x4 --task allreduce --alg dimorder --model oneway
unknown construction 'ring' for allreduce on ring:6 under sp-half|schedule --topo ring:6 --task allreduce --alg ring --model sp-half
unknown construction 'halving-doubling' for allreduce on torus:4x4|schedule --topo torus:4x4 --task allreduce --alg halving-doubling
unknown construction 'recursive-doubling' for allreduce on hypercube:3 under oneway|schedule --topo hypercube:3 --task allreduce --alg recursive-doubling --model oneway
unknown construction 'dimorder' for allreduce on mesh:4x4|schedule --topo mesh:4x4 --task allreduce --alg dimorder
unknown construction 'ring' for reduce_scatter|schedule --topo ring:6 --task reduce_scatter --alg ring
--template.*allreduce|schedule --topo hypercube:3 --task allreduce --template
construction 'recursive-doubling' of allreduce on hypercube:12.*memory limit|schedule --topo hypercube:12 --task allreduce --alg recursive-doubling --max-mem 1G
construction 'recursive-doubling' of allreduce on hypercube:10 asked for [0-9.]+ MiB, over the memory limit of 100(\.0)? MiB|schedule --topo hypercube:10 --task allreduce --alg recursive-doubling --max-mem 100M
CASES

# ---- hand-written schedules ------------------------------------------------------------------
# fixture NAME TOPO TASK ROOT < rows: a schedule file
fixture() {
  { printf '# topo=%s\n# task=%s\n# model=mla\n# root=%s\nslot\tsrc\tdst\torigin\tdest\n' "$2" "$3" "$4"; tr ' ' '\t'; } >"$T/$1.tsv"
}
# verifies NAME WANT [verify options]: the verifier's line on the fixture
verifies() {
  local name=$1 want=$2 got
  shift 2
  got=$("$BIN" verify "$@" "$T/$name.tsv" 2>&1)
  [ "$got" = "$want" ] && pass || fail "verify $* $name: '$got', want '$want'"
}
# the ring all-reduce on ring:3 (0 -> 1 -> 2 -> 0). Reduce-scatter: in slot s node j moves its
# partial of chunk j-s on (holding what it received in slot s-1), so chunk p ends at node p;
# all-gather: in slot 2+s node j copies the finished chunk j-s+1 on. Bounds (bounds.awk): mla
# max(ceil(2N(N-1)/2 links), ceil(N/deg)) = 2; oneway ceil(12/3) = 4; sp-full 2(N-1) = 4.
fixture ring3 ring:3 allreduce -1 <<'EOF'
1 0 1 -1 2
1 1 2 -1 0
1 2 0 -1 1
2 0 1 -1 1
2 1 2 -1 2
2 2 0 -1 0
3 0 1 -2 0
3 1 2 -2 1
3 2 0 -2 2
4 0 1 -2 2
4 1 2 -2 0
4 2 0 -2 1
EOF
verifies ring3 "OK slots=4 lb=2 tx=12 txlb=12"
verifies ring3 "OK slots=4 lb=4 tx=12 txlb=12" --model oneway
verifies ring3 "OK slots=4 lb=4 tx=12 txlb=12" --model sp-full
diff <(rows "$T/ring3.tsv") <("$BIN" schedule --topo ring:3 --task allreduce --alg ring | rows) >"$T/diff" && pass ||
  fail "the ring baseline on ring:3 is not the hand-written ring all-reduce" "$T/diff"
# the same rows each node passing on what it received instead of copying its sum: valid too
awk -F '\t' -v OFS='\t' 'h && $1 == 4 { $4 = ($2 + 2) % 3 } /^slot\t/ { h = 1 } { print }' "$T/ring3.tsv" >"$T/ring3pass.tsv"
verifies ring3pass "OK slots=4 lb=2 tx=12 txlb=12"
# exchange and add on the 2-cube (003 §1): global sum in d = 2 slots, 8 words (bound 2(N-1) = 6)
fixture gs2 hypercube:2 global_sum -1 <<'EOF'
1 0 1 -2 0
1 1 0 -2 0
1 2 3 -2 0
1 3 2 -2 0
2 0 2 -2 0
2 1 3 -2 0
2 2 0 -2 0
2 3 1 -2 0
EOF
verifies gs2 "OK slots=2 lb=2 tx=8 txlb=6"
# all-reduce on the 1-cube: each node moves the other's chunk across, then copies its sum back
fixture ar1 hypercube:1 allreduce -1 <<'EOF'
1 0 1 -1 1
1 1 0 -1 0
2 0 1 -2 0
2 1 0 -2 1
EOF
verifies ar1 "OK slots=2 lb=2 tx=4 txlb=4"
# reduce to 0 on ring:3: both neighbours move their partials in
fixture red3 ring:3 reduce 0 <<'EOF'
1 1 0 -1 0
1 2 0 -1 0
EOF
verifies red3 "OK slots=1 lb=1 tx=2 txlb=2"

# ---- broken schedules: the verifier must FAIL (exit 1) naming the node, chunk and slot ----------
# refuses NAME FILE ERE: verify FILE exits 1 with one line matching ERE
refuses() {
  local out rc
  out=$("$BIN" verify "$2" 2>&1)
  rc=$?
  if [ $rc = 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && printf '%s\n' "$out" | grep -qE -- "$3"; then
    pass
  else
    printf '%s\n' "$out" >"$T/out"
    fail "$1: want exit 1 and /$3/ (exit $rc)" "$T/out"
  fi
}
# edit IN OUT AWK-PROGRAM [awk -v args]: the rows of IN edited, re-sorted, into OUT; the edit
# must change the file
edit() {
  local in=$1 out=$2 prog=$3
  shift 3
  awk -F '\t' -v OFS='\t' "$@" "h { $prog; next } /^slot\t/ { h = 1 } { print }" "$in" >"$out.tmp"
  sortfile "$out.tmp" >"$out"
  cmp -s "$in" "$out" && fail "test bug: the edit '$prog' leaves $in as it was"
  return 0
}
"$BIN" schedule --topo hypercube:4 --task reduce -o "$T/red4.tsv"
"$BIN" schedule --topo hypercube:3 --task allreduce -o "$T/ar3.tsv"
"$BIN" schedule --topo ring:5 --task global_sum -o "$T/gs5.tsv"
for f in red4 ar3 gs5; do "$BIN" verify "$T/$f.tsv" >/dev/null && pass || fail "base schedule $f does not verify"; done

# (a) a row dropped: a contribution never arrives. A leaf of the reduce (slot 1) leaves the root
# without it alone; a row of the last slot leaves its receiver without the whole chunk.
read -r s u w o c < <(rows "$T/red4.tsv" | head -n 1)
edit "$T/red4.tsv" "$T/a1.tsv" 'if ($1 == 1 && $2 == u && $3 == w) next; print' -v u="$u" -v w="$w"
refuses "reduce without the leaf row $u->$w" "$T/a1.tsv" "^FAIL incomplete: node 0 ends without the contribution of node $u to chunk 0\$"
for f in ar3 gs5; do
  last=$(awk -F= '/^# slots=/ { print $2 }' "$T/$f.tsv")
  read -r s u w o c < <(rows "$T/$f.tsv" | awk -v s="$last" '$1 == s' | head -n 1)
  edit "$T/$f.tsv" "$T/a-$f.tsv" 'if ($1 == s && $2 == u && $3 == w) next; print' -v s="$s" -v u="$u" -v w="$w"
  refuses "$f without its last-slot row $u->$w" "$T/a-$f.tsv" "^FAIL incomplete: node $w ends without the contribution of node [0-9]+ to chunk $c\$"
done

# (b) a contribution counted twice
# a copy where a move was: node u keeps its partial of chunk c after passing it on in the
# reduce-scatter, and the finished sum it gets back in the all-gather holds it again
read -r s u w o c < <(rows "$T/ar3.tsv" | head -n 1)
read -r s2 u2 _ < <(rows "$T/ar3.tsv" | awk -v u="$u" -v c="$c" '$3 == u && $5 == c && $4 == -2')
edit "$T/ar3.tsv" "$T/b1.tsv" 'if ($1 == 1 && $2 == u && $3 == w) $4 = -2; print' -v u="$u" -v w="$w"
refuses "allreduce with a copy for the move $u->$w of chunk $c" "$T/b1.tsv" \
  "^FAIL slot $s2: node $u counts the contribution of node [0-9]+ to chunk $c twice \\(the word from node $u2 holds it, and so does its partial\\)\$"
# a leaf's moved partial also sent to another neighbour in the same slot (a copy, or a second move)
read -r s u w o c < <(rows "$T/red4.tsv" | head -n 1)
x=$((u ^ 1)) # a neighbour of u other than w (slot 1 of the reversed binomial tree crosses the top dimension)
for kind in -2 -1; do
  edit "$T/red4.tsv" "$T/b2$kind.tsv" 'print; if ($1 == 1 && $2 == u && $3 == w) print 1, u, x, k, 0' -v u="$u" -v w="$w" -v x="$x" -v k="$kind"
  refuses "reduce: leaf $u's moved partial also sent to $x ($kind)" "$T/b2$kind.tsv" \
    "^FAIL slot=1 src=$u .*node $u sends its partial of chunk 0 twice in slot 1 and forwards it in one of them"
done
# the same partial moved again in a later slot: it left in slot 1
edit "$T/red4.tsv" "$T/b3.tsv" 'print; if ($1 == 1 && $2 == u && $3 == w) print 2, u, x, -1, 0' -v u="$u" -v w="$w" -v x="$x"
refuses "reduce: leaf $u moves its partial again in slot 2" "$T/b3.tsv" \
  "^FAIL slot=2 src=$u dst=$x origin=-1 dest=0: node $u holds no partial of chunk 0 at the start of slot 2"
# exchange and add twice across dimension 0: in slot 2 node 1 already holds 0's contribution
edit "$T/gs2.tsv" "$T/b4.tsv" 'print; if ($1 == 2 && $2 == 0) print 2, 0, 1, -2, 0'
refuses "global_sum on the 2-cube with a second exchange 0->1 in slot 2" "$T/b4.tsv" \
  "^FAIL slot 2: node 1 counts the contribution of node 0 to chunk 0 twice \\(the word from node 0 holds it, and so does its partial\\)\$"

# (c) rows that cannot be read as words of the task
read -r s u w o c < <(rows "$T/ar3.tsv" | head -n 1)
edit "$T/ar3.tsv" "$T/c1.tsv" 'if ($1 == 1 && $2 == u && $3 == w) $5 = 8; print' -v u="$u" -v w="$w"
refuses "allreduce on the 3-cube with chunk 8" "$T/c1.tsv" "^FAIL slot=1 src=$u dst=$w origin=-1 dest=8: chunk 8 is not a chunk of task allreduce \\(0\\.\\.7\\)\$"
read -r s u w o c < <(rows "$T/red4.tsv" | head -n 1)
for chunk in 1 -1; do
  edit "$T/red4.tsv" "$T/c2$chunk.tsv" 'if ($1 == 1 && $2 == u && $3 == w) $5 = k; print' -v u="$u" -v w="$w" -v k="$chunk"
  refuses "reduce with chunk $chunk" "$T/c2$chunk.tsv" "^FAIL slot=1 src=$u dst=$w origin=-1 dest=$chunk: chunk $chunk is not a chunk of task reduce \\(0\\.\\.0\\)\$"
done
for origin in $((u ^ 3)) 99; do # two bits away from u: not a neighbour; 99: not a node
  edit "$T/red4.tsv" "$T/c3-$origin.tsv" 'if ($1 == 1 && $2 == u && $3 == w) $4 = o; print' -v u="$u" -v w="$w" -v o="$origin"
  refuses "reduce with origin $origin at node $u" "$T/c3-$origin.tsv" "^FAIL slot=1 src=$u dst=$w origin=$origin dest=0: origin $origin is neither -1, -2 nor a neighbour of node $u\$"
done
# a pass-on of a word never received: the first row of slot 2, passing on what a neighbour that
# sent it nothing in slot 1 sent it
read -r s u w o c < <(rows "$T/red4.tsv" | awk '$1 == 2' | head -n 1)
for ((bit = 1; bit < 16; bit *= 2)); do
  x=$((u ^ bit))
  rows "$T/red4.tsv" | awk -v x="$x" -v u="$u" '$1 == 1 && $2 == x && $3 == u { found = 1 } END { exit !found }' || break
done
edit "$T/red4.tsv" "$T/c4.tsv" 'if ($1 == 2 && $2 == u && $3 == w) $4 = x; print' -v u="$u" -v w="$w" -v x="$x"
refuses "reduce: node $u passes on a word from $x" "$T/c4.tsv" "^FAIL slot=2 src=$u dst=$w origin=$x dest=0: node $u received no word of chunk 0 from node $x in slot 1 to pass on\$"
# a pass-on of a word of another chunk: in slot 2 of the 3-cube's rs-ag, node u passes on the
# word a neighbour sent it in slot 1, of a chunk other than the row's
read -r s x u o c1 < <(rows "$T/ar3.tsv" | head -n 1)
read -r s u w o c < <(rows "$T/ar3.tsv" | awk -v u="$u" -v c="$c1" '$1 == 2 && $2 == u && $5 != c' | head -n 1)
edit "$T/ar3.tsv" "$T/c5.tsv" 'if ($1 == 2 && $2 == u && $3 == w) $4 = x; print' -v u="$u" -v w="$w" -v x="$x"
refuses "allreduce: node $u passes on $x's word of chunk $c1 as chunk $c" "$T/c5.tsv" \
  "^FAIL slot=2 src=$u dst=$w origin=$x dest=$c: node $u received no word of chunk $c from node $x in slot 1 to pass on\$"
# the finished sum moved away instead of copied: its sender ends without it
edit "$T/ar1.tsv" "$T/c6.tsv" 'if ($1 == 2 && $2 == 0) $4 = -1; print'
refuses "allreduce on the 1-cube moving its sum away" "$T/c6.tsv" "^FAIL incomplete: node 0 ends without the contribution of node 0 to chunk 0\$"

# malformed words: exit 2, one line naming the line and the field
line=$(awk '/^slot\t/ { print NR + 1; exit }' "$T/red4.tsv") # the first row's
while IFS='|' read -r field value want; do
  [ -z "$field" ] && continue
  edit "$T/red4.tsv" "$T/m.tsv" 'if (!done) { $f = v; done = 1 } print' -v f="$field" -v v="$value"
  out=$("$BIN" verify "$T/m.tsv" 2>"$T/err")
  rc=$?
  if [ $rc = 2 ] && [ -z "$out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qF -- "line $line: $want" "$T/err"; then pass; else
    fail "origin/dest '$value' (field $field): want exit 2 and 'line $line: $want' (exit $rc)" "$T/err"
  fi
done <<'EOF'
4|-3|bad origin field '-3' (expected a node id, -1 or -2)
4|-12|bad origin field '-12' (expected a node id, -1 or -2)
4|4294967295|bad origin field '4294967295' (expected a node id, -1 or -2)
4|1x|bad origin field '1x' (expected a node id, -1 or -2)
5|-4|bad dest field '-4' (expected a node id, -1, -2 or -3)
EOF

# ---- the checkers themselves must fail a wrong row -----------------------------------------
# combine.awk: allreduce one above 2 ceil(15/4) = 8 on torus:4x4, a ring baseline one below
# 2(N-1), global_sum lines with one word too few (N sum(K-1) = 96), a reduce that is not verified
printf '%s\n' 'allreduce torus:4x4 9 8 1 480 480 OK rs-ag' 'allreduce ring:6 9 5 4 60 60 OK ring' \
  'global_sum torus:4x4 4 4 0 95 30 OK lines' 'reduce torus:4x4 FAIL incomplete' 'allreduce torus:4x4 16 8 8 480 480 OK dimorder' |
  awk -f "$HERE/combine.awk" >"$T/self"
[ "$(grep -c '^FAIL' "$T/self")" = 4 ] && grep -q '^ok allreduce torus:4x4 dimorder' "$T/self" && pass ||
  fail "combine.awk accepts a wrong row or refuses a right one" "$T/self"
# bounds.awk: allreduce one above twice the mnb bound, reduce_scatter one above the mnb bound, a
# verifier lb one off, global_sum below 2(N-1) transmissions; a global_sum above them is fine
printf '%s\n' 'allreduce torus:4x4 9 8 1 480 480 OK rs-ag' 'reduce_scatter torus:4x4 5 4 1 240 240 OK reverse' \
  'allreduce ring:8 8 8 0 112 112 OK rs-ag' 'global_sum torus:4x4 4 4 0 29 30 OK lines' 'global_sum torus:4x4 4 4 0 96 30 OK lines' |
  awk -f "$HERE/bounds.awk" >"$T/self"
[ "$(grep -c '^FAIL' "$T/self")" = 4 ] && grep -q '^ok global_sum torus:4x4' "$T/self" && pass ||
  fail "bounds.awk accepts a wrong combining row or refuses a right one" "$T/self"

echo "combine: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
