// pexrt_err_tb.v — the local port and err_o of the run-time partial-exchange router
// (tests/pexrt_tests.sh, under Icarus): one router of torus:4x4 alone, node 0, no neighbours.
//   1. idle, its mailbox written for every dest: err_o stays low;
//   2. started active: phase 1's counters leave on lanes 0 and 1 (its position 0 sends forward,
//      none backward) and the 15 own packets leave after it, one per dest, each with the payload
//      written for it; then done_o (their order is the fabric runs' to check, against the golden model);
//   3. started active again, a mailbox write during phase 1 (a packet not sent yet): err_o rises
//      and stays up; a new start clears it;
//   4. started inactive, a mailbox write during its run: no fault (it sends no own packet).
// Prints "PASS ..." or "FAIL ..." lines and "done".
`timescale 1ns / 1ps
`default_nettype none
module pexrt_err_tb;
  localparam LOGP = 2, W = 32, A = 2 * LOGP, PW = A + W, FW = 2 * A + W + 3;
  reg clk = 1'b0, rst_n = 1'b0, start = 1'b0, bcast = 1'b0, we = 1'b0;
  reg [PW-1:0] wflit = {PW{1'b0}};
  wire done, slot, err, inj_req;
  wire [3:0] txv, dlv;
  wire [FW-1:0] txf[0:3];
  wire [PW-1:0] dlf[0:3];
  romnoc_pexrt_router #(.LOGP(LOGP), .TORUS(1), .W(W), .LOGD(3)) dut (
      .clk_i(clk), .rst_ni(rst_n), .start_i(start), .done_o(done), .slot_o(slot), .err_o(err),
      .cfg_i(4'd0), .bcast_i(bcast), .inj_req_o(inj_req), .inj_we_i(we), .inj_flit_i(wflit),
      .tx0_valid_o(txv[0]), .tx0_flit_o(txf[0]), .rx0_valid_i(1'b0), .rx0_flit_i({FW{1'b0}}), .dlv0_valid_o(dlv[0]), .dlv0_flit_o(dlf[0]),
      .tx1_valid_o(txv[1]), .tx1_flit_o(txf[1]), .rx1_valid_i(1'b0), .rx1_flit_i({FW{1'b0}}), .dlv1_valid_o(dlv[1]), .dlv1_flit_o(dlf[1]),
      .tx2_valid_o(txv[2]), .tx2_flit_o(txf[2]), .rx2_valid_i(1'b0), .rx2_flit_i({FW{1'b0}}), .dlv2_valid_o(dlv[2]), .dlv2_flit_o(dlf[2]),
      .tx3_valid_o(txv[3]), .tx3_flit_o(txf[3]), .rx3_valid_i(1'b0), .rx3_flit_i({FW{1'b0}}), .dlv3_valid_o(dlv[3]), .dlv3_flit_o(dlf[3]));
  always #5 clk = ~clk;
  function [W-1:0] payload(input [A-1:0] dest);
    payload = 32'hc0de0000 | dest;
  endfunction
  // what the lanes carried: counters, packets, their dests (a bit each), wrong payloads or origins
  integer counters = 0, packets = 0, wrong = 0, k;
  reg [15:0] seen = 16'd0;
  always @(posedge clk)
    for (k = 0; k < 4; k = k + 1)
      if (txv[k]) begin
        if (txf[k][PW+1:PW] == 2'd0) counters = counters + 1;
        else begin
          packets = packets + 1;
          seen[txf[k][FW-1:FW-A]] = 1'b1;
          if (txf[k][W-1:0] != payload(txf[k][FW-1:FW-A]) || txf[k][PW-1:W] != 4'd0) wrong = wrong + 1;
        end
      end
  task run(input active);
    begin
      bcast = active;
      @(negedge clk) start = 1'b1;
      @(negedge clk) start = 1'b0;
    end
  endtask
  integer d;
  initial begin
    repeat (2) @(negedge clk);
    rst_n = 1'b1;
    for (d = 1; d < 16; d = d + 1) begin  // 1: the mailbox written while idle
      @(negedge clk) begin we = 1'b1; wflit = {d[A-1:0], payload(d[A-1:0])}; end
    end
    @(negedge clk) we = 1'b0;
    if (err) $display("FAIL mailbox writes while idle raised err_o");
    else $display("PASS 15 mailbox writes while idle, err_o low");
    run(1'b1);  // 2: one run, active
    wait (done);
    @(negedge clk);
    if (err || counters != 2 || packets != 15 || seen != 16'hfffe || wrong != 0)
      $display("FAIL one run: err_o=%b, %0d counters (want 2), %0d packets (want 15), dests %h (want fffe), %0d wrong",
               err, counters, packets, seen, wrong);
    else $display("PASS one run: 2 counters, 15 own packets, one per dest, each with its payload, done_o");
    run(1'b1);  // 3: a write during phase 1
    @(negedge clk) begin we = 1'b1; wflit = {4'd5, 32'hdeadbeef}; end
    @(negedge clk) we = 1'b0;
    @(negedge clk);
    if (!err) $display("FAIL a mailbox write during the run: err_o low");
    else $display("PASS a mailbox write during the run raises err_o");
    wait (done);
    repeat (2) @(negedge clk);
    if (!err) $display("FAIL err_o did not stay up");
    else $display("PASS err_o stays up until a start");
    run(1'b0);  // 4: inactive, a write during its run
    @(negedge clk) begin we = 1'b1; wflit = {4'd5, payload(4'd5)}; end
    @(negedge clk) we = 1'b0;
    wait (done);
    @(negedge clk);
    if (err) $display("FAIL a new start did not clear err_o, or an inactive router's write raised it");
    else $display("PASS a new start clears err_o; an inactive router takes a mailbox write during its run");
    $display("done");
    $finish;
  end
endmodule
`default_nettype wire
