/* ir.c — from a schedule to per-router programs (see ir.h). */
#include "ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
/* A node's view of the schedule: the rows it sends or receives, in slot order. */
typedef struct {
  sched_row *rows;
  size_t n, cap;
} row_list;

static int list_push(row_list *l, const sched_row *r) {
  sched_row *rows = grow_array(l->rows, &l->cap, l->n, sizeof *rows, 64);
  if (!rows) return -1;
  l->rows = rows;
  l->rows[l->n++] = *r;
  return 0;
}

typedef struct {
  row_list *lists;
  uint32_t nodes; /* lists kept: node 0 only for a shared program */
} collect_ctx;

static int collect_row(void *ctx, const sched_row *r) {
  collect_ctx *c = ctx;
  if (r->src < c->nodes && list_push(&c->lists[r->src], r)) return 1;
  if (r->dst < c->nodes && list_push(&c->lists[r->dst], r)) return 1;
  return 0;
}

/* Where a packet is available at a node: received in `slot` on `port`, first send after the
 * next cycle at `first_late`, last send at `last`, memory address `addr`. */
typedef struct {
  uint64_t key; /* origin * 2^32 + (dest + 1); 0 = empty slot of the table */
  uint32_t slot, port, last, addr;
  bool late; /* sent again later than the cycle right after its arrival: needs memory */
} packet_info;

typedef struct {
  packet_info *slots;
  size_t mask;
} packet_table;

static uint64_t packet_key(const sched_row *r) { return ((uint64_t)r->origin << 32) | (uint32_t)(r->dest + 1) | (1ull << 63); }

static packet_info *table_find(packet_table *t, uint64_t key, bool insert) {
  size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & t->mask;
  while (t->slots[i].key && t->slots[i].key != key) i = (i + 1) & t->mask;
  if (!t->slots[i].key) {
    if (!insert) return NULL;
    t->slots[i].key = key;
  }
  return &t->slots[i];
}

static int by_arrival(const void *a, const void *b) {
  const packet_info *x = *(packet_info *const *)a, *y = *(packet_info *const *)b;
  if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
  return x->port < y->port ? -1 : x->port > y->port;
}

/* Interval colouring: a packet stored at the end of cycle slot+1 occupies its address from
 * cycle slot+2 through its last send; taken in order of start, each gets the lowest address
 * free by then, which uses exactly the largest number of overlapping lifetimes. */
static int allocate_memory(packet_info **stored, size_t n, uint32_t *depth) {
  qsort(stored, n, sizeof *stored, by_arrival);
  uint32_t *busy_until = malloc((n ? n : 1) * sizeof *busy_until);
  if (!busy_until) return -1;
  uint32_t used = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t start = stored[i]->slot + 2, a = 0;
    while (a < used && busy_until[a] >= start) a++;
    if (a == used) used++;
    busy_until[a] = stored[i]->last;
    stored[i]->addr = a;
  }
  free(busy_until);
  *depth = used;
  return 0;
}

/* Banked arch: one copy of a packet in a bank of the output port that sends it later. */
typedef struct {
  uint32_t write_slot, last_slot; /* received in write_slot; last sent in last_slot */
  uint8_t port, lane, sub;
  uint32_t addr;
  uint64_t key;
} bank_copy;

static int by_write(const void *a, const void *b) {
  const bank_copy *x = a, *y = b;
  if (x->port != y->port) return x->port < y->port ? -1 : 1;
  if (x->write_slot != y->write_slot) return x->write_slot < y->write_slot ? -1 : 1;
  return x->lane < y->lane ? -1 : x->lane > y->lane;
}

/* Banked arch: sub-banks and addresses for the copies. A copy is written at the end of cycle
 * write_slot+1 and its last read address leaves at the end of cycle last_slot-1. Within a
 * port, a copy takes the lowest sub-bank with no other write in its cycle (one write port per
 * sub-bank; reads never collide, a port sends one packet per slot); within the sub-bank, the
 * lowest address whose occupant was last read before this write (interval colouring).
 * Returns 0, or -1 when a port needs more than IR_MAX_SUBBANKS sub-banks. */
static int allocate_banks(bank_copy *c, size_t n, uint32_t depth[TOPO_MAX_DIMS][IR_MAX_SUBBANKS],
                          uint32_t *busy_until, size_t busy_cap) {
  qsort(c, n, sizeof *c, by_write);
  uint32_t last_write[IR_MAX_SUBBANKS];
  for (size_t i = 0; i < n; i++) {
    if (i == 0 || c[i].port != c[i - 1].port)
      for (int k = 0; k < IR_MAX_SUBBANKS; k++) last_write[k] = UINT32_MAX;
    int k = 0;
    while (k < IR_MAX_SUBBANKS && last_write[k] == c[i].write_slot) k++;
    if (k == IR_MAX_SUBBANKS) return -1;
    last_write[k] = c[i].write_slot;
    c[i].sub = (uint8_t)k;
  }
  /* addresses: per (port, sub) in order of write */
  for (size_t i = 0; i < n; i++) {
    uint32_t *d = &depth[c[i].port][c[i].sub], a = 0;
    uint32_t *busy = busy_until + (size_t)(c[i].port * IR_MAX_SUBBANKS + c[i].sub) * busy_cap;
    uint32_t write_cycle = c[i].write_slot + 1;
    while (a < *d && busy[a] >= write_cycle) a++;
    if (a == *d) (*d)++;
    busy[a] = c[i].last_slot - 1; /* the cycle its last read address is sampled */
    c[i].addr = a;
  }
  return 0;
}

static int fail(char *err, size_t errlen, uint32_t node, const sched_row *r, const char *why) {
  snprintf(err, errlen, "cannot build router %u: slot %u, link %u->%u, packet origin=%u dest=%d: %s", (unsigned)node,
           (unsigned)r->slot, (unsigned)r->src, (unsigned)r->dst, (unsigned)r->origin, (int)r->dest, why);
  return -1;
}

/* Builds the program of node u from its rows. */
static int build_program(const ir_fabric *f, uint32_t u, const row_list *l, ir_program *p, char *err,
                         size_t errlen) {
  p->words = calloc(f->cycles + 1, sizeof *p->words);
  size_t cap = 16;
  while (cap < 2 * l->n + 2) cap *= 2;
  packet_table t = {calloc(cap, sizeof(packet_info)), cap - 1};
  packet_info **stored = malloc((l->n + 1) * sizeof *stored);
  bank_copy *copies = malloc((l->n + 1) * sizeof *copies);
  size_t ncopies = 0, nbank_sends = 0;
  uint32_t *busy = NULL;
  int rc = -1;
  if (!p->words || !t.slots || !stored || !copies) {
    snprintf(err, errlen, "out of memory building router %u", (unsigned)u);
    goto out;
  }
  bool personalized = task_is_personalized(f->task);
  /* pass 1: receptions (first arrival wins), then the sends that use them */
  for (size_t i = 0; i < l->n; i++) {
    const sched_row *r = &l->rows[i];
    if (r->dst != u) continue;
    int port = topo_port_to(&f->topo, u, r->src);
    ir_in *in = &p->words[r->slot + 1].in[port];
    in->expect = true;
    packet_info *pi = table_find(&t, packet_key(r), true);
    if (pi->slot) continue; /* a second copy: nothing to do with it */
    pi->slot = r->slot;
    pi->port = (uint32_t)port;
    in->deliver = personalized ? r->dest == (int32_t)u : r->origin != u;
  }
  size_t nstored = 0;
  for (size_t i = 0; i < l->n; i++) {
    const sched_row *r = &l->rows[i];
    if (r->src != u) continue;
    ir_out *o = &p->words[r->slot].out[topo_port_to(&f->topo, u, r->dst)];
    if (r->origin == u) {
      o->src = IR_SRC_LOCAL;
      o->inj_bcast = r->dest < 0;
      o->inj_dest = r->dest < 0 ? 0 : (uint32_t)r->dest ^ u;
      continue;
    }
    packet_info *pi = table_find(&t, packet_key(r), false);
    if (!pi || pi->slot >= r->slot) {
      rc = fail(err, errlen, u, r, "the router sends a packet it has not received");
      goto out;
    }
    if (r->slot == pi->slot + 1) {
      o->src = IR_SRC_RX;
      o->arg = pi->port;
    } else if (f->arch == IR_ARCH_BANKED && r->slot == pi->slot + 2) {
      o->src = IR_SRC_RXD;
      o->arg = pi->port;
    } else if (f->arch == IR_ARCH_BANKED) {
      o->src = IR_SRC_BANK; /* arg, the sub-bank, once allocated */
      nbank_sends++;
      uint8_t port = (uint8_t)topo_port_to(&f->topo, u, r->dst);
      size_t j = 0;
      while (j < ncopies && !(copies[j].key == pi->key && copies[j].port == port)) j++;
      if (j == ncopies) copies[ncopies++] = (bank_copy){pi->slot, r->slot, port, (uint8_t)pi->port, 0, 0, pi->key};
      else if (r->slot > copies[j].last_slot) copies[j].last_slot = r->slot;
    } else {
      o->src = IR_SRC_MEM; /* arg filled once addresses are allocated */
      if (!pi->late) stored[nstored++] = pi;
      pi->late = true;
      if (r->slot > pi->last) pi->last = r->slot;
    }
  }
  if (ncopies) { /* banked arch */
    busy = malloc((size_t)TOPO_MAX_DIMS * IR_MAX_SUBBANKS * ncopies * sizeof *busy);
    p->bank_ops = malloc((ncopies + nbank_sends) * sizeof *p->bank_ops); /* the writes, then the reads */
    if (!busy || !p->bank_ops) {
      snprintf(err, errlen, "out of memory building router %u", (unsigned)u);
      goto out;
    }
    uint32_t depth[TOPO_MAX_DIMS][IR_MAX_SUBBANKS] = {{0}};
    if (allocate_banks(copies, ncopies, depth, busy, ncopies)) {
      snprintf(err, errlen, "router %u needs more than %d memory banks for one port", (unsigned)u, IR_MAX_SUBBANKS);
      goto out;
    }
    for (size_t i = 0; i < ncopies; i++)
      p->bank_ops[p->nbank_ops++] = (ir_bank_op){copies[i].write_slot, copies[i].port, copies[i].sub, copies[i].lane, 1,
                                                 copies[i].addr};
    /* the reads: every BANK send of a copy's packet on its port */
    for (size_t i = 0; i < l->n; i++) {
      const sched_row *r = &l->rows[i];
      if (r->src != u || r->origin == u) continue;
      int port = topo_port_to(&f->topo, u, r->dst);
      ir_out *o = &p->words[r->slot].out[port];
      if (o->src != IR_SRC_BANK) continue;
      uint64_t key = packet_key(r);
      size_t j = 0;
      while (copies[j].key != key || copies[j].port != port) j++;
      o->arg = copies[j].sub;
      p->bank_ops[p->nbank_ops++] = (ir_bank_op){r->slot, (uint8_t)port, copies[j].sub, copies[j].lane, 0, copies[j].addr};
    }
    for (int q = 0; q < f->topo.ports; q++)
      for (int k = 0; k < IR_MAX_SUBBANKS; k++) {
        p->mem_depth += depth[q][k];
        p->bank_depth[q][k] = depth[q][k];
      }
  }
  if (f->arch == IR_ARCH_SIMPLE && allocate_memory(stored, nstored, &p->mem_depth)) {
    snprintf(err, errlen, "out of memory building router %u", (unsigned)u);
    goto out;
  }
  for (size_t i = 0; i < nstored; i++) { /* the receive side writes, the send side reads */
    ir_in *in = &p->words[stored[i]->slot + 1].in[stored[i]->port];
    in->store = true;
    in->addr = stored[i]->addr;
  }
  for (size_t i = 0; i < l->n; i++) {
    const sched_row *r = &l->rows[i];
    if (r->src != u || r->origin == u) continue;
    ir_out *o = &p->words[r->slot].out[topo_port_to(&f->topo, u, r->dst)];
    if (o->src == IR_SRC_MEM) o->arg = table_find(&t, packet_key(r), false)->addr;
  }
  rc = 0;
out:
  free(t.slots);
  free(stored);
  free(copies);
  free(busy);
  return rc;
}

/* Folds a program into what the shared router module must provide. */
static void aggregate(ir_fabric *f, const ir_program *p) {
  if (f->arch == IR_ARCH_SIMPLE) {
    if (p->mem_depth > f->mem_depth) f->mem_depth = p->mem_depth;
    return;
  }
  for (uint32_t c = 1; c <= f->cycles; c++)
    for (int q = 0; q < f->topo.ports; q++) {
      const ir_out *o = &p->words[c].out[q];
      if (o->src == IR_SRC_LOCAL) f->uses_local[q] = true;
      if (o->src == IR_SRC_RX) f->uses_rx[q] |= 1u << o->arg;
      if (o->src == IR_SRC_RXD) {
        f->uses_rxd[q] |= 1u << o->arg;
        f->delayed_lanes |= 1u << o->arg;
      }
    }
  for (size_t i = 0; i < p->nbank_ops; i++) {
    const ir_bank_op *op = &p->bank_ops[i];
    if (op->sub + 1u > f->subbanks[op->port]) f->subbanks[op->port] = op->sub + 1u;
    if (op->is_write) f->bank_lanes[op->port][op->sub] |= 1u << op->lane;
  }
  f->mem_depth = 0;
  for (int q = 0; q < f->topo.ports; q++)
    for (int k = 0; k < IR_MAX_SUBBANKS; k++) {
      if (p->bank_depth[q][k] > f->bank_depth[q][k]) f->bank_depth[q][k] = p->bank_depth[q][k];
      f->mem_depth += f->bank_depth[q][k];
    }
}

int ir_build(ir_fabric *f, const sched *s, ir_arch arch, char *err, size_t errlen) {
  memset(f, 0, sizeof *f);
  f->arch = arch;
  if (s->topo.kind != TOPO_HYPERCUBE || s->model != MODEL_MLA) {
    snprintf(err, errlen, "rtl_gen builds hypercube routers under the mla model, not %s %s", s->topo.name,
             model_name(s->model));
    return -1;
  }
  f->topo = s->topo;
  f->task = s->task;
  f->root = s->root;
  f->slots = s->slots;
  f->cycles = s->slots + 1;
  f->shared = s->is_template; /* node u runs node 0's program translated by XOR with u */
  f->nprograms = f->shared ? 1 : s->topo.nodes;
  f->programs = calloc(f->nprograms, sizeof *f->programs);
  collect_ctx c = {calloc(f->nprograms, sizeof(row_list)), f->nprograms};
  int rc = -1;
  if (!f->programs || !c.lists || sched_foreach(s, collect_row, &c)) {
    snprintf(err, errlen, "out of memory collecting the rows of each router");
    goto out;
  }
  rc = 0;
  for (uint32_t u = 0; u < f->nprograms && !rc; u++) {
    rc = build_program(f, u, &c.lists[u], &f->programs[u], err, errlen);
    if (!rc) aggregate(f, &f->programs[u]);
    for (uint32_t cyc = 1; cyc <= f->cycles && !rc; cyc++)
      for (int q = 0; q < f->topo.ports; q++) f->deliveries += f->programs[u].words[cyc].in[q].deliver;
  }
  if (f->shared) f->deliveries *= f->topo.nodes;
out:
  if (c.lists)
    for (uint32_t u = 0; u < f->nprograms; u++) free(c.lists[u].rows);
  free(c.lists);
  if (rc) ir_free(f);
  return rc;
}

void ir_free(ir_fabric *f) {
  if (f->programs)
    for (uint32_t u = 0; u < f->nprograms; u++) {
      free(f->programs[u].words);
      free(f->programs[u].bank_ops);
    }
  free(f->programs);
  f->programs = NULL;
  f->nprograms = 0;
}
