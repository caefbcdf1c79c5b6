// pmnbrt_err_tb.v — err_o of the run-time pmnb router (tests/pmnbrt_tests.sh, under Icarus): one
// router of torus:4x4 alone, node 15 (the corner: it computes M = 0 by itself), started with bcast_i low. Its lanes are driven by the test:
// in cycle 3 a data flit of origin 9 on lane 0 only (handed over once, no fault); in cycle 6 one
// of origin 10 on lanes 0 and 1 at once (one packet on two lanes in a slot: err_o must rise and
// stay up); a new start clears it. Prints "PASS ..." or "FAIL ..." lines and "done".
`timescale 1ns / 1ps
`default_nettype none
module pmnbrt_err_tb;
  localparam LOGP = 2, W = 32, A = 2 * LOGP, PW = A + W, FW = PW + 2 + A + 1;
  reg clk = 1'b0, rst_n = 1'b0, start = 1'b0;
  reg [3:0] rxv = 4'd0;
  reg [FW-1:0] rxf0 = {FW{1'b0}}, rxf1 = {FW{1'b0}};
  wire done, slot, err, inj_req;
  wire [3:0] txv, dlv;
  wire [FW-1:0] txf0, txf1, txf2, txf3;
  wire [PW-1:0] dlf0, dlf1, dlf2, dlf3;
  romnoc_pmnbrt_router #(.LOGP(LOGP), .TORUS(1), .W(W)) dut (
      .clk_i(clk), .rst_ni(rst_n), .start_i(start), .done_o(done), .slot_o(slot), .err_o(err),
      .cfg_i(4'd15), .bcast_i(1'b0), .inj_req_o(inj_req), .inj_flit_i({PW{1'b0}}),
      .tx0_valid_o(txv[0]), .tx0_flit_o(txf0), .rx0_valid_i(rxv[0]), .rx0_flit_i(rxf0), .dlv0_valid_o(dlv[0]), .dlv0_flit_o(dlf0),
      .tx1_valid_o(txv[1]), .tx1_flit_o(txf1), .rx1_valid_i(rxv[1]), .rx1_flit_i(rxf1), .dlv1_valid_o(dlv[1]), .dlv1_flit_o(dlf1),
      .tx2_valid_o(txv[2]), .tx2_flit_o(txf2), .rx2_valid_i(rxv[2]), .rx2_flit_i({FW{1'b0}}), .dlv2_valid_o(dlv[2]), .dlv2_flit_o(dlf2),
      .tx3_valid_o(txv[3]), .tx3_flit_o(txf3), .rx3_valid_i(rxv[3]), .rx3_flit_i({FW{1'b0}}), .dlv3_valid_o(dlv[3]), .dlv3_flit_o(dlf3));
  always #5 clk = ~clk;
  // a data flit (kind 1) of the given origin, no target
  function [FW-1:0] data(input [A-1:0] origin);
    data = {{(A + 1) {1'b0}}, 2'd1, origin, 32'h0badf00d};
  endfunction
  integer dlvs = 0;
  always @(posedge clk) dlvs = dlvs + dlv[0] + dlv[1] + dlv[2] + dlv[3];
  initial begin
    repeat (2) @(negedge clk);
    rst_n = 1'b1;
    @(negedge clk) start = 1'b1;
    @(negedge clk) start = 1'b0;  // cycle 1 of the run
    @(negedge clk);
    @(negedge clk) begin rxv = 4'b0001; rxf0 = data(4'd9); end  // cycle 3: one lane
    @(negedge clk) rxv = 4'b0000;
    repeat (2) @(negedge clk);
    if (err || dlvs != 1) $display("FAIL one flit on one lane: err_o=%b, %0d deliveries (want 0, 1)", err, dlvs);
    else $display("PASS one flit on one lane: delivered once, err_o low");
    begin rxv = 4'b0011; rxf0 = data(4'd10); rxf1 = data(4'd10); end  // cycle 6: the same packet on two lanes
    @(negedge clk) rxv = 4'b0000;
    repeat (3) @(negedge clk);
    if (!err) $display("FAIL one packet on two lanes in a slot: err_o low");
    else $display("PASS one packet on two lanes in a slot: err_o raised");
    repeat (5) @(negedge clk);
    if (!err) $display("FAIL err_o did not stay up");
    else $display("PASS err_o stays up");
    wait (done);
    @(negedge clk) start = 1'b1;
    @(negedge clk) start = 1'b0;
    @(negedge clk);
    if (err) $display("FAIL a new start did not clear err_o");
    else $display("PASS a new start clears err_o");
    $display("done");
    $finish;
  end
endmodule
`default_nettype wire
