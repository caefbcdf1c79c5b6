/* allreduce_edge.c — allreduce on a ring, torus or hypercube with every chunk summed at both
 * ends of an edge: 2 ceil((N-2)/deg) + 1 slots, one less than the reduce-scatter and all-gather when
 * (N-1) mod deg = 1 (every even ring: N-1 slots), and then the counting bound
 * ceil(2N(N-1)/(N deg)).
 *
 * Chunk 0's template: a broadcast from the two ends of the edge {0, g} (g = +e_i of a
 * dimension of size above 2), a translation template that uses each generator at most once
 * per slot (003 §4's search, started from two nodes: cayley_edge_broadcast), T slots.
 *   slots 1..T      the broadcast reversed: every other node forwards its partial towards 0 or
 *                   g (rows -1), so 0 and g end with the sums of their halves;
 *   slot T+1        0 and g copy their halves' sums across the edge (rows -2, generators +g
 *                   and -g): both hold the whole sum;
 *   slots T+2..2T+1 the broadcast forwards: the sum is copied back through both halves.
 * Chunk c runs the template translated by c (003 Thm 4.5: no directed link twice in a slot).
 * A chunk takes 2N-2 words, the fewest with which N nodes can all learn a sum (the one-way
 * gossip bound). The reduce-scatter and all-gather instead sum each chunk at one node, which
 * cannot send the sum in the slot in which it completes.
 */
#include <stdbool.h>
#include <stdio.h>

#include "construct/construct.h"

/* The port +e_i of the first dimension i >= from of size above 2 (whose generator is not its
 * own inverse), or -1. */
static int edge_port(const topo *t, int from) {
  for (int i = from; i < t->ndims; i++)
    if (t->radix[i] > 2) return 2 * i;
  return -1;
}

/* A hypercube of 2 or more dimensions, or a torus of sizes 2 only (the same graph, its node ids
 * the same bits): built on torus:4x2x...x2 (allreduce_edge). */
static bool is_cube(const topo *t) {
  return (t->kind == TOPO_HYPERCUBE || (t->kind == TOPO_TORUS && edge_port(t, 0) < 0)) && t->ndims >= 2;
}

int allreduce_edge_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  model_kind model = s->model;
  if ((is_cube(t) || ((t->kind == TOPO_RING || t->kind == TOPO_TORUS) && edge_port(t, 0) >= 0)) && model == MODEL_MLA)
    return 0;
  snprintf(why, len,
           "allreduce 'edge' runs on rings and tori of 2 or more dimensions or with one of size above 2, and on "
           "hypercubes of 2 or more dimensions, under mla; not %s under %s",
           t->name, model_name(model));
  return -1;
}

/* The rows on a ring or torus. */
static int edge_rows(sched *s) {
  const topo *t = &s->topo;
  /* the edge along the dimension whose template is the shortest */
  sched tpl, trial;
  sched_init(&tpl, t, TASK_MNB, s->model, -1);
  int rc = 0, port = -1;
  for (int p = edge_port(t, 0); p >= 0 && !rc; p = edge_port(t, p / 2 + 1)) {
    sched_init(&trial, t, TASK_MNB, s->model, -1);
    rc = cayley_edge_broadcast(&trial, p);
    sched_finish(&trial);
    if (!rc && (port < 0 || trial.slots < tpl.slots)) {
      sched_take_rows(&tpl, &trial);
      port = p;
    }
    sched_free(&trial);
  }
  uint32_t T = tpl.slots, g = (uint32_t)topo_neighbor(t, 0, port);
  for (uint32_t c = 0; c < t->nodes && !rc; c++) {
    for (size_t i = 0; i < tpl.nrows && !rc; i++) {
      const sched_row *r = &tpl.rows[i];
      uint32_t x = topo_add(t, r->src, c), y = topo_add(t, r->dst, c);
      rc = sched_add(s, T + 1 - r->slot, y, x, ORIGIN_MOVE, (int32_t)c) ||
           sched_add(s, T + 1 + r->slot, x, y, ORIGIN_COPY, (int32_t)c);
    }
    uint32_t gc = topo_add(t, g, c);
    if (!rc) rc = sched_add(s, T + 1, c, gc, ORIGIN_COPY, (int32_t)c) || sched_add(s, T + 1, gc, c, ORIGIN_COPY, (int32_t)c);
  }
  sched_free(&tpl);
  return rc ? -1 : 0;
}

/* Q_d is C_4 x Q_(d-2) (Q_2 is the 4-cycle): torus:4x2x...x2 with its Z_4 coordinate x in
 * Gray code 0, 1, 3, 2 on the hypercube's bits 0 and 1, the others on bits 2..d-1. There the
 * edge's generator +1 is not its own inverse. A torus of sizes 2 numbers its nodes as Q_d does
 * (coordinate i: bit i), so the same rows serve it. */
static uint32_t cube_id(uint32_t torus_id) {
  static const uint32_t gray[4] = {0, 1, 3, 2};
  return gray[torus_id % 4] | (torus_id / 4) << 2;
}

int allreduce_edge(sched *s) {
  if (!is_cube(&s->topo)) return edge_rows(s);
  char spec[96], err[256];
  int off = snprintf(spec, sizeof spec, "torus:4");
  for (int i = 2; i < s->topo.ndims; i++) off += snprintf(spec + off, sizeof spec - (size_t)off, "x2");
  topo torus;
  if (topo_parse(spec, &torus, err, sizeof err)) return -1;
  sched on_torus;
  sched_init(&on_torus, &torus, s->task, s->model, -1);
  int rc = edge_rows(&on_torus);
  for (size_t i = 0; i < on_torus.nrows && !rc; i++) {
    const sched_row *r = &on_torus.rows[i];
    rc = sched_add(s, r->slot, cube_id(r->src), cube_id(r->dst), r->origin >= ORIGIN_COPY ? r->origin : cube_id(r->origin),
                   (int32_t)cube_id((uint32_t)r->dest));
  }
  sched_free(&on_torus);
  return rc ? -1 : 0;
}
