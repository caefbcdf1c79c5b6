#!/usr/bin/env bash
# demo.sh — the main job on a built-in default (make demo): paper 000's Table 1 for D=1..8
# (each row generated and verified), then one fabric generated, simulated and diffed against
# the golden model, its router synthesised for an iCE40 HX8K, and a summary.
set -uo pipefail
topo=${DEMO_TOPO:-hypercube:4} task=${DEMO_TASK:-mnb}
mkdir -p build/demo
echo "-- TABLE (paper 000, Table 1: every row generated and verified) --"
build/cmodel table --topo hypercube:1..8 | tee build/demo/table.txt
table_rc=${PIPESTATUS[0]}
TOPO=$topo TASK=$task scripts/sim.sh | tee build/demo/sim.log
sim_rc=${PIPESTATUS[0]}
TOPO=$topo TASK=$task TARGET=ice40 scripts/synth.sh | tee build/demo/synth.log
synth_rc=${PIPESTATUS[0]}
echo "-- SUMMARY --"
rows=$(($(wc -l <build/demo/table.txt) - 1))
optimal=$(awk 'NR > 1 && $3 == $4 && $6 == $7 && $8 == "OK"' build/demo/table.txt | wc -l)
echo "schedules: $optimal of $rows hit both lower bounds (slots and transmissions) and verify"
grep -E '^(PASS|FAIL)' build/demo/sim.log | sed 's/^/hardware:  /'
grep -E '^(OK|FAIL) ?slot' build/demo/sim.log | sed 's/^/wire log:  cmodel verify: /'
grep -E '^SYNTH' build/demo/synth.log | sed 's/^/synthesis: /'
[ "$table_rc" -eq 0 ] && [ "$sim_rc" -eq 0 ] && [ "$synth_rc" -eq 0 ] && [ "$optimal" -eq "$rows" ]
