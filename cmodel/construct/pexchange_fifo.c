/* pexchange_fifo.c — the partial exchange as a router that learns the active set at run time
 * runs it ('004-runtime'; docs/PEXCHANGE.md, "The run-time order"; docs/ARCHITECTURE.md, "A
 * run-time active set for PMNB and partial exchange"). 2-D meshes and tori.
 *
 * Phase 1 (004 §4: the row and column counts r_i, c_j) is in the rows: counter rows in slots
 * 1..S (pexchange_sums.h). Phase 2 starts in slot S+1 with 004 §4's classes and routes
 * (pexchange_route.h: R row-first if r_i <= c_j, else C column-first) and its two rules: (a) on
 * every link a packet on its first leg goes before one on its second (R before C on rows, C
 * before R on columns), (b) non-wasting. 004 leaves every other order open; pexchange_004 fills
 * it with a sorted queue (most hops first), which a router could not keep. Here it is filled
 * with what a router keeps, per out-port and level:
 *   1. the packets relayed through this node, oldest first: by the slot they arrived in, then
 *      by the in-port they came on (lowest port first) — a FIFO;
 *   2. then the node's own packets, which wait in the processor, not in the router, in the
 *      order a sequencer of counters gives (own_key): the most hops in all first.
 * Relays first keep the router's queues short: what waits for a link is relays only. A packet
 * received in slot s waits at least until slot s+1 (schedule.h). Each packet is forwarded,
 * never copied (rows as for te). The measured queue depths are in docs/BENCHMARKS.md ("The
 * partial exchange's queues at run time"). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "construct/construct.h"
#include "construct/pexchange_route.h"
#include "model/pexchange_sums.h"
#include "util/grow.h"

typedef struct {
  uint32_t origin, dest, at;
  int first; /* the dimension of its first leg (pexchange_route.h) */
} packet;

typedef struct {
  uint32_t *ids; /* every packet ever queued, in order; the live ones from head */
  size_t cap;
  uint32_t head, len;
} fifo;

#define NONE UINT32_MAX

static int fifo_push(fifo *q, uint32_t x) {
  uint32_t *ids = grow_array(q->ids, &q->cap, q->len, sizeof *ids, 8);
  if (!ids) return -1;
  q->ids = ids;
  q->ids[q->len++] = x;
  return 0;
}

static uint32_t fifo_pop(fifo *q) { return q->head < q->len ? q->ids[q->head++] : NONE; }

typedef struct {
  sched *s;
  const topo *t;
  packet *pk;
  fifo *relay;   /* per (node, port, level): relayed packets */
  fifo *own;     /* per (node, port): the node's own packets, in the sequencer's order */
  unsigned char *own_level; /* per (node, port): their level, one for all (the class fixes it) */
  uint32_t *sent; /* per (node, port): the packet sent this slot, or NONE */
} run_ctx;

static size_t port_ix(const run_ctx *x, uint32_t u, int port) { return (size_t)u * (size_t)x->t->ports + (size_t)port; }

/* Phase 1: the counter rows of pexchange_sums.h, each value accumulated from the counter the
 * sender received, as a router would. */
static int line_sums(run_ctx *x, const unsigned char *act) {
  const topo *t = x->t;
  uint32_t n = t->nodes, span = pexchange_sums_slots(t);
  uint32_t *got = calloc((size_t)n * 4, sizeof *got); /* per (node, dimension, way) */
  if (!got) return -1;
  for (uint32_t step = 1; step <= span; step++)
    for (int i = 0; i < 2; i++) {
      uint32_t k = t->radix[i];
      if (step > k - 1) continue;
      for (uint32_t u = 0; u < n; u++)
        for (int way = 0; way < 2; way++) { /* way 0: forward (+1), 1: reverse (-1) */
          uint32_t pos = topo_coord(t, u, i);
          if (pos != (way ? k - step : step - 1)) continue;
          uint32_t v = way ? u - t->stride[i] : u + t->stride[i];
          uint32_t value = got[(size_t)u * 4 + (size_t)(2 * i + way)] + act[u];
          got[(size_t)v * 4 + (size_t)(2 * i + way)] = value;
          if (sched_add(x->s, step, u, v, value, PEXCHANGE_COUNTER)) {
            free(got);
            return -1;
          }
        }
    }
  free(got);
  return 0;
}

/* Hops from a to b along dimension i (on a torus the shorter way), and in *minus whether they
 * go the -1 way (as pexchange_next_hop picks it). */
static uint32_t hops_along(const topo *t, uint32_t a, uint32_t b, int i, int *minus) {
  uint32_t k = t->radix[i], x = topo_coord(t, a, i), y = topo_coord(t, b, i);
  if (t->kind == TOPO_MESH) {
    *minus = y < x;
    return y < x ? x - y : y - x;
  }
  uint32_t fwd = (y + k - x) % k;
  *minus = 2 * fwd > k;
  return *minus ? k - fwd : fwd;
}

/* The sequencer's order of packet p on its first hop, along dimension dim: the most hops in
 * all first, then the most along dim, then the other leg's +1 way before its -1 way — three
 * counters, and the longest paths leave first (as pexchange_004's most hops first). */
static uint64_t own_key(const topo *t, const packet *p, int dim) {
  int minus_dim = 0, minus_other = 0;
  uint64_t along = hops_along(t, p->origin, p->dest, dim, &minus_dim);
  uint64_t other = hops_along(t, p->origin, p->dest, 1 - dim, &minus_other);
  return (UINT16_MAX - along - other) << 32 | (UINT16_MAX - along) << 16 | (uint64_t)(other && minus_other);
}

typedef struct {
  uint64_t queue, key;
  uint32_t x;
} own_entry;

static int by_queue_key(const void *a, const void *b) {
  const own_entry *p = a, *q = b;
  if (p->queue != q->queue) return p->queue < q->queue ? -1 : 1;
  return p->key < q->key ? -1 : p->key > q->key;
}

/* Every active node's packets, in their own queues in the sequencer's order. */
static int make_packets(run_ctx *x, uint32_t *live) {
  const topo *t = x->t;
  const active_set *a = &x->s->active;
  uint32_t n = t->nodes, *count = calloc((size_t)2 * n, sizeof *count);
  own_entry *e = malloc(((size_t)a->n * (n - 1) + 1) * sizeof *e);
  int rc = -1;
  if (!count || !e) goto out;
  pexchange_line_counts(t, a->ids, a->n, count);
  *live = 0;
  for (uint32_t j = 0; j < a->n; j++) {
    uint32_t o = a->ids[j];
    int first = pexchange_first_dimension(t, count, o);
    for (uint32_t v = 0; v < n; v++) {
      if (v == o) continue;
      int dim = 0, port = pexchange_next_hop(t, o, v, first, &dim);
      x->pk[*live] = (packet){o, v, o, first};
      e[*live] = (own_entry){port_ix(x, o, port), own_key(t, &x->pk[*live], dim), *live};
      ++*live;
    }
  }
  qsort(e, *live, sizeof *e, by_queue_key);
  for (uint32_t j = 0; j < *live; j++) {
    const packet *k = &x->pk[e[j].x];
    int dim = 0;
    pexchange_next_hop(t, k->origin, k->dest, k->first, &dim);
    x->own_level[e[j].queue] = (unsigned char)((dim - k->first + 2) % 2);
    if (fifo_push(&x->own[e[j].queue], e[j].x)) goto out;
  }
  rc = 0;
out:
  free(count);
  free(e);
  return rc;
}

/* What (u, port) sends this slot: level 0 (first leg) before level 1, relays before own. */
static uint32_t choose(run_ctx *x, uint32_t u, int port) {
  size_t q = port_ix(x, u, port);
  for (int level = 0; level < 2; level++) {
    uint32_t p = fifo_pop(&x->relay[2 * q + (size_t)level]);
    if (p != NONE) return p;
    if (x->own_level[q] == level && x->own[q].head < x->own[q].len) return fifo_pop(&x->own[q]);
  }
  return NONE;
}

/* Phase 2 from slot `first_slot`: every link sends (choose), then every node takes its
 * arrivals in in-port order. */
static int phase2(run_ctx *x, uint32_t live, uint32_t first_slot) {
  const topo *t = x->t;
  uint32_t n = t->nodes;
  int ports = t->ports;
  for (uint32_t slot = first_slot; live; slot++) {
    for (uint32_t u = 0; u < n; u++)
      for (int o = 0; o < ports; o++) {
        uint32_t p = choose(x, u, o);
        x->sent[port_ix(x, u, o)] = p;
        if (p == NONE) continue;
        int64_t v = topo_neighbor(t, u, o);
        if (v < 0 || sched_add(x->s, slot, u, (uint32_t)v, x->pk[p].origin, (int32_t)x->pk[p].dest)) return -1;
      }
    for (uint32_t v = 0; v < n; v++)
      for (int in = 0; in < ports; in++) {
        int64_t u = topo_neighbor(t, v, in);
        uint32_t p = u < 0 ? NONE : x->sent[port_ix(x, (uint32_t)u, in ^ 1)];
        if (p == NONE) continue;
        packet *k = &x->pk[p];
        k->at = v;
        int dim = 0, next = pexchange_next_hop(t, v, k->dest, k->first, &dim);
        if (next < 0) live--;
        else if (fifo_push(&x->relay[2 * port_ix(x, v, next) + (size_t)((dim - k->first + 2) % 2)], p)) return -1;
      }
  }
  return 0;
}

int pexchange_004_runtime(sched *s) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes;
  size_t nq = (size_t)n * (size_t)t->ports;
  uint64_t npk = (uint64_t)s->active.n * (n - 1);
  if (npk >= UINT32_MAX || npk > SIZE_MAX / sizeof(packet)) return -1; /* ids are uint32_t */
  run_ctx x = {s, t, malloc((npk ? npk : 1) * sizeof(packet)), calloc(2 * nq, sizeof(fifo)), calloc(nq, sizeof(fifo)),
               calloc(nq, 1), malloc(nq * sizeof(uint32_t))};
  unsigned char *act = calloc(n, 1);
  uint32_t live = 0;
  int rc = -1;
  if (!x.pk || !x.relay || !x.own || !x.own_level || !x.sent || !act) goto out;
  for (uint32_t j = 0; j < s->active.n; j++) act[s->active.ids[j]] = 1;
  if (line_sums(&x, act) || make_packets(&x, &live) || phase2(&x, live, pexchange_sums_slots(t) + 1)) goto out;
  rc = 0;
out:
  for (size_t q = 0; x.relay && q < 2 * nq; q++) free(x.relay[q].ids);
  for (size_t q = 0; x.own && q < nq; q++) free(x.own[q].ids);
  free(x.relay);
  free(x.own);
  free(x.own_level);
  free(x.pk);
  free(x.sent);
  free(act);
  return rc;
}

int pexchange_runtime_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  if ((t->kind == TOPO_MESH || t->kind == TOPO_TORUS) && t->ndims == 2 &&
      (t->kind == TOPO_MESH || (t->radix[0] >= 3 && t->radix[1] >= 3)))
    return 0;
  snprintf(why, len, "alg 004-runtime is defined on 2-D meshes and on 2-D tori of radix 3 or more, not %s", t->name);
  return -1;
}
