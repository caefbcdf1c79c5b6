/* bounds_s4noc.c — the S4NOC models' local-port bounds (see bounds_s4noc.h). */
#include "model/bounds_s4noc.h"

#include <stdlib.h>

static uint64_t max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* count[d] = nodes at distance d from u, d = 1..diameter (count[0] unused). */
static void distance_histogram(const topo *t, uint32_t u, uint64_t *count, uint32_t diameter) {
  for (uint32_t d = 0; d <= diameter; d++) count[d] = 0;
  for (uint32_t v = 0; v < t->nodes; v++) count[topo_dist(t, u, v)]++;
}

/* Farthest first: the i-th packet (1-based) of distance d_i arrives in slot i + d_i - 1. */
static uint64_t injection_bound(const uint64_t *count, uint32_t diameter) {
  uint64_t sent = 0, lb = 0;
  for (uint32_t d = diameter; d >= 1; d--) {
    sent += count[d];
    if (count[d]) lb = max_u64(lb, sent + d - 1);
  }
  return lb;
}

/* Nearest first: arrivals in distinct slots, the one from distance d in slot d or later. */
static uint64_t ejection_bound(const uint64_t *count, uint32_t diameter) {
  uint64_t last = 0;
  for (uint32_t d = 1; d <= diameter; d++)
    if (count[d]) last = max_u64(last + count[d], d + count[d] - 1);
  return last;
}

/* The smallest S whose ramp of injections and ejections lets the links carry the total hops. */
static uint64_t ramp_bound(const topo *t) {
  uint64_t n = t->nodes, links = 2 * topo_links(t), hops = topo_dist_sum_all(t);
  for (uint64_t s = (hops + links - 1) / links;; s++) {
    uint64_t carried = 0;
    for (uint64_t i = 1; i <= s && carried < hops; i++) {
      uint64_t ramp = n * (i < s - i + 1 ? i : s - i + 1);
      carried += ramp < links ? ramp : links;
    }
    if (carried >= hops) return s;
  }
}

/* Summed over every packet, ejection slot - injection slot >= distance - 1; a node's m = N-1
 * injections fill at least slots 1..m and its m ejections at most slots S-m+1..S, so
 * N m (S - m) >= H - N m: S >= N - 2 + ceil(H / (N (N-1))), H the total hops. */
static uint64_t latency_sum_bound(const topo *t) {
  uint64_t n = t->nodes, pairs = n * (n - 1);
  return n - 2 + (topo_dist_sum_all(t) + pairs - 1) / pairs;
}

uint32_t bound_local_port_slots(const topo *t, task_kind task, uint32_t root) {
  uint32_t diameter = topo_diameter(t);
  uint64_t n = t->nodes, lb = 0, *count = malloc(((size_t)diameter + 1) * sizeof *count);
  if (n <= 1 || !count) { /* no memory: the weaker bound mla's */
    free(count);
    return 0;
  }
  bool transitive = topo_translation_of(t) != TRANS_NONE;
  switch (task) {
  case TASK_MNB: lb = n - 1; break;
  case TASK_SCATTER:
  case TASK_GATHER:
    distance_histogram(t, root, count, diameter);
    lb = task == TASK_SCATTER ? injection_bound(count, diameter) : ejection_bound(count, diameter);
    break;
  case TASK_TE:
    for (uint32_t u = 0; u < (transitive ? 1 : n); u++) {
      distance_histogram(t, u, count, diameter);
      lb = max_u64(lb, max_u64(injection_bound(count, diameter), ejection_bound(count, diameter)));
    }
    lb = max_u64(lb, max_u64(ramp_bound(t), latency_sum_bound(t)));
    break;
  default: break;
  }
  free(count);
  return (uint32_t)lb;
}
