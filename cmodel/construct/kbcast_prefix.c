/* kbcast_prefix.c — phase 1 of 001 §3.2: the ranks of the active nodes by the prefix of 001
 * §2.2, as an up-sweep and a down-sweep of the binomial tree rooted at node 0 (2d slots), and
 * K sent from node 0 to the roots 2^0..2^(d-1) in slot 2d+1 (docs/KBCAST.md). The counters
 * are computed the way the routers compute them, from the words they receive; the verifier
 * checks them against counts of the active set. */
#include <stdlib.h>

#include "construct/kbcast.h"

int kb_prefix_counters(sched *s, int to_roots, uint32_t *rank) {
  int d = s->topo.ndims;
  uint32_t n = s->topo.nodes;
  uint32_t *sum = calloc(n, sizeof *sum);                  /* up-sweep: the count of the node's block */
  uint32_t *above = calloc(n, sizeof *above);              /* down-sweep: the count above it */
  uint32_t *got = calloc((size_t)n * (d + 1), sizeof *got); /* what it received in up-sweep slot s */
  int rc = -1;
  if (!sum || !above || !got) goto out;
  for (uint32_t i = 0; i < s->active.n; i++) sum[s->active.ids[i]] = 1;
  for (int lv = 1; lv <= d; lv++) { /* slot lv: blocks of 2^(lv-1) merge into blocks of 2^lv */
    uint32_t half = 1u << (lv - 1);
    for (uint32_t x = half; x < n; x += 2 * half)
      if (sched_add(s, (uint32_t)lv, x, x - half, sum[x], KBCAST_COUNTER)) goto out;
    for (uint32_t x = half; x < n; x += 2 * half) {
      got[(size_t)(x - half) * (d + 1) + lv] = sum[x];
      sum[x - half] += sum[x];
    }
  }
  for (int lv = d; lv >= 1; lv--) { /* slot 2d+1-lv: the count above a block goes to its upper half */
    uint32_t half = 1u << (lv - 1), slot = (uint32_t)(2 * d + 1 - lv);
    for (uint32_t y = 0; y < n; y += 2 * half) {
      if (sched_add(s, slot, y, y + half, above[y], KBCAST_COUNTER)) goto out;
      above[y + half] = above[y];
      above[y] += got[(size_t)y * (d + 1) + lv];
    }
  }
  for (int q = 0; to_roots && q < d; q++)
    if (sched_add(s, (uint32_t)(2 * d + 1), 0, 1u << q, sum[0], KBCAST_COUNTER)) goto out;
  for (uint32_t i = 0; i < s->active.n; i++) rank[i] = above[s->active.ids[i]] + 1;
  rc = 0;
out:
  free(sum);
  free(above);
  free(got);
  return rc;
}
