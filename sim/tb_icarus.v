// tb_icarus.v — Icarus Verilog test bench of a generated fabric (make sim SIM=icarus). It
// instantiates the synthesizable romnoc_fabric (per-node ports; Icarus has no DPI, so not
// romnoc_sim_fabric) and plays every node's processor as sim/tb_main.cpp does through
// romnoc_lane: at every rising edge, for every lane, it logs what the cycle that ends showed on
// the lane's outgoing link and local port, and registers the own packet the router asked for,
// read in the next cycle. The own packets come from a table tb_icarus_io wrote with tb_common's
// answer (+own=FILE, $readmemh); the log (+transcript=FILE) goes back to tb_icarus_io, which
// writes the wire log and the deliveries and diffs them as the C++ bench does. The clocking is
// tb_main.cpp's: two cycles in reset, one out of it, the cycle that samples start, then cycle
// c = 1.. of the run until done_o (at most Cycles + 8).
//   vvp tb.vvp +own=FILE +transcript=FILE [+trace=FILE.vcd]     (run in the generated directory)
// tb_icarus_design.vh (tb_icarus_io design) gives the sizes and wires the fabric.
module tb_icarus;
  reg clk_i = 1'b0;
  reg rst_ni = 1'b0;
  reg start_i = 1'b0;
  wire done_o, err_o;
  `include "tb_icarus_design.vh"

  localparam integer Requests = 2 ** DestWidth;  // the requests one node can make
  reg [FlitWidth-1:0] own [0:Nodes*Requests-1];
  reg [8*1024-1:0] own_file, transcript_file, trace_file;
  integer fd;
  integer cycle_no = 0;  // the cycle of the run, 0 outside it
  integer c;
  reg run_done;

  // The processors: what every lane showed in the cycle that ends, and the own packet for the
  // next one (an all-zero flit when the router asks for none, as tb_common's answer_lane).
  always @(posedge clk_i) begin : lanes
    integer u, p;
    for (u = 0; u < Nodes; u = u + 1)
      for (p = 0; p < Ports; p = p + 1) begin
        if (tx_valid[u][p] === 1'b1 || dlv_valid[u][p] === 1'b1)
          $fwrite(fd, "L %0d %0d %0d %b %h %b %h\n", cycle_no, u, p, tx_valid[u][p], tx_flit[u][p*FlitWidth+:FlitWidth],
                  dlv_valid[u][p], dlv_flit[u][p*FlitWidth+:FlitWidth]);
        else if (rst_ni === 1'b1 && (tx_valid[u][p] !== 1'b0 || dlv_valid[u][p] !== 1'b0))
          $fwrite(fd, "X %0d %0d %0d\n", cycle_no, u, p);
        inj_q[u][p*FlitWidth+:FlitWidth] <= inj_req[u][p] === 1'b1 ?
            own[u*Requests+inj_dest[u][p*DestWidth+:DestWidth]] : {FlitWidth{1'b0}};
      end
  end

  // One clock cycle; inputs change half a period away from the edge, which reports cycle n.
  task automatic tick(input integer n);
    begin
      clk_i = 1'b0;
      #5;
      cycle_no = n;
      clk_i = 1'b1;
      #5;
    end
  endtask

  initial begin : run
    integer u;
    if (!$value$plusargs("own=%s", own_file) || !$value$plusargs("transcript=%s", transcript_file)) begin
      $display("tb_icarus: +own=FILE and +transcript=FILE are required");
      $finish;
    end
    for (u = 0; u < Nodes; u = u + 1) inj_q[u] = {Ports * FlitWidth{1'b0}};
    $readmemh(own_file, own);
    fd = $fopen(transcript_file, "w");
    if (fd == 0) begin
      $display("tb_icarus: cannot write %0s", transcript_file);
      $finish;
    end
    if ($value$plusargs("trace=%s", trace_file)) begin
      $dumpfile(trace_file);
      $dumpvars(0, tb_icarus);
    end
    tick(0);
    tick(0);
    rst_ni = 1'b1;
    tick(0);
    start_i = 1'b1;
    tick(0);  // the edge that samples start
    start_i = 1'b0;
    c = 0;
    run_done = 1'b0;
    while (!run_done && c < Cycles + 8) begin
      c = c + 1;
      tick(c);
      run_done = done_o === 1'b1;
    end
    $fwrite(fd, "E %0d %0d %0d\n", run_done, err_o === 1'b1, c);
    $fclose(fd);
    $finish;
  end
endmodule
