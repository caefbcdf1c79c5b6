/* arch_banked.c — the banked router, the default architecture (docs/ARCHITECTURE.md).
 *
 * One cycle per slot. Cycle r (1..slots+1) reads ROM word r from a synchronous ROM. At its
 * end each output register takes slot r's flit — the node's own packet, a receive wire (a
 * packet sent one slot after it arrived), a delay register of a receive lane (two slots
 * after), the output register of a lane that sent the packet in the slot before (three or more:
 * a chain of sends, as a broadcast makes), or the read register of a bank of the output lane
 * (three or more otherwise) — each delay register takes its wire, and each bank writes what a
 * receive lane got in slot r-1 and reads the entry slot r+1 needs. During cycle r the wires
 * carry slot r-1, which is checked against `expect` and handed to the local port.
 *
 * A bank belongs to one output lane and is read by it only; a lane's packets are split into
 * sub-banks so that each is written at most once per cycle: a 1R1W memory with a synchronous
 * read, the shape of a block RAM. Addresses within a sub-bank are interval-coloured.
 *
 * Under the S4NOC models (port_model.h: one local port) the node injects and takes one packet
 * per slot: every lane's own packet is inj0_flit_i, requested once per slot, and the one
 * delivery of a slot leaves through dlv0 from the receive lane the ROM word names. A
 * bufferless schedule sends every packet on one slot after it arrives: no delay register, no
 * bank — the router is its output multiplexers and the ROM.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "banks.h"
#include "emit_verilog.h"
#include "router_ports.h"

enum { SRC_NONE = 0, SRC_LOCAL, SRC_RX, SRC_RXD, SRC_TXD, SRC_BANK, SRC_CONST };

/* arg: the receive lane (RX, RXD), the output lane whose register holds the packet (TXD: it sent
 * it in the slot before) or the sub-bank (BANK); CONST: a control word whose kind and
 * value the ROM word gives (kbcast's counters and terminations, ir.h) */
typedef arch_source source;

typedef struct {
  source *out; /* [slot * ports + port] */
  bank_op *ops;
  size_t nops;
} program_plan;

typedef struct {
  const ir_fabric *f;
  router_shape shape;
  program_plan *progs;
  /* over all programs */
  arch_sources src[RTL_MAX_PORTS]; /* what each output lane's multiplexer chooses from */
  bool uses_local[RTL_MAX_PORTS];
  bool uses_const[RTL_MAX_PORTS];
  uint32_t delayed_lanes; /* bit q: receive lane q has a delay register */
  bool one_local;         /* one local port (the S4NOC models): lane 0's carries every lane's own
                           * packets and deliveries; uses_local[0] and req*[0] are the router's */
  bank_set banks;         /* reader: the output lane; writer: the receive lane */
  uint32_t shared_lanes;  /* bit q: receive lane q's wire is in the OR that shared_write banks write
                           * (share_bank_writes); nonzero: every lane register loads zero when quiet */
  /* the ROM word: per lane */
  rom_field sel[RTL_MAX_PORTS], req[RTL_MAX_PORTS], req_bcast[RTL_MAX_PORTS], req_dest[RTL_MAX_PORTS];
  rom_field expect[RTL_MAX_PORTS], deliver[RTL_MAX_PORTS];
  rom_field quiet[RTL_MAX_PORTS]; /* shared bank writes: the lane sends nothing in slot r+1 */
  rom_field const_end[RTL_MAX_PORTS], const_value[RTL_MAX_PORTS]; /* slot r's control word */
  rom_field dlv, dlv_lane; /* one local port: slot r-1's delivery and the lane it came on */
} banked_plan;

/* ---- planning ---- */

/* One local port: every slot of program u injects at most one packet (on any number of lanes)
 * and delivers at most one; 0, or -1 naming the slot (a verified S4NOC schedule never fails). */
static int check_one_local_port(const ir_fabric *f, uint32_t u, char *err, size_t errlen) {
  for (uint32_t s = 1; s <= f->slots; s++) {
    const ir_send *own = NULL;
    int deliveries = 0;
    for (int p = 0; p < f->fd->ports; p++) {
      const ir_send *o = ir_send_at(f, u, s, p);
      deliveries += ir_recv_at(f, u, s, p)->deliver;
      if (o->kind != IR_SEND_LOCAL) continue;
      if (own && (own->bcast != o->bcast || own->dest != o->dest)) {
        snprintf(err, errlen, "router %u injects two packets in slot %u; its one local port carries one per slot",
                 (unsigned)u, (unsigned)s);
        return -1;
      }
      own = o;
    }
    if (deliveries > 1) {
      snprintf(err, errlen, "router %u delivers %d packets in slot %u; its one local port carries one per slot",
               (unsigned)u, deliveries, (unsigned)s);
      return -1;
    }
  }
  return 0;
}

/* Plans program u: a source per send; packets sent three or more slots after arrival come from
 * an output register that sent them in the slot before, or else from the banks of the output
 * lane (banks.h). */
static int plan_program(void *plan, uint32_t u, char *err, size_t errlen) {
  banked_plan *pl = plan;
  const ir_fabric *f = pl->f;
  int ports = f->fd->ports;
  program_plan *pp = &pl->progs[u];
  size_t cells = ((size_t)f->slots + 1) * (size_t)ports, nreads = 0;
  pp->out = calloc(cells, sizeof *pp->out);
  bank_read *reads = malloc(cells * sizeof *reads);
  uint8_t *sub = malloc(cells * sizeof *sub);
  int rc = -1;
  if (!pp->out || !reads || !sub) goto oom;
  for (uint32_t s = 1; s <= f->slots; s++)
    for (int p = 0; p < ports; p++) {
      const ir_send *o = ir_send_at(f, u, s, p);
      source *src = &pp->out[(size_t)s * ports + p];
      if (o->kind == IR_SEND_LOCAL) {
        *src = (source){SRC_LOCAL, 0};
      } else if (o->kind == IR_SEND_CONST) {
        *src = (source){SRC_CONST, 0};
      } else if (o->kind == IR_SEND_FORWARD) {
        uint32_t gap = s - o->from_slot;
        int before = gap > 2 ? ir_sent_before(f, u, s, o) : -1;
        if (gap <= 2) *src = (source){gap == 1 ? SRC_RX : SRC_RXD, o->from_lane};
        else if (before >= 0) *src = (source){SRC_TXD, before};
        else reads[nreads++] = (bank_read){s, o->from_slot, (uint8_t)p, o->from_lane};
      }
    }
  if (pl->one_local && check_one_local_port(f, u, err, errlen)) goto out;
  if (banks_plan_program(&pl->banks, u, reads, nreads, &pp->ops, &pp->nops, sub, err, errlen)) goto out;
  for (size_t i = 0; i < nreads; i++) pp->out[(size_t)reads[i].slot * ports + reads[i].reader] = (source){SRC_BANK, sub[i]};
  /* fold into what the shared router must provide */
  for (uint32_t s = 1; s <= f->slots; s++)
    for (int p = 0; p < ports; p++) {
      const source *src = &pp->out[(size_t)s * ports + p];
      if (src->kind == SRC_LOCAL) pl->uses_local[pl->one_local ? 0 : p] = true;
      if (src->kind == SRC_CONST) pl->uses_const[p] = true;
      if (src->kind == SRC_RXD) pl->delayed_lanes |= 1u << src->arg;
      arch_sources_add(&pl->src[p], *src);
    }
  rc = 0;
  goto out;
oom:
  snprintf(err, errlen, "out of memory planning router %u", (unsigned)u);
out:
  free(reads);
  free(sub);
  return rc;
}

/* Block RAM for the ROM and the sub-banks that store the most bits (arch.c). */
static void choose_block_rams(banked_plan *pl) {
  router_shape *sh = &pl->shape;
  arch_memory m[1 + RTL_MAX_PORTS * BANKS_MAX_SUB];
  size_t n = 0;
  m[n++] = (arch_memory){sh->word_width, sh->rom_entries, &sh->rom_block_ram};
  for (int p = 0; p < sh->ports; p++) banks_memories(&pl->banks, p, m, &n);
  arch_choose_block_rams(m, n);
}

/* Whether no lane of `set` but the writer receives in any slot whose packet sub-bank k of lane r
 * stores, at any node. */
static bool writes_alone(const banked_plan *pl, int r, int k, uint32_t set) {
  for (uint32_t u = 0; u < pl->f->nprograms; u++)
    for (size_t i = 0; i < pl->progs[u].nops; i++) {
      const bank_op *op = &pl->progs[u].ops[i];
      if (!op->is_write || op->reader != r || op->sub != k) continue;
      for (int q = 0; q < pl->shape.ports; q++)
        if ((set >> q & 1) && q != op->writer && ir_recv_at(pl->f, u, op->slot, q)->expect) return false;
    }
  return true;
}

/* Shared bank writes (docs/ARCHITECTURE.md, "banked"): a sub-bank of two or more writers takes
 * its write data through a multiplexer the ROM steers, unless no other lane of a set S ever
 * receives in a slot whose packet it stores (snb: a node receives one packet per run); then
 * the OR of S's wires is that packet, since every lane register is cleared in a slot it sends
 * nothing (its quiet flag, from the ROM word before). One OR for all such sub-banks: S, the
 * writers of the multi-writer sub-banks, then only those of the sub-banks that pass (a smaller
 * S keeps them passing). Only where it pays: the multiplexers it replaces (n - 1 LUT4 a bit for
 * n writers) must cost more than the OR (ceil((|S| - 1) / 3) LUT4 a bit). */
static void share_bank_writes(banked_plan *pl) {
  bank_set *b = &pl->banks;
  uint32_t set = 0;
  int mux_luts = 0;
  for (int r = 0; r < pl->shape.ports; r++)
    for (int k = 0; k < b->subbanks[r]; k++)
      if (rtl_popcount(b->writers[r][k]) > 1) set |= b->writers[r][k];
  for (int r = 0; r < pl->shape.ports; r++)
    for (int k = 0; k < b->subbanks[r]; k++)
      if (rtl_popcount(b->writers[r][k]) > 1 && writes_alone(pl, r, k, set)) {
        b->bank[r][k].shared_write = true;
        pl->shared_lanes |= b->writers[r][k];
        mux_luts += rtl_popcount(b->writers[r][k]) - 1;
      }
  if (mux_luts > (rtl_popcount(pl->shared_lanes) + 1) / 3) return;
  for (int r = 0; r < pl->shape.ports; r++)
    for (int k = 0; k < b->subbanks[r]; k++) b->bank[r][k].shared_write = false;
  pl->shared_lanes = 0;
}

static void layout(void *plan) {
  banked_plan *pl = plan;
  router_shape *sh = &pl->shape;
  int next = 0;
  sh->mem_depth = 0;
  share_bank_writes(pl);
  for (int p = 0; p < sh->ports; p++) {
    arch_sources *ls = &pl->src[p];
    arch_sources_sort(ls);
    sh->lane_sources[p] = ls->count;
    int local = pl->uses_local[p];
    pl->sel[p] = rom_field_take(&next, ls->count ? rtl_clog2((uint64_t)ls->count + 1) : 0);
    pl->req[p] = rom_field_take(&next, local);
    pl->req_bcast[p] = rom_field_take(&next, local);
    pl->req_dest[p] = rom_field_take(&next, local ? sh->id_width : 0);
    pl->quiet[p] = rom_field_take(&next, pl->shared_lanes && ls->count);
    pl->expect[p] = rom_field_take(&next, 1);
    pl->deliver[p] = rom_field_take(&next, !pl->one_local);
    /* a control word: termination (1) or counter (0), and its value 0..N (id_width + 1 bits) */
    pl->const_end[p] = rom_field_take(&next, pl->uses_const[p]);
    pl->const_value[p] = rom_field_take(&next, pl->uses_const[p] ? sh->id_width + 1 : 0);
    sh->mem_depth += banks_layout_reader(&pl->banks, p, &next);
  }
  pl->dlv = rom_field_take(&next, pl->one_local);
  pl->dlv_lane = rom_field_take(&next, pl->one_local ? rtl_clog2((uint64_t)sh->ports) : 0);
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

static void *plan(const ir_fabric *f, const flit_format *flit, router_shape *shape, char *err, size_t errlen) {
  banked_plan *pl = calloc(1, sizeof *pl);
  if (!pl || !(pl->progs = calloc(f->nprograms, sizeof *pl->progs))) return arch_plan_oom(pl, err, errlen);
  pl->f = f;
  pl->one_local = f->fd->one_local_port;
  router_shape_init_sync(&pl->shape, "banked", f, flit);
  pl->shape.quiet_idle_word = true; /* pack: receptions and bank writes from word 2 on */
  pl->shape.lean_run_control = pl->shape.cycle_width >= LEAN_RUN_CONTROL_BITS;
  pl->banks.width = pl->shape.flit_width;
  return arch_plan_all(pl, f->nprograms, plan_program, layout, free_plan, &pl->shape, shape, err, errlen);
}

/* ---- ROM words ---- */

/* Word r: slot r's selects, slot r+1's requests and bank reads, slot r-1's receptions and
 * bank writes. */
static void pack(const void *plan, uint32_t program, uint32_t r, uint32_t *words) {
  const banked_plan *pl = plan;
  const ir_fabric *f = pl->f;
  const program_plan *pp = &pl->progs[program];
  int ports = pl->shape.ports;
  if (r > pl->shape.cycles) return;
  for (int p = 0; p < ports; p++) {
    /* every word a run reads names its source or the code of nothing (arch_sources_code) */
    bool sends = r >= 1 && r <= f->slots;
    rom_field_put(words, pl->sel[p], arch_sources_code(&pl->src[p], sends ? pp->out[(size_t)r * ports + p] : (source){0}));
    if (sends) {
      const ir_send *o = ir_send_at(f, program, r, p);
      if (o->kind == IR_SEND_CONST) {
        rom_field_put(words, pl->const_end[p], o->word == IR_WORD_END);
        rom_field_put(words, pl->const_value[p], o->dest);
      }
    }
    /* quiet: slot r+1 of this run sends nothing (0 past the last slot: the next run's word 0 says) */
    if (r + 1 <= f->slots) rom_field_put(words, pl->quiet[p], pp->out[(size_t)(r + 1) * ports + p].kind == SRC_NONE);
    if (r + 1 <= f->slots && ir_send_at(f, program, r + 1, p)->kind == IR_SEND_LOCAL) {
      const ir_send *o = ir_send_at(f, program, r + 1, p);
      int q = pl->one_local ? 0 : p; /* one local port: the same packet on every lane that sends it */
      rom_field_put(words, pl->req[q], 1);
      rom_field_put(words, pl->req_bcast[q], o->bcast);
      rom_field_put(words, pl->req_dest[q], o->dest);
    }
    if (r >= 2) {
      bool deliver = ir_recv_at(f, program, r - 1, p)->deliver;
      rom_field_put(words, pl->expect[p], ir_recv_at(f, program, r - 1, p)->expect);
      rom_field_put(words, pl->deliver[p], deliver);
      if (pl->one_local && deliver) {
        rom_field_put(words, pl->dlv, 1);
        rom_field_put(words, pl->dlv_lane, (uint32_t)p);
      }
    }
  }
  banks_pack(&pl->banks, pp->ops, pp->nops, r, words);
}

static void rom_legend(vwriter *w, const void *plan) {
  const banked_plan *pl = plan;
  bool consts = false;
  for (int p = 0; p < pl->shape.ports; p++) consts = consts || pl->uses_const[p];
  vw_line(w, "// Word r: per lane p from bit 0 up: sel (slot r: i = source i of the lane from 0, the lane's");
  vw_line(w, "// number of sources = nothing; see the router), req, req_bcast, req_dest (own packet of slot r+1;");
  vw_line(w, "// dest as the local port reads it), quiet (where banks share their writes: the lane sends nothing in");
  vw_line(w, "// slot r+1),");
  if (consts) {
    vw_line(w, "// expect, deliver (slot r-1's reception), const_end, const_value (slot r's control word, on lanes");
    vw_line(w, "// that send one: a termination if const_end, else a counter), then per sub-bank of the lane: we,");
    vw_line(w, "// wlane, waddr (slot r-1's reception), raddr (slot r+1). Field positions are in the router's part");
    vw_line(w, "// selects.");
    return;
  }
  vw_line(w, "// expect, deliver (slot r-1's reception), then per sub-bank of the lane: we, wlane, waddr");
  vw_line(w, "// (slot r-1's reception), raddr (slot r+1). Field positions are in the router's part selects.");
  if (pl->one_local)
    vw_line(w, "// One local port: req* on lane 0 only, no deliver per lane; last dlv, dlv_lane (slot r-1's delivery).");
}

/* ---- the router ---- */

static const char *bits(char *buf, size_t len, const char *sig, rom_field f) { return slice(buf, len, sig, f.lsb, f.width); }

/* The expression of source i of lane p. */
static const char *source_expr(char *buf, size_t len, const banked_plan *pl, int p, int i) {
  source s = pl->src[p].src[i];
  if (s.kind == SRC_LOCAL) snprintf(buf, len, "inj%d_flit_i", pl->one_local ? 0 : p);
  else if (s.kind == SRC_RX) snprintf(buf, len, "rx%d_flit_i", s.arg);
  else if (s.kind == SRC_RXD) snprintf(buf, len, "rxd%d_q", s.arg);
  else if (s.kind == SRC_TXD) snprintf(buf, len, "tx%d_q", s.arg);
  else if (s.kind == SRC_CONST) snprintf(buf, len, "ctl%d_flit", p);
  else snprintf(buf, len, "bank_p%d_%d_rd_q", p, s.arg);
  return buf;
}

/* The flit of lane p's control word from the ROM word: {kind, broadcast, value padded to
 * {dest, origin}, payload 0}, kind 2 (termination) if const_end, else 1 (counter). */
static void emit_constants(vwriter *w, const banked_plan *pl) {
  const router_shape *sh = &pl->shape;
  char a[64], b[64], pad[32] = "";
  int aw = sh->id_width;
  if (aw > 1) snprintf(pad, sizeof pad, "%d'd0, ", aw - 1); /* {dest, origin} is 2*aw bits, the value aw+1 */
  for (int p = 0; p < sh->ports; p++) {
    if (!pl->uses_const[p]) continue;
    const char *end = bits(a, sizeof a, "rom_data_i", pl->const_end[p]);
    vw_line(w, "wire [%d:0] %s = {%s, !%s, 1'b1, %s%s, %d'd0};  // lane %d: a control word", sh->flit_width - 1,
            vw_ident(w, "ctl%d_flit", p), end, end, pad, bits(b, sizeof b, "rom_data_i", pl->const_value[p]),
            sh->payload_width, p);
  }
}

/* One local port: the delivery of slot r-1 is the receive wire of the lane dlv_lane names, on
 * dlv0; the other lanes deliver nothing. */
static void emit_one_delivery(vwriter *w, const banked_plan *pl) {
  const router_shape *sh = &pl->shape;
  char a[64];
  vw_line(w, "assign dlv0_valid_o = %s;", bits(a, sizeof a, "rom_data_i", pl->dlv)); /* quiet_idle_word */
  if (sh->ports == 1) {
    vw_line(w, "assign dlv0_flit_o = rx0_flit_i;");
  } else {
    vw_line(w, "reg [%d:0] %s;", sh->flit_width - 1, vw_ident(w, "dlv_flit"));
    vw_open(w, "always @(*) begin");
    vw_open(w, "case (%s)", bits(a, sizeof a, "rom_data_i", pl->dlv_lane));
    for (int q = 0; q + 1 < sh->ports; q++) vw_line(w, "%d'd%d: dlv_flit = rx%d_flit_i;", pl->dlv_lane.width, q, q);
    vw_line(w, "default: dlv_flit = rx%d_flit_i;", sh->ports - 1);
    vw_close(w, "endcase");
    vw_close(w, "end");
    vw_line(w, "assign dlv0_flit_o = dlv_flit;");
  }
  for (int p = 1; p < sh->ports; p++) {
    vw_line(w, "assign dlv%d_valid_o = 1'b0;", p);
    vw_line(w, "assign dlv%d_flit_o = %d'd0;", p, sh->flit_width);
  }
}

static void emit_control(vwriter *w, const banked_plan *pl) {
  const router_shape *sh = &pl->shape;
  char a[64], b[64];
  emit_run_counter(w, sh);
  vw_raw(w, "  wire %s = (", vw_ident(w, "mismatch")); /* also while idle: quiet_idle_word */
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
    if (pl->one_local) continue;
    vw_line(w, "assign dlv%d_valid_o = %s;", p, bits(a, sizeof a, "rom_data_i", pl->deliver[p]));
    vw_line(w, "assign dlv%d_flit_o = rx%d_flit_i;", p, p);
  }
  if (pl->one_local) emit_one_delivery(w, pl);
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

/* A bank's writer: receive lane q's wire, or the OR of the shared lanes' (BANKS_SHARED). */
static const char *rx_flit(char *buf, size_t len, const void *ctx, int q) {
  (void)ctx;
  if (q == BANKS_SHARED) snprintf(buf, len, "rx_shared");
  else snprintf(buf, len, "rx%d_flit_i", q);
  return buf;
}

static void emit_delays_and_banks(vwriter *w, const banked_plan *pl) {
  const router_shape *sh = &pl->shape;
  int fw = sh->flit_width;
  if (pl->delayed_lanes) {
    vw_blank(w);
    vw_line(w, "// delay registers: what a lane received one slot earlier (sent two slots after arrival)");
    for (int q = 0; q < sh->ports; q++)
      if (pl->delayed_lanes >> q & 1) vw_line(w, "reg [%d:0] %s;", fw - 1, vw_ident(w, "rxd%d_q", q));
    vw_open(w, "%s begin", clocked(sh));
    for (int q = 0; q < sh->ports; q++)
      if (pl->delayed_lanes >> q & 1) vw_line(w, "rxd%d_q <= rx%d_flit_i;", q, q);
    vw_close(w, "end");
  }
  if (pl->shared_lanes) {
    vw_blank(w);
    vw_line(w, "// what the banks that share their writes store: no other of these lanes receives then, and an idle");
    vw_line(w, "// wire carries zero in a run (shared bank writes)");
    vw_raw(w, "  wire [%d:0] %s =", fw - 1, vw_ident(w, "rx_shared"));
    for (int q = 0, k = 0; q < sh->ports; q++)
      if (pl->shared_lanes >> q & 1) vw_raw(w, "%s rx%d_flit_i", k++ ? " |" : "", q);
    vw_raw(w, ";\n");
  }
  for (int p = 0; p < sh->ports; p++)
    for (int k = 0; k < pl->banks.subbanks[p]; k++) {
      char name[16], comment[120];
      snprintf(name, sizeof name, "p%d", p);
      snprintf(comment, sizeof comment, "// bank %d of lane %d: packets lane %d sends three or more slots after their arrival",
               k, p, p);
      banks_emit(w, sh, &pl->banks, p, k, name, comment, rx_flit, NULL);
    }
}

/* Lane p's register takes source sel in every cycle: the data multiplexer reads the low
 * ceil(log2 count) bits of the index code (arch_sources_code), so the code of nothing and any
 * unused code load some source, which the valid bit leaves unsent. With shared bank writes the
 * register loads zero in a slot of the run that sends nothing: a synchronous reset from a
 * register the ROM word before loads (no LUT a bit, and no block-RAM output on its path). */
static void emit_outputs(vwriter *w, const banked_plan *pl) {
  const router_shape *sh = &pl->shape;
  char a[64], b[64], c[64], quiet[32];
  /* every lane's register is declared before any lane's multiplexer reads one (SRC_TXD) */
  for (int p = 0; p < sh->ports; p++) {
    const arch_sources *ls = &pl->src[p];
    emit_lane_register(w, sh, p, ls->count, bits(b, sizeof b, "rom_data_i", pl->sel[p]), pl->sel[p].width,
                       (uint32_t)ls->count);
    if (pl->shared_lanes && ls->count) {
      snprintf(quiet, sizeof quiet, "tx%d_quiet_q", p);
      vw_line(w, "reg %s;  // the slot sends nothing: the register loads zero (shared bank writes)", vw_ident(w, "%s", quiet));
      vw_line(w, "%s %s <= %s;", clocked(sh), quiet, bits(a, sizeof a, "rom_data_i", pl->quiet[p]));
    }
  }
  for (int p = 0; p < sh->ports; p++) {
    const arch_sources *ls = &pl->src[p];
    char q[16];
    snprintf(q, sizeof q, "tx%d_q", p); /* emit_lane_register's names */
    snprintf(quiet, sizeof quiet, "tx%d_quiet_q", p);
    vw_blank(w);
    if (ls->count == 1) {
      char zero[48] = "";
      if (pl->shared_lanes) snprintf(zero, sizeof zero, "%s ? %d'd0 : ", quiet, sh->flit_width);
      vw_line(w, "%s %s <= %s%s;", clocked(sh), q, zero, source_expr(a, sizeof a, pl, p, 0));
    } else if (ls->count > 1) {
      rom_field index = pl->sel[p];
      index.width = rtl_clog2((uint64_t)ls->count);
      vw_open(w, "%s begin", clocked(sh));
      if (pl->shared_lanes) vw_line(w, "if (%s) %s <= %d'd0;", quiet, q, sh->flit_width);
      vw_open(w, "%scase (%s)", pl->shared_lanes ? "else " : "", bits(c, sizeof c, "rom_data_i", index));
      for (int i = 0; i + 1 < ls->count; i++)
        vw_line(w, "%d'd%d: %s <= %s;", index.width, i, q, source_expr(a, sizeof a, pl, p, i));
      vw_line(w, "default: %s <= %s;", q, source_expr(a, sizeof a, pl, p, ls->count - 1));
      vw_close(w, "endcase");
      vw_close(w, "end");
    }
    emit_lane_outputs(w, p);
  }
}

/* The requests and bank reads (ROM_PART_REQ) or the receptions and bank writes (ROM_PART_RX)
 * of a word: what a merged word takes from the word it does not start from (arch.h). */
static size_t rom_parts(const void *plan, int part, rom_field *out, size_t max) {
  const banked_plan *pl = plan;
  rom_field own[4 * RTL_MAX_PORTS + 2];
  size_t n = 0;
  for (int p = 0; p < pl->shape.ports; p++) {
    if (part == ROM_PART_REQ)
      own[n++] = pl->req[p], own[n++] = pl->req_bcast[p], own[n++] = pl->req_dest[p], own[n++] = pl->quiet[p];
    else own[n++] = pl->expect[p], own[n++] = pl->deliver[p];
  }
  if (part == ROM_PART_RX) own[n++] = pl->dlv, own[n++] = pl->dlv_lane;
  if (max) memcpy(out, own, (n < max ? n : max) * sizeof *out);
  banks_fields(&pl->banks, part, out, &n, max);
  return n;
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
  emit_constants(w, pl);
  emit_delays_and_banks(w, pl);
  emit_outputs(w, pl);
  emit_endmodule(w);
}

const router_arch arch_banked = {
    .name = "banked",
    .summary = "registered outputs, per-lane 1R1W memory banks, synchronous ROM (the default)",
    .serves = ARCH_PACKET_TASKS, /* packets, not partial sums */
    .supports = NULL, /* no limit beyond the lanes every architecture has */
    .plan = plan,
    .free_plan = free_plan,
    .pack = pack,
    .rom_legend = rom_legend,
    .emit_router = emit_router,
    .control_words = true, /* sends kbcast's control words as constants of its ROM */
    .rom_parts = rom_parts, /* runs back to back */
    .ni_local_port = true, /* the interface plays its local port */
};
