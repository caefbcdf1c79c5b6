/* global_sum.c — the sum of one word at every node (003 §1, §5).
 *
 * `lines`: one dimension after another, every line of the dimension sums its nodes' partials
 * (which are disjoint: the lines of earlier dimensions' sums). On a line of two nodes they
 * exchange and add (the hypercube's dimension exchange, 003 §1). On a longer line two streams
 * run: in a stream's first slot every node copies its partial to the next node, after that it
 * passes on the word it received in the previous slot, so that after j slots a node holds the
 * partials of the j nodes before it. On a ring of K the + stream runs floor(K/2) slots and the
 * - stream floor((K-1)/2), together every other node once; on a path each runs K-1. Under mla
 * a dimension takes floor(K/2) slots on a ring (K-1 on a path), the diameter in all: 003 Cor
 * 5.2's D steps, without its division (EXTRACT.md §3.5). Under sp-full and oneway only the +
 * stream runs (K-1 slots), and under oneway a pair moves its partial across and copies the sum
 * back (2 slots): one wire direction per slot.
 *
 * `reduce-bcast`: the reduce to a centre, then the broadcast of the sum from it (003 Def 2.20's
 * in-tree and out-tree), twice the model's snb from the centre (2 ecc(centre) under mla and
 * oneway) under any model and topology.
 */
#include <stdio.h>
#include <stdlib.h>

#include "construct/build.h"
#include "construct/construct.h"

int global_sum_lines_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  model_kind model = s->model;
  (void)model;
  (void)t;
  if (model == MODEL_MLA || (model != MODEL_SP_HALF && t->kind != TOPO_MESH)) return 0;
  snprintf(why, len, "global_sum 'lines' runs under mla on any topology, and under oneway or sp-full on hypercubes, "
           "rings and tori; not %s under %s", t->name, model_name(model));
  return -1;
}

/* The rows of one line phase of dimension i for node u, starting after slot base; returns the
 * phase's length in slots, or 0 if memory runs out. */
static uint32_t line_phase(sched *s, int i, uint32_t base) {
  const topo *t = &s->topo;
  uint32_t k = t->kind == TOPO_HYPERCUBE ? 2 : t->radix[i];
  int plus = t->kind == TOPO_HYPERCUBE ? i : 2 * i, minus = plus + 1;
  bool cyclic = t->kind != TOPO_MESH && k > 2, both = s->model == MODEL_MLA;
  if (k == 2) { /* exchange and add; under oneway: move across, copy the sum back */
    for (uint32_t u = 0; u < t->nodes; u++) {
      int64_t across = topo_neighbor(t, u, plus); /* the + port of a mesh's far end leads nowhere */
      uint32_t v = (uint32_t)(across >= 0 ? across : topo_neighbor(t, u, minus)), low = topo_coord(t, u, i) == 0;
      if (s->model == MODEL_ONEWAY ? sched_add(s, base + (low ? 1 : 2), u, v, low ? ORIGIN_MOVE : ORIGIN_COPY, 0)
                                   : sched_add(s, base + 1, u, v, ORIGIN_COPY, 0))
        return 0;
    }
    return s->model == MODEL_ONEWAY ? 2 : 1;
  }
  uint32_t len_plus = cyclic && both ? k / 2 : k - 1, len_minus = !both ? 0 : cyclic ? (k - 1) / 2 : k - 1;
  for (uint32_t u = 0; u < t->nodes; u++) {
    uint32_t p = topo_coord(t, u, i);
    for (uint32_t j = 1; j <= len_plus; j++) { /* on a path: node p has heard from p-1 in slot j-1 if p >= j-1 */
      int64_t next = topo_neighbor(t, u, plus), prev = topo_neighbor(t, u, minus);
      if (next < 0 || (!cyclic && p + 1 < j)) continue;
      if (sched_add(s, base + j, u, (uint32_t)next, j == 1 ? ORIGIN_COPY : (uint32_t)prev, 0)) return 0;
    }
    for (uint32_t j = 1; j <= len_minus; j++) {
      int64_t next = topo_neighbor(t, u, minus), prev = topo_neighbor(t, u, plus);
      if (next < 0 || (!cyclic && p + j > k)) continue;
      if (sched_add(s, base + j, u, (uint32_t)next, j == 1 ? ORIGIN_COPY : (uint32_t)prev, 0)) return 0;
    }
  }
  return len_plus > len_minus ? len_plus : len_minus;
}

int global_sum_lines(sched *s) {
  uint32_t base = 0;
  for (int i = 0; i < s->topo.ndims; i++) {
    uint32_t len = line_phase(s, i, base);
    if (!len) return -1;
    base += len;
  }
  return 0;
}

int global_sum_reduce_bcast(sched *s) {
  const topo *t = &s->topo;
  uint32_t centre = 0, best = UINT32_MAX;
  for (uint32_t u = 0; u < t->nodes && t->kind == TOPO_MESH; u++) {
    uint32_t e = topo_eccentricity(t, u);
    if (e < best) best = e, centre = u;
  }
  return combine_from_broadcast(s, TASK_SNB, centre, 0, true);
}
