/* combine_reverse.c — reduce, reduce_scatter and allreduce from broadcast schedules by time
 * reversal (003 Thm 2.10-2.11: reversing every arrow and relabelling slot s as T+1-s turns a
 * broadcast from r into an accumulation to r of the same length, "a sum cannot leave a
 * processor before every summand has arrived" being dual to "a word cannot be sent on before
 * it arrives"; a universal broadcast becomes a universal accumulation, 003 §1).
 *
 * The broadcast is first cut down to its first arrivals: every node then receives each packet
 * once, from its parent in that packet's spanning tree, so in the reversal every node forwards
 * its partial of each chunk exactly once, to that parent, after all its children's partials
 * have arrived. Reversal keeps the port model: a node that sent one packet and received one
 * per slot now receives one and sends one; a wire used one way is used the other way.
 */
#include <stdlib.h>

#include "build.h"
#include "construct.h"

typedef struct {
  sched *out;
  uint64_t *seen; /* (node, origin) already received */
  uint32_t nodes;
} prune_ctx;

static int keep_first(void *ctx, const sched_row *r) {
  prune_ctx *p = ctx;
  uint64_t bit = (uint64_t)r->dst * p->nodes + r->origin;
  if (p->seen[bit / 64] >> (bit % 64) & 1) return 0;
  p->seen[bit / 64] |= 1ull << (bit % 64);
  return sched_add(p->out, r->slot, r->src, r->dst, r->origin, r->dest);
}

/* The broadcast (snb from root, or mnb) of s's topology and model, every translate expanded,
 * cut down to first arrivals, into *tree (an initialized whole schedule). 0, or -1. */
int combine_broadcast_tree(const sched *s, task_kind bcast, int64_t root, sched *tree) {
  sched b;
  char err[256];
  if (schedule_build(&b, &s->topo, bcast, s->model, root, NULL, err, sizeof err)) return -1;
  uint32_t n = s->topo.nodes;
  prune_ctx p = {tree, calloc(((uint64_t)n * n + 63) / 64, sizeof(uint64_t)), n};
  int rc = !p.seen || sched_foreach(&b, keep_first, &p) ? -1 : 0;
  free(p.seen);
  sched_free(&b);
  sched_finish(tree);
  return rc;
}

/* Appends tree's rows reversed in time into s, each a moved partial of the chunk chunk_of
 * names (-1: the row's origin; else that chunk). */
static int add_reversed(sched *s, const sched *tree, int32_t chunk) {
  for (size_t i = 0; i < tree->nrows; i++) {
    const sched_row *r = &tree->rows[i];
    if (sched_add(s, tree->slots + 1 - r->slot, r->dst, r->src, ORIGIN_MOVE, chunk < 0 ? (int32_t)r->origin : chunk))
      return -1;
  }
  return 0;
}

static int reversed(sched *s, task_kind bcast, int32_t chunk) {
  sched tree;
  sched_init(&tree, &s->topo, bcast, s->model, s->root);
  int rc = combine_broadcast_tree(s, bcast, s->root, &tree) || add_reversed(s, &tree, chunk) ? -1 : 0;
  sched_free(&tree);
  return rc;
}

int reduce_reverse(sched *s) { return reversed(s, TASK_SNB, 0); }

int reduce_scatter_reverse(sched *s) { return reversed(s, TASK_MNB, -1); }

/* Reduce-scatter (the mnb reversed, T slots), then all-gather of the finished sums along the
 * same trees forwards (slots T+1..2T): each node copies the sum of a chunk to its children.
 * After the reduce-scatter a node holds no partial of the chunks it forwarded, so the finished
 * sum it receives is added to nothing. */
int allreduce_rs_ag(sched *s) {
  sched tree;
  sched_init(&tree, &s->topo, TASK_MNB, s->model, -1);
  int rc = combine_broadcast_tree(s, TASK_MNB, -1, &tree) || add_reversed(s, &tree, -1) ? -1 : 0;
  for (size_t i = 0; i < tree.nrows && !rc; i++) {
    const sched_row *r = &tree.rows[i];
    rc = sched_add(s, tree.slots + r->slot, r->src, r->dst, ORIGIN_COPY, (int32_t)r->origin);
  }
  sched_free(&tree);
  return rc;
}
