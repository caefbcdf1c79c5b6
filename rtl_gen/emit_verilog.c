/* emit_verilog.c — the shared Verilog printers (see emit_verilog.h). */
#include "emit_verilog.h"

#include <stdio.h>

#include "links.h"
#include "mem_style.h"
#include "scan_wrapper.h"

void rom_file_name(const ir_fabric *f, uint32_t u, char *buf, size_t len) {
  char base[32];
  if (f->shared) snprintf(base, sizeof base, "rom.hex");
  else snprintf(base, sizeof base, "rom_n%u.hex", (unsigned)u);
  data_file_name(buf, len, base);
}

void emit_router_header(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s, const char *kind) {
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  char tasks[IR_MAX_TASKS * 24];
  vw_line(w, "// %s schedule-ROM router of %s, task%s %s (%s).", kind, f->fd->topo_name, f->ntasks > 1 ? "s" : "",
          ir_task_names(f, tasks, sizeof tasks), f->shared ? "one translated program for every node" : "a program per node");
  vw_line(w, "// No routing, arbitration or header decoding: a ROM word per cycle says what every lane");
  vw_line(w, "// sends and where every received packet goes (docs/ARCHITECTURE.md). The router knows no node id.");
  if (s->kind_width) { /* a tagged fabric: kbcast's control words (docs/ARCHITECTURE.md) */
    vw_line(w, "// Flit: {kind[%d:0], broadcast, dest[%d:0], origin[%d:0], payload[%d:0]} = %d bits; kind 0 a packet,",
            s->kind_width - 1, s->id_width - 1, s->id_width - 1, s->payload_width - 1, s->flit_width);
    vw_line(w, "// 1 a counter, 2 a termination, whose value fills {dest, origin} (constants of the ROM). The tags");
    vw_line(w, "// are carried for the processors and the wire log, never decoded here. Packet memory: %d entries.",
            s->mem_depth);
    return;
  }
  if (s->bare_flit) {
    vw_line(w, "// Flit: payload[%d:0], bare: no tags, since the ROM says which packet every lane carries in", s->flit_width - 1);
    vw_line(w, "// every slot. Packet memory: %d entries.", s->mem_depth);
    return;
  }
  vw_line(w, "// Flit: {broadcast, dest[%d:0], origin[%d:0], payload[%d:0]} = %d bits; the tags are carried for",
          s->id_width - 1, s->id_width - 1, s->payload_width - 1, s->flit_width);
  vw_line(w, "// the processors and the wire log, never decoded here. Packet memory: %d entries.", s->mem_depth);
}

const char *clocked(const router_shape *sh) {
  return sh->slot_cycles > 1 ? "always @(posedge clk_i) if (slot_en_i)" : "always @(posedge clk_i)";
}

const char *reset_else(const router_shape *sh) { return sh->slot_cycles > 1 ? "else if (slot_en_i)" : "else"; }

/* `last`: cyc_q is the run's last cycle. A count that runs 1..LastCycle and otherwise rests at 0
 * is LastCycle exactly when it has all of LastCycle's 1 bits (a count with them all is at least
 * LastCycle), so the lean run control (router_shape.lean_run_control) reads only those bits:
 * fewer LUT inputs on the counter's path. A router that runs back to back also counts
 * SharedCycle and ContinueCycle, above LastCycle: it compares the whole count. */
static void emit_last_cycle(vwriter *w, const router_shape *sh) {
  if (sh->overlap || !sh->lean_run_control) {
    vw_line(w, "wire %s = (cyc_q == LastCycle);", vw_ident(w, "last"));
    return;
  }
  vw_line(w, "// the last cycle: the count has LastCycle's 1 bits (it never exceeds LastCycle)");
  vw_line(w, "wire %s = &(cyc_q | ~LastCycle);", vw_ident(w, "last"));
}

void emit_run_counter(vwriter *w, const router_shape *sh) {
  int cw = sh->cycle_width, tw = sh->task_width;
  vw_blank(w);
  vw_line(w, "// cycle counter: 0 idle, 1..LastCycle running; the ROM address runs one ahead");
  vw_line(w, "reg [%d:0] %s;", cw - 1, vw_ident(w, "cyc_q"));
  vw_line(w, "reg %s;", vw_ident(w, "done_q"));
  vw_line(w, "reg %s;", vw_ident(w, "err_q"));
  vw_line(w, "reg %s;  // a cycle's mismatch, registered: err_o sees it at the same edge", vw_ident(w, "mismatch_q"));
  if (sh->lean_run_control) {
    vw_line(w, "reg %s;  // cyc_q is not 0: a register of its own, not a compare", vw_ident(w, "running_q"));
    vw_line(w, "wire %s = !running_q;", vw_ident(w, "idle"));
  } else {
    vw_line(w, "wire %s = (cyc_q == %d'd0);", vw_ident(w, "idle"), cw);
  }
  vw_line(w, "wire %s = !idle;", vw_ident(w, "running"));
  if (tw) { /* several tasks: task_i while idle, then the run's, held until it ends */
    vw_line(w, "// the run's task: task_i while idle, held from the start to the run's end");
    vw_line(w, "reg [%d:0] %s;", tw - 1, vw_ident(w, "task_q"));
    vw_line(w, "wire [%d:0] %s = idle ? task_i : task_q;", tw - 1, vw_ident(w, "run_task"));
    vw_line(w, "always @(posedge clk_i or negedge rst_ni) if (!rst_ni) task_q <= %d'd0; %s task_q <= run_task;", tw,
            reset_else(sh));
  }
  /* the cycle constants matter only while running, where run_task is task_q: from the register,
   * not through the idle mux (a shorter path to the ROM address) */
  emit_cycle_constants(w, sh, tw ? "task_q" : "run_task");
  emit_last_cycle(w, sh);
  emit_next_cycle(w, sh, "idle", "last");
  vw_line(w, "assign rom_addr_o = %s;", tw ? "{run_task, cyc_d}" : "cyc_d");
}

void emit_task_select(vwriter *w, const char *decl, const char *task, int task_width, uint32_t tasks,
                      const char *(*value)(char *buf, size_t len, uint32_t k, const void *ctx), const void *ctx) {
  char v[64];
  vw_raw(w, "%*s%s =", 2 * w->indent, "", decl);
  for (uint32_t k = 0; k + 1 < tasks; k++) vw_raw(w, " %s == %d'd%u ? %s :", task, task_width, (unsigned)k, value(v, sizeof v, k, ctx));
  vw_raw(w, " %s;\n", value(v, sizeof v, tasks - 1, ctx));
}

/* A cycle constant of task k's run: its cycles plus an offset, as a literal. */
typedef struct {
  const router_shape *sh;
  int offset;
} cycle_value;
static const char *cycle_literal(char *buf, size_t len, uint32_t k, const void *ctx) {
  const cycle_value *c = ctx;
  snprintf(buf, len, "%d'd%d", c->sh->cycle_width, (int)c->sh->task_cycles[k] + c->offset);
  return buf;
}

/* Prints `name` = task k's cycles + offset for the run's task k: a localparam for one task. */
static void cycle_constant(vwriter *w, const router_shape *sh, const char *task, const char *name, int offset) {
  char decl[64], v[32];
  cycle_value c = {sh, offset};
  if (sh->tasks == 1) {
    vw_line(w, "localparam [%d:0] %s = %s;", sh->cycle_width - 1, name, cycle_literal(v, sizeof v, 0, &c));
    return;
  }
  snprintf(decl, sizeof decl, "wire [%d:0] %s", sh->cycle_width - 1, name);
  emit_task_select(w, decl, task, sh->task_width, sh->tasks, cycle_literal, &c);
}

void emit_cycle_constants(vwriter *w, const router_shape *sh, const char *task) {
  if (sh->tasks > 1) vw_line(w, "// the run's last cycle%s, per task", sh->overlap ? " and the cycles of running back to back" : "");
  cycle_constant(w, sh, task, "LastCycle", 0);
  if (!sh->overlap) return;
  cycle_constant(w, sh, task, "SharedCycle", 1);
  cycle_constant(w, sh, task, "ContinueCycle", 2);
  cycle_constant(w, sh, task, "PenultimateSlot", -2);
}

void emit_next_cycle(vwriter *w, const router_shape *sh, const char *idle, const char *last) {
  int cw = sh->cycle_width;
  if (!sh->overlap) {
    vw_line(w, "wire [%d:0] %s = %s ? {%d'd0, start_i} : (%s ? %d'd0 : cyc_q + %d'd1);", cw - 1, vw_ident(w, "cyc_d"),
            idle, cw - 1, last, cw, cw);
    return;
  }
  /* runs back to back (arch.h, router_shape.overlap) */
  vw_line(w, "// back to back: start_i high in the cycle acting as the run's slots-1 continues with ContinueCycle (word");
  vw_line(w, "// `slots` with word 0's requests), then SharedCycle, the last of this run and the first of the next");
  vw_line(w, "// (word 1 with word LastCycle's receptions), then 2, ...");
  vw_line(w, "wire [%d:0] %s = cyc_q == SharedCycle ? %d'd1 : cyc_q == ContinueCycle ? LastCycle - %d'd1 : cyc_q;", cw - 1,
          vw_ident(w, "acting"), cw, cw);
  vw_line(w, "wire [%d:0] %s = %s ? {%d'd0, start_i} : (acting == PenultimateSlot && start_i) ? ContinueCycle :", cw - 1,
          vw_ident(w, "cyc_d"), idle, cw - 1);
  vw_line(w, "    cyc_q == ContinueCycle ? SharedCycle : %s ? %d'd0 : acting + %d'd1;", last, cw, cw);
}

void emit_run_state(vwriter *w, const router_shape *sh) {
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_open(w, "if (!rst_ni) begin");
  vw_line(w, "cyc_q <= %d'd0;", sh->cycle_width);
  if (sh->lean_run_control) vw_line(w, "running_q <= 1'b0;");
  vw_line(w, "done_q <= 1'b0;");
  vw_line(w, "err_q <= 1'b0;");
  vw_line(w, "mismatch_q <= 1'b0;");
  vw_close(w, "end %s begin", reset_else(sh));
  w->indent++;
  vw_line(w, "cyc_q <= cyc_d;");
  if (sh->lean_run_control) vw_line(w, "running_q <= idle ? start_i : !last;  // cyc_d is not 0");
  vw_line(w, "if (idle && start_i) done_q <= 1'b0;");
  vw_line(w, "else if (last) done_q <= 1'b1;");
  vw_open(w, "if (idle && start_i) begin  // a start clears the error state");
  vw_line(w, "mismatch_q <= 1'b0;");
  vw_line(w, "err_q <= 1'b0;");
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "mismatch_q <= mismatch;");
  vw_line(w, "if (mismatch_q) err_q <= 1'b1;");
  vw_close(w, "end");
  vw_close(w, "end");
  vw_close(w, "end");
  vw_line(w, "assign done_o = done_q;");
  vw_line(w, "// the mismatch of the cycle that ended shows at once; err_q keeps it a cycle later (a");
  vw_line(w, "// register between the ROM's comparison and the sticky flag's enable)");
  vw_line(w, "assign err_o = err_q | mismatch_q;");
}

const char *emit_lane_register(vwriter *w, const router_shape *sh, int p, int sources, const char *sel, int sel_width,
                               uint32_t nothing) {
  int fw = sh->flit_width;
  vw_blank(w);
  const char *q = vw_ident(w, "tx%d_q", p), *v = vw_ident(w, "tx%d_valid_q", p);
  vw_line(w, "// lane %d: %d source%s", p, sources, sources == 1 ? "" : "s");
  vw_line(w, "reg [%d:0] %s;", fw - 1, q);
  vw_line(w, "reg %s;", v);
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_line(w, "if (!rst_ni) %s <= 1'b0;", v);
  if (sources) vw_line(w, "%s %s <= running && (%s != %d'd%u);", reset_else(sh), v, sel, sel_width, (unsigned)nothing);
  else vw_line(w, "else %s <= 1'b0;", v);
  vw_close(w, "end");
  if (!sources) vw_line(w, "always @(posedge clk_i) %s <= %d'd0;", q, fw); /* a lane the schedule never sends on */
  return q;
}

void emit_lane_outputs(vwriter *w, int p) {
  vw_line(w, "assign tx%d_valid_o = tx%d_valid_q;", p, p);
  vw_line(w, "assign tx%d_flit_o = tx%d_q;", p, p);
}

const char *memory_attributes(bool block_ram, uint32_t entries) {
  static char buf[64];
  const char *style = mem_style_ram((mem_shape){.sync_read = true, .planned_block = block_ram, .entries = entries});
  snprintf(buf, sizeof buf, "(* %s%sno_rw_check *) ", style ? style : "", style ? ", " : "");
  return buf;
}

void emit_rom(vwriter *w, const char *header, const router_shape *s) {
  char r[32];
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// Schedule ROM: word c is what the router does in cycle c (see the .hex file's comments).");
  if (s->sync_rom) vw_line(w, "// Synchronous read (block RAM): data_o shows the word addressed at the previous edge.");
  vw_open(w, "module %s #(", ROM_MODULE);
  vw_line(w, "parameter FILE = \"rom.hex\"");
  vw_close(w, ") (");
  w->indent++;
  if (s->sync_rom) vw_line(w, "input  wire clk_i,");
  if (s->sync_rom && s->slot_cycles > 1) vw_line(w, "input  wire en_i,  // read in this cycle (the router's slot_en_i)");
  vw_line(w, "input  wire %saddr_i,", vector_range(r, sizeof r, shape_rom_addr_width(s)));
  vw_line(w, "output %s %sdata_o", s->sync_rom ? "reg " : "wire", vector_range(r, sizeof r, s->word_width));
  vw_close(w, ");");
  w->indent = 1;
  vw_line(w, "%sreg %s%s [0:%u];", mem_style_rom_attribute((mem_shape){s->sync_rom, s->rom_block_ram, s->rom_entries}),
          vector_range(r, sizeof r, s->word_width), vw_ident(w, "words"), (unsigned)s->rom_entries - 1);
  vw_line(w, "initial $readmemh(FILE, words);");
  if (s->sync_rom) vw_line(w, "always @(posedge clk_i)%s data_o <= words[addr_i];", s->slot_cycles > 1 ? " if (en_i)" : "");
  else vw_line(w, "assign data_o = words[addr_i];");
  emit_endmodule(w);
}

/* The per-node fabric ports, one bus per signal over the node's lanes: lane p is bits
 * [p*X +: X]. */
typedef struct {
  rport_kind kind;
  const char *suffix;
} node_port;

static const node_port node_ports[] = {
    {.kind = RP_TX_VALID, .suffix = "tx_valid_o"},   {.kind = RP_TX_FLIT, .suffix = "tx_flit_o"},
    {.kind = RP_INJ_REQ, .suffix = "inj_req_o"},     {.kind = RP_INJ_DEST, .suffix = "inj_dest_o"},
    {.kind = RP_INJ_FLIT, .suffix = "inj_flit_i"},   {.kind = RP_DLV_VALID, .suffix = "dlv_valid_o"},
    {.kind = RP_DLV_FLIT, .suffix = "dlv_flit_o"},
};
#define NNODE_PORTS (sizeof node_ports / sizeof node_ports[0])

static int is_local_port(rport_kind k) {
  for (size_t i = 0; i < NNODE_PORTS; i++)
    if (node_ports[i].kind == k && k != RP_TX_VALID && k != RP_TX_FLIT) return 1;
  return 0;
}

static const router_port *lane_port(const router_port *ports, size_t n, rport_kind kind) {
  for (size_t i = 0; i < n; i++)
    if (ports[i].kind == kind) return &ports[i];
  return NULL;
}

/* What a router port of node u connects to in the fabric (its ROM address: emit_node_rom). */
static const char *fabric_net(char *buf, size_t len, const fabric_desc *fd, const router_shape *s, uint32_t u,
                              const router_port *p, bool sim) {
  char sig[48];
  switch (p->kind) {
  case RP_TASK: /* the simulation fabric runs the first task */
    if (sim) snprintf(buf, len, "%d'd0", p->width);
    else snprintf(buf, len, "n%u_task_i", (unsigned)u);
    return buf;
  case RP_CLK: return "clk_i";
  case RP_RST: return "rst_ni";
  case RP_START: return s->slot_cycles > 1 ? "start" : "start_i";
  case RP_SLOT_EN: return "slot_en";
  case RP_DONE: snprintf(buf, len, "done_w[%u]", (unsigned)u); return buf;
  case RP_ERR: snprintf(buf, len, "err_w[%u]", (unsigned)u); return buf;
  case RP_ROM_DATA: snprintf(buf, len, "n%u_rom_data", (unsigned)u); return buf;
  case RP_TX_VALID: snprintf(buf, len, "l%u_%d_valid", (unsigned)u, p->lane); return buf;
  case RP_TX_FLIT: snprintf(buf, len, "l%u_%d_flit", (unsigned)u, p->lane); return buf;
  case RP_RX_VALID: /* what the neighbour sends back to u, as the link style wires it */
  case RP_RX_FLIT: return link_rx_net(buf, len, fd, u, p->lane, p->kind == RP_RX_FLIT, p->width);
  default: break;
  }
  for (size_t i = 0; i < NNODE_PORTS; i++) /* the local port: a lane of the node's bus */
    if (node_ports[i].kind == p->kind) {
      snprintf(sig, sizeof sig, "n%u_%s", (unsigned)u, node_ports[i].suffix);
      return slice(buf, len, sig, p->lane * p->width, p->width);
    }
  return "";
}

/* The ROM instance's read enable on pipelined links (its router's slot enable, the net en), or "". */
static const char *rom_enable(const router_shape *s, const char *en) {
  static char buf[48];
  if (!s->sync_rom || s->slot_cycles < 2) return "";
  snprintf(buf, sizeof buf, ".en_i(%s), ", en);
  return buf;
}

/* A slot of C = router_shape.slot_cycles > 1 cycles (pipelined links, a pipelined combiner): the
 * routers move in its last, slot_en, counted from reset; a start pulse in any cycle of a slot
 * counts at its end. */
static void emit_slot_timing(vwriter *w, const router_shape *s, bool sim) {
  int C = s->slot_cycles, pw = rtl_clog2((uint64_t)C);
  vw_blank(w);
  vw_line(w, "// a slot lasts %d cycles (pipelined links or combiner); every router moves in its last (slot_en), and", C);
  vw_line(w, "// a start pulse in any cycle of a slot is held to its end");
  vw_line(w, "reg [%d:0] %s;", pw - 1, vw_ident(w, "phase_q"));
  vw_line(w, "reg %s;", vw_ident(w, "start_q"));
  vw_line(w, "wire %s = (phase_q == %d'd%d);", vw_ident(w, "slot_en"), pw, C - 1);
  vw_line(w, "wire %s = start_i | start_q;", vw_ident(w, "start"));
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_open(w, "if (!rst_ni) begin");
  vw_line(w, "phase_q <= %d'd0;", pw);
  vw_line(w, "start_q <= 1'b0;");
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "phase_q <= slot_en ? %d'd0 : phase_q + %d'd1;", pw, pw);
  vw_line(w, "start_q <= start & !slot_en;");
  vw_close(w, "end");
  vw_close(w, "end");
  if (!sim) vw_line(w, "assign slot_o = slot_en;");
}

/* Node u's ROM and its wires; returns the net of the router's ROM address. One program for
 * every node (f->shared): the routers run in lockstep (one start, one task), so they read the
 * same word in every cycle and node 0's ROM serves them all; node u's address is left unread
 * (unused_n<u>_rom_addr). The simulation fabric keeps a ROM per node (the bench loads them). */
static const char *emit_node_rom(vwriter *w, const ir_fabric *f, const router_shape *s, uint32_t u, bool sim) {
  char r[32], file[64];
  bool rom_of_node0 = !sim && f->shared && u > 0;
  const char *addr = vw_ident(w, "%sn%u_rom_addr", rom_of_node0 ? "unused_" : "", (unsigned)u);
  vw_line(w, "wire %s%s;", vector_range(r, sizeof r, shape_rom_addr_width(s)), addr);
  vw_line(w, "wire %s%s;", vector_range(r, sizeof r, s->word_width), vw_ident(w, "n%u_rom_data", (unsigned)u));
  rom_file_name(f, u, file, sizeof file);
  if (rom_of_node0)
    vw_line(w, "assign n%u_rom_data = n0_rom_data;  // node 0's ROM: the same program, the same cycle", (unsigned)u);
  else
    vw_line(w, "%s #(.FILE(%s\"%s\"%s)) %s (%s%s.addr_i(%s), .data_o(n%u_rom_data));", ROM_MODULE,
            sim ? "" : "{ROM_DIR, ", file, sim ? "" : "}", vw_ident(w, "u_rom_n%u", (unsigned)u),
            s->sync_rom ? ".clk_i(clk_i), " : "", rom_enable(s, "slot_en"), addr, (unsigned)u);
  return addr;
}

void emit_fabric(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s, bool sim) {
  const fabric_desc *fd = f->fd;
  uint32_t n = fd->nodes;
  int lanes = s->ports;
  router_port ports[ROUTER_PORTS_MAX];
  size_t nports = router_ports(s, ports);
  char r[32], a[96];
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// The %sfabric: %u routers of %s, lane p of node u wired to the lane of its neighbour", sim ? "simulation " : "",
          (unsigned)n, fd->topo_name);
  vw_line(w, "// that leads back (one named wire per link: l<u>_<p>_*); lanes that lead nowhere receive nothing.");
  if (sim) {
    vw_line(w, "// Each router sits in a %s, whose local port the test bench plays through DPI.", SIM_NODE_MODULE);
  } else {
    vw_line(w, "// Per node u, ports n<u>_*: the router's local port (inj_*, dlv_*) and its outgoing links");
    vw_line(w, "// (tx_*, the monitor of the wires); lane p of each is bits [p*X +: X].");
  }
  if (sim) {
    vw_open(w, "module %s (", SIM_FABRIC_MODULE);
  } else { /* where the ROM files are: a platform's own path, not the tool's working directory */
    vw_open(w, "module %s #(", FABRIC_MODULE);
    vw_line(w, "parameter ROM_DIR = \"./\"  // the directory of the ROM files (.hex), ending in '/'");
    vw_close(w, ") (");
    w->indent++;
  }
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,");
  vw_line(w, "input  wire start_i,");
  if (sim) vw_line(w, "input  wire log_i,  // the test bench records: every lane reports its link and deliveries");
  vw_line(w, "output wire done_o,  // every router is done");
  if (!sim && s->slot_cycles > 1)
    vw_line(w, "output wire slot_o,  // a slot of several cycles: its last, the one in which the local ports count");
  vw_line(w, "output wire err_o%s  // some router saw traffic its schedule did not expect", sim ? "" : ",");
  for (uint32_t u = 0; u < n && !sim && s->task_width; u++)
    vw_line(w, "input  wire %s%s,  // node %u: the task of its next run (while idle)", vector_range(r, sizeof r, s->task_width),
            vw_ident(w, "n%u_task_i", (unsigned)u), (unsigned)u);
  for (uint32_t u = 0; u < n && !sim; u++)
    for (size_t i = 0; i < NNODE_PORTS; i++) {
      const router_port *p = lane_port(ports, nports, node_ports[i].kind);
      vw_line(w, "%s wire %s%s%s", p->input ? "input " : "output", vector_range(r, sizeof r, lanes * p->width),
              vw_ident(w, "n%u_%s", (unsigned)u, node_ports[i].suffix), u + 1 == n && i + 1 == NNODE_PORTS ? "" : ",");
    }
  vw_close(w, ");");
  w->indent = 1;
  vw_line(w, "wire %s%s;", vector_range(r, sizeof r, (int)n), vw_ident(w, "done_w"));
  vw_line(w, "wire %s%s;", vector_range(r, sizeof r, (int)n), vw_ident(w, "err_w"));
  vw_line(w, "assign done_o = &done_w;");
  vw_line(w, "assign err_o = |err_w;");
  if (s->slot_cycles > 1) emit_slot_timing(w, s, sim);
  vw_blank(w);
  vw_line(w, "// the links: l<u>_<p>_* is what lane p of node u sends");
  for (uint32_t u = 0; u < n; u++)
    for (int p = 0; p < lanes; p++) {
      int dead = fd->neighbor[(size_t)u * lanes + p] < 0;
      /* in the simulation fabric a lane that leads nowhere feeds nothing: a sink by name */
      vw_line(w, "wire %s;", vw_ident(w, "%sl%u_%d_valid", sim && dead ? "unused_" : "", (unsigned)u, p));
      vw_line(w, "wire %s%s;", vector_range(r, sizeof r, s->flit_width),
              vw_ident(w, "%sl%u_%d_flit", sim && dead ? "unused_" : "", (unsigned)u, p));
    }
  emit_link_instances(w, fd, s);
  for (uint32_t u = 0; u < n; u++) {
    vw_blank(w);
    vw_line(w, "// node %u", (unsigned)u);
    const char *rom_addr = emit_node_rom(w, f, s, u, sim);
    vw_open(w, "%s %s (", sim ? SIM_NODE_MODULE : ROUTER_MODULE, vw_ident(w, "u_%s_n%u", sim ? "node" : "router", (unsigned)u));
    if (sim) vw_line(w, ".node_i(32'd%u),", (unsigned)u);
    if (sim) vw_line(w, ".log_i(log_i),");
    for (int p = 0; p < lanes && sim && link_monitor_is_channel(fd); p++) /* what the log reads */
      vw_line(w, ".mon%d_flit_i(%s%s),", p, fd->neighbor[(size_t)u * lanes + p] < 0 ? "unused_" : "",
              link_monitor_flit(a, sizeof a, fd, u, p));
    size_t last = nports;
    while (sim && last > 0 && is_local_port(ports[last - 1].kind)) last--;
    for (size_t i = 0; i < nports; i++) {
      if (sim && is_local_port(ports[i].kind)) continue;
      const char *net = ports[i].kind == RP_ROM_ADDR ? rom_addr : fabric_net(a, sizeof a, fd, s, u, &ports[i], sim);
      int dead = ports[i].lane >= 0 && fd->neighbor[(size_t)u * lanes + ports[i].lane] < 0;
      if (sim && dead && (ports[i].kind == RP_TX_VALID || ports[i].kind == RP_TX_FLIT))
        vw_line(w, ".%s(unused_%s)%s", ports[i].name, net, i + 1 < last ? "," : "");
      else
        vw_line(w, ".%s(%s)%s", ports[i].name, net, i + 1 < last ? "," : "");
    }
    vw_close(w, ");");
    if (sim) continue;
    /* the link monitor: what leaves every lane, lane p at bits [p*X +: X] */
    vw_raw(w, "  assign n%u_tx_valid_o = {", (unsigned)u);
    for (int p = lanes - 1; p >= 0; p--) vw_raw(w, "%sl%u_%d_valid", p == lanes - 1 ? "" : ", ", (unsigned)u, p);
    vw_raw(w, "};\n  assign n%u_tx_flit_o = {", (unsigned)u);
    for (int p = lanes - 1; p >= 0; p--) vw_raw(w, "%s%s", p == lanes - 1 ? "" : ", ", link_monitor_flit(a, sizeof a, fd, u, p));
    vw_raw(w, "};\n");
  }
  emit_endmodule(w);
}

void emit_sim_node(vwriter *w, const char *header, const fabric_desc *fd, const router_shape *s) {
  bool mon = link_monitor_is_channel(fd);
  router_port ports[ROUTER_PORTS_MAX];
  size_t nports = router_ports(s, ports);
  int lanes = s->ports, fw = s->flit_width, dw = s->id_width + 1;
  char r[32];
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// A router of the simulation fabric with its local port played by the test bench: at every");
  vw_line(w, "// rising edge %s (C++, sim/%s, called through Verilator's $c) is called, once", SIM_BENCH_LANE_FN,
          SIM_BENCH_HEADER);
  vw_line(w, "// per lane, with what the cycle that ends showed on the lane's link and local port, and");
  vw_line(w, "// %s then reads the own packet the router reads on that lane in the next cycle.", SIM_BENCH_INJ_FN);
  vw_line(w, "// $c rather than a DPI import: Verilator numbers an import's temporaries per instance, which");
  vw_line(w, "// leaves every instance a copy of its own code; a $c statement keeps one copy for all nodes.");
  vw_line(w, "// A lane calls only when there is something to do: its router asks for an own packet, or the");
  vw_line(w, "// bench records (log_i) and the lane sent or delivered; otherwise it reads zeros, the bench's");
  vw_line(w, "// answer to no request (most lanes are idle in most cycles). Verilator only; not synthesisable.");
  vw_open(w, "module %s (", SIM_NODE_MODULE);
  vw_line(w, "input  wire [31:0] node_i,  // this node's id, for the test bench");
  vw_line(w, "input  wire log_i,  // the test bench records: report the lane's link and deliveries");
  for (int p = 0; p < lanes && mon; p++)
    vw_line(w, "input  wire %smon%d_flit_i,  // lane %d: the link's flit when the lane sends (the log)",
            vector_range(r, sizeof r, fw), p, p);
  size_t last = nports;
  while (last > 0 && is_local_port(ports[last - 1].kind)) last--;
  for (size_t i = 0; i < nports; i++) {
    if (is_local_port(ports[i].kind)) continue;
    vw_line(w, "%s wire %s%s%s", ports[i].input ? "input " : "output",
            ports[i].width > 1 ? vector_range(r, sizeof r, ports[i].width) : "", ports[i].name, i + 1 < last ? "," : "");
  }
  vw_close(w, ");");
  w->indent = 1;
  vw_raw(w, "`systemc_header\n#include \"%s\"\n`verilog\n", SIM_BENCH_HEADER);
  for (int p = 0; p < lanes; p++) {
    vw_line(w, "wire %s;", vw_ident(w, "inj%d_req", p));
    vw_line(w, "wire %s%s;", vector_range(r, sizeof r, dw), vw_ident(w, "inj%d_dest", p));
    vw_line(w, "wire %s;", vw_ident(w, "dlv%d_valid", p));
    vw_line(w, "wire %s%s;", vector_range(r, sizeof r, fw), vw_ident(w, "dlv%d_flit", p));
    vw_line(w, "reg %s%s;  // the own packet the router reads in the next cycle", vector_range(r, sizeof r, fw),
            vw_ident(w, "inj%d_q", p));
  }
  /* the answer's 32-bit words, most significant first, cut to the flit's width (payloads of at
   * most 1024 bits: at most 35 words of 36 characters) */
  char answer[2048];
  int words = (fw + 31) / 32; /* one word goes without braces: Verilator 5.006 warns of {x} (WIDTHCONCAT) */
  size_t used = (size_t)snprintf(answer, sizeof answer, "%d'(%s", fw, words > 1 ? "{" : "");
  for (int k = words - 1; k >= 0 && used < sizeof answer; k--)
    used += (size_t)snprintf(answer + used, sizeof answer - used, "32'($c32(\"%s(%d)\"))%s", SIM_BENCH_INJ_FN, k,
                             k ? ", " : words > 1 ? "})" : ")");
  vw_open(w, "%s begin", clocked(s));  /* on pipelined links, at the slot's end only */
  for (int p = 0; p < lanes; p++) {
    vw_open(w, "if (inj%d_req || (log_i && (tx%d_valid_o || dlv%d_valid))) begin", p, p, p);
    vw_line(w, "$c(\"%s(\", node_i, \", %d, \", tx%d_valid_o, \", \", %s%d_flit_%s, \", \", dlv%d_valid, \", \", dlv%d_flit, \", \", inj%d_req, \", \", inj%d_dest, \");\");",
            SIM_BENCH_LANE_FN, p, p, mon ? "mon" : "tx", p, mon ? "i" : "o", p, p, p, p);
    vw_line(w, "inj%d_q <= %s;", p, answer);
    vw_close(w, "end");
    vw_open(w, "else begin");
    vw_line(w, "inj%d_q <= %d'd0;", p, fw);
    vw_close(w, "end");
  }
  vw_close(w, "end");
  vw_open(w, "%s u_router (", ROUTER_MODULE);
  for (size_t i = 0; i < nports; i++) {
    const router_port *p = &ports[i];
    char net[32];
    static const char *const local_net[] = {[RP_INJ_REQ] = "inj%d_req", [RP_INJ_DEST] = "inj%d_dest",
                                            [RP_INJ_FLIT] = "inj%d_q", [RP_DLV_VALID] = "dlv%d_valid",
                                            [RP_DLV_FLIT] = "dlv%d_flit"};
    if (is_local_port(p->kind)) snprintf(net, sizeof net, local_net[p->kind], p->lane);
    else snprintf(net, sizeof net, "%s", p->name);
    vw_line(w, ".%s(%s)%s", p->name, net, i + 1 < nports ? "," : "");
  }
  vw_close(w, ");");
  emit_endmodule(w);
}

void emit_synth_top(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s) {
  router_port ports[ROUTER_PORTS_MAX];
  size_t nports = router_ports(s, ports);
  /* the scan chains carry every lane port; the control ports and the ROM stay as in the fabric */
  int in_bits = 0, out_bits = 0;
  for (size_t i = 0; i < nports; i++) /* the lanes, and a router's task, from the scan chain */
    if (ports[i].lane >= 0 || ports[i].kind == RP_TASK || ports[i].kind == RP_SLOT_EN)
      *(ports[i].input ? &in_bits : &out_bits) += ports[i].width;
  out_bits += 1; /* err_o */
  char r[32], file[64];
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// Synthesis wrapper of node 0's router and ROM (%s %s): the router's %d lane input bits come",
          f->fd->topo_name, task_name(f->task), in_bits);
  vw_line(w, "// from a scan chain and its %d output bits are captured into one, so the design needs six", out_bits);
  vw_line(w, "// pins and every output stays observable. Not part of the fabric.");
  scan_wrapper_ports(w, SYNTH_TOP_MODULE);
  vw_line(w, "reg %s%s;", vector_range(r, sizeof r, in_bits), vw_ident(w, "in_q"));
  vw_line(w, "reg %s%s;", vector_range(r, sizeof r, out_bits), vw_ident(w, "out_q"));
  vw_line(w, "wire %s%s;", vector_range(r, sizeof r, out_bits), vw_ident(w, "outs"));
  vw_line(w, "wire %s%s;", vector_range(r, sizeof r, shape_rom_addr_width(s)), vw_ident(w, "rom_addr"));
  vw_line(w, "wire %s%s;", vector_range(r, sizeof r, s->word_width), vw_ident(w, "rom_data"));
  vw_blank(w);
  scan_wrapper_chains(w, in_bits, out_bits);
  vw_blank(w);
  rom_file_name(f, 0, file, sizeof file);
  /* the slot enable of pipelined links, if any, is the router's first scan-chain input */
  vw_line(w, "%s #(.FILE(\"%s\")) %s (%s%s.addr_i(rom_addr), .data_o(rom_data));", ROM_MODULE, file, vw_ident(w, "u_rom"),
          s->sync_rom ? ".clk_i(clk_i), " : "", rom_enable(s, "in_q[0]"));
  vw_open(w, "%s %s (", ROUTER_MODULE, vw_ident(w, "u_router"));
  int in_at = 0, out_at = 1; /* outs[0] is err_o */
  char a[64];
  for (size_t i = 0; i < nports; i++) {
    const router_port *p = &ports[i];
    const char *net;
    switch (p->kind) {
    case RP_CLK: net = "clk_i"; break;
    case RP_RST: net = "rst_ni"; break;
    case RP_START: net = "start_i"; break;
    case RP_DONE: net = "done_o"; break;
    case RP_ERR: net = "outs[0]"; break;
    case RP_ROM_ADDR: net = "rom_addr"; break;
    case RP_ROM_DATA: net = "rom_data"; break;
    default:
      net = slice(a, sizeof a, p->input ? "in_q" : "outs", p->input ? in_at : out_at, p->width);
      *(p->input ? &in_at : &out_at) += p->width;
      break;
    }
    vw_line(w, ".%s(%s)%s", p->name, net, i + 1 < nports ? "," : "");
  }
  vw_close(w, ");");
  emit_endmodule(w);
}
