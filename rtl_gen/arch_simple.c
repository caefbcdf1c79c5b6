/* arch_simple.c — the simple router, the first design, kept as the area baseline
 * (docs/ARCHITECTURE.md).
 *
 * Cycle c (1..slots) drives slot c combinationally from registers: a receive register per lane
 * (what arrived in the previous slot), one packet memory with a write port per lane, and the
 * own-packet lanes. The ROM is read asynchronously one cycle ahead and its word registered;
 * cycle slots+1 only delivers the last receptions. Word c: what every lane sends in slot c,
 * and what becomes of what it received in slot c-1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "emit_verilog.h"
#include "mem_style.h"
#include "router_ports.h"

enum { SRC_NONE = 0, SRC_LOCAL = 1, SRC_RX = 2, SRC_MEM = 3 }; /* the 2-bit src field */

typedef struct {
  uint8_t src;
  uint32_t arg; /* RX: the receive lane; MEM: the address */
} send_plan;

typedef struct {
  bool store;
  uint32_t addr;
} store_plan;

typedef struct {
  send_plan *out;   /* [slot * ports + lane] */
  store_plan *in;   /* [slot * ports + lane]: what to do with slot's reception */
  uint32_t mem_depth;
} program_plan;


typedef struct {
  rom_field src, arg, inj_bcast, inj_dest; /* what lane p sends in this cycle */
  rom_field expect, deliver, store, addr;  /* what becomes of lane p's receive register */
} lane_fields;

typedef struct {
  const ir_fabric *f;
  router_shape shape;
  program_plan *progs;
  int has_local, has_rx_forward;
  int mem_entries, mem_addr_width, lane_width;
  lane_fields lane[RTL_MAX_PORTS];
} simple_plan;

/* A packet stored from its arrival to its last send. */
typedef struct {
  uint32_t slot, last, addr;
  uint8_t lane;
} stored;

static int by_arrival(const void *a, const void *b) {
  const stored *x = a, *y = b;
  if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
  return x->lane < y->lane ? -1 : x->lane > y->lane;
}

/* A packet stored at the end of cycle slot+1 occupies its address from cycle slot+2 through
 * its last send; addresses by interval colouring (arch.c). */
static int allocate_memory(stored *st, size_t n, uint32_t *depth) {
  qsort(st, n, sizeof *st, by_arrival);
  arch_interval *iv = malloc((n ? n : 1) * sizeof *iv);
  if (!iv) return -1;
  for (size_t i = 0; i < n; i++) iv[i] = (arch_interval){st[i].slot + 2, st[i].last, 0};
  int rc = arch_colour_intervals(iv, n, depth);
  for (size_t i = 0; i < n && !rc; i++) st[i].addr = iv[i].addr;
  free(iv);
  return rc;
}

static int plan_program(void *plan, uint32_t u, char *err, size_t errlen) {
  simple_plan *pl = plan;
  const ir_fabric *f = pl->f;
  int ports = f->fd->ports;
  program_plan *pp = &pl->progs[u];
  size_t cells = ((size_t)f->slots + 1) * (size_t)ports, nst = 0;
  pp->out = calloc(cells, sizeof *pp->out);
  pp->in = calloc(cells, sizeof *pp->in);
  stored *st = malloc((cells + 1) * sizeof *st);
  int rc = -1;
  if (!pp->out || !pp->in || !st) goto out;
  for (uint32_t s = 1; s <= f->slots; s++)
    for (int p = 0; p < ports; p++) {
      const ir_send *o = ir_send_at(f, u, s, p);
      send_plan *sp = &pp->out[(size_t)s * ports + p];
      if (o->kind == IR_SEND_LOCAL) {
        sp->src = SRC_LOCAL;
        pl->has_local = 1;
      } else if (o->kind == IR_SEND_FORWARD && s == o->from_slot + 1) {
        *sp = (send_plan){SRC_RX, o->from_lane};
        pl->has_rx_forward = 1;
      } else if (o->kind == IR_SEND_FORWARD) {
        sp->src = SRC_MEM; /* the address once allocated */
        size_t j = 0;
        while (j < nst && !(st[j].slot == o->from_slot && st[j].lane == o->from_lane)) j++;
        if (j == nst) st[nst++] = (stored){o->from_slot, s, 0, o->from_lane};
        else if (s > st[j].last) st[j].last = s;
      }
    }
  if (allocate_memory(st, nst, &pp->mem_depth)) goto out;
  for (size_t i = 0; i < nst; i++) pp->in[(size_t)st[i].slot * ports + st[i].lane] = (store_plan){true, st[i].addr};
  for (uint32_t s = 1; s <= f->slots; s++)
    for (int p = 0; p < ports; p++) {
      send_plan *sp = &pp->out[(size_t)s * ports + p];
      if (sp->src != SRC_MEM) continue;
      const ir_send *o = ir_send_at(f, u, s, p);
      sp->arg = pp->in[(size_t)o->from_slot * ports + o->from_lane].addr;
    }
  if ((int)pp->mem_depth > pl->shape.mem_depth) pl->shape.mem_depth = (int)pp->mem_depth;
  rc = 0;
out:
  if (rc) snprintf(err, errlen, "out of memory planning router %u", (unsigned)u);
  free(st);
  return rc;
}

static void free_plan(void *plan) {
  simple_plan *pl = plan;
  if (!pl) return;
  if (pl->progs)
    for (uint32_t u = 0; u < pl->f->nprograms; u++) {
      free(pl->progs[u].out);
      free(pl->progs[u].in);
    }
  free(pl->progs);
  free(pl);
}

/* The memory and the ROM word, from what every program needs. */
static void layout(void *plan) {
  simple_plan *pl = plan;
  router_shape *sh = &pl->shape;
  if (sh->mem_depth) {
    pl->mem_entries = 2;
    while (pl->mem_entries < sh->mem_depth) pl->mem_entries *= 2;
    pl->mem_addr_width = rtl_clog2((uint64_t)pl->mem_entries);
  }
  pl->lane_width = rtl_clog2((uint64_t)sh->ports);
  int arg_width = pl->has_rx_forward ? pl->lane_width : 0;
  if (pl->mem_addr_width > arg_width) arg_width = pl->mem_addr_width;
  int next = 0;
  for (int q = 0; q < sh->ports; q++) {
    lane_fields *lf = &pl->lane[q];
    lf->src = rom_field_take(&next, 2);
    lf->arg = rom_field_take(&next, arg_width);
    lf->inj_bcast = rom_field_take(&next, pl->has_local ? 1 : 0);
    lf->inj_dest = rom_field_take(&next, pl->has_local ? sh->id_width : 0);
    lf->expect = rom_field_take(&next, 1);
    lf->deliver = rom_field_take(&next, 1);
    lf->store = rom_field_take(&next, sh->mem_depth ? 1 : 0);
    lf->addr = rom_field_take(&next, pl->mem_addr_width);
  }
  sh->word_width = next;
}

static void *plan(const ir_fabric *f, const flit_format *flit, router_shape *shape, char *err, size_t errlen) {
  simple_plan *pl = calloc(1, sizeof *pl);
  if (!pl || !(pl->progs = calloc(f->nprograms, sizeof *pl->progs))) return arch_plan_oom(pl, err, errlen);
  pl->f = f;
  router_shape *sh = &pl->shape;
  router_shape_init(sh, "simple", f, flit);
  sh->cycle_width = rtl_clog2((uint64_t)sh->cycles + 2);
  sh->rom_entries = 1u << sh->cycle_width;
  sh->wire_delay = 0; /* slot s is driven combinationally in cycle s */
  return arch_plan_all(pl, f->nprograms, plan_program, layout, free_plan, &pl->shape, shape, err, errlen);
}

static void pack(const void *plan, uint32_t program, uint32_t r, uint32_t *words) {
  const simple_plan *pl = plan;
  const ir_fabric *f = pl->f;
  const program_plan *pp = &pl->progs[program];
  int ports = pl->shape.ports;
  if (r < 1 || r > pl->shape.cycles) return;
  for (int q = 0; q < ports; q++) {
    const lane_fields *lf = &pl->lane[q];
    if (r <= f->slots) {
      const send_plan *sp = &pp->out[(size_t)r * ports + q];
      const ir_send *o = ir_send_at(f, program, r, q);
      rom_field_put(words, lf->src, sp->src);
      rom_field_put(words, lf->arg, sp->arg);
      if (sp->src == SRC_LOCAL) {
        rom_field_put(words, lf->inj_bcast, o->bcast);
        rom_field_put(words, lf->inj_dest, o->dest);
      }
    }
    if (r >= 2) {
      const ir_recv *in = ir_recv_at(f, program, r - 1, q);
      const store_plan *st = &pp->in[(size_t)(r - 1) * ports + q];
      rom_field_put(words, lf->expect, in->expect);
      rom_field_put(words, lf->deliver, in->deliver);
      rom_field_put(words, lf->store, st->store);
      rom_field_put(words, lf->addr, st->addr);
    }
  }
}

static void rom_legend(vwriter *w, const void *plan) {
  const simple_plan *pl = plan;
  vw_line(w, "// Per lane p from bit 0 up: src(2: 0 none, 1 local, 2 receive register arg, 3 memory[arg]),");
  vw_line(w, "// arg(%d), inj_bcast(%d), inj_dest(%d, as the local port reads it), expect(1), deliver(1),",
          pl->lane[0].arg.width, pl->lane[0].inj_bcast.width, pl->lane[0].inj_dest.width);
  vw_line(w, "// store(%d), addr(%d).", pl->lane[0].store.width, pl->lane[0].addr.width);
}

/* ---- the router ---- */

/* The registers: the run control, per lane the ROM word's fields of the cycle, the receive
 * register and the multiplexer's output; the packet memory. */
static void emit_declarations(vwriter *w, const simple_plan *pl) {
  const router_shape *sh = &pl->shape;
  int cw = sh->cycle_width, fw = sh->flit_width;
  char r[32];
  vw_blank(w);
  vw_line(w, "// cycle counter: 0 idle, 1..%u running (cycle c drives slot c's transmissions)", (unsigned)sh->cycles);
  vw_line(w, "reg [%d:0] %s;", cw - 1, vw_ident(w, "cyc_q"));
  vw_line(w, "reg %s;", vw_ident(w, "done_q"));
  vw_line(w, "reg %s;", vw_ident(w, "err_q"));
  for (int q = 0; q < sh->ports; q++) {
    const lane_fields *lf = &pl->lane[q];
    vw_line(w, "// lane %d: what it sends this cycle; what becomes of what it received last slot", q);
    vw_line(w, "reg [1:0] %s;  // 0 nothing, 1 local port, 2 a receive register, 3 memory", vw_ident(w, "out%d_src_q", q));
    if (lf->arg.width) vw_line(w, "reg %s%s;", vector_range(r, sizeof r, lf->arg.width), vw_ident(w, "out%d_arg_q", q));
    vw_line(w, "reg %s;", vw_ident(w, "in%d_expect_q", q));
    vw_line(w, "reg %s;", vw_ident(w, "in%d_deliver_q", q));
    if (lf->store.width) vw_line(w, "reg %s;", vw_ident(w, "in%d_store_q", q));
    if (lf->addr.width) vw_line(w, "reg %s%s;", vector_range(r, sizeof r, lf->addr.width), vw_ident(w, "in%d_addr_q", q));
    vw_line(w, "reg [%d:0] %s;", fw - 1, vw_ident(w, "rx%d_flit_q", q));
    vw_line(w, "reg %s;", vw_ident(w, "rx%d_valid_q", q));
    vw_line(w, "reg [%d:0] %s;", fw - 1, vw_ident(w, "tx%d_flit", q));
  }
  if (sh->mem_depth) {
    vw_line(w, "// packets received here that leave again later than the next cycle (%d needed)", sh->mem_depth);
    vw_line(w, "%sreg [%d:0] %s [0:%d];", mem_style_ram_attribute((mem_shape){.sync_read = false}), fw - 1, vw_ident(w, "mem_q"),
            pl->mem_entries - 1);
  }
}

/* The run control's wires: idle, load (the next cycle runs), the ROM address and mismatch. */
static void emit_control(vwriter *w, const simple_plan *pl) {
  const router_shape *sh = &pl->shape;
  int cw = sh->cycle_width;
  vw_blank(w);
  vw_line(w, "localparam [%d:0] %s = %d'd%u;", cw - 1, vw_ident(w, "LastCycle"), cw, (unsigned)sh->cycles);
  vw_line(w, "wire %s = (cyc_q == %d'd0);", vw_ident(w, "idle"), cw);
  vw_line(w, "// the next cycle runs: take the next ROM word");
  vw_line(w, "wire %s = idle ? start_i : (cyc_q != LastCycle);", vw_ident(w, "load"));
  vw_line(w, "assign rom_addr_o = cyc_q + %d'd1;", cw);
  vw_raw(w, "  wire %s = ", vw_ident(w, "mismatch"));
  for (int q = 0; q < sh->ports; q++) vw_raw(w, "%s(rx%d_valid_q != in%d_expect_q)", q ? " | " : "", q, q);
  vw_raw(w, ";\n");
}

/* The reset values of the run control and of lane q's ROM fields. */
static void emit_reset(vwriter *w, const simple_plan *pl) {
  vw_line(w, "cyc_q <= %d'd0;", pl->shape.cycle_width);
  vw_line(w, "done_q <= 1'b0;");
  vw_line(w, "err_q <= 1'b0;");
  for (int q = 0; q < pl->shape.ports; q++) {
    const lane_fields *lf = &pl->lane[q];
    vw_line(w, "out%d_src_q <= 2'd0;", q);
    if (lf->arg.width) vw_line(w, "out%d_arg_q <= %d'd0;", q, lf->arg.width);
    vw_line(w, "in%d_expect_q <= 1'b0;", q);
    vw_line(w, "in%d_deliver_q <= 1'b0;", q);
    if (lf->store.width) vw_line(w, "in%d_store_q <= 1'b0;", q);
    if (lf->addr.width) vw_line(w, "in%d_addr_q <= %d'd0;", q, lf->addr.width);
    vw_line(w, "rx%d_valid_q <= 1'b0;", q);
  }
}

/* The registers' update in a cycle: the counter, done and err, and every lane's ROM fields
 * taken from the word of the cycle (zero while not loading). */
static void emit_update(vwriter *w, const simple_plan *pl) {
  int cw = pl->shape.cycle_width;
  char a[64];
  vw_line(w, "cyc_q <= load ? cyc_q + %d'd1 : %d'd0;", cw, cw);
  vw_open(w, "if (idle && start_i) begin");
  vw_line(w, "done_q <= 1'b0;");
  vw_line(w, "err_q <= 1'b0;");
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "if (cyc_q == LastCycle) done_q <= 1'b1;");
  vw_line(w, "if (mismatch) err_q <= 1'b1;");
  vw_close(w, "end");
  for (int q = 0; q < pl->shape.ports; q++) {
    const lane_fields *lf = &pl->lane[q];
    vw_line(w, "out%d_src_q <= load ? %s : 2'd0;", q, slice(a, sizeof a, "rom_data_i", lf->src.lsb, 2));
    if (lf->arg.width)
      vw_line(w, "out%d_arg_q <= load ? %s : %d'd0;", q, slice(a, sizeof a, "rom_data_i", lf->arg.lsb, lf->arg.width),
              lf->arg.width);
    vw_line(w, "in%d_expect_q <= load & %s;", q, slice(a, sizeof a, "rom_data_i", lf->expect.lsb, 1));
    vw_line(w, "in%d_deliver_q <= load & %s;", q, slice(a, sizeof a, "rom_data_i", lf->deliver.lsb, 1));
    if (lf->store.width) vw_line(w, "in%d_store_q <= load & %s;", q, slice(a, sizeof a, "rom_data_i", lf->store.lsb, 1));
    if (lf->addr.width)
      vw_line(w, "in%d_addr_q <= load ? %s : %d'd0;", q, slice(a, sizeof a, "rom_data_i", lf->addr.lsb, lf->addr.width),
              lf->addr.width);
    vw_line(w, "rx%d_valid_q <= rx%d_valid_i;", q, q);
  }
}

/* The registers with a reset: reset, else update. */
static void emit_state(vwriter *w, const simple_plan *pl) {
  vw_blank(w);
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_open(w, "if (!rst_ni) begin");
  emit_reset(w, pl);
  vw_close(w, "end %s begin", reset_else(&pl->shape));
  w->indent++;
  emit_update(w, pl);
  vw_close(w, "end");
  vw_close(w, "end");
}

/* The receive registers and the packet memory's writes. */
static void emit_storage(vwriter *w, const simple_plan *pl) {
  int ports = pl->shape.ports;
  vw_blank(w);
  vw_line(w, "// receive registers: what arrived in the previous slot");
  vw_open(w, "%s begin", clocked(&pl->shape));
  for (int q = 0; q < ports; q++) vw_line(w, "rx%d_flit_q <= rx%d_flit_i;", q, q);
  vw_close(w, "end");
  if (pl->shape.mem_depth) {
    vw_blank(w);
    vw_line(w, "// the generator gave each stored packet its own address for its lifetime");
    vw_open(w, "%s begin", clocked(&pl->shape));
    for (int q = 0; q < ports; q++) vw_line(w, "if (in%d_store_q) mem_q[in%d_addr_q] <= rx%d_flit_q;", q, q, q);
    vw_close(w, "end");
  }
}

/* Lane q's output multiplexer: the local port, a receive register or the memory. */
static void emit_lane_mux(vwriter *w, const simple_plan *pl, int q) {
  const router_shape *sh = &pl->shape;
  const lane_fields *lf = &pl->lane[q];
  int fw = sh->flit_width, ports = sh->ports;
  char a[64], b[64], arg[32];
  snprintf(arg, sizeof arg, "out%d_arg_q", q);
  vw_blank(w);
  vw_open(w, "always @(*) begin");
  vw_open(w, "case (out%d_src_q)", q);
  if (pl->has_local) vw_line(w, "2'd1: tx%d_flit = inj%d_flit_i;", q, q);
  if (pl->has_rx_forward) {
    if (ports == 1) {
      vw_line(w, "2'd2: tx%d_flit = rx0_flit_q;", q);
    } else {
      vw_open(w, "2'd2: begin");
      vw_open(w, "case (%s)", slice(a, sizeof a, arg, 0, pl->lane_width));
      for (int k = 0; k < ports; k++) vw_line(w, "%d'd%d: tx%d_flit = rx%d_flit_q;", pl->lane_width, k, q, k);
      vw_line(w, "default: tx%d_flit = %d'd0;", q, fw);
      vw_close(w, "endcase");
      vw_close(w, "end");
    }
  }
  if (sh->mem_depth)
    vw_line(w, "2'd3: tx%d_flit = mem_q[%s];", q,
            lf->arg.width == pl->mem_addr_width ? arg : slice(b, sizeof b, arg, 0, pl->mem_addr_width));
  vw_line(w, "default: tx%d_flit = %d'd0;", q, fw);
  vw_close(w, "endcase");
  vw_close(w, "end");
}

/* The router's outputs: lanes, own-packet requests (from the next cycle's ROM word),
 * deliveries, done and err. */
static void emit_outputs(vwriter *w, const simple_plan *pl) {
  const router_shape *sh = &pl->shape;
  int ports = sh->ports;
  char a[64], b[64];
  vw_blank(w);
  vw_line(w, "// own-packet requests come straight from the ROM word of the next cycle");
  for (int q = 0; q < ports; q++) {
    const lane_fields *lf = &pl->lane[q];
    vw_line(w, "assign tx%d_valid_o = out%d_src_q != 2'd0;", q, q);
    vw_line(w, "assign tx%d_flit_o = tx%d_flit;", q, q);
    vw_line(w, "assign inj%d_req_o = %s == 2'd1;", q, slice(a, sizeof a, "rom_data_i", lf->src.lsb, 2));
    if (pl->has_local)
      vw_line(w, "assign inj%d_dest_o = {%s, %s};", q, slice(a, sizeof a, "rom_data_i", lf->inj_bcast.lsb, 1),
              slice(b, sizeof b, "rom_data_i", lf->inj_dest.lsb, sh->id_width));
    else
      vw_line(w, "assign inj%d_dest_o = %d'd0;", q, sh->id_width + 1);
    vw_line(w, "assign dlv%d_valid_o = in%d_deliver_q;", q, q);
    vw_line(w, "assign dlv%d_flit_o = rx%d_flit_q;", q, q);
  }
  if (!pl->has_local) {
    vw_raw(w, "  wire %s = ^{", vw_ident(w, "unused_inj_flits"));
    for (int q = 0; q < ports; q++) vw_raw(w, "%sinj%d_flit_i", q ? ", " : "", q);
    vw_raw(w, "};  // no lane sends an own packet\n");
  }
  vw_line(w, "assign done_o = done_q;");
  vw_line(w, "assign err_o = err_q;");
}

static void emit_router(vwriter *w, const char *header, const ir_fabric *f, const void *plan, const router_shape *sh) {
  const simple_plan *pl = plan;
  emit_router_header(w, header, f, sh, "Simple (baseline)");
  emit_router_port_list(w, sh);
  w->indent = 1;
  emit_declarations(w, pl);
  emit_control(w, pl);
  emit_state(w, pl);
  emit_storage(w, pl);
  for (int q = 0; q < sh->ports; q++) emit_lane_mux(w, pl, q);
  emit_outputs(w, pl);
  emit_endmodule(w);
}

const router_arch arch_simple = {
    .name = "simple",
    .summary = "the first design: receive registers and one multi-write-port memory (the area baseline)",
    .serves = ARCH_PACKET_TASKS, /* packets, not partial sums */
    .supports = NULL, /* no limit beyond the lanes every architecture has */
    .plan = plan,
    .free_plan = free_plan,
    .pack = pack,
    .rom_legend = rom_legend,
    .emit_router = emit_router,
    .control_words = false, /* no constant control words (kbcast's counters, terminations): banked sends them */
    .ni_local_port = false, /* not served by the network interface yet */
};
