// tb_icarus_ni.v — Icarus Verilog bench of the system top (romnoc_system, make sim NI=1
// SIM=icarus): the users of sim/tb_ni.cpp in Verilog, with several messages in flight. Each node
// u feeds message f[u]: its command (the first in the first cycle after reset) and its sendbuf
// words, with random tvalid gaps in even runs (40% and 60% a cycle) and every cycle in odd ones;
// once both are taken it moves on to the next message, whatever the others do (the interface's
// tready decides when it takes them). It takes recvbuf words and statuses with random tready
// (70%) and stops when every node has had every message's recvbuf words and statuses, or after
// Limit cycles. What it sends comes from tables tb_icarus_ni_io wrote (+send, +plan), and
// everything it sees goes to a transcript (+transcript) that tb_icarus_ni_io replays into the
// Verilator bench's checks (sim/tb_ni_check.h). The stalls are drawn with $random from the seed
// in the design include.
//   vvp tb.vvp +send=FILE +plan=FILE +transcript=FILE     (run in the generated directory)
module tb_icarus_ni;
  `include "tb_icarus_ni_design.vh"

  reg clk_i = 1'b0;
  reg rst_ni = 1'b0;
  reg [Nodes-1:0] cmd_valid = 0, send_valid = 0, send_last = 0, recv_ready = 0, status_ready = 0;
  reg [Nodes*8-1:0] cmd_data = 0;
  reg [Nodes*W-1:0] send_data = 0;
  wire [Nodes-1:0] cmd_ready, send_ready, recv_valid, recv_last, status_valid;
  wire [Nodes*W-1:0] recv_data;
  wire [Nodes*IndexWidth-1:0] recv_user;
  wire [Nodes*8-1:0] status_data;
  wire mon_start;
  wire [Nodes*Ports-1:0] mon_valid;
  wire [Nodes*Ports*FlitWidth-1:0] mon_flit;

  romnoc_system dut (
      .clk_i(clk_i), .rst_ni(rst_ni),
      .s_axis_cmd_tvalid(cmd_valid), .s_axis_cmd_tready(cmd_ready), .s_axis_cmd_tdata(cmd_data),
      .s_axis_send_tvalid(send_valid), .s_axis_send_tready(send_ready), .s_axis_send_tdata(send_data),
      .s_axis_send_tlast(send_last),
      .m_axis_recv_tvalid(recv_valid), .m_axis_recv_tready(recv_ready), .m_axis_recv_tdata(recv_data),
      .m_axis_recv_tlast(recv_last), .m_axis_recv_tuser(recv_user),
      .m_axis_status_tvalid(status_valid), .m_axis_status_tready(status_ready), .m_axis_status_tdata(status_data),
      .mon_start_o(mon_start), .mon_tx_valid_o(mon_valid), .mon_tx_flit_o(mon_flit));

  reg [W-1:0] sends [0:Runs*Nodes*MaxSend-1];
  reg [47:0] plan [0:Runs*Nodes-1];  // per run and node: {command, send words, recv words}
  integer f [0:Nodes-1];              // the message node u feeds
  integer sent [0:Nodes-1];           // of f[u]'s sendbuf words
  integer received [0:Nodes-1];       // recvbuf words over all messages
  integer statuses [0:Nodes-1];
  integer want_recv [0:Nodes-1];      // recvbuf words of every message
  reg [Nodes-1:0] cmd_done, offer_cmd, offer_send;  // f[u]'s command taken; offers held until taken
  reg [8*1024-1:0] send_file, plan_file, transcript_file;
  integer fd, seed_v, c, u, r;

  function automatic chance(input integer percent);
    integer x;
    begin
      x = $random(seed_v);
      if (x < 0) x = -x;
      chance = (x % 100) < percent;
    end
  endfunction

  // a new offer for message r: at random in even runs, every cycle in odd ones
  function automatic offer(input integer r, input integer percent);
    offer = r % 2 == 1 ? 1'b1 : chance(percent);
  endfunction

  // every node had every message's recvbuf words and statuses
  function automatic all_done();
    integer v;
    begin
      all_done = 1'b1;
      for (v = 0; v < Nodes; v = v + 1)
        if (statuses[v] != Runs || received[v] != want_recv[v]) all_done = 1'b0;
    end
  endfunction

  // The inputs of cycle c: what is offered stays until taken, new offers at random.
  task automatic drive(input integer c);
    integer v, at;
    begin
      for (v = 0; v < Nodes; v = v + 1) begin
        at = f[v] * Nodes + v;
        if (!cmd_done[v] && !offer_cmd[v]) offer_cmd[v] = (f[v] == 0 && c == 0) || offer(f[v], 40);
        cmd_valid[v] = offer_cmd[v];
        cmd_data[v*8+:8] = plan[at][39:32];
        if (sent[v] < plan[at][31:16] && !offer_send[v]) offer_send[v] = offer(f[v], 60);
        send_valid[v] = offer_send[v];
        send_data[v*W+:W] = send_valid[v] ? sends[at*MaxSend+sent[v]] : {W{1'b0}};
        send_last[v] = send_valid[v] && (sent[v] + 1 == plan[at][31:16]);
        recv_ready[v] = chance(70);
        status_ready[v] = chance(70);
      end
    end
  endtask

  // Node v's command and sendbuf words of message f[v] taken: on to the next message, if any.
  task automatic advance(input integer v);
    begin
      if (cmd_done[v] && sent[v] == plan[f[v]*Nodes+v][31:16] && f[v] + 1 < Runs) begin
        f[v] = f[v] + 1;
        sent[v] = 0;
        cmd_done[v] = 1'b0;
      end
    end
  endtask

  // What the cycle shows before its rising edge, into the transcript, and the users' state (the
  // inputs stay as driven until the edge).
  task automatic observe;
    integer v, q;
    begin
      for (v = 0; v < Nodes; v = v + 1)
        for (q = 0; q < Ports; q = q + 1)
          if (mon_valid[v*Ports+q]) $fwrite(fd, "T %0d %0d %h\n", v, q, mon_flit[(v*Ports+q)*FlitWidth+:FlitWidth]);
      for (v = 0; v < Nodes; v = v + 1) begin
        if (cmd_valid[v] && cmd_ready[v]) begin
          $fwrite(fd, "A %0d\n", f[v]);
          cmd_done[v] = 1'b1;
          offer_cmd[v] = 1'b0;
        end
        if (send_valid[v] && send_ready[v]) begin
          $fwrite(fd, "A %0d\n", f[v]);
          sent[v] = sent[v] + 1;
          offer_send[v] = 1'b0;
        end
        advance(v);
        if (recv_valid[v] && recv_ready[v]) begin
          $fwrite(fd, "R %0d %h %h %0d\n", v, recv_data[v*W+:W], recv_user[v*IndexWidth+:IndexWidth], recv_last[v]);
          received[v] = received[v] + 1;
        end
        if (status_valid[v]) begin
          $fwrite(fd, "V %0d\n", v);
          if (status_ready[v]) begin
            $fwrite(fd, "Q %0d %h\n", v, status_data[v*8+:8]);
            statuses[v] = statuses[v] + 1;
          end
        end
      end
      $fwrite(fd, "C %0d\n", mon_start);
    end
  endtask

  initial begin
    if (!$value$plusargs("send=%s", send_file) || !$value$plusargs("plan=%s", plan_file) ||
        !$value$plusargs("transcript=%s", transcript_file)) begin
      $display("FAIL tb_icarus_ni: +send, +plan and +transcript are needed");
      $finish;
    end
    $readmemh(send_file, sends);
    $readmemh(plan_file, plan);
    fd = $fopen(transcript_file, "w");
    seed_v = Seed;
    #5 clk_i = 1'b1;  // one edge in reset, then the first command may come at the next
    #5 clk_i = 1'b0;
    rst_ni = 1'b1;
    cmd_done = 0;
    offer_cmd = 0;
    offer_send = 0;
    for (u = 0; u < Nodes; u = u + 1) begin
      f[u] = 0;
      sent[u] = 0;
      received[u] = 0;
      statuses[u] = 0;
      want_recv[u] = 0;
      for (r = 0; r < Runs; r = r + 1) want_recv[u] = want_recv[u] + plan[r*Nodes+u][15:0];
    end
    c = 0;
    while (!all_done() && c < Limit) begin
      drive(c);
      #4 observe;
      #1 clk_i = 1'b1;
      #5 clk_i = 1'b0;
      c = c + 1;
    end
    $fclose(fd);
    $finish;
  end
endmodule
