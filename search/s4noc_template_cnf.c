/* s4noc_template_cnf.c — the bufferless S4NOC template formula (see s4noc_template_cnf.h). */
#include "s4noc_template_cnf.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

/* Literal lists, one per constraint group. */
typedef struct {
  int *lit;
  size_t n, cap;
} lits;

static int lits_push(lits *l, int x) {
  int *grown = grow_array(l->lit, &l->cap, l->n, sizeof *grown, 8);
  if (!grown) return -1;
  l->lit = grown;
  l->lit[l->n++] = x;
  return 0;
}

/* Every shortest path to dest: each direction choice, each interleaving of the dimensions'
 * runs (a multiset permutation, generated recursively). */
typedef struct {
  s4noc_placements *pl;
  uint32_t dest;
  int nd, left[TOPO_MAX_DIMS];
  uint8_t dport[TOPO_MAX_DIMS], seq[1024];
  int len;
  bool dim_order; /* each dimension's hops in one run (a dimension-order path, any order of dimensions) */
} path_maker;

static int add_path(path_maker *m) {
  s4noc_placements *pl = m->pl;
  s4noc_path *grown = grow_array(pl->path, &pl->cap, pl->npaths, sizeof *grown, 64);
  uint8_t *copy = malloc((size_t)m->len);
  if (grown) pl->path = grown;
  if (!grown || !copy) {
    free(copy);
    return -1;
  }
  memcpy(copy, m->seq, (size_t)m->len);
  pl->path[pl->npaths++] = (s4noc_path){m->dest, (uint16_t)m->len, copy, 0};
  return 0;
}

static int interleave(path_maker *m, int pos) {
  if (pos == m->len) return add_path(m);
  int running = -1; /* dim_order: the dimension whose run the last hop began or continued, if unfinished */
  for (int j = 0; m->dim_order && pos && j < m->nd; j++)
    if (m->seq[pos - 1] == m->dport[j] && m->left[j]) running = j;
  for (int j = 0; j < m->nd; j++) {
    if (!m->left[j] || (running >= 0 && j != running)) continue;
    m->left[j]--;
    m->seq[pos] = m->dport[j];
    int rc = interleave(m, pos + 1);
    m->left[j]++;
    if (rc) return rc;
  }
  return 0;
}

/* A packet's start slots: 1..slots - len + 1 one-shot, 1..period periodic. */
static uint32_t starts(const s4noc_placements *pl, uint32_t slots, uint32_t len) {
  if (pl->period) return pl->period;
  return slots >= len ? slots - len + 1 : 0;
}

/* The slot whose generators, starts or ends slot x shares: x itself one-shot, x mod the period
 * (as 1..period) periodic. */
static uint32_t wrap(const s4noc_placements *pl, uint32_t x) { return pl->period ? (x - 1) % pl->period + 1 : x; }

int s4noc_template_cnf(const topo *t, uint32_t slots, bool periodic, bool dim_order, cnf *f, s4noc_placements *pl,
                       char *err, size_t errlen) {
  memset(pl, 0, sizeof *pl);
  pl->period = periodic ? slots : 0;
  if (t->kind != TOPO_RING && t->kind != TOPO_TORUS) {
    snprintf(err, errlen, "the bufferless S4NOC formula is for rings and tori, not %s", t->name);
    return -1;
  }
  path_maker m = {pl, 0, 0, {0}, {0}, {0}, 0, dim_order};
  uint64_t placements = 0;
  for (uint32_t v = 1; v < t->nodes; v++) {
    int opts[TOPO_MAX_DIMS][2], nopt[TOPO_MAX_DIMS], hops[TOPO_MAX_DIMS], nd = 0, len = 0;
    for (int i = 0; i < t->ndims; i++) {
      uint32_t k = t->radix[i], a = topo_coord(t, v, i), down = k - a;
      if (!a) continue;
      hops[nd] = (int)(a < down ? a : down);
      nopt[nd] = 0;
      if (a <= down || k == 2) opts[nd][nopt[nd]++] = 2 * i; /* port 2i: +1 (topo.h) */
      if (down <= a && k > 2) opts[nd][nopt[nd]++] = 2 * i + 1;
      len += hops[nd++];
    }
    if (len > (int)sizeof m.seq) {
      snprintf(err, errlen, "%s: paths of %d hops are too long for the bufferless formula", t->name, len);
      s4noc_placements_free(pl);
      return -1;
    }
    int combos = 1;
    for (int j = 0; j < nd; j++) combos *= nopt[j];
    size_t before = pl->npaths;
    for (int c = 0, r; c < combos; c++) {
      r = c;
      for (int j = 0; j < nd; j++) {
        m.dport[j] = (uint8_t)opts[j][r % nopt[j]];
        r /= nopt[j];
        m.left[j] = hops[j];
      }
      m.dest = v, m.nd = nd, m.len = len;
      if (interleave(&m, 0)) {
        snprintf(err, errlen, "out of memory listing the paths of %s", t->name);
        s4noc_placements_free(pl);
        return -1;
      }
    }
    placements += (uint64_t)(pl->npaths - before) * starts(pl, slots, (uint32_t)len);
    if (placements > S4NOC_MAX_PLACEMENTS) {
      snprintf(err, errlen, "%s in %u slots: more than %u placements, too large for the bufferless formula", t->name,
               (unsigned)slots, S4NOC_MAX_PLACEMENTS);
      s4noc_placements_free(pl);
      return -1;
    }
  }
  /* the groups: a packet's placements; per slot its generators, its starts, its ends */
  size_t ngroups = (size_t)t->nodes + (size_t)(slots + 1) * ((size_t)t->ports + 2);
  lits *g = calloc(ngroups, sizeof *g);
  lits *packet = g, *gen = g + t->nodes, *start = gen + (size_t)(slots + 1) * t->ports, *end = start + slots + 1;
  int rc = g ? 0 : -1;
  for (size_t p = 0; p < pl->npaths && !rc; p++) {
    s4noc_path *path = &pl->path[p];
    for (uint32_t s = 1; s <= starts(pl, slots, path->len) && !rc; s++) {
      int x = cnf_var(f);
      if (s == 1) path->var = x;
      rc = lits_push(&packet[path->dest], x) || lits_push(&start[s], x) ||
           lits_push(&end[wrap(pl, s + path->len - 1)], x);
      for (uint32_t k = 0; k < path->len && !rc; k++)
        rc = lits_push(&gen[(size_t)wrap(pl, s + k) * t->ports + path->port[k]], x);
    }
  }
  for (uint32_t v = 1; v < t->nodes && !rc; v++) {
    if (!packet[v].n) cnf_false(f); /* a packet longer than the slots: no template */
    else cnf_clause(f, packet[v].lit, packet[v].n);
  }
  for (size_t i = t->nodes; i < ngroups && !rc; i++) cnf_at_most_one(f, g[i].lit, g[i].n);
  for (size_t i = 0; g && i < ngroups; i++) free(g[i].lit);
  free(g);
  if (rc || f->oom) {
    snprintf(err, errlen, "out of memory building the bufferless formula for %s", t->name);
    s4noc_placements_free(pl);
    return -1;
  }
  return 0;
}

int s4noc_template_decode(const topo *t, const s4noc_placements *pl, uint32_t slots, const int *value, sched *s) {
  char *placed = calloc(t->nodes, 1);
  if (!placed) return -1;
  s->is_template = true;
  int rc = 0;
  for (size_t p = 0; p < pl->npaths && !rc; p++) {
    const s4noc_path *path = &pl->path[p];
    for (uint32_t st = 1; st <= starts(pl, slots, path->len) && !rc && !placed[path->dest]; st++) {
      if (value[path->var + (int)st - 1] <= 0) continue;
      placed[path->dest] = 1;
      uint32_t at = 0;
      for (uint32_t k = 0; k < path->len && !rc; k++) {
        uint32_t next = (uint32_t)topo_neighbor(t, at, path->port[k]);
        rc = sched_add(s, st + k, at, next, 0, (int32_t)path->dest);
        at = next;
      }
    }
  }
  free(placed);
  return rc;
}

void s4noc_placements_free(s4noc_placements *pl) {
  for (size_t p = 0; p < pl->npaths; p++) free(pl->path[p].port);
  free(pl->path);
  memset(pl, 0, sizeof *pl);
}
