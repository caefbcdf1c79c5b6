/* greedy_te.c — total exchange (and scatter) scheduled per node, on any topology and port
 * model.
 *
 * Every packet (u, v) takes a shortest path, one dimension after another; in a cycle dimension
 * at the antipode it goes the +1 way when u's coordinate is even and the -1 way when odd, so
 * that both directions carry equal loads. Each slot the waiting packets are taken in order of
 * the most hops still to go (ties: the lowest packet number), each hopping if the port model
 * still has room for its next link (port_budget.h): under mla every directed link sends the
 * waiting packet with the most hops to go; under the single-port models every node does.
 * greedy: packets with u+v even take the dimensions in ascending order, the others in
 *   descending order (XY and YX on a 2-D mesh), and move as soon as they can; this keeps the
 *   middle links of every dimension busy from the first slot to the last.
 * dimorder: ascending order for all, and a hop of dimension i only once every packet has
 *   finished dimension i-1 — the dimension-ordered exchange, the baseline a total exchange on
 *   a torus must never exceed.
 */
#include <stdlib.h>
#include <string.h>

#include "construct/construct.h"
#include "construct/port_budget.h"

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

/* The packets of the task: every ordered pair (te) or the root's to every node (scatter). */
static uint64_t make_packets(const sched *s, int ordered, packet *pk, uint64_t *dim_left) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes;
  uint64_t live = 0;
  for (uint32_t u = 0; u < n; u++) {
    if (s->task == TASK_SCATTER && u != (uint32_t)s->root) continue;
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
  }
  return live;
}

static int run(sched *s, int ordered) {
  const topo *t = &s->topo;
  uint64_t n = t->nodes, npk = s->task == TASK_SCATTER ? n - 1 : n * (n - 1);
  uint32_t longest = topo_diameter(t);
  packet *pk = malloc((npk ? npk : 1) * sizeof *pk);
  uint64_t *order = malloc((npk ? npk : 1) * sizeof *order), *start = calloc(longest + 2, sizeof *start);
  uint64_t dim_left[TOPO_MAX_DIMS] = {0};
  port_budget budget;
  int rc = -1, have_budget = !port_budget_init(&budget, t, s->model);
  if (!pk || !order || !start || !have_budget) goto out;
  uint64_t live = make_packets(s, ordered, pk, dim_left);
  rc = 0;
  for (uint32_t slot = 1; live && !rc; slot++) {
    int phase = 0;
    while (ordered && phase < t->ndims && !dim_left[phase]) phase++;
    /* the packets by hops to go, most first, then by number (a counting sort) */
    memset(start, 0, (longest + 2) * sizeof *start);
    for (uint64_t i = 0; i < live; i++) start[longest - pk[i].left + 1]++;
    for (uint32_t l = 1; l <= longest + 1; l++) start[l] += start[l - 1];
    for (uint64_t i = 0; i < live; i++) order[start[longest - pk[i].left]++] = i;
    /* each packet hops if its next link still has room */
    for (uint64_t j = 0; j < live && !rc; j++) {
      packet *p = &pk[order[j]];
      int dim = 0;
      int port = next_port(t, p, &dim);
      if (p->ready > slot || (ordered && dim != phase) || !port_budget_can_send(&budget, slot, p->at)) continue;
      uint32_t next = (uint32_t)topo_neighbor(t, p->at, port);
      if (!port_budget_take(&budget, slot, p->at, port, next)) continue;
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
  if (have_budget) port_budget_free(&budget);
  free(pk);
  free(order);
  free(start);
  return rc;
}

int greedy_te(sched *s) { return run(s, 0); }
int dimorder_te(sched *s) { return run(s, 1); }
int greedy_scatter(sched *s) { return run(s, 0); }
