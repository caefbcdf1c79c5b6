#!/usr/bin/env bash
# tests/te_search.sh CMODEL TE_SEARCH [RTL_GEN] — the template search (search/, issues 16, 17): for each size,
# the fewest slots any translation template can have, computed here from the formulas, must be
# sat for both solvers (CaDiCaL and MiniSat) and one slot less unsat for both; the model's loads
# must fit; cmodel's coloring template must take max(that, diameter) slots and verify; the DIMACS
# written with --cnf must be the formula both solvers read; bad arguments are refused. Under
# --model s4noc-bufferless (bufferless S4NOC templates): unsat below the bound of
# tests/s4noc_bounds.awk, sat at it where cmodel's verified template meets it, the model's
# template passing the verifier. Under --task mnb (templates for small routers): unsat below 000/
# 003's bound ceil((N-1)/deg) on small sizes, sat at it, the template verified by cmodel and its
# router built by rtl_gen without packet memory and with at most 4 sources per lane; --rotate's
# and --turn's symmetries checked on the files. Under --task te --lanes (te templates for small
# routers): unsat one slot below the template bound (000's N/2 on the hypercube, the loads
# optimum above on rings and tori), sat at it, the template verified and its router without packet memory; one source
# below the pair bound 1 + ceil((D-1)/2) on the D-cube unsat. With --extend: a 4-cube template
# grown to the 5-cube and the stored 7-cube one to the 8-cube at N/2, verified, 4 sources unsat
# on the 8-cube (the pair bound is 5); bases of the wrong kind refused. With --diagonals: the
# 4x4 and 6x6 tori at the bound, each packet inside its diagonal's window; with --by-window as
# well, 4x4 to 8x8 one window at a time, and its unsat and unknown answers.
#
# The expected figure, per dimension i of size K with M = N/K packets per coordinate: 003's cut
# bound, the shortest hops of the dimension shared by +e_i and -e_i, M floor(K^2/4) / 2 rounded
# up, plus the template's own parity term: when K is even and M odd, one direction carries K/2
# more (docs/SCHEDULES.md, "te templates"); a dimension of size 2 has one generator carrying all
# M packets. The template's loads optimum is the largest over the dimensions.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then "te_search: N passed, N failed".
# SMALL=1 (make check): the small sizes of each list below (rings to 8, tori to 4x4, cubes to 4 or 5),
# without the 8-cube, the 6x6 and 8x8 tori and the time limit on torus:12x12.
BIN=$1 SEARCH=$2 RTL_GEN=${3:-build/rtl_gen} NAME=te_search
small() { [ "${SMALL-}" = 1 ]; }
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
case $SEARCH in /*) ;; *) SEARCH=$PWD/$SEARCH ;; esac
case $RTL_GEN in /*) ;; *) RTL_GEN=$PWD/$RTL_GEN ;; esac

field() { sed -nE "s/.*(^| )$1=([^ ]+).*/\2/p"; }
# loads_optimum TOPO: the formula above; diameter TOPO: sum of floor(K_i / 2)
radices() { echo "${1#*:}" | tr x ' '; }
loads_optimum() {
  local n=1 k best=0 m l
  for k in $(radices "$1"); do n=$((n * k)); done
  for k in $(radices "$1"); do
    m=$((n / k))
    if [ "$k" -eq 2 ]; then
      l=$m
    else
      l=$((m * (k * k / 4) + (k % 2 == 0 && m % 2 == 1 ? k / 2 : 0)))
      l=$(((l + 1) / 2))
    fi
    [ "$l" -gt "$best" ] && best=$l
  done
  echo "$best"
}
diameter() { local k d=0; for k in $(radices "$1"); do d=$((d + k / 2)); done; echo "$d"; }

sizes="ring:2 ring:3 ring:4 ring:5 ring:6 ring:7 ring:8 ring:9 ring:10 ring:16 ring:31 ring:32
torus:2x3 torus:3x3 torus:3x4 torus:3x6 torus:5x6 torus:4x4 torus:4x6 torus:6x6 torus:3x10 torus:7x10
torus:2x2x2 torus:2x3x4 torus:3x3x6 torus:2x4x6 torus:4x4x4"
small && sizes="ring:2 ring:3 ring:4 ring:5 ring:6 ring:8 torus:2x3 torus:3x3 torus:3x4 torus:4x4 torus:2x2x2"
for topo in $sizes; do
  want=$(loads_optimum "$topo")
  at=$("$SEARCH" --topo "$topo" --slots "$want" 2>"$T/err")
  expect "$topo: a template with every load <= $want: sat for CaDiCaL and MiniSat" \
    '[ "$(printf "%s" "$at" | field cadical)" = sat ] && [ "$(printf "%s" "$at" | field minisat)" = sat ]' "got: $at $(cat "$T/err")"
  loads=$(printf '%s' "$at" | field loads)
  expect "$topo: the model's loads ($loads) are at most $want" \
    '[ -n "$loads" ] && printf "%s\n" "$loads" | tr ",/" "\n\n" | awk -v w="$want" "\$1 > w { bad = 1 } END { exit bad }"' "loads '$loads'"
  below=$("$SEARCH" --topo "$topo" --slots $((want - 1)) 2>"$T/err")
  expect "$topo: no template with every load <= $((want - 1)): unsat for CaDiCaL and MiniSat" \
    '[ "$(printf "%s" "$below" | field cadical)" = unsat ] && [ "$(printf "%s" "$below" | field minisat)" = unsat ]' "got: $below $(cat "$T/err")"
  d=$(diameter "$topo") tmpl=$want
  [ "$d" -gt "$tmpl" ] && tmpl=$d
  if "$BIN" schedule --topo "$topo" --task te --alg coloring -o "$T/c.tsv" 2>"$T/err"; then
    ok=$("$BIN" verify "$T/c.tsv" 2>&1)
    expect "$topo: cmodel's coloring template verifies in max(loads optimum, diameter) = $tmpl slots" \
      '[ "$(printf "%s" "$ok" | field slots)" = "$tmpl" ] && [ "${ok%% *}" = OK ]' "verify: $ok"
  else
    fail "$topo: cmodel schedule --alg coloring" "refused" "$T/err"
  fi
done

# a dimension of size 2 has one generator carrying all N/2 packets: torus:2x2x2x2 at 8 and 7
for c in "torus:2x2x2x2 8 sat" "torus:2x2x2x2 7 unsat" "ring:8 3 unsat"; do
  read -r size at want <<<"$c"
  out=$("$SEARCH" --topo "$size" --slots "$at")
  expect "$size at $at slots: $want for both solvers" \
    '[ "$(printf "%s" "$out" | field cadical)" = "$want" ] && [ "$(printf "%s" "$out" | field minisat)" = "$want" ]' "got '$out'"
done

# the DIMACS kept with --cnf: its header counts what te_search solved, and MiniSat on it alone
# answers as te_search said
out=$("$SEARCH" --topo torus:3x6 --slots 14 --cnf "$T/f.cnf")
hdr=$(grep '^p cnf' "$T/f.cnf")
expect "--cnf: the header 'p cnf V C' has te_search's vars and clauses" \
  '[ "$hdr" = "p cnf $(printf "%s" "$out" | field vars) $(printf "%s" "$out" | field clauses)" ]' "header '$hdr', line '$out'"
minisat -verb=0 "$T/f.cnf" >/dev/null 2>&1
rc=$?
expect "--cnf: minisat on the file alone says unsat (exit 20) for torus:3x6 at 14" '[ $rc = 20 ]' "minisat exit $rc"
expect "--cnf: no temporary left beside the file" '[ "$(ls "$T" | grep -c "f.cnf.tmp")" = 0 ]' "$(ls "$T")"
out=$("$SEARCH" --topo torus:3x6 --slots 14 --no-confirm)
expect "--no-confirm: CaDiCaL alone, no minisat= field" \
  '[ "$(printf "%s" "$out" | field cadical)" = unsat ] && ! printf "%s" "$out" | grep -q minisat=' "got '$out'"
expect "--help: the usage, exit 0" '"$SEARCH" --help | grep -q "^usage: te_search"' "no usage line"

# --model s4noc-bufferless (s4noc_template_cnf.h): below the lower bound of tests/s4noc_bounds.awk
# both solvers must say unsat (small sizes: below the latency bound the refutation is a counting
# argument solvers find slowly, 10+ minutes at torus:4x4); at the bound, on sizes where cmodel's
# verified 'staggered' template meets it (so a template exists), both must say sat and the
# model's template must pass the golden model's verifier
s4_bound() { awk -v task=te -v topo="$1" -f "$HERE/s4noc_bounds.awk" | cut -d' ' -f1; }
for topo in ring:5 ring:6 ring:8 torus:3x3; do
  lb=$(s4_bound "$topo")
  out=$("$SEARCH" --topo "$topo" --slots $((lb - 1)) --model s4noc-bufferless)
  expect "s4noc-bufferless $topo below its bound $lb: unsat for both" \
    '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = unsat/unsat ]' "got '$out'"
done
for topo in ring:5 torus:3x3 torus:2x4 torus:3x4 torus:4x4; do
  lb=$(s4_bound "$topo")
  "$BIN" schedule --topo "$topo" --task te --model s4noc-bufferless -o "$T/s4.tsv"
  expect "s4noc-bufferless $topo: cmodel's template meets the bound $lb" '[ "$("$BIN" verify "$T/s4.tsv" | field slots)" = "$lb" ]' \
    "$("$BIN" verify "$T/s4.tsv")"
  out=$("$SEARCH" --topo "$topo" --slots "$lb" --model s4noc-bufferless)
  expect "s4noc-bufferless $topo at its bound $lb: sat for both, the template verified" \
    '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = sat/sat ] && [ "$(field template <<<"$out")" = verified ] &&
     [ "$(field template_slots <<<"$out")" -le "$lb" ]' "got '$out'"
done

# -o: the sat model's template as a schedule TSV that cmodel verifies at the bound; nothing
# written on unsat
"$SEARCH" --topo torus:3x3 --slots 9 --model s4noc-bufferless -o "$T/tpl.tsv" >/dev/null
expect "-o: the template verifies under s4noc-bufferless at torus:3x3's bound 9" \
  '[ "$("$BIN" verify "$T/tpl.tsv" | cut -d" " -f1-3)" = "OK slots=9 lb=9" ] && grep -qx "# alg=te_search" "$T/tpl.tsv"' \
  "$("$BIN" verify "$T/tpl.tsv" 2>&1)"
"$SEARCH" --topo torus:3x3 --slots 8 --model s4noc-bufferless -o "$T/none.tsv" >/dev/null
expect "-o: nothing written on unsat" '[ ! -e "$T/none.tsv" ]' "$T/none.tsv exists"

# --task mnb (mnb_lean_cnf.h): a multinode broadcast template whose packets leave one or two
# slots after they arrive, with at most K sources per output port. The bound is 003 Thm
# 3.5(ii)'s (000 §2's on the hypercube): ceil((N-1)/deg), deg the generators (a dimension of
# size 2 has one). Below it both solvers must say unsat; at it, with K = 4, sat, and the template
# must verify at the bound and, built by rtl_gen (the hardware side, not this formula), need no
# packet memory and at most 4 sources on every lane; the SystemC/Verilator fabric runs one
# (tests/sim_tests.sh).
mnb_bound() { # TOPO: ceil((N-1)/deg)
  local n=1 deg=0 k
  case $1 in
    hypercube:*) n=$((1 << ${1#*:})) deg=${1#*:} ;;
    *) for k in $(radices "$1"); do n=$((n * k)); deg=$((deg + (k == 2 ? 1 : 2))); done ;;
  esac
  echo $(((n - 1 + deg - 1) / deg))
}
# Below the bound the refutation is a pigeonhole (N-1 nodes, fewer generator-slots), which
# resolution refutes slowly (hypercube:5 at 6 slots: over 6 minutes), so only small sizes.
for topo in hypercube:2 hypercube:3 ring:5 ring:8 torus:3x3 torus:2x4; do
  lb=$(mnb_bound "$topo")
  out=$("$SEARCH" --topo "$topo" --task mnb --slots $((lb - 1)))
  expect "mnb $topo below its bound $lb: unsat for both" '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = unsat/unsat ]' \
    "got '$out'"
done
sizes="hypercube:2 hypercube:3 hypercube:4 hypercube:5 ring:5 ring:8 torus:3x3 torus:2x4 torus:4x4 torus:3x5"
small && sizes="hypercube:2 hypercube:3 hypercube:4 ring:5 torus:3x3 torus:4x4"
for topo in $sizes; do
  lb=$(mnb_bound "$topo")
  rm -f "$T/mnb.tsv"
  out=$("$SEARCH" --topo "$topo" --task mnb --slots "$lb" --sources 4 -o "$T/mnb.tsv")
  expect "mnb $topo at its bound $lb, 4 sources: sat for both, the template verified" \
    '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = sat/sat ] && [ "$(field template <<<"$out")" = verified ] &&
     [ "$(field sources_most <<<"$out")" -le 4 ]' "got '$out'"
  v=$("$BIN" verify "$T/mnb.tsv" 2>&1)
  expect "mnb $topo: cmodel verifies the file at the bound $lb" '[ "$(cut -d" " -f1-3 <<<"$v")" = "OK slots=$lb lb=$lb" ]' "verify: $v"
  if "$RTL_GEN" --schedule "$T/mnb.tsv" -o "$T/mnb-gen" >/dev/null 2>"$T/err"; then
    d=$(cat "$T/mnb-gen/design.txt")
    expect "mnb $topo: rtl_gen's router has no packet memory and at most 4 sources per lane" \
      '[ "$(grep -x "mem_depth=0" <<<"$d")" ] && grep "^lane_sources=" <<<"$d" | cut -d= -f2 | tr , "\n" | awk "\$1 > 4 { b = 1 } END { exit b }"' \
      "$(grep -E "^(mem_depth|lane_sources)=" <<<"$d")"
  else
    fail "mnb $topo: rtl_gen --schedule" "refused" "$T/err"
  fi
  rm -rf "$T/mnb-gen"
done
# --rotate: the template symmetric under the coordinate shift (the d-cube's bit rotation)
sizes="hypercube:4 hypercube:5 torus:4x4"
small && sizes="hypercube:4 torus:4x4"
for topo in $sizes; do
  lb=$(mnb_bound "$topo")
  rm -f "$T/rot.tsv"
  out=$("$SEARCH" --topo "$topo" --task mnb --slots "$lb" --rotate -o "$T/rot.tsv")
  v=$("$BIN" verify "$T/rot.tsv" 2>&1)
  expect "mnb --rotate $topo at its bound $lb: sat for both, verified at the bound" \
    '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = sat/sat ] && [ "$(cut -d" " -f1-3 <<<"$v")" = "OK slots=$lb lb=$lb" ]' \
    "got '$out', verify: $v"
done
# ... and the shift is checked on the file: hypercube:4's node v reached by dimension g in slot
# t means rotl(v) reached by dimension g+1 in slot t, for every v whose rotations are all distinct
"$SEARCH" --topo hypercube:4 --task mnb --slots 4 --rotate -o "$T/rot4.tsv" >/dev/null
expect "mnb --rotate hypercube:4: the file's template is invariant under the bit rotation" \
  'awk -F"\t" "function rot(v) { return (v * 2) % 16 + int(v / 8) }
     function full(v) { return rot(v) != v && rot(rot(v)) != v }
     !/^#/ && \$1 != \"slot\" { row[\$1 \" \" \$2 \" \" \$3] = 1; r[++n] = \$1 \" \" \$2 \" \" \$3 }
     END { for (i = 1; i <= n; i++) { split(r[i], a, \" \"); if (full(a[3]) && !((a[1] \" \" rot(a[2]) \" \" rot(a[3])) in row)) b = 1 }
           exit b }" "$T/rot4.tsv"' "$(cat "$T/rot4.tsv")"
# --turn: the quarter turn (a, b) -> (-b, a) of a K x K torus; sat at the bound on 4x4, 6x6
# and 8x8, verified, at most 4 sources, and every row whose node's orbit has 4 nodes has its
# turned row in the file
sizes="4 6 8"
small && sizes=4
for k in $sizes; do
  topo=torus:${k}x$k lb=$(mnb_bound "torus:${k}x$k")
  rm -f "$T/turn.tsv"
  out=$("$SEARCH" --topo "$topo" --task mnb --slots "$lb" --turn -o "$T/turn.tsv")
  v=$("$BIN" verify "$T/turn.tsv" 2>&1)
  expect "mnb --turn $topo at its bound $lb: sat for both, verified at the bound, at most 4 sources" \
    '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = sat/sat ] && [ "$(cut -d" " -f1-3 <<<"$v")" = "OK slots=$lb lb=$lb" ] &&
     [ "$(field sources_most <<<"$out")" -le 4 ]' "got '$out', verify: $v"
  expect "mnb --turn $topo: the file's template is invariant under the quarter turn" \
    'awk -F"\t" -v k=$k "function rot(v) { return (k - int(v / k)) % k + k * (v % k) }
       function full(v) { return rot(v) != v && rot(rot(v)) != v }
       !/^#/ && \$1 != \"slot\" { row[\$1 \" \" \$2 \" \" \$3] = 1; r[++n] = \$1 \" \" \$2 \" \" \$3 }
       END { for (i = 1; i <= n; i++) { split(r[i], a, \" \"); if (full(a[3])) { m++; if (!((a[1] \" \" rot(a[2]) \" \" rot(a[3])) in row)) b = 1 } }
             exit b || m < n - 3 }" "$T/turn.tsv"' "$(head -c 400 "$T/turn.tsv")"
done

# one source per port is the own packet alone: nothing is forwarded, so nodes beyond the
# neighbours stay unreached, however many slots
out=$("$SEARCH" --topo hypercube:3 --task mnb --slots 20 --sources 1)
expect "mnb hypercube:3, 1 source per port: unsat for both at 20 slots" '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = unsat/unsat ]' \
  "got '$out'"
# waits of one slot only: every lane forwards straight from a receive wire
"$SEARCH" --topo torus:4x4 --task mnb --slots 4 --max-wait 1 --sources 4 -o "$T/w1.tsv" >"$T/out"
if [ -s "$T/w1.tsv" ]; then
  awk -F'\t' '!/^#/ && $1 != "slot" { print }' "$T/w1.tsv" >"$T/rows"
  expect "mnb --max-wait 1: every forwarded packet leaves the slot after it arrived (torus:4x4)" \
    'awk -F"\t" "NR == FNR { at[\$3] = \$1; next } \$2 != 0 && \$1 != at[\$2] + 1 { b = 1 } END { exit b }" "$T/rows" "$T/rows"' \
    "$(cat "$T/out")"
else
  expect "mnb --max-wait 1 on torus:4x4: unsat for both" '[ "$(field cadical <"$T/out")/$(field minisat <"$T/out")" = unsat/unsat ]' \
    "$(cat "$T/out")"
fi

# router_as_counted NAME TSV OUT [RTL_GEN ARGS]: rtl_gen's router of the template TSV has no
# packet memory, and its busiest lane has the sources te_search's line OUT counted
router_as_counted() {
  local name=$1 tsv=$2 out=$3 most
  shift 3
  if "$RTL_GEN" --schedule "$tsv" "$@" -o "$T/counted-gen" >/dev/null 2>"$T/err"; then
    most=$(sed -n "s/^lane_sources=//p" "$T/counted-gen/design.txt" | tr , "\n" | sort -n | tail -n 1)
    expect "$name: rtl_gen's router has no packet memory and the sources te_search counted" \
      'grep -qx "mem_depth=0" "$T/counted-gen/design.txt" && [ "$most" = "$(field sources_most <<<"$out")" ]' \
      "$(grep -E "^(mem_depth|lane_sources)=" "$T/counted-gen/design.txt"), te_search: $out"
  else
    fail "$name: rtl_gen --schedule" "refused" "$T/err"
  fi
  rm -rf "$T/counted-gen"
}

# --chain (orbit_chain.h): the symmetric mnb template found by walking the symmetry's orbits.
# At 000/003's bound ceil((N-1)/deg) on the d-cubes 2..7 (--rotate) and the K x K tori 3..8
# (--turn): sat, verified by cmodel at the bound, at most 4 sources, the router as counted, and
# every row of a node whose orbit is full has its image's row (the d-cube's rotation, the
# torus's quarter turn) in the file. (The 8-cube takes about 3 minutes: `make stored-templates`
# writes cmodel/templates/mnb_hypercube-8.tsv with it, and tests/stored_templates.sh checks
# that file; its symmetry is checked here.)
# symmetric NAME FILE N ORDER AWK-IMAGE: the rows of FILE, N nodes, keep their images, where
# AWK-IMAGE is an awk expression of v for the image of node v and ORDER the nodes of a full orbit
symmetric() {
  local file=$2 nodes=$3 order=$4 image=$5
  expect "$1: the file's template is invariant under the symmetry" \
    'awk -F"\t" -v n=$nodes -v order=$order "function img(v) { return $image }
       function full(v,  w, k) { w = v; for (k = 1; k < order; k++) if ((w = img(w)) == v) return 0; return 1 }
       !/^#/ && \$1 != \"slot\" { row[\$1 \" \" \$2 \" \" \$3] = 1; r[++m] = \$1 \" \" \$2 \" \" \$3 }
       END { for (i = 1; i <= m; i++) { split(r[i], a, \" \"); if (full(a[3])) { f++; if (!((a[1] \" \" img(a[2]) \" \" img(a[3])) in row)) b = 1 } }
             exit b || m != n - 1 || f == 0 }" "$file"' "$(head -c 400 "$file")"
}
sizes="hypercube:2 hypercube:3 hypercube:4 hypercube:5 hypercube:6 hypercube:7 torus:3x3 torus:4x4 torus:5x5 torus:6x6 torus:7x7 torus:8x8"
small && sizes="hypercube:2 hypercube:3 hypercube:4 hypercube:5 torus:3x3 torus:4x4"
for topo in $sizes; do
  lb=$(mnb_bound "$topo") k=${topo#torus:} k=${k%x*}
  case $topo in
    hypercube:*) sym=--rotate d=${topo#*:} n=$((1 << ${topo#*:})) ;;
    *) sym=--turn d=4 n=$((k * k)) ;;
  esac
  rm -f "$T/chain.tsv"
  out=$("$SEARCH" --topo "$topo" --task mnb --slots "$lb" $sym --chain -o "$T/chain.tsv")
  v=$("$BIN" verify "$T/chain.tsv" 2>&1)
  expect "mnb $sym --chain $topo at its bound $lb: sat, verified at the bound, at most 4 sources" \
    '[ "$(field chain <<<"$out")" = sat ] && [ "$(field template <<<"$out")" = verified ] &&
     [ "$(cut -d" " -f1-3 <<<"$v")" = "OK slots=$lb lb=$lb" ] && [ "$(field sources_most <<<"$out")" -le 4 ]' "got '$out', verify: $v"
  router_as_counted "mnb --chain $topo" "$T/chain.tsv" "$out"
  case $topo in
    hypercube:*) symmetric "mnb --chain $topo" "$T/chain.tsv" $n $d "(v * 2) % $n + int(v / ($n / 2))" ;;
    *) symmetric "mnb --chain $topo" "$T/chain.tsv" $n 4 "($k - int(v / $k)) % $k + $k * (v % $k)" ;;
  esac
done
symmetric "the stored mnb template of hypercube:8" cmodel/templates/mnb_hypercube-8.tsv 256 8 "(v * 2) % 256 + int(v / 128)"
# the same search twice gives the same file (the stored template depends on it)
twice="hypercube:6 11"
small && twice="hypercube:5 7"
set -- $twice
"$SEARCH" --topo "$1" --task mnb --slots "$2" --rotate --chain -o "$T/chain6a.tsv" >/dev/null
"$SEARCH" --topo "$1" --task mnb --slots "$2" --rotate --chain -o "$T/chain6b.tsv" >/dev/null
expect "mnb --chain $1: the same template twice" 'cmp -s "$T/chain6a.tsv" "$T/chain6b.tsv"' "the two files differ"
# none: every chain walked. A chain is a symmetric template, so where the formula with the same
# symmetry is unsat for both solvers, the chain search must find none (sources below what the
# bound allows; docs/SCHEDULES.md, "mnb on the 8-cube")
for c in "hypercube:3 3 1 --rotate" "hypercube:4 4 2 --rotate" "hypercube:5 7 2 --rotate" "hypercube:6 11 3 --rotate" \
  "torus:4x4 4 2 --turn" "torus:6x6 9 3 --turn"; do
  set -- $c
  small && case $1 in hypercube:6 | torus:6x6) continue ;; esac
  sat=$("$SEARCH" --topo "$1" --task mnb --slots "$2" --sources "$3" "$4")
  out=$("$SEARCH" --topo "$1" --task mnb --slots "$2" --sources "$3" "$4" --chain)
  expect "mnb $4 $1 at $2 slots, $3 sources: the formula unsat for both, the chain search none" \
    '[ "$(field cadical <<<"$sat")/$(field minisat <<<"$sat")" = unsat/unsat ] && [ "$(field chain <<<"$out")" = none ]' \
    "formula: '$sat', chain: '$out'"
done
# unknown: the time limit ran out (torus:12x12 walks for minutes)
out=$("$SEARCH" --topo torus:12x12 --task mnb --slots 36 --turn --chain --time-limit 1)
expect "mnb --turn --chain torus:12x12 with 1 s: unknown" '[ "$(field chain <<<"$out")" = unknown ] && [ "$(field chain_s <<<"$out" | cut -d. -f1)" -lt 5 ]' \
  "got '$out'"

# --task te --lanes (te_lean_cnf.h): a te template whose packets leave one or two slots after
# they arrive, with at most 4 sources per output port, its packets on shortest paths. The fewest
# slots a te template can have: on the hypercube 000's bound N/2 (the D 2^(D-1) moves of node
# 0's packets over D generators); on rings and tori the loads optimum above, or the diameter.
# One slot below both solvers must say unsat (but on hypercube:5: a pigeonhole, too slow); at it, where this formula is sat (the sizes
# below), the template must verify at that figure and, built by rtl_gen, need no packet memory
# and at most 4 sources per lane, the count te_search printed.
te_template_bound() { # TOPO
  case $1 in
    hypercube:*) echo $((1 << (${1#*:} - 1))) ;;
    *) local b d=0 k
       b=$(loads_optimum "$1")
       for k in $(radices "$1"); do d=$((d + k / 2)); done
       echo $((b > d ? b : d)) ;;
  esac
}
for topo in hypercube:2 hypercube:3 hypercube:4 hypercube:5 ring:5 ring:6 ring:8 torus:3x3 torus:2x4 torus:3x4 torus:4x4 torus:3x5; do
  small && case $topo in hypercube:5 | torus:3x5) continue ;; esac
  b=$(te_template_bound "$topo")
  if [ "$topo" != hypercube:5 ]; then # below the bound a pigeonhole again: hypercube:5 at 15 slots ran 10 minutes
    out=$("$SEARCH" --topo "$topo" --task te --lanes --slots $((b - 1)))
    expect "te --lanes $topo below the template bound $b: unsat for both" \
      '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = unsat/unsat ]' "got '$out'"
  fi
  rm -f "$T/tel.tsv"
  out=$("$SEARCH" --topo "$topo" --task te --lanes --slots "$b" -o "$T/tel.tsv")
  expect "te --lanes $topo at the template bound $b: sat for both, the template verified" \
    '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = sat/sat ] && [ "$(field template <<<"$out")" = verified ] &&
     [ "$(field sources_most <<<"$out")" -le 4 ]' "got '$out'"
  v=$("$BIN" verify "$T/tel.tsv" 2>&1)
  expect "te --lanes $topo: cmodel verifies the file in $b slots" '[ "$(cut -d" " -f1-2 <<<"$v")" = "OK slots=$b" ]' "verify: $v"
  router_as_counted "te --lanes $topo" "$T/tel.tsv" "$out"
done
# waits of one slot: every packet's moves in consecutive slots (torus:4x4 and hypercube:4)
for topo in torus:4x4 hypercube:4; do
  rm -f "$T/tw1.tsv"
  out=$("$SEARCH" --topo "$topo" --task te --lanes --slots 8 --max-wait 1 -o "$T/tw1.tsv")
  expect "te --lanes --max-wait 1 $topo: sat, each packet's rows in consecutive slots" \
    '[ "$(field cadical <<<"$out")" = sat ] && awk -F"\t" "!/^#/ && \$1 != \"slot\" { if ((\$5 in at) && \$1 != at[\$5] + 1) b = 1; at[\$5] = \$1; n++ }
       END { exit b || n == 0 }" "$T/tw1.tsv"' "got '$out', $(head -c 300 "$T/tw1.tsv")"
done
# one source per port: the own packets alone, so no packet goes beyond a neighbour
out=$("$SEARCH" --topo hypercube:3 --task te --lanes --slots 30 --sources 1)
expect "te --lanes hypercube:3, 1 source per port: unsat for both at 30 slots" \
  '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = unsat/unsat ]' "got '$out'"

# the pair bound (docs/SCHEDULES.md, "te on the 8-cube: one cube twice"): on the D-cube every
# pair of dimensions is a packet that moves by one of them right after the other, a source of
# one port; D ports with K - 1 sources besides their own packet cover the D (D - 1) / 2 pairs
# only if K >= 1 + ceil((D - 1) / 2). One source fewer: unsat at any slots.
pair_bound() { echo $((1 + ${1#*:} / 2)); } # 1 + ceil((D - 1) / 2)
for topo in hypercube:4 hypercube:5; do
  small && [ "$topo" = hypercube:5 ] && continue
  k=$(($(pair_bound "$topo") - 1))
  out=$("$SEARCH" --topo "$topo" --task te --lanes --slots 64 --sources "$k")
  expect "te --lanes $topo with $k sources, one below the pair bound: unsat for both (64 slots)" \
    '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = unsat/unsat ]' "got '$out'"
done
# --extend (te_extend_cnf.h): a 4-cube template with 3 sources (the pair bound) run twice is a
# 5-cube template at 000's bound 2^4 once the solver places the moves by dimension 4
"$SEARCH" --topo hypercube:4 --task te --lanes --slots 8 --sources 3 --no-confirm -o "$T/base4.tsv" >"$T/out"
expect "te --lanes hypercube:4 with 3 sources (the pair bound): sat" '[ -s "$T/base4.tsv" ]' "$(cat "$T/out")"
out=$("$SEARCH" --topo hypercube:5 --task te --lanes --extend "$T/base4.tsv" --slots 16 -o "$T/ext5.tsv")
expect "--extend hypercube:4 -> hypercube:5 at 16 slots, 4 sources: sat for both, the template verified" \
  '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = sat/sat ] && [ "$(field template <<<"$out")" = verified ] &&
   [ "$(field sources_most <<<"$out")" -le 4 ]' "got '$out'"
v=$("$BIN" verify "$T/ext5.tsv" 2>&1)
expect "--extend hypercube:5: cmodel verifies the file in 16 slots" '[ "$(cut -d" " -f1-2 <<<"$v")" = "OK slots=16" ]' "verify: $v"
router_as_counted "--extend hypercube:5" "$T/ext5.tsv" "$out" --flit bare
# the 8-cube from the stored 7-cube template: 5 sources (the pair bound), at 2^7 slots; 4: unsat.
# The found template is the stored one (make stored-templates writes it so), row for row.
if ! small; then
out=$("$SEARCH" --topo hypercube:8 --task te --lanes --extend "$HERE/../cmodel/templates/te_hypercube-7.tsv" --slots 128 \
  --sources 5 -o "$T/ext8.tsv")
expect "--extend hypercube:7 -> hypercube:8 at 128 slots, 5 sources: sat for both, verified, the stored template" \
  '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = sat/sat ] && [ "$(field template <<<"$out")" = verified ] &&
   [ "$(field template_slots <<<"$out")" = 128 ] && [ "$(field sources_most <<<"$out")" = 5 ] &&
   cmp -s <(grep -v "^#" "$T/ext8.tsv") <(grep -v "^#" "$HERE/../cmodel/templates/te_hypercube-8.tsv")' "got '$out'"
out=$("$SEARCH" --topo hypercube:8 --task te --lanes --extend "$HERE/../cmodel/templates/te_hypercube-7.tsv" --slots 128)
expect "--extend hypercube:7 -> hypercube:8 with 4 sources, below the pair bound: unsat for both" \
  '[ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = unsat/unsat ]' "got '$out'"
fi
"$BIN" schedule --topo hypercube:4 --task te --template -o "$T/waits4.tsv"
"$BIN" schedule --topo hypercube:4 --task te -o "$T/whole4.tsv"
printf 'not a schedule\n' >"$T/junk.tsv"
# --diagonals (diagonal_windows.h): on the K x K torus (K even) the te bound K^3/8 (the loads
# optimum above) in K/2 windows of K^2/4 slots, diagonals c and c + K/2 in window c; sat, the
# template verified at the bound, every packet's rows inside its window
sizes="4 6"
small && sizes=4
for k in $sizes; do
  topo=torus:${k}x$k b=$(loads_optimum "torus:${k}x$k")
  rm -f "$T/diag.tsv"
  out=$("$SEARCH" --topo "$topo" --task te --lanes --diagonals --slots "$b" -o "$T/diag.tsv")
  expect "te --lanes --diagonals $topo at $b = $k^3/8 slots: sat for both, verified, at most 4 sources" \
    '[ "$b" = $((k * k * k / 8)) ] && [ "$(field cadical <<<"$out")/$(field minisat <<<"$out")" = sat/sat ] &&
     [ "$(field template <<<"$out")" = verified ] && [ "$(field sources_most <<<"$out")" -le 4 ]' "got '$out'"
  expect "te --lanes --diagonals $topo: every packet moves inside its diagonal's window" \
    'awk -F"\t" -v k=$k "!/^#/ && \$1 != \"slot\" { a = \$5 % k; b = int(\$5 / k); c = (b - a + k) % k % (k / 2)
       if (\$1 <= c * k * k / 4 || \$1 > (c + 1) * k * k / 4) bad = 1; n++ } END { exit bad || n == 0 }" "$T/diag.tsv"' \
    "$(head -c 300 "$T/diag.tsv")"
done
# --by-window (window_search.h): the same windows solved one at a time, each keeping the
# sources the ones before it need; sat at K^3/8 on 4x4, 6x6 and 8x8, one solve per window, the
# merged template verified, at most 4 sources, every packet inside its window. Below the
# sources a window needs: unsat where window 0 alone is (1 and 2 sources; the whole windowed
# formula agrees), unknown where only a later window is (4x4 with 3: the whole formula is sat,
# with other sources for window 0)
sizes="4 6 8"
small && sizes=4
for k in $sizes; do
  topo=torus:${k}x$k b=$((k * k * k / 8))
  rm -f "$T/win.tsv"
  out=$("$SEARCH" --topo "$topo" --task te --lanes --diagonals --by-window --slots "$b" -o "$T/win.tsv")
  expect "te --lanes --diagonals --by-window $topo at $b slots: sat, $((k / 2)) windows solved, verified, at most 4 sources" \
    '[ "$(field cadical <<<"$out")" = sat ] && [ "$(field windows <<<"$out")" = $((k / 2)) ] &&
     [ "$(field window_s <<<"$out" | tr , "\n" | grep -c .)" = $((k / 2)) ] &&
     [ "$(field template <<<"$out")" = verified ] && [ "$(field template_slots <<<"$out")" = "$b" ] &&
     [ "$(field sources_most <<<"$out")" -le 4 ]' "got '$out'"
  expect "te --lanes --diagonals --by-window $topo: every packet moves inside its diagonal's window" \
    'awk -F"\t" -v k=$k "!/^#/ && \$1 != \"slot\" { a = \$5 % k; b = int(\$5 / k); c = (b - a + k) % k % (k / 2)
       if (\$1 <= c * k * k / 4 || \$1 > (c + 1) * k * k / 4) bad = 1; n++ } END { exit bad || n != $((k * k * k / 8 * 4)) }" "$T/win.tsv"' \
    "$(head -c 300 "$T/win.tsv")"
done
while read -r k sources answer whole_answer; do
  topo=torus:${k}x$k b=$((k * k * k / 8))
  small && [ "$k" != 4 ] && continue
  out=$("$SEARCH" --topo "$topo" --task te --lanes --diagonals --by-window --slots "$b" --sources "$sources")
  whole=$("$SEARCH" --topo "$topo" --task te --lanes --diagonals --slots "$b" --sources "$sources")
  expect "--by-window $topo with $sources sources: $answer (unsat from window 0 alone), the whole windowed formula $whole_answer for both solvers" \
    '[ "$(field cadical <<<"$out")" = "$answer" ] &&
     [ "$(field cadical <<<"$whole")/$(field minisat <<<"$whole")" = "$whole_answer/$whole_answer" ] &&
     { [ "$answer" = unknown ] || [ "$(field window_s <<<"$out")" = "$(field window_s <<<"$out" | cut -d, -f1)" ]; }' \
    "got '$out' and '$whole'"
done <<'ANSWERS'
6 1 unsat unsat
8 2 unsat unsat
6 3 unsat unsat
4 3 unknown sat
ANSWERS

# bad arguments: exit 2, one line on stderr naming the bad value, nothing on stdout
while IFS='|' read -r ere args; do
  [ -n "$ere" ] || continue
  eval "set -- $args"
  "$SEARCH" "$@" >"$T/out" 2>"$T/err"
  rc=$?
  expect "refused: te_search $args" \
    '[ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$ere" "$T/err"' \
    "exit $rc, stdout '$(head -c 200 "$T/out")', stderr '$(cat "$T/err")'"
done <<'CASES'
'hypercube:3'.*rings and tori only|--topo hypercube:3 --slots 3
'mesh:3x3'.*rings and tori only|--topo mesh:3x3 --slots 3
torus:0x3|--topo torus:0x3 --slots 3
--topo is required|--slots 3
--slots is required|--topo ring:8
--slots 'abc'|--topo ring:8 --slots abc
--slots '-1'|--topo ring:8 --slots=-1
--slots '1000001'|--topo ring:8 --slots 1000001
--time-limit 'soon'|--topo ring:8 --slots 3 --time-limit soon
--bogus|--topo ring:8 --slots 3 --bogus
/nonexistent/f.cnf|--topo ring:8 --slots 3 --cnf /nonexistent/f.cnf
--model 's4noc': no te formula.*te mla, te mla --lanes \[--extend\], te s4noc-bufferless, te --general \(mla, oneway, sp-full, sp-half\), mnb mla, mnb mla --general, mnb oneway --general, snb sp-full, snb sp-half, allreduce or global_sum \(mla, oneway\)|--topo ring:8 --slots 3 --model s4noc
--general: a formula over whole schedules, without --lanes|--topo ring:8 --slots 3 --task mnb --general --lanes
--model 's4noc-bufferless': no te --general formula|--topo ring:8 --slots 3 --model s4noc-bufferless --general
--shortest: only te --general reads it|--topo ring:8 --slots 3 --shortest
--task 'bcast': not a task te_search knows \(expected te, mnb, snb, allreduce, global_sum or kbcast\)|--topo ring:8 --slots 3 --task bcast
--model 'mla': no snb formula|--topo ring:8 --slots 3 --task snb
--model 's4noc-bufferless': no mnb formula|--topo ring:8 --slots 3 --task mnb --model s4noc-bufferless
'mesh:3x3'.*hypercubes, rings and tori only|--topo mesh:3x3 --slots 4 --task mnb
--max-wait '3': not a wait in 1..2|--topo ring:8 --slots 4 --task mnb --max-wait 3
--sources '0': not a number of sources in 1..64|--topo ring:8 --slots 4 --task mnb --sources 0
--sources: only the mnb formula and te --lanes read it|--topo ring:8 --slots 4 --sources 3
--rotate: only the mnb formula and te --lanes read it|--topo ring:8 --slots 4 --rotate
--rotate on 'ring:8'|--topo ring:8 --slots 4 --task mnb --rotate
--rotate on 'torus:3x4'|--topo torus:3x4 --slots 4 --task mnb --rotate
bufferless S4NOC formula is for rings and tori, not hypercube:3|--topo hypercube:3 --slots 3 --model s4noc-bufferless
-o: the te mla formula's models are not a schedule.*--lanes|--topo ring:8 --slots 3 -o /tmp/never.tsv
--model 's4noc-bufferless': no te --lanes formula|--topo ring:8 --slots 3 --lanes --model s4noc-bufferless
'mesh:3x3'.*te templates for small routers.*hypercubes, rings and tori only|--topo mesh:3x3 --slots 4 --lanes
--max-wait '0': not a wait in 1..2|--topo hypercube:3 --slots 4 --lanes --max-wait 0
--rotate on 'torus:3x4'|--topo torus:3x4 --slots 7 --lanes --rotate
^te_search: -o: .*/nonexistent/t.tsv|--topo ring:8 --slots 9 --model s4noc-bufferless -o /nonexistent/t.tsv
--extend: only te --lanes|--topo hypercube:5 --slots 16 --extend "$T/base4.tsv"
--extend: only te --lanes|--topo hypercube:5 --slots 16 --task mnb --extend "$T/base4.tsv"
--rotate: --extend keeps its base|--topo hypercube:5 --slots 16 --lanes --rotate --extend "$T/base4.tsv"
--extend '/nonexistent/b.tsv': cannot be read|--topo hypercube:5 --slots 16 --lanes --extend /nonexistent/b.tsv
--extend '.*junk.tsv': |--topo hypercube:5 --slots 16 --lanes --extend "$T/junk.tsv"
template of hypercube:5 under mla is needed for hypercube:6, not te template of hypercube:4|--topo hypercube:6 --slots 16 --lanes --extend "$T/base4.tsv"
template of hypercube:4 under mla is needed for hypercube:5, not te schedule of hypercube:4|--topo hypercube:5 --slots 16 --lanes --extend "$T/whole4.tsv"
--slots 15: the extension takes exactly twice the base template's 8 slots|--topo hypercube:5 --slots 15 --lanes --extend "$T/base4.tsv"
'torus:4x4': --extend builds on hypercubes|--topo torus:4x4 --slots 16 --lanes --extend "$T/base4.tsv"
packet to [0-9]+ at slot [0-9]+ is not a shortest path forwarded 1..2 slots|--topo hypercube:5 --slots 16 --lanes --extend "$T/waits4.tsv"
--diagonals on 'torus:4x8': a 2-D torus of equal even sizes|--topo torus:4x8 --slots 16 --lanes --diagonals
--diagonals on 'torus:3x3': a 2-D torus of equal even sizes|--topo torus:3x3 --slots 3 --lanes --diagonals
--diagonals on 'hypercube:4'|--topo hypercube:4 --slots 8 --lanes --diagonals
--diagonals on torus:6x6: --slots 26 is not 3 windows of 9 slots|--topo torus:6x6 --slots 26 --lanes --diagonals
--diagonals: only te --lanes|--topo torus:4x4 --slots 8 --diagonals
--diagonals: only te --lanes|--topo torus:4x4 --slots 8 --lanes --rotate --diagonals
--turn on 'torus:4x8': the quarter turn needs a 2-D torus of equal sizes|--topo torus:4x8 --slots 8 --task mnb --turn
--turn on 'hypercube:4': the quarter turn|--topo hypercube:4 --slots 4 --task mnb --turn
--turn on 'torus:4x4x4': the quarter turn|--topo torus:4x4x4 --slots 11 --task mnb --turn
--turn: one symmetry at a time|--topo torus:4x4 --slots 4 --task mnb --rotate --turn
--turn: only the mnb formula and te --lanes read it|--topo torus:4x4 --slots 8 --turn
--turn: --extend keeps its base|--topo hypercube:5 --slots 16 --lanes --turn --extend "$T/base4.tsv"
--by-window: only with --diagonals|--topo torus:4x4 --slots 8 --lanes --by-window
--chain: only mnb with --rotate or --turn|--topo hypercube:4 --slots 4 --task mnb --chain
--chain: only mnb with --rotate or --turn|--topo hypercube:4 --slots 8 --lanes --rotate --chain
--cnf: --chain searches without a formula|--topo hypercube:4 --slots 4 --task mnb --rotate --chain --cnf "$T/c.cnf"
--chain on 'torus:8x8': the symmetry must take each generator to the next through all 4|--topo torus:8x8 --slots 16 --task mnb --rotate --chain
--chain on 'torus:4x4x4': the symmetry must take each generator to the next through all 6|--topo torus:4x4x4 --slots 11 --task mnb --rotate --chain
--chain on 'ring:8'.*hypercubes and tori|--topo ring:8 --slots 4 --task mnb --rotate --chain
--turn on 'hypercube:4'|--topo hypercube:4 --slots 4 --task mnb --turn --chain
--cnf: --by-window solves one formula per window|--topo torus:4x4 --slots 8 --lanes --diagonals --by-window --cnf "$T/w.cnf"
--diagonals on 'torus:4x8': a 2-D torus of equal even sizes|--topo torus:4x8 --slots 16 --lanes --diagonals --by-window
--diagonals on torus:8x8: --slots 65 is not 4 windows of 16 slots|--topo torus:8x8 --slots 65 --lanes --diagonals --by-window
CASES

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
