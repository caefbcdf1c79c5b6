/* emit_ni.c — the network interface's Verilog and files (see emit_ni.h, ni.h). */
#include "emit_ni.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_files.h"
#include "emit_verilog.h"
#include "mem_style.h"
#include "scan_wrapper.h"

/* The widths every printer below uses. */
typedef struct {
  int a, w, f, p, cw, saw, raw, iw, fw, dw, srcw, pw;
  int m, wb; /* words a block, and the bits of a word's index (0 when m = 1) */
  int tw, tasks; /* the bits of a task's index (0 for one task), and the tasks */
  bool own;      /* some node's recvbuf holds its own block: a memory for it */
  ni_lane_fields lanes[RTL_MAX_PORTS];
} ni_widths;

/* The interface's memories read through a register (the drain map excepted); no plan puts them
 * in block RAM (mem_style.h: auto leaves them to synthesis). */
static const mem_shape ni_memory = {.sync_read = true, .planned_block = false};

static int bits_for(uint64_t n) { return rtl_clog2(n) ? rtl_clog2(n) : 1; }

static ni_widths widths_of(const ni_plan *n, const router_shape *s) {
  ni_widths x = {.a = s->id_width, .w = s->payload_width, .f = s->flit_width, .p = s->ports, .cw = s->cycle_width,
                 .saw = n->send_addr_width, .raw = n->recv_addr_width, .iw = n->index_width};
  x.fw = bits_for((uint64_t)n->send_max + 1);
  x.dw = bits_for((uint64_t)n->recv_max + 1);
  x.srcw = bits_for((uint64_t)x.p + 1);
  x.pw = ni_word_layout(n, s, x.lanes);
  x.m = (int)n->message_words;
  x.wb = x.m > 1 ? bits_for((uint64_t)x.m) : 0;
  x.tw = s->task_width;
  x.tasks = (int)s->tasks;
  x.own = n->own_blocks;
  return x;
}

static const char *field(char *buf, size_t len, const char *sig, rom_field f) { return slice(buf, len, sig, f.lsb, f.width); }

/* A buffer address: {word, buffer, entry}, the word's index only when a block has several
 * (word-major: a memory of 2M times the entries, addressed without a multiplier). */
static const char *addr(char *buf, size_t len, const ni_widths *x, const char *word, const char *buffer, const char *entry) {
  if (x->wb) snprintf(buf, len, "{%s, %s, %s}", word, buffer, entry);
  else snprintf(buf, len, "{%s, %s}", buffer, entry);
  return buf;
}

/* A node's block counts as a parameter value, task k's at [k*width +: width]. */
static void count_value(vwriter *w, int width, const uint32_t *count, int tasks) {
  vw_raw(w, "%s", tasks > 1 ? "{" : "");
  for (int k = tasks - 1; k >= 0; k--) vw_raw(w, "%d'd%u%s", width, (unsigned)count[k], k ? ", " : "");
  vw_raw(w, "%s", tasks > 1 ? "}" : "");
}

/* A parameter of a block count, every task's `value` by default. */
static void count_parameter(vwriter *w, const char *name, int width, uint32_t value, int tasks, const char *what) {
  uint32_t same[IR_MAX_TASKS];
  for (int k = 0; k < tasks; k++) same[k] = value;
  vw_raw(w, "%*sparameter [%d:0] %s = ", 2 * w->indent, "", tasks * width - 1, name);
  count_value(w, width, same, tasks);
  if (tasks == 1) vw_raw(w, ",  // %s\n", what);
  else vw_raw(w, ",  // %s, task k's at [k*%d +: %d]\n", what, width, width);
}

/* Task k's field of a per-task parameter. */
typedef struct {
  const char *param;
  int width;
} param_field;
static const char *param_slice(char *buf, size_t len, uint32_t k, const void *ctx) {
  const param_field *pf = ctx;
  snprintf(buf, len, "%s[%d +: %d]", pf->param, (int)k * pf->width, pf->width);
  return buf;
}

/* `name` = the field of the per-task parameter param (width bits each) of the task `task`. */
static void per_task_count(vwriter *w, const ni_widths *x, const char *name, const char *param, int width, const char *task) {
  char decl[64];
  snprintf(decl, sizeof decl, "wire [%d:0] %s", width - 1, name);
  if (!x->tw) {
    vw_line(w, "%s = %s;", decl, param);
    return;
  }
  param_field pf = {param, width};
  emit_task_select(w, decl, task, x->tw, (uint32_t)x->tasks, param_slice, &pf);
}

/* Node u's parameters after NODE: its counts per task, its program and drain map. */
static void ni_parameters(vwriter *w, const ni_widths *x, const ni_node *nd, uint32_t u, bool in_rom_dir) {
  char prog[64], drain[64];
  const char *open = in_rom_dir ? "{ROM_DIR, " : "", *close = in_rom_dir ? "}" : "";
  ni_file_names(u, prog, drain, sizeof prog);
  vw_raw(w, ".SEND_COUNT(");
  count_value(w, x->fw, nd->send_count, x->tasks);
  vw_raw(w, "), .RECV_COUNT(");
  count_value(w, x->dw, nd->recv_count, x->tasks);
  if (x->own) {
    vw_raw(w, "), .OWN_BLOCK(");
    count_value(w, x->fw, nd->own_block, x->tasks);
  }
  vw_raw(w, "), .PROGRAM(%s\"%s\"%s), .DRAIN(%s\"%s\"%s)", open, prog, close, open, drain, close);
}

static void emit_ni_ports(vwriter *w, const ni_plan *n, const router_shape *s, const ni_widths *x) {
  vw_open(w, "module %s #(", NI_MODULE);
  if (!s->bare_flit) vw_line(w, "parameter [%d:0] NODE = %d'd0,  // this node's id: the origin of its flits", x->a - 1, x->a);
  count_parameter(w, "SEND_COUNT", x->fw, n->send_max, x->tasks, "blocks of this node's sendbuf");
  count_parameter(w, "RECV_COUNT", x->dw, n->recv_max, x->tasks, "blocks of this node's recvbuf");
  if (x->own) count_parameter(w, "OWN_BLOCK", x->fw, n->send_max, x->tasks, "the sendbuf block that is its own recvbuf block (SEND_COUNT: none)");
  vw_line(w, "parameter PROGRAM = \"ni_n0.hex\",  // a word per cycle: what the local port does");
  vw_line(w, "parameter DRAIN = \"ni_drain_n0.hex\"  // per recvbuf block: {source, entry}");
  vw_close(w, ") (");
  w->indent++;
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,  // asynchronous, active low");
  if (x->tw) {
    vw_raw(w, "%*s// command: tdata = the task's index in the fabric:", 2 * w->indent, "");
    for (int k = 0; k < x->tasks; k++) vw_raw(w, " %d %s%s", k, task_name(n->f->runs[k].task), k + 1 < x->tasks ? "," : "\n");
  } else {
    vw_line(w, "// command: tdata = the task's index in the fabric (0: its task)");
  }
  vw_line(w, "input  wire s_axis_cmd_tvalid,");
  vw_line(w, "output wire s_axis_cmd_tready,");
  vw_line(w, "input  wire [%d:0] s_axis_cmd_tdata,", NI_CMD_WIDTH - 1);
  vw_line(w, "// sendbuf in MPI's order, block after block, %d word%s a block, tlast on the last word", x->m, x->m > 1 ? "s" : "");
  vw_line(w, "input  wire s_axis_send_tvalid,");
  vw_line(w, "output wire s_axis_send_tready,");
  vw_line(w, "input  wire [%d:0] s_axis_send_tdata,", x->w - 1);
  vw_line(w, "input  wire s_axis_send_tlast,");
  vw_line(w, "// recvbuf in MPI's order, %d word%s a block, tuser = the block's index, tlast on the last word", x->m,
          x->m > 1 ? "s" : "");
  vw_line(w, "output wire m_axis_recv_tvalid,");
  vw_line(w, "input  wire m_axis_recv_tready,");
  vw_line(w, "output wire [%d:0] m_axis_recv_tdata,", x->w - 1);
  vw_line(w, "output wire m_axis_recv_tlast,");
  vw_line(w, "output wire [%d:0] m_axis_recv_tuser,", x->iw - 1);
  vw_line(w, "// status, one per message: tdata = the error bits, 0 = clean");
  vw_line(w, "output wire m_axis_status_tvalid,");
  vw_line(w, "input  wire m_axis_status_tready,");
  vw_line(w, "output wire [%d:0] m_axis_status_tdata,", NI_STATUS_WIDTH - 1);
  vw_line(w, "// the system: this node is ready to run; every node is (the run starts); the fabric's error");
  vw_line(w, "output wire ready_o,");
  vw_line(w, "input  wire start_i,");
  vw_line(w, "input  wire fabric_err_i,");
  if (x->tw) {
    vw_line(w, "output wire [%d:0] task_o,  // the task of the next run: the router's task_i", x->tw - 1);
    vw_line(w, "input  wire task_err_i,  // the nodes' commands named different tasks (at the start)");
  }
  vw_line(w, "// the router's local port, lane p at [p*X +: X]");
  vw_line(w, "input  wire [%d:0] inj_req_i,", x->p - 1);
  vw_line(w, "input  wire [%d:0] inj_dest_i,", x->p * (x->a + 1) - 1);
  vw_line(w, "output wire [%d:0] inj_flit_o,", x->p * x->f - 1);
  vw_line(w, "input  wire [%d:0] dlv_valid_i,", x->p - 1);
  vw_line(w, "input  wire [%d:0] dlv_flit_i", x->p * x->f - 1);
  w->indent--;
  vw_line(w, ");");
}

/* The two message buffers: their states, the pointers of the three stages (fill, run, drain)
 * that use them in turn, and each buffer's task. */
static void emit_ni_buffers(vwriter *w, const ni_widths *x) {
  vw_line(w, "// Two message buffers, used in turn (a bit of every memory's address): FREE while the user fills");
  vw_line(w, "// one (the command and the sendbuf), LOADED, RUN, DRAIN (the recvbuf streamed out, the status");
  vw_line(w, "// taken), FREE again. A message fills while the one before runs or drains.");
  vw_line(w, "localparam [1:0] BufFree = 2'd0, BufLoaded = 2'd1, BufRun = 2'd2, BufDrain = 2'd3;");
  vw_line(w, "reg [1:0] buf0_q, buf1_q;");
  vw_line(w, "reg fb_q, rb_q, db_q;  // the buffer being filled, run (or next to run), drained");
  vw_line(w, "wire load_done, run_begins, begin_buf, run_ends, end_buf, drain_ends;  // a stage moves on (below)");
  vw_line(w, "wire [1:0] fill_state = fb_q ? buf1_q : buf0_q;");
  vw_line(w, "wire [1:0] run_state = rb_q ? buf1_q : buf0_q;");
  vw_line(w, "wire [1:0] next_state = rb_q ? buf0_q : buf1_q;  // the message after the run's");
  vw_line(w, "wire [1:0] drain_state = db_q ? buf1_q : buf0_q;");
  if (x->tw) {
    int t = x->tw - 1;
    vw_line(w, "reg [%d:0] task0_q, task1_q;  // each buffer's command's task", t);
    vw_line(w, "wire [%d:0] fill_task = fb_q ? task1_q : task0_q;", t);
    vw_line(w, "reg [%d:0] run_task_q;  // = rb_q ? task1_q : task0_q, a register (the cycle constants follow it)", t);
    vw_line(w, "wire [%d:0] run_task = run_task_q;  // the router's task_i", t);
    vw_line(w, "wire [%d:0] next_task = rb_q ? task0_q : task1_q;", t);
    vw_line(w, "wire [%d:0] drain_task = db_q ? task1_q : task0_q;", t);
  }
  for (int b = 0; b < 2; b++) {
    vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
    vw_line(w, "if (!rst_ni) buf%d_q <= BufFree;", b);
    vw_open(w, "else case (buf%d_q)", b);
    vw_line(w, "BufFree: if (load_done && fb_q == 1'b%d) buf%d_q <= BufLoaded;", b, b);
    vw_line(w, "BufLoaded: if (run_begins && begin_buf == 1'b%d) buf%d_q <= BufRun;", b, b);
    vw_line(w, "BufRun: if (run_ends && end_buf == 1'b%d) buf%d_q <= BufDrain;", b, b);
    vw_line(w, "default: if (drain_ends && db_q == 1'b%d) buf%d_q <= BufFree;", b, b);
    vw_close(w, "endcase");
    vw_close(w, "end");
  }
}

/* The cycle counter, the router's own (arch.h): 0 idle, 1..cycles, and when runs go back to
 * back the merged cycles; rb_q and word_q are the run's buffer and word (the word of every
 * block it carries); a message's first run begins and its last ends. */
static void emit_ni_counter(vwriter *w, const router_shape *s, const ni_widths *x) {
  int cw = x->cw, wb = x->wb;
  emit_cycle_constants(w, s, "run_task");
  vw_line(w, "reg [%d:0] cyc_q;", cw - 1);
  vw_line(w, "wire running = (cyc_q != %d'd0);", cw);
  emit_next_cycle(w, s, "!running", "cyc_q == LastCycle");
  vw_line(w, "assign begin_buf = running ? !rb_q : rb_q;  // the buffer whose message begins");
  if (wb) {
    vw_line(w, "// a message of %d words: run m carries word m of every block, the runs back to back", x->m);
    vw_line(w, "localparam [%d:0] LastWord = %d'd%d;", wb - 1, wb, x->m - 1);
    vw_line(w, "reg [%d:0] word_q;", wb - 1);
    vw_line(w, "wire last_word = (word_q == LastWord);");
  } else {
    vw_line(w, "wire last_word = 1'b1;  // one word a block: one run a message");
  }
  if (!s->overlap) { /* runs of one slot: messages take turns */
    vw_line(w, "wire continuing = 1'b0;  // runs of one slot do not go back to back");
    vw_line(w, "assign run_begins = !running && start_i;");
    vw_line(w, "assign run_ends = (cyc_q == LastCycle);");
    vw_line(w, "assign end_buf = rb_q;");
    vw_line(w, "wire wr_rb = rb_q;  // the buffer a delivery is filed in");
    vw_line(w, "wire rb_d = run_ends ? !rb_q : rb_q;");
    vw_line(w, "always @(posedge clk_i or negedge rst_ni) if (!rst_ni) rb_q <= 1'b0; else rb_q <= rb_d;");
    return;
  }
  vw_line(w, "// the run after this one: the next word, or the next message's word 0 in the other buffer, which");
  vw_line(w, "// follows at once when every node has it loaded, of the same task");
  vw_line(w, "wire nx_rb = last_word ? !rb_q : rb_q;");
  if (wb) vw_line(w, "wire [%d:0] nx_word = last_word ? %d'd0 : word_q + %d'd1;", wb - 1, wb, wb);
  vw_line(w, "wire chain = (next_state == BufLoaded)%s;", x->tw ? " && (next_task == run_task)" : "");
  vw_line(w, "wire continuing = running && (acting == PenultimateSlot) && (!last_word || chain);");
  vw_line(w, "assign run_begins = !running && start_i || (cyc_q == ContinueCycle) && last_word;");
  vw_line(w, "// the shared cycle files the receptions of the run before it (prev_*), and may end its message");
  vw_line(w, "reg prev_rb_q;");
  if (wb) vw_line(w, "reg [%d:0] prev_word_q;", wb - 1);
  vw_line(w, "assign run_ends = (cyc_q == LastCycle) || (cyc_q == SharedCycle) && (prev_rb_q != rb_q);");
  vw_line(w, "assign end_buf = (cyc_q == LastCycle) ? rb_q : prev_rb_q;");
  vw_line(w, "wire wr_rb = (cyc_q == SharedCycle) ? prev_rb_q : rb_q;  // the buffer a delivery is filed in");
  if (wb) vw_line(w, "wire [%d:0] wr_word = (cyc_q == SharedCycle) ? prev_word_q : word_q;  // and its word", wb - 1);
  vw_line(w, "// the next run's cycle 1 is the shared cycle; a message that ends: the next begins in the other buffer");
  vw_line(w, "wire rb_d = (cyc_q == ContinueCycle) ? nx_rb : (cyc_q == LastCycle) ? !rb_q : rb_q;");
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_line(w, "if (!rst_ni) begin rb_q <= 1'b0; prev_rb_q <= 1'b0;%s end", wb ? " word_q <= 0; prev_word_q <= 0;" : "");
  vw_open(w, "else begin");
  vw_line(w, "rb_q <= rb_d;");
  vw_line(w, "if (cyc_q == ContinueCycle) begin prev_rb_q <= rb_q;%s end", wb ? " prev_word_q <= word_q; word_q <= nx_word; " : "");
  if (wb) vw_line(w, "else if (cyc_q == LastCycle) word_q <= 0;");
  vw_close(w, "end");
  vw_close(w, "end");
}

/* The fill: the command and the sendbuf into buffer fb_q while it is free. */
static void emit_ni_fill(vwriter *w, const ni_widths *x) {
  vw_line(w, "reg primed_q;  // the program's word 0 has been read since reset");
  vw_line(w, "reg cmd_q;  // the filling buffer's command is in");
  vw_line(w, "reg [%d:0] fill_q;  // its sendbuf blocks complete", x->fw - 1);
  if (x->wb) vw_line(w, "reg [%d:0] fill_word_q;  // words of the next block", x->wb - 1);
  per_task_count(w, x, "send_count", "SEND_COUNT", x->fw, "fill_task");
  vw_line(w, "wire fill_open = (fill_state == BufFree);");
  vw_line(w, "wire fill_done = (fill_q == send_count);");
  vw_line(w, "wire block_end = %s;  // the block's last word", x->wb ? "(fill_word_q == LastWord)" : "1'b1");
  vw_line(w, "assign s_axis_send_tready = fill_open && %s!fill_done;", x->tw ? "cmd_q && " : "");
  vw_line(w, "assign s_axis_cmd_tready = fill_open && !cmd_q;");
  vw_line(w, "wire send_fire = s_axis_send_tvalid && s_axis_send_tready;");
  vw_line(w, "wire cmd_fire = s_axis_cmd_tvalid && s_axis_cmd_tready;");
  vw_line(w, "assign load_done = fill_open && cmd_q && fill_done && primed_q;");
  if (x->tw) /* an index beyond the tasks runs task 0, reported */
    vw_line(w, "wire [%d:0] cmd_task = (s_axis_cmd_tdata < %d'd%d) ? s_axis_cmd_tdata[%d:0] : %d'd0;", x->tw - 1,
            NI_CMD_WIDTH, x->tasks, x->tw - 1, x->tw);
  for (int b = 0; b < 2 && x->tw; b++)
    vw_line(w, "wire [%d:0] task%d_d = (cmd_fire && fb_q == 1'b%d) ? cmd_task : task%d_q;", x->tw - 1, b, b, b);
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_open(w, "if (!rst_ni) begin");
  vw_line(w, "primed_q <= 1'b0; cmd_q <= 1'b0; fill_q <= %d'd0; fb_q <= 1'b0;%s", x->fw, x->wb ? " fill_word_q <= 0;" : "");
  if (x->tw) vw_line(w, "task0_q <= %d'd0; task1_q <= %d'd0;", x->tw, x->tw);
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "primed_q <= 1'b1;");
  vw_line(w, "if (send_fire && block_end) fill_q <= fill_q + %d'd1;", x->fw);
  if (x->wb) vw_line(w, "if (send_fire) fill_word_q <= block_end ? %d'd0 : fill_word_q + %d'd1;", x->wb, x->wb);
  vw_line(w, "if (cmd_fire) cmd_q <= 1'b1;");
  for (int b = 0; b < 2 && x->tw; b++) vw_line(w, "task%d_q <= task%d_d;", b, b);
  vw_line(w, "if (load_done) begin cmd_q <= 1'b0; fill_q <= %d'd0; fb_q <= !fb_q; end", x->fw);
  vw_close(w, "end");
  vw_close(w, "end");
}

/* Each message's errors, kept with its buffer from its fill to its status, and the status. */
static void emit_ni_status(vwriter *w, const ni_widths *x) {
  vw_line(w, "// a message's errors, kept with its buffer: {sendbuf tlast, task, tags, program}");
  vw_line(w, "reg [3:0] errs0_q, errs1_q;");
  vw_line(w, "wire prog_mismatch, tag_mismatch;");
  vw_line(w, "wire last_err = send_fire && (s_axis_send_tlast != (block_end && fill_q + %d'd1 == send_count));", x->fw);
  if (x->tw)
    vw_line(w, "wire cmd_err = cmd_fire && (s_axis_cmd_tdata >= %d'd%d);", NI_CMD_WIDTH, x->tasks);
  else
    vw_line(w, "wire cmd_err = cmd_fire && (s_axis_cmd_tdata != %d'd0);", NI_CMD_WIDTH);
  vw_line(w, "wire [3:0] fill_errs = {last_err, cmd_err, 2'b00};");
  vw_line(w, "wire [3:0] start_errs = {1'b0, %s, 2'b00};  // the nodes' commands named different tasks",
          x->tw ? "run_begins && task_err_i" : "1'b0");
  vw_line(w, "wire [3:0] run_errs = {2'b00, tag_mismatch, prog_mismatch};");
  for (int b = 0; b < 2; b++) {
    vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
    vw_line(w, "if (!rst_ni) errs%d_q <= 4'd0;", b);
    vw_line(w, "else if (drain_ends && db_q == 1'b%d) errs%d_q <= 4'd0;", b, b);
    vw_line(w, "else errs%d_q <= errs%d_q | (fb_q == 1'b%d ? fill_errs : 4'd0) | (begin_buf == 1'b%d ? start_errs : 4'd0) |", b,
            b, b, b);
    vw_line(w, "                    (wr_rb == 1'b%d ? run_errs : 4'd0);", b);
    vw_close(w, "end");
  }
  vw_line(w, "// the draining message's status, once, from its last run's end until taken");
  vw_line(w, "reg stat_taken_q;");
  vw_line(w, "wire draining = (drain_state == BufDrain);");
  vw_line(w, "wire drained;  // every recvbuf block has left");
  vw_line(w, "wire [%d:0] drain_addr;  // the entry the drain reads", x->raw - 1);
  if (x->wb) vw_line(w, "reg [%d:0] drain_word_q;  // and the word of its block", x->wb - 1);
  vw_line(w, "assign m_axis_status_tvalid = draining && !stat_taken_q;");
  vw_line(w, "assign drain_ends = draining && drained && stat_taken_q;");
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_line(w, "if (!rst_ni) begin stat_taken_q <= 1'b0; db_q <= 1'b0; end");
  vw_line(w, "else if (drain_ends) begin stat_taken_q <= 1'b0; db_q <= !db_q; end");
  vw_line(w, "else if (m_axis_status_tvalid && m_axis_status_tready) stat_taken_q <= 1'b1;");
  vw_close(w, "end");
  vw_line(w, "assign m_axis_status_tdata = {%d'd0, db_q ? errs1_q : errs0_q, fabric_err_i};", NI_STATUS_WIDTH - 5);
}

/* The run: the buffers, the counter, the fill, the status, the barrier and the program. */
static void emit_ni_control(vwriter *w, const router_shape *s, const ni_widths *x) {
  vw_blank(w);
  emit_ni_buffers(w, x);
  emit_ni_counter(w, s, x);
  emit_ni_fill(w, x);
  emit_ni_status(w, x);
  vw_line(w, "// ready: this node's next message is loaded and the fabric idle, or it may follow the run at once");
  if (x->tw) { /* the word 0 the routers and the program hold must be of the task the run starts */
    vw_line(w, "reg [%d:0] read_task_q;  // the task of the program word read at the last edge", x->tw - 1);
    vw_line(w, "always @(posedge clk_i or negedge rst_ni) if (!rst_ni) read_task_q <= %d'd0; else read_task_q <= run_task;", x->tw);
    vw_line(w, "assign ready_o = !running && (run_state == BufLoaded) && (read_task_q == run_task) || continuing;");
    vw_line(w, "always @(posedge clk_i or negedge rst_ni) if (!rst_ni) run_task_q <= %d'd0; else run_task_q <= rb_d ? task1_d : task0_d;",
            x->tw);
  } else {
    vw_line(w, "assign ready_o = !running && (run_state == BufLoaded) || continuing;");
  }
  vw_line(w, "always @(posedge clk_i or negedge rst_ni) if (!rst_ni) cyc_q <= %d'd0; else cyc_q <= cyc_d;", x->cw);
  vw_blank(w);
  vw_line(w, "// the program: word c in cycle c, read one cycle ahead like the router's ROM");
  vw_line(w, "%sreg [%d:0] program_rom [0:%u];", mem_style_rom_attribute(ni_memory), x->pw - 1, (unsigned)s->rom_entries - 1);
  vw_line(w, "initial $readmemh(PROGRAM, program_rom);");
  vw_line(w, "reg [%d:0] prog_q;", x->pw - 1);
  vw_line(w, "always @(posedge clk_i) prog_q <= program_rom[%s];", x->tw ? "{run_task, cyc_d}" : "cyc_d");
  if (x->tw) vw_line(w, "assign task_o = run_task;");
}

/* The sendbuf: a copy per lane that sends own packets, each read, one cycle ahead, at the block
 * the program names (a merged word's request for the next run at that run's buffer and word);
 * the node's own recvbuf block in a memory of its own, read by the drain only. */
static void emit_ni_send(vwriter *w, const ni_plan *n, const router_shape *s, const ni_widths *x) {
  char b1[96], b2[64], e1[64], wr[96];
  addr(wr, sizeof wr, x, "fill_word_q", "fb_q", slice(e1, sizeof e1, "fill_q", 0, x->saw));
  vw_blank(w);
  vw_line(w, "// the sendbuf, one copy per lane that sends own packets, each read by its lane only");
  for (int p = 0; p < x->p; p++) {
    if (!(n->send_lanes >> p & 1)) {
      vw_line(w, "assign inj_flit_o[%d +: %d] = %d'd0;  // lane %d never sends an own packet", p * x->f, x->f, x->f, p);
      continue;
    }
    const ni_lane_fields *l = &x->lanes[p];
    char rd_word[24], rd_buf[24];
    vw_line(w, "%sreg [%d:0] sbuf%d [0:%d];", mem_style_ram_attribute(ni_memory), x->w - 1, p, 2 * x->m * (1 << x->saw) - 1);
    snprintf(rd_buf, sizeof rd_buf, "rb_q");
    snprintf(rd_word, sizeof rd_word, "word_q");
    if (s->overlap) { /* a merged word's request may be the next run's (the program says: next) */
      const char *next = field(e1, sizeof e1, "prog_q", l->next);
      snprintf(rd_buf, sizeof rd_buf, "rd_rb%d", p);
      vw_line(w, "wire %s = %s ? nx_rb : rb_q;", rd_buf, next);
      if (x->wb) {
        snprintf(rd_word, sizeof rd_word, "rd_word%d", p);
        vw_line(w, "wire [%d:0] %s = %s ? nx_word : word_q;", x->wb - 1, rd_word, next);
      }
    }
    vw_line(w, "reg [%d:0] sbuf%d_q;", x->w - 1, p);
    vw_line(w, "always @(posedge clk_i) if (send_fire) sbuf%d[%s] <= s_axis_send_tdata;", p, wr);
    vw_line(w, "always @(posedge clk_i) sbuf%d_q <= sbuf%d[%s];", p, p,
            addr(b1, sizeof b1, x, rd_word, rd_buf, field(e1, sizeof e1, "prog_q", l->rd_addr)));
    if (s->bare_flit) {
      vw_line(w, "assign inj_flit_o[%d +: %d] = sbuf%d_q;", p * x->f, x->f, p);
      continue;
    }
    vw_line(w, "reg [%d:0] tag%d_q;  // {broadcast, dest} of the flit", x->a, p);
    vw_line(w, "always @(posedge clk_i) tag%d_q <= {%s, %s};", p, field(b1, sizeof b1, "prog_q", l->req_bcast),
            field(b2, sizeof b2, "prog_q", l->req_dest));
    vw_line(w, "assign inj_flit_o[%d +: %d] = {tag%d_q, NODE, sbuf%d_q};", p * x->f, x->f, p, p);
  }
  if (!x->own) return;
  vw_line(w, "// the node's own recvbuf block (OWN_BLOCK of the sendbuf), kept as the stream passes it");
  per_task_count(w, x, "own_block", "OWN_BLOCK", x->fw, "fill_task");
  vw_line(w, "%sreg [%d:0] own_buf [0:%d];", mem_style_ram_attribute(ni_memory), x->w - 1, 2 * x->m - 1);
  vw_line(w, "reg [%d:0] own_buf_q;", x->w - 1);
  vw_line(w, "always @(posedge clk_i) if (send_fire && fill_q == own_block) own_buf[%s] <= s_axis_send_tdata;",
          x->wb ? "{fill_word_q, fb_q}" : "fb_q");
  vw_line(w, "always @(posedge clk_i) own_buf_q <= own_buf[%s];", x->wb ? "{drain_word_q, db_q}" : "db_q");
}

/* The recvbuf's banks, a lane's deliveries in order; the checks of the local port. */
static void emit_ni_recv(vwriter *w, const ni_plan *n, const router_shape *s, const ni_widths *x) {
  char b1[64], b2[64];
  vw_blank(w);
  vw_line(w, "// the recvbuf: a bank per lane that delivers, written by that lane only");
  for (int p = 0; p < x->p; p++) {
    if (!n->recv_depth[p]) continue;
    const ni_lane_fields *l = &x->lanes[p];
    char e[64];
    vw_line(w, "%sreg [%d:0] rbank%d [0:%d];", mem_style_ram_attribute(ni_memory), x->w - 1, p, 2 * x->m * (1 << x->raw) - 1);
    vw_line(w, "reg [%d:0] rbank%d_q;", x->w - 1, p);
    vw_line(w, "always @(posedge clk_i) if (running && %s) rbank%d[%s] <= dlv_flit_i[%d +: %d];",
            field(b1, sizeof b1, "prog_q", l->dlv), p,
            addr(b2, sizeof b2, x, "wr_word", "wr_rb", field(e, sizeof e, "prog_q", l->wr_addr)), p * x->f, x->w);
    vw_line(w, "always @(posedge clk_i) rbank%d_q <= rbank%d[%s];", p, p,
            addr(b1, sizeof b1, x, "drain_word_q", "db_q", slice(e, sizeof e, "drain_addr", 0, x->raw)));
  }
  vw_blank(w);
  vw_line(w, "// the router must ask and deliver exactly where the program says");
  vw_raw(w, "  wire [%d:0] req_bits = {", x->p - 1);
  for (int p = x->p - 1; p >= 0; p--) vw_raw(w, "%s%s", field(b1, sizeof b1, "prog_q", x->lanes[p].req), p ? ", " : "};\n");
  vw_raw(w, "  wire [%d:0] dlv_bits = {", x->p - 1);
  for (int p = x->p - 1; p >= 0; p--) vw_raw(w, "%s%s", field(b1, sizeof b1, "prog_q", x->lanes[p].dlv), p ? ", " : "};\n");
  vw_line(w, "assign prog_mismatch = primed_q && ((!running && run_state == BufLoaded || running) && inj_req_i != req_bits ||");
  vw_line(w, "                                    running && dlv_valid_i != dlv_bits);");
  if (s->bare_flit) {
    vw_line(w, "assign tag_mismatch = 1'b0;  // bare flits carry no tags");
  } else {
    vw_line(w, "// and every delivered flit must carry the tags of the packet the program files there");
    vw_raw(w, "  assign tag_mismatch = running && (1'b0");
    for (int p = 0; p < x->p; p++)
      if (n->recv_depth[p])
        vw_raw(w, "\n        || %s && dlv_flit_i[%d +: %d] != %s", field(b1, sizeof b1, "prog_q", x->lanes[p].dlv),
               p * x->f + x->w, 2 * x->a + 1, field(b2, sizeof b2, "prog_q", x->lanes[p].exp_tag));
    vw_raw(w, ");\n");
  }
  vw_line(w, "wire unused_local_port = ^{inj_dest_i, dlv_flit_i, prog_q};  // offsets and fields the program makes moot");
}

/* The drain: the drain map's entry of block drain_q names a bank and an entry, read one cycle
 * ahead into a two-entry output queue, at one block per cycle while the user takes them. */
static void emit_ni_drain(vwriter *w, const ni_plan *n, const ni_widths *x) {
  int ib = bits_for(n->recv_max), qw = x->w + x->iw + 1;
  vw_blank(w);
  vw_line(w, "// the drain of buffer db_q: recvbuf block drain_q is in bank `source` (a lane; %d: the own block)", x->p);
  vw_line(w, "// at `entry`");
  per_task_count(w, x, "recv_count", "RECV_COUNT", x->dw, "drain_task");
  vw_line(w, "%sreg [%d:0] drain_map [0:%d];  // {task, block}", mem_style_rom_attribute((mem_shape){.sync_read = false}),
          x->srcw + x->raw - 1, (1 << (ib + x->tw)) - 1);
  vw_line(w, "initial $readmemh(DRAIN, drain_map);");
  vw_line(w, "reg [%d:0] drain_q;", x->dw - 1);
  if (x->tw) vw_line(w, "wire [%d:0] drain_entry = drain_map[{drain_task, drain_q[%d:0]}];", x->srcw + x->raw - 1, ib - 1);
  else vw_line(w, "wire [%d:0] drain_entry = drain_map[drain_q[%d:0]];", x->srcw + x->raw - 1, ib - 1);
  vw_line(w, "wire [%d:0] drain_src = drain_entry[%d +: %d];", x->srcw - 1, x->raw, x->srcw);
  vw_line(w, "assign drain_addr = drain_entry[%d:0];", x->raw - 1);
  vw_line(w, "wire drain_end = %s;  // the block's last word", x->wb ? "(drain_word_q == LastWord)" : "1'b1");
  vw_line(w, "reg rd_q, rd_last_q;");
  vw_line(w, "reg [%d:0] rd_src_q;", x->srcw - 1);
  vw_line(w, "reg [%d:0] rd_idx_q;", x->iw - 1);
  vw_line(w, "reg [%d:0] queue0_q, queue1_q;  // {last, index, data}, queue0_q the head", qw - 1);
  vw_line(w, "reg [1:0] count_q;");
  vw_line(w, "wire pop = m_axis_recv_tvalid && m_axis_recv_tready;");
  vw_line(w, "wire [2:0] held = {1'b0, count_q} + {2'b0, rd_q} - {2'b0, pop};");
  vw_line(w, "wire issue = draining && (drain_q != recv_count) && (held < 3'd2);");
  vw_line(w, "assign drained = (drain_q == recv_count) && !rd_q && (count_q == 2'd0);");
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_open(w, "if (!rst_ni) begin");
  vw_line(w, "drain_q <= %d'd0; rd_q <= 1'b0; count_q <= 2'd0;", x->dw);
  if (x->wb) vw_line(w, "drain_word_q <= %d'd0;", x->wb);
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "if (drain_ends) drain_q <= %d'd0;", x->dw);
  vw_line(w, "else if (issue && drain_end) drain_q <= drain_q + %d'd1;", x->dw);
  if (x->wb) vw_line(w, "if (issue) drain_word_q <= drain_end ? %d'd0 : drain_word_q + %d'd1;", x->wb, x->wb);
  vw_line(w, "rd_q <= issue;");
  vw_line(w, "count_q <= count_q + {1'b0, rd_q} - {1'b0, pop};");
  vw_close(w, "end");
  vw_close(w, "end");
  char idx[96];
  if (x->dw >= x->iw) snprintf(idx, sizeof idx, "drain_q[%d:0]", x->iw - 1);
  else snprintf(idx, sizeof idx, "{%d'd0, drain_q}", x->iw - x->dw);
  vw_open(w, "always @(posedge clk_i) begin");
  vw_line(w, "rd_src_q <= drain_src;");
  vw_line(w, "rd_idx_q <= %s;", idx);
  vw_line(w, "rd_last_q <= drain_end && (drain_q + %d'd1 == recv_count);", x->dw);
  vw_close(w, "end");
  vw_line(w, "reg [%d:0] rd_data;", x->w - 1);
  vw_open(w, "always @(*) begin");
  if (x->own) vw_line(w, "rd_data = own_buf_q;");
  else vw_line(w, "rd_data = %d'd0;", x->w);
  for (int p = 0; p < x->p; p++)
    if (n->recv_depth[p]) vw_line(w, "if (rd_src_q == %d'd%d) rd_data = rbank%d_q;", x->srcw, p, p);
  vw_close(w, "end");
  vw_line(w, "wire [%d:0] rd_entry = {rd_last_q, rd_idx_q, rd_data};", qw - 1);
  vw_open(w, "always @(posedge clk_i) begin");
  vw_line(w, "if (pop) queue0_q <= (count_q == 2'd2) ? queue1_q : rd_entry;");
  vw_line(w, "else if (rd_q && count_q == 2'd0) queue0_q <= rd_entry;");
  vw_line(w, "if (rd_q && (count_q == 2'd2 || count_q == 2'd1 && !pop)) queue1_q <= rd_entry;");
  vw_close(w, "end");
  vw_line(w, "assign m_axis_recv_tvalid = (count_q != 2'd0);");
  vw_line(w, "assign m_axis_recv_tdata = queue0_q[%d:0];", x->w - 1);
  vw_line(w, "assign m_axis_recv_tuser = queue0_q[%d +: %d];", x->w, x->iw);
  vw_line(w, "assign m_axis_recv_tlast = queue0_q[%d];", qw - 1);
}

void emit_ni_module(vwriter *w, const char *header, const ni_plan *n, const router_shape *s) {
  ni_widths x = widths_of(n, s);
  const ir_fabric *f = n->f;
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  char tasks[IR_MAX_TASKS * 32] = "";
  for (uint32_t k = 0, o = 0; k < f->ntasks; k++)
    o += (uint32_t)snprintf(tasks + o, sizeof tasks - o, "%s%s (MPI_%s)", k ? ", " : "", task_name(f->runs[k].task),
                            task_mpi_name(f->runs[k].task));
  vw_line(w, "// Network interface of a node of %s, task%s %s: the user fills the node's sendbuf and", f->fd->topo_name,
          f->ntasks > 1 ? "s" : "", tasks);
  vw_line(w, "// drains its recvbuf through AXI4-Stream handshakes, in MPI's order, and never sees slots, lanes");
  vw_line(w, "// or the translation: a program of its own, a word per cycle of the router, files every own");
  vw_line(w, "// packet the router asks for and every packet it delivers (docs/ARCHITECTURE.md, \"The network");
  vw_line(w, "// interface\"). A run starts when every node's command and sendbuf are in; the recvbuf is");
  vw_line(w, "// streamed out at the user's pace. Two messages are held: the next fills while one runs and");
  vw_line(w, "// drains, and runs right after it when it is of the same task.");
  emit_ni_ports(w, n, s, &x);
  w->indent++;
  emit_ni_control(w, s, &x);
  emit_ni_send(w, n, s, &x);
  emit_ni_recv(w, n, s, &x);
  emit_ni_drain(w, n, &x);
  emit_endmodule(w);
}

/* The system's per-node bus of a signal: node u's at [u*width +: width]. */
static void system_port(vwriter *w, const char *dir, const char *name, uint32_t nodes, int width, bool last) {
  vw_line(w, "%s wire [%llu:0] %s%s", dir, (unsigned long long)nodes * (unsigned long long)width - 1, name, last ? "" : ",");
}

static void emit_system_ports(vwriter *w, uint32_t nodes, const ni_widths *x) {
  vw_open(w, "module %s #(", SYSTEM_MODULE);
  vw_line(w, "parameter ROM_DIR = \"./\"  // the directory of the ROM files (.hex, the interfaces' too), ending in '/'");
  vw_close(w, ") (");
  w->indent++;
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,  // asynchronous, active low");
  vw_line(w, "// per node u: bit u, or bits [u*X +: X] (X the signal's width in %s)", NI_MODULE);
  system_port(w, "input ", "s_axis_cmd_tvalid", nodes, 1, false);
  system_port(w, "output", "s_axis_cmd_tready", nodes, 1, false);
  system_port(w, "input ", "s_axis_cmd_tdata", nodes, NI_CMD_WIDTH, false);
  system_port(w, "input ", "s_axis_send_tvalid", nodes, 1, false);
  system_port(w, "output", "s_axis_send_tready", nodes, 1, false);
  system_port(w, "input ", "s_axis_send_tdata", nodes, x->w, false);
  system_port(w, "input ", "s_axis_send_tlast", nodes, 1, false);
  system_port(w, "output", "m_axis_recv_tvalid", nodes, 1, false);
  system_port(w, "input ", "m_axis_recv_tready", nodes, 1, false);
  system_port(w, "output", "m_axis_recv_tdata", nodes, x->w, false);
  system_port(w, "output", "m_axis_recv_tlast", nodes, 1, false);
  system_port(w, "output", "m_axis_recv_tuser", nodes, x->iw, false);
  system_port(w, "output", "m_axis_status_tvalid", nodes, 1, false);
  system_port(w, "input ", "m_axis_status_tready", nodes, 1, false);
  system_port(w, "output", "m_axis_status_tdata", nodes, NI_STATUS_WIDTH, false);
  vw_line(w, "output wire mon_start_o,  // every node is ready: the run's cycle 1 follows (a monitor, like mon_tx_*)");
  vw_line(w, "// the links' monitor: what lane p of node u sends, at [(u*%d+p)*X +: X]", x->p);
  system_port(w, "output", "mon_tx_valid_o", nodes, x->p, false);
  system_port(w, "output", "mon_tx_flit_o", nodes, x->p * x->f, true);
  vw_close(w, ");");
}

void emit_system(vwriter *w, const char *header, const ni_plan *n, const router_shape *s) {
  ni_widths x = widths_of(n, s);
  uint32_t nodes = n->f->fd->nodes;
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// The system a platform instantiates: the fabric of %s and a network interface per node", n->f->fd->topo_name);
  vw_line(w, "// (%s), whose streams are this module's ports. A run starts when every node is ready.", NI_MODULE);
  emit_system_ports(w, nodes, &x);
  w->indent++;
  vw_line(w, "wire [%u:0] ready;", (unsigned)nodes - 1);
  vw_line(w, "wire start = &ready;");
  vw_line(w, "assign mon_start_o = start;");
  vw_line(w, "wire fabric_done, fabric_err;");
  vw_line(w, "wire unused_done = fabric_done;  // each interface counts the run's cycles itself");
  if (x.tw) { /* each router runs its own interface's task; they must agree */
    vw_raw(w, "  wire [%d:0]", x.tw - 1);
    for (uint32_t u = 0; u < nodes; u++) vw_raw(w, " n%u_task%s", (unsigned)u, u + 1 < nodes ? "," : ";\n");
    vw_raw(w, "  wire task_err = 1'b0");
    for (uint32_t u = 1; u < nodes; u++) vw_raw(w, " || n%u_task != n0_task", (unsigned)u);
    vw_raw(w, ";  // the commands named different tasks\n");
  }
  for (uint32_t u = 0; u < nodes; u++)
    vw_line(w, "wire [%d:0] n%u_inj_req, n%u_dlv_valid; wire [%d:0] n%u_inj_dest; wire [%d:0] n%u_inj_flit, n%u_dlv_flit;",
            x.p - 1, (unsigned)u, (unsigned)u, x.p * (x.a + 1) - 1, (unsigned)u, x.p * x.f - 1, (unsigned)u, (unsigned)u);
  vw_open(w, "%s #(.ROM_DIR(ROM_DIR)) u_fabric (", FABRIC_MODULE);
  vw_line(w, ".clk_i(clk_i), .rst_ni(rst_ni), .start_i(start), .done_o(fabric_done), .err_o(fabric_err),");
  for (uint32_t u = 0; u < nodes && x.tw; u++) vw_line(w, ".n%u_task_i(n%u_task),", (unsigned)u, (unsigned)u);
  for (uint32_t u = 0; u < nodes; u++) {
    unsigned uu = (unsigned)u;
    unsigned long long vl = (unsigned long long)u * x.p, fl = vl * (unsigned long long)x.f;
    vw_line(w, ".n%u_tx_valid_o(mon_tx_valid_o[%llu +: %d]), .n%u_tx_flit_o(mon_tx_flit_o[%llu +: %d]),", uu, vl, x.p, uu, fl,
            x.p * x.f);
    vw_line(w, ".n%u_inj_req_o(n%u_inj_req), .n%u_inj_dest_o(n%u_inj_dest), .n%u_inj_flit_i(n%u_inj_flit),", uu, uu, uu, uu,
            uu, uu);
    vw_line(w, ".n%u_dlv_valid_o(n%u_dlv_valid), .n%u_dlv_flit_o(n%u_dlv_flit)%s", uu, uu, uu, uu, u + 1 < nodes ? "," : "");
  }
  vw_close(w, ");");
  for (uint32_t u = 0; u < nodes; u++) {
    unsigned uu = (unsigned)u;
    vw_open(w, "%s #(", NI_MODULE);
    if (!s->bare_flit) vw_line(w, ".NODE(%d'd%u),", x.a, uu);
    vw_raw(w, "%*s", 2 * w->indent, "");
    ni_parameters(w, &x, &n->nodes[u], u, true);
    vw_raw(w, "\n");
    vw_close(w, ") u_ni%u (", uu);
    w->indent++;
    vw_line(w, ".clk_i(clk_i), .rst_ni(rst_ni),");
#define NODE_BIT(sig) vw_raw(w, "%*s." #sig "(" #sig "[%u]),\n", 2 * w->indent, "", uu)
#define NODE_BUS(sig, width) vw_raw(w, "%*s." #sig "(" #sig "[%llu +: %d]),\n", 2 * w->indent, "", (unsigned long long)u * (width), (width))
    NODE_BIT(s_axis_cmd_tvalid); NODE_BIT(s_axis_cmd_tready); NODE_BUS(s_axis_cmd_tdata, NI_CMD_WIDTH);
    NODE_BIT(s_axis_send_tvalid); NODE_BIT(s_axis_send_tready); NODE_BUS(s_axis_send_tdata, x.w);
    NODE_BIT(s_axis_send_tlast); NODE_BIT(m_axis_recv_tvalid); NODE_BIT(m_axis_recv_tready);
    NODE_BUS(m_axis_recv_tdata, x.w); NODE_BIT(m_axis_recv_tlast); NODE_BUS(m_axis_recv_tuser, x.iw);
    NODE_BIT(m_axis_status_tvalid); NODE_BIT(m_axis_status_tready); NODE_BUS(m_axis_status_tdata, NI_STATUS_WIDTH);
#undef NODE_BIT
#undef NODE_BUS
    vw_line(w, ".ready_o(ready[%u]), .start_i(start), .fabric_err_i(fabric_err),", uu);
    if (x.tw) vw_line(w, ".task_o(n%u_task), .task_err_i(task_err),", uu);
    vw_line(w, ".inj_req_i(n%u_inj_req), .inj_dest_i(n%u_inj_dest), .inj_flit_o(n%u_inj_flit),", uu, uu, uu);
    vw_line(w, ".dlv_valid_i(n%u_dlv_valid), .dlv_flit_i(n%u_dlv_flit)", uu, uu);
    w->indent--;
    vw_line(w, ");");
  }
  emit_endmodule(w);
}

/* A port of romnoc_ni as the synthesis wrapper drives or captures it. */
typedef struct {
  const char *name;
  int width;
  bool input;
} ni_port;

/* romnoc_ni's ports besides the clock and reset, in the wrapper's chain order; returns how many. */
static size_t ni_ports(const ni_widths *x, ni_port *out) {
  const ni_port all[] = {
      {"s_axis_cmd_tvalid", 1, true},          {"s_axis_cmd_tready", 1, false},
      {"s_axis_cmd_tdata", NI_CMD_WIDTH, true}, {"s_axis_send_tvalid", 1, true},
      {"s_axis_send_tready", 1, false},        {"s_axis_send_tdata", x->w, true},
      {"s_axis_send_tlast", 1, true},          {"m_axis_recv_tvalid", 1, false},
      {"m_axis_recv_tready", 1, true},         {"m_axis_recv_tdata", x->w, false},
      {"m_axis_recv_tlast", 1, false},         {"m_axis_recv_tuser", x->iw, false},
      {"m_axis_status_tvalid", 1, false},      {"m_axis_status_tready", 1, true},
      {"m_axis_status_tdata", NI_STATUS_WIDTH, false}, {"ready_o", 1, false},
      {"fabric_err_i", 1, true},               {"task_o", x->tw, false},
      {"task_err_i", x->tw ? 1 : 0, true},     {"inj_req_i", x->p, true},
      {"inj_dest_i", x->p * (x->a + 1), true}, {"inj_flit_o", x->p * x->f, false},
      {"dlv_valid_i", x->p, true},             {"dlv_flit_i", x->p * x->f, true},
  };
  size_t n = 0;
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    if (all[i].width) out[n++] = all[i];
  return n;
}

void emit_ni_synth_top(vwriter *w, const char *header, const ni_plan *n, const router_shape *s) {
  ni_widths x = widths_of(n, s);
  ni_port ports[32];
  size_t np = ni_ports(&x, ports);
  int in_bits = 0, out_bits = 1; /* outs[0]: start_i's echo, so that done_o has a driver of its own */
  for (size_t i = 0; i < np; i++) *(ports[i].input ? &in_bits : &out_bits) += ports[i].width;
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// Synthesis wrapper of node 0's network interface (%s): its %d input bits come from a scan", NI_MODULE, in_bits);
  vw_line(w, "// chain and its %d output bits are captured into one, so that place and route needs six pins", out_bits - 1);
  vw_line(w, "// and keeps every output. Not part of the system.");
  scan_wrapper_ports(w, NI_SYNTH_TOP_MODULE);
  vw_line(w, "reg [%d:0] in_q;", in_bits - 1);
  vw_line(w, "reg [%d:0] out_q;", out_bits - 1);
  vw_line(w, "wire [%d:0] outs;", out_bits - 1);
  scan_wrapper_chains(w, in_bits, out_bits);
  vw_line(w, "assign outs[0] = start_i;");
  vw_line(w, "assign done_o = out_q[0];");
  vw_raw(w, "  %s #(%s", NI_MODULE, s->bare_flit ? "" : ".NODE(0), ");
  ni_parameters(w, &x, &n->nodes[0], 0, false);
  vw_raw(w, ") u_ni (\n");
  vw_line(w, "  .clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i),");
  for (size_t i = 0, in_at = 0, out_at = 1; i < np; i++) {
    size_t *at = ports[i].input ? &in_at : &out_at;
    vw_line(w, "  .%s(%s[%zu +: %d])%s", ports[i].name, ports[i].input ? "in_q" : "outs", *at, ports[i].width,
            i + 1 < np ? "," : "");
    *at += (size_t)ports[i].width;
  }
  vw_line(w, ");");
  emit_endmodule(w);
}

void ni_file_names(uint32_t u, char *program, char *drain, size_t len) {
  char base[32];
  snprintf(base, sizeof base, "ni_n%u.hex", (unsigned)u);
  data_file_name(program, len, base);
  snprintf(base, sizeof base, "ni_drain_n%u.hex", (unsigned)u);
  data_file_name(drain, len, base);
}

/* One hex word of width bits from words[]. */
static void hex_word(vwriter *w, const uint32_t *bits, int width) {
  for (int d = (width + 3) / 4 - 1; d >= 0; d--) vw_raw(w, "%x", (unsigned)(bits[d / 8] >> (4 * (d % 8)) & 0xf));
  vw_raw(w, "\n");
}

void emit_ni_program_hex(vwriter *w, const char *header, const ni_plan *n, const router_shape *s, uint32_t u) {
  ni_widths x = widths_of(n, s);
  size_t nwords = (size_t)(x.pw + 31) / 32;
  uint32_t *bits = calloc(nwords, sizeof *bits);
  if (!bits) {
    w->failed = 1;
    return;
  }
  vw_raw(w, "%s", header);
  vw_line(w, "// Network interface program of node %u: word c = cycle c; per lane p from bit %d*p up:", (unsigned)u,
          x.pw / x.p);
  vw_line(w, "// {expected tags, receive-bank entry, deliver, [next run,] sendbuf block, request dest, broadcast, request}");
  for (uint32_t c = 0; c < s->rom_entries; c++) {
    memset(bits, 0, nwords * sizeof *bits);
    for (int p = 0; p < x.p; p++) {
      ni_lane_word word = ni_word_at(n, s, u, c, p);
      const ni_lane_word *lw = &word;
      const ni_lane_fields *l = &x.lanes[p];
      rom_field_put(bits, l->req, lw->req);
      rom_field_put(bits, l->req_bcast, lw->req_bcast);
      rom_field_put(bits, l->req_dest, lw->req_dest);
      rom_field_put(bits, l->rd_addr, lw->rd_addr);
      rom_field_put(bits, l->next, lw->next);
      rom_field_put(bits, l->dlv, lw->dlv);
      rom_field_put(bits, l->wr_addr, lw->wr_addr);
      rom_field_put(bits, l->exp_tag, (uint32_t)lw->exp_bcast << (2 * x.a) | lw->exp_dest << x.a | lw->exp_origin);
    }
    hex_word(w, bits, x.pw);
  }
  free(bits);
}

void emit_ni_drain_hex(vwriter *w, const char *header, const ni_plan *n, uint32_t u) {
  const ni_node *nd = &n->nodes[u];
  int ports = n->f->fd->ports, srcw = bits_for((uint64_t)ports + 1), daw = n->recv_addr_width;
  vw_raw(w, "%s", header);
  vw_line(w, "// Drain map of node %u: entry {task, j} = recvbuf block j's {source (a lane's bank; %d: the node's",
          (unsigned)u, ports);
  vw_line(w, "// own block),");
  vw_line(w, "// entry}");
  uint32_t entries = 1u << bits_for(n->recv_max), tasks = 1u << rtl_clog2(n->f->ntasks);
  for (uint32_t k = 0; k < tasks; k++) /* {task, block} */
    for (uint32_t j = 0; j < entries; j++) {
      uint32_t bits[2] = {0};
      if (k < n->f->ntasks && j < nd->recv_count[k]) {
        rom_field_put(bits, (rom_field){0, daw}, nd->drain_addr[k][j]);
        rom_field_put(bits, (rom_field){daw, srcw}, nd->drain_src[k][j]);
      }
      hex_word(w, bits, daw + srcw);
    }
}

void emit_system_file_list(vwriter *w, const char *header, const fabric_desc *fd) {
  emit_file_list(w, header, fd, false); /* the fabric's sources, then the interface and the top */
  vw_line(w, "%s.v", NI_MODULE);
  vw_line(w, "%s.v", SYSTEM_MODULE);
}
