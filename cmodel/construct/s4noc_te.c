/* s4noc_te.c — total exchange under the S4NOC models (schedule.h): a translation template
 * that injects one packet and delivers one packet per slot at every node.
 *
 * The template holds node 0's packets (schedule.h). By 003 Thm 4.5 its translates share no
 * directed link when each slot uses each generator (port) at most once; every node injects
 * what node 0 injects in the same slot, translated, so one template packet leaving node 0 per
 * slot is one injection per node and slot, and one template packet reaching its destination
 * per slot is one ejection per node and slot.
 *
 * Packets are placed one at a time, farthest first (the order that meets the injection bound,
 * bounds_s4noc.h), each on a shortest path and at the start that ends it earliest. A
 * path is a dimension order and, where a dimension's offset is half its size, a direction:
 * every order of up to four dimensions, the rotations of longer ones. s4noc-bufferless: hop k
 * of a packet that starts in slot s is in slot s + k. s4noc: each hop takes the first slot
 * after the previous one where its generator is free (the packet waits in the router's
 * memory meanwhile), and the last hop also needs the destination's ejection free. Under s4noc
 * 'staggered' tries both placements and keeps the better (bufferless among equals: no router
 * memory); 'staggered-wait' places with waits only, the schedule for a router whose forwarding
 * memory the comparison of docs/SCHEDULES.md measures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "construct/construct.h"
#include "util/rng.h"

/* Greedy passes: farthest first, then up to 1000 orders whose distances are jittered (a fixed
 * seed), then ten times as many steps of a hill climb, fewer where N is large: at most about
 * PACKET_BUDGET packet placements in all. Under s4noc each order is placed bufferless and with
 * waits. 0.7 s at torus:10x10 (bufferless), 1.4 s with both placements. */
#define LOCAL_PORT_TE_TRIES 1000
#define PACKET_BUDGET 1200000u
#define CLIMB_SPAN 6
/* jitter amplitudes, in turn: in trials on 5x5..10x10 each of them gave the best of some size */
static const double jitter[] = {1.0, 1.5, 2.5};

#define MAX_HOPS 4096 /* of one path: sum over dimensions of K_i / 2 */

/* What a pass has taken so far; allocated once, cleared for every pass. */
typedef struct {
  const topo *t;
  bool bufferless;
  uint32_t cap;            /* slots the tables hold */
  uint32_t last;           /* the last slot used */
  uint8_t *gen_used;       /* [slot * ports + port] */
  uint8_t *inj_used, *ej_used; /* [slot] */
} board;

typedef struct {
  int n;
  int port[MAX_HOPS];
} path;

/* One dimension's shortest moves from coordinate 0 to a: up to two (port, hops) choices. */
typedef struct {
  int count, port[2];
  uint32_t hops;
} dim_moves;

static dim_moves moves_of(const topo *t, int i, uint32_t a) {
  dim_moves m = {0, {0, 0}, 0};
  if (a == 0) return m;
  if (t->kind == TOPO_HYPERCUBE) return (dim_moves){1, {i, 0}, 1};
  uint32_t k = t->radix[i], down = k - a;
  m.hops = a < down ? a : down;
  if (a <= down || k == 2) m.port[m.count++] = 2 * i;
  if (down <= a && k > 2) m.port[m.count++] = 2 * i + 1;
  return m;
}

/* Slots of the hops of p from start (bufferless) or the earliest feasible ones; 0 if p does
 * not fit from start within the board. */
static uint32_t place(const board *b, const path *p, uint32_t start, uint32_t *slots) {
  int ports = b->t->ports;
  if (start >= b->cap || b->inj_used[start]) return 0;
  uint32_t s = start;
  for (int k = 0; k < p->n; k++) {
    bool last = k + 1 == p->n;
    if (b->bufferless) {
      s = start + (uint32_t)k;
      if (s >= b->cap || b->gen_used[(size_t)s * ports + p->port[k]] || (last && b->ej_used[s])) return 0;
    } else {
      if (k) s++;
      while (s < b->cap && (b->gen_used[(size_t)s * ports + p->port[k]] || (last && b->ej_used[s]))) {
        if (!k) return 0; /* the first hop is the injection: its slot is the start */
        s++;
      }
      if (s >= b->cap) return 0;
    }
    slots[k] = s;
  }
  return s;
}

/* The next permutation of a[0..n-1] in lexicographic order; false after the last. */
static bool next_permutation(int *a, int n) {
  int i = n - 2;
  while (i >= 0 && a[i] >= a[i + 1]) i--;
  if (i < 0) return false;
  int j = n - 1;
  while (a[j] <= a[i]) j--;
  int x = a[i];
  a[i] = a[j];
  a[j] = x;
  for (int l = i + 1, r = n - 1; l < r; l++, r--) x = a[l], a[l] = a[r], a[r] = x;
  return true;
}

/* Places packet dest at the end that comes first over its candidate paths and starts, and adds
 * its rows to s unless s is NULL; 0, or -1 if memory runs out. */
static int place_packet(sched *s, board *b, uint32_t dest) {
  const topo *t = b->t;
  int dims[TOPO_MAX_DIMS], nd = 0;
  dim_moves mv[TOPO_MAX_DIMS];
  for (int i = 0; i < t->ndims; i++) {
    mv[i] = moves_of(t, i, topo_coord(t, dest, i));
    if (mv[i].count) dims[nd++] = i;
  }
  uint32_t best_end = 0, slots[MAX_HOPS], best_slots[MAX_HOPS];
  path p, best = {0, {0}};
  /* orders: every permutation of up to four dimensions, else the rotations */
  int order[TOPO_MAX_DIMS], rotation = 0;
  memcpy(order, dims, sizeof order);
  for (bool more = true; more;) {
    uint32_t choices = 1;
    for (int j = 0; j < nd; j++) choices *= (uint32_t)mv[order[j]].count;
    for (uint32_t c = 0; c < choices; c++) {
      p.n = 0;
      for (int j = 0, rest = (int)c; j < nd; j++) {
        const dim_moves *m = &mv[order[j]];
        int port = m->port[rest % m->count];
        rest /= m->count;
        for (uint32_t h = 0; h < m->hops; h++) p.port[p.n++] = port;
      }
      for (uint32_t start = 1; start < b->cap && (!best_end || start + (uint32_t)p.n - 1 < best_end); start++) {
        uint32_t end = place(b, &p, start, slots);
        if (end && (!best_end || end < best_end)) {
          best_end = end;
          best = p;
          memcpy(best_slots, slots, (size_t)p.n * sizeof *slots);
        }
        if (end) break; /* later starts end no earlier */
      }
    }
    if (nd <= 4) more = next_permutation(order, nd);
    else if ((more = ++rotation < nd)) /* rotate the dimension order by one */
      for (int j = 0; j < nd; j++) order[j] = dims[(j + rotation) % nd];
  }
  if (!best_end) return -1; /* the board holds every packet one after another: never */
  b->inj_used[best_slots[0]] = 1;
  b->ej_used[best_end] = 1;
  if (best_end > b->last) b->last = best_end;
  uint32_t at = 0;
  for (int k = 0; k < best.n; k++) {
    b->gen_used[(size_t)best_slots[k] * t->ports + best.port[k]] = 1;
    uint32_t next = (uint32_t)topo_neighbor(t, at, best.port[k]);
    if (s && sched_add(s, best_slots[k], at, next, 0, (int32_t)dest)) return -1;
    at = next;
  }
  return 0;
}

int local_port_te_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  uint64_t hops = 0;
  for (int i = 0; i < t->ndims; i++) hops += t->kind == TOPO_HYPERCUBE ? 1 : t->radix[i] / 2;
  if (hops <= MAX_HOPS) return 0;
  snprintf(why, len, "construction 'staggered' takes paths of at most %d hops; %s has diameter %llu", MAX_HOPS, t->name,
           (unsigned long long)hops);
  return -1;
}

/* One greedy pass over order, placed bufferless or with waits, its rows added to rows unless
 * NULL; returns the slots it takes (0 if memory runs out). */
static uint32_t greedy_pass(board *b, const uint32_t *order, uint32_t m, bool bufferless, sched *rows) {
  b->bufferless = bufferless;
  b->last = 0;
  memset(b->gen_used, 0, (size_t)b->cap * (size_t)b->t->ports);
  memset(b->inj_used, 0, b->cap);
  memset(b->ej_used, 0, b->cap);
  for (uint32_t i = 0; i < m; i++)
    if (place_packet(rows, b, order[i])) return 0;
  return b->last;
}

typedef struct {
  double key;
  uint32_t node;
} keyed;

static int by_key_desc(const void *a, const void *b) {
  const keyed *x = a, *y = b;
  return x->key < y->key ? 1 : x->key > y->key ? -1 : (x->node > y->node) - (x->node < y->node);
}

/* The best pass so far: its slots (0: none yet), order and placement. */
typedef struct {
  uint32_t slots, *order;
  bool bufferless;
} best_pass;

/* Places order bufferless (if bufferless) and with waits (if waits), keeping in *best a pass
 * with fewer slots than best's; returns the fewer slots of the two placements. */
static uint32_t try_order(board *b, const uint32_t *order, uint32_t m, bool bufferless, bool waits, best_pass *best) {
  uint32_t fewest = 0;
  for (int placement = bufferless ? 0 : 1; placement < (waits ? 2 : 1); placement++) {
    uint32_t slots = greedy_pass(b, order, m, placement == 0, NULL);
    if (!fewest || slots < fewest) fewest = slots;
    if (!best->slots || slots < best->slots) {
      *best = (best_pass){slots, best->order, placement == 0};
      memcpy(best->order, order, m * sizeof *order);
    }
  }
  return fewest;
}

/* Orders by jittered distance, then a hill climb from the best: a few packets swapped with one
 * at most CLIMB_SPAN places later, kept when no worse. The passes only count slots; the best
 * (the first among equals) is placed once more, into s. */
static int best_of_passes(sched *s, bool bufferless, bool waits) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes, m = n - 1, *order = malloc((size_t)n * sizeof *order);
  uint32_t *cur = malloc((size_t)n * sizeof *cur);
  keyed *k = malloc((size_t)n * sizeof *k);
  best_pass best = {0, malloc((size_t)n * sizeof *best.order), true};
  board b = {t, bufferless, (uint32_t)(topo_dist_sum_from(t, 0) + n + 2), 0, NULL, NULL, NULL};
  b.gen_used = malloc((size_t)b.cap * (size_t)t->ports);
  b.inj_used = malloc(b.cap);
  b.ej_used = malloc(b.cap);
  int rc = order && cur && k && best.order && b.gen_used && b.inj_used && b.ej_used ? 0 : -1;
  rng r;
  rng_seed(&r, 17);
  uint32_t tries = PACKET_BUDGET / 11 / (m ? m : 1);
  if (tries > LOCAL_PORT_TE_TRIES) tries = LOCAL_PORT_TE_TRIES;
  if (tries < 1) tries = 1;
  for (uint32_t attempt = 0; attempt < tries && !rc; attempt++) {
    for (uint32_t v = 1; v < n; v++) /* attempt 0: farthest first by id; then distances jittered */
      k[v - 1] = (keyed){topo_dist(t, 0, v) + (attempt ? jitter[attempt % 3] * rng_uniform(&r) : 0), v};
    qsort(k, m, sizeof *k, by_key_desc);
    for (uint32_t i = 0; i < m; i++) order[i] = k[i].node;
    try_order(&b, order, m, bufferless, waits, &best);
  }
  uint32_t cur_slots = best.slots;
  if (!rc) memcpy(cur, best.order, m * sizeof *cur);
  for (uint32_t step = 0; step < 10 * tries && !rc && m > 1; step++) {
    memcpy(order, cur, m * sizeof *order);
    for (uint64_t swaps = 1 + rng_next(&r) % 3; swaps--;) {
      uint32_t a = (uint32_t)(rng_next(&r) % m), c = a + 1 + (uint32_t)(rng_next(&r) % CLIMB_SPAN), x;
      if (c >= m) c = m - 1;
      x = order[a], order[a] = order[c], order[c] = x;
    }
    uint32_t slots = try_order(&b, order, m, bufferless, waits, &best);
    if (slots <= cur_slots) {
      cur_slots = slots;
      memcpy(cur, order, m * sizeof *cur);
    }
  }
  s->is_template = true;
  if (!rc && m && !greedy_pass(&b, best.order, m, best.bufferless, s)) rc = -1;
  free(order);
  free(cur);
  free(k);
  free(best.order);
  free(b.gen_used);
  free(b.inj_used);
  free(b.ej_used);
  return rc;
}

int local_port_te(sched *s) { return best_of_passes(s, true, !model_is_bufferless(s->model)); }

int local_port_te_waits(sched *s) { return best_of_passes(s, false, true); }
