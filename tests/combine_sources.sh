#!/usr/bin/env bash
# tests/combine_sources.sh RTL_GEN — what the combining router's multiplexers choose from
# (docs/ARCHITECTURE.md, "combine"): the local port each reader of own contributions takes from,
# and where a partial's chunk tag comes from.
#   0. hypercube:2 reduce_scatter (003's mnb reversed, cmodel's schedule): node 0 sends its own
#      contribution of chunk 1 on lane 0 in slot 2, and in the same cycle its lane-0 combiner
#      adds its own contribution of chunk 2 (received on lane 0 in slot 1, passed on in slot 2):
#      one local port cannot supply both. Lane 1 sends only combined partials, so local port 1
#      is free in every program: one of the two takes port 1 in every program, the other port
#      0 — one source each, no multiplexer. (Each lane's own port first gives the combiner
#      ports 0 and 1.) Simulated against the golden model;
#   1. a lane that sends partials from two sources or more reads their chunk from its ROM word:
#      on hypercube:3 reduce_scatter, nodes 0 and 5, every chunk field of word r is the dest the
#      golden wire log gives the node's partial (origin -1 or -2) on that lane in slot r (lane
#      p: the link to the node with bit p flipped). The check fails on a ROM with one chunk
#      field cleared (tests/rom_field.awk), and so does the simulation of that ROM; the design
#      itself PASSes;
#   2. a fabric whose partials all have one chunk (reduce, global_sum) sends it as a constant:
#      hypercube:3 reduce to root 5, every partial with the one dest of the golden wire log
#      (0: the reduce's one chunk, whatever the root), no chunk field; simulated;
#   3. torus:4x4 reduce_scatter and hypercube:5 global_sum (their local ports chosen over more
#      programs) simulated.
BIN=$1 NAME=combine-sources
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
. "$HERE/slot_sims.sh"
REPO=$(cd "$HERE/.." && pwd)

# 0. one local port per reader: "C T" = the local ports combiner 0 and lane 0 take own
#    contributions from
ports_of() { grep -oE "$1 .*inj[0-9]_val" "$2" | grep -oE "inj[0-9]" | sort -u | tr -d 'inj' | tr '\n' ' '; }
"$BIN" --topo hypercube:2 --task reduce_scatter -o "$T/h2rs" >/dev/null 2>"$T/err"
r=$T/h2rs/romnoc_router.v
c=$(ports_of "own0 =" "$r") t=$(ports_of "tx0_q <=" "$r")
expect "hypercube:2 reduce_scatter: combiner 0 and lane 0 take own contributions from one local port each, not the same" \
  '[ "$(wc -w <<<"$c")" = 1 ] && [ "$(wc -w <<<"$t")" = 1 ] && [ "$c" != "$t" ]' "combiner 0: ports $c; lane 0: ports $t"
simulate h2-rs 1 0 TOPO=hypercube:2 TASK=reduce_scatter

# 1. the chunk from the ROM: GEN NODE -> "ok N" (N fields checked) or "bad"
chunk_fields() {
  awk -v u="$2" '
    function bit(word, i,   h) { h = index("0123456789abcdef", substr(word, length(word) - int(i / 4), 1)) - 1; return int(h / 2 ^ (i % 4)) % 2 }
    function field(word, hi, lo,   v, i) { for (i = hi; i >= lo; i--) v = 2 * v + bit(word, i); return v }
    FILENAME ~ /wire.tsv$/ && $1 ~ /^[0-9]+$/ && $2 == u && $4 < 0 {
      d = $3 - u; if (d < 0) d = -d; p = int(log(d) / log(2) + 0.5); chunk[$1, p] = $5 }
    FILENAME ~ /rom_n/ && /^\/\/ lane [0-9]+:/ && match($0, /chunk\[[0-9]+:[0-9]+\]/) {
      split(substr($0, RSTART + 6, RLENGTH - 7), b, ":"); p = $3 + 0; hi[p] = b[1]; lo[p] = b[2] }
    FILENAME ~ /rom_n/ && /^[0-9a-f]+$/ { word[nw++] = $0 }
    END {
      for (k in chunk) { split(k, x, SUBSEP); if (x[2] in hi) { n++; if (field(word[x[1]], hi[x[2]], lo[x[2]]) != chunk[k]) bad++ } }
      print (bad || !n) ? "bad" : "ok " n
    }' "$1/golden/wire.tsv" "$1/rom_n$2.hex"
}
simulate h3-rs 1 0 TOPO=hypercube:3 TASK=reduce_scatter
g=$T/h3-rs/gen
expect "hypercube:3 reduce_scatter: lanes 0 and 2 (partials from two sources) have a chunk field, lane 1 (one) none" \
  'grep -qE "^// lane 0: .* chunk\[" "$g/rom_n0.hex" && grep -qE "^// lane 2: .* chunk\[" "$g/rom_n0.hex" &&
   ! grep -qE "^// lane 1: .* chunk\[" "$g/rom_n0.hex" && grep -qE "tx0_q <= \{1.b0, rom_data_i\[" "$g/romnoc_router.v"' \
  "$(grep -E "^// lane" "$g/rom_n0.hex")"
for u in 0 5; do
  expect "hypercube:3 reduce_scatter node $u: each chunk field of word r = the dest of its partial in slot r (golden wire log)" \
    '[[ "$(chunk_fields "$g" $u)" == "ok "* ]]' "$(chunk_fields "$g" $u)"
done
# lane 0's chunk field cleared in the first word where it is not zero (tests/rom_field.awk)
m=$T/cleared
mkdir -p "$m" && cp -r "$g" "$m/gen"
awk -v lane=0 -v field=chunk -f "$HERE/rom_field.awk" "$g/rom_n0.hex" >"$m/gen/rom_n0.hex"
expect "the chunk-field check fails on node 0's ROM with a chunk field cleared" \
  '! cmp -s "$g/rom_n0.hex" "$m/gen/rom_n0.hex" && [ "$(chunk_fields "$m/gen" 0)" = bad ]' "$(chunk_fields "$m/gen" 0)"
(cd "$REPO" && TOPO=hypercube:3 TASK=reduce_scatter SIM_DIR="$m" REUSE_GEN=1 sim/sim.sh) >"$T/out" 2>&1
rc=$?
echo "    $(grep -m1 -E '^(PASS|FAIL)' "$T/out" | cut -c1-160)"
expect "the ROM with a chunk field cleared FAILs the simulation" '[ $rc != 0 ] && grep -q "^FAIL " "$T/out"' \
  "exit $rc: $(grep -m1 -E '^(PASS|FAIL)' "$T/out")"

# 2. one chunk: a constant
simulate h3-reduce-root5 1 0 TOPO=hypercube:3 TASK=reduce ROOT=5
g=$T/h3-reduce-root5/gen
one=$(awk -F'\t' '$1 ~ /^[0-9]+$/ { d[$5] = 1 } END { for (k in d) n++; if (n == 1) for (k in d) print k }' "$g/golden/wire.tsv")
expect "hypercube:3 reduce to root 5: every partial sent carries the wire log's one chunk (${one:-none}) as a constant, no chunk field" \
  '[ -n "$one" ] && [ "$(grep -cE "tx[0-9]_q <= \{1.b0, 3.d$one, " "$g/romnoc_router.v")" -ge 3 ] && ! grep -qE "tx[0-9]_q <= \{1.b0, [a-z]" "$g/romnoc_router.v" &&
   ! grep -q "chunk\[" "$g/rom_n0.hex"' "$(grep -m4 -E "tx[0-9]_q <= \{1.b0" "$g/romnoc_router.v")"

# 3. more programs
simulate t44-rs 1 0 TOPO=torus:4x4 TASK=reduce_scatter
simulate h5-gs 1 0 TOPO=hypercube:5 TASK=global_sum

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
