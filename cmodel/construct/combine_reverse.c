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

#include "construct/build.h"
#include "construct/construct.h"

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

/* The broadcast b (every translate expanded) cut down to first arrivals, into *tree (a whole
 * schedule of b's topology, task, model and root, initialised here). 0, or -1. */
static int first_arrivals(const sched *b, sched *tree) {
  uint32_t n = b->topo.nodes;
  sched_init(tree, &b->topo, b->task, b->model, b->root);
  prune_ctx p = {tree, calloc(((uint64_t)n * n + 63) / 64, sizeof(uint64_t)), n};
  int rc = !p.seen || sched_foreach(b, keep_first, &p) ? -1 : 0;
  free(p.seen);
  sched_finish(tree);
  return rc;
}

/* The broadcast b cut down to its first arrivals and reversed in time into s (see
 * combine_from_broadcast). 0, or -1. */
static int reverse_broadcast(sched *s, const sched *b, int32_t chunk, bool spread) {
  sched tree;
  int rc = first_arrivals(b, &tree);
  for (size_t i = 0; i < tree.nrows && !rc; i++) {
    const sched_row *r = &tree.rows[i];
    int32_t c = chunk < 0 ? (int32_t)r->origin : chunk;
    rc = sched_add(s, tree.slots + 1 - r->slot, r->dst, r->src, ORIGIN_MOVE, c) ||
         (spread && sched_add(s, tree.slots + r->slot, r->src, r->dst, ORIGIN_COPY, c));
  }
  sched_free(&tree);
  return rc ? -1 : 0;
}

int combine_from_broadcast(sched *s, task_kind bcast, int64_t root, int32_t chunk, bool spread) {
  sched b;
  char err[256];
  if (schedule_build(&b, &s->topo, bcast, s->model, root, NULL, err, sizeof err)) return -1;
  int rc = reverse_broadcast(s, &b, chunk, spread);
  sched_free(&b);
  return rc;
}

int reduce_reverse(sched *s) { return combine_from_broadcast(s, TASK_SNB, s->root, 0, false); }

int reduce_scatter_reverse(sched *s) { return combine_from_broadcast(s, TASK_MNB, -1, -1, false); }

int reduce_scatter_stored(sched *s) {
  sched b;
  sched_init(&b, &s->topo, TASK_MNB, s->model, -1);
  int rc = stored_broadcast(s, &b) ? -1 : reverse_broadcast(s, &b, -1, false);
  sched_free(&b);
  return rc;
}

/* Reduce-scatter (the mnb reversed, T slots), then all-gather of the finished sums along the
 * same trees forwards (slots T+1..2T): each node copies the sum of a chunk to its children.
 * After the reduce-scatter a node holds no partial of the chunks it forwarded, so the finished
 * sum it receives is added to nothing. */
int allreduce_rs_ag(sched *s) { return combine_from_broadcast(s, TASK_MNB, -1, -1, true); }
