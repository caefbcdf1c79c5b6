/* te_lean_cnf.c — the te template formula with few sources per port (see te_lean_cnf.h). */
#include "te_lean_cnf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagonal_windows.h"
#include "shift_symmetry.h"

static int *y_at(const te_lean_vars *m, uint32_t d, uint32_t t, int g) {
  return &m->y[((size_t)(d - 1) * m->slots + (t - 1)) * (size_t)m->ngens + (size_t)g];
}

/* The dimension of generator g and its direction: +1, or -1 for port 2i+1 of a ring or torus. */
static int gen_dim(const topo *t, int port) { return t->kind == TOPO_HYPERCUBE ? port : port / 2; }
static int gen_minus(const topo *t, int port) { return t->kind != TOPO_HYPERCUBE && port % 2; }

/* The moves packet d makes by generator g on a shortest path: 0 if g is not on one; at the
 * half ring (*half set) by either direction of the dimension, one of which is chosen. */
static uint32_t moves_by(const topo *t, uint32_t d, int port, int *half) {
  int i = gen_dim(t, port);
  uint32_t k = t->radix[i], a = topo_coord(t, d, i);
  *half = 0;
  if (a == 0) return 0;
  if (k == 2) return 1;
  if (2 * a == k) {
    *half = 1;
    return a;
  }
  int minus = 2 * a > k;
  return minus == gen_minus(t, port) ? (minus ? k - a : a) : 0;
}

/* The moves of d by each generator: exactly as many as its offsets need. */
static int count_clauses(const topo *t, const te_lean_vars *m, uint32_t d, cnf *f, int *lit) {
  for (int g = 0; g < m->ngens; g++) {
    int half;
    uint32_t c = moves_by(t, d, m->port[g], &half);
    if (!c || (half && gen_minus(t, m->port[g]))) continue; /* the half ring: from its + generator */
    size_t n = 0;
    for (uint32_t s = m->lo[d]; s <= m->hi[d]; s++) lit[n++] = *y_at(m, d, s, g);
    if (!half) {
      if (cnf_exactly(f, lit, n, c, 0)) return -1;
      continue;
    }
    int h = -1; /* the - generator of the same dimension */
    for (int j = 0; j < m->ngens; j++)
      if (gen_dim(t, m->port[j]) == gen_dim(t, m->port[g]) && j != g) h = j;
    int plus = cnf_var(f);
    if (cnf_exactly(f, lit, n, c, plus)) return -1;
    for (size_t k = 0; k < n; k++) cnf_2(f, plus, -lit[k]);
    for (uint32_t s = m->lo[d]; s <= m->hi[d]; s++) lit[s - m->lo[d]] = *y_at(m, d, s, h);
    if (cnf_exactly(f, lit, n, c, -plus)) return -1;
    for (size_t k = 0; k < n; k++) cnf_2(f, -plus, -lit[k]);
  }
  return 0;
}

/* One move per slot; moved(s) says d moves in slot s; no rest of max_wait slots between two moves;
 * the sources of each move; all within d's window lo..hi. moved[] is scratch of slots + 1 entries. */
static void move_clauses(const te_lean_vars *m, uint32_t d, cnf *f, int *lit, int *moved) {
  uint32_t S = m->slots, lo = m->lo[d], hi = m->hi[d];
  int W = m->max_wait;
  for (uint32_t s = lo; s <= hi; s++) {
    size_t n = 0;
    for (int g = 0; g < m->ngens; g++)
      if (*y_at(m, d, s, g)) lit[n++] = *y_at(m, d, s, g);
    cnf_at_most_one(f, lit, n);
    moved[s] = cnf_var(f);
    for (size_t k = 0; k < n; k++) cnf_2(f, -lit[k], moved[s]);
    lit[n] = -moved[s];
    cnf_clause(f, lit, n + 1);
  }
  /* started(s): a move in lo..s; pending(s): a move in s..hi; never W rests between them */
  int *started = lit, *pending = lit + S + 1;
  for (uint32_t s = lo; s <= hi; s++) {
    started[s] = cnf_var(f), pending[s] = cnf_var(f);
    cnf_2(f, -moved[s], started[s]);
    cnf_2(f, -moved[s], pending[s]);
    if (s > lo) cnf_2(f, -started[s - 1], started[s]);
  }
  for (uint32_t s = hi; s > lo; s--) cnf_2(f, -pending[s], pending[s - 1]);
  for (uint32_t s = lo; s + (uint32_t)W + 1 <= hi; s++) {
    int c[LANE_MAX_WAIT + 2], n = 0;
    c[n++] = -started[s];
    for (int w = 1; w <= W; w++) c[n++] = moved[s + (uint32_t)w];
    c[n++] = -pending[s + (uint32_t)W + 1];
    cnf_clause(f, c, (size_t)n);
  }
  /* sources */
  for (uint32_t s = lo; s <= hi; s++)
    for (int g = 0; g < m->ngens; g++) {
      int y = *y_at(m, d, s, g);
      if (!y) continue;
      int c[LANE_MAX_WAIT + 2], n = 0; /* no move in the W slots before: the first move */
      c[n++] = -y;
      for (int w = 1; w <= W && (uint32_t)w <= s - lo; w++) c[n++] = moved[s - (uint32_t)w];
      c[n++] = m->lanes.own[g];
      cnf_clause(f, c, (size_t)n);
      for (int w = 1; w <= W && (uint32_t)w <= s - lo; w++)
        for (int i = 0; i < m->ngens; i++) {
          int x = *y_at(m, d, s - (uint32_t)w, i);
          if (!x) continue;
          if (w == 1) cnf_3(f, -y, -x, m->lanes.src[g][i][0]);
          else {
            int q[4] = {-y, -x, moved[s - 1], m->lanes.src[g][i][w - 1]};
            cnf_clause(f, q, 4);
          }
        }
    }
}

int te_lean_cnf(const topo *t, uint32_t slots, int max_wait, int sources, symmetry_kind symmetry, int diagonals, int window,
                cnf *f, te_lean_vars *m, char *err, size_t errlen) {
  memset(m, 0, sizeof *m);
  if (t->kind == TOPO_MESH || t->kind == TOPO_COMPLETE) { /* gen_dim: two ports per dimension */
    snprintf(err, errlen, "topology '%s': te templates for small routers are searched on hypercubes, rings and tori only",
             t->name);
    return -1;
  }
  if (symmetry && shift_check(t, symmetry, err, errlen)) return -1;
  uint32_t n = t->nodes;
  for (int p = 0; p < t->ports; p++)
    if (topo_neighbor(t, 0, p) >= 0) m->port[m->ngens++] = p;
  if ((uint64_t)(n - 1) * slots * (uint64_t)m->ngens > TE_LEAN_MAX_VARS) {
    snprintf(err, errlen, "%s in %u slots: more than %u variables, too large for the te formula", t->name,
             (unsigned)slots, TE_LEAN_MAX_VARS);
    return -1;
  }
  m->slots = slots, m->max_wait = max_wait, m->sources = sources;
  size_t ny = (size_t)(n - 1) * slots * (size_t)m->ngens;
  m->y = calloc(ny ? ny : 1, sizeof *m->y);
  m->lo = malloc(n * sizeof *m->lo), m->hi = malloc(n * sizeof *m->hi);
  /* the longest clause: a packet's slots (twice, for started and pending), or a slot's packets */
  size_t longest = 2 * ((size_t)slots + 1) + n + 1;
  int *lit = malloc(longest * sizeof *lit), *moved = malloc(((size_t)slots + 1) * sizeof *moved);
  uint8_t *open = calloc((size_t)slots + 1, 1);
  int failed = !m->y || !m->lo || !m->hi || !lit || !moved || !open;
  if (failed) goto out;
  for (uint32_t d = 0; d < n; d++) m->lo[d] = 1, m->hi[d] = slots; /* every packet: any slot */
  if (diagonals && diagonal_windows(t, slots, m->lo, m->hi, err, errlen)) {
    free(lit);
    free(moved);
    free(open);
    te_lean_vars_free(m);
    return -1;
  }
  if (diagonals && window >= 0) /* window `window`'s packets only (windows of hi - lo + 1 slots); no slot for the others */
    for (uint32_t d = 1; d < n; d++)
      if ((m->lo[d] - 1) / (m->hi[d] - m->lo[d] + 1) != (uint32_t)window) m->lo[d] = 1, m->hi[d] = 0;
  for (uint32_t d = 1; d < n; d++)
    for (int g = 0; g < m->ngens && m->lo[d] <= m->hi[d]; g++) {
      int half;
      if (moves_by(t, d, m->port[g], &half))
        for (uint32_t s = m->lo[d]; s <= m->hi[d]; s++) *y_at(m, d, s, g) = cnf_var(f);
    }
  lane_sources_new(f, m->ngens, max_wait, &m->lanes);
  /* the packets searched, their moves, and the slots they may move in */
  uint64_t hops = 0, open_slots = 0;
  for (uint32_t d = 1; d < n && !failed; d++) {
    if (m->lo[d] > m->hi[d]) continue;
    hops += topo_dist(t, 0, d);
    for (uint32_t s = m->lo[d]; s <= m->hi[d]; s++) open_slots += !open[s], open[s] = 1;
    failed = count_clauses(t, m, d, f, lit) != 0;
    move_clauses(m, d, f, lit, moved);
  }
  /* every generator at most once per slot; exactly once in the open slots when the moves fill
   * all their links (as at the te bound) */
  int full = open_slots * (uint64_t)m->ngens == hops;
  for (uint32_t s = 1; s <= slots && !failed; s++)
    for (int g = 0; g < m->ngens; g++) {
      size_t k = 0;
      for (uint32_t d = 1; d < n; d++)
        if (*y_at(m, d, s, g)) lit[k++] = *y_at(m, d, s, g);
      cnf_at_most_one(f, lit, k);
      if (full && k) cnf_clause(f, lit, k);
    }
  if (symmetry && !failed) shift_symmetry_clauses(f, t, symmetry, m->port, m->ngens, slots, m->y);
  failed = failed || lane_sources_bound(f, &m->lanes, sources) != 0; /* at most `sources` per output port */
out:
  free(lit);
  free(moved);
  free(open);
  if (!failed && !f->oom) return 0;
  te_lean_vars_free(m);
  snprintf(err, errlen, "out of memory building the te formula for %s", t->name);
  return -1;
}

int te_lean_decode(const topo *t, const te_lean_vars *m, const int *value, sched *s) {
  s->is_template = true;
  for (uint32_t d = 1; d < t->nodes; d++) {
    uint32_t at = 0;
    for (uint32_t sl = 1; sl <= m->slots; sl++)
      for (int g = 0; g < m->ngens; g++) {
        int y = *y_at(m, d, sl, g);
        if (!y || value[y] <= 0) continue;
        uint32_t next = (uint32_t)topo_neighbor(t, at, m->port[g]);
        if (sched_add(s, sl, at, next, 0, (int32_t)d)) return -1;
        at = next;
      }
  }
  return 0;
}

void te_lean_used_sources(const te_lean_vars *m, uint32_t nodes, const int *value, lane_set *used) {
  for (uint32_t d = 1; d < nodes; d++) {
    uint32_t last = 0; /* the slot of d's latest move so far, 0 before its first */
    int last_g = 0;
    for (uint32_t s = m->lo[d]; s <= m->hi[d]; s++)
      for (int g = 0; g < m->ngens; g++) {
        int y = *y_at(m, d, s, g);
        if (!y || value[y] <= 0) continue;
        if (last && s - last <= (uint32_t)m->max_wait) used->src[g][last_g][s - last - 1] = true;
        else used->own[g] = true;
        last = s, last_g = g;
      }
  }
}

void te_lean_vars_free(te_lean_vars *m) {
  free(m->y);
  free(m->lo);
  free(m->hi);
  memset(m, 0, sizeof *m);
}
