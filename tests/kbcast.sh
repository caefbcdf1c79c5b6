#!/usr/bin/env bash
# tests/kbcast.sh BIN [small] - task kbcast (paper 001, docs/KBCAST.md): K of the 2^d hypercube
# nodes broadcast at once.
#
#   1. every construction on hypercube:2..8 ("small": 2..5) for K in {1, 2, d, 3d, d^2,
#      2^(d-1), 2^d} (those <= 2^d), each K with several active sets (--k K --seed S for two
#      seeds, the bottom and the top K ids, the complement pair {0, 2^d-1}, the d roots e_j
#      listed backwards), verified by `cmodel verify` and held to 001's figures, computed here
#      from d and K: 001 = 2ceil(K/d)+4d, 001-mnb = 2ceil(N/d)+2d-1 (K = N only), same-order
#      <= d+K-1, pair = d (K = 2 only), ranked = d and ranked-prefix = 3d (K <= d only),
#      mnb-subset <= ceil((N-1)/d), all >= the bound max(d, ceil((N-1)K/(dN))) that verify
#      prints as lb=, auto <= all of them, the bound met where 001 says so (K <= d: d;
#      K = N: ceil((N-1)/d));
#   2. every 001 schedule counted against the protocol by tests/kbcast.awk (counters, ranks,
#      terminations, phase boundaries), from the active set alone;
#   3. 001 schedules broken in one way each (awk edits): verify must FAIL naming the problem;
#   4. bad input: exit 2, one line on stderr naming the bad value, nothing written;
#   5. `cmodel table --task kbcast` against the formulas;
#   6. kbcast-random (Monte-Carlo success counts, the Chernoff bound) and determinism.
# KB_DMIN=D and KB_DMAX=D in the environment cut part 1 to d >= D and d <= D (under ASan make
# test runs d <= 3, make test-large d = 4, 5; -O2: d <= 6 and d = 7, 8); QUICK=1 (make check) to
# one drawn set per K, and every node for K = N.
# Expected figures come from 001's formulas here, never from cmodel's output. Prints "ok NAME"
# per check and "FAIL NAME: why" (with the command) per failure, then
# "kbcast: N passed, N failed"; exits 1 if any check failed.
# shellcheck disable=SC2016 # expect's conditions are single-quoted: evaluated when it runs
BIN=${1:?usage: tests/kbcast.sh BIN [small]} NAME=kbcast # NAME: suite.sh's temporary directory
SMALL=${2-}
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"
# shellcheck source=tests/checks.sh
. "$(dirname "$0")/checks.sh"
cdiv() { echo $((($1 + $2 - 1) / $2)); }
lb_of() { # max(d, ceil((N-1)K/(dN))): 001 §3.1
  local d=$1 k=$2 n=$((1 << $1)) c
  c=$(((((1 << d) - 1) * k + d * n - 1) / (d * n)))
  echo $((c > d ? c : d))
}
# meta FILE: reads the '# key=value' lines of a schedule into M_slots, M_alg, M_k, M_active
meta() {
  local line
  M_slots='' M_alg='' M_k='' M_active=''
  while IFS= read -r line; do
    case $line in
    '# slots='*) M_slots=${line#*=} ;; '# alg='*) M_alg=${line#*=} ;;
    '# k='*) M_k=${line#*=} ;; '# active='*) M_active=${line#*=} ;;
    '#'*) ;; *) break ;;
    esac
  done <"$1"
}

ALGS="001 001-mnb same-order pair ranked ranked-prefix random mnb-subset offline auto"
applies() { # applies ALG D K: does the construction take this K (the others must refuse)
  case $1 in
  001-mnb) [ "$3" -eq $((1 << $2)) ] ;;
  pair) [ "$3" -eq 2 ] ;;
  ranked | ranked-prefix) [ "$3" -le "$2" ] ;;
  *) true ;;
  esac
}
# figure_ok ALG D K S: S against 001's figure for ALG ("" if it holds, else why)
figure_ok() {
  local a=$1 d=$2 k=$3 s=$4 n=$((1 << $2)) want='' le=''
  case $a in
  001) want=$((2 * $(cdiv "$k" "$d") + 4 * d)) ;;
  001-mnb) want=$((2 * $(cdiv "$n" "$d") + 2 * d - 1)) ;;
  same-order) want=$((d + k - 1)) le=1 ;;
  pair | ranked) want=$d ;;
  ranked-prefix) want=$((3 * d)) ;;
  mnb-subset) want=$(cdiv $((n - 1)) "$d") le=1 ;;
  *) return 0 ;;
  esac
  if [ -n "$le" ]; then [ "$s" -le "$want" ] || echo "$s slots > 001's $want"
  else [ "$s" -eq "$want" ] || echo "$s slots, 001's figure is $want"; fi
}

# ---- 1 and 2: every construction, every K, several active sets ------------------------------
# one_set D K LABEL WANT OPTS...: every construction on one active set. WANT is the canonical
# list the metadata must carry ('' for --k: any K distinct ids, the same for every construction)
one_set() {
  local d=$1 k=$2 label=$3 want=$4 n=$((1 << $1)) a rc v lb f=$T/s.tsv name why set='' left
  lb=$(lb_of "$1" "$2")
  shift 4
  local -A got=()
  for a in $ALGS; do
    name="hypercube:$d K=$k $label --alg $a"
    local cmd="$BIN schedule --topo hypercube:$d --task kbcast $* --alg $a -o $f"
    rm -f "$f" "$f".tmp.*
    "$BIN" schedule --topo "hypercube:$d" --task kbcast "$@" --alg "$a" -o "$f" >"$T/out" 2>"$T/err" </dev/null
    rc=$?
    if ! applies "$a" "$d" "$k"; then
      left=$(compgen -G "$f*")
      if [ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q -- "'$a'" "$T/err" && [ -z "$left" ]; then
        pass "$name refused"
      else
        fail "$name" "want exit 2, one line on stderr naming '$a' and no file (exit $rc): \$ $cmd" "$T/err"
      fi
      continue
    fi
    if [ $rc != 0 ] || [ -s "$T/out" ] || [ -s "$T/err" ] || [ ! -s "$f" ]; then
      fail "$name" "exit $rc: \$ $cmd" "$T/err"
      continue
    fi
    meta "$f"
    v=$("$BIN" verify "$f" 2>&1)
    if [[ ! $v =~ ^OK\ slots=([0-9]+)\ lb=([0-9]+)\ tx=([0-9]+)\ txlb=([0-9]+)$ ]]; then
      fail "$name" "verify: $v: \$ $cmd && $BIN verify $f"
      continue
    fi
    local s=${BASH_REMATCH[1]} vlb=${BASH_REMATCH[2]} tx=${BASH_REMATCH[3]} txlb=${BASH_REMATCH[4]}
    pass "$name verifies"
    why=''
    [ "$s" = "$M_slots" ] || why="$why; metadata slots=$M_slots, verify $s"
    [ "$vlb" = "$lb" ] || why="$why; verify lb=$vlb, want max(d, ceil((N-1)K/(dN))) = $lb"
    [ "$txlb" = $(((n - 1) * k)) ] || why="$why; txlb=$txlb, want (N-1)K = $(((n - 1) * k))"
    [ "$tx" -ge "$txlb" ] || why="$why; tx=$tx < txlb"
    [ "$s" -ge "$lb" ] || why="$why; $s slots below the bound $lb"
    expect "$name: lb=$lb, txlb=(N-1)K, slots >= lb" '[ -z "$why" ]' "${why#; }: \$ $cmd"
    why=$(figure_ok "$a" "$d" "$k" "$s")
    expect "$name: 001's figure" '[ -z "$why" ]' "$why: \$ $cmd"
    # metadata: K, the set (as given, or the same K-subset for every construction), the alg
    why=''
    [ "$M_k" = "$k" ] || why="$why; k=$M_k"
    if [ -n "$want" ]; then
      [ "$M_active" = "$want" ] || why="$why; active=$M_active, want $want"
    else
      [ -z "$set" ] && set=$M_active
      [ "$M_active" = "$set" ] || why="$why; active=$M_active, another construction's was $set"
    fi
    if [ "$a" = auto ]; then
      applies "$M_alg" "$d" "$k" && [[ " $ALGS " == *" $M_alg "* ]] && [ "$M_alg" != auto ] || why="$why; auto names alg=$M_alg"
    else
      [ "$M_alg" = "$a" ] || why="$why; alg=$M_alg"
    fi
    expect "$name: metadata" '[ -z "$why" ]' "${why#; }: \$ $cmd"
    got[$a]=$s
    if [ "$a" = 001 ]; then
      awk -v D="$d" -v ACTIVE="${want:-$M_active}" -v LABEL="$name protocol" -f "$HERE/kbcast.awk" "$f" >"$T/awk"
      tally "$T/awk" "$name protocol"
    fi
  done
  # the --k set itself: K distinct ids of 0..N-1, ascending ranges
  if [ -z "$want" ] && [ -n "$set" ]; then
    local ids
    ids=$(printf '%s\n' "$set" | tr ',' '\n' | awk -F- -v n="$n" '{ hi = NF == 2 ? $2 : $1; if (hi < $1 || hi >= n) print "bad"; for (x = $1; x <= hi; x++) print x }')
    expect "hypercube:$d $label: the drawn set has K=$k distinct ids, written canonically" \
      '[ "$(printf "%s\n" "$ids" | grep -vc "^[0-9]*$")" = 0 ] && [ "$(printf "%s\n" "$ids" | sort -un | wc -l)" = "$k" ] && [ "$(fmt_set $ids)" = "$set" ]' \
      "active=$set"
  fi
  # auto <= every construction that applies; the bound met where 001 says it is
  [ -n "${got[auto]-}" ] || return 0
  why=''
  for a in "${!got[@]}"; do [ "${got[auto]}" -le "${got[$a]}" ] || why="$why; auto ${got[auto]} > $a ${got[$a]}"; done
  expect "hypercube:$d K=$k $label: auto <= every construction" '[ -z "$why" ]' "${why#; }"
  if [ "$k" -le "$d" ]; then
    why=''
    for a in ranked pair auto; do [ -z "${got[$a]-}" ] || [ "${got[$a]}" = "$d" ] || why="$why; $a ${got[$a]}"; done
    [ -n "${got[ranked]-}" ] || why="$why; no ranked schedule"
    expect "hypercube:$d K=$k $label: K <= d meets the bound d (ranked, pair, auto)" '[ -z "$why" ]' "${why#; }"
  fi
  if [ "$k" = "$n" ]; then
    local m
    m=$(cdiv $((n - 1)) "$d")
    expect "hypercube:$d K=N $label: mnb-subset and auto meet the bound ceil((N-1)/d) = $m" \
      '[ "${got[mnb-subset]-}" = "$m" ] && [ "${got[auto]}" = "$m" ] && [ "$m" = "$lb" ]' \
      "mnb-subset ${got[mnb-subset]-none}, auto ${got[auto]}, lb $lb"
  fi
}

if [ "$SMALL" = small ]; then dmax=5; else dmax=8; fi
for ((d = ${KB_DMIN:-2}; d <= ${KB_DMAX:-$dmax}; d++)); do
  n=$((1 << d))
  ks=$(printf '%s\n' 1 2 "$d" $((3 * d)) $((d * d)) $((n / 2)) "$n" | awk -v n="$n" '$1 <= n' | sort -un)
  for k in $ks; do
    if [ "$k" = "$n" ]; then # one set: every node
      one_set "$d" "$k" "--k $k --seed 1" '' --k "$k" --seed 1
      one_set "$d" "$k" "--active 0-$((n - 1))" "0-$((n - 1))" --active "0-$((n - 1))"
      continue
    fi
    one_set "$d" "$k" "--k $k --seed 1" '' --k "$k" --seed 1
    [ "${QUICK:-0}" = 1 ] && continue # make check: one drawn set per K
    one_set "$d" "$k" "--k $k --seed 7" '' --k "$k" --seed 7
    lo=$(seq 0 $((k - 1))) hi=$(seq $((n - k)) $((n - 1)))
    # the bottom K ids, listed backwards one by one; the top K ids, as one range
    one_set "$d" "$k" "bottom $k" "$(fmt_set $lo)" --active "$(printf '%s\n' $lo | sort -rn | paste -sd,)"
    one_set "$d" "$k" "top $k" "$(fmt_set $hi)" --active "$([ "$k" = 1 ] && echo $((n - 1)) || echo $((n - k))-$((n - 1)))"
    if [ "$k" = 2 ]; then
      one_set "$d" 2 "complement pair" "0,$((n - 1))" --active "$((n - 1)),0"
    fi
    if [ "$k" = "$d" ]; then # the d roots e_j of phase 2, listed backwards
      roots=$(for ((m = d - 1; m >= 0; m--)); do echo $((1 << m)); done)
      one_set "$d" "$d" "the roots e_j" "$(fmt_set $roots)" --active "$(printf '%s\n' $roots | paste -sd,)"
    fi
  done
done

# ---- 3: broken 001 schedules -----------------------------------------------------------------
# broken LABEL D FILE: FILE, a 001 schedule on hypercube:D of a set with 2 <= K < N, broken
broken() {
  local label=$1 d=$2 f=$3 n=$((1 << $2)) s u w o c v p3 z y r t p sweeps
  meta "$f"
  local k=$M_k list=$M_active
  c=$(cdiv "$k" "$d") p3=$((2 * d + 2 + c + d - 1)) sweeps=$((2 * (n - 1)))
  local ids
  ids=" $(printf '%s\n' "$list" | tr ',' '\n' | awk -F- '{ hi = NF == 2 ? $2 : $1; for (x = $1; x <= hi; x++) printf "%d ", x }')"
  local m=$T/mut-$d
  expect "broken $label: the base verifies" '"$BIN" verify "$f" | grep -q "^OK "' "\$ $BIN verify $f"
  # (a) a counter changed by 1: an up-sweep, a down-sweep and a root counter
  read -r s u w v _ < <(rows "$f" | awk -F '\t' '$1 == 1 && $2 == 1 && $3 == 0 && $5 == -2')
  edit "$f" "$m-a1.tsv" 'if ($1 == 1 && $2 == 1 && $3 == 0 && $5 == -2) $4++; print'
  refuses "broken $label: up-sweep counter 1->0 of slot 1 changed from $v to $((v + 1))" "$m-a1.tsv" \
    "^FAIL slot=1 src=1 dst=0 origin=$((v + 1)) dest=-2: the counter is $((v + 1)), but the prefix protocol carries $v here"
  read -r s u w v _ < <(rows "$f" | awk -F '\t' -v s=$((2 * d)) '$1 == s && $2 == 0 && $3 == 1 && $5 == -2')
  edit "$f" "$m-a2.tsv" 'if ($1 == s && $2 == 0 && $3 == 1 && $5 == -2) $4++; print' -v s=$((2 * d))
  refuses "broken $label: down-sweep counter 0->1 of slot 2d changed from $v to $((v + 1))" "$m-a2.tsv" \
    "^FAIL slot=$((2 * d)) src=0 dst=1 origin=$((v + 1)) dest=-2: the counter is $((v + 1)), but the prefix protocol carries $v here"
  edit "$f" "$m-a3.tsv" 'if ($1 == s && $2 == 0 && $3 == 2 && $5 == -2) $4--; print' -v s=$((2 * d + 1))
  refuses "broken $label: K=$k to root 2 in slot 2d+1 changed to $((k - 1))" "$m-a3.tsv" \
    "^FAIL slot=$((2 * d + 1)) src=0 dst=2 origin=$((k - 1)) dest=-2: the counter is $((k - 1)), but the prefix protocol carries $k here"
  # (b) one counter row deleted: an up-sweep one, a root one
  local counts="^FAIL incomplete: the prefix phase's counters are %d of $((n - 1)) \\(up-sweep\\), %d of $((n - 1)) \\(down-sweep\\), %d of $d \\(K to the roots; or none\\)\$"
  edit "$f" "$m-b1.tsv" 'if ($1 == 1 && $2 == 1 && $3 == 0 && $5 == -2) next; print'
  refuses "broken $label: the up-sweep counter 1->0 of slot 1 deleted" "$m-b1.tsv" "$(printf "$counts" $((n - 2)) $((n - 1)) $d)"
  edit "$f" "$m-b2.tsv" 'if ($1 == s && $2 == 0 && $3 == 1 && $5 == -2) next; print' -v s=$((2 * d + 1))
  refuses "broken $label: the counter 0->1 of slot 2d+1 deleted" "$m-b2.tsv" "$(printf "$counts" $((n - 1)) $((n - 1)) $((d - 1)))"
  # ... but all d counters to the roots, or every counter, may go (verify_kbcast.h)
  edit "$f" "$m-b3.tsv" 'if ($1 == s && $5 == -2) next; print' -v s=$((2 * d + 1))
  expect "broken $label: without the slot 2d+1 counters it still verifies (verify_kbcast.h)" '"$BIN" verify "$m-b3.tsv" | grep -q "^OK "' "\$ $BIN verify $m-b3.tsv"
  edit "$f" "$m-b4.tsv" 'if ($5 == -2) next; print'
  expect "broken $label: without any counter it still verifies (verify_kbcast.h)" '"$BIN" verify "$m-b4.tsv" | grep -q "^OK "' "\$ $BIN verify $m-b4.tsv"
  # (c) the counter 1->0 of slot 1 moved to the first slot after 2d+1 where that link is free
  read -r s u w v _ < <(rows "$f" | awk -F '\t' '$1 == 1 && $2 == 1 && $3 == 0 && $5 == -2')
  t=$(rows "$f" | awk -F '\t' -v s=$((2 * d + 2)) '$2 == 1 && $3 == 0 { busy[$1] = 1 } END { while (s in busy) s++; print s }')
  edit "$f" "$m-c.tsv" 'if ($1 == 1 && $2 == 1 && $3 == 0 && $5 == -2) $1 = t; print' -v t="$t"
  refuses "broken $label: the counter 1->0 of slot 1 moved to slot $t" "$m-c.tsv" \
    "^FAIL slot=$t src=1 dst=0 origin=$v dest=-2: no counter of the prefix phase \\(docs/KBCAST.md: slots 1\\.\\.$((2 * d + 1))\\) travels on 1->0 in slot $t\$"
  # (d) terminations one slot earlier, swapped with the data they follow.
  # d1: on one link y->z (y not the root): y passes on a termination it only receives in that slot
  read -r s y z r _ < <(rows "$f" | awk -F '\t' '$5 == -1 { data[$1, $2, $3] = 1 } $5 == -3 && $2 != $4 && (($1 - 1, $2, $3) in data) { print; exit }')
  edit "$f" "$m-d1.tsv" 'if ($2 == y && $3 == z && $5 == -3 && $1 == s) $1--; else if ($2 == y && $3 == z && $5 == -1 && $1 == s - 1) $1++; print' \
    -v s="$s" -v y="$y" -v z="$z"
  refuses "broken $label: the termination of $r on $y->$z moved from slot $s to $((s - 1)), before its data" "$m-d1.tsv" \
    "^FAIL slot=$((s - 1)) src=$y dst=$z origin=$r dest=-3: node $y does not hold the termination of $r at the start of slot $((s - 1))\$"
  # d2: in every tree at once, the termination and the root's last packet swap on every arc, so
  # both still travel the tree one hop per slot, but every node gets the termination of each
  # tree before that tree's last packet. The node and slots are counted here from the rows.
  rows "$f" | awk -F '\t' -v OFS='\t' -v p3="$p3" '
    NR == FNR { if ($5 == -3 && $2 == $4 && (!($4 in ts) || $1 < ts[$4])) ts[$4] = $1
                if ($5 == -1 && $1 >= p3) sent[$2, $1] = $4
                next }
    FNR == 1 { for (r in ts) if ((r, ts[r] - 1) in sent) last[sent[r, ts[r] - 1]] = r }
    $5 == -1 && $1 >= p3 && ($4 in last) { $1++ }
    $5 == -3 && ($4 in ts) { for (o in last) if (last[o] == $4) { $1--; break } }
    { print }' - <(rows "$f") | sortrows >"$T/d2.rows"
  { awk '{ print } /^slot\t/ { exit }' "$f"; cat "$T/d2.rows"; } >"$m-d2.tsv"
  read -r u t p < <(awk -F '\t' '
    $5 == -1 && $3 != $4 && (!(($3, $4) in got) || $1 < got[$3, $4]) { got[$3, $4] = $1 }
    $5 == -3 && (!(($3, $4) in end) || $1 < end[$3, $4]) { end[$3, $4] = $1 }
    END { for (k in got) { split(k, q, SUBSEP); if (got[k] > full[q[1]]) full[q[1]] = got[k] }
          for (k in end) { split(k, q, SUBSEP); if (end[k] > lastend[q[1]]) lastend[q[1]] = end[k] }
          for (x = 0; x < n; x++) if (lastend[x] && lastend[x] < full[x]) { print x, lastend[x], full[x]; exit } }' n="$n" "$T/d2.rows")
  if [ -z "$u" ]; then fail "broken $label: test bug: the swapped schedule has no node that ends early" "$m-d2.tsv"; else
    refuses "broken $label: every tree's termination swapped with its last packet (node $u: termination $t, packet $p)" "$m-d2.tsv" \
      "^FAIL node $u receives its last termination in slot $t but its last packet only in slot $p\$"
  fi
  # (e) a data row of phase 3 given the origin of the lowest inactive node
  for ((z = 0; z < n; z++)); do [[ $ids == *" $z "* ]] || break; done
  read -r s u w o _ < <(rows "$f" | awk -F '\t' -v p3="$p3" '$5 == -1 && $1 >= p3 { print; exit }')
  edit "$f" "$m-e.tsv" 'if ($1 == s && $2 == u && $3 == w) $4 = z; print' -v s="$s" -v u="$u" -v w="$w" -v z="$z"
  refuses "broken $label: a data row $u->$w of slot $s with the inactive origin $z" "$m-e.tsv" \
    "^FAIL slot=$s src=$u dst=$w origin=$z dest=-1: this word is not part of task kbcast \\(origin $z is not active"
  # (f) the first row of phase 2 (a node sending its own packet) sending another active packet
  read -r s u w o _ < <(rows "$f" | awk -F '\t' '$5 == -1 { print; exit }')
  for y in $ids; do [ "$y" != "$u" ] && break; done
  edit "$f" "$m-f.tsv" 'if ($1 == s && $2 == u && $3 == w) $4 = y; print' -v s="$s" -v u="$u" -v w="$w" -v y="$y"
  expect "broken $label: the first data row is phase 2's, a node's own packet" '[ "$s" = $((2 * d + 2)) ] && [ "$o" = "$u" ]' "slot $s, $u sends $o"
  refuses "broken $label: node $u sends packet $y in slot $s, holding only its own" "$m-f.tsv" \
    "^FAIL slot=$s src=$u dst=$w origin=$y dest=-1: node $u does not hold the packet at the start of slot $s\$"
  # (g) the last delivery of a packet to a node that gets it once and passes it on to nobody
  read -r s u w o _ < <(rows "$f" | awk -F '\t' '$5 == -1 { n[$3, $4]++; fw[$2, $4] = 1; row[NR] = $0 }
    END { for (i = NR; i >= 1; i--) { split(row[i], q, "\t"); if (q[3] != q[4] && n[q[3], q[4]] == 1 && !((q[3], q[4]) in fw)) { print row[i]; exit } } }')
  edit "$f" "$m-g.tsv" 'if ($1 == s && $2 == u && $3 == w && $5 == -1) next; print' -v s="$s" -v u="$u" -v w="$w"
  refuses "broken $label: the data row $u->$w of packet $o in slot $s deleted" "$m-g.tsv" \
    "^FAIL incomplete: node $w never receives the packet of origin $o\$"
  # (h) the set overridden on the command line: the same set verifies, another one fails
  expect "broken $label: verify --active $list (the metadata's own set)" '"$BIN" verify --active "$list" "$f" | grep -q "^OK "' "\$ $BIN verify --active $list $f"
  local other
  other=$(printf '%s\n' $ids | awk -v z="$z" 'NR == 1 { print z; next } { print }' | paste -sd,)
  refuses "broken $label: verify --active $other (one id swapped for $z)" "$f" '^FAIL ' --active "$other"
  refuses "broken $label: verify --active 0-$((n - 1)) (every node)" "$f" '^FAIL ' --active "0-$((n - 1))"
}
"$BIN" schedule --topo hypercube:4 --task kbcast --k 6 --seed 3 --alg 001 -o "$T/b4.tsv" 2>"$T/err" || fail "001 on hypercube:4 --k 6 --seed 3" "exit $?" "$T/err"
broken "hypercube:4 --k 6 --seed 3" 4 "$T/b4.tsv"
"$BIN" schedule --topo hypercube:3 --task kbcast --active 6,1,4 --alg 001 -o "$T/b3.tsv" 2>"$T/err" || fail "001 on hypercube:3 --active 6,1,4" "exit $?" "$T/err"
broken "hypercube:3 --active 6,1,4" 3 "$T/b3.tsv"
if [ "$SMALL" != small ]; then
  "$BIN" schedule --topo hypercube:6 --task kbcast --k 40 --seed 11 --alg 001 -o "$T/b6.tsv" 2>"$T/err" || fail "001 on hypercube:6 --k 40 --seed 11" "exit $?" "$T/err"
  broken "hypercube:6 --k 40 --seed 11" 6 "$T/b6.tsv"
fi

# ---- the verifier must not take a count of counters for the protocol ------------------------
# verify_kbcast.h: the counters must be the whole prefix protocol, all but the K sent to the
# roots, or none. Remove d up-sweep counters (keeping the d to the roots), or one up-sweep
# counter and d-1 of those to the roots: either way 2(N-1) counters remain, the number of the
# two sweeps, but not the two sweeps - the prefix that computes the ranks is broken.
# (Both fail at 94e2380: kbcast_finish compares only the number of counter rows.)
edit "$T/b3.tsv" "$T/k1.tsv" 'if ($5 == -2 && $1 == 1 && cut < 3) { cut++; next } print'
refuses "counters: a 001 schedule on hypercube:3 without the 3 up-sweep counters of slot 1" "$T/k1.tsv" '^FAIL .*counter'
edit "$T/b3.tsv" "$T/k2.tsv" 'if ($5 == -2 && $1 == 1 && $2 == 1) next; if ($5 == -2 && $1 == 7 && cut < 2) { cut++; next } print'
refuses "counters: a 001 schedule on hypercube:3 without the counter 1->0 of slot 1 and 2 of the 3 to the roots" "$T/k2.tsv" '^FAIL .*counter'

# ---- 4: bad input ----------------------------------------------------------------------------
# bad NAME ERE SETUP ARGS...: in a directory of its own after SETUP (shell), cmodel ARGS must
# exit 2 with nothing on stdout, one line of printable ASCII on stderr matching ERE, and leave
# the directory as SETUP left it (no output file, no temporary)
nbad=0
bad() {
  local name=$1 ere=$2 setup=$3 dir before rc
  shift 3
  nbad=$((nbad + 1)) dir=$T/bad/$nbad
  mkdir -p "$dir"
  (cd "$dir" && eval "$setup") || { fail "bad input $name" "setup failed"; return; }
  before=$(cd "$dir" && ls -A)
  (cd "$dir" && "$BIN" "$@") >"$T/out" 2>"$T/err" </dev/null
  rc=$?
  if [ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$ere" "$T/err" &&
    ! LC_ALL=C grep -q '[^ -~]' "$T/err" && [ "$(cd "$dir" && ls -A)" = "$before" ]; then
    pass "bad input $name"
  else
    fail "bad input $name" "want exit 2, one line matching /$ere/, no output, the directory unchanged; got exit $rc, files: $(cd "$dir" && ls -A | tr '\n' ' '): \$ cd $dir && $BIN $*" "$T/err"
  fi
}
S=(schedule --topo hypercube:3 --task kbcast)
bad "kbcast without a set" "active set" '' "${S[@]}" -o x.tsv
bad "kbcast with only --seed" "active set" '' "${S[@]}" --seed 3 -o x.tsv
bad "--active 0,8 on hypercube:3" "'8'" '' "${S[@]}" --active 0,8 -o x.tsv
bad "--active 2,5,2 (2 twice)" "node 2 twice" '' "${S[@]}" --active 2,5,2 -o x.tsv
bad "--active 1-3,2 (2 twice)" "node 2 twice" '' "${S[@]}" --active 1-3,2 -o x.tsv
bad "--active 5-3" "'5-3'" '' "${S[@]}" --active 5-3 -o x.tsv
bad "--active a,b" "'a'" '' "${S[@]}" --active a,b -o x.tsv
bad "--active 1,,2" "''" '' "${S[@]}" --active 1,,2 -o x.tsv
bad "--active 0-99999999999" "'0-99999999999'" '' "${S[@]}" --active 0-99999999999 -o x.tsv
bad "--k 0" "'0'" '' "${S[@]}" --k 0 -o x.tsv
bad "--k 9 = 2^3+1" "'9'" '' "${S[@]}" --k 9 --seed 1 -o x.tsv
bad "--k 257 = 2^8+1 on hypercube:8" "'257'" '' schedule --topo hypercube:8 --task kbcast --k 257 -o x.tsv
bad "--k x" "'x'" '' "${S[@]}" --k x -o x.tsv
bad "--seed -1" "'-1'" '' "${S[@]}" --k 2 --seed -1 -o x.tsv
bad "--active with --k" "--active.*--k|--k.*--active" '' "${S[@]}" --active 1,2 --k 2 -o x.tsv
bad "--active for task mnb" "--active.*mnb" '' schedule --topo hypercube:3 --task mnb --active 1,2 -o x.tsv
bad "--k for task snb" "--k.*snb" '' schedule --topo hypercube:3 --task snb --k 2 -o x.tsv
bad "kbcast on torus:4x4" "torus:4x4" '' schedule --topo torus:4x4 --task kbcast --k 2 -o x.tsv
bad "kbcast on ring:8" "ring:8" '' schedule --topo ring:8 --task kbcast --active 0,4 -o x.tsv
bad "kbcast on mesh:2x4" "mesh:2x4" '' schedule --topo mesh:2x4 --task kbcast --k 2 -o x.tsv
for m in oneway sp-full sp-half; do bad "kbcast under --model $m" "$m" '' "${S[@]}" --k 2 --model "$m" -o x.tsv; done
bad "--alg unknown" "'unknown'" '' "${S[@]}" --k 2 --alg unknown -o x.tsv
bad "--alg classes (mnb's) for kbcast" "'classes'" '' "${S[@]}" --k 2 --alg classes -o x.tsv
bad "kbcast --template" "template" '' "${S[@]}" --k 2 --template -o x.tsv
bad "table kbcast on torus:3x3..4x4" "torus" '' table --task kbcast --topo torus:3x3..4x4
bad "table kbcast --k 0" "'0'" '' table --task kbcast --topo hypercube:3 --k 0
bad "table kbcast --k with an empty item" "1,,2" '' table --task kbcast --topo hypercube:3 --k 1,,2
bad "table kbcast --k over 65536" "99999" '' table --task kbcast --topo hypercube:3 --k 99999
bad "table kbcast on ring:3..5" "ring" '' table --task kbcast --topo ring:3..5
bad "table kbcast --model oneway" "oneway" '' table --task kbcast --topo hypercube:3..4 --model oneway
bad "table kbcast --k 1,x" "'1,x'" '' table --task kbcast --topo hypercube:3..4 --k 1,x
bad "table kbcast --seed y" "'y'" '' table --task kbcast --topo hypercube:3..4 --seed y
bad "table --k without kbcast" "--k" '' table --task mnb --topo hypercube:3..4 --k 2
R=(kbcast-random --topo hypercube:4 --k 4)
bad "kbcast-random --c 0" "'0'" '' "${R[@]}" --c 0
bad "kbcast-random --c abc" "'abc'" '' "${R[@]}" --c abc
bad "kbcast-random --c -3" "'-3'" '' "${R[@]}" --c -3
bad "kbcast-random --runs 0" "'0'" '' "${R[@]}" --runs 0
bad "kbcast-random --runs x" "'x'" '' "${R[@]}" --runs x
bad "kbcast-random without a set" "active set" '' kbcast-random --topo hypercube:4
bad "kbcast-random on torus:4x4" "torus:4x4" '' kbcast-random --topo torus:4x4 --k 4
bad "kbcast-random --active 0,16" "'16'" '' kbcast-random --topo hypercube:4 --active 0,16
# verify: the set in the metadata malformed, missing, or given twice on the command line
"$BIN" schedule --topo hypercube:3 --task kbcast --k 3 --seed 1 --alg 001 -o "$T/v.tsv"
for spec in "0,x|'x'" "3-1|'3-1'" "0-8|'0-8'" "|''" "1,1|node 1 twice" "1;2|'1;2'"; do
  value=${spec%%|*} ere=${spec#*|}
  bad "verify: metadata '# active=$value'" "$ere" "sed 's/^# active=.*/# active=$value/' '$T/v.tsv' >v.tsv" verify v.tsv
done
bad "verify: metadata without '# active='" "active set" "grep -v '^# active=' '$T/v.tsv' >v.tsv" verify v.tsv
bad "verify --active 0,9 on hypercube:3" "'9'" "cp '$T/v.tsv' v.tsv" verify --active 0,9 v.tsv
bad "verify --active with --k" "--active.*--k|--k.*--active" "cp '$T/v.tsv' v.tsv" verify --active 0-2 --k 3 v.tsv
bad "verify --template of a kbcast schedule" "template" "cp '$T/v.tsv' v.tsv" verify --template v.tsv
bad "verify: a dest of -4" "'-4'" "sed 's/\t-3\$/\t-4/' '$T/v.tsv' >v.tsv" verify v.tsv

# ---- 5: the kbcast table ---------------------------------------------------------------------
# every row of `cmodel table --task kbcast` against 001's figures, computed in awk: lb, 001, and
# where a construction applies (else '-'): 001-mnb, pair, ranked, ranked-prefix; same-order and
# mnb-subset at most their figures, every construction at least lb; auto names one that
# applies; no note (MISMATCH) after it; the rows are hypercube:LO..HI with the default Ks
table_check() { # table_check FILE LO HI: prints ok/FAIL lines and the count
  awk '
  function ceil(a, b) { return int((a + b - 1) / b) }
  function pow2(x) { while (x > 1 && x % 2 == 0) x /= 2; return x == 1 }
  function row_ok(what, cond) { if (cond) { np++; print "ok table d=" d " K=" k ": " what } else { nf++; print "FAIL table d=" d " K=" k ": " what ": " $0 } }
  function fig(col, applies, want) { return applies ? $col == want : $col == "-" }
  NR == 1 { hdr = $0; next }
  {
    d = $1; k = $2; n = 2 ^ d; seen[d, k] = 1; rows++
    lb = ceil((n - 1) * k, d * n); if (lb < d) lb = d
    row_ok("lb = max(d, ceil((N-1)K/(dN))) = " lb, $3 == lb)
    row_ok("001 = 2ceil(K/d)+4d = " 2 * ceil(k, d) + 4 * d, $4 == 2 * ceil(k, d) + 4 * d)
    row_ok("001-mnb = 2ceil(N/d)+2d-1 if K = N, else -", fig(5, k == n, 2 * ceil(n, d) + 2 * d - 1))
    row_ok("same-order <= d+K-1", $6 != "-" && $6 <= d + k - 1)
    row_ok("pair = d if K = 2, else -", fig(7, k == 2, d))
    row_ok("ranked = d if K <= d, else -", fig(8, k <= d, d))
    row_ok("ranked-prefix = 3d if K <= d, else -", fig(9, k <= d, 3 * d))
    row_ok("mnb-subset <= ceil((N-1)/d)", $11 != "-" && $11 <= ceil(n - 1, d))
    low = 1; for (i = 4; i <= 12; i++) if ($i != "-" && $i < lb) low = 0
    row_ok("every construction >= lb", low)
    a = $13
    ok = (a == "001" || a == "same-order" || a == "random" || a == "mnb-subset" || a == "offline" ||
          (a == "001-mnb" && k == n) || (a == "pair" && k == 2) || ((a == "ranked" || a == "ranked-prefix") && k <= d))
    row_ok("auto names a construction that applies, and no note follows", ok && NF == 13)
  }
  END {
    want = "d K lb 001 001-mnb same-order pair ranked ranked-prefix random mnb-subset offline auto"
    split(hdr, hf, " +"); h = hf[1]; for (i = 2; i in hf; i++) h = h " " hf[i]
    if (h == want) { np++; print "ok table header" } else { nf++; print "FAIL table header: " hdr }
    missing = ""
    for (d = lo; d <= hi; d++) {
      n = 2 ^ d
      for (k = 1; k <= n; k++)
        if (k <= 3 || k == d || k == 2 * d || k == 3 * d || k == d * d || k == n - 1 || pow2(k)) { want_rows++; if (!((d, k) in seen)) missing = missing " " d ":" k }
    }
    if (missing == "" && rows == want_rows) { np++; print "ok table rows: " rows } else { nf++; print "FAIL table rows: " rows ", want " want_rows ", missing" missing }
    print np + 0 " passed, " nf + 0 " failed"
  }' lo="$2" hi="$3" "$1"
}
"$BIN" table --task kbcast --topo hypercube:3..6 >"$T/table" 2>"$T/err"
rc=$?
expect "table --task kbcast --topo hypercube:3..6: exit 0, nothing on stderr, no MISMATCH or FAIL" \
  '[ $rc = 0 ] && [ ! -s "$T/err" ] && ! grep -qE "MISMATCH|FAIL" "$T/table"' "exit $rc: \$ $BIN table --task kbcast --topo hypercube:3..6" "$T/err"
table_check "$T/table" 3 6 >"$T/awk"
tally "$T/awk" "table hypercube:3..6"
# table_check itself must fail a wrong 001 figure, a wrong lb and a note
sed -e '2s/^\(3 *1 *3 *\)14/\115/' -e '3s/^\(3 *2 *\)3/\14/' -e '4s/$/  MISMATCH x/' "$T/table" >"$T/table.bad"
table_check "$T/table.bad" 3 6 >"$T/awk"
expect "table_check fails a wrong 001 figure, a wrong lb, a note" '[ "$(grep -c "^FAIL" "$T/awk")" -ge 3 ]' "it says: $(grep ^FAIL "$T/awk" | head -n 3)"

# ---- 6: kbcast-random and determinism --------------------------------------------------------
# random_check LINE D K C RUNS ALL: the fields of a kbcast-random line well formed and
# consistent (0 <= ok <= runs, the percentage, load_cap = ceil(C K/d), phase2_cap = load_cap
# + d - 1, the Chernoff bound min(1, d (e^(C-1)/C^C)^(K/d)) to 1%); ALL: ok = runs and the
# bound below 1e-10
random_check() {
  printf '%s\n' "$1" | awk -v d="$2" -v k="$3" -v c="$4" -v runs="$5" -v all="$6" '
  function ceil(a, b) { return int((a + b - 1) / b) }
  {
    n = split($0, f, " ")
    for (i = 2; i <= n; i++) if (split(f[i], kv, "=") == 2) v[kv[1]] = kv[2]
    why = ""
    if ($0 !~ /^kbcast-random topo=hypercube:[0-9]+ K=[0-9]+ C=[0-9.]+ runs=[0-9]+ ok=[0-9]+ \([0-9]+\.[0-9][0-9]%\) load_cap=[0-9]+ phase2_cap=[0-9]+ max_load=[0-9]+ max_phase2=[0-9]+ mean_load=[0-9.]+ mean_phase2=[0-9.]+ chernoff=[0-9.e+-]+$/) why = why "; malformed"
    if (v["topo"] != "hypercube:" d || v["K"] != k || v["C"] + 0 != c || v["runs"] != runs) why = why "; topo/K/C/runs"
    if (v["ok"] + 0 < 0 || v["ok"] + 0 > runs) why = why "; ok out of 0..runs"
    if (sprintf("(%.2f%%)", 100 * v["ok"] / runs) != f[7]) why = why "; percentage " f[7]
    x = c * k / d; cap = int(x) + (x > int(x))
    if (v["load_cap"] != cap || v["phase2_cap"] != cap + d - 1) why = why "; load_cap/phase2_cap, want " cap "/" cap + d - 1
    if (v["max_load"] < ceil(k, d) || v["mean_load"] + 0 > v["max_load"] + 0 || v["mean_phase2"] + 0 > v["max_phase2"] + 0) why = why "; max/mean"
    b = d * (exp(c - 1) / c ^ c) ^ (k / d); if (b > 1) b = 1
    if (v["chernoff"] + 0 < b * 0.99 || v["chernoff"] + 0 > b * 1.01) why = why "; chernoff " v["chernoff"] ", want " b
    if (all && (v["ok"] != runs || v["chernoff"] + 0 >= 1e-10)) why = why "; want ok = runs and chernoff < 1e-10"
    print why == "" ? "" : substr(why, 3)
  }'
}
while read -r d k c runs all; do
  cmd="kbcast-random --topo hypercube:$d --k $k --c $c --runs $runs"
  # shellcheck disable=SC2086
  line=$("$BIN" $cmd 2>"$T/err")
  rc=$?
  why=$(random_check "$line" "$d" "$k" "$c" "$runs" "$all")
  expect "$cmd" '[ $rc = 0 ] && [ ! -s "$T/err" ] && [ -z "$why" ] && [ "$(printf "%s\n" "$line" | wc -l)" = 1 ]' \
    "exit $rc, $why: $line: \$ $BIN $cmd"
  # shellcheck disable=SC2086
  expect "$cmd twice: the same line" '[ "$("$BIN" $cmd 2>&1)" = "$line" ]' "\$ $BIN $cmd"
done <<RUNS
8 256 3 200 1
8 8 3 200 0
$([ "$SMALL" = small ] && echo "4 16 2.72 50 0" || echo "6 64 2.72 300 0")
RUNS
# the schedule of one job twice: byte-identical (the set drawn from the seed, random's roots,
# offline's search)
for a in 001 random offline auto; do
  for opts in "--k 20 --seed 9" "--active 3,9-12,31"; do
    # shellcheck disable=SC2086
    "$BIN" schedule --topo hypercube:5 --task kbcast $opts --alg $a -o "$T/x1.tsv" 2>/dev/null
    # shellcheck disable=SC2086
    "$BIN" schedule --topo hypercube:5 --task kbcast $opts --alg $a -o "$T/x2.tsv" 2>/dev/null
    expect "schedule --topo hypercube:5 --task kbcast $opts --alg $a twice: byte-identical" \
      '[ -s "$T/x1.tsv" ] && cmp -s "$T/x1.tsv" "$T/x2.tsv"' "\$ $BIN schedule --topo hypercube:5 --task kbcast $opts --alg $a"
  done
done
# the same --k/--seed give the same set in schedule, verify and kbcast-random; another seed another set
"$BIN" schedule --topo hypercube:5 --task kbcast --k 20 --seed 9 --alg 001 -o "$T/x1.tsv"
expect "verify --k 20 --seed 9 accepts the schedule of --k 20 --seed 9" \
  '"$BIN" verify --k 20 --seed 9 "$T/x1.tsv" | grep -q "^OK "' "\$ $BIN verify --k 20 --seed 9 $T/x1.tsv"
expect "verify --k 20 --seed 10 refuses the schedule of --k 20 --seed 9" \
  '"$BIN" verify --k 20 --seed 10 "$T/x1.tsv" | grep -q "^FAIL "' "\$ $BIN verify --k 20 --seed 10 $T/x1.tsv"
meta "$T/x1.tsv"
expect "kbcast-random --k 20 --seed 9 = --active (the drawn set)" \
  '[ "$("$BIN" kbcast-random --topo hypercube:5 --k 20 --seed 9 --runs 30)" = "$("$BIN" kbcast-random --topo hypercube:5 --active "$M_active" --runs 30)" ]' "active=$M_active"

# tests/kbcast.awk itself must fail a schedule counted against another set (of the same K)
"$BIN" schedule --topo hypercube:3 --task kbcast --active 0-2 --alg 001 -o "$T/self.tsv" 2>/dev/null
awk -v D=3 -v ACTIVE=5-7 -v LABEL=self -f "$HERE/kbcast.awk" "$T/self.tsv" >"$T/awk"
expect "kbcast.awk fails a 001 schedule of {0,1,2} counted as {5,6,7}" \
  '[ "$(grep -c ^FAIL "$T/awk")" -ge 3 ] && tail -n 1 "$T/awk" | grep -q " failed$"' "it says: $(grep ^FAIL "$T/awk" | head -n 3)"

echo "kbcast: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
