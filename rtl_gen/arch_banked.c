/* arch_banked.c — the banked router, the default architecture (docs/ARCHITECTURE.md).
 *
 * One cycle per slot. Cycle r (1..slots+1) reads ROM word r from a synchronous ROM. At its
 * end each output register takes slot r's flit — the node's own packet, a receive wire (a
 * packet sent one slot after it arrived), a delay register of a receive lane (two slots
 * after), or the read register of a bank of the output lane (three or more) — each delay
 * register takes its wire, and each bank writes what a receive lane got in slot r-1 and reads
 * the entry slot r+1 needs. During cycle r the wires carry slot r-1, which is checked against
 * `expect` and handed to the local port.
 *
 * A bank belongs to one output lane and is read by it only; a lane's packets are split into
 * sub-banks so that each is written at most once per cycle: a 1R1W memory with a synchronous
 * read, the shape of a block RAM. Addresses within a sub-bank are interval-coloured.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "emit_verilog.h"
#include "router_ports.h"

#define MAX_SUBBANKS 16

enum { SRC_NONE = 0, SRC_LOCAL, SRC_RX, SRC_RXD, SRC_BANK };

typedef struct {
  uint8_t kind, arg; /* arg: the receive lane (RX, RXD) or the sub-bank (BANK) */
} source;

/* A write into, or a read out of, sub-bank `sub` of output lane `port`. The write takes what
 * receive lane `lane` got in slot `slot`; the read feeds slot `slot`. */
typedef struct {
  uint32_t slot;
  uint8_t port, sub, lane, is_write;
  uint32_t addr;
} bank_op;

typedef struct {
  source *out; /* [slot * ports + port] */
  bank_op *ops;
  size_t nops;
} program_plan;


/* One sub-bank of an output lane. */
typedef struct {
  int entries, addr_width; /* a power of two >= 2 entries, so addresses are exact */
  int nlanes;              /* receive lanes that write it: the write multiplexer */
  uint8_t lane[RTL_MAX_PORTS];
  rom_field we, wlane, waddr, raddr;
  int block_ram;
} bank_info;

/* What one output lane's multiplexer chooses from (select value i+1 = source i). */
typedef struct {
  int count;
  source src[1 + 2 * RTL_MAX_PORTS + MAX_SUBBANKS];
} lane_sources;

typedef struct {
  const ir_fabric *f;
  router_shape shape;
  program_plan *progs;
  /* over all programs */
  lane_sources src[RTL_MAX_PORTS];
  bool uses_local[RTL_MAX_PORTS];
  uint32_t delayed_lanes; /* bit q: receive lane q has a delay register */
  int subbanks[RTL_MAX_PORTS];
  uint32_t bank_depth[RTL_MAX_PORTS][MAX_SUBBANKS];
  uint32_t bank_lanes[RTL_MAX_PORTS][MAX_SUBBANKS]; /* bit q: receive lane q writes it */
  bank_info bank[RTL_MAX_PORTS][MAX_SUBBANKS];
  /* the ROM word: per lane */
  rom_field sel[RTL_MAX_PORTS], req[RTL_MAX_PORTS], req_bcast[RTL_MAX_PORTS], req_dest[RTL_MAX_PORTS];
  rom_field expect[RTL_MAX_PORTS], deliver[RTL_MAX_PORTS];
} banked_plan;

/* ---- planning ---- */

/* One copy of a packet in a bank of the output lane that sends it later. */
typedef struct {
  uint32_t write_slot, last_slot; /* received in write_slot; last sent in last_slot */
  uint8_t port, lane, sub;
  uint32_t addr;
} bank_copy;

static int by_write(const void *a, const void *b) {
  const bank_copy *x = a, *y = b;
  if (x->port != y->port) return x->port < y->port ? -1 : 1;
  if (x->write_slot != y->write_slot) return x->write_slot < y->write_slot ? -1 : 1;
  return x->lane < y->lane ? -1 : x->lane > y->lane;
}

/* Sub-banks and addresses for the copies. A copy is written at the end of cycle write_slot+1
 * and its last read address leaves at the end of cycle last_slot-1. Within a lane a copy takes
 * the lowest sub-bank with no other write in its cycle (one write port per sub-bank; reads
 * never collide, a lane sends one packet per slot); within the sub-bank the lowest address
 * whose occupant was last read before this write (interval colouring, optimal for intervals).
 * Returns 0, or -1 when a lane needs more than MAX_SUBBANKS sub-banks. */
static int allocate_banks(bank_copy *c, size_t n, uint32_t depth[RTL_MAX_PORTS][MAX_SUBBANKS], uint32_t *busy_until,
                          size_t busy_cap) {
  qsort(c, n, sizeof *c, by_write);
  uint32_t last_write[MAX_SUBBANKS];
  for (size_t i = 0; i < n; i++) {
    if (i == 0 || c[i].port != c[i - 1].port)
      for (int k = 0; k < MAX_SUBBANKS; k++) last_write[k] = UINT32_MAX;
    int k = 0;
    while (k < MAX_SUBBANKS && last_write[k] == c[i].write_slot) k++;
    if (k == MAX_SUBBANKS) return -1;
    last_write[k] = c[i].write_slot;
    c[i].sub = (uint8_t)k;
  }
  for (size_t i = 0; i < n; i++) {
    uint32_t *d = &depth[c[i].port][c[i].sub], a = 0;
    uint32_t *busy = busy_until + (size_t)(c[i].port * MAX_SUBBANKS + c[i].sub) * busy_cap;
    uint32_t write_cycle = c[i].write_slot + 1;
    while (a < *d && busy[a] >= write_cycle) a++;
    if (a == *d) (*d)++;
    busy[a] = c[i].last_slot - 1; /* the cycle its last read address is sampled */
    c[i].addr = a;
  }
  return 0;
}

/* Plans program u: a source per send, bank copies and operations. */
static int plan_program(banked_plan *pl, uint32_t u, char *err, size_t errlen) {
  const ir_fabric *f = pl->f;
  int ports = f->fd->ports;
  program_plan *pp = &pl->progs[u];
  size_t cells = ((size_t)f->slots + 1) * (size_t)ports, ncopies = 0, nreads = 0;
  pp->out = calloc(cells, sizeof *pp->out);
  bank_copy *copies = malloc((cells + 1) * sizeof *copies);
  uint32_t *busy = NULL;
  uint32_t depth[RTL_MAX_PORTS][MAX_SUBBANKS] = {{0}};
  int rc = -1;
  if (!pp->out || !copies) goto oom;
  for (uint32_t s = 1; s <= f->slots; s++)
    for (int p = 0; p < ports; p++) {
      const ir_send *o = ir_send_at(f, u, s, p);
      source *src = &pp->out[(size_t)s * ports + p];
      if (o->kind == IR_SEND_LOCAL) {
        *src = (source){SRC_LOCAL, 0};
      } else if (o->kind == IR_SEND_FORWARD) {
        uint32_t gap = s - o->from_slot;
        if (gap <= 2) {
          *src = (source){gap == 1 ? SRC_RX : SRC_RXD, o->from_lane};
          continue;
        }
        *src = (source){SRC_BANK, 0}; /* the sub-bank, once allocated */
        nreads++;
        size_t j = 0; /* one copy per (arrival, output lane) */
        while (j < ncopies && !(copies[j].write_slot == o->from_slot && copies[j].lane == o->from_lane &&
                                copies[j].port == (uint8_t)p))
          j++;
        if (j == ncopies) copies[ncopies++] = (bank_copy){o->from_slot, s, (uint8_t)p, o->from_lane, 0, 0};
        else if (s > copies[j].last_slot) copies[j].last_slot = s;
      }
    }
  if (ncopies) {
    busy = malloc((size_t)RTL_MAX_PORTS * MAX_SUBBANKS * ncopies * sizeof *busy);
    pp->ops = malloc((ncopies + nreads) * sizeof *pp->ops); /* the writes, then the reads */
    if (!busy || !pp->ops) goto oom;
    if (allocate_banks(copies, ncopies, depth, busy, ncopies)) {
      snprintf(err, errlen, "router %u needs more than %d memory banks for one lane", (unsigned)u, MAX_SUBBANKS);
      goto out;
    }
    for (size_t i = 0; i < ncopies; i++)
      pp->ops[pp->nops++] = (bank_op){copies[i].write_slot, copies[i].port, copies[i].sub, copies[i].lane, 1, copies[i].addr};
    for (uint32_t s = 1; s <= f->slots; s++)
      for (int p = 0; p < ports; p++) {
        source *src = &pp->out[(size_t)s * ports + p];
        if (src->kind != SRC_BANK) continue;
        const ir_send *o = ir_send_at(f, u, s, p);
        size_t j = 0;
        while (!(copies[j].write_slot == o->from_slot && copies[j].lane == o->from_lane && copies[j].port == (uint8_t)p)) j++;
        src->arg = copies[j].sub;
        pp->ops[pp->nops++] = (bank_op){s, (uint8_t)p, copies[j].sub, copies[j].lane, 0, copies[j].addr};
      }
  }
  /* fold into what the shared router must provide */
  for (uint32_t s = 1; s <= f->slots; s++)
    for (int p = 0; p < ports; p++) {
      const source *src = &pp->out[(size_t)s * ports + p];
      if (src->kind == SRC_LOCAL) pl->uses_local[p] = true;
      if (src->kind == SRC_RXD) pl->delayed_lanes |= 1u << src->arg;
      if (src->kind == SRC_NONE) continue;
      lane_sources *ls = &pl->src[p];
      int i = 0;
      while (i < ls->count && !(ls->src[i].kind == src->kind && ls->src[i].arg == src->arg)) i++;
      if (i == ls->count) ls->src[ls->count++] = *src;
    }
  for (size_t i = 0; i < pp->nops; i++) {
    const bank_op *op = &pp->ops[i];
    if (op->sub + 1 > pl->subbanks[op->port]) pl->subbanks[op->port] = op->sub + 1;
    if (op->is_write) pl->bank_lanes[op->port][op->sub] |= 1u << op->lane;
  }
  for (int p = 0; p < ports; p++)
    for (int k = 0; k < MAX_SUBBANKS; k++)
      if (depth[p][k] > pl->bank_depth[p][k]) pl->bank_depth[p][k] = depth[p][k];
  rc = 0;
  goto out;
oom:
  snprintf(err, errlen, "out of memory planning router %u", (unsigned)u);
out:
  free(copies);
  free(busy);
  return rc;
}

/* A lane's sources in a fixed order (own packet, receive wires, delay registers, banks), so
 * that the select values do not depend on the order the programs met them. */
static int source_order(const void *a, const void *b) {
  const source *x = a, *y = b;
  if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
  return x->arg < y->arg ? -1 : x->arg > y->arg;
}

/* Block RAM for the ROM and the sub-banks that store the most bits (arch.c). */
static void choose_block_rams(banked_plan *pl) {
  router_shape *sh = &pl->shape;
  arch_memory m[1 + RTL_MAX_PORTS * MAX_SUBBANKS];
  bool flag[1 + RTL_MAX_PORTS * MAX_SUBBANKS];
  size_t n = 0;
  m[n] = (arch_memory){sh->word_width, sh->rom_entries, &flag[n]};
  n++;
  for (int p = 0; p < sh->ports; p++)
    for (int k = 0; k < pl->subbanks[p]; k++, n++)
      m[n] = (arch_memory){sh->flit_width, (uint32_t)pl->bank[p][k].entries, &flag[n]};
  arch_choose_block_rams(m, n);
  n = 0;
  sh->rom_block_ram = flag[n++];
  for (int p = 0; p < sh->ports; p++)
    for (int k = 0; k < pl->subbanks[p]; k++) pl->bank[p][k].block_ram = flag[n++];
}

static void layout(banked_plan *pl) {
  router_shape *sh = &pl->shape;
  int next = 0;
  sh->mem_depth = 0;
  for (int p = 0; p < sh->ports; p++) {
    lane_sources *ls = &pl->src[p];
    qsort(ls->src, (size_t)ls->count, sizeof ls->src[0], source_order);
    for (int k = 0; k < pl->subbanks[p]; k++) {
      bank_info *b = &pl->bank[p][k];
      b->entries = 2;
      while ((uint32_t)b->entries < pl->bank_depth[p][k]) b->entries *= 2;
      b->addr_width = rtl_clog2((uint64_t)b->entries);
      for (int q = 0; q < sh->ports; q++)
        if (pl->bank_lanes[p][k] >> q & 1) b->lane[b->nlanes++] = (uint8_t)q;
      sh->mem_depth += (int)pl->bank_depth[p][k];
    }
    int local = pl->uses_local[p];
    pl->sel[p] = rom_field_take(&next, ls->count ? rtl_clog2((uint64_t)ls->count + 1) : 0);
    pl->req[p] = rom_field_take(&next, local);
    pl->req_bcast[p] = rom_field_take(&next, local);
    pl->req_dest[p] = rom_field_take(&next, local ? sh->id_width : 0);
    pl->expect[p] = rom_field_take(&next, 1);
    pl->deliver[p] = rom_field_take(&next, 1);
    for (int k = 0; k < pl->subbanks[p]; k++) {
      bank_info *b = &pl->bank[p][k];
      b->we = rom_field_take(&next, 1);
      b->wlane = rom_field_take(&next, rtl_clog2((uint64_t)b->nlanes));
      b->waddr = rom_field_take(&next, b->addr_width);
      b->raddr = rom_field_take(&next, b->addr_width);
    }
  }
  sh->word_width = next;
  choose_block_rams(pl);
}

static void free_plan(void *plan) {
  banked_plan *pl = plan;
  if (!pl) return;
  if (pl->progs)
    for (uint32_t u = 0; u < pl->f->nprograms; u++) {
      free(pl->progs[u].out);
      free(pl->progs[u].ops);
    }
  free(pl->progs);
  free(pl);
}

static void *plan(const ir_fabric *f, int payload_width, router_shape *shape, char *err, size_t errlen) {
  banked_plan *pl = calloc(1, sizeof *pl);
  if (!pl || !(pl->progs = calloc(f->nprograms, sizeof *pl->progs))) {
    free(pl);
    snprintf(err, errlen, "out of memory planning the routers");
    return NULL;
  }
  pl->f = f;
  router_shape *sh = &pl->shape;
  router_shape_init_sync(sh, "banked", f, payload_width);
  for (uint32_t u = 0; u < f->nprograms; u++)
    if (plan_program(pl, u, err, errlen)) {
      free_plan(pl);
      return NULL;
    }
  layout(pl);
  *shape = *sh;
  return pl;
}

/* ---- ROM words ---- */

static uint32_t source_index(const lane_sources *ls, source s) {
  uint32_t i = 0;
  while (!(ls->src[i].kind == s.kind && ls->src[i].arg == s.arg)) i++; /* collected from the same plan */
  return i;
}

static uint32_t lane_index(const bank_info *b, uint8_t lane) {
  uint32_t i = 0;
  while (b->lane[i] != lane) i++;
  return i;
}

/* Word r: slot r's selects, slot r+1's requests and bank reads, slot r-1's receptions and
 * bank writes. */
static void pack(const void *plan, uint32_t program, uint32_t r, uint32_t *words) {
  const banked_plan *pl = plan;
  const ir_fabric *f = pl->f;
  const program_plan *pp = &pl->progs[program];
  int ports = pl->shape.ports;
  if (r > pl->shape.cycles) return;
  for (int p = 0; p < ports; p++) {
    if (r >= 1 && r <= f->slots) {
      source s = pp->out[(size_t)r * ports + p];
      if (s.kind != SRC_NONE) rom_field_put(words, pl->sel[p], source_index(&pl->src[p], s) + 1);
    }
    if (r + 1 <= f->slots && ir_send_at(f, program, r + 1, p)->kind == IR_SEND_LOCAL) {
      const ir_send *o = ir_send_at(f, program, r + 1, p);
      rom_field_put(words, pl->req[p], 1);
      rom_field_put(words, pl->req_bcast[p], o->bcast);
      rom_field_put(words, pl->req_dest[p], o->dest);
    }
    if (r >= 2) {
      rom_field_put(words, pl->expect[p], ir_recv_at(f, program, r - 1, p)->expect);
      rom_field_put(words, pl->deliver[p], ir_recv_at(f, program, r - 1, p)->deliver);
    }
  }
  for (size_t i = 0; i < pp->nops; i++) {
    const bank_op *op = &pp->ops[i];
    const bank_info *b = &pl->bank[op->port][op->sub];
    if (op->is_write && op->slot + 1 == r) {
      rom_field_put(words, b->we, 1);
      rom_field_put(words, b->wlane, lane_index(b, op->lane));
      rom_field_put(words, b->waddr, op->addr);
    } else if (!op->is_write && op->slot == r + 1) {
      rom_field_put(words, b->raddr, op->addr);
    }
  }
}

static void rom_legend(vwriter *w, const void *plan) {
  (void)plan;
  vw_line(w, "// Word r: per lane p from bit 0 up: sel (slot r: 0 nothing, i = source i of the lane, see the");
  vw_line(w, "// router), req, req_bcast, req_dest (own packet of slot r+1; dest as the local port reads it),");
  vw_line(w, "// expect, deliver (slot r-1's reception), then per sub-bank of the lane: we, wlane, waddr");
  vw_line(w, "// (slot r-1's reception), raddr (slot r+1). Field positions are in the router's part selects.");
}

/* ---- the router ---- */

static const char *bits(char *buf, size_t len, const char *sig, rom_field f) { return slice(buf, len, sig, f.lsb, f.width); }

/* The expression of source i of lane p. */
static const char *source_expr(char *buf, size_t len, const banked_plan *pl, int p, int i) {
  source s = pl->src[p].src[i];
  if (s.kind == SRC_LOCAL) snprintf(buf, len, "inj%d_flit_i", p);
  else if (s.kind == SRC_RX) snprintf(buf, len, "rx%d_flit_i", s.arg);
  else if (s.kind == SRC_RXD) snprintf(buf, len, "rxd%d_q", s.arg);
  else snprintf(buf, len, "bank_p%d_%d_rd_q", p, s.arg);
  return buf;
}

static void emit_control(vwriter *w, const banked_plan *pl) {
  const router_shape *sh = &pl->shape;
  char a[64], b[64];
  emit_run_counter(w, sh);
  vw_raw(w, "  wire %s = running & (", vw_ident(w, "mismatch"));
  for (int q = 0; q < sh->ports; q++)
    vw_raw(w, "%s(rx%d_valid_i != %s)", q ? " | " : "", q, bits(a, sizeof a, "rom_data_i", pl->expect[q]));
  vw_raw(w, ");\n");
  emit_run_state(w, sh);
  vw_line(w, "// local port: requests for the next slot straight from the ROM word; a delivery is the");
  vw_line(w, "// flit on the wire in the cycle it is shown");
  for (int p = 0; p < sh->ports; p++) {
    if (pl->uses_local[p]) {
      vw_line(w, "assign inj%d_req_o = %s;", p, bits(a, sizeof a, "rom_data_i", pl->req[p]));
      vw_line(w, "assign inj%d_dest_o = {%s, %s};", p, bits(a, sizeof a, "rom_data_i", pl->req_bcast[p]),
              bits(b, sizeof b, "rom_data_i", pl->req_dest[p]));
    } else {
      vw_line(w, "assign inj%d_req_o = 1'b0;", p);
      vw_line(w, "assign inj%d_dest_o = %d'd0;", p, sh->id_width + 1);
    }
    vw_line(w, "assign dlv%d_valid_o = running & %s;", p, bits(a, sizeof a, "rom_data_i", pl->deliver[p]));
    vw_line(w, "assign dlv%d_flit_o = rx%d_flit_i;", p, p);
  }
  /* own-packet lanes the schedule never uses: read here so that lint sees every input used */
  int unused = 0;
  for (int p = 0; p < sh->ports; p++) unused += !pl->uses_local[p];
  if (unused) {
    vw_raw(w, "  wire %s = ^{", vw_ident(w, "unused_inj_flits"));
    for (int p = 0, k = 0; p < sh->ports; p++)
      if (!pl->uses_local[p]) vw_raw(w, "%sinj%d_flit_i", k++ ? ", " : "", p);
    vw_raw(w, "};  // lanes that never send an own packet\n");
  }
}

static void emit_delays_and_banks(vwriter *w, const banked_plan *pl) {
  const router_shape *sh = &pl->shape;
  int fw = sh->flit_width;
  char a[64], b[64];
  if (pl->delayed_lanes) {
    vw_blank(w);
    vw_line(w, "// delay registers: what a lane received one slot earlier (sent two slots after arrival)");
    for (int q = 0; q < sh->ports; q++)
      if (pl->delayed_lanes >> q & 1) vw_line(w, "reg [%d:0] %s;", fw - 1, vw_ident(w, "rxd%d_q", q));
    vw_open(w, "always @(posedge clk_i) begin");
    for (int q = 0; q < sh->ports; q++)
      if (pl->delayed_lanes >> q & 1) vw_line(w, "rxd%d_q <= rx%d_flit_i;", q, q);
    vw_close(w, "end");
  }
  for (int p = 0; p < sh->ports; p++)
    for (int k = 0; k < pl->subbanks[p]; k++) {
      const bank_info *bf = &pl->bank[p][k];
      vw_blank(w);
      vw_line(w, "// bank %d of lane %d: packets lane %d sends three or more slots after their arrival", k, p, p);
      const char *mem = vw_ident(w, "bank_p%d_%d_q", p, k), *rd = vw_ident(w, "bank_p%d_%d_rd_q", p, k);
      const char *wd = vw_ident(w, "bank_p%d_%d_wdata", p, k);
      vw_line(w, "%sreg [%d:0] %s [0:%d];", bf->block_ram ? "(* ram_style = \"block\" *) " : "", fw - 1, mem,
              bf->entries - 1);
      vw_line(w, "reg [%d:0] %s;", fw - 1, rd);
      if (bf->nlanes == 1) {
        vw_line(w, "wire [%d:0] %s = rx%d_flit_i;", fw - 1, wd, bf->lane[0]);
      } else {
        vw_line(w, "reg [%d:0] %s;", fw - 1, wd);
        vw_open(w, "always @(*) begin");
        vw_open(w, "case (%s)", bits(a, sizeof a, "rom_data_i", bf->wlane));
        for (int i = 0; i + 1 < bf->nlanes; i++) vw_line(w, "%d'd%d: %s = rx%d_flit_i;", bf->wlane.width, i, wd, bf->lane[i]);
        vw_line(w, "default: %s = rx%d_flit_i;", wd, bf->lane[bf->nlanes - 1]);
        vw_close(w, "endcase");
        vw_close(w, "end");
      }
      vw_open(w, "always @(posedge clk_i) begin");
      vw_line(w, "if (running && %s) %s[%s] <= %s;", bits(a, sizeof a, "rom_data_i", bf->we), mem,
              bits(b, sizeof b, "rom_data_i", bf->waddr), wd);
      vw_line(w, "%s <= %s[%s];", rd, mem, bits(a, sizeof a, "rom_data_i", bf->raddr));
      vw_close(w, "end");
    }
}

static void emit_outputs(vwriter *w, const banked_plan *pl) {
  const router_shape *sh = &pl->shape;
  int fw = sh->flit_width;
  char a[64], b[64];
  for (int p = 0; p < sh->ports; p++) {
    const lane_sources *ls = &pl->src[p];
    vw_blank(w);
    const char *q = vw_ident(w, "tx%d_q", p), *v = vw_ident(w, "tx%d_valid_q", p);
    vw_line(w, "// lane %d: %d source%s", p, ls->count, ls->count == 1 ? "" : "s");
    vw_line(w, "reg [%d:0] %s;", fw - 1, q);
    vw_line(w, "reg %s;", v);
    if (!ls->count) { /* a lane the schedule never sends on */
      vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
      vw_line(w, "if (!rst_ni) %s <= 1'b0;", v);
      vw_line(w, "else %s <= 1'b0;", v);
      vw_close(w, "end");
      vw_line(w, "always @(posedge clk_i) %s <= %d'd0;", q, fw);
    } else {
      const char *sel = bits(b, sizeof b, "rom_data_i", pl->sel[p]);
      vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
      vw_line(w, "if (!rst_ni) %s <= 1'b0;", v);
      vw_line(w, "else %s <= running && (%s != %d'd0);", v, sel, pl->sel[p].width);
      vw_close(w, "end");
      vw_open(w, "always @(posedge clk_i) begin");
      if (ls->count == 1) {
        vw_line(w, "if (%s != %d'd0) %s <= %s;", sel, pl->sel[p].width, q, source_expr(a, sizeof a, pl, p, 0));
      } else {
        vw_open(w, "case (%s)", sel);
        for (int i = 0; i < ls->count; i++)
          vw_line(w, "%d'd%d: %s <= %s;", pl->sel[p].width, i + 1, q, source_expr(a, sizeof a, pl, p, i));
        vw_line(w, "default: %s <= %s;", q, q);
        vw_close(w, "endcase");
      }
      vw_close(w, "end");
    }
    vw_line(w, "assign tx%d_valid_o = %s;", p, v);
    vw_line(w, "assign tx%d_flit_o = %s;", p, q);
  }
}

static void emit_router(vwriter *w, const char *header, const ir_fabric *f, const void *plan, const router_shape *s) {
  const banked_plan *pl = plan;
  emit_router_header(w, header, f, s, "Banked");
  vw_line(w, "// ROM word r: slot r's transmissions, slot r+1's requests and bank reads, and what becomes");
  vw_line(w, "// of slot r-1's receptions. Banks: per output lane, read by that lane only, written at most");
  vw_line(w, "// once per cycle, synchronous read (block RAM where it pays).");
  emit_router_port_list(w, s);
  w->indent = 1;
  emit_control(w, pl);
  emit_delays_and_banks(w, pl);
  emit_outputs(w, pl);
  emit_endmodule(w);
}

const router_arch arch_banked = {
    "banked",
    "registered outputs, per-lane 1R1W memory banks, synchronous ROM (the default)",
    NULL, /* no limit beyond the lanes every architecture has */
    plan,
    free_plan,
    pack,
    rom_legend,
    emit_router,
};
