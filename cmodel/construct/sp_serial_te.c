/* sp_serial_te.c — total exchange under the single-port models on a hypercube, ring or torus,
 * at the lower bound.
 *
 * sp-full: a translation template with one row per slot. Node 0's packets hop one at a time,
 * each along a shortest path (dimension by dimension), packet after packet. Translated by every
 * node id, a slot's one row makes every node send once and receive once, so the whole schedule
 * is single-port; it takes sum_v dist(0, v) slots, which is DALL/N, the sp-full bound
 * (cmodel/model/bounds.c: N packets per slot carry DALL hops; it is at least N-1 and the diameter).
 * sp-half on a bipartite graph (the d-cube, tori whose sizes are all even): the same template
 * with template slot s split in two, s -> 2s-1 for the rows sent by the nodes of colour 0
 * (even coordinate sum) and 2s for colour 1. A node then only sends or only receives in a slot,
 * and a packet's next hop still follows its arrival: 2 DALL/N = DALL/(N/2) slots, the sp-half
 * bound. Both are the counting bound exactly, so both are optimal.
 */
#include <stdio.h>

#include "construct/construct.h"

static int bipartite(const topo *t) {
  for (int i = 0; i < t->ndims; i++)
    if (t->radix[i] % 2) return 0;
  return 1;
}

int sp_serial_te_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  model_kind model = s->model;
  (void)model;
  (void)t;
  if (model == MODEL_SP_FULL || bipartite(t)) return 0;
  snprintf(why, len, "construction 'serial' under sp-half needs a bipartite graph (every size even); %s is not", t->name);
  return -1;
}

/* Node 0's packets, one hop per slot (the sp-full template). */
static int serial_template(sched *s) {
  const topo *t = &s->topo;
  uint32_t slot = 0;
  for (uint32_t v = 1; v < t->nodes; v++) {
    uint32_t at = 0;
    for (int i = 0; i < t->ndims; i++) {
      uint32_t k = t->radix[i], c = topo_coord(t, v, i);
      bool minus = t->kind != TOPO_HYPERCUBE && k > 2 && 2 * c > k; /* the shorter way round */
      int port = t->kind == TOPO_HYPERCUBE ? i : 2 * i + minus;
      for (uint32_t h = minus ? k - c : c; h > 0; h--) {
        uint32_t next = (uint32_t)topo_neighbor(t, at, port);
        if (sched_add(s, ++slot, at, next, 0, (int32_t)v)) return -1;
        at = next;
      }
    }
  }
  s->is_template = true;
  return 0;
}

int sp_serial_te(sched *s) {
  if (s->model == MODEL_SP_FULL) return serial_template(s);
  const topo *t = &s->topo;
  sched tpl, whole;
  sched_init(&tpl, t, TASK_TE, MODEL_SP_FULL, -1);
  sched_init(&whole, t, TASK_TE, MODEL_SP_FULL, -1);
  int rc = serial_template(&tpl);
  if (!rc) rc = sched_expand(&tpl, &whole);
  for (size_t i = 0; i < whole.nrows && !rc; i++) {
    const sched_row *r = &whole.rows[i];
    rc = sched_add(s, 2 * r->slot - 1 + topo_colour(t, r->src), r->src, r->dst, r->origin, r->dest);
  }
  sched_free(&tpl);
  sched_free(&whole);
  return rc;
}
