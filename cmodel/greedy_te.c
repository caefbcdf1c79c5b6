/* greedy_te.c — total exchange scheduled per node, on any topology.
 *
 * Every packet (u, v) takes a shortest path, one dimension after another; in a cycle dimension
 * at the antipode it goes the +1 way when u's coordinate is even and the -1 way when odd, so
 * that both directions carry equal loads. Each slot, every directed link sends, among the
 * packets waiting at its tail whose next hop it is, the one with the most hops still to go
 * (ties: the lowest packet number).
 * greedy: packets with u+v even take the dimensions in ascending order, the others in
 *   descending order (XY and YX on a 2-D mesh), and move as soon as they can; this keeps the
 *   middle links of every dimension busy from the first slot to the last.
 * dimorder: ascending order for all, and a hop of dimension i only once every packet has
 *   finished dimension i-1 — the dimension-ordered exchange, the baseline a total exchange on
 *   a torus must never exceed.
 */
#include <stdlib.h>
#include <string.h>

#include "construct.h"

typedef struct {
  uint32_t origin, dest, at;
  uint32_t ready;     /* first slot it may move in */
  uint32_t left;      /* hops to go */
  uint32_t minus;     /* bit i: dimension i goes the -1 way */
  uint32_t reverse;   /* 1: dimensions in descending order */
} packet;

/* The dimension and port of p's next hop. */
static int next_port(const topo *t, const packet *p, int *dim) {
  for (int j = 0; j < t->ndims; j++) {
    int i = p->reverse ? t->ndims - 1 - j : j;
    uint32_t a = topo_coord(t, p->at, i), b = topo_coord(t, p->dest, i);
    if (a == b) continue;
    *dim = i;
    if (t->kind == TOPO_HYPERCUBE) return i;
    if (t->kind == TOPO_MESH) return 2 * i + (b < a);
    return 2 * i + (int)(p->minus >> i & 1);
  }
  return -1;
}

static int run(sched *s, int ordered) {
  const topo *t = &s->topo;
  uint64_t n = t->nodes, npk = n * (n - 1), nlinks = n * (uint64_t)t->ports;
  packet *pk = malloc(npk * sizeof *pk);
  uint32_t *best = malloc(nlinks * sizeof *best), *stamp = calloc(nlinks, sizeof *stamp);
  uint64_t dim_left[TOPO_MAX_DIMS] = {0};
  int rc = -1;
  if (!pk || !best || !stamp) goto out;
  uint64_t live = 0;
  for (uint32_t u = 0; u < n; u++)
    for (uint32_t v = 0; v < n; v++) {
      if (u == v) continue;
      /* greedy: half the packets take the dimensions in descending order, so that every
       * dimension has traffic from the first slot to the last */
      packet p = {u, v, u, 1, topo_dist(t, u, v), 0, ordered ? 0 : (u + v) % 2};
      for (int i = 0; i < t->ndims; i++) {
        uint32_t k = t->radix[i], a = topo_coord(t, u, i), b = topo_coord(t, v, i);
        uint32_t fwd = (b + k - a) % k; /* hops the +1 way round */
        if (t->kind != TOPO_HYPERCUBE && t->kind != TOPO_MESH && k > 2 &&
            (2 * fwd > k || (2 * fwd == k && a % 2)))
          p.minus |= 1u << i;
        dim_left[i] += t->kind == TOPO_MESH || k == 2 || t->kind == TOPO_HYPERCUBE ? (a > b ? a - b : b - a)
                       : (p.minus >> i & 1) ? k - fwd : fwd;
      }
      pk[live++] = p;
    }
  rc = 0;
  for (uint32_t slot = 1; live && !rc; slot++) {
    int phase = 0;
    while (ordered && phase < t->ndims && !dim_left[phase]) phase++;
    /* each link picks its packet */
    for (uint64_t i = 0; i < live; i++) {
      packet *p = &pk[i];
      int dim;
      int port = next_port(t, p, &dim);
      if (p->ready > slot || (ordered && dim != phase)) continue;
      uint64_t link = (uint64_t)p->at * (uint32_t)t->ports + (uint32_t)port;
      if (stamp[link] != slot || pk[best[link]].left < p->left) {
        stamp[link] = slot;
        best[link] = (uint32_t)i;
      }
    }
    /* the chosen packets hop */
    for (uint64_t i = 0; i < live && !rc; i++) {
      packet *p = &pk[i];
      int dim;
      int port = next_port(t, p, &dim);
      uint64_t link = (uint64_t)p->at * (uint32_t)t->ports + (uint32_t)port;
      if (p->ready > slot || stamp[link] != slot || best[link] != i) continue;
      uint32_t next = (uint32_t)topo_neighbor(t, p->at, port);
      rc = sched_add(s, slot, p->at, next, p->origin, (int32_t)p->dest);
      p->at = next;
      p->ready = slot + 1;
      p->left--;
      dim_left[dim]--;
    }
    /* drop the delivered packets (order kept, so ties stay by packet number) */
    uint64_t kept = 0;
    for (uint64_t i = 0; i < live; i++)
      if (pk[i].left) pk[kept++] = pk[i];
    live = kept;
  }
out:
  free(pk);
  free(best);
  free(stamp);
  return rc;
}

int greedy_te(sched *s) { return run(s, 0); }
int dimorder_te(sched *s) { return run(s, 1); }
