#!/usr/bin/env bash
# tests/pexchange.sh BIN [small|large] - task pexchange (paper 004 §4, docs/PEXCHANGE.md): M active
# nodes of a mesh or torus each send a personalized packet to every other node (2-D as in the
# paper; 3-D verified against lower bounds only).
#
#   1. constructions 004, row-first (the baseline), auto and (pexchange) 004-runtime on torus:4x4, 5x5, mesh:4x4 and
#      the non-square mesh:4x6, mesh:6x4 and torus:3x5 ("large", make test-large's: torus:8x8
#      and mesh:8x8 instead),
#      each with --m M --seed S for M in {1, 2, K0, N/4, N/2, N-1, N} and seeds 1, 2 ("small":
#      seed 1; QUICK=1, make check's: torus:4x4 and mesh:4x6 only), and the sets: the m x m
#      corner block (m = 2 and m = floor(sqrt(N/2))), the left half, row 0, a middle row,
#      column 0, every node, node 0, a middle node, the two corners {0, N-1}, the two ends of
#      row 0. Each schedule: `cmodel verify` says OK; slots >= verify's lb; the
#      metadata (m=, active=, alg=, slots=); 004 within 004 §4's bound (below), 004-runtime
#      within it plus its phase 1's S = max(K0, K1) - 1 slots; on the mesh,
#      every construction at least 004 §4's lower bounds (a) m(N-m^2)/2 for the corner block
#      and (b) (N/2)^2/K1 for the left half; auto = 004, byte for byte (not verified again);
#   2. the routes, the priority rule (a), non-wasting (b) and the documented tie rule, from the
#      active set alone (tests/pexchange.awk), for 004, row-first and 004-runtime (its FIFO
#      order; its phase-1 counters are verify's);
#   3. broken schedules: verify must FAIL (exit 1), and pexchange.awk must fail wrong ones;
#      004-runtime's counters: one value off by one, one deleted, a packet moved into phase 1;
#   4. bad input: exit 2, one line on stderr naming the bad value, nothing written;
#   5. determinism, and verify --m/--seed against the drawn set.
#
# 004 §4's bound: phase 2 <= 2m(N-p) + 2(p-1) slots on a p x p array or torus, m = floor(sqrt(M)).
# On a K0 x K1 mesh (K0 columns: a row has K0 nodes; K1 rows) the same argument gives
#   max(m(N-K1) + K0-1, m(N-K0) + K1-1) + max(m K1(K1-1) + K1-1, m K0(K0-1) + K0-1):
# Lemma 3's count uses only M < (m+1)^2, so a row holds <= m R nodes and a column <= m C nodes
# whatever the shape; an R node has N-K1 packets for other columns and a C node N-K0 for
# other rows (the first legs); after them a node holds <= m(K1-1) R packets for its column and
# <= m(K0-1) C packets for its row (the second legs). For K0 = K1 = p it is 004's figure.
# Every expected figure is computed here from K0, K1 and M, never taken from cmodel's output.
#
# TASK=pgather: the same checks for the partial gather (004 §2: M active nodes each receive a
# packet from every other node; the dual of pexchange, "with the same complexity"): the same
# sets, bounds and lower bounds (reversed, each counts the same packets crossing the same links
# the other way: (a) the m x m block receives m^2 (N - m^2) packets, (b) the right half sends
# (N/2)^2 to the left), and instead of the routing rules of part 2, duality: every pgather
# schedule is the pexchange schedule of the same set and construction with each row
# (s, u, v, a, w) turned into (S+1-s, v, u, w, a), the reversal done here by awk; part 3's
# inactive-origin row becomes a row for an inactive destination.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then
# "pexchange: N passed, N failed"; exits 1 if any check failed.
# shellcheck disable=SC2016 # expect's conditions are single-quoted: evaluated when it runs
BIN=${1:?usage: [TASK=pgather] tests/pexchange.sh BIN [small|large]}
TASK=${TASK:-pexchange} NAME=$TASK # NAME: suite.sh's temporary directory
SMALL=${2-}
RUNTIME='' # the construction a run-time router runs (pexchange_fifo.c): pexchange only
[ "$TASK" = pexchange ] && RUNTIME=004-runtime
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"
# shellcheck source=tests/checks.sh
. "$(dirname "$0")/checks.sh"
# meta FILE: reads the '# key=value' lines of a schedule into M_slots, M_alg, M_m, M_active
meta() {
  local line
  M_slots='' M_alg='' M_m='' M_active=''
  while IFS= read -r line; do
    case $line in
    '# slots='*) M_slots=${line#*=} ;; '# alg='*) M_alg=${line#*=} ;;
    '# m='*) M_m=${line#*=} ;; '# active='*) M_active=${line#*=} ;;
    '#'*) ;; *) break ;;
    esac
  done <"$1"
}
# isqrt M: floor(sqrt(M)), exactly
isqrt() { awk -v M="$1" 'BEGIN { m = int(sqrt(M)); while (m * m > M) m--; while ((m + 1) * (m + 1) <= M) m++; print m }'; }
# upper K0 K1 M: 004 §4's bound on phase 2, generalized to K0 x K1 as the header says
upper() {
  awk -v k0="$1" -v k1="$2" -v m="$(isqrt "$3")" 'function max(a, b) { return a > b ? a : b }
    BEGIN { n = k0 * k1
      print max(m * (n - k1) + k0 - 1, m * (n - k0) + k1 - 1) + max(m * k1 * (k1 - 1) + k1 - 1, m * k0 * (k0 - 1) + k0 - 1) }'
}

# ---- 1 and 2: every construction on every set ------------------------------------------------
# one_set KIND K0 K1 LABEL WANT LOWER OPTS...: 004, row-first and auto on one active set. WANT:
# the canonical list the metadata must carry ('' for --m: the same set for all three); LOWER:
# a lower bound every schedule must meet ('' for none) with its name after a colon
one_set() {
  local kind=$1 k0=$2 k1=$3 label=$4 want=$5 lower=$6 topo=$1:$2x$3 n=$(($2 * $3)) a rc f name why set='' cmd
  shift 6
  for a in 004 row-first auto $RUNTIME; do
    f=$T/$a.tsv name="$topo $label --alg $a"
    cmd="$BIN schedule --topo $topo --task $TASK $* --alg $a -o $f"
    rm -f "$f" "$f".tmp.*
    "$BIN" schedule --topo "$topo" --task "$TASK" "$@" --alg "$a" -o "$f" >"$T/out" 2>"$T/err" </dev/null
    rc=$?
    if [ $rc != 0 ] || [ -s "$T/out" ] || [ -s "$T/err" ] || [ ! -s "$f" ]; then
      fail "$name" "exit $rc: \$ $cmd" "$T/err"
      continue
    fi
    meta "$f"
    if [ "$a" = auto ]; then # the same bytes as 004's, checked above
      expect "$name: auto is 004, byte for byte" 'cmp -s "$T/004.tsv" "$f"' "\$ $cmd"
      continue
    fi
    local v
    v=$("$BIN" verify "$f" 2>&1)
    if [[ ! $v =~ ^OK\ slots=([0-9]+)\ lb=([0-9]+)\ tx=([0-9]+)\ txlb=([0-9]+)$ ]]; then
      fail "$name" "verify: $v: \$ $cmd && $BIN verify $f"
      continue
    fi
    local s=${BASH_REMATCH[1]} lb=${BASH_REMATCH[2]} m
    pass "$name verifies"
    # the set: as given, or (--m) the same M ids for every construction
    why=''
    [ "$s" = "$M_slots" ] || why="$why; metadata slots=$M_slots, verify $s"
    [ "$s" -ge "$lb" ] || why="$why; $s slots below verify's lb=$lb"
    if [ -n "$want" ]; then
      [ "$M_active" = "$want" ] || why="$why; active=$M_active, want $want"
    else
      [ -z "$set" ] && set=$M_active
      [ "$M_active" = "$set" ] || why="$why; active=$M_active, another construction's was $set"
    fi
    m=$(printf '%s\n' "$M_active" | tr ',' '\n' | awk -F- '{ c += NF == 2 ? $2 - $1 + 1 : 1 } END { print c + 0 }')
    [ "$M_m" = "$m" ] || why="$why; m=$M_m, the set has $m ids"
    [ "$M_alg" = "$a" ] || why="$why; alg=$M_alg"
    expect "$name: metadata, slots >= lb=$lb" '[ -z "$why" ]' "${why#; }: \$ $cmd"
    if [ "$a" = 004 ]; then
      local ub
      ub=$(upper "$k0" "$k1" "$m")
      expect "$name: $s slots <= 004 s4's bound $ub (M=$m, m=$(isqrt "$m"))" '[ "$s" -le "$ub" ]' "\$ $cmd"
    elif [ "$a" = 004-runtime ]; then # phase 1 in the rows: S = max(K0, K1) - 1 slots more
      local ub span=$((k0 > k1 ? k0 - 1 : k1 - 1))
      ub=$(($(upper "$k0" "$k1" "$m") + span))
      expect "$name: $s slots <= $span + 004 s4's bound = $ub (M=$m, m=$(isqrt "$m"))" '[ "$s" -le "$ub" ]' "\$ $cmd"
    fi
    if [ -n "$lower" ]; then
      expect "$name: $s slots >= 004 s4's lower bound ${lower#*:} = ${lower%%:*}" '[ "$s" -ge "${lower%%:*}" ]' "\$ $cmd"
    fi
    if [ "$TASK" = pgather ]; then
      dual "$f" "$topo" "$M_active" "$a" "$name"
    else
      awk -v K0="$k0" -v K1="$k1" -v KIND="$kind" -v ACTIVE="$M_active" -v ALG="$a" -v LABEL="$name" \
        -f "$HERE/pexchange.awk" "$f" >"$T/awk"
      tally "$T/awk" "$name rules"
    fi
  done
}

# dual PGATHER_TSV TOPO SET ALG NAME: the pgather schedule is the pexchange of the same set and
# construction reversed (004 s2; 003 Thm 2.10): row (s, u, v, a, w) of the exchange, S slots,
# becomes (S+1-s, v, u, w, a)
dual() {
  local f=$1 topo=$2 set=$3 a=$4 name=$5 slots
  "$BIN" schedule --topo "$topo" --task pexchange --active "$set" --alg "$a" -o "$T/px.tsv" 2>"$T/err" ||
    { fail "$name: dual" "no pexchange schedule" "$T/err"; return; }
  slots=$(sed -n 's/^# slots=//p' "$T/px.tsv")
  rows "$T/px.tsv" | awk -F '\t' -v S="$slots" -v OFS='\t' '{ print S + 1 - $1, $3, $2, $5, $4 }' | sortrows >"$T/rev"
  rows "$f" | sortrows >"$T/pg"
  expect "$name: pexchange's $a schedule reversed ($slots slots), row for row" 'cmp -s "$T/rev" "$T/pg"' \
    "$(diff "$T/rev" "$T/pg" | head -n 4 | tr '\n' ' ')"
}

# sets KIND K0 K1: every active set of part 1 on one topology
sets() {
  local kind=$1 k0=$2 k1=$3 n=$(($2 * $3)) M seed m ids lo
  for M in $(printf '%s\n' 1 2 "$k0" $((n / 4)) $((n / 2)) $((n - 1)) "$n" | sort -nu); do
    if [ "$M" = "$n" ]; then
      one_set "$kind" "$k0" "$k1" "--m $M" "0-$((n - 1))" '' --m "$M"
    else
      for seed in $SEEDS; do one_set "$kind" "$k0" "$k1" "--m $M --seed $seed" '' '' --m "$M" --seed "$seed"; done
    fi
  done
  # the m x m corner block (004 s4, Fig. 3a): ids j + K0 i, i, j < m; on the mesh
  # m^2 (N - m^2) packets cross its <= 2m boundary links: lower bound (a) m(N - m^2)/2
  for m in $(printf '%s\n' 2 "$(isqrt $((n / 2)))" | awk -v k0="$k0" -v k1="$k1" '$1 <= k0 && $1 <= k1' | sort -nu); do
    ids=$(for ((i = 0; i < m; i++)); do for ((j = 0; j < m; j++)); do echo $((j + k0 * i)); done; done)
    local lower=''
    [ "$kind" = mesh ] && lower="$(((m * (n - m * m) + 1) / 2)):(a) m(N-m^2)/2, m=$m"
    one_set "$kind" "$k0" "$k1" "corner ${m}x$m" "$(fmt_set "$ids")" "$lower" --active "$(printf '%s\n' "$ids" | sort -rn | paste -sd,)"
  done
  # the left half (004 s4, Fig. 3b; K0 even): on the mesh (N/2)^2 packets cross the K1 links
  # of the bisection left to right: lower bound (b), N^2/(4 K1) (= Np/4 when K0 = K1 = p)
  if [ $((k0 % 2)) = 0 ]; then
    ids=$(for ((i = 0; i < k1; i++)); do for ((j = 0; j < k0 / 2; j++)); do echo $((j + k0 * i)); done; done)
    local lower=''
    [ "$kind" = mesh ] && lower="$((((n / 2) ** 2 + k1 - 1) / k1)):(b) (N/2)^2/K1"
    one_set "$kind" "$k0" "$k1" "left half" "$(fmt_set "$ids")" "$lower" --active "$(fmt_set "$ids")"
  fi
  one_set "$kind" "$k0" "$k1" "row 0" "0-$((k0 - 1))" '' --active "0-$((k0 - 1))"
  lo=$((k0 * (k1 / 2)))
  one_set "$kind" "$k0" "$k1" "row $((k1 / 2))" "$lo-$((lo + k0 - 1))" '' --active "$lo-$((lo + k0 - 1))"
  ids=$(for ((i = 0; i < k1; i++)); do echo $((k0 * i)); done)
  one_set "$kind" "$k0" "$k1" "column 0" "$(fmt_set "$ids")" '' --active "$(printf '%s\n' "$ids" | paste -sd,)"
  one_set "$kind" "$k0" "$k1" "every node" "0-$((n - 1))" '' --active "0-$((n - 1))"
  one_set "$kind" "$k0" "$k1" "node 0" 0 '' --active 0
  lo=$((k0 / 2 + k0 * (k1 / 2)))
  one_set "$kind" "$k0" "$k1" "node $lo (middle)" "$lo" '' --active "$lo"
  one_set "$kind" "$k0" "$k1" "corners 0 and N-1" "0,$((n - 1))" '' --active "$((n - 1)),0"
  one_set "$kind" "$k0" "$k1" "ends of row 0" "0,$((k0 - 1))" '' --active "0,$((k0 - 1))"
}

if [ "${QUICK:-0}" = 1 ]; then
  TOPOS="torus:4x4 mesh:4x6" SEEDS=1
elif [ "$SMALL" = small ]; then
  TOPOS="torus:4x4 torus:5x5 mesh:4x4 mesh:4x6 mesh:6x4 torus:3x5" SEEDS=1
else
  TOPOS="torus:4x4 torus:5x5 mesh:4x4 mesh:4x6 mesh:6x4 torus:3x5" SEEDS="1 2"
  [ "$SMALL" = large ] && TOPOS="torus:8x8 mesh:8x8"
fi
for topo in $TOPOS; do
  kind=${topo%%:*} size=${topo#*:}
  sets "$kind" "${size%x*}" "${size#*x}"
done

# 3-D (004 §4 leaves d > 2 open; docs/PEXCHANGE.md has our generalization): verified, at least
# verify's lb, and at least what one active node must send, N-1 packets over its 2d links
# (torus) or what the corner must receive, M - [corner active] over its d links (mesh) —
# computed here (pgather: receive and send swap places, the counts stay)
TOPOS3="torus:4x4x4 mesh:4x4x4 mesh:3x4x5"
[ "${QUICK:-0}" = 1 ] && TOPOS3=torus:4x4x4
for topo in $TOPOS3; do
  kind=${topo%%:*} n=1
  IFS=x read -r -a R3 <<<"${topo#*:}"
  for r in "${R3[@]}"; do n=$((n * r)); done
  for m in 1 4 16 $((n / 2)) "$n"; do
    [ "$SMALL" = small ] && [ "$m" -gt 16 ] && continue
    for a in 004 row-first; do
      name="$topo M=$m --alg $a"
      "$BIN" schedule --topo "$topo" --task "$TASK" --m "$m" --seed 1 --alg "$a" -o "$T/x3.tsv"
      v=$("$BIN" verify "$T/x3.tsv" 2>&1)
      if [[ ! $v =~ ^OK\ slots=([0-9]+)\ lb=([0-9]+) ]]; then fail "$name" "verify: $v"; continue; fi
      s=${BASH_REMATCH[1]} lb=${BASH_REMATCH[2]}
      corner_active=$(grep -q '^# active=0\([,-]\|$\)' "$T/x3.tsv" && echo 1 || echo 0)
      if [ "$kind" = torus ]; then low=$(((n - 1 + 5) / 6)); else low=$(((m - corner_active + 2) / 3)); fi
      expect "$name verifies, $s slots >= lb $lb and >= $low" '[ "$s" -ge "$lb" ] && [ "$s" -ge "$low" ]' "$v"
    done
  done
done

# ---- 3: broken schedules ---------------------------------------------------------------------
# broken KIND K0 K1 SET: a 004 schedule of SET (one with C nodes), broken in several ways
broken() {
  local kind=$1 k0=$2 k1=$3 set=$4 topo=$1:$2x$3 f=$T/b.tsv label s u w o v
  label="broken $topo --active $set"
  "$BIN" schedule --topo "$topo" --task "$TASK" --active "$set" --alg 004 -o "$f" 2>"$T/err" || fail "$label" "no schedule" "$T/err"
  expect "$label: the base verifies" '"$BIN" verify "$f" | grep -q "^OK "' "\$ $BIN verify $f"
  # the last row (a delivery) deleted: that packet never arrives
  read -r s u w o v < <(rows "$f" | tail -n 1)
  edit "$f" "$T/b1.tsv" 'if ($1 == s && $2 == u && $3 == w) next; print' -v s="$s" -v u="$u" -v w="$w"
  refuses "$label: the last row ($u->$w, packet $o->$v) deleted" "$T/b1.tsv" "^FAIL incomplete: .*origin=$o dest=$v"
  # the first row given twice in its slot: two packets on one directed link
  read -r s u w o v < <(rows "$f" | head -n 1)
  edit "$f" "$T/b2.tsv" 'print; if (NR == 1) print'
  refuses "$label: the first row ($u->$w in slot $s) twice" "$T/b2.tsv" "^FAIL slot=$s src=$u dst=$w .*capacity"
  # a second hop moved into the slot of the first: sent before it has arrived
  read -r s u w o v < <(rows "$f" | awk -F '\t' '{ p = $4 SUBSEP $5 } p in first { print first[p], $2, $3, $4, $5; exit } { first[p] = $1 }')
  edit "$f" "$T/b3.tsv" 'if ($2 == u && $3 == w && $4 == o && $5 == v) $1 = s; print' -v s="$s" -v u="$u" -v w="$w" -v o="$o" -v v="$v"
  refuses "$label: packet $o->$v sent on from $u in slot $s, the slot its first hop ends" "$T/b3.tsv" "^FAIL slot=$s src=$u dst=$w "
  # a row carrying the packet of an inactive origin
  local z=0 ids
  ids=" $(printf '%s\n' "$set" | tr ',' '\n' | awk -F- '{ hi = NF == 2 ? $2 : $1; for (x = $1; x <= hi; x++) printf "%d ", x }')"
  while [[ $ids == *" $z "* ]]; do z=$((z + 1)); done
  if [ "$TASK" = pgather ]; then # a row carrying a packet for an inactive destination
    edit "$f" "$T/b4.tsv" 'if (NR == 1) $5 = z; print' -v z="$z"
    refuses "$label: the first row given the inactive dest $z" "$T/b4.tsv" "dest $z is not an active node"
  else
    edit "$f" "$T/b4.tsv" 'if (NR == 1) $4 = z; print' -v z="$z"
    refuses "$label: the first row given the inactive origin $z" "$T/b4.tsv" "origin $z is not an active node"
  fi
  # verify against another set (every node)
  refuses "$label: verify --active 0-$((k0 * k1 - 1)) (every node)" "$f" '^FAIL ' --active "0-$((k0 * k1 - 1))"
  [ "$TASK" = pgather ] && return # part 2's rules are pexchange's; duality stands for them
  # pexchange.awk must fail the row-first schedule taken for 004 (the set has C nodes), and a
  # 004 schedule whose last row waits a slot longer than it must
  "$BIN" schedule --topo "$topo" --task pexchange --active "$set" --alg row-first -o "$T/rf.tsv" 2>/dev/null
  awk -v K0="$k0" -v K1="$k1" -v KIND="$kind" -v ACTIVE="$set" -v ALG=004 -v LABEL=self -f "$HERE/pexchange.awk" "$T/rf.tsv" >"$T/awk"
  expect "$label: pexchange.awk fails row-first's routes taken for 004's" 'grep -q "^FAIL self: every hop on its class" "$T/awk"' "it says: $(head -n 4 "$T/awk")"
  read -r s u w o v < <(rows "$f" | tail -n 1)
  edit "$f" "$T/b5.tsv" 'if ($1 == s && $2 == u && $3 == w) $1++; print' -v s="$s" -v u="$u" -v w="$w"
  awk -v K0="$k0" -v K1="$k1" -v KIND="$kind" -v ACTIVE="$set" -v ALG=004 -v LABEL=self -f "$HERE/pexchange.awk" "$T/b5.tsv" >"$T/awk"
  expect "$label: pexchange.awk fails the last row delayed a slot (rule (b))" 'grep -q "^FAIL self: non-wasting" "$T/awk"' "it says: $(head -n 4 "$T/awk")"
}
broken mesh 4 4 0,5,6
broken torus 5 5 1-7,12
broken mesh 4 6 3,4,9-14,20

# broken_counters KIND K0 K1 SET: 004-runtime's phase 1 broken (pexchange_sums.h): verify must
# name the counter, the missing one, the packet that moves before the classes are known
broken_counters() {
  local topo=$1:$2x$3 set=$4 f=$T/c.tsv label s u w v span=$(($2 > $3 ? $2 - 1 : $3 - 1))
  label="broken $topo --active $set --alg 004-runtime"
  "$BIN" schedule --topo "$topo" --task pexchange --active "$set" --alg 004-runtime -o "$f" 2>"$T/err" ||
    fail "$label" "no schedule" "$T/err"
  expect "$label: the base verifies" '"$BIN" verify "$f" | grep -q "^OK "' "\$ $BIN verify $f"
  read -r s u w v < <(rows "$f" | awk -F '\t' '$5 == -2 && $1 == 2 { print $1, $2, $3, $4; exit }')
  edit "$f" "$T/c1.tsv" 'if ($1 == s && $2 == u && $3 == w) $4++; print' -v s="$s" -v u="$u" -v w="$w"
  refuses "$label: the counter $u->$w in slot $s one too high ($((v + 1)))" "$T/c1.tsv" \
    "^FAIL slot=$s src=$u dst=$w .*the counter is $((v + 1)); the line of dimension [01] has $v active"
  edit "$f" "$T/c2.tsv" 'if ($1 == s && $2 == u && $3 == w) next; print' -v s="$s" -v u="$u" -v w="$w"
  refuses "$label: the counter $u->$w in slot $s deleted" "$T/c2.tsv" "^FAIL incomplete: phase 1 .* has [0-9]+ of its"
  # the first packet row of phase 2 whose link carries no counter in slot S, moved into slot S
  read -r u w < <(rows "$f" | awk -F '\t' -v S="$span" '$5 == -2 && $1 == S { busy[$2 " " $3] = 1; next }
    $1 == S + 1 && !(($2 " " $3) in busy) { print $2, $3; exit }')
  edit "$f" "$T/c3.tsv" 'if ($1 == S + 1 && $2 == u && $3 == w && $5 != -2) $1 = S; print' -v S="$span" -v u="$u" -v w="$w"
  refuses "$label: the packet on $u->$w moved into slot $span, the last of phase 1" "$T/c3.tsv" \
    "^FAIL a packet moves in slot $span, during phase 1"
}
if [ "$TASK" = pexchange ]; then
  broken_counters mesh 4 4 0,5,6
  broken_counters torus 5 5 1-7,12
fi

# ---- 4: bad input ----------------------------------------------------------------------------
# bad NAME ERE ARGS...: in a directory of its own, cmodel ARGS must exit 2 with nothing on stdout,
# one line of printable ASCII on stderr matching ERE, and leave the directory empty
nbad=0
bad() {
  local name=$1 ere=$2 dir rc
  shift 2
  nbad=$((nbad + 1)) dir=$T/bad/$nbad
  mkdir -p "$dir"
  (cd "$dir" && "$BIN" "$@") >"$T/out" 2>"$T/err" </dev/null
  rc=$?
  if [ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$ere" "$T/err" &&
    ! LC_ALL=C grep -q '[^ -~]' "$T/err" && [ -z "$(ls -A "$dir")" ]; then
    pass "bad input $name"
  else
    fail "bad input $name" "want exit 2, one line matching /$ere/, no output, no file; got exit $rc, files: $(find "$dir" -mindepth 1 -printf '%P '): \$ cd $dir && $BIN $*" "$T/err"
  fi
}
S=(schedule --task "$TASK")
bad "hypercube:4" "hypercube:4" "${S[@]}" --topo hypercube:4 --m 4 -o x.tsv
bad "ring:8" "not available on topology ring:8" "${S[@]}" --topo ring:8 --active 0,4 -o x.tsv
bad "ring:8 --alg row-first" "ring:8" "${S[@]}" --topo ring:8 --m 4 --alg row-first -o x.tsv
bad "--split" "--split" "${S[@]}" --topo torus:4x4 --m 4 --split -o x.tsv
for m in oneway sp-full sp-half; do bad "--model $m" "$m" "${S[@]}" --topo torus:4x4 --m 4 --model "$m" -o x.tsv; done
bad "without a set" "active set" "${S[@]}" --topo mesh:4x4 -o x.tsv
bad "--m 17 on mesh:4x4" "'17'" "${S[@]}" --topo mesh:4x4 --m 17 -o x.tsv
bad "--m 0" "'0'" "${S[@]}" --topo mesh:4x4 --m 0 -o x.tsv
bad "--active 0,16 on torus:4x4" "'16'" "${S[@]}" --topo torus:4x4 --active 0,16 -o x.tsv
bad "--active 3,3" "node 3 twice" "${S[@]}" --topo torus:4x4 --active 3,3 -o x.tsv
bad "--alg unknown" "'unknown'" "${S[@]}" --topo torus:4x4 --m 4 --alg unknown -o x.tsv
bad "--alg coloring (te's)" "'coloring'" "${S[@]}" --topo torus:4x4 --m 4 --alg coloring -o x.tsv
bad "--template" "template" "${S[@]}" --topo torus:4x4 --m 4 --template -o x.tsv
bad "-o into a missing directory" "nodir/x.tsv" "${S[@]}" --topo torus:4x4 --m 4 -o nodir/x.tsv
if [ "$TASK" = pexchange ]; then # the run-time construction: 2-D, and no ring of two
  bad "--alg 004-runtime on torus:4x4x4" "torus:4x4x4" "${S[@]}" --topo torus:4x4x4 --m 4 --alg 004-runtime -o x.tsv
  bad "--alg 004-runtime on torus:4x2" "torus:4x2" "${S[@]}" --topo torus:4x2 --m 4 --alg 004-runtime -o x.tsv
fi

# ---- 5: determinism; the drawn set ------------------------------------------------------------
for a in 004 row-first; do
  for opts in "--m 11 --seed 9" "--active 2,7-9,20"; do
    # shellcheck disable=SC2086
    "$BIN" schedule --topo torus:5x5 --task "$TASK" $opts --alg $a -o "$T/x1.tsv" 2>/dev/null
    # shellcheck disable=SC2086
    "$BIN" schedule --topo torus:5x5 --task "$TASK" $opts --alg $a -o "$T/x2.tsv" 2>/dev/null
    expect "schedule --topo torus:5x5 --task $TASK $opts --alg $a twice: byte-identical" \
      '[ -s "$T/x1.tsv" ] && cmp -s "$T/x1.tsv" "$T/x2.tsv"' "\$ $BIN schedule --topo torus:5x5 --task $TASK $opts --alg $a"
  done
done
"$BIN" schedule --topo mesh:4x6 --task "$TASK" --m 7 --seed 4 -o "$T/x1.tsv"
expect "verify --m 7 --seed 4 accepts the schedule of --m 7 --seed 4" \
  '"$BIN" verify --m 7 --seed 4 "$T/x1.tsv" | grep -q "^OK "' "\$ $BIN verify --m 7 --seed 4 $T/x1.tsv"
refuses "verify --m 7 --seed 5 refuses the schedule of --m 7 --seed 4" "$T/x1.tsv" '^FAIL ' --m 7 --seed 5

echo "$TASK: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
