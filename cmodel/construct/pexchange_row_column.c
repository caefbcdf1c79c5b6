/* pexchange_row_column.c — partial exchange on a mesh or torus (004 §4; docs/PEXCHANGE.md): M
 * active nodes each send a personalized packet to every other node.
 *
 * Coordinates: node u = (i, j) with row i = coordinate 1 and column j = coordinate 0, so a row
 * is a line of dimension 0 and "horizontal" links are the dimension-0 links (ports 0 and 1),
 * "vertical" ones the dimension-1 links (ports 2 and 3). r_i and c_j count the active nodes of
 * row i and column j.
 *
 * Phase 1 of 004 §4 (the row and column sums by a parallel prefix, p t_p) is not in the
 * schedule: the set is known when the schedule is made, so r_i and c_j are counted here and
 * the rows start with phase 2. docs/PEXCHANGE.md reports p t_p separately.
 *
 * Phase 2 (004 §4; EXTRACT §4.7): an active (i, j) is in class R if r_i <= c_j and routes
 * row-first (its horizontal leg, then its vertical leg), else in class C and routes
 * column-first. On a torus each leg goes the shorter way round its ring (a tie: the +1 way).
 * Every slot every directed link sends one of the packets waiting at its tail whose next hop
 * it is, if there is one (non-wasting, rule (b)); the packet is chosen by
 *   1. 004 §4 rule (a): on horizontal links R before C, on vertical links C before R, i.e. a
 *      packet on its first leg before one on its second;
 *   2. "any other order is arbitrary" (004 §4); ours, deterministic: the most hops still to go
 *      first (as greedy_te), then the lowest origin, then the lowest destination.
 * A packet received in slot s waits at least until slot s+1 (schedule.h). Each packet is
 * forwarded, never copied: rows as for te, origin = the active sender, dest = its destination.
 *
 * 004 §4 (Lemma 3 and the claim after it) bounds phase 2 by 2m(N-p) + 2(p-1) slots on a p x p
 * array, m = floor(sqrt(M)); "the same holds on a torus". row-first is the baseline: every
 * active node in class R, the same rules otherwise.
 *
 * d > 2 dimensions (004 §4 leaves an optimal-order algorithm open; this is our generalization,
 * verified but without a proven bound): row and column sums become the active counts of a
 * node's lines, one per dimension; a node routes its packets first along the dimension whose
 * line through it holds the fewest active nodes (the lowest dimension on a tie), then on in
 * cyclic order, and on every link a packet on an earlier leg goes before one on a later leg.
 * On two dimensions this is exactly the R/C rule above.
 *
 * Queues: one binary heap per (node, out-port), keyed by the rule above; the key is fixed while
 * a packet waits, since its hops to go change only when it moves. Work per slot is one pop per
 * busy link; the whole run is O(total hops x log(queue)).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "construct/construct.h"
#include "construct/pexchange_route.h"
#include "util/grow.h"

typedef struct {
  uint32_t origin, dest, at;
  int first; /* the dimension of its first leg: 0 (class R, row-first) or 1 (class C); legs then
              * follow in cyclic order */
  uint64_t key;
} packet;

typedef struct {
  uint32_t *idx; /* packet indices, a min-heap on packet.key */
  uint32_t len, cap;
} queue;

/* Rule 1 (the leg, earlier first) in the top bits, then the hops to go (most first), origin,
 * destination: the smallest key goes first. Legs < TOPO_MAX_DIMS = 16, hops to go < N <= 2^16
 * and ids < 2^16 (TOPO_MAX_NODES). */
static uint64_t key_of(const topo *t, const packet *p, int dim) {
  uint64_t leg = (uint64_t)((dim - p->first + t->ndims) % t->ndims), hops = topo_dist(t, p->at, p->dest);
  return leg << 56 | (((uint64_t)1 << 24) - 1 - hops) << 32 | (uint64_t)p->origin << 16 | p->dest;
}

static int push(queue *q, const packet *pk, uint32_t x) {
  if (q->len == q->cap && q->cap > UINT32_MAX / 2) return -1; /* cap is a uint32_t */
  size_t cap = q->cap;
  uint32_t *idx = grow_array(q->idx, &cap, q->len, sizeof *idx, 8);
  if (!idx) return -1;
  q->idx = idx;
  q->cap = (uint32_t)cap;
  uint32_t c = q->len++;
  while (c && pk[q->idx[(c - 1) / 2]].key > pk[x].key) {
    q->idx[c] = q->idx[(c - 1) / 2];
    c = (c - 1) / 2;
  }
  q->idx[c] = x;
  return 0;
}

static uint32_t pop(queue *q, const packet *pk) {
  uint32_t top = q->idx[0], last = q->idx[--q->len], c = 0;
  for (;;) {
    uint32_t l = 2 * c + 1, m = l;
    if (l >= q->len) break;
    if (l + 1 < q->len && pk[q->idx[l + 1]].key < pk[q->idx[l]].key) m = l + 1;
    if (pk[q->idx[m]].key >= pk[last].key) break;
    q->idx[c] = q->idx[m];
    c = m;
  }
  if (q->len) q->idx[c] = last;
  return top;
}

/* Queues p at its current node for its next hop (it must have one). busy lists the queues that
 * hold packets, is_busy marks them. */
static int enqueue(const topo *t, queue *qs, packet *pk, uint32_t x, uint32_t *busy, uint32_t *nbusy,
                   unsigned char *is_busy) {
  int dim = 0, port = pexchange_next_hop(t, pk[x].at, pk[x].dest, pk[x].first, &dim);
  uint32_t q = pk[x].at * (uint32_t)t->ports + (uint32_t)port;
  pk[x].key = key_of(t, &pk[x], dim);
  if (push(&qs[q], pk, x)) return -1;
  if (!is_busy[q]) {
    is_busy[q] = 1;
    busy[(*nbusy)++] = q;
  }
  return 0;
}

/* The two phase-2 variants: classes split by 004 §4's row and column sums, or all of class R. */
static int run(sched *s, int split) {
  const topo *t = &s->topo;
  const active_set *a = &s->active;
  uint32_t n = t->nodes;
  uint64_t npk = (uint64_t)a->n * (n - 1), nq = (uint64_t)n * (uint64_t)t->ports;
  if (npk >= UINT32_MAX || npk > SIZE_MAX / sizeof(packet)) return -1; /* ids are uint32_t */
  packet *pk = malloc((npk ? npk : 1) * sizeof *pk);
  queue *qs = calloc(nq, sizeof *qs);
  uint32_t *count = calloc((size_t)t->ndims * n, sizeof *count);
  uint32_t *busy = malloc(nq * sizeof *busy), *next_busy = malloc(nq * sizeof *next_busy);
  uint32_t *moved = malloc(nq * sizeof *moved);
  unsigned char *is_busy = calloc(nq, 1);
  int rc = -1;
  if (!pk || !qs || !count || !busy || !next_busy || !moved || !is_busy) goto out;
  pexchange_line_counts(t, a->ids, a->n, count);
  uint32_t nbusy = 0, live = 0;
  for (uint32_t x = 0; x < a->n; x++) {
    uint32_t o = a->ids[x];
    /* 004 §4: R = {r_i <= c_j} row-first, C = {r_i > c_j} column-first */
    int first = split ? pexchange_first_dimension(t, count, o) : 0;
    for (uint32_t v = 0; v < n; v++) {
      if (v == o) continue;
      pk[live] = (packet){o, v, o, first, 0};
      if (enqueue(t, qs, pk, live++, busy, &nbusy, is_busy)) goto out;
    }
  }
  for (uint32_t slot = 1; live; slot++) {
    /* every busy link sends its first packet (non-wasting); the packets it moves join their
     * next queues only after the slot, so none moves twice in one slot */
    uint32_t nmoved = 0, nnext = 0;
    for (uint32_t b = 0; b < nbusy; b++) {
      uint32_t q = busy[b], x = pop(&qs[q], pk);
      uint32_t next = (uint32_t)topo_neighbor(t, pk[x].at, (int)(q % (uint32_t)t->ports));
      if (sched_add(s, slot, pk[x].at, next, pk[x].origin, (int32_t)pk[x].dest)) goto out;
      pk[x].at = next;
      moved[nmoved++] = x;
      if (qs[q].len) next_busy[nnext++] = q;
      else is_busy[q] = 0;
    }
    uint32_t *swap = busy;
    busy = next_busy;
    next_busy = swap;
    nbusy = nnext;
    for (uint32_t j = 0; j < nmoved; j++) {
      uint32_t x = moved[j];
      if (pk[x].at == pk[x].dest) live--;
      else if (enqueue(t, qs, pk, x, busy, &nbusy, is_busy)) goto out;
    }
  }
  rc = 0;
out:
  if (qs)
    for (uint64_t q = 0; q < nq; q++) free(qs[q].idx);
  free(qs);
  free(pk);
  free(count);
  free(busy);
  free(next_busy);
  free(moved);
  free(is_busy);
  return rc;
}

int pexchange_004_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  if ((t->kind == TOPO_MESH || t->kind == TOPO_TORUS) && t->ndims >= 2) return 0;
  snprintf(why, len, "task %s is defined on meshes and tori of two or more dimensions (004 s4), not %s",
           task_name(s->task), t->name);
  return -1;
}

int pexchange_004(sched *s) { return run(s, 1); }

int pexchange_row_first(sched *s) { return run(s, 0); }
