/* ir.c — from a schedule to per-router programs (see ir.h). */
#include "ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "memlimit.h"

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

/* Where a packet first arrived at a node: slot and lane. */
typedef struct {
  uint64_t key; /* origin * 2^32 + (dest + 1), high bit set; 0 = empty entry */
  uint32_t slot;
  uint8_t lane;
} arrival;

typedef struct {
  arrival *entries;
  size_t mask;
} arrival_table;

static uint64_t packet_key(const sched_row *r) {
  return ((uint64_t)r->origin << 32) | (uint32_t)(r->dest + 1) | (1ull << 63);
}

static arrival *table_find(arrival_table *t, uint64_t key, bool insert) {
  size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & t->mask;
  while (t->entries[i].key && t->entries[i].key != key) i = (i + 1) & t->mask;
  if (!t->entries[i].key) {
    if (!insert) return NULL;
    t->entries[i].key = key;
  }
  return &t->entries[i];
}

static int fail(char *err, size_t errlen, uint32_t node, const sched_row *r, const char *why) {
  snprintf(err, errlen, "cannot build router %u: slot %u, link %u->%u, packet origin=%u dest=%d: %s", (unsigned)node,
           (unsigned)r->slot, (unsigned)r->src, (unsigned)r->dst, (unsigned)r->origin, (int)r->dest, why);
  return -1;
}

/* Builds the program of node u from its rows. */
static int build_program(ir_fabric *f, uint32_t u, const row_list *l, ir_program *p, char *err, size_t errlen) {
  const fabric_desc *fd = f->fd;
  size_t cells = ((size_t)f->slots + 1) * (size_t)fd->ports;
  p->send = calloc(cells, sizeof *p->send);
  p->recv = calloc(cells, sizeof *p->recv);
  size_t cap = 16;
  while (cap < 2 * l->n + 2) cap *= 2;
  arrival_table t = {calloc(cap, sizeof(arrival)), cap - 1};
  int rc = -1;
  if (!p->send || !p->recv || !t.entries) {
    snprintf(err, errlen, "out of memory building router %u", (unsigned)u);
    goto out;
  }
  bool personalized = task_is_personalized(f->task);
  /* receptions first (a packet's first arrival is the one it is forwarded from) */
  for (size_t i = 0; i < l->n; i++) {
    const sched_row *r = &l->rows[i];
    if (r->dst != u) continue;
    int lane = fabric_lane_to(fd, u, r->src);
    if (lane < 0) {
      rc = fail(err, errlen, u, r, "not a link of the fabric");
      goto out;
    }
    ir_recv *in = &p->recv[(size_t)r->slot * fd->ports + lane];
    in->expect = true;
    arrival *a = table_find(&t, packet_key(r), true);
    if (a->slot) continue; /* a second copy: nothing to do with it */
    a->slot = r->slot;
    a->lane = (uint8_t)lane;
    in->deliver = personalized ? r->dest == (int32_t)u : r->origin != u;
  }
  for (size_t i = 0; i < l->n; i++) {
    const sched_row *r = &l->rows[i];
    if (r->src != u) continue;
    int lane = fabric_lane_to(fd, u, r->dst);
    if (lane < 0) {
      rc = fail(err, errlen, u, r, "not a link of the fabric");
      goto out;
    }
    ir_send *o = &p->send[(size_t)r->slot * fd->ports + lane];
    if (r->origin == u) {
      o->kind = IR_SEND_LOCAL;
      o->bcast = r->dest < 0;
      o->dest = r->dest < 0 ? 0 : (uint32_t)r->dest; /* node 0 of a shared program: an offset */
      continue;
    }
    arrival *a = table_find(&t, packet_key(r), false);
    if (!a || a->slot >= r->slot) {
      rc = fail(err, errlen, u, r, "the router sends a packet it has not received");
      goto out;
    }
    o->kind = IR_SEND_FORWARD;
    o->from_slot = a->slot;
    o->from_lane = a->lane;
  }
  rc = 0;
out:
  free(t.entries);
  return rc;
}

int ir_build(ir_fabric *f, const fabric_desc *fd, const sched *s, char *err, size_t errlen) {
  memset(f, 0, sizeof *f);
  f->fd = fd;
  f->task = s->task;
  f->model = s->model;
  f->root = s->root;
  f->slots = s->slots;
  /* node u runs node 0's program translated by u; a parity template (origins 0 and 1, 003 §6)
   * is expanded into a program per node until the ROMs can be shared per parity */
  f->shared = s->is_template && !s->parity_template;
  f->nprograms = f->shared ? 1 : fd->nodes;
  uint64_t bytes;
  if (mem_check((uint64_t)f->nprograms * (f->slots + 1) * (uint64_t)fd->ports, sizeof(ir_send) + sizeof(ir_recv),
                "the router program table", &bytes, err, errlen))
    return -1;
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
    for (uint32_t slot = 1; slot <= f->slots && !rc; slot++)
      for (int q = 0; q < fd->ports; q++) f->deliveries += ir_recv_at(f, u, slot, q)->deliver;
  }
  if (f->shared) f->deliveries *= fd->nodes;
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
      free(f->programs[u].send);
      free(f->programs[u].recv);
    }
  free(f->programs);
  f->programs = NULL;
  f->nprograms = 0;
}
