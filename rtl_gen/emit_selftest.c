/* emit_selftest.c — the self-testing board top (see emit_selftest.h). */
#include "emit_selftest.h"

#include <stdio.h>

#include "emit_files.h"
#include "emit_ni.h"

#define SELFTEST_MAX_NODES 256 /* a node's id and a block's index are 8 bits in the data's seed */
#define SELFTEST_MAX_TASKS 16  /* a task's index is 4 bits there */

bool selftest_supported(const ni_plan *n, char *why, size_t len) {
  const ir_fabric *f = n->f;
  bool per_origin, per_dest;
  for (uint32_t k = 0; k < f->ntasks; k++)
    if (!ni_packet_layout(f->runs[k].task, &per_origin, &per_dest)) {
      snprintf(why, len, "the self test checks packet tasks (snb, mnb, scatter, gather, te), not %s",
               task_name(f->runs[k].task));
      return false;
    }
  if (f->fd->nodes > SELFTEST_MAX_NODES || f->ntasks > SELFTEST_MAX_TASKS) {
    snprintf(why, len, "the self test serves up to %d nodes and %d tasks, not %u nodes", SELFTEST_MAX_NODES,
             SELFTEST_MAX_TASKS, (unsigned)f->fd->nodes);
    return false;
  }
  return true;
}

/* The node's user: the same text for every design (its parameters say what differs). */
static const char *const node_body =
    "  parameter integer NODE = 0,  // this node's id (0..255)\n"
    "  parameter integer W = 32,  // bits of a word\n"
    "  parameter integer IW = 1,  // bits of the recvbuf's tuser (a block's index)\n"
    "  parameter integer M = 1,  // words of a block\n"
    "  parameter integer TASKS = 1,  // tasks of the fabric, run in turn (command tdata = k)\n"
    "  parameter integer ROUNDS = 4,  // messages of each task (1..255)\n"
    "  parameter [127:0] SEND_BLOCKS = 0,  // task k's at [k*8 +: 8]: blocks of this node's sendbuf,\n"
    "  parameter [127:0] RECV_BLOCKS = 0,  // of its recvbuf,\n"
    "  parameter [127:0] ROOT = 0,  // and the root, whose sendbuf every recvbuf block comes from,\n"
    "  parameter [15:0] FROM_INDEX = 0,  // unless bit k is set: block i from node i;\n"
    "  parameter [15:0] OB_SELF = 0,  // bit k set: it is that node's sendbuf block NODE, else block 0\n"
    "  parameter [0:0] FAULT = 1'b0  // flip bit 0 of the first sendbuf word: the self test must FAIL\n"
    ") (\n"
    "  input  wire clk_i,\n"
    "  input  wire rst_ni,\n"
    "  output wire cmd_tvalid,\n"
    "  input  wire cmd_tready,\n"
    "  output wire [7:0] cmd_tdata,\n"
    "  output wire send_tvalid,\n"
    "  input  wire send_tready,\n"
    "  output wire [W-1:0] send_tdata,\n"
    "  output wire send_tlast,\n"
    "  input  wire recv_tvalid,\n"
    "  output wire recv_tready,\n"
    "  input  wire [W-1:0] recv_tdata,\n"
    "  input  wire recv_tlast,\n"
    "  input  wire [IW-1:0] recv_tuser,\n"
    "  input  wire status_tvalid,\n"
    "  output wire status_tready,\n"
    "  input  wire [7:0] status_tdata,\n"
    "  output wire progress_o,  // a beat on one of the four streams\n"
    "  output wire done_o,  // every message sent, its recvbuf checked and its status taken\n"
    "  output reg  err_o,  // a failure; the first one's facts below\n"
    "  output reg  [1:0] what_o,  // 0: a word's data, 1: its tuser or tlast (or a word too many), 2: a status\n"
    "  output reg  [3:0] task_o,  // of the message\n"
    "  output reg  [7:0] round_o,\n"
    "  output reg  [7:0] status_o  // the status's tdata (what_o = 2)\n"
    ");\n"
    "  localparam [31:0] Taps = 32'hD0000001;  // x^32 + x^31 + x^29 + x + 1, a Galois LFSR shifting right\n"
    "  localparam [3:0] LastTask = TASKS[3:0] - 4'd1;\n"
    "  localparam [7:0] Rounds = ROUNDS[7:0];\n"
    "  localparam [15:0] LastWord = M[15:0] - 16'd1;\n"
    "  localparam [7:0] Node = NODE[7:0];\n"
    "  localparam integer FoldBits = W > 32 ? W : 32;\n"
    "\n"
    "  // The data: word j of node v's sendbuf block b in task k, round r is fold(step^(j+1)(seed(r, k, b, v))).\n"
    "  function automatic [31:0] step(input [31:0] s);  // one step of the LFSR: a shift and 3 XORs\n"
    "    step = s[0] ? (s >> 1) ^ Taps : s >> 1;\n"
    "  endfunction\n"
    "  function automatic [W-1:0] fold(input [31:0] s);  // a state's bits folded (or repeated) to W bits\n"
    "    integer b;\n"
    "    begin\n"
    "      fold = {W{1'b0}};\n"
    "      for (b = 0; b < FoldBits; b = b + 1) fold[b % W] = fold[b % W] ^ s[b % 32];\n"
    "    end\n"
    "  endfunction\n"
    "  function automatic [31:0] seed(input [7:0] r, input [3:0] k, input [7:0] b, input [7:0] v);\n"
    "    seed = {r, k, b, v, 4'h9};  // never 0\n"
    "  endfunction\n"
    "\n"
    "  // When the streams stall: a free-running LFSR, different at every node\n"
    "  reg [15:0] rand_q;\n"
    "  always @(posedge clk_i or negedge rst_ni)\n"
    "    if (!rst_ni) rand_q <= 16'hACE1 ^ {8'd0, Node};\n"
    "    else rand_q <= {rand_q[14:0], rand_q[15] ^ rand_q[13] ^ rand_q[12] ^ rand_q[10]};\n"
    "\n"
    "  // recvbuf block i of task k comes from node FROM_INDEX[k] ? i : ROOT[k], its sendbuf block OB_SELF[k] ? NODE : 0\n"
    "  function automatic [31:0] recv_seed(input [7:0] r, input [3:0] k, input [7:0] index);\n"
    "    recv_seed = seed(r, k, OB_SELF[k] ? Node : 8'd0, FROM_INDEX[k] ? index : ROOT[k*8 +: 8]);\n"
    "  endfunction\n"
    "\n"
    "  // Sender: message (s_round_q, s_task_q); its command taken (s_cmd_q); the next word's block,\n"
    "  // index and LFSR state; the beat on the stream is a register of its own (s_valid_q ...), loaded\n"
    "  // when it is empty, unless the sender stalls. What enables the loads is a register (s_more_q,\n"
    "  // s_fin_q), not a comparison, and not the interface's tready: the loads' enable is one LUT\n"
    "  reg [7:0] s_round_q, s_block_q;\n"
    "  reg [3:0] s_task_q;\n"
    "  reg [15:0] s_word_q;\n"
    "  reg [31:0] s_state_q;\n"
    "  reg s_cmd_q, s_valid_q, s_last_q;\n"
    "  reg s_fin_q, s_more_q;  // every message sent; words of this message not yet loaded\n"
    "  reg [W-1:0] s_data_q;\n"
    "  wire [7:0] s_blocks = SEND_BLOCKS[s_task_q*8 +: 8];\n"
    "  wire s_at_last = s_block_q == s_blocks - 8'd1 && s_word_q == LastWord;  // the word to load is the last\n"
    "  wire [3:0] s_next_task = s_task_q == LastTask ? 4'd0 : s_task_q + 4'd1;\n"
    "  wire [7:0] s_next_round = s_task_q == LastTask ? s_round_q + 8'd1 : s_round_q;\n"
    "  wire s_next_fin = s_next_round == Rounds;\n"
    "  wire s_next_more = !s_next_fin && SEND_BLOCKS[s_next_task*8 +: 8] != 8'd0;\n"
    "  wire s_first = s_round_q == 8'd0 && s_task_q == 4'd0 && s_block_q == 8'd0 && s_word_q == 16'd0;\n"
    "  assign cmd_tvalid = !s_fin_q && !s_cmd_q;\n"
    "  assign cmd_tdata = {4'd0, s_task_q};\n"
    "  assign send_tvalid = s_valid_q;\n"
    "  assign send_tdata = s_data_q;\n"
    "  assign send_tlast = s_last_q;\n"
    "  wire s_beat = send_tvalid && send_tready;\n"
    "  wire s_load = s_more_q && !s_valid_q && rand_q[5:4] != 2'd0;\n"
    "  always @(posedge clk_i or negedge rst_ni)\n"
    "    if (!rst_ni) begin\n"
    "      s_round_q <= 8'd0; s_task_q <= 4'd0; s_block_q <= 8'd0; s_word_q <= 16'd0;\n"
    "      s_state_q <= step(seed(8'd0, 4'd0, 8'd0, Node)); s_cmd_q <= 1'b0;\n"
    "      s_fin_q <= 1'b0; s_more_q <= SEND_BLOCKS[7:0] != 8'd0;\n"
    "      s_valid_q <= 1'b0; s_last_q <= 1'b0; s_data_q <= {W{1'b0}};\n"
    "    end else begin\n"
    "      if (cmd_tvalid && cmd_tready) s_cmd_q <= 1'b1;\n"
    "      if (s_beat) s_valid_q <= 1'b0;\n"
    "      if (s_load) begin\n"
    "        s_valid_q <= 1'b1;\n"
    "        s_data_q <= fold(s_state_q) ^ {{W-1{1'b0}}, FAULT & s_first};\n"
    "        s_last_q <= s_at_last;\n"
    "        if (s_at_last) s_more_q <= 1'b0;\n"
    "        s_word_q <= s_word_q == LastWord ? 16'd0 : s_word_q + 16'd1;\n"
    "        if (s_word_q == LastWord) s_block_q <= s_block_q + 8'd1;\n"
    "        s_state_q <= s_word_q == LastWord ? step(seed(s_round_q, s_task_q, s_block_q + 8'd1, Node)) : step(s_state_q);\n"
    "      end\n"
    "      if (!s_fin_q && s_cmd_q && !s_more_q) begin  // the message is in: the next\n"
    "        s_cmd_q <= 1'b0; s_block_q <= 8'd0; s_task_q <= s_next_task; s_round_q <= s_next_round;\n"
    "        s_fin_q <= s_next_fin; s_more_q <= s_next_more;\n"
    "        s_state_q <= step(seed(s_next_round, s_next_task, 8'd0, Node));\n"
    "      end\n"
    "    end\n"
    "\n"
    "  // Receiver: the recvbuf of message (r_round_q, r_task_q), the next word's block, index and\n"
    "  // expected LFSR state; a word's difference is registered and judged a cycle later\n"
    "  reg [7:0] r_round_q, r_block_q;\n"
    "  reg [3:0] r_task_q;\n"
    "  reg [15:0] r_word_q;\n"
    "  reg [31:0] r_state_q;\n"
    "  reg r_fin_q, r_more_q;  // every message checked; words of this message not yet checked\n"
    "  wire [7:0] r_blocks = RECV_BLOCKS[r_task_q*8 +: 8];\n"
    "  wire [3:0] r_next_task = r_task_q == LastTask ? 4'd0 : r_task_q + 4'd1;\n"
    "  wire [7:0] r_next_round = r_task_q == LastTask ? r_round_q + 8'd1 : r_round_q;\n"
    "  wire r_next_fin = r_next_round == Rounds;\n"
    "  wire r_next_more = !r_next_fin && RECV_BLOCKS[r_next_task*8 +: 8] != 8'd0;\n"
    "  wire r_last = r_block_q == r_blocks - 8'd1 && r_word_q == LastWord;\n"
    "  // a beat is taken into registers and checked in the next cycle (the checker never waits)\n"
    "  assign recv_tready = rand_q[1:0] != 2'd0;\n"
    "  reg r_beat_q;\n"
    "  reg [W-1:0] r_data_q;\n"
    "  reg [IW-1:0] r_user_q;\n"
    "  reg r_tlast_q;\n"
    "  reg [W-1:0] r_diff_q;\n"
    "  reg r_frame_q;\n"
    "  reg [3:0] r_task_d_q;\n"
    "  reg [7:0] r_round_d_q;\n"
    "  wire r_bad_data = |r_diff_q;\n"
    "  always @(posedge clk_i or negedge rst_ni)\n"
    "    if (!rst_ni) begin\n"
    "      r_round_q <= 8'd0; r_task_q <= 4'd0; r_block_q <= 8'd0; r_word_q <= 16'd0;\n"
    "      r_state_q <= step(recv_seed(8'd0, 4'd0, 8'd0));\n"
    "      r_fin_q <= 1'b0; r_more_q <= RECV_BLOCKS[7:0] != 8'd0;\n"
    "      r_diff_q <= {W{1'b0}}; r_frame_q <= 1'b0; r_task_d_q <= 4'd0; r_round_d_q <= 8'd0;\n"
    "      r_beat_q <= 1'b0; r_data_q <= {W{1'b0}}; r_user_q <= {IW{1'b0}}; r_tlast_q <= 1'b0;\n"
    "    end else begin\n"
    "      r_beat_q <= recv_tvalid && recv_tready;\n"
    "      r_data_q <= recv_tdata; r_user_q <= recv_tuser; r_tlast_q <= recv_tlast;\n"
    "      r_diff_q <= r_beat_q && r_more_q ? r_data_q ^ fold(r_state_q) : {W{1'b0}};\n"
    "      r_frame_q <= r_beat_q && (!r_more_q || r_user_q != r_block_q[IW-1:0] || r_tlast_q != r_last);\n"
    "      r_task_d_q <= r_task_q; r_round_d_q <= r_round_q;\n"
    "      if (r_beat_q && r_more_q) begin\n"
    "        if (r_last) r_more_q <= 1'b0;\n"
    "        r_word_q <= r_word_q == LastWord ? 16'd0 : r_word_q + 16'd1;\n"
    "        if (r_word_q == LastWord) r_block_q <= r_block_q + 8'd1;\n"
    "        r_state_q <= r_word_q == LastWord ? step(recv_seed(r_round_q, r_task_q, r_block_q + 8'd1)) : step(r_state_q);\n"
    "      end\n"
    "      if (!r_fin_q && !r_more_q) begin  // every block of the message checked: the next\n"
    "        r_block_q <= 8'd0; r_task_q <= r_next_task; r_round_q <= r_next_round;\n"
    "        r_fin_q <= r_next_fin; r_more_q <= r_next_more;\n"
    "        r_state_q <= step(recv_seed(r_next_round, r_next_task, 8'd0));\n"
    "      end\n"
    "    end\n"
    "\n"
    "  // Statuses: one per message, in order, each 0 (taken into registers, judged in the next cycle)\n"
    "  reg [7:0] t_round_q, t_data_q;\n"
    "  reg [3:0] t_task_q;\n"
    "  reg t_beat_q;\n"
    "  wire t_fin = t_round_q == Rounds;\n"
    "  assign status_tready = rand_q[3:2] != 2'd0;\n"
    "  wire t_bad = t_beat_q && (t_fin || t_data_q != 8'd0);\n"
    "  always @(posedge clk_i or negedge rst_ni)\n"
    "    if (!rst_ni) begin\n"
    "      t_round_q <= 8'd0; t_task_q <= 4'd0; t_beat_q <= 1'b0; t_data_q <= 8'd0;\n"
    "    end else begin\n"
    "      t_beat_q <= status_tvalid && status_tready;\n"
    "      t_data_q <= status_tdata;\n"
    "      if (t_beat_q && !t_fin) begin\n"
    "        t_task_q <= t_task_q == LastTask ? 4'd0 : t_task_q + 4'd1;\n"
    "        if (t_task_q == LastTask) t_round_q <= t_round_q + 8'd1;\n"
    "      end\n"
    "    end\n"
    "\n"
    "  // The first failure, held; done a cycle after the last word's check\n"
    "  reg done_q;\n"
    "  always @(posedge clk_i or negedge rst_ni)\n"
    "    if (!rst_ni) begin\n"
    "      err_o <= 1'b0; what_o <= 2'd0; task_o <= 4'd0; round_o <= 8'd0; status_o <= 8'd0; done_q <= 1'b0;\n"
    "    end else begin\n"
    "      done_q <= s_fin_q && r_fin_q && t_fin;\n"
    "      if (!err_o && (r_bad_data || r_frame_q || t_bad)) begin\n"
    "        err_o <= 1'b1;\n"
    "        what_o <= r_bad_data ? 2'd0 : r_frame_q ? 2'd1 : 2'd2;\n"
    "        task_o <= r_bad_data || r_frame_q ? r_task_d_q : t_task_q;\n"
    "        round_o <= r_bad_data || r_frame_q ? r_round_d_q : t_round_q;\n"
    "        status_o <= t_data_q;\n"
    "      end\n"
    "    end\n"
    "  assign done_o = done_q;\n"
    "  assign progress_o = (cmd_tvalid && cmd_tready) || s_beat || r_beat_q || t_beat_q;\n";

static const char *const top_tail =
    "\n"
    "  // The report: the lowest failing node, or after a timeout the lowest unfinished one\n"
    "  wire any_err = |err;\n"
    "  reg [TIMEOUT_BITS-1:0] idle_q;  // cycles without a beat\n"
    "  wire hang = &idle_q;\n"
    "  reg [7:0] pick;\n"
    "  integer i;\n"
    "  always @* begin\n"
    "    pick = 8'd0;\n"
    "    for (i = Nodes - 1; i >= 0; i = i - 1)\n"
    "      if (err[i] || (!any_err && !done[i])) pick = i[7:0];\n"
    "  end\n"
    "  reg rep_q, pass_q;\n"
    "  reg [7:0] node_q, round_q, status_q;\n"
    "  reg [3:0] task_q;\n"
    "  reg [1:0] what_q;\n"
    "  always @(posedge clk_i or negedge rst_n)\n"
    "    if (!rst_n) begin\n"
    "      idle_q <= {TIMEOUT_BITS{1'b0}}; rep_q <= 1'b0; pass_q <= 1'b0;\n"
    "      node_q <= 8'd0; round_q <= 8'd0; status_q <= 8'd0; task_q <= 4'd0; what_q <= 2'd0;\n"
    "    end else if (!rep_q) begin\n"
    "      idle_q <= |progress ? {TIMEOUT_BITS{1'b0}} : idle_q + 1'b1;\n"
    "      if (any_err || &done || hang) begin\n"
    "        rep_q <= 1'b1; pass_q <= !any_err && &done; node_q <= pick;\n"
    "        what_q <= any_err ? what[pick*2 +: 2] : 2'd3; task_q <= task_k[pick*4 +: 4];\n"
    "        round_q <= round[pick*8 +: 8]; status_q <= status[pick*8 +: 8];\n"
    "      end\n"
    "    end\n"
    "\n"
    "  // The line, 8N1 on uart_tx_o, again every 2^REPEAT_BITS cycles\n"
    "  function automatic [7:0] hex(input [3:0] v);\n"
    "    hex = v < 4'd10 ? 8'h30 + {4'd0, v} : 8'h57 + {4'd0, v};\n"
    "  endfunction\n"
    "  wire [7:0] what_char = what_q == 2'd0 ? \"d\" : what_q == 2'd1 ? \"f\" : what_q == 2'd2 ? \"s\" : \"h\";\n"
    "  localparam integer LineMax = 47, PassLen = 34;\n"
    "  localparam [5:0] LineLast = 6'd46;  // LineMax - 1\n"
    "  wire [8*LineMax-1:0] fail_line = {\"FAIL node=\", hex(node_q[7:4]), hex(node_q[3:0]), \" task=\", hex(task_q),\n"
    "    \" round=\", hex(round_q[7:4]), hex(round_q[3:0]), \" what=\", what_char, \" status=\", hex(status_q[7:4]),\n"
    "    hex(status_q[3:0]), 8'h0d, 8'h0a};\n"
    "  wire [8*LineMax-1:0] pass_line = {\"PASS nodes=\", hex(NodesHex[11:8]), hex(NodesHex[7:4]), hex(NodesHex[3:0]),\n"
    "    \" tasks=\", hex(Tasks), \" rounds=\", hex(Rounds[7:4]), hex(Rounds[3:0]), 8'h0d, 8'h0a, {8*(LineMax-PassLen){1'b0}}};\n"
    "  wire [8*LineMax-1:0] line = pass_q ? pass_line : fail_line;\n"
    "  wire [5:0] line_len = pass_q ? PassLen[5:0] : LineMax[5:0];\n"
    "  reg [5:0] ch_q;\n"
    "  reg [3:0] bit_q;  // 0 the start bit, 1..8 the data, 9 the stop bit\n"
    "  reg [15:0] baud_q;\n"
    "  reg [REPEAT_BITS-1:0] again_q;\n"
    "  reg busy_q, tx_q;\n"
    "  wire [5:0] ch_from_end = LineLast - ch_q;\n"
    "  wire [7:0] ch = line[{ch_from_end, 3'd0} +: 8];\n"
    "  always @(posedge clk_i or negedge rst_n)\n"
    "    if (!rst_n) begin\n"
    "      ch_q <= 6'd0; bit_q <= 4'd0; baud_q <= 16'd0; again_q <= {REPEAT_BITS{1'b0}}; busy_q <= 1'b0; tx_q <= 1'b1;\n"
    "    end else if (!busy_q) begin\n"
    "      if (rep_q) again_q <= again_q + 1'b1;\n"
    "      if (rep_q && again_q == {REPEAT_BITS{1'b0}}) begin busy_q <= 1'b1; ch_q <= 6'd0; bit_q <= 4'd0; tx_q <= 1'b0; end\n"
    "    end else if (baud_q != BaudLast) baud_q <= baud_q + 16'd1;\n"
    "    else begin\n"
    "      baud_q <= 16'd0;\n"
    "      if (bit_q != 4'd9) begin bit_q <= bit_q + 4'd1; tx_q <= bit_q == 4'd8 ? 1'b1 : ch[bit_q[2:0]]; end\n"
    "      else if (ch_q == line_len - 6'd1) busy_q <= 1'b0;\n"
    "      else begin ch_q <= ch_q + 6'd1; bit_q <= 4'd0; tx_q <= 1'b0; end\n"
    "    end\n"
    "  assign uart_tx_o = tx_q;\n"
    "\n"
    "  reg [23:0] blink_q;\n"
    "  always @(posedge clk_i or negedge rst_n)\n"
    "    if (!rst_n) blink_q <= 24'd0;\n"
    "    else blink_q <= blink_q + 24'd1;\n"
    "  wire fail = any_err || (rep_q && !pass_q);\n"
    "  assign led_o = {fail ? node_q[4:0] : 5'd0, !rep_q && blink_q[23], fail, rep_q && pass_q && !any_err};\n";

/* The packed per-task parameter of one node: task k's 8 bits at [k*8 +: 8]. */
static void per_task_bytes(vwriter *w, const char *name, const uint32_t *v, uint32_t tasks) {
  vw_raw(w, ".%s({", name);
  for (uint32_t k = SELFTEST_MAX_TASKS; k-- > 0;) vw_raw(w, "8'd%u%s", k < tasks ? (unsigned)v[k] : 0u, k ? ", " : "");
  vw_raw(w, "}), ");
}

/* The packed per-task bits of one node. */
static void per_task_bits(vwriter *w, const char *name, const bool *v, uint32_t tasks) {
  vw_raw(w, ".%s(%d'b", name, SELFTEST_MAX_TASKS);
  for (uint32_t k = SELFTEST_MAX_TASKS; k-- > 0;) vw_raw(w, "%d", k < tasks && v[k] ? 1 : 0);
  vw_raw(w, "), ");
}

/* Node u's user and its ports on the system's per-node buses. */
static void emit_user(vwriter *w, const ni_plan *n, const router_shape *s, uint32_t u) {
  const ir_fabric *f = n->f;
  uint32_t root[SELFTEST_MAX_TASKS] = {0};
  bool from_index[SELFTEST_MAX_TASKS] = {0}, ob_self[SELFTEST_MAX_TASKS] = {0};
  for (uint32_t k = 0; k < f->ntasks; k++) {
    ni_packet_layout(f->runs[k].task, &from_index[k], &ob_self[k]);
    root[k] = f->runs[k].root < 0 ? 0 : (uint32_t)f->runs[k].root;
  }
  unsigned uu = (unsigned)u;
  int iw = n->index_width, wd = s->payload_width;
  vw_raw(w, "  %s #(.NODE(%u), .W(%d), .IW(%d), .M(%u), .TASKS(%u), .ROUNDS(ROUNDS),\n    ", SELFTEST_NODE_MODULE, uu, wd,
         iw, (unsigned)n->message_words, (unsigned)f->ntasks);
  per_task_bytes(w, "SEND_BLOCKS", n->nodes[u].send_count, f->ntasks);
  per_task_bytes(w, "RECV_BLOCKS", n->nodes[u].recv_count, f->ntasks);
  per_task_bytes(w, "ROOT", root, f->ntasks);
  vw_raw(w, "\n    ");
  per_task_bits(w, "FROM_INDEX", from_index, f->ntasks);
  per_task_bits(w, "OB_SELF", ob_self, f->ntasks);
  vw_raw(w, ".FAULT(FAULT_NODE == %u)\n  ) u_user%u (\n", uu, uu);
  vw_raw(w, "    .clk_i(clk_i), .rst_ni(rst_n),\n");
  vw_raw(w, "    .cmd_tvalid(s_axis_cmd_tvalid[%u]), .cmd_tready(s_axis_cmd_tready[%u]), .cmd_tdata(s_axis_cmd_tdata[%u +: 8]),\n",
         uu, uu, uu * 8);
  vw_raw(w, "    .send_tvalid(s_axis_send_tvalid[%u]), .send_tready(s_axis_send_tready[%u]),\n", uu, uu);
  vw_raw(w, "    .send_tdata(s_axis_send_tdata[%u +: %d]), .send_tlast(s_axis_send_tlast[%u]),\n", uu * wd, wd, uu);
  vw_raw(w, "    .recv_tvalid(m_axis_recv_tvalid[%u]), .recv_tready(m_axis_recv_tready[%u]),\n", uu, uu);
  vw_raw(w, "    .recv_tdata(m_axis_recv_tdata[%u +: %d]), .recv_tlast(m_axis_recv_tlast[%u]),\n", uu * wd, wd, uu);
  vw_raw(w, "    .recv_tuser(m_axis_recv_tuser[%u +: %d]),\n", uu * iw, iw);
  vw_raw(w, "    .status_tvalid(m_axis_status_tvalid[%u]), .status_tready(m_axis_status_tready[%u]),\n", uu, uu);
  vw_raw(w, "    .status_tdata(m_axis_status_tdata[%u +: 8]),\n", uu * 8);
  vw_raw(w, "    .progress_o(progress[%u]), .done_o(done[%u]), .err_o(err[%u]), .what_o(what[%u +: 2]),\n", uu, uu, uu,
         uu * 2);
  vw_raw(w, "    .task_o(task_k[%u +: 4]), .round_o(round[%u +: 8]), .status_o(status[%u +: 8])\n  );\n", uu * 4, uu * 8,
         uu * 8);
}

/* The system's per-node buses, as the top wires them. */
static void emit_buses(vwriter *w, const ni_plan *n, const router_shape *s) {
  unsigned nodes = (unsigned)n->f->fd->nodes, wd = (unsigned)s->payload_width, iw = (unsigned)n->index_width;
  unsigned lanes = nodes * (unsigned)s->ports;
  vw_raw(w, "  wire [%u:0] s_axis_cmd_tvalid, s_axis_cmd_tready, s_axis_send_tvalid, s_axis_send_tready, s_axis_send_tlast;\n",
         nodes - 1);
  vw_raw(w, "  wire [%u:0] m_axis_recv_tvalid, m_axis_recv_tready, m_axis_recv_tlast, m_axis_status_tvalid, m_axis_status_tready;\n",
         nodes - 1);
  vw_raw(w, "  wire [%u:0] s_axis_cmd_tdata, m_axis_status_tdata;\n", nodes * 8 - 1);
  vw_raw(w, "  wire [%u:0] s_axis_send_tdata, m_axis_recv_tdata;\n", nodes * wd - 1);
  vw_raw(w, "  wire [%u:0] m_axis_recv_tuser;\n", nodes * iw - 1);
  vw_raw(w, "  wire [%u:0] progress, done, err;\n  wire [%u:0] what;\n  wire [%u:0] task_k;\n  wire [%u:0] round, status;\n",
         nodes - 1, nodes * 2 - 1, nodes * 4 - 1, nodes * 8 - 1);
  vw_raw(w, "  wire unused_mon_start;\n  wire [%u:0] unused_mon_valid;\n  wire [%u:0] unused_mon_flit;\n", lanes - 1,
         lanes * (unsigned)s->flit_width - 1);
  vw_raw(w, "  %s #(.ROM_DIR(ROM_DIR)) u_system (\n    .clk_i(clk_i), .rst_ni(rst_n),\n", SYSTEM_MODULE);
  static const char *const ports[] = {"s_axis_cmd_tvalid",   "s_axis_cmd_tready",    "s_axis_cmd_tdata",    "s_axis_send_tvalid",
                                      "s_axis_send_tready",  "s_axis_send_tdata",    "s_axis_send_tlast",   "m_axis_recv_tvalid",
                                      "m_axis_recv_tready",  "m_axis_recv_tdata",    "m_axis_recv_tlast",   "m_axis_recv_tuser",
                                      "m_axis_status_tvalid", "m_axis_status_tready", "m_axis_status_tdata"};
  for (size_t i = 0; i < sizeof ports / sizeof ports[0]; i++) vw_raw(w, "    .%s(%s),\n", ports[i], ports[i]);
  vw_raw(w, "    .mon_start_o(unused_mon_start), .mon_tx_valid_o(unused_mon_valid), .mon_tx_flit_o(unused_mon_flit)\n  );\n");
}

void emit_selftest_node(vwriter *w, const char *header) {
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_raw(w, "// The self test's user of one node (%s): it sends every task's message ROUNDS times, in\n", SELFTEST_MODULE);
  vw_raw(w, "// task order, through the node's command and sendbuf streams, with random stalls, and checks every\n");
  vw_raw(w, "// recvbuf word (data, tuser, tlast) and every status against what MPI's layout makes of the other\n");
  vw_raw(w, "// nodes' data, which it computes itself (below: an LFSR seeded by round, task, block and node).\n");
  vw_raw(w, "module %s #(\n%s", SELFTEST_NODE_MODULE, node_body);
  emit_endmodule(w);
}

void emit_selftest(vwriter *w, const char *header, const ni_plan *n, const router_shape *s) {
  unsigned nodes = (unsigned)n->f->fd->nodes;
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_raw(w, "// A board top that tests the whole system of %s by itself: per node a user (%s) runs\n", n->f->fd->topo_name,
         SELFTEST_NODE_MODULE);
  vw_raw(w, "// every task ROUNDS times; led_o[0] PASS, [1] FAIL, [2] blinks while running, [7:3] the failing\n");
  vw_raw(w, "// node's id; uart_tx_o (8N1, BAUD_DIV cycles a bit) says it in a line (docs/ARCHITECTURE.md, \"The self test\").\n");
  vw_raw(w, "module %s #(\n", SELFTEST_MODULE);
  vw_raw(w, "  parameter integer ROUNDS = 4,  // messages of each task (1..255)\n");
  vw_raw(w, "  parameter integer BAUD_DIV = 104,  // clock cycles per UART bit: 12 MHz / 115200 baud\n");
  vw_raw(w, "  parameter integer TIMEOUT_BITS = 20,  // FAIL (what=h) after 2^TIMEOUT_BITS cycles without a beat\n");
  vw_raw(w, "  parameter integer REPEAT_BITS = 24,  // the line again every 2^REPEAT_BITS cycles\n");
  vw_raw(w, "  parameter integer FAULT_NODE = -1,  // this node's first sendbuf word is corrupted: the test must FAIL\n");
  vw_raw(w, "  parameter ROM_DIR = \"./\"  // the directory of the ROM files, ending in '/'\n");
  vw_raw(w, ") (\n  input  wire clk_i,\n  output wire [7:0] led_o,\n  output wire uart_tx_o\n);\n");
  vw_raw(w, "  localparam integer Nodes = %u;\n  localparam [11:0] NodesHex = Nodes[11:0];\n", nodes);
  vw_raw(w, "  localparam [7:0] Rounds = ROUNDS[7:0];\n  localparam [15:0] BaudLast = BAUD_DIV[15:0] - 16'd1;\n");
  vw_raw(w, "  localparam [3:0] Tasks = 4'd%u;\n", (unsigned)n->f->ntasks);
  vw_raw(w, "  reg [4:0] por_q = 5'd0;  // reset for the first 16 cycles after configuration\n");
  vw_raw(w, "  always @(posedge clk_i) if (!por_q[4]) por_q <= por_q + 5'd1;\n  wire rst_n = por_q[4];\n\n");
  emit_buses(w, n, s);
  for (uint32_t u = 0; u < nodes; u++) emit_user(w, n, s, u);
  vw_raw(w, "%s", top_tail);
  emit_endmodule(w);
}

void emit_selftest_file_list(vwriter *w, const char *header, const fabric_desc *fd) {
  emit_system_file_list(w, header, fd);
  vw_line(w, "%s.v", SELFTEST_NODE_MODULE);
  vw_line(w, "%s.v", SELFTEST_MODULE);
}
