#!/usr/bin/env bash
# tests/link_delay.sh RTL_GEN — pipelined links (rtl_gen --link-delay L, make sim LINK_DELAY=L;
# docs/ARCHITECTURE.md "Pipelined links"):
#   1. hypercube:3, torus:4x4, ring:8 and mesh:4x4 with L = 2 and 4, and one design of every
#      other router (combine, single, simple, the bufferless S4NOC banked) with L = 3, simulated
#      in Verilator: the wire log and deliveries equal the golden model's, the wire log passes
#      cmodel verify, and the run takes (S+1)*L clock cycles, S being the slots cmodel verify
#      counts in the golden schedule (S+1 at L = 1, the one-cycle contract);
#   2. the check can fail: a link one register longer than the design's L (the link module of
#      the L+1 design put in) delivers every flit a cycle after the receiving router looked;
#   3. the platform fabric under Icarus: slot_o high one cycle in L, and a start pulse of one
#      cycle anywhere in a slot runs the schedule (held to the slot's end): done after (S+1)*L
#      cycles, twice in a row; Yosys elaborates the fabric and the synthesis wrapper;
#   4. refusals: the benches that run one-cycle links only (Icarus, SystemC, NI=1) refuse
#      LINK_DELAY > 1 with one line, exit 2.
BIN=$1 NAME=link-delay
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
. "$HERE/slot_sims.sh"
REPO=$(cd "$HERE/.." && pwd)

for delay in 2 4; do
  simulate "h3-mnb-ld$delay" $delay 0 TOPO=hypercube:3 TASK=mnb
  simulate "t44-te-ld$delay" $delay 0 TOPO=torus:4x4 TASK=te
  simulate "r8-ag-ld$delay" $delay 0 TOPO=ring:8 TASK=allgather
  simulate "m44-mnb-ld$delay" $delay 0 TOPO=mesh:4x4 TASK=mnb
done
simulate h3-allreduce-ld3 3 0 TOPO=hypercube:3 TASK=allreduce            # combine
simulate r8-te-spfull-ld3 3 0 TOPO=ring:8 TASK=te MODEL=sp-full          # single
simulate m44-simple-ld3 3 0 TOPO=mesh:4x4 TASK=mnb ARCH=simple           # simple: outputs from logic
simulate t44-s4noc-ld3 3 0 TOPO=torus:4x4 TASK=te MODEL=s4noc-bufferless # banked, one local port

# 2. a link one stage too long: the L=4 design's link module in an L=3 design
"$BIN" --topo hypercube:3 --task mnb --link-delay 4 -o "$T/longer" >"$T/gen.log" 2>&1
"$BIN" --topo hypercube:3 --task mnb --link-delay 3 -o "$T/mutant/gen" >>"$T/gen.log" 2>&1
cp "$T/longer/romnoc_link.v" "$T/mutant/gen/romnoc_link.v"
(cd "$REPO" && TOPO=hypercube:3 TASK=mnb LINK_DELAY=3 SIM_DIR="$T/mutant" REUSE_GEN=1 sim/sim.sh) >"$T/out" 2>&1
rc=$?
echo "    $(grep -m1 -E '^(PASS|FAIL)' "$T/out" | cut -c1-160)"
expect "a link one register longer than L fails" '[ $rc != 0 ] && grep -q "^FAIL .*differs from" "$T/out"' \
  "exit $rc: $(grep -m1 -E '^(PASS|FAIL)' "$T/out")"

# 3. the platform fabric's slot and start contract under Icarus (torus:4x4 te, L = 4), and Yosys
g=$T/t44-te-ld4/gen
slots=$(slots_of "$T/t44-te-ld4")
ports="" width=$(($(sed -n 's/^ports=//p' "$g/design.txt") * $(sed -n 's/^flit_width=//p' "$g/design.txt")))
for u in $(seq 0 15); do
  ports+="    .n${u}_inj_flit_i({$width{1'b0}}), .n${u}_tx_valid_o(), .n${u}_tx_flit_o(), .n${u}_inj_req_o(), .n${u}_inj_dest_o(),"
  ports+=" .n${u}_dlv_valid_o(), .n${u}_dlv_flit_o()$([ "$u" = 15 ] || echo ,)"$'\n'
done
cat >"$T/tb_slot.v" <<EOF
\`timescale 1ns / 1ps
module tb_slot;
  reg clk = 0, rst_n = 0, start = 0;
  wire done, err, slot;
  integer cycle = 0, last_slot = -1, bad_slot = 0, started;
  romnoc_fabric #(.ROM_DIR("$g/")) dut (.clk_i(clk), .rst_ni(rst_n), .start_i(start), .done_o(done), .err_o(err),
    .slot_o(slot),
$ports  );
  always #5 clk = !clk;
  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (slot) begin
      if (last_slot >= 0 && cycle - last_slot != 4) bad_slot <= 1;
      last_slot <= cycle;
    end
  end
  // a start pulse of one cycle in cycle p of a slot (0 its first, 3 its last); then the cycles
  // from the pulse's end to the edge that raises done
  task run(input integer p);
    begin
      while (!slot) begin @(posedge clk); #1; end
      repeat (p + 1) begin @(posedge clk); #1; end
      start = 1;
      @(posedge clk); #1 start = 0;
      started = cycle;
      while (done) begin @(posedge clk); #1; end
      while (!done) begin @(posedge clk); #1; end
      \$display("RUN p=%0d cycles=%0d err=%0d", p, cycle - started, err);
    end
  endtask
  initial begin
    #12 rst_n = 1;
    run(0);
    run(2);
    run(3);
    \$display("SLOTS bad=%0d", bad_slot);
    \$finish;
  end
endmodule
EOF
(cd "$g" && iverilog -g2012 -o "$T/tb_slot.vvp" "$T/tb_slot.v" $(grep -v '^//' files.f) && vvp -n "$T/tb_slot.vvp") >"$T/out" 2>&1
sed 's/^/    /' "$T/out" | head -4
for p in 0 2 3; do
  # the pulse waits 3-p cycles for the slot's last edge, which starts the run of (S+1)*L cycles
  want=$((3 - p + (slots + 1) * 4))
  expect "a one-cycle start in cycle $p of a slot: done $want cycles later, no error" \
    'grep -q "^RUN p=$p cycles=$want err=0$" "$T/out"' "$(grep "^RUN p=$p" "$T/out" || head -c 300 "$T/out")"
done
expect "slot_o high one cycle in 4" 'grep -q "^SLOTS bad=0$" "$T/out"' "$(grep SLOTS "$T/out")"
(cd "$g" && yosys -q -p "read_verilog -defer $(grep -v '^//' files.f | tr '\n' ' '); hierarchy -check -top romnoc_fabric; proc" &&
  yosys -q -p "read_verilog -defer romnoc_synth_top.v romnoc_router.v romnoc_rom.v; hierarchy -check -top romnoc_synth_top; proc") \
  >"$T/yosys.log" 2>&1
rc=$?
expect "Yosys elaborates the fabric and the synthesis wrapper" '[ $rc = 0 ]' "$(head -c 300 "$T/yosys.log")"

# 4. the benches of one-cycle links refuse
sim_refuses LINK_DELAY=2 mnb SIM=icarus BENCH=sc NI=1

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
