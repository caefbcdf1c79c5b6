#!/usr/bin/env bash
# tests/selftest_sim.sh RTL_GEN — the self-testing board top of make fpga (romnoc_selftest,
# rtl_gen --ni; docs/USAGE.md "A self-testing bitstream"), in Verilator (sim/selftest_sim.sh):
#   1. torus:2x2 allgather,alltoall and hypercube:3 with the five packet tasks (root 3, 2-word
#      blocks): the top and its user lint clean (verilator -Wall), Yosys elaborates them, and the
#      bench reads a PASS line from the UART whose fields are the design's (nodes, tasks, rounds)
#      with the LEDs saying PASS;
#   2. the checker can fail: node 1's first sendbuf word corrupted (FAULT_NODE=1). Every node's
#      allgather recvbuf holds node 1's block, so the lowest failing node is 0, in task 0 (mnb),
#      round 0, on data; the LEDs say FAIL with node 0;
#   3. refusals: no self test for a combining task (rtl_gen writes none); make fpga refuses such a
#      task, and a bad ROUNDS, with one line naming it, exit 2, before writing anything.
BIN=$1 NAME=selftest
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
REPO=$(cd "$HERE/.." && pwd)

# design NAME ARGS...: rtl_gen --ni into $T/NAME; lint and elaborate its self test
design() {
  local name=$1 g=$T/$1 rc
  shift
  "$BIN" --ni "$@" -o "$g" >"$T/gen.log" 2>&1 || { fail "$name: generate" "rtl_gen failed" "$T/gen.log"; return 1; }
  (cd "$g" && verilator --lint-only -Wall -f files_selftest.f romnoc.vlt --top-module romnoc_selftest) >"$T/lint.log" 2>&1
  rc=$?
  expect "$name: lint -Wall" '[ $rc = 0 ] && [ ! -s "$T/lint.log" ]' "verilator -Wall warns: $(head -c 300 "$T/lint.log")"
  (cd "$g" && yosys -q -p "read_verilog -defer $(grep -v '^//' files_selftest.f | tr '\n' ' '); hierarchy -check -top romnoc_selftest") \
    >"$T/yosys.log" 2>&1
  rc=$?
  expect "$name: yosys elaborates" '[ $rc = 0 ]' "Yosys refused it: $(head -c 300 "$T/yosys.log")"
}

# selftest NAME WANT-RC WANT-ERE [VERILATOR-ARGS]: the bench's exit status and line
selftest() {
  local name=$1 want_rc=$2 want=$3 rc
  shift 3
  "$REPO/sim/selftest_sim.sh" "$T/$name" "$T/sim-$name" "$@" >"$T/run.log" 2>&1
  rc=$?
  echo "    $(grep -m1 '^SELFTEST' "$T/run.log")"
  expect "$name $*: exit $want_rc, /$want/" '[ $rc = "$want_rc" ] && grep -qE -- "$want" "$T/run.log"' \
    "exit $rc: $(tail -n 3 "$T/run.log")"
}

if design t22 --topo torus:2x2 --task allgather,alltoall; then
  selftest t22 0 '^SELFTEST PASS nodes=004 tasks=2 rounds=04 report_cycle=[0-9]+ leds=0x01$'
  # led_o = {node[4:0], running, FAIL, PASS}: FAIL with node 0 is 0x02
  selftest t22 1 '^SELFTEST FAIL node=00 task=0 round=00 what=d status=00 report_cycle=[0-9]+ leds=0x02$' -GFAULT_NODE=1
fi
if design h3 --topo hypercube:3 --task bcast,scatter,gather,allgather,alltoall --root 3 --words 2; then
  selftest h3 0 '^SELFTEST PASS nodes=008 tasks=5 rounds=06 report_cycle=[0-9]+ leds=0x01$' -GROUNDS=6
fi

"$BIN" --ni --topo torus:2x2 --task allgather,allreduce -o "$T/comb" >"$T/gen.log" 2>&1
expect "no self test for a combining task" '[ -f "$T/comb/romnoc_system.v" ] && [ ! -e "$T/comb/romnoc_selftest.v" ]' \
  "romnoc_selftest.v written, or the design not"
# fpga_refuses NAME ERE VAR=VALUE...: synth/fpga.sh exits 2 with one line matching ERE, writing nothing
fpga_refuses() {
  local name=$1 ere=$2 rc
  shift 2
  (cd "$T" && env "$@" FPGA_DIR="$T/fpga-out" bash "$REPO/synth/fpga.sh") >"$T/out" 2>"$T/err"
  rc=$?
  expect "make fpga refuses $name" '[ $rc = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$ere" "$T/err" && [ ! -e "$T/fpga-out" ]' \
    "exit $rc: $(cat "$T/err")"
}
fpga_refuses "a combining task" "bad TASK 'allgather,allreduce'.*not allreduce" TOPO=torus:2x2 TASK=allgather,allreduce
fpga_refuses "ROUNDS=0" "bad ROUNDS '0'" TOPO=torus:2x2 TASK=allgather ROUNDS=0
fpga_refuses "ROUNDS=x" "bad ROUNDS 'x'" TOPO=torus:2x2 TASK=allgather ROUNDS=x

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
