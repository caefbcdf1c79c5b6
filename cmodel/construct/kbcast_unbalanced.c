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

#include "construct/construct.h"
#include "util/grow.h"

typedef struct {
  uint32_t ready; /* the slot from which it may go */
  uint32_t origin;
  int complement; /* its subtree holds the complement of its source */
} copy;

/* The copy of origin x's packet that node z holds for port q (z ^ x below 2^q), its subtree
 * being z ^ 2^q and every node that differs from it above q: it holds x's complement iff z ^ x
 * has every bit below q set. */
static int holds_complement(uint32_t z, uint32_t x, int q) { return (z ^ x) == (1u << q) - 1; }

/* Whether copy a goes before copy b: first come first served, lower origin first on a tie;
 * with priority, a copy towards its source's complement before any other (§3.3.2). */
static int first_of(const copy *a, const copy *b, int priority) {
  if (priority && a->complement != b->complement) return a->complement;
  if (a->ready != b->ready) return a->ready < b->ready;
  return a->origin < b->origin;
}

typedef struct { /* the copies waiting for one link: a binary heap, first_of's first on top */
  copy *c;
  size_t n, cap;
} queue;

static int push(queue *q, copy c, int priority) {
  copy *items = grow_array(q->c, &q->cap, q->n, sizeof *items, 4);
  if (!items) return -1;
  q->c = items;
  size_t i = q->n++;
  for (; i && first_of(&c, &q->c[(i - 1) / 2], priority); i = (i - 1) / 2) q->c[i] = q->c[(i - 1) / 2];
  q->c[i] = c;
  return 0;
}

static copy pop(queue *q, int priority) {
  copy top = q->c[0], last = q->c[--q->n];
  size_t i = 0;
  for (;;) {
    size_t kid = 2 * i + 1;
    if (kid >= q->n) break;
    if (kid + 1 < q->n && first_of(&q->c[kid + 1], &q->c[kid], priority)) kid++;
    if (!first_of(&q->c[kid], &last, priority)) break;
    q->c[i] = q->c[kid];
    i = kid;
  }
  if (q->n) q->c[i] = last;
  return top;
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
      if (push(&q[(size_t)x * d + p], (copy){1, x, holds_complement(x, x, p)}, priority)) goto out;
  }
  for (uint32_t slot = 1; pending; slot++) {
    for (size_t l = 0; l < links; l++) { /* each link sends its first copy (all are ready: */
      got[l] = 0;                         /* a copy queued in slot t may go from slot t + 1) */
      if (!q[l].n) continue;
      arrive[l] = pop(&q[l], priority);
      pending--;
      uint32_t z = (uint32_t)(l / (size_t)d);
      if (sched_add(s, slot, z, z ^ (1u << (l % (size_t)d)), arrive[l].origin, -1)) goto out;
      got[l] = 1;
    }
    for (size_t l = 0; l < links; l++) { /* the receiver sends it on across every higher dimension */
      if (!got[l]) continue;
      uint32_t y = (uint32_t)(l / (size_t)d) ^ (1u << (l % (size_t)d)), x = arrive[l].origin;
      for (int p = (int)(l % (size_t)d) + 1; p < d; p++, pending++)
        if (push(&q[(size_t)y * d + p], (copy){slot + 1, x, holds_complement(y, x, p)}, priority)) goto out;
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
