/* kbcast_ranked.c — 001 §3.3.3: at most d broadcasters with distinct ranks r = 1..K (K <= d).
 * In slot m every node holding the packet of rank r sends it across dimension
 * (r + m - 2) mod d (0-based; EXTRACT.md §1.6's repair: slot m crosses the m-th dimension of
 * the order, starting at dimension r - 1), so the K packets use distinct dimensions in every
 * slot: d slots ('ranked', ranks known), or 3d with the 2d-slot prefix that computes them
 * ('ranked-prefix'). */
#include <stdio.h>
#include <stdlib.h>

#include "construct/construct.h"
#include "construct/kbcast.h"

int kbcast_ranked_applies(const sched *s, char *why, size_t len) {
  if (s->active.n <= (uint32_t)s->topo.ndims) return 0;
  snprintf(why, len, "constructions 'ranked' and 'ranked-prefix' take at most d = %d broadcasters (001 s3.3.3), not K=%u",
           s->topo.ndims, (unsigned)s->active.n);
  return -1;
}

/* Recursive doubling of each packet from slot first, dimension by rank. */
static int rotate(sched *s, const uint32_t *rank, uint32_t first) {
  uint32_t d = (uint32_t)s->topo.ndims;
  for (uint32_t i = 0; i < s->active.n; i++) {
    uint32_t x = s->active.ids[i], span = 0; /* the dimensions crossed so far */
    for (uint32_t m = 1; m <= d; m++) {
      uint32_t q = (rank[i] + m - 2) % d;
      for (uint32_t sub = span;; sub = (sub - 1) & span) { /* every node holding it */
        if (sched_add(s, first + m - 1, x ^ sub, x ^ sub ^ (1u << q), x, -1)) return -1;
        if (!sub) break;
      }
      span |= 1u << q;
    }
  }
  return 0;
}

int kbcast_ranked(sched *s) {
  uint32_t *rank = malloc((s->active.n ? s->active.n : 1) * sizeof *rank);
  if (!rank) return -1;
  for (uint32_t i = 0; i < s->active.n; i++) rank[i] = s->active.n - i; /* decreasing id order */
  int rc = rotate(s, rank, 1);
  free(rank);
  return rc;
}

int kbcast_ranked_prefix(sched *s) {
  uint32_t *rank = malloc((s->active.n ? s->active.n : 1) * sizeof *rank);
  int rc = !rank || kb_prefix_counters(s, 0, rank) ? -1 : rotate(s, rank, 2 * (uint32_t)s->topo.ndims + 1);
  free(rank);
  return rc;
}
