/* kbcast_unbalanced.c — 001 §3.3.1 and §3.3.2: every active node x broadcasts along its own
 * completely unbalanced spanning tree, all with the same (increasing) dimension order: the node
 * holding x's packet sends it across every dimension above the highest dimension of its
 * distance from x. Copies that want the same link wait in a queue per link.
 *   same-order: non-idling, first come first served (ties: lower origin); at most d + K - 1
 *               slots (§3.3.1: a copy is delayed at most once by each other broadcaster);
 *   pair:       K = 2, a copy whose subtree holds its own source's complement goes first
 *               (§3.3.2): exactly d slots. */
#include <stdio.h>
#include <stdlib.h>

#include "construct.h"
#include "grow.h"

typedef struct {
  uint32_t ready; /* the slot from which it may go */
  uint32_t origin;
  int complement; /* its subtree holds the complement of its source */
} copy;

typedef struct { /* the copies waiting for one link */
  copy *c;
  size_t n, cap;
} queue;

static int enqueue(queue *q, copy c) {
  copy *items = grow_array(q->c, &q->cap, q->n, sizeof *items, 4);
  if (!items) return -1;
  q->c = items;
  q->c[q->n++] = c;
  return 0;
}

/* The copy of origin x's packet that node z holds for port q (z ^ x below 2^q), its subtree
 * being z ^ 2^q and every node that differs from it above q: it holds x's complement iff z ^ x
 * has every bit below q set. */
static int holds_complement(uint32_t z, uint32_t x, int q) { return (z ^ x) == (1u << q) - 1; }

static int first_of(const copy *a, const copy *b, int priority) {
  if (priority && a->complement != b->complement) return a->complement;
  if (a->ready != b->ready) return a->ready < b->ready;
  return a->origin < b->origin;
}

/* Runs the queues; priority selects §3.3.2's rule. */
static int unbalanced(sched *s, int priority) {
  int d = s->topo.ndims;
  uint32_t n = s->topo.nodes, k = s->active.n;
  size_t links = (size_t)n * d;
  queue *q = calloc(links, sizeof *q);
  copy *arrive = malloc(links * sizeof *arrive);
  uint8_t *got = calloc(links, 1);
  int rc = -1;
  if (!q || !arrive || !got) goto out;
  uint64_t pending = 0;
  for (uint32_t i = 0; i < k; i++) {
    uint32_t x = s->active.ids[i];
    for (int p = 0; p < d; p++, pending++)
      if (enqueue(&q[(size_t)x * d + p], (copy){1, x, holds_complement(x, x, p)})) goto out;
  }
  for (uint32_t slot = 1; pending; slot++) {
    for (size_t l = 0; l < links; l++) { /* each link sends its first ready copy */
      got[l] = 0;
      size_t best = q[l].n;
      for (size_t c = 0; c < q[l].n; c++)
        if (q[l].c[c].ready <= slot && (best == q[l].n || first_of(&q[l].c[c], &q[l].c[best], priority))) best = c;
      if (best == q[l].n) continue;
      arrive[l] = q[l].c[best];
      q[l].c[best] = q[l].c[--q[l].n];
      pending--;
      uint32_t z = (uint32_t)(l / (size_t)d);
      if (sched_add(s, slot, z, z ^ (1u << (l % (size_t)d)), arrive[l].origin, -1)) goto out;
      got[l] = 1;
    }
    for (size_t l = 0; l < links; l++) { /* the receiver sends it on across every higher dimension */
      if (!got[l]) continue;
      uint32_t y = (uint32_t)(l / (size_t)d) ^ (1u << (l % (size_t)d)), x = arrive[l].origin;
      for (int p = (int)(l % (size_t)d) + 1; p < d; p++, pending++)
        if (enqueue(&q[(size_t)y * d + p], (copy){slot + 1, x, holds_complement(y, x, p)})) goto out;
    }
  }
  rc = 0;
out:
  for (size_t l = 0; q && l < links; l++) free(q[l].c);
  free(q);
  free(arrive);
  free(got);
  return rc;
}

int kbcast_same_order(sched *s) { return unbalanced(s, 0); }

int kbcast_pair_applies(const sched *s, char *why, size_t len) {
  if (s->active.n == 2) return 0;
  snprintf(why, len, "construction 'pair' is 001 s3.3.2's K = 2 case, not K=%u", (unsigned)s->active.n);
  return -1;
}

int kbcast_pair(sched *s) { return unbalanced(s, 1); }
