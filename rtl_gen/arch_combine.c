/* arch_combine.c — the combining router: runs the combining tasks (reduce, reduce_scatter,
 * allreduce, global_sum) under every port model (docs/ARCHITECTURE.md, "combine").
 *
 * The timing is the banked router's: ROM word r in cycle r (synchronous ROM), slot s on the
 * wires in cycle s+1, registered outputs, a run in slots+1 cycles. In cycle r the wires carry
 * slot r-1's words, and:
 *
 *  - combiner L (for every lane L that ever leads a combine) adds the word lane L received to
 *    its base — the partial the node holds of that chunk: nothing (the op's identity) or an
 *    earlier combine's result (a delay register or a bank) —, to the words of the same chunk
 *    other lanes received, where the ROM's mask says so, and to the node's own contribution
 *    from a local port, where the ROM says so: a balanced tree of the op (--op). Its result is
 *    the partial at the end of slot r-1: handed to the local port when the ROM says it is
 *    complete, kept for later (a delay register one cycle, a bank longer), and available to
 *    the output registers in the same cycle;
 *  - each output register takes slot r's flit: a partial (own contribution, a combiner's
 *    result, its delay register or a bank's read register) with its tag "moved" or "copied",
 *    or a word a lane received in slot r-1, passed on with the tag "passed, from lane L".
 *
 * The own contributions: the local port supplies one per lane and cycle on request (as the
 * packet routers' own packets). A partial sent before any word of its chunk arrived is the own
 * contribution itself (requested for that slot). Otherwise the contribution is added by one of
 * the combines of the chunk before its partial is first read, or by the send that reads it if
 * that is its only reader (an op on the output lane) — whichever finds a local port free
 * (earliest deadline first over the cycles): a node that sends d partials and receives d words
 * of other chunks in one slot could not fetch 2d contributions from d lanes. A contribution
 * that finds no port in its cycle may come a cycle early and wait in the port's delay register.
 *
 * Flits keep the packet layout {broadcast, dest, origin, payload}: dest is the chunk; the
 * broadcast bit marks a passed-on word, whose origin field is the lane it arrived on at the
 * sender; otherwise the origin field is 1 for a moved partial and 0 for a copy. The test
 * benches turn these into the exchange format's -1, -2 or the neighbour's id.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "banks.h"
#include "emit_verilog.h"
#include "model/reduce_op.h"
#include "router_ports.h"

/* Where a value comes from: a local port (an own contribution, in the cycle it is supplied, or
 * its delay register the next), a receive wire (passed on), a combiner's result (in its cycle,
 * or its delay register the next), or a bank of the reader (two or more cycles later). */
enum { SRC_NONE = 0, SRC_INJ, SRC_INJD, SRC_RX, SRC_COMB, SRC_COMBD, SRC_BANK };

/* arg: the local port, lane or combiner, or the sub-bank */
typedef arch_source source;

/* The readers, a group of one per lane each: what output lane p sends, and the own
 * contribution its send adds; combiner L's base, and the own contribution it adds. Reader
 * (group g, lane p) is g * ports + p. Cycle r's output readers send slot r; its combiners'
 * readers serve the combine of slot r-1. Only output lanes and bases have banks. */
enum { R_TX = 0, R_BASE = 1, R_OWN = 2, R_TX_OWN = 3, R_GROUPS = 4 };
#define READERS(ports) (R_GROUPS * (ports))

typedef struct {
  source *src;  /* [cycle * READERS(ports) + reader] */
  int32_t *req; /* [cycle * ports + i]: the chunk local port i supplies in the cycle, -1 none */
  bank_op *ops;
  size_t nops;
} program_plan;

typedef struct {
  const ir_fabric *f;
  router_shape shape;
  int value_width; /* a partial as the router keeps it: {chunk, payload} */
  program_plan *progs;
  /* over all programs */
  arch_sources src[R_GROUPS * RTL_MAX_PORTS]; /* what each reader's multiplexer chooses from */
  uint32_t combiners;            /* bit L: lane L leads combines */
  uint32_t extra[RTL_MAX_PORTS]; /* bit j: combiner L may add lane j's word too (j != L) */
  uint32_t delayed;              /* bit L: combiner L's result is read a cycle later */
  uint32_t base_and_own;         /* bit L: combiner L adds a base and an own contribution at once */
  uint32_t requests;             /* bit i: local port i supplies own contributions */
  uint32_t inj_delayed;          /* bit i: local port i's contribution is read a cycle later */
  uint32_t moves;                /* bit p: lane p sends partials (tag: moved or copied) */
  uint32_t delivers;             /* bit L: lane L hands complete partials over */
  int8_t pref[R_GROUPS * RTL_MAX_PORTS]; /* the local port each reader of own contributions tries first (choose_ports) */
  int64_t sole_chunk; /* the chunk of every partial sent (reduce, global_sum: one), a constant in the flits; else -1 */
  bank_set banks;
  /* the ROM word, per lane */
  rom_field sel[RTL_MAX_PORTS], move[RTL_MAX_PORTS], req[RTL_MAX_PORTS], req_dest[RTL_MAX_PORTS];
  rom_field tsel[RTL_MAX_PORTS]; /* the own contribution slot r's send adds */
  rom_field chunk[RTL_MAX_PORTS]; /* slot r's partial's chunk, where the lane sends partials from two sources or more */
  rom_field expect[RTL_MAX_PORTS], deliver[RTL_MAX_PORTS], bsel[RTL_MAX_PORTS], osel[RTL_MAX_PORTS], mask[RTL_MAX_PORTS];
} combine_plan;

/* The op as a Verilog function body (a, b: payloads), in romnoc_op order. */
static const char *const op_verilog[ROMNOC_OP_COUNT] = {"a + b", "(a > b) ? a : b", "(a < b) ? a : b", "a ^ b", "a | b"};
/* The ops that pick one of their operands (max, min): the comparison under which a is picked
 * over b, ties to a; NULL for the others. A pipelined combiner gives their comparisons a stage
 * of their own (emit_picks). */
static const char *const op_pick[ROMNOC_OP_COUNT] = {NULL, ">=", "<=", NULL, NULL};

/* ---- planning ---- */

static int plan_fail(char *err, size_t errlen, uint32_t u, uint32_t cycle, const char *why) {
  snprintf(err, errlen, "cannot build router %u: cycle %u: %s", (unsigned)u, (unsigned)cycle, why);
  return -1;
}

/* A local port that can supply chunk k in a cycle whose ports supply chunk[] (-1: free): the
 * preferred one (pref >= 0) if free or supplying k already, else (pref < 0) one that supplies
 * k, else the lowest free one; -1 if none. */
static int free_port(const int32_t *chunk, int ports, int pref, uint32_t k) {
  if (pref >= 0) return chunk[pref] < 0 || chunk[pref] == (int32_t)k ? pref : -1;
  for (int q = 0; q < ports; q++)
    if (chunk[q] == (int32_t)k) return q;
  for (int q = 0; q < ports; q++)
    if (chunk[q] < 0) return q;
  return -1;
}

/* An own contribution to fetch: for a send of cycle `at` (no window), or to be added in one
 * of the cycles of window[0..n) (each cycle * ports + lane, WINDOW_TX set for a send, in
 * cycle order): by the combine of the chunk that starts from the own contribution or one of
 * the combines after it, up to the first whose partial is read, or by the send that reads it
 * if that send is its only reader (a copy read again later would lack the contribution). */
typedef struct {
  int reader, n, done;
  uint32_t chunk, at;
  const uint32_t *window;
} own_need;

#define WINDOW_TX (1u << 31)

typedef struct {
  own_need *need;
  uint32_t *windows; /* every window, one after another */
  int n;
} own_needs;

/* The needs of program u: the own partials sent (in their cycle) and the chains of combines
 * that start from an own contribution. Returns 0, or -1 if memory runs out. */
static int own_needs_of(const ir_fabric *f, uint32_t u, own_needs *o) {
  int ports = f->fd->ports;
  size_t cells = ((size_t)f->slots + 2) * ports;
  /* per combine (slot * ports + lane): 1 + the next combine on its partial; how many read it
   * (sends, its delivery); 1 + the last send that reads it */
  uint32_t *next = calloc(cells, sizeof *next), *readers = calloc(cells, sizeof *readers);
  uint32_t *send = calloc(cells, sizeof *send);
  *o = (own_needs){malloc(cells * sizeof *o->need), malloc(2 * cells * sizeof *o->windows), 0};
  int rc = -1;
  if (!next || !readers || !send || !o->need || !o->windows) goto out;
  for (uint32_t s = 1; s <= f->slots; s++)
    for (int p = 0; p < ports; p++) {
      const ir_send *x = ir_send_at(f, u, s, p);
      const ir_combine *c = ir_combine_at(f, u, s, p);
      size_t at = s * (size_t)ports + (size_t)p;
      if (x->kind == IR_SEND_PARTIAL && x->from_slot) {
        size_t v = (size_t)x->from_slot * ports + x->from_lane;
        readers[v]++;
        send[v] = (uint32_t)at + 1;
      }
      if (x->kind == IR_SEND_PARTIAL && !x->from_slot)
        o->need[o->n++] = (own_need){R_TX * ports + p, 0, 0, x->dest, s, NULL};
      if (ir_recv_at(f, u, s, p)->deliver) readers[at]++;
      if (c->lanes && c->base == IR_BASE_HELD) next[(size_t)c->base_slot * ports + c->base_lane] = (uint32_t)at + 1;
    }
  size_t used = 0;
  for (uint32_t s = 1; s <= f->slots; s++)
    for (int p = 0; p < ports; p++) {
      const ir_combine *c = ir_combine_at(f, u, s, p);
      if (!c->lanes || c->base != IR_BASE_OWN) continue;
      uint32_t *w = o->windows + used, at = s * (uint32_t)ports + (uint32_t)p + 1, last = 0;
      int n = 0;
      for (; at; at = readers[at - 1] ? 0 : next[at - 1]) w[n++] = (last = at - 1) + (uint32_t)ports; /* cycle = slot + 1 */
      /* the send, if it is the partial's only reader and reads it a cycle or more after its
       * combine (in the combine's own cycle the combiner adds it: the op stays off the path
       * from the receive wires through the combiner to the output register) */
      if (readers[last] == 1 && send[last] && !next[last] && (send[last] - 1) / (uint32_t)ports > last / (uint32_t)ports + 1)
        w[n++] = (send[last] - 1) | WINDOW_TX;
      o->need[o->n++] = (own_need){R_OWN * ports + p, n, 0, c->chunk, s + 1, w};
      used += (size_t)n;
    }
  rc = 0;
out:
  free(next);
  free(readers);
  free(send);
  return rc;
}

static void own_needs_free(own_needs *o) {
  free(o->need);
  free(o->windows);
}

/* How far take_port looks: the preferred port of cycle r only, then any of cycle r, then any
 * of cycle r-1 (kept a cycle in the port's delay register). */
enum { TAKE_PREF, TAKE_ANY, TAKE_PREV };

/* Takes a local port to supply chunk k to reader `reader` in cycle r, looking as far as mode
 * says. Returns 0, or -1 if none is left. */
static int take_port(program_plan *pp, int ports, uint32_t r, int pref, int reader, uint32_t k, int mode) {
  for (int step = TAKE_PREF; step <= mode; step++) {
    uint32_t c = step == TAKE_PREV ? r - 1 : r;
    int q = c ? free_port(&pp->req[(size_t)c * ports], ports, step == TAKE_PREF ? pref : -1, k) : -1;
    if (q < 0) continue;
    pp->req[(size_t)c * ports + q] = (int32_t)k;
    pp->src[(size_t)r * READERS(ports) + reader] = (source){c == r ? SRC_INJ : SRC_INJD, (uint8_t)q};
    return 0;
  }
  return -1;
}

/* A local port taken in the last cycle by the next run's first (runs back to back): no chunk. */
#define RESERVED INT32_MAX

/* The run (ir.h: one, or several joined) whose last cycle, slots + 1 from its base, is r; NULL if none. */
static const ir_run *run_ending(const ir_fabric *f, uint32_t r) {
  for (uint32_t k = 0; k < f->ntasks; k++)
    if (r == f->runs[k].base + f->runs[k].slots + 1) return &f->runs[k];
  return NULL;
}

/* The last cycle (times ports, plus the lane) a need may be met in. */
static uint32_t deadline(const own_need *x) { return x->window[x->n - 1] & ~WINDOW_TX; }

/* Fetches the own contributions of program u: cycle by cycle, first the partials sent in the
 * cycle (each from its reader's preferred port if free, else another, else one of the cycle before),
 * then the pending additions that a combine or send of the cycle can make, earliest deadline
 * first. Returns 0, or the cycle at which a need found no local port. */
static uint32_t fetch_own(const ir_fabric *f, program_plan *pp, own_needs *o, const int8_t *pref) {
  int ports = f->fd->ports, n = o->n;
  own_need *need = o->need;
  for (uint32_t r = 1; r <= f->slots + 1; r++) {
    /* runs back to back: a run's last cycle is the next run's first, whose ports are taken */
    const ir_run *run = run_ending(f, r);
    for (int q = 0; q < ports && f->back_to_back && run; q++)
      if (pp->req[(size_t)(run->base + 1) * ports + q] >= 0) pp->req[(size_t)r * ports + q] = RESERVED;
    for (int pass = 0; pass < 2; pass++) /* sends: their preferred port first */
      for (int i = 0; i < n; i++) {
        if (need[i].window || need[i].at != r || need[i].done) continue;
        if (take_port(pp, ports, r, pref[need[i].reader], need[i].reader, need[i].chunk, pass ? TAKE_PREV : TAKE_PREF)) {
          if (pass) return r;
          continue;
        }
        need[i].done = 1;
      }
    for (;;) { /* additions: the pending one with the earliest deadline that can run now */
      int best = -1;
      uint32_t entry = 0;
      for (int i = 0; i < n; i++) {
        if (!need[i].window || need[i].done) continue;
        int k = 0;
        while (k < need[i].n && (need[i].window[k] & ~WINDOW_TX) / (uint32_t)ports != r) k++;
        if (k < need[i].n && (best < 0 || deadline(&need[i]) < deadline(&need[best]))) best = i, entry = need[i].window[k];
      }
      if (best < 0) break;
      int lane = (int)((entry & ~WINDOW_TX) % (uint32_t)ports);
      int reader = (entry & WINDOW_TX ? R_TX_OWN : R_OWN) * ports + lane;
      bool due = deadline(&need[best]) / (uint32_t)ports == r;
      uint32_t k = need[best].chunk;
      /* this cycle's ports (the preferred first); at the deadline the cycle before's too */
      if (take_port(pp, ports, r, pref[reader], reader, k, due ? TAKE_PREV : TAKE_ANY)) {
        if (due) return r;
        break; /* every port is taken: the rest wait for a later combine */
      }
      need[best].done = 1;
    }
  }
  for (size_t i = 0; i < ((size_t)f->slots + 2) * ports; i++)
    if (pp->req[i] == RESERVED) pp->req[i] = -1;
  return 0;
}

/* Plans program u: a source per reader and cycle, local-port requests, bank reads. */
static int plan_program(void *plan, uint32_t u, char *err, size_t errlen) {
  combine_plan *pl = plan;
  const ir_fabric *f = pl->f;
  int ports = f->fd->ports, readers = READERS(ports);
  program_plan *pp = &pl->progs[u];
  size_t cycles = (size_t)f->slots + 2, nreads = 0;
  pp->src = calloc(cycles * readers, sizeof *pp->src);
  pp->req = malloc(cycles * ports * sizeof *pp->req);
  bank_read *reads = malloc(cycles * readers * sizeof *reads);
  uint8_t *sub = malloc(cycles * readers * sizeof *sub);
  own_needs need = {NULL, NULL, 0};
  int rc = -1;
  if (!pp->src || !pp->req || !reads || !sub || own_needs_of(f, u, &need)) goto oom;
  for (size_t i = 0; i < cycles * ports; i++) pp->req[i] = -1;
  for (uint32_t r = 1; r <= f->slots + 1; r++) {
    for (int p = 0; p < ports && r <= f->slots; p++) { /* slot r's sends */
      const ir_send *o = ir_send_at(f, u, r, p);
      source *s = &pp->src[(size_t)r * readers + p];
      if (o->kind == IR_SEND_FORWARD) {
        if (o->from_slot + 1 != r || o->from_lane >= 1u << f->fd->id_width) {
          rc = plan_fail(err, errlen, u, r, "a word is passed on later than the next slot, or from a lane its tag "
                         "cannot name");
          goto out;
        }
        *s = (source){SRC_RX, o->from_lane};
      } else if (o->kind == IR_SEND_PARTIAL && o->from_slot) {
        uint32_t gap = r - o->from_slot - 1; /* cycles since its combine */
        if (gap <= 1) *s = (source){gap ? SRC_COMBD : SRC_COMB, o->from_lane};
        else reads[nreads++] = (bank_read){r, o->from_slot, (uint8_t)p, o->from_lane};
      }
    }
    for (int q = 0; q < ports && r >= 2; q++) { /* the bases of slot r-1's combines */
      const ir_combine *c = ir_combine_at(f, u, r - 1, q);
      source *s = &pp->src[(size_t)r * readers + R_BASE * ports + q];
      if (!c->lanes || c->base != IR_BASE_HELD) continue; /* nothing yet, or the own contribution: added below */
      if (c->base_slot + 1 == r - 1) *s = (source){SRC_COMBD, c->base_lane};
      else reads[nreads++] = (bank_read){r, c->base_slot, (uint8_t)(R_BASE * ports + q), c->base_lane};
    }
  }
  uint32_t stuck = fetch_own(f, pp, &need, pl->pref);
  if (stuck) {
    rc = plan_fail(err, errlen, u, stuck, "more own contributions are needed than the router has local-port lanes");
    goto out;
  }
  if (banks_plan_program(&pl->banks, u, reads, nreads, &pp->ops, &pp->nops, sub, err, errlen)) goto out;
  for (size_t i = 0; i < nreads; i++) pp->src[(size_t)reads[i].slot * readers + reads[i].reader] = (source){SRC_BANK, sub[i]};
  /* fold into what the shared router must provide */
  for (uint32_t r = 1; r <= f->slots + 1; r++) {
    for (int k = 0; k < readers; k++) {
      const source *s = &pp->src[(size_t)r * readers + k];
      if (s->kind == SRC_COMBD) pl->delayed |= 1u << s->arg;
      if (s->kind == SRC_INJD) pl->inj_delayed |= 1u << s->arg;
      arch_sources_add(&pl->src[k], *s);
    }
    for (int q = 0; q < ports; q++) {
      if (pp->req[(size_t)r * ports + q] >= 0) pl->requests |= 1u << q;
      if (pp->src[(size_t)r * readers + R_BASE * ports + q].kind && pp->src[(size_t)r * readers + R_OWN * ports + q].kind)
        pl->base_and_own |= 1u << q;
      if (r > f->slots) continue;
      const ir_send *o = ir_send_at(f, u, r, q);
      const ir_combine *c = ir_combine_at(f, u, r, q);
      if (o->kind == IR_SEND_PARTIAL) pl->moves |= 1u << q;
      if (c->lanes) pl->combiners |= 1u << q, pl->extra[q] |= c->lanes & ~(1u << q);
      if (ir_recv_at(f, u, r, q)->deliver) pl->delivers |= 1u << q;
    }
  }
  rc = 0;
  goto out;
oom:
  snprintf(err, errlen, "out of memory planning router %u", (unsigned)u);
out:
  free(reads);
  free(sub);
  own_needs_free(&need);
  return rc;
}

/* The sources of a lane's partials (all but the words passed on). */
static int partial_sources(const arch_sources *rs) {
  int n = 0;
  for (int i = 0; i < rs->count; i++) n += rs->src[i].kind != SRC_RX;
  return n;
}

static void layout(void *plan) {
  combine_plan *pl = plan;
  router_shape *sh = &pl->shape;
  int next = 0, ports = sh->ports;
  sh->mem_depth = 0;
  for (int k = 0; k < READERS(ports); k++) arch_sources_sort(&pl->src[k]);
  for (int p = 0; p < ports; p++) {
    int tx = pl->src[p].count, base = pl->src[R_BASE * ports + p].count, own = pl->src[R_OWN * ports + p].count;
    int tx_own = pl->src[R_TX_OWN * ports + p].count;
    pl->sel[p] = rom_field_take(&next, tx ? rtl_clog2((uint64_t)tx + 1) : 0);
    pl->tsel[p] = rom_field_take(&next, tx_own ? rtl_clog2((uint64_t)tx_own + 1) : 0);
    pl->move[p] = rom_field_take(&next, (int)(pl->moves >> p & 1));
    pl->chunk[p] = rom_field_take(&next, pl->sole_chunk < 0 && partial_sources(&pl->src[p]) >= 2 ? sh->id_width : 0);
    pl->req[p] = rom_field_take(&next, (int)(pl->requests >> p & 1));
    pl->req_dest[p] = rom_field_take(&next, pl->requests >> p & 1 ? sh->id_width : 0);
    pl->expect[p] = rom_field_take(&next, 1);
    pl->deliver[p] = rom_field_take(&next, (int)(pl->delivers >> p & 1));
    pl->bsel[p] = rom_field_take(&next, base ? rtl_clog2((uint64_t)base + 1) : 0);
    pl->osel[p] = rom_field_take(&next, own ? rtl_clog2((uint64_t)own + 1) : 0);
    pl->mask[p] = rom_field_take(&next, rtl_popcount(pl->extra[p]));
    sh->mem_depth += banks_layout_reader(&pl->banks, p, &next);
    sh->mem_depth += banks_layout_reader(&pl->banks, R_BASE * ports + p, &next);
  }
  sh->word_width = next;
  arch_memory m[1 + 2 * RTL_MAX_PORTS * BANKS_MAX_SUB]; /* the ROM, the output lanes' and bases' banks */
  size_t n = 0;
  m[n++] = (arch_memory){sh->word_width, sh->rom_entries, &sh->rom_block_ram};
  for (int k = 0; k < 2 * ports; k++) banks_memories(&pl->banks, k, m, &n);
  arch_choose_block_rams(m, n);
}

static void free_plan(void *plan) {
  combine_plan *pl = plan;
  if (!pl) return;
  if (pl->progs)
    for (uint32_t u = 0; u < pl->f->nprograms; u++) {
      free(pl->progs[u].src);
      free(pl->progs[u].req);
      free(pl->progs[u].ops);
    }
  free(pl->progs);
  free(pl);
}

/* ---- which local port supplies whom ---- */

/* The own-contribution sources the routers need with the readers' preferred ports pref: the
 * local ports (and their delay registers) each reader takes from over all programs, counted
 * per reader, their union in used[reader] (bit q: port q, bit 8 + q: its delay register); -1
 * if a program finds no port or memory runs out. Adds the work it did to *work (unless NULL). */
static long own_sources(const combine_plan *pl, const int8_t *pref, uint32_t *used, double *work) {
  const ir_fabric *f = pl->f;
  int ports = f->fd->ports, readers = READERS(ports);
  size_t cycles = (size_t)f->slots + 2;
  program_plan pp = {calloc(cycles * readers, sizeof *pp.src), malloc(cycles * ports * sizeof *pp.req), NULL, 0};
  long count = -1;
  memset(used, 0, readers * sizeof *used);
  for (uint32_t u = 0; pp.src && pp.req && u < f->nprograms; u++) {
    own_needs need = {NULL, NULL, 0};
    memset(pp.src, 0, cycles * readers * sizeof *pp.src);
    for (size_t i = 0; i < cycles * ports; i++) pp.req[i] = -1;
    bool stuck = own_needs_of(f, u, &need) || fetch_own(f, &pp, &need, pref);
    if (work) *work += (double)need.n * (double)cycles;
    own_needs_free(&need);
    if (stuck) goto out;
    for (size_t i = 0; i < cycles * readers; i++)
      if (pp.src[i].kind == SRC_INJ || pp.src[i].kind == SRC_INJD)
        used[i % readers] |= 1u << (pp.src[i].arg + (pp.src[i].kind == SRC_INJD ? 8 : 0));
  }
  count = 0;
  for (int k = 0; k < readers; k++) count += rtl_popcount(used[k]);
out:
  free(pp.src);
  free(pp.req);
  return count;
}

/* How much choose_ports may spend: its trials times the work of one (own contributions to
 * fetch times cycles, summed over the programs). The search takes a fraction of a second on
 * the largest fabrics that fit an FPGA (hypercube:6: 400 trials allowed, far more than it
 * needs); on hypercube:8 it stops after 9, on hypercube:10 it does not start. */
#define CHOOSE_PORTS_BUDGET 40000000.0

/* Chooses each reader's preferred local port: its own lane's at first, then, reader by
 * reader, any port that leaves the routers fewer own-contribution sources (each source is a
 * multiplexer input of the payload's width), until no change helps or the budget is spent.
 * The lane's own port is not always best: where a lane both sends an own contribution and
 * combines one in the same cycle, one of them takes another port in that program only, and
 * the union over programs gives the lane's reader two sources where one port for all would
 * do. Deterministic: readers and ports in order, a change kept only if it strictly helps. */
static void choose_ports(combine_plan *pl) {
  const ir_fabric *f = pl->f;
  int ports = f->fd->ports, readers = READERS(ports);
  for (int k = 0; k < readers; k++) pl->pref[k] = (int8_t)(k % ports);
  uint32_t used[READERS(RTL_MAX_PORTS)], scratch[READERS(RTL_MAX_PORTS)];
  double work = 0;
  long best = own_sources(pl, pl->pref, used, &work), trials = (long)(CHOOSE_PORTS_BUDGET / (work + 1));
  for (bool better = best > 0; better && trials > 0;) {
    better = false;
    for (int k = 0; k < readers && trials > 0; k++)
      for (int q = 0; q < ports && trials > 0; q++) {
        if (q == pl->pref[k] || !used[k]) continue;
        int8_t was = pl->pref[k];
        pl->pref[k] = (int8_t)q;
        long n = own_sources(pl, pl->pref, scratch, NULL);
        trials--;
        if (n >= 0 && n < best) {
          best = n, better = true;
          memcpy(used, scratch, sizeof used);
        } else {
          pl->pref[k] = was;
        }
      }
  }
}

/* The chunk every partial of f is sent with, if all have the same (reduce and global_sum have
 * one chunk), else -1. */
static int64_t sole_chunk(const ir_fabric *f) {
  int64_t chunk = -1;
  for (uint32_t u = 0; u < f->nprograms; u++)
    for (uint32_t s = 1; s <= f->slots; s++)
      for (int p = 0; p < f->fd->ports; p++) {
        const ir_send *x = ir_send_at(f, u, s, p);
        if (x->kind != IR_SEND_PARTIAL) continue;
        if (chunk >= 0 && chunk != (int64_t)x->dest) return -1;
        chunk = x->dest;
      }
  return chunk;
}

static void *plan(const ir_fabric *f, const flit_format *flit, router_shape *shape, char *err, size_t errlen) {
  combine_plan *pl = calloc(1, sizeof *pl);
  if (!pl || !(pl->progs = calloc(f->nprograms, sizeof *pl->progs))) return arch_plan_oom(pl, err, errlen);
  pl->f = f;
  router_shape_init_sync(&pl->shape, "combine", f, flit);
  pl->value_width = pl->shape.id_width + flit->payload_width;
  pl->banks.width = pl->value_width;
  choose_ports(pl);
  pl->sole_chunk = sole_chunk(f);
  return arch_plan_all(pl, f->nprograms, plan_program, layout, free_plan, &pl->shape, shape, err, errlen);
}

/* ---- ROM words ---- */

/* The chunk local port q supplies in cycle r+1 (asked for in word r), or -1. */
static int32_t local_request(const void *plan, uint32_t program, uint32_t r, int q) {
  const combine_plan *pl = plan;
  return r + 1 <= pl->shape.cycles ? pl->progs[program].req[(size_t)(r + 1) * pl->shape.ports + q] : -1;
}


/* Word r: slot r's sends (source, move tag), cycle r+1's own contributions, slot r-1's
 * receptions (expect, deliver) and combines (base, mask), and the banks' writes and reads. */
static void pack(const void *plan, uint32_t program, uint32_t r, uint32_t *words) {
  const combine_plan *pl = plan;
  const ir_fabric *f = pl->f;
  const program_plan *pp = &pl->progs[program];
  int ports = pl->shape.ports, readers = READERS(ports);
  if (r > pl->shape.cycles) return;
  for (int p = 0; p < ports; p++) {
    if (r >= 1 && r <= f->slots) {
      rom_field_put(words, pl->sel[p], arch_sources_select(&pl->src[p], pp->src[(size_t)r * readers + p]));
      int t = R_TX_OWN * ports + p;
      rom_field_put(words, pl->tsel[p], arch_sources_select(&pl->src[t], pp->src[(size_t)r * readers + t]));
      const ir_send *o = ir_send_at(f, program, r, p);
      rom_field_put(words, pl->move[p], o->kind == IR_SEND_PARTIAL && o->move);
      if (o->kind == IR_SEND_PARTIAL) rom_field_put(words, pl->chunk[p], o->dest);
    }
    int32_t chunk = local_request(plan, program, r, p);
    if (chunk >= 0) {
      rom_field_put(words, pl->req[p], 1);
      rom_field_put(words, pl->req_dest[p], (uint32_t)chunk);
    }
    if (r < 2) continue;
    rom_field_put(words, pl->expect[p], ir_recv_at(f, program, r - 1, p)->expect);
    rom_field_put(words, pl->deliver[p], ir_recv_at(f, program, r - 1, p)->deliver);
    int b = R_BASE * ports + p, own = R_OWN * ports + p;
    rom_field_put(words, pl->bsel[p], arch_sources_select(&pl->src[b], pp->src[(size_t)r * readers + b]));
    rom_field_put(words, pl->osel[p], arch_sources_select(&pl->src[own], pp->src[(size_t)r * readers + own]));
    uint32_t lanes = ir_combine_at(f, program, r - 1, p)->lanes, bit = 0;
    for (int j = 0; j < ports; j++)
      if (pl->extra[p] >> j & 1) rom_field_put(words, (rom_field){pl->mask[p].lsb + (int)bit++, 1}, lanes >> j & 1);
  }
  banks_pack(&pl->banks, pp->ops, pp->nops, r, words);
}

static void legend_field(vwriter *w, const char *name, rom_field f) {
  if (!f.width) return;
  if (f.width == 1) vw_raw(w, " %s[%d]", name, f.lsb);
  else vw_raw(w, " %s[%d:%d]", name, f.lsb + f.width - 1, f.lsb);
}

static void rom_legend(vwriter *w, const void *plan) {
  const combine_plan *pl = plan;
  vw_line(w, "// Word r: sel (slot r's send: 0 nothing, i = source i of the lane, see the router), tsel (the");
  vw_line(w, "// own contribution the send adds: 0 none, i = local port source i), move (its");
  vw_line(w, "// tag: 1 moved, 0 copied), req, req_dest (the own contribution of that chunk local port p");
  vw_line(w, "// supplies in cycle r+1), expect, deliver (slot r-1's word; the partial lane p's combine");
  vw_line(w, "// completes), bsel (what combiner p adds slot r-1's words to: 0 nothing, i = source i), osel");
  vw_line(w, "// (the own contribution it adds too: 0 none, i = local port source i), mask (which other lanes'");
  vw_line(w, "// words it adds), then the banks (we, wsel, waddr, raddr). Fields:");
  for (int p = 0; p < pl->shape.ports; p++) {
    vw_raw(w, "// lane %d:", p);
    legend_field(w, "sel", pl->sel[p]);
    legend_field(w, "tsel", pl->tsel[p]);
    legend_field(w, "move", pl->move[p]);
    legend_field(w, "chunk", pl->chunk[p]);
    legend_field(w, "req", pl->req[p]);
    legend_field(w, "req_dest", pl->req_dest[p]);
    legend_field(w, "expect", pl->expect[p]);
    legend_field(w, "deliver", pl->deliver[p]);
    legend_field(w, "bsel", pl->bsel[p]);
    legend_field(w, "osel", pl->osel[p]);
    legend_field(w, "mask", pl->mask[p]);
    vw_raw(w, "\n");
  }
}

/* ---- the router ---- */

static const char *bits(char *buf, size_t len, rom_field f) { return slice(buf, len, "rom_data_i", f.lsb, f.width); }

/* The value (a VW-bit partial {chunk, payload}) of source s; RX is not a value. */
static const char *value_expr(char *buf, size_t len, source s, int reader) {
  if (s.kind == SRC_INJ) snprintf(buf, len, "inj%d_val", s.arg);
  else if (s.kind == SRC_INJD) snprintf(buf, len, "injd%d_q", s.arg);
  else if (s.kind == SRC_COMB) snprintf(buf, len, "comb%d", s.arg);
  else if (s.kind == SRC_COMBD) snprintf(buf, len, "combd%d_q", s.arg);
  else snprintf(buf, len, "bank_%c%d_%d_rd_q", reader % 2 ? 'b' : 'p', reader / 2, s.arg);
  return buf;
}

/* Readers are named by the banks as p<lane> (output lanes) and b<lane> (bases): reader k of
 * the plan is passed as 2 * lane + (base ? 1 : 0). */
static int reader_code(int ports, int k) { return k < ports ? 2 * k : 2 * (k - ports) + 1; }

/* A partial {chunk, payload} as a flit with the tag tag (A bits), whose payload is sum (an
 * expression: the partial's payload with the own contribution added), or v's own (NULL); its
 * chunk the constant sole_chunk where there is one, else lane p's ROM field where it has one,
 * else v's own. */
static void partial_flit(char *buf, size_t len, const combine_plan *pl, int p, const char *v, const char *tag,
                         const char *sum) {
  int w = pl->shape.payload_width, vw = pl->value_width;
  char chunk[80], payload[112];
  if (pl->sole_chunk >= 0) snprintf(chunk, sizeof chunk, "%d'd%lld", vw - w, (long long)pl->sole_chunk);
  else if (pl->chunk[p].width) bits(chunk, sizeof chunk, pl->chunk[p]);
  else snprintf(chunk, sizeof chunk, "%s[%d:%d]", v, vw - 1, w);
  if (sum) snprintf(payload, sizeof payload, "%s", sum);
  else snprintf(payload, sizeof payload, "%s[%d:0]", v, w - 1);
  snprintf(buf, len, "{1'b0, %s, %s, %s}", chunk, tag, payload);
}

/* A multiplexer `name` of the own contributions of rs's local ports by the ROM field sel,
 * the op's identity when it is 0. */
static void emit_own_mux(vwriter *w, const combine_plan *pl, const char *name, const arch_sources *rs, rom_field sel,
                         const char *ident) {
  char a[64], e[64];
  int pw = pl->shape.payload_width;
  vw_line(w, "reg [%d:0] %s;", pw - 1, name);
  vw_open(w, "always @(*) begin");
  vw_open(w, "case (%s)", bits(a, sizeof a, sel));
  for (int i = 0; i < rs->count; i++)
    vw_line(w, "%d'd%d: %s = %s[%d:0];", sel.width, i + 1, name, value_expr(e, sizeof e, rs->src[i], 0), pw - 1);
  vw_line(w, "default: %s = %s;", name, ident);
  vw_close(w, "endcase");
  vw_close(w, "end");
}

/* The op's identity on payloads, as a Verilog constant. */
static const char *identity(char *buf, size_t len, const combine_plan *pl) {
  snprintf(buf, len, "{%d{1'b%d}}", pl->shape.payload_width, romnoc_op_identity_ones((romnoc_op)pl->f->op));
  return buf;
}

/* A bank's writer: combiner q's result. */
static const char *comb_value(char *buf, size_t len, const void *ctx, int q) {
  (void)ctx;
  snprintf(buf, len, "comb%d", q);
  return buf;
}

static void emit_declarations(vwriter *w, const combine_plan *pl) {
  const router_shape *sh = &pl->shape;
  romnoc_flit_layout fl = shape_flit_layout(sh); /* a partial's chunk is the dest field */
  int aw = sh->id_width, pw = sh->payload_width, vw = pl->value_width;
  vw_blank(w);
  vw_line(w, "// partials: {chunk, payload}; a local port's own contribution, each combiner's result and");
  vw_line(w, "// what its delay register keeps for the next cycle");
  for (int p = 0; p < sh->ports; p++)
    if (pl->requests >> p & 1)
      vw_line(w, "wire [%d:0] %s = {inj%d_flit_i[%d:%d], inj%d_flit_i[%d:0]};", vw - 1, vw_ident(w, "inj%d_val", p), p,
              fl.dest_lsb + aw - 1, fl.dest_lsb, p, pw - 1);
  for (int p = 0; p < sh->ports; p++)
    if (pl->combiners >> p & 1) vw_line(w, "wire [%d:0] %s;", vw - 1, vw_ident(w, "comb%d", p));
  for (int p = 0; p < sh->ports; p++)
    if (pl->delayed >> p & 1) vw_line(w, "reg [%d:0] %s;", vw - 1, vw_ident(w, "combd%d_q", p));
  for (int p = 0; p < sh->ports; p++)
    if (pl->inj_delayed >> p & 1) vw_line(w, "reg [%d:0] %s;", vw - 1, vw_ident(w, "injd%d_q", p));
  if (pl->delayed | pl->inj_delayed) {
    vw_open(w, "%s begin", clocked(sh));
    for (int p = 0; p < sh->ports; p++)
      if (pl->delayed >> p & 1) vw_line(w, "combd%d_q <= comb%d;", p, p);
    for (int p = 0; p < sh->ports; p++)
      if (pl->inj_delayed >> p & 1) vw_line(w, "injd%d_q <= inj%d_val;", p, p);
    vw_close(w, "end");
  }
}

static void emit_control(vwriter *w, const combine_plan *pl) {
  const router_shape *sh = &pl->shape;
  int aw = sh->id_width, pw = sh->payload_width, vw = pl->value_width;
  char a[64], b[64];
  emit_run_counter(w, sh);
  vw_raw(w, "  wire %s = running & (", vw_ident(w, "mismatch"));
  for (int q = 0; q < sh->ports; q++) vw_raw(w, "%s(rx%d_valid_i != %s)", q ? " | " : "", q, bits(a, sizeof a, pl->expect[q]));
  vw_raw(w, ");\n");
  emit_run_state(w, sh);
  vw_line(w, "// local port: own contributions requested for the next cycle straight from the ROM word; a");
  vw_line(w, "// complete partial is handed over in the cycle its combiner makes it");
  for (int p = 0; p < sh->ports; p++) {
    if (pl->requests >> p & 1) {
      vw_line(w, "assign inj%d_req_o = %s;", p, bits(a, sizeof a, pl->req[p]));
      vw_line(w, "assign inj%d_dest_o = {1'b0, %s};", p, bits(a, sizeof a, pl->req_dest[p]));
    } else {
      vw_line(w, "assign inj%d_req_o = 1'b0;", p);
      vw_line(w, "assign inj%d_dest_o = %d'd0;", p, aw + 1);
    }
    if (pl->delivers >> p & 1) {
      vw_line(w, "assign dlv%d_valid_o = running & %s;", p, bits(a, sizeof a, pl->deliver[p]));
      snprintf(b, sizeof b, "comb%d", p);
      vw_line(w, "assign dlv%d_flit_o = {1'b0, %s[%d:%d], %d'd0, %s[%d:0]};", p, b, vw - 1, pw, aw, b, pw - 1);
    } else {
      vw_line(w, "assign dlv%d_valid_o = 1'b0;", p);
      vw_line(w, "assign dlv%d_flit_o = %d'd0;", p, sh->flit_width);
    }
  }
}

static void emit_banks(vwriter *w, const combine_plan *pl) {
  int ports = pl->shape.ports;
  for (int k = 0; k < 2 * ports; k++)
    for (int s = 0; s < pl->banks.subbanks[k]; s++) {
      char name[16], comment[120];
      int lane = k % ports;
      snprintf(name, sizeof name, "%c%d", k < ports ? 'p' : 'b', lane);
      if (k < ports)
        snprintf(comment, sizeof comment, "// bank %d of lane %d: partials it sends two or more cycles after their combine", s,
                 lane);
      else
        snprintf(comment, sizeof comment, "// bank %d of combiner %d: partials it adds to two or more cycles after their combine",
                 s, lane);
      banks_emit(w, &pl->shape, &pl->banks, k, s, name, comment, comb_value, NULL);
    }
}

/* A pipelined combiner (--combine-stages P, ir_fabric.combine_stages; docs/ARCHITECTURE.md, "A
 * pipelined combiner"): a slot lasts P cycles more, and every input of a combine holds through
 * it (the ROM word, the receive wires, the local port's answer, the delay registers and banks
 * move at a slot's end only). So registers that move in every cycle may cut the path from
 * those inputs to the registers the slot's end loads, P deep at most, without changing what
 * the slot's end loads. The path of an n-level tree has n+2 segments: the operands' selection
 * (the ROM's block-RAM output, its routing and a multiplexer: about 4 ns on the iCE40), the n
 * levels (a 32-bit carry chain each for add, max and min: 6-8 ns) and the output multiplexer
 * (about 2 ns); a cut after segment b (b = 0..n) keeps every value there in a register, passed-
 * through operands too. The cuts: the min(P, n+1) boundaries that make the slowest stage
 * fastest, in these weights (2, 3 a level, 1), the earliest on a tie. */
static uint32_t combine_cuts(int levels, int stages) {
  int want = stages < levels + 1 ? stages : levels + 1, best_cost = 1 << 30;
  uint32_t best = 0;
  for (uint32_t mask = 0; mask < 1u << (levels + 1); mask++) {
    if (rtl_popcount(mask) != want) continue;
    int cost = 0, run = 2; /* the selection */
    for (int b = 0; b <= levels; b++) {
      if (mask >> b & 1) {
        cost = run > cost ? run : cost;
        run = 0;
      }
      run += b < levels ? 3 : 1; /* level b+1, or the output multiplexer */
    }
    cost = run > cost ? run : cost;
    if (cost < best_cost || (cost == best_cost && (mask & -mask) < (best & -best))) best_cost = cost, best = mask;
  }
  return best;
}

/* Cuts the operands opnd[0..n) after segment b: each into a register that moves every cycle. */
static void cut_operands(vwriter *w, int pw, int L, int b, char (*opnd)[160], int n) {
  for (int i = 0; i < n; i++) {
    const char *t = vw_ident(w, "comb%d_s%d_%d_q", L, b, i);
    vw_line(w, "reg [%d:0] %s;", pw - 1, t);
    vw_line(w, "always @(posedge clk_i) %s <= %s;", t, opnd[i]);
    snprintf(opnd[i], sizeof opnd[0], "%s", t);
  }
}

/* Picks apart: with two stages or more, an op that picks an operand compares in one stage and
 * selects in the next (one 32-bit compare and the select it drives were 10 ns on the iCE40,
 * whatever the tree around them; docs/ARCHITECTURE.md, "A pipelined combiner"). */
static int picks_apart(const combine_plan *pl) { return op_pick[pl->f->op] && pl->f->combine_stages >= 2; }

#define WINS_LEN ((RTL_MAX_PORTS + 2) * 40)

/* Compares opnd[lo..hi) pairwise, each pair into a register (prefix_g<i>_<j>_q, i < j: one carry
 * chain deep), and writes into wins[i] the AND that says operand i wins all of its comparisons
 * (against a later one ties go to i, against an earlier one they do not, so exactly one wins). */
static void compare_pairs(vwriter *w, const combine_plan *pl, const char *prefix, char (*opnd)[160], int lo, int hi,
                          char (*wins)[WINS_LEN]) {
  const char *g[RTL_MAX_PORTS + 2][RTL_MAX_PORTS + 2] = {{NULL}};
  for (int i = lo; i < hi; i++)
    for (int j = i + 1; j < hi; j++) {
      g[i][j] = vw_ident(w, "%s_g%d_%d_q", prefix, i, j);
      vw_line(w, "reg %s;  // operand %d picked over %d", g[i][j], i, j);
      vw_line(w, "always @(posedge clk_i) %s <= %s %s %s;", g[i][j], opnd[i], op_pick[pl->f->op], opnd[j]);
    }
  for (int i = lo; i < hi; i++) {
    size_t used = 0;
    for (int j = lo; j < hi; j++)
      if (j != i)
        used += (size_t)snprintf(wins[i] + used, WINS_LEN - used, "%s%s%s", used ? " & " : "", j < i ? "~" : "",
                                 j < i ? g[j][i] : g[i][j]);
  }
}

/* Writes the AND-OR that picks, of opnd[lo..hi), the operand whose wins[i] holds. */
static void pick_terms(vwriter *w, int pw, char (*opnd)[160], char (*wins)[WINS_LEN], int lo, int hi) {
  for (int i = lo; i < hi; i++) vw_raw(w, "%s({%d{%s}} & %s)", i > lo ? "\n      | " : " ", pw, wins[i], opnd[i]);
  vw_raw(w, ";\n");
}

/* The op over the registered operands opnd[0..n) (n >= 2), picked apart (compare_pairs, then the
 * AND-OR of the winners). With three stages or more a combine of more than two operands
 * registers its winners too (the ANDs of up to n-1 comparisons, then the AND-OR, were four LUT
 * levels on hypercube:5). With four stages or more a combine of four operands or more picks in
 * groups of two or three (the n operands in ceil(n/3) groups, balanced): each group's winner
 * picked into a register (prefix_v<g>_q: a comparison stage and a pick stage), then the winners
 * picked apart as above (prefix_x): 7 comparators instead of 15 for six operands. The operands
 * are read where the comparisons read them: their inputs hold through the slot, so they hold
 * from its second cycle on and need no copies. Returns the result's name. */
static const char *emit_picks(vwriter *w, const combine_plan *pl, const char *prefix, char (*opnd)[160], int n) {
  int pw = pl->shape.payload_width, stages = pl->f->combine_stages;
  char wins[RTL_MAX_PORTS + 2][WINS_LEN], top[32];
  snprintf(top, sizeof top, "%s", prefix);
  if (stages >= 4 && n >= 4) {
    int groups = (n + 2) / 3;
    vw_line(w, "// picked in %d groups, then among their winners (--combine-stages %d)", groups, stages);
    for (int k = 0; k < groups; k++) {
      int lo = k * n / groups, hi = (k + 1) * n / groups;
      compare_pairs(w, pl, prefix, opnd, lo, hi, wins);
      const char *v = vw_ident(w, "%s_v%d_q", prefix, k);
      vw_line(w, "reg [%d:0] %s;  // the winner of operands %d..%d", pw - 1, v, lo, hi - 1);
      vw_raw(w, "  always @(posedge clk_i) %s <=", v);
      pick_terms(w, pw, opnd, wins, lo, hi);
      snprintf(opnd[k], sizeof opnd[0], "%s", v); /* later groups read from (k+1)n/groups > k on */
    }
    n = groups, stages -= 2;
    snprintf(top, sizeof top, "%s_x", prefix);
  }
  compare_pairs(w, pl, top, opnd, 0, n, wins);
  if (stages >= 3 && n > 2)
    for (int i = 0; i < n; i++) {
      const char *q = vw_ident(w, "%s_w%d_q", top, i);
      vw_line(w, "reg %s;  // operand %d wins", q, i);
      vw_line(w, "always @(posedge clk_i) %s <= %s;", q, wins[i]);
      snprintf(wins[i], sizeof wins[i], "%s", q);
    }
  const char *pick = vw_ident(w, "%s_pick", prefix);
  vw_raw(w, "  wire [%d:0] %s =", pw - 1, pick);
  pick_terms(w, pw, opnd, wins, 0, n);
  return pick;
}

/* The boundaries in cuts, as " 0, 2" (for a comment). */
static const char *cut_list(uint32_t cuts, int levels) {
  static char buf[64];
  size_t used = 0;
  buf[0] = '\0';
  for (int b = 0; b <= levels && used < sizeof buf; b++)
    if (cuts >> b & 1) used += (size_t)snprintf(buf + used, sizeof buf - used, "%s %d", used ? "," : "", b);
  return buf;
}

static void emit_combiners(vwriter *w, const combine_plan *pl) {
  const router_shape *sh = &pl->shape;
  romnoc_flit_layout fl = shape_flit_layout(sh); /* a partial's chunk is the dest field */
  int ports = sh->ports, pw = sh->payload_width, aw = sh->id_width;
  char a[64], e[64], ident[32];
  identity(ident, sizeof ident, pl);
  vw_blank(w);
  vw_line(w, "// the operation (--op %s) on two payloads; its identity is %s", romnoc_op_names[pl->f->op], ident);
  vw_open(w, "function automatic [%d:0] op(input [%d:0] a, input [%d:0] b);", pw - 1, pw - 1, pw - 1);
  vw_line(w, "op = %s;", op_verilog[pl->f->op]);
  vw_close(w, "endfunction");
  for (int L = 0; L < ports; L++) {
    if (!(pl->combiners >> L & 1)) continue;
    const arch_sources *rs = &pl->src[R_BASE * ports + L], *os = &pl->src[R_OWN * ports + L];
    vw_blank(w);
    vw_line(w, "// combiner %d: the word lane %d received in slot r-1, added to its base (%d source%s), to the", L, L,
            rs->count, rs->count == 1 ? "" : "s");
    vw_line(w, "// words of the same chunk that the lanes the mask names received, and to the own contribution");
    vw_line(w, "// of the local port osel names (%d source%s)", os->count, os->count == 1 ? "" : "s");
    /* the operands of the tree: base, lane L's word, the masked words */
    char (*opnd)[160] = malloc((size_t)(ports + 2) * sizeof *opnd);
    if (!opnd) {
      w->failed = 1;
      return;
    }
    int n = 0;
    if (rs->count) {
      const char *base = vw_ident(w, "base%d", L);
      vw_line(w, "reg [%d:0] %s;", pw - 1, base);
      vw_open(w, "always @(*) begin");
      vw_open(w, "case (%s)", bits(a, sizeof a, pl->bsel[L]));
      for (int i = 0; i < rs->count; i++)
        vw_line(w, "%d'd%d: %s = %s[%d:0];", pl->bsel[L].width, i + 1, base,
                value_expr(e, sizeof e, rs->src[i], reader_code(ports, ports + L)), pw - 1);
      vw_line(w, "default: %s = %s;  // nothing held: the identity", base, ident);
      vw_close(w, "endcase");
      vw_close(w, "end");
      snprintf(opnd[n++], sizeof opnd[0], "%s", base);
    }
    if (os->count) {
      const char *own = vw_ident(w, "own%d", L);
      emit_own_mux(w, pl, own, os, pl->osel[L], ident);
      if (rs->count && !(pl->base_and_own >> L & 1)) { /* never both at once: one operand */
        const char *held = vw_ident(w, "held%d", L);
        vw_line(w, "wire [%d:0] %s = (%s != %d'd0) ? %s : %s;", pw - 1, held, bits(a, sizeof a, pl->bsel[L]),
                pl->bsel[L].width, opnd[--n], own);
        own = held;
      }
      snprintf(opnd[n++], sizeof opnd[0], "%s", own);
    }
    snprintf(opnd[n++], sizeof opnd[0], "rx%d_flit_i[%d:0]", L, pw - 1);
    for (int j = 0, bit = 0; j < ports; j++)
      if (pl->extra[L] >> j & 1)
        snprintf(opnd[n++], sizeof opnd[0], "(%s ? rx%d_flit_i[%d:0] : %s)",
                 slice(a, sizeof a, "rom_data_i", pl->mask[L].lsb + bit++, 1), j, pw - 1, ident);
    if (picks_apart(pl) && n > 1) {
      vw_line(w, "// pipelined (--combine-stages %d): the operands registered, their comparisons, then the pick",
              pl->f->combine_stages);
      cut_operands(w, pw, L, 0, opnd, n);
      char prefix[16];
      snprintf(prefix, sizeof prefix, "comb%d", L);
      snprintf(opnd[0], sizeof opnd[0], "%s", emit_picks(w, pl, prefix, opnd, n));
      n = 1;
    }
    /* a balanced tree, level by level */
    int levels = rtl_clog2((uint64_t)n);
    uint32_t cuts = pl->f->combine_stages && levels ? combine_cuts(levels, pl->f->combine_stages) : 0;
    if (cuts) vw_line(w, "// pipelined (--combine-stages %d): registers after the operands' selection (0) or level k:%s",
                      pl->f->combine_stages, cut_list(cuts, levels));
    if (cuts & 1) cut_operands(w, pw, L, 0, opnd, n);
    for (int level = 1; n > 1; level++) {
      int m = 0;
      for (int i = 0; i < n; i += 2, m++) {
        if (i + 1 == n) {
          memmove(opnd[m], opnd[i], sizeof opnd[0]);
          continue;
        }
        const char *t = vw_ident(w, "comb%d_l%d_%d", L, level, m);
        vw_line(w, "wire [%d:0] %s = op(%s, %s);", pw - 1, t, opnd[i], opnd[i + 1]);
        snprintf(opnd[m], sizeof opnd[0], "%s", t);
      }
      n = m;
      if (cuts >> level & 1) cut_operands(w, pw, L, level, opnd, n);
    }
    vw_line(w, "assign comb%d = {rx%d_flit_i[%d:%d], %s};", L, L, fl.dest_lsb + aw - 1, fl.dest_lsb, opnd[0]);
    free(opnd);
  }
}

/* Writes into buf the payload of partial txv with the own contribution own added, as lane p
 * sends it: the op itself, or with a pipelined combiner its register, and with two stages or
 * more its operands' too, declared here (combine_cuts); an op that picks compares in the second
 * stage and picks into the lane's register (emit_picks). */
static void own_sum(vwriter *w, const combine_plan *pl, int p, const char *txv, const char *own, char *buf, size_t len) {
  int pw = pl->shape.payload_width;
  snprintf(buf, len, "op(%s[%d:0], %s)", txv, pw - 1, own);
  if (!pl->f->combine_stages) return;
  if (pl->f->combine_stages >= 2) { /* the operands' selection a stage of its own, as the trees' */
    const char *a = vw_ident(w, "tsel%d_q", p), *b = vw_ident(w, "town%d_q", p);
    vw_line(w, "reg [%d:0] %s, %s;", pw - 1, a, b);
    vw_line(w, "always @(posedge clk_i) {%s, %s} <= {%s[%d:0], %s};", a, b, txv, pw - 1, own);
    if (picks_apart(pl)) { /* the comparison registered, the pick goes to the lane's register */
      char opnd[2][160], prefix[16];
      snprintf(prefix, sizeof prefix, "tsum%d", p);
      snprintf(opnd[0], sizeof opnd[0], "%s", a);
      snprintf(opnd[1], sizeof opnd[1], "%s", b);
      snprintf(buf, len, "%s", emit_picks(w, pl, prefix, opnd, 2));
      return;
    }
    snprintf(buf, len, "op(%s, %s)", a, b);
  }
  const char *sum = vw_ident(w, "tsum%d_q", p);
  vw_line(w, "reg [%d:0] %s;  // pipelined: the own addition moves every cycle", pw - 1, sum);
  vw_line(w, "always @(posedge clk_i) %s <= %s;", sum, buf);
  snprintf(buf, len, "%s", sum);
}

static void emit_outputs(vwriter *w, const combine_plan *pl) {
  const router_shape *sh = &pl->shape;
  romnoc_flit_layout fl = shape_flit_layout(sh); /* a partial's chunk is the dest field */
  int aw = sh->id_width, pw = sh->payload_width;
  char a[64], b[64], tag[64], e[64], flit[320], ident[32], sum[96];
  identity(ident, sizeof ident, pl);
  for (int p = 0; p < sh->ports; p++) {
    const arch_sources *rs = &pl->src[p], *os = &pl->src[R_TX_OWN * sh->ports + p];
    const char *sel = bits(b, sizeof b, pl->sel[p]), *own = NULL;
    const char *q = emit_lane_register(w, sh, p, rs->count, sel, pl->sel[p].width, 0);
    if (os->count) {
      vw_line(w, "// the own contribution a partial sent gets added on its way out (%d source%s)", os->count,
              os->count == 1 ? "" : "s");
      own = vw_ident(w, "town%d", p);
      emit_own_mux(w, pl, own, os, pl->tsel[p], ident);
    }
    if (rs->count) {
      /* the tag of a partial: moved (1) or copied (0) */
      if (!pl->move[p].width) snprintf(tag, sizeof tag, "%d'd0", aw);
      else if (aw == 1) bits(tag, sizeof tag, pl->move[p]);
      else snprintf(tag, sizeof tag, "{%d'd0, %s}", aw - 1, bits(a, sizeof a, pl->move[p]));
      const char *txv = NULL;
      if (own) { /* one op for every partial the lane sends: the partial first, then the op */
        txv = vw_ident(w, "txv%d", p);
        vw_line(w, "reg [%d:0] %s;", pl->value_width - 1, txv);
        vw_open(w, "always @(*) begin");
        vw_open(w, "case (%s)", sel);
        for (int i = 0; i < rs->count; i++)
          if (rs->src[i].kind != SRC_RX && rs->src[i].kind != SRC_COMB)
            vw_line(w, "%d'd%d: %s = %s;", pl->sel[p].width, i + 1, txv,
                    value_expr(e, sizeof e, rs->src[i], reader_code(sh->ports, p)));
        vw_line(w, "default: %s = %d'd0;", txv, pl->value_width);
        vw_close(w, "endcase");
        vw_close(w, "end");
        own_sum(w, pl, p, txv, own, sum, sizeof sum);
      }
      vw_open(w, "%s begin", clocked(sh));
      vw_open(w, "case (%s)", sel);
      char labels[(sizeof rs->src / sizeof rs->src[0]) * 16] = "";
      size_t used = 0;
      for (int i = 0; i < rs->count; i++) {
        source s = rs->src[i];
        if (s.kind == SRC_RX) {
          snprintf(flit, sizeof flit, "{1'b1, rx%d_flit_i[%d:%d], %d'd%d, rx%d_flit_i[%d:0]}", s.arg, fl.dest_lsb + aw - 1,
                   fl.dest_lsb, aw, s.arg, s.arg, pw - 1);
        } else if (txv && s.kind != SRC_COMB) { /* registered partials: one item for all, below */
          used += (size_t)snprintf(labels + used, sizeof labels - used, "%s%d'd%d", used ? ", " : "", pl->sel[p].width, i + 1);
          continue;
        } else {
          partial_flit(flit, sizeof flit, pl, p, value_expr(e, sizeof e, s, reader_code(sh->ports, p)), tag, NULL);
        }
        vw_line(w, "%d'd%d: %s <= %s;", pl->sel[p].width, i + 1, q, flit);
      }
      if (used) {
        partial_flit(flit, sizeof flit, pl, p, txv, tag, sum);
        vw_line(w, "%s: %s <= %s;", labels, q, flit);
      }
      vw_line(w, "default: %s <= %s;", q, q);
      vw_close(w, "endcase");
      vw_close(w, "end");
    }
    emit_lane_outputs(w, p);
  }
}

/* Bits the router never reads (the tags of incoming flits, which it rewrites; the chunk of a
 * partial only ever added to; inputs of lanes it never uses): one sink, exempt from lint by
 * its name. */
static void emit_unused(vwriter *w, const combine_plan *pl) {
  int ports = pl->shape.ports;
  vw_blank(w);
  vw_raw(w, "  wire %s = ^{", vw_ident(w, "unused_bits"));
  for (int p = 0; p < ports; p++) vw_raw(w, "%sinj%d_flit_i, rx%d_flit_i", p ? ", " : "", p, p);
  for (int p = 0; p < ports; p++) {
    if (pl->requests >> p & 1) vw_raw(w, ", inj%d_val", p);
    if (pl->inj_delayed >> p & 1) vw_raw(w, ", injd%d_q", p);
    if (pl->combiners >> p & 1) vw_raw(w, ", comb%d", p);
    if (pl->delayed >> p & 1) vw_raw(w, ", combd%d_q", p);
    if (pl->src[R_TX_OWN * ports + p].count) vw_raw(w, ", txv%d", p); /* its chunk: from the ROM where the lane has a field */
    for (int k = 0; k < pl->banks.subbanks[p]; k++) vw_raw(w, ", bank_p%d_%d_rd_q", p, k); /* the chunk, as txv */
    for (int k = 0; k < pl->banks.subbanks[ports + p]; k++) vw_raw(w, ", bank_b%d_%d_rd_q", p, k);
  }
  vw_raw(w, "};\n");
}

static void emit_router(vwriter *w, const char *header, const ir_fabric *f, const void *plan, const router_shape *s) {
  const combine_plan *pl = plan;
  emit_router_header(w, header, f, s, "Combining");
  vw_line(w, "// ROM word r: slot r's sends (source and tag), the own contributions cycle r+1 needs, and slot");
  vw_line(w, "// r-1's words: expected?, combined into what (base, mask), the partial delivered?; the banks.");
  vw_line(w, "// Tags: dest = the chunk; broadcast bit 1 = a word passed on, origin = the lane it came in");
  vw_line(w, "// on; else origin 1 = the partial moved away, 0 = copied.");
  emit_router_port_list(w, s);
  w->indent = 1;
  emit_declarations(w, pl);
  emit_control(w, pl);
  emit_banks(w, pl);
  emit_combiners(w, pl);
  emit_outputs(w, pl);
  emit_unused(w, pl);
  emit_endmodule(w);
}

/* The requests and bank reads (ROM_PART_REQ) or the receptions, combines and bank writes
 * (ROM_PART_RX) of a word: what a merged word takes from the word it does not start from
 * (arch.h). The last cycle of a run combines (the own contributions it adds asked for in word
 * `slots`, whose requests a merged word keeps beside word 0's), the first only sends; a local
 * port that both would use in one cycle is refused by arch_check_merges. */
static size_t rom_parts(const void *plan, int part, rom_field *out, size_t max) {
  const combine_plan *pl = plan;
  rom_field own[5 * RTL_MAX_PORTS];
  size_t n = 0;
  for (int p = 0; p < pl->shape.ports; p++) {
    if (part == ROM_PART_REQ) {
      own[n++] = pl->req[p], own[n++] = pl->req_dest[p];
      continue;
    }
    own[n++] = pl->expect[p], own[n++] = pl->deliver[p], own[n++] = pl->bsel[p];
    own[n++] = pl->osel[p], own[n++] = pl->mask[p];
  }
  if (max) memcpy(out, own, (n < max ? n : max) * sizeof *out);
  banks_fields(&pl->banks, part, out, &n, max);
  return n;
}

const router_arch arch_combine = {
    .name = "combine",
    .summary = "registered outputs, a combiner (--op) per leading lane, per-reader banks (combining tasks)",
    .serves = ARCH_COMBINING_TASKS, /* partial sums */
    .supports = NULL, /* every port model: a single-port schedule uses one lane at a time */
    .plan = plan,
    .free_plan = free_plan,
    .pack = pack,
    .rom_legend = rom_legend,
    .emit_router = emit_router,
    .control_words = false, /* no constant control words (kbcast's counters, terminations): banked sends them */
    .local_request = local_request, /* its plan fetches the own contributions */
    .rom_parts = rom_parts,         /* runs back to back */
    .ni_local_port = true, /* the interface plays its local port */
};
