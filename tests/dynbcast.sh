#!/usr/bin/env bash
# tests/dynbcast.sh BIN - `cmodel dynbcast`, paper 004 §5's dynamic broadcasting (docs/DYNAMIC.md):
# Poisson arrivals at every node, PMNB rounds back to back.
#
#   1. p = 8, d = 2: torus:8x8 and mesh:8x8, t_p = 0 and 1, whole packets and --split; a light
#      load (rho = 0.1) and a heavy one (0.8 of the stability limit), seed 7: the measured mean
#      delay T plus its 95% half-width below the bound (11), above the rank phase plus a slot;
#      the printed X, V, lambda, bound and rho* equal 004's formulas; the packets served per
#      unit of time equal lambda N (the arrival rate (12) asks for);
#   2. the stability limit: just below it (0.99 rho*) (11) gives a number, just above it
#      (1.01 rho*) the line says unstable;
#   3. --alg 004-prefix, whose schedules hold the rank phase as counter rows, gives the lines of
#      --alg 004 with the rank phase added by the simulator (t_p = 1);
#   4. the same seed gives byte-identical output, another seed other numbers;
#   5. bad input: exit 2, nothing on stdout, one line on stderr naming the bad value.
# Every expected figure is computed here with awk from p, d, t_p and rho by 004's formulas
# (9a)(9b)(10a)(10b)(11)(12)(14), never taken from cmodel's output. Prints "ok NAME" per check
# and "FAIL NAME: why" per failure, then "dynbcast: N passed, N failed"; exits 1 if any failed.
BIN=${1:?usage: tests/dynbcast.sh BIN} NAME=dynbcast # NAME: suite.sh's temporary directory
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"
# shellcheck source=tests/checks.sh
. "$HERE/checks.sh"
ROUNDS=1000 SEED=7

# formulas KIND P D TP SPLIT RHO: "X V rank lambda bound rho_star" by 004 §5 (bound: "unstable"
# where 1 - rho - lambda V <= 0). gamma = 2 on a torus, 1 on a mesh.
formulas() {
  awk -v kind="$1" -v p="$2" -v d="$3" -v tp="$4" -v sp="$5" -v rho="$6" 'BEGIN {
    g = kind == "torus" ? 2 : 1; n = p ^ d
    lines = int((p - 1) / g); if (lines * g < p - 1) lines++          # ceil((p-1)/gamma)
    if (sp) {
      x = (n - 1) / (g * d * n)                                       # (9a)
      rank = 2 * d * (p - 1) * tp
      v = rank + (1 + 1 / g) * (p - 1)                                # (10a)
      star = 1 / (1 + d * g * (2 * d * (p - 1) * tp + (1 + 1 / g) * (p - 1)) / (n - 1))  # (14)
    } else {
      x = lines * (n - 1) / (d * (p - 1) * n)                         # (9b)
      rank = 4 * d * (p - 1) * tp
      v = (p - 1) * d + d * lines + rank + 1                          # (10b)
      star = 1 / (1 + v / (n * x))                                    # 1 - rho - lambda V > 0
    }
    lambda = rho / (n * x)                                            # (12)
    den = 1 - rho - lambda * v
    if (den <= 0) bound = "unstable"
    else bound = (1 + rho) * (rho * x / (2 * den) + (1 - rho) * v / (2 * den) + (1 - lambda * v) * v / den) + x  # (11)
    printf "%.10g %.10g %.10g %.10g %s %.10g\n", x, v, rank, lambda, bound, star
  }'
}

# column FILE NAME ROW: the value of column NAME (by the header line) in data row ROW (1 = first)
column() { awk -F'\t' -v name="$2" -v row="$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next } NR == row + 1 && c { print $c }' "$1"; }
# close A B TOL: |A - B| <= TOL * max(1, |B|)
close() { awk -v a="$1" -v b="$2" -v tol="$3" 'BEGIN { m = b < 0 ? -b : b; if (m < 1) m = 1; d = a - b; if (d < 0) d = -d; exit !(a != "" && d <= tol * m) }'; }

# ---- 1: light and heavy load against (11) -------------------------------------------------------
for kind in torus mesh; do
  for tp in 0 1; do
    for split in 0 1; do
      opt=() model=whole pieces=1
      if [ $split = 1 ]; then
        opt=(--split) model=split pieces=$([ $kind = torus ] && echo 4 || echo 2) # 2d halves on a torus, d on a mesh
      fi
      read -r _ _ _ _ _ star < <(formulas $kind 8 2 $tp $split 0.1)
      heavy=$(awk -v s="$star" 'BEGIN { printf "%.4f", 0.8 * s }')
      label="$kind:8x8 $model t_p=$tp"
      cmd="$BIN dynbcast --topo $kind:8x8 --tp $tp ${opt[*]} --rho 0.1,$heavy --rounds $ROUNDS --seed $SEED"
      out=$T/run-$kind-$tp-$split.tsv
      # shellcheck disable=SC2086 # cmd is words
      if ! $cmd >"$out" 2>"$T/err" || [ -s "$T/err" ] || [ "$(wc -l <"$out")" != 3 ]; then
        fail "$label runs" "want a header and 2 lines, nothing on stderr: \$ $cmd" "$T/err"
        continue
      fi
      pass "$label runs"
      for row in 1 2; do
        rho=$(column "$out" rho $row)
        read -r x v rank lambda bound _ < <(formulas $kind 8 2 $tp $split "$rho")
        t=$(column "$out" T $row) ci=$(column "$out" ci95 $row)
        name="$label rho=$rho"
        if [ "$bound" = unstable ]; then
          fail "$name" "rho=$rho should be below the stability limit $star"
          continue
        fi
        below=$(awk -v t="$t" -v ci="$ci" -v b="$bound" 'BEGIN { print (t ~ /^[0-9.]+$/ && ci ~ /^[0-9.]+$/ && t + ci < b) ? 1 : 0 }')
        if [ "$below" = 1 ]; then pass "$name: T + ci = $t + $ci < (11) = $bound"
        else fail "$name" "T = $t +- $ci is not below the bound (11) = $bound: \$ $cmd" "$out"; fi
        low=$(awk -v r="$rank" -v f="$pieces" 'BEGIN { print r + 1 / f }')
        if awk -v t="$t" -v l="$low" 'BEGIN { exit !(t > l) }'; then pass "$name: T > rank phase + a slot = $low"
        else fail "$name" "T = $t is not above the rank phase and one slot ($low)"; fi
        why=''
        close "$(column "$out" X $row)" "$x" 1e-5 || why="$why X=$(column "$out" X $row), (9) $x;"
        close "$(column "$out" V $row)" "$v" 1e-3 || why="$why V=$(column "$out" V $row), (10) $v;"
        close "$(column "$out" lambda $row)" "$lambda" 1e-4 || why="$why lambda=$(column "$out" lambda $row), (12) $lambda;"
        close "$(column "$out" bound11 $row)" "$bound" 1e-4 || why="$why bound11=$(column "$out" bound11 $row), (11) $bound;"
        close "$(column "$out" rho_star $row)" "$star" 1e-3 || why="$why rho_star=$(column "$out" rho_star $row), $star;"
        if [ -z "$why" ]; then pass "$name: X, V, lambda, (11), rho* as 004 s5"; else fail "$name" "$why"; fi
        # throughput: the packets served per unit of time are the arrivals, lambda N (stable runs);
        # a Poisson count of P has sd sqrt(P): allow 4 of them
        pk=$(column "$out" packets $row) len=$(column "$out" mean_round $row)
        if awk -v pk="$pk" -v len="$len" -v r="$ROUNDS" -v l="$lambda" 'BEGIN {
             rate = pk / (r * len); want = l * 64; d = rate - want; if (d < 0) d = -d
             exit !(pk > 0 && d <= 4 * want / sqrt(pk) + 0.01 * want) }'; then
          pass "$name: packets per unit time = lambda N"
        else
          fail "$name" "$pk packets in $ROUNDS rounds of $len: not lambda N = $lambda * 64 per unit of time"
        fi
      done
    done
  done
done

# ---- 2: the stability limit ----------------------------------------------------------------------
for kind in torus mesh; do
  for tp in 0 1; do
    for split in 0 1; do
      opt=() model=whole
      [ $split = 1 ] && opt=(--split) model=split
      read -r _ _ _ _ _ star < <(formulas $kind 8 2 $tp $split 0.1)
      below=$(awk -v s="$star" 'BEGIN { printf "%.4f", 0.99 * s }') above=$(awk -v s="$star" 'BEGIN { printf "%.4f", 1.01 * s }')
      cmd="$BIN dynbcast --topo $kind:8x8 --tp $tp ${opt[*]} --rho $below,$above --rounds 300 --seed $SEED"
      # shellcheck disable=SC2086 # cmd is words
      $cmd >"$T/lim" 2>"$T/err"
      b1=$(column "$T/lim" bound11 1) b2=$(column "$T/lim" bound11 2)
      if [[ $b1 =~ ^[0-9.]+$ ]] && [ "$b2" = unstable ]; then
        pass "$kind:8x8 $model t_p=$tp: (11) at 0.99 rho* = $below, unstable at 1.01 rho* = $above"
      else
        fail "$kind:8x8 $model t_p=$tp limit" "rho* = $star (14); got bound '$b1' at $below, '$b2' at $above: \$ $cmd" "$T/err"
      fi
    done
  done
done

# ---- 3: the rank phase as rows ------------------------------------------------------------------
# 004-prefix builds the rank phase into its schedules as counter rows (t_p = 1, another module:
# cmodel/model/pmnb_prefix.c); the simulator then adds none. Its delays must equal those of 004 with
# the rank phase added, 2d(p-1) split and 4d(p-1) whole
for kind in torus mesh; do
  for split in 0 1; do
    opt=() model=whole
    [ $split = 1 ] && opt=(--split) model=split
    for a in 004 004-prefix; do
      "$BIN" dynbcast --topo $kind:8x8 --tp 1 "${opt[@]}" --rho 0.1,0.25 --rounds 300 --seed 3 --alg $a 2>&1 | cut -f 1-3,5- >"$T/alg-$a"
    done
    if [ "$(wc -l <"$T/alg-004")" = 3 ] && cmp -s "$T/alg-004" "$T/alg-004-prefix"; then
      pass "$kind:8x8 $model t_p=1: 004-prefix's rows give the delays of 004 plus the rank phase"
    else
      fail "$kind:8x8 $model 004-prefix" "its lines differ from 004's: diff -u $T/alg-004 $T/alg-004-prefix" "$T/alg-004-prefix"
    fi
  done
done

# ---- 4: determinism ------------------------------------------------------------------------------------
one() { "$BIN" dynbcast --topo mesh:8x8 --tp 1 --split --rho 0.2 --rounds 300 "$@"; }
one --seed 11 >"$T/a" 2>&1
one --seed 11 >"$T/b" 2>&1
one --seed 12 >"$T/c" 2>&1
if [ -s "$T/a" ] && cmp -s "$T/a" "$T/b"; then pass "the same seed gives the same output"; else fail "determinism" "two runs of seed 11 differ" "$T/b"; fi
if [ "$(column "$T/a" T 1)" != "$(column "$T/c" T 1)" ]; then pass "another seed gives another T"; else fail "seed" "seeds 11 and 12 give T = $(column "$T/a" T 1) both"; fi
# a load's numbers do not depend on the other loads of the list: each load starts from the seed
"$BIN" dynbcast --topo mesh:8x8 --tp 1 --split --rho 0.1,0.2 --rounds 300 --seed 11 >"$T/d" 2>&1
if [ "$(sed -n 3p "$T/d")" = "$(sed -n 2p "$T/a")" ]; then pass "--rho 0.1,0.2's second line = --rho 0.2's line"; else fail "per-load seed" "--rho 0.1,0.2 line 2 differs from --rho 0.2" "$T/d"; fi
# the defaults: torus:8x8, t_p = 1, whole packets, rho = 0.1, construction 004
"$BIN" dynbcast --rounds 300 >"$T/def" 2>&1
if [ "$(cut -f1-5 "$T/def" | sed -n 2p)" = "$(printf 'torus:8x8\twhole\t1\t004\t0.1')" ]; then pass "defaults: torus:8x8 whole t_p=1 004 rho=0.1"; else fail "defaults" "line 2 is not torus:8x8 whole 1 004 0.1" "$T/def"; fi
if "$BIN" dynbcast --help | grep -q '^usage: cmodel dynbcast'; then pass "--help prints the usage"; else fail "--help" "no usage line"; fi

# ---- 5: bad input ----------------------------------------------------------------------------------------
# bad NAME ERE ARGS...: cmodel dynbcast ARGS must exit 2, print nothing on stdout and one line of
# printable ASCII on stderr matching ERE
bad() {
  local name=$1 ere=$2 rc
  shift 2
  "$BIN" dynbcast "$@" >"$T/out" 2>"$T/err" </dev/null
  rc=$?
  if [ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$ere" "$T/err" &&
    ! LC_ALL=C grep -q '[^ -~]' "$T/err"; then
    pass "bad input $name"
  else
    fail "bad input $name" "want exit 2, one line matching /$ere/, no output; got exit $rc: \$ $BIN dynbcast $*" "$T/err"
  fi
}
bad "unknown topology" "'blob'" --topo blob:8x8
bad "hypercube" "hypercube:4" --topo hypercube:4
bad "unequal sizes" "torus:4x8" --topo torus:4x8
bad "rho 0" "'0'" --rho 0
bad "rho -0.1" "'-0.1'" --rho=-0.1
bad "rho not a number" "'abc'" --rho abc
bad "rho 1 (unstable for any scheme)" "'1'" --rho 1
bad "rho 1.5" "'1.5'" --rho 0.1,1.5
bad "an empty item" "''" --rho 0.1,,0.2
bad "rho 1e-1" "'1e-1'" --rho 1e-1
bad "tp 2" "'2'" --tp 2
bad "tp 0.5" "'0.5'" --tp 0.5
bad "rounds 10" "'10'" --rounds 10
bad "seed -1" "'-1'" --seed=-1
bad "unknown construction" "nosuch" --alg nosuch
bad "a construction of whole packets with --split" "offline|split|piece" --alg offline --split
bad "004-prefix (rank phase in its rows) with --tp 0" "004-prefix.*--tp 1" --alg 004-prefix --tp 0
bad "unknown option" "--frob" --frob 3
bad "a stray word" "stray" stray

echo "dynbcast: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
