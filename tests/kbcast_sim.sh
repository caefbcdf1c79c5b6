#!/usr/bin/env bash
# kbcast_sim.sh — hardware tests of kbcast (001) on the ROM routers with the active set fixed at
# generation: the schedules of 001 (d = 3..5; LARGE=1, make test-large: d = 6 only), 001-mnb, same-order, pair, ranked, ranked-prefix,
# random, mnb-subset and offline generated (ACTIVE=LIST or K=K KSEED=S), linted, simulated, the
# wire log (counters and terminations included) and deliveries diffed against the golden files,
# the wire log verified by cmodel under mla, the fabric read by Yosys; a kbcast schedule given as
# a file; the simple router on a schedule without control words; a ROM whose control words are
# edited must FAIL. Expected slots come from 001's formulas (docs/KBCAST.md), never from the
# program:
#   001 2*ceil(K/d) + 4d; 001-mnb (K = N) 2*ceil(N/d) + 2d - 1; ranked, pair d; ranked-prefix 3d;
#   same-order at most d + K - 1; mnb-subset 000's mnb optimum ceil((N-1)/d); offline and random
#   at least the bound max(d, ceil((N-1)K/(dN))). Every run delivers K(N-1) packets (txlb of the
#   verifier).
# Ends with "N passed, N failed".
# QUICK=1 (make check): 001 on hypercube:3 only (simulated, read by Yosys, its control words
# edited), with the same checks.
set -u
cd "$(dirname "$0")/.."
full() { [ "${QUICK:-0}" != 1 ]; } # full: not QUICK=1, the cases of make test only
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-kbsim.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0
pass() { npass=$((npass + 1)); }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; [ -n "${2-}" ] && sed 's/^/    /' "$2" | tail -n 15; return 0; }
ceil() { echo $((($1 + $2 - 1) / $2)); }
# the lower bound of the verifier (docs/KBCAST.md): max(d, ceil((N-1)K/(dN)))
kb_lb() { local d=$1 k=$2 n=$((1 << $1)) b; b=$(ceil $(((n - 1) * k)) $((d * n))); echo $((b > d ? b : d)); }

# kb_run NAME D K SLOTS-TEST VAR=VALUE...: sim/sim.sh must PASS within slots+2 cycles, the
# wire log pass cmodel verify with lb and txlb as the formulas say, K(N-1) deliveries;
# SLOTS-TEST is "=S" (exactly S slots), "<=S" or ">=S". Sets gen_dir.
kb_run() {
  local name=$1 d=$2 k=$3 want=$4 n=$((1 << $2)) lb txlb line slots cycles ok=1
  shift 4
  lb=$(kb_lb "$d" "$k") txlb=$((k * (n - 1))) gen_dir=
  env "$@" sim/sim.sh >"$T/out" 2>&1
  local rc=$?
  line=$(grep -E "^PASS topo=hypercube:$d task=kbcast model=mla cycles=[0-9]+ slots=[0-9]+ log=" "$T/out")
  if [ $rc -ne 0 ] || [ -z "$line" ] || ! grep -qxE "OK slots=[0-9]+ lb=$lb tx=[0-9]+ txlb=$txlb" "$T/out"; then
    fail "$name: want PASS and 'OK ... lb=$lb ... txlb=$txlb' (exit $rc)" "$T/out"
    return
  fi
  slots=$(printf '%s' "$line" | sed -E 's/.* slots=([0-9]+) .*/\1/')
  cycles=$(printf '%s' "$line" | sed -E 's/.* cycles=([0-9]+) .*/\1/')
  case $want in
  '<='*) [ "$slots" -le "${want#<=}" ] && [ "$slots" -ge "$lb" ] || ok=0 ;;
  '>='*) [ "$slots" -ge "${want#>=}" ] || ok=0 ;;
  '='*) [ "$slots" -eq "${want#=}" ] || ok=0 ;;
  esac
  [ $ok = 1 ] && pass || fail "$name: $slots slots, want $want (lower bound $lb)"
  [ "$cycles" -le $((slots + 2)) ] && pass || fail "$name: $cycles cycles for $slots slots"
  gen_dir=$(printf '%s' "$line" | sed -E 's/.* log=(.*)\/run\/wire.tsv$/\1/')/gen
  grep -qx "deliveries=$txlb" "$gen_dir/design.txt" && pass || fail "$name: want deliveries=$txlb in $gen_dir/design.txt"
}

# LARGE=1 (make test-large): 001 at d = 6 only
if [ "${LARGE:-0}" = 1 ]; then
  kb_run "001 d=6 K=20 seed 4" 6 20 "=$((2 * $(ceil 20 6) + 24))" TOPO=hypercube:6 TASK=kbcast ALG=001 K=20 KSEED=4
  echo "$npass passed, $nfail failed"
  [ $nfail -eq 0 ]
  exit
fi

# 001 (three phases, counters and terminations as ROM constants) at d = 3..5
kb_run "001 d=3 ACTIVE=0,5,6" 3 3 "=$((2 * $(ceil 3 3) + 12))" TOPO=hypercube:3 TASK=kbcast ALG=001 ACTIVE=0,5,6
d3_001=$gen_dir
if full; then
kb_run "001 d=3 every node" 3 8 "=$((2 * $(ceil 8 3) + 12))" TOPO=hypercube:3 TASK=kbcast ALG=001 ACTIVE=0-7
kb_run "001 d=4 K=5 seed 3" 4 5 "=$((2 * $(ceil 5 4) + 16))" TOPO=hypercube:4 TASK=kbcast ALG=001 K=5 KSEED=3
fi # full
# Yosys reads the tagged fabric (hypercube:4's; QUICK=1: hypercube:3's) and elaborates it
if [ -n "$gen_dir" ] && (cd "$gen_dir" && yosys -q -p "read_verilog -defer $(grep -v '^//' files.f | tr '\n' ' '); hierarchy -check -top romnoc_fabric; proc") >"$T/yosys" 2>&1; then
  pass
else
  fail "yosys rejects the kbcast 001 fabric ${gen_dir:-(none: its run failed)}" "$T/yosys"
fi
if full; then
kb_run "001 d=5 K=11 seed 2" 5 11 "=$((2 * $(ceil 11 5) + 20))" TOPO=hypercube:5 TASK=kbcast ALG=001 K=11 KSEED=2
# the special cases and the baselines (data rows only)
kb_run "001-mnb d=4" 4 16 "=$((2 * $(ceil 16 4) + 8 - 1))" TOPO=hypercube:4 TASK=kbcast ALG=001-mnb ACTIVE=0-15
kb_run "same-order d=4 K=8" 4 8 "<=$((4 + 8 - 1))" TOPO=hypercube:4 TASK=kbcast ALG=same-order K=8 KSEED=1
kb_run "ranked d=5 ACTIVE=3,9,30" 5 3 "=5" TOPO=hypercube:5 TASK=kbcast ALG=ranked ACTIVE=3,9,30
kb_run "pair d=3 ACTIVE=1,6" 3 2 "=3" TOPO=hypercube:3 TASK=kbcast ALG=pair ACTIVE=1,6
kb_run "mnb-subset d=4 K=12" 4 12 "=$(ceil 15 4)" TOPO=hypercube:4 TASK=kbcast ALG=mnb-subset K=12 KSEED=5
kb_run "offline d=5 K=10" 5 10 ">=$(kb_lb 5 10)" TOPO=hypercube:5 TASK=kbcast ALG=offline K=10 KSEED=7
kb_run "ranked-prefix d=3 K=3 (counters without K to the roots)" 3 3 "=9" TOPO=hypercube:3 TASK=kbcast ALG=ranked-prefix K=3 KSEED=2
kb_run "random d=4 K=6 (terminations without counters)" 4 6 ">=$(kb_lb 4 6)" TOPO=hypercube:4 TASK=kbcast ALG=random K=6 KSEED=2
# a schedule without control words on the simple router
kb_run "ranked d=3 simple router" 3 3 "=3" TOPO=hypercube:3 TASK=kbcast ALG=ranked ACTIVE=2,4,7 ARCH=simple
grep -qx "arch=simple" "$gen_dir/design.txt" 2>/dev/null && pass || fail "ranked d=3 on the simple router: want arch=simple"
# a kbcast schedule as a file: its '# active=' metadata fixes the set
build/cmodel schedule --topo hypercube:3 --task kbcast --alg 001 --active 1,2,4,7 -o "$T/kb3.tsv"
kb_run "SCHEDULE=kbcast 001 d=3 file" 3 4 "=$((2 * $(ceil 4 3) + 12))" SCHEDULE="$T/kb3.tsv"
fi # full

# a ROM edit that turns control words into the other kind (lane 0's const_end bit, every word of
# every node) must fail the wire diff and the verifier
if [ -n "$d3_001" ]; then
  rm -rf "$T/edit" && mkdir -p "$T/edit" && cp -r "$d3_001" "$T/edit/gen"
  bit=$(sed -nE 's/.*wire \[[0-9]+:0\] ctl0_flit = \{rom_data_i\[([0-9]+)\].*/\1/p' "$T/edit/gen/romnoc_router.v")
  for f in "$T"/edit/gen/rom_n*.hex; do
    awk -v bit="$bit" '/^\/\// { print; next } {
      n = length($0); pos = n - int(bit / 4); c = substr($0, pos, 1); v = index("0123456789abcdef", c) - 1
      m = 2 ^ (bit % 4); v = (int(v / m) % 2) ? v - m : v + m
      print substr($0, 1, pos - 1) substr("0123456789abcdef", v + 1, 1) substr($0, pos + 1) }' "$f" >"$f.new" && mv "$f.new" "$f"
  done
  if [ -n "$bit" ] && ! SIM_DIR="$T/edit" REUSE_GEN=1 TOPO=hypercube:3 TASK=kbcast sim/sim.sh >"$T/out" 2>&1 &&
    grep -q "^FAIL topo=hypercube:3 task=kbcast .*wire.tsv differs" "$T/out" &&
    grep -q "the wire log fails cmodel verify" "$T/out"; then
    pass
  else
    fail "a ROM with lane 0's control words flipped must FAIL the wire diff and the verifier (bit '$bit')" "$T/out"
  fi
else
  fail "no d=3 001 design to edit"
fi

echo "$npass passed, $nfail failed"
[ $nfail -eq 0 ]
