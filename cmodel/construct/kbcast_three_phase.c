/* kbcast_three_phase.c — the three-phase algorithm of 001 §3.2 (docs/KBCAST.md): ranks by the prefix,
 * gather to the roots 2^0..2^(d-1) by rank mod d, broadcast down the d trees with termination
 * packets: 2 ceil(K/d) + 4d slots; its K = N specialisation without the prefix,
 * 2 ceil(N/d) + 2d - 1; and the randomized variant (roots drawn at random, no prefix). */
#include <stdio.h>
#include <stdlib.h>

#include "construct/construct.h"
#include "construct/kbcast.h"

static uint32_t ceil_div(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

/* Phases 2 and 3 from slot first with phase 2 fixed at ceil(K/d)+d-1 slots (the roots know K),
 * each active node on tree (rank - 1) mod d. */
static int gather_by_rank(sched *s, const uint32_t *rank, uint32_t first) {
  int d = s->topo.ndims;
  uint32_t k = s->active.n;
  int *tree = malloc((k ? k : 1) * sizeof *tree);
  if (!tree) return -1;
  for (uint32_t i = 0; i < k; i++) tree[i] = (int)((rank[i] - 1) % (uint32_t)d);
  int rc = kb_gather_broadcast(s, tree, first, ceil_div(k, (uint32_t)d) + (uint32_t)d - 1, 1, NULL, NULL);
  free(tree);
  if (rc == -2) { /* 001 §3.2: an in-tree with N_j packets empties in N_j + d - 1 slots */
    fprintf(stderr, "cmodel: internal error: kbcast 001 on %s, K=%u: a packet reached its root after phase 2\n",
            s->topo.name, (unsigned)k);
    abort();
  }
  return rc;
}

int kbcast_001(sched *s) {
  uint32_t *rank = malloc((s->active.n ? s->active.n : 1) * sizeof *rank);
  int rc = !rank || kb_prefix_counters(s, 1, rank) ? -1 : gather_by_rank(s, rank, 2 * (uint32_t)s->topo.ndims + 2);
  free(rank);
  return rc;
}

int kbcast_001_mnb_applies(const sched *s, char *why, size_t len) {
  if (s->active.n == s->topo.nodes) return 0;
  snprintf(why, len, "construction '001-mnb' is 001's K = N case: every node active, not K=%u of %u", (unsigned)s->active.n,
           (unsigned)s->topo.nodes);
  return -1;
}

int kbcast_001_mnb(sched *s) {
  uint32_t n = s->topo.nodes, *rank = malloc(n * sizeof *rank);
  if (!rank) return -1;
  for (uint32_t x = 0; x < n; x++) rank[x] = n - x; /* r_x = 2^d - x, known without a prefix */
  int rc = gather_by_rank(s, rank, 1);
  free(rank);
  return rc;
}

int kb_random_roots(sched *s, uint64_t trial, int broadcast, uint32_t *gathered, uint32_t *max_load) {
  uint32_t k = s->active.n;
  int *tree = malloc((k ? k : 1) * sizeof *tree);
  if (!tree) return -1;
  uint64_t state = trial * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
  for (uint32_t i = 0; i < k; i++) { /* xorshift64*: uniform enough for d <= 16 roots */
    state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
    tree[i] = (int)((state * 0x2545f4914f6cdd1dull >> 32) % (uint64_t)s->topo.ndims);
  }
  int rc = kb_gather_broadcast(s, tree, 1, 0, broadcast, gathered, max_load);
  free(tree);
  return rc;
}

int kbcast_random(sched *s) { return kb_random_roots(s, 1, 1, NULL, NULL); }
