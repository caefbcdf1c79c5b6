#!/usr/bin/env bash
# tests/shared_writes.sh RTL_GEN — shared bank writes of the banked router (docs/ARCHITECTURE.md,
# "Shared bank writes"): a sub-bank of several writers whose writes never meet another of the
# shared lanes' packets takes the OR of those lanes' wires, and every lane register loads zero in
# a slot it sends nothing (its quiet flag, from the ROM word before).
#   0. the optimal snb on hypercube:6 has no bank: lanes 3..5 read the lane before's register,
#      simulated against the golden model;
#   1. snb on hypercube:D, 000's binomial tree stretched to two slots a step (slot s -> 2s-1: the
#      optimal tree sends a packet on one lane after another, one slot apart, which the output
#      registers carry with no bank, SRC_TXD). Node u receives on lane j in slot 2j+1 and lane k
#      sends in slot 2k+1, so lane k keeps in a bank what lanes 0..k-2 received: the OR is of
#      lanes 0..D-3 exactly, the banks of lanes 3..D-1 write it and lane 2's writes lane 0;
#      every lane register with a source has a quiet flag that zeroes it;
#   2. the quiet bit of lane p in ROM word r, for two nodes, is 1 exactly where the golden wire
#      log has the node send nothing on that lane in slot r+1 (0 past the last slot);
#   3. simulated in Verilator (bare flits, and tagged with LINK_DELAY=2) and Icarus: wire log and
#      deliveries against the golden model, the wire log through cmodel verify;
#   4. the check can fail: the same design with lane registers that load ones in their quiet
#      slots (nonzero idle wires, ORed into the banks) FAILs;
#   5. none where it is wrong or does not pay: te on mesh:4x4 (its banks' writers receive in the
#      same slots) and the stretched snb on hypercube:4 (one bank of two writers: its OR would
#      cost what its multiplexer does) keep their multiplexers and zero nothing.
BIN=$1 NAME=shared-writes
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
. "$HERE/slot_sims.sh"
REPO=$(cd "$HERE/.." && pwd)

# stretched D: hypercube:D snb with slot s moved to 2s-1 (a valid schedule of 2D-1 slots)
stretched() {
  "$CMODEL" schedule --topo "hypercube:$1" --task snb -o "$T/snb$1.tsv" &&
    awk -F'\t' 'BEGIN { OFS = "\t" } /^# slots=/ { sub(/=.*/, "=" 2 * substr($0, 10) - 1) } /^#/ || $1 == "slot" { print; next }
      { $1 = 2 * $1 - 1; print }' "$T/snb$1.tsv" >"$T/snb$1x.tsv"
}
CMODEL=$(dirname "$BIN")/cmodel
for d in 4 6 7; do stretched $d; done
expect "the stretched hypercube:6 snb verifies in 11 slots" \
  '"$CMODEL" verify "$T/snb6x.tsv" | grep -q "^OK slots=11 "' "$("$CMODEL" verify "$T/snb6x.tsv" 2>&1 | head -2)"

# 0. the optimal tree needs no bank: lane k sends in slot k+1 what lane k-1 sent in slot k, so
#    lanes 3..D-1 (three or more slots after the arrival on lanes 0..k-3) read tx<k-1>_q
"$BIN" --topo hypercube:6 --task snb --flit bare -o "$T/opt6" >/dev/null 2>"$T/err"
r=$T/opt6/romnoc_router.v
expect "hypercube:6 snb (optimal): no bank; lanes 3..5 read the register of the lane before" \
  '! grep -q "bank_p" "$r" && (for k in 3 4 5; do grep -qE "tx${k}_q <= tx$((k - 1))_q;" "$r" || exit 1; done)' \
  "$(grep -m3 -E "bank_p|<= tx[0-9]_q;" "$r")"
simulate h6-snb-opt 1 0 TOPO=hypercube:6 TASK=snb FLIT=bare

# 1. the OR and its banks
for d in 6 7; do
  g=$T/sw$d
  "$BIN" --schedule "$T/snb${d}x.tsv" --flit bare -o "$g" >/dev/null 2>"$T/err"
  r=$g/romnoc_router.v
  want="wire [31:0] rx_shared = rx0_flit_i$(for ((j = 1; j <= d - 3; j++)); do printf ' | rx%d_flit_i' $j; done);"
  expect "hypercube:$d snb: rx_shared is the OR of lanes 0..$((d - 3))" 'grep -qxF "  $want" "$r"' "$(grep rx_shared "$r" | head -1)"
  expect "hypercube:$d snb: the banks of lanes 3..$((d - 1)) write rx_shared, lane 2's lane 0's wire, no write multiplexer" \
    '[ "$(grep -cE "^  wire \[31:0\] bank_p[3-9]_0_wdata = rx_shared;$" "$r")" = $((d - 3)) ] &&
     grep -qx "  wire \[31:0\] bank_p2_0_wdata = rx0_flit_i;" "$r" && ! grep -q "reg \[31:0\] bank_p[0-9]*_0_wdata;" "$r"' \
    "$(grep "_wdata" "$r" | head -6)"
  expect "hypercube:$d snb: every lane register loads zero where its quiet flag says so" \
    '[ "$(grep -cE "^  always @\(posedge clk_i\) tx[0-9]+_quiet_q <= rom_data_i\[[0-9]+\];$" "$r")" = $d ] &&
     [ "$(grep -cE "tx([0-9]+)_q <= tx\1_quiet_q \? 32.d0 : |if \(tx([0-9]+)_quiet_q\) tx\2_q <= 32.d0;" "$r")" = $d ]' \
    "$(grep quiet "$r" | head -4)"
done

# 2. the quiet bits of nodes 0 and 37 of hypercube:6 against the golden wire log (lane p of node
#    u: the link to u with bit p flipped)
quiet_bits() { # GEN NODE: "ok" if every quiet bit of the node's ROM is what the wire log says
  awk -v u="$2" -v ports=6 '
    function bit(word, i,   h) { h = index("0123456789abcdef", substr(word, length(word) - int(i / 4), 1)) - 1; return int(h / 2 ^ (i % 4)) % 2 }
    FILENAME ~ /romnoc_router.v$/ && match($0, /tx[0-9]+_quiet_q <= rom_data_i\[[0-9]+\]/) {
      s = substr($0, RSTART, RLENGTH); split(s, f, /[_\[\]]/); pos[substr(f[1], 3) + 0] = f[6] + 0; nq++ }
    FILENAME ~ /wire.tsv$/ && $1 ~ /^[0-9]+$/ { if ($2 == u) sends[$1, $3] = 1; if ($1 > slots) slots = $1 }
    FILENAME ~ /rom_n/ && /^[0-9a-f]+$/ { word[nw++] = $0 }
    END {
      if (nq != ports || nw < slots + 1) { print "bad"; exit }
      for (r = 0; r < nw; r++)
        for (p = 0; p < ports; p++) {
          v = (int(u / 2 ^ p) % 2) ? u - 2 ^ p : u + 2 ^ p; want = (r + 1 <= slots && !((r + 1, v) in sends)) ? 1 : 0
          if (bit(word[r], pos[p]) != want) bad++
        }
      print bad ? "bad" : "ok"
    }' "$1/romnoc_router.v" "$1/golden/wire.tsv" "$1/rom_n$2.hex"
}
for u in 0 37; do
  expect "hypercube:6 snb node $u: quiet bit of lane p in word r = no send in slot r+1 in the golden wire log" \
    '[ "$(quiet_bits "$T/sw6" $u)" = ok ]' "$(quiet_bits "$T/sw6" $u)"
done
# the checker fails on node 0's ROM with lane 0's quiet bit flipped in word 0
pos0=$(sed -nE 's/.*tx0_quiet_q <= rom_data_i\[([0-9]+)\];/\1/p' "$T/sw6/romnoc_router.v")
mkdir -p "$T/flip/golden" && cp "$T/sw6/romnoc_router.v" "$T/flip/" && cp "$T/sw6/golden/wire.tsv" "$T/flip/golden/"
awk -v i="$pos0" '/^[0-9a-f]+$/ && !done { k = length($0) - int(i / 4); h = index("0123456789abcdef", substr($0, k, 1)) - 1
  b = int(h / 2 ^ (i % 4)) % 2; h += b ? -(2 ^ (i % 4)) : 2 ^ (i % 4)
  $0 = substr($0, 1, k - 1) substr("0123456789abcdef", h + 1, 1) substr($0, k + 1); done = 1 } { print }' \
  "$T/sw6/rom_n0.hex" >"$T/flip/rom_n0.hex"
expect "the quiet-bit checker fails on a ROM with one quiet bit flipped" \
  '[ -n "$pos0" ] && ! cmp -s "$T/sw6/rom_n0.hex" "$T/flip/rom_n0.hex" && [ "$(quiet_bits "$T/flip" 0)" = bad ]' \
  "bit ${pos0:-none}: $(quiet_bits "$T/flip" 0)"

# 3. the simulations
simulate h6-snb-bare 1 0 SCHEDULE="$T/snb6x.tsv" FLIT=bare
simulate h6-snb-ld2 2 0 SCHEDULE="$T/snb6x.tsv" LINK_DELAY=2
(cd "$REPO" && SCHEDULE="$T/snb6x.tsv" SIM=icarus SIM_DIR="$T/h6-icarus" sim/sim.sh) >"$T/out" 2>&1
rc=$?
expect "hypercube:6 snb in Icarus (idle wires before the run hold x)" '[ $rc = 0 ] && grep -q "^PASS " "$T/out"' \
  "exit $rc: $(grep -m1 -E '^(PASS|FAIL)' "$T/out")"

# 4. the lane registers load ones instead of zero in their quiet slots (what a local port may
#    drive when nothing is asked of it): the banks OR them in
m=$T/mutant
mkdir -p "$m" && cp -r "$T/h6-snb-bare/gen" "$m/gen"
sed -i -E "s/(tx[0-9]+_quiet_q) \? 32'd0 :/\1 ? ~32'd0 :/; s/if \((tx[0-9]+_quiet_q)\) (tx[0-9]+_q) <= 32'd0;/if (\1) \2 <= ~32'd0;/" \
  "$m/gen/romnoc_router.v"
expect "the mutant's lane registers load ones in their quiet slots" \
  '[ "$(grep -cE "quiet_q(\)|) (tx[0-9]+_q <= |\? )~32.d0" "$m/gen/romnoc_router.v")" = 6 ]' "$(grep -m2 "quiet_q [?)]" "$m/gen/romnoc_router.v")"
(cd "$REPO" && SCHEDULE="$T/snb6x.tsv" FLIT=bare SIM_DIR="$m" REUSE_GEN=1 sim/sim.sh) >"$T/out" 2>&1
rc=$?
echo "    $(grep -m1 -E '^(PASS|FAIL)' "$T/out" | cut -c1-160)"
expect "nonzero idle wires, ORed into the banks, fail" '[ $rc != 0 ] && grep -q "^FAIL " "$T/out"' \
  "exit $rc: $(grep -m1 -E '^(PASS|FAIL)' "$T/out")"

# 5. no sharing where the writers meet, or where it does not pay
for x in "mesh:4x4 te" "hypercube:4 snb"; do
  set -- $x
  if [ "$2" = snb ]; then "$BIN" --schedule "$T/snb4x.tsv" -o "$T/no-$2" >/dev/null 2>"$T/err"
  else "$BIN" --topo "$1" --task "$2" -o "$T/no-$2" >/dev/null 2>"$T/err"; fi
  r=$T/no-$2/romnoc_router.v
  expect "$1 $2: a bank of several writers keeps its multiplexer, nothing shared or zeroed" \
    'grep -q "reg \[[0-9]*:0\] bank_p[0-9]*_[0-9]*_wdata;" "$r" && ! grep -qE "rx_shared|quiet" "$r"' "$(grep -m3 -E "wdata|rx_shared" "$r")"
done

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
