#!/usr/bin/env bash
# tests/combine_stages.sh RTL_GEN — the pipelined combiner (rtl_gen --combine-stages P, make sim
# COMBINE_STAGES=P; docs/ARCHITECTURE.md "A pipelined combiner"):
#   1. combining tasks under add, max and min with P = 1..4, and with pipelined links (L = 2, P = 1),
#      simulated in Verilator (sim.sh lints the fabric with -Wall first): the wire log and the
#      deliveries equal the golden model's, the wire log passes cmodel verify, and the run takes
#      (S+1)*(L+P) clock cycles, S being the slots cmodel verify counts in the golden schedule;
#   2. the check can fail: a P = 2 design with its slots cut to P cycles (one short of the
#      registers its combiner's path holds) delivers wrong sums;
#   3. the generated router has the registers the option asks for (P = 1 on the torus's
#      five-operand tree keeps the first level's three values, the one passed through too; with
#      P >= 2, max and min compare every pair of a combine's n operands in a stage of their own,
#      n(n-1)/2 registered bits, and pick from the same operand registers, no tree; with P >= 4 a
#      combine of four operands or more picks in groups, then among the groups' winners);
#   4. refusals: a value out of range, a packet task, --ni, and the benches of one-cycle slots.
BIN=$1 NAME=combine-stages
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
. "$HERE/slot_sims.sh"
REPO=$(cd "$HERE/.." && pwd)

# 1. the simulations
simulate t44-rs-max-cs1 1 1 TOPO=torus:4x4 TASK=reduce_scatter OP=max
simulate t44-rs-max-cs2 1 2 TOPO=torus:4x4 TASK=reduce_scatter OP=max
simulate h4-allreduce-min-cs3 1 3 TOPO=hypercube:4 TASK=allreduce OP=min
simulate h3-allreduce-cs2 1 2 TOPO=hypercube:3 TASK=allreduce
simulate h4-reduce-cs4 1 4 TOPO=hypercube:4 TASK=reduce
simulate h3-allreduce-max-cs4 1 4 TOPO=hypercube:3 TASK=allreduce OP=max
simulate r8-gsum-max-cs2 1 2 TOPO=ring:8 TASK=global_sum OP=max
simulate h4-rs-ld2-cs1 2 1 TOPO=hypercube:4 TASK=reduce_scatter

# 2. a slot one cycle short of the combiner's registers: the P = 2 design (a comparison stage
#    and a pick stage) run with slots of 2
m=$T/mutant
mkdir -p "$m" && cp -r "$T/t44-rs-max-cs2/gen" "$m/gen"
sed -i 's/^#define RN_SLOT_CYCLES 3$/#define RN_SLOT_CYCLES 2/' "$m/gen/sim_config.h"
sed -i "s/(phase_q == 2'd2)/(phase_q == 2'd1)/" "$m/gen/romnoc_sim_fabric.v"
expect "the mutant's slot is two cycles, in the bench and the fabric" \
  'grep -q "^#define RN_SLOT_CYCLES 2$" "$m/gen/sim_config.h" && grep -q "(phase_q == 2'"'"'d1)" "$m/gen/romnoc_sim_fabric.v"' \
  "$(grep -n "SLOT_CYCLES\|phase_q ==" "$m/gen/sim_config.h" "$m/gen/romnoc_sim_fabric.v" | head -3)"
(cd "$REPO" && TOPO=torus:4x4 TASK=reduce_scatter OP=max COMBINE_STAGES=2 SIM_DIR="$m" REUSE_GEN=1 sim/sim.sh) >"$T/out" 2>&1
rc=$?
echo "    $(grep -m1 -E '^(PASS|FAIL)' "$T/out" | cut -c1-160)"
expect "a slot one cycle shorter than L+P fails" '[ $rc != 0 ] && grep -q "^FAIL " "$T/out"' \
  "exit $rc: $(grep -m1 -E '^(PASS|FAIL)' "$T/out")"

# 3. the registers: P = 1 on torus:4x4 (a combiner of five operands: three levels) cuts after
#    level 1 — stages of 2+3 and 3+3+1 in arch_combine.c's weights (selection 2, a level 3, the
#    output multiplexer 1), where a cut after level 2 leaves 2+3+3 = 8 — and nowhere else
r=$T/t44-rs-max-cs1/gen/romnoc_router.v
expect "P=1: a three-level combiner's path cut once, after level 1, every value there held" \
  '[ "$(grep -c "// pipelined (--combine-stages 1): .*: [0-9]$" "$r")" -ge 1 ] &&
   ! grep -q "// pipelined (--combine-stages 1): .*: [0-9], " "$r" &&
   grep -q "always @(posedge clk_i) comb[0-9]_s1_0_q <= comb[0-9]_l1_0;" "$r" &&
   grep -q "always @(posedge clk_i) comb[0-9]_s1_2_q <= " "$r"' \
  "$(grep -m3 "pipelined" "$r")"

# 3b. max and min with P >= 2: per combiner k, the comparisons comb<k>_g<i>_<j>_q (i < j) of
#    its registered operands comb<k>_s0_<i>_q, all n(n-1)/2 pairs of n = the highest j + 1,
#    and a pick with one term per operand; no tree level; with P >= 3 the winners registered
#    (comb<k>_w<i>_q); the own contribution a lane adds on its way out picked the same way
#    (tsum<p>), under min by <=
picks() { # DESIGN OPERATOR: "ok" if every combiner has the pairs and terms its operands ask for
  awk -v cmp="$2" '
    match($0, /comb[0-9]+_g[0-9]+_[0-9]+_q <= comb[0-9]+_s0_[0-9]+_q [<>]= comb[0-9]+_s0_[0-9]+_q;/) {
      split($4, f, "_"); g[f[1]]++; if (f[3] + 1 > n[f[1]]) n[f[1]] = f[3] + 1; if ($7 != cmp) bad = 1
    }
    match($0, /}} & comb[0-9]+_s0_[0-9]+_q\)/) { split(substr($0, RSTART + 5), f, "_"); t[f[1], f[3] + 0]++ }
    /comb[0-9]+_l[0-9]+_[0-9]+ = op\(/ { bad = 1 }
    END {
      for (k in n) {
        if (g[k] != n[k] * (n[k] - 1) / 2) bad = 1
        for (i = 0; i < n[k]; i++) if (t[k, i] != 1) bad = 1
        m++
      }
      print (m && !bad) ? "ok" : "bad"
    }' "$1"
}
r=$T/t44-rs-max-cs2/gen/romnoc_router.v
expect "P=2, max: every combiner compares each pair of its operands apart from the pick" \
  '[ "$(picks "$r" ">=")" = ok ] && ! grep -q "_w[0-9]*_q <=" "$r"' "$(grep -m4 -E "_g[0-9]+_[0-9]+_q <=|= op\(|_pick =" "$r")"
r=$T/h4-allreduce-min-cs3/gen/romnoc_router.v
expect "P=3, min: the combiners' pairs by <=, their winners registered, the own contribution added on the way out picked apart" \
  '[ "$(picks "$r" "<=")" = ok ] && grep -qE "always @\(posedge clk_i\) comb[0-9]+_w2_q <= ~comb[0-9]+_g0_2_q & ~comb[0-9]+_g1_2_q" "$r" &&
   grep -qE "always @\(posedge clk_i\) tsum[0-9]+_g0_1_q <= tsel[0-9]+_q <= town[0-9]+_q;" "$r"' \
  "$(grep -m4 -E "_[gw][0-9]+(_[0-9]+)?_q <=" "$r")"
# 3c. max with P >= 4: a combine of n >= 4 operands picks in G = ceil(n/3) groups, operands
#    [floor(g*n/G), floor((g+1)*n/G)) in group g: its pairs compared (comb<k>_g<i>_<j>_q), its
#    winner picked into comb<k>_v<g>_q (one term per operand, in its own group's pick), then the
#    G winners' pairs compared (comb<k>_x_g<a>_<b>_q) and picked (one term per winner)
grouped() { # DESIGN OPERATOR: "ok" if every combiner of four operands or more is grouped so
  awk -v cmp="$2" '
    function grp(i, n, G, g) { G = int((n + 2) / 3); for (g = G - 1; g > 0; g--) if (int(g * n / G) <= i) break; return g }
    $4 ~ /^comb[0-9]+_s0_[0-9]+_q$/ && $5 == "<=" { split($4, f, "_"); if (f[3] + 1 > n[f[1]]) n[f[1]] = f[3] + 1 }
    match($0, /comb[0-9]+_g[0-9]+_[0-9]+_q <= comb[0-9]+_s0_[0-9]+_q [<>]= comb[0-9]+_s0_[0-9]+_q;/) {
      split($4, f, "_"); k = f[1]; pairs[k]++; pi[k, pairs[k]] = substr(f[2], 2) + 0; pj[k, pairs[k]] = f[3] + 0
      if ($7 != cmp) bad = 1
    }
    match($0, /comb[0-9]+_x_g[0-9]+_[0-9]+_q <= comb[0-9]+_v[0-9]+_q [<>]= comb[0-9]+_v[0-9]+_q;/) {
      split($4, f, "_"); x[f[1]]++; if ($7 != cmp) bad = 1
    }
    $4 ~ /^comb[0-9]+_v[0-9]+_q$/ && $5 == "<=" { split($4, f, "_"); vk = f[1]; vg = substr(f[2], 2) + 0; v[vk]++ }
    match($0, /wire \[[0-9]+:0\] comb[0-9]+_pick =/) { split($3, f, "_"); pk = f[1] }
    vk != "" && match($0, /}} & comb[0-9]+_s0_[0-9]+_q\)/) {
      split(substr($0, RSTART + 5), f, "_"); i = f[3] + 0; term[f[1], i]++; tg[f[1], i] = vg
    }
    pk != "" && match($0, /}} & comb[0-9]+_v[0-9]+_q\)/) { split(substr($0, RSTART + 5), f, "_"); pt[f[1], substr(f[2], 2) + 0]++ }
    /;/ { vk = ""; pk = "" }
    /comb[0-9]+_l[0-9]+_[0-9]+ = op\(/ { bad = 1 }
    END {
      for (k in n) {
        if (n[k] < 4) continue
        G = int((n[k] + 2) / 3); want = 0
        for (g = 0; g < G; g++) { s = int((g + 1) * n[k] / G) - int(g * n[k] / G); want += s * (s - 1) / 2 }
        if (pairs[k] != want || v[k] != G || x[k] != G * (G - 1) / 2) bad = 1
        for (p = 1; p <= pairs[k]; p++) if (grp(pi[k, p], n[k]) != grp(pj[k, p], n[k])) bad = 1
        for (i = 0; i < n[k]; i++) if (term[k, i] != 1 || tg[k, i] != grp(i, n[k])) bad = 1
        for (g = 0; g < G; g++) if (pt[k, g] != 1) bad = 1
        m++
      }
      print (m && !bad) ? "ok" : "bad"
    }' "$1"
}
r=$T/h3-allreduce-max-cs4/gen/romnoc_router.v
expect "P=4, max: a combine of four operands or more picked in groups, then among the groups' winners" \
  '[ "$(grouped "$r" ">=")" = ok ]' "$(grep -m6 -E "_[gvx]_?[g0-9]*(_[0-9]+)?_q <=" "$r")"
# the checker fails on the flat design of P = 3 and on a group pick that takes an operand twice
"$BIN" --topo hypercube:3 --task allreduce --op max --combine-stages 3 -o "$T/flat3" >/dev/null 2>&1
sed -E '0,/}} & comb0_s0_1_q\)/s//}} \& comb0_s0_0_q)/' "$r" >"$T/twice.v"
expect "the grouped-picks checker fails on the flat P=3 design and on an operand picked twice" \
  '[ "$(grouped "$T/flat3/romnoc_router.v" ">=")" = bad ] && ! cmp -s "$r" "$T/twice.v" && [ "$(grouped "$T/twice.v" ">=")" = bad ]' \
  "$(grouped "$T/flat3/romnoc_router.v" ">=") $(grouped "$T/twice.v" ">=")"
# 4. refusals: one line naming the value, exit 2, nothing written
refuse() { # LABEL ERE ARGS...
  local label=$1 ere=$2 rc
  shift 2
  "$BIN" "$@" -o "$T/refused" >"$T/out" 2>"$T/err"
  rc=$?
  expect "rtl_gen refuses $label" \
    '[ $rc = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -e "$ere" "$T/err" && [ ! -s "$T/out" ] && [ ! -e "$T/refused" ]' \
    "exit $rc: $(cat "$T/err")"
}
refuse "--combine-stages 9" "^rtl_gen: --combine-stages '9' is out of range" --topo hypercube:3 --task reduce --combine-stages 9
refuse "--combine-stages x" "^rtl_gen: --combine-stages 'x' is out of range" --topo hypercube:3 --task reduce --combine-stages x
refuse "--combine-stages on a packet task" "--combine-stages 1 pipelines the combine router's combiner; the banked router has none" \
  --topo hypercube:3 --task mnb --combine-stages 1
refuse "--combine-stages with --ni" "--combine-stages 2: the network interfaces run one-cycle slots only" \
  --topo hypercube:3 --task allreduce --ni --combine-stages 2
sim_refuses COMBINE_STAGES=1 reduce SIM=icarus BENCH=sc

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
