#!/usr/bin/env bash
# tests/pmnb.sh BIN [small|large] - task pmnb (paper 004 §3, docs/PMNB.md): M of the N nodes of a
# torus or mesh broadcast at once, with whole packets (§3.2) or split into pieces (§3.1).
#
#   1. every construction on torus:4x4, 5x5, mesh:4x4 and the mixed-radix torus:4x6 and
#      mesh:3x5 ("large", make test-large's: torus:8x8, mesh:8x8, torus:4x4x4 instead; "small":
#      torus:4x4, torus:5x5, mesh:4x4; QUICK=1, make check's: torus:4x4, mesh:4x4), M in
#      {1, 2, d, p, N/4, N/2, N}, each M with several active sets (--m M --seed S for two
#      seeds, the lowest and the highest M ids); every schedule verified by `cmodel verify`
#      and held to 004's formulas, computed here from p, d, N and M (never from cmodel's
#      output): at least (3a) (M-1)/(2d) on a torus and (3b) (M-1)/d on a mesh, in slots of
#      1/F of a packet's time; 004 at most §3.2's bound (whole packets) or (7)/(8) (split), with
#      t_p = 0 (the rank phase is not in the rows); a0 at most §3.2's bound for one class;
#      mnb-subset on a p x p torus at most the optimal torus MNB ceil((N-1)/4) (004 §2) per
#      piece; every schedule at least the lower bound verify prints;
#   2. the split rows: metadata fraction=F with F = d on a mesh, 2d on a torus, every dest a
#      piece 0..F-1, every piece of every active packet at every node;
#   3. broken schedules (awk edits): verify must FAIL;
#   4. bad input: exit 2, one line on stderr naming the bad value, nothing written;
#   5. determinism and the set's spelling: --m M --seed S and --active of the drawn set give
#      the same schedule; verify takes the set from the metadata or from --m/--seed;
#   6. 004-runtime (the run-time active-set router's schedule) on torus:4x4, mesh:4x4 (every M;
#      "small": four M; "large": torus:8x8, mesh:8x8, ten M), two seeds each:
#      verified, 004-prefix's counter rows, packets from slot 8S+1 on, and exactly
#      8S + 2S + RS(1 + ceil(ceil(M/2)/p)) slots (S = p-1; RS = p/2 torus, p-1 mesh); split, the
#      same with 4SF + 2SH + S(1 + ceil(M/p)) (F pieces, H halves a class).
# Prints "ok NAME" per check, "FAIL NAME: why" per failure, then "pmnb: N passed, N failed".
# shellcheck disable=SC2016 # expect's conditions are single-quoted: evaluated when it runs
BIN=${1:?usage: tests/pmnb.sh BIN [small|large]} NAME=pmnb # NAME: suite.sh's temporary directory
SMALL=${2-}
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"
# shellcheck source=tests/checks.sh
. "$(dirname "$0")/checks.sh"

# sizes KIND SPEC: sets KIND (torus|mesh), D, P (the largest radix), N and the radices R[]
sizes() {
  KIND=${1%%:*}
  IFS=x read -r -a R <<<"${1#*:}"
  D=${#R[@]} N=1 P=0
  for r in "${R[@]}"; do N=$((N * r)); [ "$r" -gt "$P" ] && P=$r; done
  return 0
}

# bound WHICH M F [TP]: the formulas of 004 (t_p = TP, default 0), in slots of 1/F of a
# packet's time, as a decimal (awk); the paper states them for p^d nodes: with mixed radices
# P is the largest radix, which only loosens them
bound() {
  awk -v w="$1" -v m="$2" -v f="$3" -v tp="${4:-0}" -v d="$D" -v p="$P" -v n="$N" -v kind="$KIND" 'BEGIN {
    g = kind == "mesh" ? 1 : 2                               # gamma: array 1, torus 2
    r = int((p - 1 + g - 1) / g)                             # ceil((p-1)/gamma)
    frac = (n - 1) / n
    if (w == "lower") { print (m - 1) * f / (g * d); exit }  # (3a), (3b)
    if (w == "split") {                                      # (7) torus, (8) array, times F
      print f * (m / (g * d) * frac + 2 * d * (p - 1) * tp + (kind == "mesh" ? 2 : 1.5) * (p - 1)); exit }
    classes = w == "a0" ? 1 : d                              # s3.2 with d classes, or one
    mc = int((m + classes - 1) / classes)
    print mc * r / (p - 1) * frac + (p - 1) * d + d * r + 4 * (p - 1) * d * tp
  }'
}
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b + 1e-9) }'; }

# meta FILE: '# slots=', '# fraction=', '# active=' of a schedule
meta() {
  M_slots=$(sed -n 's/^# slots=//p' "$1") M_fraction=$(sed -n 's/^# fraction=//p' "$1")
  M_active=$(sed -n 's/^# active=//p' "$1")
  [ -n "$M_fraction" ] || M_fraction=1
}

# one TOPO M LABEL SETARGS...: every construction on one set
one() {
  local topo=$1 m=$2 label=$3 alg split f out lb low up name tsv
  shift 3
  for split in "" --split; do
    f=1
    [ -n "$split" ] && { if [ "$KIND" = mesh ]; then f=$D; else f=$((2 * D)); fi; }
    for alg in 004 004-prefix a0 mnb-subset offline; do
      [ -n "$split" ] && { [ "$alg" = a0 ] || [ "$alg" = offline ]; } && continue
      name="$topo M=$m $label${split:+ split} $alg"
      tsv=$T/s.tsv
      if ! "$BIN" schedule --topo "$topo" --task pmnb "$@" $split --alg "$alg" -o "$tsv" 2>"$T/err"; then
        fail "$name: schedule" "$(cat "$T/err")"
        continue
      fi
      out=$("$BIN" verify "$tsv" 2>&1)
      case $out in OK*) pass "$name: verify" ;; *) fail "$name: verify" "$out"; continue ;; esac
      meta "$tsv"
      lb=${out#*lb=} lb=${lb%% *}
      expect "$name: fraction=$f" '[ "$M_fraction" = "$f" ]' "fraction=$M_fraction"
      expect "$name: slots $M_slots >= verify's lb $lb" '[ "$M_slots" -ge "$lb" ]' ""
      low=$(bound lower "$m" "$f")
      expect "$name: slots $M_slots >= (3a)/(3b) $low" 'le "$low" "$M_slots"' ""
      case $alg in
      004 | 004-prefix) tp=0
        [ "$alg" = 004-prefix ] && tp=1
        up=$(bound "${split:+split}${split:-whole}" "$m" "$f" "$tp")
        [ -n "$split" ] && up=$(bound split "$m" "$f" "$tp")
        expect "$name: slots $M_slots <= 004's bound $up (t_p = $tp)" 'le "$M_slots" "$up"' "" ;;
      a0) up=$(bound a0 "$m" 1)
        expect "$name: slots $M_slots <= s3.2's bound for one class $up" 'le "$M_slots" "$up"' "" ;;
      mnb-subset)
        if [ "$KIND" = torus ] && [ "$D" = 2 ] && [ "${R[0]}" = "${R[1]}" ]; then
          up=$(((N - 1 + 3) / 4 * f))
          expect "$name: slots $M_slots <= the optimal torus MNB ceil((N-1)/4) x F = $up" '[ "$M_slots" -le "$up" ]' ""
        fi ;;
      esac
      if [ -n "$split" ]; then
        expect "$name: every dest is a piece 0..$((f - 1)) or a counter" \
          '[ "$(awk -F"\t" -v f="$f" "/^[0-9]/ && \$5 != -2 && (\$5 < 0 || \$5 >= f) { bad++ } END { print bad + 0 }" "$tsv")" = 0 ]' ""
      else
        expect "$name: every dest is -1 or a counter" '[ "$(awk -F"\t" "/^[0-9]/ && \$5 != -1 && \$5 != -2 { bad++ } END { print bad + 0 }" "$tsv")" = 0 ]' ""
      fi
      # the rank phase: 004-prefix has one prefix (split) or two (whole), each 2d(P-1) steps
      # of F slots, each step a counter on every line of a level (counted here); others none
      counters=$(awk -F'\t' '/^[0-9]/ && $5 == -2 { c++ } END { print c + 0 }' "$tsv")
      want=0
      if [ "$alg" = 004-prefix ]; then
        want=$(awk -v d="$D" -v n="$N" -v sp="$split" -v r="${R[*]}" 'BEGIN {
          split(r, k, " "); total = 0
          for (c = 0; c < d; c++) { lines = n
            for (j = 0; j < d; j++) { i = (j + c) % d + 1; lines /= k[i]; total += 2 * lines * (k[i] - 1) } }
          if (sp == "") { lines = n; t0 = 0
            for (j = 1; j <= d; j++) { lines /= k[j]; t0 += 2 * lines * (k[j] - 1) }
            total += t0 }
          print total }')
        last=$(awk -F'\t' '/^[0-9]/ && $5 == -2 { s = $1 } END { print s + 0 }' "$tsv")
        inst=2
        [ -n "$split" ] && inst=1
        steps=$((inst * 2 * D * (P - 1)))
        first_packet=$(awk -F'\t' '/^[0-9]/ && $5 != -2 { print $1; exit }' "$tsv")
        expect "$name: packets start after the rank phase's $steps steps of $f slots" \
          '[ "$last" -le $((steps * f)) ] && [ "$first_packet" -gt $((steps * f)) ]' "last counter $last, first packet $first_packet"
      fi
      expect "$name: $want counters" '[ "$counters" = "$want" ]' "$counters counters"
    done
  done
}

seen=""
topos="torus:4x4 torus:5x5 mesh:4x4 torus:4x6 mesh:3x5"
[ "$SMALL" = large ] && topos="torus:8x8 mesh:8x8 torus:4x4x4"
[ "$SMALL" = small ] && topos="torus:4x4 torus:5x5 mesh:4x4"
[ "${QUICK:-0}" = 1 ] && topos="torus:4x4 mesh:4x4" # make check
for topo in $topos; do
  sizes "$topo"
  for m in 1 2 "$D" "$P" $((N / 4)) $((N / 2)) "$N"; do
    [ "$m" -ge 1 ] && [ "$m" -le "$N" ] || continue
    case " $seen " in *" $topo:$m "*) continue ;; esac
    seen="$seen $topo:$m"
    one "$topo" "$m" "seed 1" --m "$m" --seed 1
    [ "$SMALL" = small ] && continue
    one "$topo" "$m" "seed 2" --m "$m" --seed 2
    one "$topo" "$m" "low ids" --active "0-$((m - 1))"
    one "$topo" "$m" "high ids" --active "$((N - m))-$((N - 1))"
  done
done

# exact figures: with every node active nothing is packed and subphase l has p^(l-1) rounds
# of p-1 slots of 1/F under splitting (Lemma 1 with M = N): N-1 slots; on a ring of p
# (one dimension) whole packets take the remark after Thm 2's ceil((p-1)/2) = floor(p/2)
exact() { # exact TOPO WANT ARGS...
  local topo=$1 want=$2
  shift 2
  "$BIN" schedule --topo "$topo" --task pmnb --alg 004 "$@" -o "$T/e.tsv"
  meta "$T/e.tsv"
  expect "$topo 004 $*: exactly $want slots" '[ "$M_slots" = "$want" ] && "$BIN" verify "$T/e.tsv" | grep -q "^OK "' "slots=$M_slots"
}
for topo in torus:4x4 torus:5x5 torus:8x8 mesh:4x4 mesh:8x8 torus:4x4x4 mesh:3x3x3; do
  sizes "$topo"
  exact "$topo" $((N - 1)) --m "$N" --split
done
for p in 2 3 4 7 8 16; do
  exact "ring:$p" $((p / 2)) --m "$p"
  exact "ring:$p" $((p == 2 ? 2 : p - 1)) --m "$p" --split
done

# 3. broken schedules: each edit must make verify FAIL
"$BIN" schedule --topo torus:4x4 --task pmnb --m 5 --seed 3 --alg 004 -o "$T/w.tsv"
"$BIN" schedule --topo torus:4x4 --task pmnb --m 5 --seed 3 --split --alg 004 -o "$T/p.tsv"
meta "$T/w.tsv"
inactive=$(awk -v set="$M_active" 'BEGIN { n = split(set, a, ","); for (i = 1; i <= n; i++) { if (split(a[i], r, "-") == 1) r[2] = r[1]; for (v = r[1]; v <= r[2]; v++) on[v] = 1 } for (v = 0; v < 16; v++) if (!on[v]) { print v; exit } }')
broken() { # broken NAME FILE AWK: the edited file must fail verification
  awk -F'\t' -v OFS='\t' "$3" "$2" >"$T/b.tsv"
  out=$("$BIN" verify "$T/b.tsv" 2>&1)
  expect "broken: $1" '[[ $out == FAIL* ]]' "verify said: $out"
}
broken "a row dropped" "$T/w.tsv" '/^[0-9]/ && !done && $1 > 1 { done = 1; next } { print }'
broken "a row of an inactive origin" "$T/w.tsv" '/^[0-9]/ && !done { done = 1; $4 = '"$inactive"' } { print }'
first2=$(awk -v set="$M_active" 'BEGIN { n = split(set, a, ","); for (i = 1; i <= n && c < 2; i++) { if (split(a[i], r, "-") == 1) r[2] = r[1]; for (v = r[1]; v <= r[2] && c < 2; v++) ids[c++] = v } print ids[0], ids[1] }')
broken "a packet sent before its sender holds it" "$T/w.tsv" '/^[0-9]/ && $1 == 1 && !done { done = 1; split("'"$first2"'", a, " "); $4 = $4 == a[1] ? a[2] : a[1] } { print }'
broken "a piece index out of range" "$T/p.tsv" '/^[0-9]/ && !done { done = 1; $5 = 4 } { print }'
broken "a piece dropped" "$T/p.tsv" '/^[0-9]/ && $1 > 3 && !done { done = 1; next } { print }'
broken "whole-packet rows in a split schedule" "$T/p.tsv" '/^[0-9]/ { $5 = -1 } { print }'
broken "pieces in a whole-packet schedule" "$T/w.tsv" '/^[0-9]/ && !done { done = 1; $5 = 0 } { print }'
broken "a row twice on one link in one slot" "$T/w.tsv" '/^[0-9]/ && !done { done = 1; print; $4 = $4 } { print }'
"$BIN" schedule --topo torus:4x4 --task pmnb --m 5 --seed 3 --alg 004-prefix -o "$T/c.tsv"
"$BIN" schedule --topo mesh:4x4 --task pmnb --m 6 --seed 2 --split --alg 004-prefix -o "$T/cs.tsv"
broken "a counter one too high" "$T/c.tsv" '/^[0-9]/ && $5 == -2 && $1 > 3 && !done { done = 1; $4 = $4 + 1 } { print }'
broken "a counter of a split schedule one too low" "$T/cs.tsv" '/^[0-9]/ && $5 == -2 && $4 > 0 && !done { done = 1; $4 = $4 - 1 } { print }'
broken "a counter dropped" "$T/c.tsv" '/^[0-9]/ && $5 == -2 && $1 == 5 && !done { done = 1; next } { print }'
broken "a counter in the second slot of a split step" "$T/cs.tsv" '/^[0-9]/ && $5 == -2 && $1 == 1 && !done { done = 1; $1 = 2 } { print }'
broken "a counter sent the wrong way" "$T/c.tsv" '/^[0-9]/ && $5 == -2 && !done { done = 1; t = $2; $2 = $3; $3 = t } { print }'
# a packet moved into the rank phase's last slot, on a link its counters leave free
last=$(awk -F'\t' '/^[0-9]/ && $5 == -2 { s = $1 } END { print s }' "$T/c.tsv")
{ grep -v '^[0-9]' "$T/c.tsv"
  awk -F'\t' -v OFS='\t' -v p="$last" '/^[0-9]/ { if ($1 == p) used[$2 " " $3] = 1
      if ($1 == p + 1 && !done && !used[$2 " " $3]) { done = 1; $1 = p } print }' "$T/c.tsv" |
    sort -t "$(printf '\t')" -k1,1n -k2,2n -k3,3n; } >"$T/early.tsv"
out=$("$BIN" verify "$T/early.tsv" 2>&1)
expect "broken: a packet moving during the rank phase" '[[ $out == *"during the rank phase"* ]]' "verify said: $out"
broken "fraction=2 claimed for 4 pieces" "$T/p.tsv" '/^# fraction=/ { $0 = "# fraction=2" } { print }'

# 4. bad input: exit 2, one line on stderr naming the value, nothing written
bad() { # bad NAME WORD ARGS...: exit 2, one stderr line containing WORD, no -o file
  local name=$1 word=$2
  shift 2
  rm -f "$T/o.tsv"
  "$BIN" "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  expect "bad input: $name (exit 2)" '[ "$rc" = 2 ]' "exit $rc"
  expect "bad input: $name (one line naming '$word')" '[ "$(wc -l <"$T/err")" = 1 ] && grep -qF -- "$word" "$T/err"' "stderr: $(head -c 300 "$T/err")"
  expect "bad input: $name (no output file)" '[ ! -e "$T/o.tsv" ] && ! ls "$T" | grep -q "o.tsv.tmp"' "$(ls "$T")"
}
bad "--m 0" "'0'" schedule --topo torus:4x4 --task pmnb --m 0 -o "$T/o.tsv"
bad "--m 17 on 16 nodes" "'17'" schedule --topo torus:4x4 --task pmnb --m 17 -o "$T/o.tsv"
bad "--active with a node out of range" "16" schedule --topo torus:4x4 --task pmnb --active 3,16 -o "$T/o.tsv"
bad "no active set" "--m" schedule --topo torus:4x4 --task pmnb -o "$T/o.tsv"
bad "--split for mnb" "--split" schedule --topo torus:4x4 --task mnb --split -o "$T/o.tsv"
bad "--m for mnb" "mnb" schedule --topo torus:4x4 --task mnb --m 3 -o "$T/o.tsv"
bad "--k and --m together" "--m" schedule --topo torus:4x4 --task pmnb --k 3 --m 3 -o "$T/o.tsv"
bad "model oneway" "oneway" schedule --topo torus:4x4 --task pmnb --m 3 --model oneway -o "$T/o.tsv"
bad "a0 with --split" "split" schedule --topo torus:4x4 --task pmnb --m 3 --split --alg a0 -o "$T/o.tsv"
bad "004 on the hypercube" "hypercube:3" schedule --topo hypercube:3 --task pmnb --m 3 --alg 004 -o "$T/o.tsv"
bad "a0 with --split" "drop --split" schedule --topo torus:4x4 --task pmnb --m 3 --split --alg a0 -o "$T/o.tsv"
bad "004-runtime on the hypercube" "hypercube:3" schedule --topo hypercube:3 --task pmnb --m 3 --alg 004-runtime -o "$T/o.tsv"
sed 's/^# fraction=.*/# fraction=0/' "$T/p.tsv" >"$T/f0.tsv"
bad "metadata fraction=0" "'0'" verify "$T/f0.tsv"
sed 's/^# fraction=.*/# fraction=x1/' "$T/p.tsv" >"$T/fx.tsv"
bad "metadata fraction=x1" "'x1'" verify "$T/fx.tsv"

# 5. determinism and the set's two spellings
"$BIN" schedule --topo torus:8x8 --task pmnb --m 9 --seed 4 --alg 004 -o "$T/a.tsv"
"$BIN" schedule --topo torus:8x8 --task pmnb --m 9 --seed 4 --alg 004 -o "$T/b.tsv"
expect "the same --m and --seed give the same schedule" 'cmp -s "$T/a.tsv" "$T/b.tsv"' ""
meta "$T/a.tsv"
"$BIN" schedule --topo torus:8x8 --task pmnb --active "$M_active" --alg 004 -o "$T/c.tsv"
expect "--active of the drawn set gives the same rows" 'cmp -s <(grep -v "^#" "$T/a.tsv") <(grep -v "^#" "$T/c.tsv")' ""
expect "verify --m 9 --seed 4 accepts it" '"$BIN" verify --m 9 --seed 4 "$T/a.tsv" | grep -q "^OK "' ""
expect "verify --m 9 --seed 5 refuses it" '"$BIN" verify --m 9 --seed 5 "$T/a.tsv" | grep -q "^FAIL "' ""
"$BIN" schedule --topo torus:8x8 --task pmnb --m 9 --seed 5 --alg 004 -o "$T/d.tsv"
expect "another seed, another set" '! cmp -s "$T/a.tsv" "$T/d.tsv"' ""

# 6. 004-runtime: 004-prefix as the run-time active-set router runs it (docs/ARCHITECTURE.md).
# On a p x p torus or mesh (d = 2, S = p-1) its slots are, computed here: the rank phase, two
# prefixes of 2d subphases of S steps (8S); two packing windows of S slots each, whatever the moves; the broadcast, subphase 1 one round
# (after packing a node holds at most one packet of a class) and subphase 2 ceil(M_0/p) rounds
# (M_0 = ceil(M/2), the larger class), a round RS = p/2 slots on a torus (k/2 = ceil((p-1)/2)
# hops one way), p-1 on a mesh (to both ends of the line). Split (004 §3.1: F = 2d pieces on a
# torus, d on a mesh, a slot 1/F of a packet time): one prefix (every class over the active set)
# of 2d subphases of S steps, a step a packet time, F slots (4SF); two windows of S slots for
# each of the H = F/d halves of a class one after the other (2SH); subphase 1 one round,
# subphase 2 ceil(M/p) rounds (every class holds every packet), a round p-1 slots (both ends of
# a line; on a torus each half goes p-1 hops its way).
runtime_topos="torus:4x4 mesh:4x4"
[ "$SMALL" = large ] && runtime_topos="torus:8x8 mesh:8x8"
for topo in $runtime_topos; do
  sizes "$topo"
  S=$((P - 1)) RS=$((P - 1))
  [ "$KIND" = torus ] && RS=$((P / 2))
  ms=$(seq 1 "$N")
  [ "$N" -gt 16 ] && ms="1 2 3 7 8 9 17 32 45 $N"
  [ "$SMALL" = small ] && ms="1 2 $((N / 2 + 1)) $N" # under ASan: memory errors, not every M
  F=2 H=1
  [ "$KIND" = torus ] && F=4 H=2
  for m in $ms; do
    for seed in 1 2; do
      for split in "" --split; do
        name="$topo M=$m seed $seed 004-runtime${split:+ split}"
        tsv=$T/rt.tsv
        if ! "$BIN" schedule --topo "$topo" --task pmnb --alg 004-runtime --m "$m" --seed "$seed" $split -o "$tsv" 2>"$T/err"; then
          fail "$name: schedule" "$(cat "$T/err")"
          continue
        fi
        out=$("$BIN" verify "$tsv" 2>&1)
        case $out in OK*) pass "$name: verify" ;; *) fail "$name: verify" "$out"; continue ;; esac
        meta "$tsv"
        if [ -n "$split" ]; then
          rank=$((4 * S * F))
          want=$((rank + 2 * S * H + S * (1 + (m + P - 1) / P)))
          expect "$name: slots $M_slots = 4SF + 2SH + S(1 + ceil(M/p)) = $want" '[ "$M_slots" = "$want" ]' ""
        else
          rank=$((8 * S)) m0=$(((m + 1) / 2))
          want=$((8 * S + 2 * S + RS * (1 + (m0 + P - 1) / P)))
          expect "$name: slots $M_slots = 8S + 2S + RS(1 + ceil(ceil(M/2)/p)) = $want" '[ "$M_slots" = "$want" ]' ""
        fi
        "$BIN" schedule --topo "$topo" --task pmnb --alg 004-prefix --m "$m" --seed "$seed" $split -o "$T/pf.tsv"
        expect "$name: the rank phase is 004-prefix's counter rows" \
          'cmp -s <(rows "$tsv" | awk -F"\t" "\$5 == -2") <(rows "$T/pf.tsv" | awk -F"\t" "\$5 == -2")' ""
        expect "$name: counters in slots 1..$rank, packets from slot $((rank + 1))" \
          '[ "$(rows "$tsv" | awk -F"\t" -v r=$rank "(\$5 == -2) != (\$1 <= r)" | wc -l)" = 0 ]' ""
      done
    done
  done
done
"$BIN" schedule --topo mesh:4x4 --task pmnb --alg 004-runtime --m 6 --seed 2 -o "$T/rt.tsv"
broken "a counter of a 004-runtime schedule one too high" "$T/rt.tsv" '/^[0-9]/ && $5 == -2 && $1 > 3 && !done { done = 1; $4 = $4 + 1 } { print }'

echo "pmnb: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
