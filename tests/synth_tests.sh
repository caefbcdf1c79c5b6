#!/usr/bin/env bash
# synth_tests.sh — the synthesis flow (make test): Yosys generic synthesis of every task's
# router and fabric for hypercube D=2..4, ring:5 and torus:4x4 and for the single-port router and
# a one-way fabric (the single router smaller than banked), and the iCE40 flow (synth_ice40
# + nextpnr-ice40 on the HX8K) for a hypercube and a torus router; each summary line must be
# well formed and the design must fit.
# Area and speed goals are benchmarks (make bench), not tests. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-synth.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0
pass() { npass=$((npass + 1)); }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; [ -n "${2-}" ] && sed 's/^/    /' "$2" | tail -n 12; return 0; }

num='[0-9]+'
for topo in hypercube:2 hypercube:3 hypercube:4 ring:5 torus:4x4; do
  for task in snb mnb scatter gather te; do
    TOPO=$topo TASK=$task TARGET=generic scripts/synth.sh >"$T/out" 2>&1
    rc=$?
    for scope in router fabric; do
      line="^SYNTH topo=$topo task=$task width=32 target=generic scope=$scope luts=$num ffs=$num brams=$num mem_depth=$num status=ok$"
      if [ $rc -ne 0 ] || ! grep -qE "$line" "$T/out" || grep -qE "scope=$scope luts=0 " "$T/out"; then
        fail "generic synthesis $topo $task scope=$scope (exit $rc)" "$T/out"
      else
        pass
      fi
    done
  done
done

# the port models: the single-port router (sp-full) and a oneway fabric with its link modules
build/cmodel schedule --topo hypercube:3 --task mnb --model sp-full -o "$T/spfull-h3.tsv"
build/cmodel schedule --topo hypercube:3 --task mnb --model oneway -o "$T/oneway-h3.tsv"
for f in spfull-h3 oneway-h3; do
  SCHEDULE=$T/$f.tsv TARGET=generic SYNTH_DIR=$T/synth-$f scripts/synth.sh >"$T/out-$f" 2>&1
  rc=$?
  cp "$T/out-$f" "$T/out"
  for scope in router fabric; do
    line="^SYNTH topo=hypercube:3 task=mnb width=32 target=generic scope=$scope luts=$num ffs=$num brams=$num mem_depth=$num status=ok$"
    if [ $rc -ne 0 ] || ! grep -qE "$line" "$T/out" || grep -qE "scope=$scope luts=0 " "$T/out"; then
      fail "generic synthesis $f scope=$scope (exit $rc)" "$T/out"
    else
      pass
    fi
  done
done
grep -qx 'arch=single' "$T/synth-spfull-h3/gen/design.txt" && pass || fail "the sp-full design must use the single router"
# the single router is the smaller: fewer LUTs than the banked router on the same schedule
SCHEDULE=$T/spfull-h3.tsv ARCH=banked TARGET=generic SYNTH_DIR=$T/synth-spfull-banked scripts/synth.sh >"$T/out2" 2>&1
single=$(sed -nE 's/.*scope=router luts=([0-9]+) .*/\1/p' "$T/out-spfull-h3") banked=$(sed -nE 's/.*scope=router luts=([0-9]+) .*/\1/p' "$T/out2")
[ -n "$single" ] && [ -n "$banked" ] && [ "$single" -lt "$banked" ] && pass ||
  fail "the single router ($single LUTs) must be smaller than banked ($banked) on an sp-full schedule" "$T/out2"

for design in hypercube:4:te torus:4x4:mnb; do
  topo=${design%:*} task=${design##*:}
  TOPO=$topo TASK=$task TARGET=ice40 scripts/synth.sh >"$T/out" 2>&1
  rc=$?
  line="^SYNTH topo=$topo task=$task width=32 target=ice40 scope=router luts=$num ffs=$num brams=$num mem_depth=$num fmax_mhz=[0-9.]+ status=(ok|timing-fail)$"
  if [ $rc -ne 0 ] || ! grep -qE "$line" "$T/out"; then
    fail "ice40 flow $topo $task: want a placed and routed design (exit $rc)" "$T/out"
  else
    pass
  fi
  # the summary file holds the same line
  grep -qE "$line" "build/synth/${topo/:/-}_${task}_w32/summary_ice40.txt" && pass || fail "build/synth summary file of $topo $task"
done

echo "synth: $npass passed, $nfail failed"
[ $nfail -eq 0 ]
