/* greedy_snb.c — single-node broadcast under the single-port models, on any topology.
 *
 * A node sends one packet per slot (002's model), so the informed set can at most double per
 * slot: the bound is max(ecc(root), ceil(log2 N)). Each slot pairs informed nodes with
 * uninformed neighbours by a maximum bipartite matching (Kuhn's augmenting paths), each
 * informed node preferring the neighbour farthest from the root (the broadcast must reach the
 * far side in ecc slots), then the one with the most uninformed neighbours of its own. A
 * receiver only receives that slot, so the schedule respects sp-half as well as sp-full. The
 * d-cube's binomial tree (hc_snb) reaches the bound; elsewhere this is a heuristic whose gap
 * the table reports.
 */
#include <stdlib.h>
#include <string.h>

#include "construct/construct.h"

#define NONE UINT32_MAX

typedef struct {
  const topo *t;
  uint32_t *dist, *owner, *visit; /* owner[v]: the informed node v is paired with this slot */
  uint32_t visit_stamp;
  uint8_t *informed;
} pairing;

/* How much u wants v: farther from the root first, then more uninformed neighbours. */
static uint64_t want(const pairing *p, uint32_t v) {
  uint32_t open = 0;
  for (int q = 0; q < p->t->ports; q++) {
    int64_t w = topo_neighbor(p->t, v, q);
    open += w >= 0 && !p->informed[w];
  }
  return (uint64_t)p->dist[v] << 8 | open;
}

/* Kuhn's augmenting path from informed node u over its uninformed neighbours, best first. */
static int augment(pairing *p, uint32_t u) {
  uint32_t cand[2 * TOPO_MAX_DIMS];
  int nc = 0;
  for (int q = 0; q < p->t->ports; q++) {
    int64_t v = topo_neighbor(p->t, u, q);
    if (v < 0 || p->informed[v] || p->visit[v] == p->visit_stamp) continue;
    int i = nc++;
    while (i > 0 && want(p, cand[i - 1]) < want(p, (uint32_t)v)) {
      cand[i] = cand[i - 1];
      i--;
    }
    cand[i] = (uint32_t)v;
  }
  for (int i = 0; i < nc; i++) {
    uint32_t v = cand[i];
    if (p->visit[v] == p->visit_stamp) continue;
    p->visit[v] = p->visit_stamp;
    if (p->owner[v] == NONE || augment(p, p->owner[v])) {
      p->owner[v] = u;
      return 1;
    }
  }
  return 0;
}

int greedy_snb(sched *s) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes, root = (uint32_t)s->root;
  pairing p = {t, malloc(n * sizeof *p.dist), malloc(n * sizeof *p.owner), calloc(n, sizeof *p.visit), 0, calloc(n, 1)};
  uint32_t *senders = malloc(n * sizeof *senders);
  int rc = -1;
  if (!p.dist || !p.owner || !p.visit || !p.informed || !senders) goto out;
  for (uint32_t v = 0; v < n; v++) p.dist[v] = topo_dist(t, root, v);
  p.informed[root] = 1;
  uint32_t left = n - 1;
  rc = 0;
  for (uint32_t slot = 1; left && !rc; slot++) {
    /* the informed nodes on the frontier, farthest from the root first */
    uint32_t ns = 0;
    for (uint32_t u = 0; u < n; u++) {
      if (!p.informed[u]) continue;
      for (int q = 0; q < t->ports; q++) {
        int64_t v = topo_neighbor(t, u, q);
        if (v >= 0 && !p.informed[v]) {
          senders[ns++] = u;
          break;
        }
      }
    }
    for (uint32_t v = 0; v < n; v++) p.owner[v] = NONE;
    /* farthest first (a counting sort by distance keeps node order within a distance) */
    uint32_t ecc = 0;
    for (uint32_t i = 0; i < ns; i++) ecc = p.dist[senders[i]] > ecc ? p.dist[senders[i]] : ecc;
    uint32_t k = 0;
    for (uint32_t d = ecc + 1; d-- > 0;)
      for (uint32_t i = 0; i < ns; i++)
        if (p.dist[senders[i]] == d) p.visit[k++] = senders[i];
    memcpy(senders, p.visit, ns * sizeof *senders);
    memset(p.visit, 0, n * sizeof *p.visit);
    p.visit_stamp = 0;
    for (uint32_t i = 0; i < ns; i++) {
      p.visit_stamp++;
      augment(&p, senders[i]);
    }
    for (uint32_t v = 0; v < n && !rc; v++) {
      if (p.owner[v] == NONE) continue;
      rc = sched_add(s, slot, p.owner[v], v, root, -1);
      p.informed[v] = 2;
      left--;
    }
    for (uint32_t v = 0; v < n; v++)
      if (p.informed[v] == 2) p.informed[v] = 1;
  }
out:
  free(p.dist);
  free(p.owner);
  free(p.visit);
  free(p.informed);
  free(senders);
  return rc;
}
