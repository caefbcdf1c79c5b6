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
  int rc = -1;
  if (!p->words || !t.slots || !stored) {
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
    } else {
      o->src = IR_SRC_MEM; /* arg filled once addresses are allocated */
      if (!pi->late) stored[nstored++] = pi;
      pi->late = true;
      if (r->slot > pi->last) pi->last = r->slot;
    }
  }
  if (allocate_memory(stored, nstored, &p->mem_depth)) {
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
  return rc;
}

int ir_build(ir_fabric *f, const sched *s, char *err, size_t errlen) {
  memset(f, 0, sizeof *f);
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
  f->shared = s->xor_template; /* node u runs node 0's program translated by XOR with u */
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
    if (!rc && f->programs[u].mem_depth > f->mem_depth) f->mem_depth = f->programs[u].mem_depth;
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
    for (uint32_t u = 0; u < f->nprograms; u++) free(f->programs[u].words);
  free(f->programs);
  f->programs = NULL;
  f->nprograms = 0;
}
