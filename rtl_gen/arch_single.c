/* arch_single.c — the single-port router, the default for the sp-full and sp-half port models
 * (docs/ARCHITECTURE.md, "single").
 *
 * Under sp-full a node sends at most one and receives at most one packet per slot (002 §3,
 * the single-port model); so the router needs one transmit datapath and one receive datapath,
 * not one per lane. Each ROM word names the lane that sends and the lane that receives:
 *
 *  - transmit: one output register tx_q, wired to every lane's tx flit; only the valid bit of
 *    the lane the ROM names is set (a one-hot valid register), so the fabric keeps every link
 *    but each router drives at most one per slot;
 *  - receive: one multiplexer picks the named lane's flit; it feeds the local port, the delay
 *    register and the packet memory;
 *  - memory: with one reception and one send per slot, a single 1R1W bank (synchronous read,
 *    the shape of a block RAM) holds every packet sent three or more slots after arrival, and
 *    one delay register those sent two slots after.
 *
 * Under sp-half (send or receive, not both) the same router runs unchanged: it then never uses
 * both datapaths in one slot. Sharing them would save only the lane multiplexer's select bits,
 * because the transmit side is a register fanned out to the lanes, not a multiplexer.
 *
 * The local port is lane 0's: inj0_* supplies every own packet (one per slot at most) and
 * dlv0_* hands over every delivery; the other lanes' local ports are tied off. The timing is
 * the banked router's: ROM word r in cycle r (synchronous ROM), slot s on the wires in cycle
 * s+1, run in slots+1 cycles.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "emit_verilog.h"
#include "router_ports.h"

/* What the transmit register takes in a slot. */
enum { SRC_NONE = 0, SRC_LOCAL, SRC_RX, SRC_RXD, SRC_BANK, SRC_KINDS };

static const char *const source_name[SRC_KINDS] = {"nothing", "the own packet (inj0_flit_i)", "the receive multiplexer",
                                                   "the delay register", "the bank's read register"};

/* Program of one router, per slot s (1..slots; index 0 unused). */
typedef struct {
  uint8_t *src;    /* what slot s sends */
  int16_t *tx;     /* the lane it sends on */
  int16_t *rx;     /* the lane that receives in slot s, -1 none */
  bool *deliver;   /* slot s's reception is handed to the local port */
  int32_t *waddr;  /* bank address that slot s's reception is written at, -1 none */
  int32_t *raddr;  /* bank address slot s's send reads (src BANK) */
} program_plan;

typedef struct {
  const ir_fabric *f;
  router_shape shape;
  program_plan *progs;
  bool used[SRC_KINDS]; /* over all programs */
  uint8_t sel_of[SRC_KINDS]; /* select value of each used source, 1.. */
  int nsources;
  int lane_width, bank_entries, bank_addr_width;
  bool bank_block_ram;
  rom_field sel, tx_lane, req, req_bcast, req_dest, expect, rx_lane, deliver, we, waddr, raddr;
} single_plan;

/* ---- planning ---- */

static int supports(const ir_fabric *f, char *why, size_t len) {
  if (f->model != MODEL_SP_FULL && f->model != MODEL_SP_HALF) {
    snprintf(why, len, "the single router runs sp-full and sp-half schedules (one send and one receive per node and slot); "
             "this schedule's model is %s (use --arch banked)", model_name(f->model));
    return -1;
  }
  for (uint32_t u = 0; u < f->nprograms; u++)
    for (uint32_t s = 1; s <= f->slots; s++) {
      int sends = 0, recvs = 0;
      for (int p = 0; p < f->fd->ports; p++) {
        sends += ir_send_at(f, u, s, p)->kind != IR_SEND_NONE;
        recvs += ir_recv_at(f, u, s, p)->expect;
      }
      if (sends > 1 || recvs > 1) { /* a verified single-port schedule never does this */
        snprintf(why, len, "router %u %s %d packets in slot %u: the single router has one transmit and one receive datapath",
                 (unsigned)u, sends > 1 ? "sends" : "receives", sends > 1 ? sends : recvs, (unsigned)s);
        return -1;
      }
    }
  return 0;
}

static int by_start(const void *a, const void *b) {
  const arch_interval *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* Plans program u: a source and lanes per slot, bank addresses by interval colouring. A packet
 * received in slot a is written into the bank at the end of cycle a+1, and its last read
 * address is sampled in cycle (last send) - 1. */
static int plan_program(void *plan, uint32_t u, char *err, size_t errlen) {
  single_plan *pl = plan;
  const ir_fabric *f = pl->f;
  int ports = f->fd->ports;
  size_t n = (size_t)f->slots + 2;
  program_plan *pp = &pl->progs[u];
  pp->src = calloc(n, sizeof *pp->src);
  pp->tx = calloc(n, sizeof *pp->tx);
  pp->rx = malloc(n * sizeof *pp->rx);
  pp->deliver = calloc(n, sizeof *pp->deliver);
  pp->waddr = malloc(n * sizeof *pp->waddr);
  pp->raddr = calloc(n, sizeof *pp->raddr);
  arch_interval *iv = malloc(n * sizeof *iv);
  uint32_t *last = calloc(n, sizeof *last); /* by arrival slot: the last send from the bank */
  int rc = -1;
  if (!pp->src || !pp->tx || !pp->rx || !pp->deliver || !pp->waddr || !pp->raddr || !iv || !last) goto out;
  for (size_t s = 0; s < n; s++) pp->rx[s] = -1, pp->waddr[s] = -1;
  for (uint32_t s = 1; s <= f->slots; s++)
    for (int p = 0; p < ports; p++) {
      const ir_recv *in = ir_recv_at(f, u, s, p);
      if (in->expect) pp->rx[s] = (int16_t)p, pp->deliver[s] = in->deliver;
      const ir_send *o = ir_send_at(f, u, s, p);
      if (o->kind == IR_SEND_NONE) continue;
      pp->tx[s] = (int16_t)p;
      if (o->kind == IR_SEND_LOCAL) {
        pp->src[s] = SRC_LOCAL;
      } else if (s - o->from_slot <= 2) {
        pp->src[s] = s - o->from_slot == 1 ? SRC_RX : SRC_RXD;
      } else {
        pp->src[s] = SRC_BANK;
        if (s > last[o->from_slot]) last[o->from_slot] = s;
      }
      pl->used[pp->src[s]] = true;
    }
  size_t ni = 0;
  for (uint32_t a = 1; a <= f->slots; a++)
    if (last[a]) iv[ni++] = (arch_interval){a + 1, last[a] - 1, a}; /* addr holds the slot until coloured */
  qsort(iv, ni, sizeof *iv, by_start);
  uint32_t *arrival = malloc((ni ? ni : 1) * sizeof *arrival);
  if (!arrival) goto out;
  for (size_t i = 0; i < ni; i++) arrival[i] = iv[i].addr;
  uint32_t depth;
  if (arch_colour_intervals(iv, ni, &depth)) {
    free(arrival);
    goto out;
  }
  for (size_t i = 0; i < ni; i++) pp->waddr[arrival[i]] = (int32_t)iv[i].addr;
  free(arrival);
  for (uint32_t s = 1; s <= f->slots; s++)
    if (pp->src[s] == SRC_BANK) {
      int p = pp->tx[s];
      pp->raddr[s] = pp->waddr[ir_send_at(f, u, s, p)->from_slot];
    }
  if ((int)depth > pl->shape.mem_depth) pl->shape.mem_depth = (int)depth;
  rc = 0;
out:
  if (rc) snprintf(err, errlen, "out of memory planning router %u", (unsigned)u);
  free(iv);
  free(last);
  return rc;
}

static void free_plan(void *plan) {
  single_plan *pl = plan;
  if (!pl) return;
  if (pl->progs)
    for (uint32_t u = 0; u < pl->f->nprograms; u++) {
      program_plan *pp = &pl->progs[u];
      free(pp->src), free(pp->tx), free(pp->rx), free(pp->deliver), free(pp->waddr), free(pp->raddr);
    }
  free(pl->progs);
  free(pl);
}

static void layout(void *plan) {
  single_plan *pl = plan;
  router_shape *sh = &pl->shape;
  for (int k = SRC_LOCAL; k < SRC_KINDS; k++)
    if (pl->used[k]) pl->sel_of[k] = (uint8_t)++pl->nsources;
  pl->lane_width = rtl_clog2((uint64_t)sh->ports);
  if (sh->mem_depth) {
    pl->bank_entries = 2;
    while (pl->bank_entries < sh->mem_depth) pl->bank_entries *= 2;
    pl->bank_addr_width = rtl_clog2((uint64_t)pl->bank_entries);
  }
  bool local = pl->used[SRC_LOCAL];
  int next = 0;
  pl->sel = rom_field_take(&next, rtl_clog2((uint64_t)pl->nsources + 1));
  pl->tx_lane = rom_field_take(&next, pl->nsources ? pl->lane_width : 0);
  pl->req = rom_field_take(&next, local);
  pl->req_bcast = rom_field_take(&next, local);
  pl->req_dest = rom_field_take(&next, local ? sh->id_width : 0);
  pl->expect = rom_field_take(&next, 1);
  pl->rx_lane = rom_field_take(&next, pl->lane_width);
  pl->deliver = rom_field_take(&next, 1);
  pl->we = rom_field_take(&next, sh->mem_depth ? 1 : 0);
  pl->waddr = rom_field_take(&next, pl->bank_addr_width);
  pl->raddr = rom_field_take(&next, pl->bank_addr_width);
  sh->word_width = next;
  arch_memory m[2] = {{sh->word_width, sh->rom_entries, &sh->rom_block_ram},
                      {sh->flit_width, (uint32_t)pl->bank_entries, &pl->bank_block_ram}};
  arch_choose_block_rams(m, sh->mem_depth ? 2 : 1);
}

static void *plan(const ir_fabric *f, const flit_format *flit, router_shape *shape, char *err, size_t errlen) {
  single_plan *pl = calloc(1, sizeof *pl);
  if (!pl || !(pl->progs = calloc(f->nprograms, sizeof *pl->progs))) return arch_plan_oom(pl, err, errlen);
  pl->f = f;
  router_shape_init_sync(&pl->shape, "single", f, flit);
  return arch_plan_all(pl, f->nprograms, plan_program, layout, free_plan, &pl->shape, shape, err, errlen);
}

/* ---- ROM words ---- */

/* Word r: slot r's send (source, lane), slot r+1's own-packet request and bank read, slot
 * r-1's reception (expected, lane, delivered, written at). */
static void pack(const void *plan, uint32_t program, uint32_t r, uint32_t *words) {
  const single_plan *pl = plan;
  const ir_fabric *f = pl->f;
  const program_plan *pp = &pl->progs[program];
  if (r > pl->shape.cycles) return;
  if (r >= 1 && r <= f->slots && pp->src[r] != SRC_NONE) {
    rom_field_put(words, pl->sel, pl->sel_of[pp->src[r]]);
    rom_field_put(words, pl->tx_lane, (uint32_t)pp->tx[r]);
  }
  if (r + 1 <= f->slots) {
    if (pp->src[r + 1] == SRC_LOCAL) {
      const ir_send *o = ir_send_at(f, program, r + 1, pp->tx[r + 1]);
      rom_field_put(words, pl->req, 1);
      rom_field_put(words, pl->req_bcast, o->bcast);
      rom_field_put(words, pl->req_dest, o->dest);
    }
    if (pp->src[r + 1] == SRC_BANK) rom_field_put(words, pl->raddr, (uint32_t)pp->raddr[r + 1]);
  }
  if (r >= 2 && pp->rx[r - 1] >= 0) {
    rom_field_put(words, pl->expect, 1);
    rom_field_put(words, pl->rx_lane, (uint32_t)pp->rx[r - 1]);
    rom_field_put(words, pl->deliver, pp->deliver[r - 1]);
    if (pp->waddr[r - 1] >= 0) {
      rom_field_put(words, pl->we, 1);
      rom_field_put(words, pl->waddr, (uint32_t)pp->waddr[r - 1]);
    }
  }
}

static void rom_legend(vwriter *w, const void *plan) {
  const single_plan *pl = plan;
  vw_line(w, "// Word r from bit 0 up: sel(%d, slot r's source: 0 nothing, see the router), tx_lane(%d),",
          pl->sel.width, pl->tx_lane.width);
  vw_line(w, "// req(%d), req_bcast(%d), req_dest(%d) (own packet of slot r+1, on lane 0's local port; dest as",
          pl->req.width, pl->req_bcast.width, pl->req_dest.width);
  vw_line(w, "// the local port reads it), expect(1), rx_lane(%d), deliver(1) (slot r-1's reception), we(%d),",
          pl->rx_lane.width, pl->we.width);
  vw_line(w, "// waddr(%d) (where slot r-1's reception is stored), raddr(%d) (the entry slot r+1 sends).",
          pl->waddr.width, pl->raddr.width);
}

/* ---- the router ---- */

static const char *bits(char *buf, size_t len, rom_field f) { return slice(buf, len, "rom_data_i", f.lsb, f.width); }

static void emit_control(vwriter *w, const single_plan *pl) {
  const router_shape *sh = &pl->shape;
  char a[64], b[64], c[160];
  emit_run_counter(w, sh);
  vw_line(w, "// every lane's valid bit against the ROM: only the named lane may receive, and it must");
  vw_raw(w, "  wire %s = running & (", vw_ident(w, "mismatch"));
  for (int q = 0; q < sh->ports; q++) {
    if (pl->lane_width)
      snprintf(c, sizeof c, "(%s & (%s == %d'd%d))", bits(a, sizeof a, pl->expect), bits(b, sizeof b, pl->rx_lane),
               pl->lane_width, q);
    else
      bits(c, sizeof c, pl->expect);
    vw_raw(w, "%s(rx%d_valid_i != %s)", q ? " | " : "", q, c);
  }
  vw_raw(w, ");\n");
  emit_run_state(w, sh);
}

static void emit_datapaths(vwriter *w, const single_plan *pl) {
  const router_shape *sh = &pl->shape;
  int fw = sh->flit_width, ports = sh->ports;
  char a[64], b[64];
  vw_blank(w);
  vw_line(w, "// the receive datapath: the lane the ROM names for slot r-1 (on the wires in cycle r)");
  const char *rx = vw_ident(w, "rx_flit");
  if (!pl->lane_width) {
    vw_line(w, "wire [%d:0] %s = rx0_flit_i;", fw - 1, rx);
  } else {
    vw_line(w, "reg [%d:0] %s;", fw - 1, rx);
    vw_open(w, "always @(*) begin");
    vw_open(w, "case (%s)", bits(a, sizeof a, pl->rx_lane));
    for (int q = 0; q + 1 < ports; q++) vw_line(w, "%d'd%d: %s = rx%d_flit_i;", pl->lane_width, q, rx, q);
    vw_line(w, "default: %s = rx%d_flit_i;", rx, ports - 1);
    vw_close(w, "endcase");
    vw_close(w, "end");
  }
  if (pl->used[SRC_RXD]) {
    vw_line(w, "// delay register: slot r-1's reception, sent in slot r+1");
    vw_line(w, "reg [%d:0] %s;", fw - 1, vw_ident(w, "rxd_q"));
    vw_line(w, "%s rxd_q <= %s;", clocked(sh), rx);
  }
  if (sh->mem_depth) {
    vw_blank(w);
    vw_line(w, "// the bank: packets sent three or more slots after arrival; one write (slot r-1's reception)");
    vw_line(w, "// and one read (for slot r+1) per cycle, synchronous read: %d of %d entries used", sh->mem_depth,
            pl->bank_entries);
    vw_line(w, "%sreg [%d:0] %s [0:%d];", memory_attributes(pl->bank_block_ram, (uint32_t)pl->bank_entries), fw - 1,
            vw_ident(w, "bank_q"), pl->bank_entries - 1);
    vw_line(w, "reg [%d:0] %s;", fw - 1, vw_ident(w, "bank_rd_q"));
    vw_open(w, "%s begin", clocked(sh));
    vw_line(w, "if (running && %s) bank_q[%s] <= %s;", bits(a, sizeof a, pl->we), bits(b, sizeof b, pl->waddr), rx);
    vw_line(w, "bank_rd_q <= bank_q[%s];", bits(a, sizeof a, pl->raddr));
    vw_close(w, "end");
  }
  vw_blank(w);
  vw_line(w, "// the transmit datapath: one register on every lane's flit wires; the valid bit of the lane");
  vw_line(w, "// the ROM names for slot r (one-hot)");
  vw_line(w, "reg [%d:0] %s;", fw - 1, vw_ident(w, "tx_q"));
  vw_line(w, "reg [%d:0] %s;", ports - 1, vw_ident(w, "tx_valid_q"));
  if (!pl->nsources) {
    vw_line(w, "always @(posedge clk_i) tx_q <= %d'd0;", fw);
    vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
    vw_line(w, "if (!rst_ni) tx_valid_q <= %d'd0;", ports);
    vw_line(w, "else tx_valid_q <= %d'd0;", ports);
    vw_close(w, "end");
    return;
  }
  const char *sel = bits(b, sizeof b, pl->sel);
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_line(w, "if (!rst_ni) tx_valid_q <= %d'd0;", ports);
  if (pl->lane_width)
    vw_line(w, "%s tx_valid_q <= (running && %s != %d'd0) ? %d'd1 << %s : %d'd0;", reset_else(sh), sel, pl->sel.width,
            ports, bits(a, sizeof a, pl->tx_lane), ports);
  else
    vw_line(w, "%s tx_valid_q <= running && %s != %d'd0;", reset_else(sh), sel, pl->sel.width);
  vw_close(w, "end");
  vw_open(w, "%s begin", clocked(sh));
  vw_open(w, "case (%s)", sel);
  static const char *const expr[SRC_KINDS] = {NULL, "inj0_flit_i", NULL, "rxd_q", "bank_rd_q"};
  for (int k = SRC_LOCAL; k < SRC_KINDS; k++)
    if (pl->used[k]) vw_line(w, "%d'd%d: tx_q <= %s;  // %s", pl->sel.width, pl->sel_of[k], k == SRC_RX ? rx : expr[k], source_name[k]);
  vw_line(w, "default: tx_q <= tx_q;");
  vw_close(w, "endcase");
  vw_close(w, "end");
}

static void emit_ports(vwriter *w, const single_plan *pl) {
  const router_shape *sh = &pl->shape;
  char a[64], b[64];
  vw_blank(w);
  vw_line(w, "// lanes: the transmit register on every flit wire; the local port is lane 0's");
  for (int p = 0; p < sh->ports; p++) {
    vw_line(w, "assign tx%d_valid_o = tx_valid_q[%d];", p, p);
    vw_line(w, "assign tx%d_flit_o = tx_q;", p);
    if (p == 0 && pl->used[SRC_LOCAL]) {
      vw_line(w, "assign inj0_req_o = %s;", bits(a, sizeof a, pl->req));
      vw_line(w, "assign inj0_dest_o = {%s, %s};", bits(a, sizeof a, pl->req_bcast), bits(b, sizeof b, pl->req_dest));
    } else {
      vw_line(w, "assign inj%d_req_o = 1'b0;", p);
      vw_line(w, "assign inj%d_dest_o = %d'd0;", p, sh->id_width + 1);
    }
    if (p == 0) {
      vw_line(w, "assign dlv0_valid_o = running & %s;", bits(a, sizeof a, pl->deliver));
      vw_line(w, "assign dlv0_flit_o = rx_flit;");
    } else {
      vw_line(w, "assign dlv%d_valid_o = 1'b0;", p);
      vw_line(w, "assign dlv%d_flit_o = %d'd0;", p, sh->flit_width);
    }
  }
  /* own-packet inputs never read: reduced into a sink so that lint sees every input used */
  int first = pl->used[SRC_LOCAL] ? 1 : 0;
  if (first < sh->ports) {
    vw_raw(w, "  wire %s = ^{", vw_ident(w, "unused_inj_flits"));
    for (int p = first; p < sh->ports; p++) vw_raw(w, "%sinj%d_flit_i", p > first ? ", " : "", p);
    vw_raw(w, "};  // own packets come on lane 0 only\n");
  }
}

static void emit_router(vwriter *w, const char *header, const ir_fabric *f, const void *plan, const router_shape *s) {
  const single_plan *pl = plan;
  emit_router_header(w, header, f, s, "Single-port");
  vw_line(w, "// One transmit and one receive datapath (%s: at most one send and one receive per slot).",
          model_name(f->model));
  vw_line(w, "// ROM word r: slot r's send (source, lane), slot r+1's request and bank read, and slot r-1's");
  vw_line(w, "// reception (lane, delivery, bank write).");
  emit_router_port_list(w, s);
  w->indent = 1;
  emit_control(w, pl);
  emit_datapaths(w, pl);
  emit_ports(w, pl);
  emit_endmodule(w);
}

const router_arch arch_single = {
    .name = "single",
    .summary = "one transmit and one receive datapath, one 1R1W bank (sp-full and sp-half schedules)",
    .serves = ARCH_PACKET_TASKS, /* packets, not partial sums */
    .supports = supports,
    .plan = plan,
    .free_plan = free_plan,
    .pack = pack,
    .rom_legend = rom_legend,
    .emit_router = emit_router,
    .control_words = false, /* no constant control words (kbcast's counters, terminations): banked sends them */
    .ni_local_port = false, /* not served by the network interface yet */
};
