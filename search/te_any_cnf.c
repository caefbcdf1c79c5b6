/* te_any_cnf.c — the total exchange over whole schedules (see te_any_cnf.h). */
#include "te_any_cnf.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t packet_index(const te_any_vars *m, uint32_t s, uint32_t a, uint32_t b) {
  return ((uint64_t)(s - 1) * m->nodes + a) * m->nodes + b;
}

static int *cross_slot(const te_any_vars *m, uint32_t s, uint32_t a, uint32_t b, uint32_t u, int p) {
  return &m->cross[(packet_index(m, s, a, b) * m->nodes + u) * (uint64_t)m->ports + (uint64_t)p];
}

/* The literal "packet (a, b) is at v at the end of slot s": at s = 0 the constant (truth at a,
 * 0 = false elsewhere); 0 also outside the window. */
static int at(const te_any_vars *m, uint32_t s, uint32_t a, uint32_t b, uint32_t v) {
  if (s == 0) return v == a ? m->truth : 0;
  return m->at[packet_index(m, s, a, b) * m->nodes + v];
}

/* Packet (a, b) may be at v at the end of slot s (te_any_cnf.h's window; with shortest, v on a
 * shortest path from a to b). */
static bool may_be_at(const topo *t, const te_any_vars *m, uint32_t a, uint32_t b, uint32_t v, uint32_t s) {
  uint32_t from_a = topo_dist(t, a, v), to_b = topo_dist(t, v, b);
  return from_a <= s && to_b <= m->slots - s && (!m->shortest || from_a + to_b == topo_dist(t, a, b));
}

/* A variable for each place a packet can be and each crossing between two such places. */
static void make_variables(const topo *t, te_any_vars *m, cnf *f) {
  uint32_t n = m->nodes;
  for (uint32_t s = 1; s <= m->slots; s++)
    for (uint32_t a = 0; a < n; a++)
      for (uint32_t b = 0; b < n; b++)
        for (uint32_t v = 0; v < n && a != b; v++) {
          if (may_be_at(t, m, a, b, v, s)) m->at[packet_index(m, s, a, b) * n + v] = cnf_var(f);
          for (int p = 0; p < m->ports; p++) {
            int64_t w = topo_neighbor(t, v, p);
            if (w >= 0 && may_be_at(t, m, a, b, v, s - 1) && may_be_at(t, m, a, b, (uint32_t)w, s) &&
                (!m->shortest || topo_dist(t, a, (uint32_t)w) == topo_dist(t, a, v) + 1))
              *cross_slot(m, s, a, b, v, p) = cnf_var(f);
          }
        }
}

/* Packet (a, b) at node v in slot s: v sends it only if it was there at the start, and it is
 * there at the end only if it was at the start or a link brought it. */
static void packet_clauses(const topo *t, const te_any_vars *m, uint32_t s, uint32_t a, uint32_t b, uint32_t v,
                           cnf *f) {
  int clause[2 * TOPO_MAX_DIMS + 2], port[2 * TOPO_MAX_DIMS];
  uint32_t from[2 * TOPO_MAX_DIMS];
  int before = at(m, s - 1, a, b, v);
  for (int p = 0; p < m->ports; p++) {
    int x = *cross_slot(m, s, a, b, v, p);
    if (x && before) cnf_2(f, -x, before);
    else if (x) cnf_1(f, -x);
  }
  int here = at(m, s, a, b, v);
  if (!here || before == m->truth) return;
  size_t n = 0, in = (size_t)topo_in_links(t, v, from, port);
  clause[n++] = -here;
  if (before) clause[n++] = before;
  for (size_t i = 0; i < in; i++) {
    int x = *cross_slot(m, s, a, b, from[i], port[i]);
    if (x) clause[n++] = x;
  }
  cnf_clause(f, clause, n);
}

/* Appends to load the crossings of every packet over u's port p in slot s. */
static size_t link_load(const te_any_vars *m, uint32_t s, uint32_t u, int p, int *load, size_t n) {
  for (uint32_t a = 0; a < m->nodes; a++)
    for (uint32_t b = 0; b < m->nodes; b++) {
      int x = a == b ? 0 : *cross_slot(m, s, a, b, u, p);
      if (x) load[n++] = x;
    }
  return n;
}

/* Node u's share of slot s's capacity: under mla and oneway its links (oneway: each link once,
 * from its lower end), under sp-full its sends and its receptions, under sp-half both. */
static void node_capacity(const topo *t, const te_any_vars *m, uint32_t s, uint32_t u, int *load, cnf *f) {
  int port[2 * TOPO_MAX_DIMS];
  uint32_t from[2 * TOPO_MAX_DIMS];
  size_t sends = 0, all = 0, in = (size_t)topo_in_links(t, u, from, port);
  for (int p = 0; p < t->ports; p++) {
    int64_t w = topo_neighbor(t, u, p);
    if (w < 0) continue;
    if (m->model == MODEL_MLA || m->model == MODEL_ONEWAY) {
      if (m->model == MODEL_ONEWAY && (uint64_t)w < u) continue;
      size_t n = link_load(m, s, u, p, load, 0);
      if (m->model == MODEL_ONEWAY) n = link_load(m, s, (uint32_t)w, topo_port_to(t, (uint32_t)w, u), load, n);
      cnf_at_most_one(f, load, n);
    } else {
      sends = link_load(m, s, u, p, load, sends);
    }
  }
  if (m->model == MODEL_MLA || m->model == MODEL_ONEWAY) return;
  if (m->model == MODEL_SP_FULL) cnf_at_most_one(f, load, sends);
  all = m->model == MODEL_SP_FULL ? 0 : sends;
  for (size_t i = 0; i < in; i++) all = link_load(m, s, from[i], port[i], load, all);
  cnf_at_most_one(f, load, all);
}

/* Every packet (a, b) at its destination at the end of slot S, if the literal `when` holds (0:
 * always), and, when `when` is a selector of S < slots, the window of a formula built for S:
 * not at v at the end of slot s < S where dist(v, b) > S - s. */
static void completion_clauses(const topo *t, const te_any_vars *m, uint32_t S, int when, cnf *f) {
  for (uint32_t a = 0; a < m->nodes; a++)
    for (uint32_t b = 0; b < m->nodes; b++) {
      if (a == b) continue;
      cnf_if(f, when, at(m, S, a, b, b));
      for (uint32_t s = 1; s < S && when; s++)
        for (uint32_t v = 0; v < m->nodes; v++) {
          int x = at(m, s, a, b, v);
          if (x && topo_dist(t, v, b) > S - s) cnf_2(f, -when, -x);
        }
    }
}

int te_any_cnf(const topo *t, model_kind model, uint32_t slots, uint32_t from, bool shortest, cnf *f, te_any_vars *m,
               char *err, size_t errlen) {
  uint64_t n = t->nodes, ncross = (uint64_t)slots * n * n * n * (uint64_t)t->ports, nat = (uint64_t)slots * n * n * n;
  *m = (te_any_vars){.nodes = t->nodes, .slots = slots, .from = from, .ports = t->ports, .model = model,
                     .shortest = shortest};
  if (model != MODEL_MLA && model != MODEL_ONEWAY && model != MODEL_SP_FULL && model != MODEL_SP_HALF) {
    snprintf(err, errlen, "model %s: the te formula is for mla, oneway, sp-full and sp-half", model_name(model));
    return -1;
  }
  if (ncross + nat > 30000000u) {
    snprintf(err, errlen, "%s in %u slots: %llu map entries, over the 3e7 this formula allows", t->name, (unsigned)slots,
             (unsigned long long)(ncross + nat));
    return -1;
  }
  m->cross = calloc(ncross ? ncross : 1, sizeof *m->cross);
  m->at = calloc(nat ? nat : 1, sizeof *m->at);
  m->selector = from ? calloc(slots - from + 1, sizeof *m->selector) : NULL;
  int *load = malloc(2 * n * n * (uint64_t)t->ports * sizeof *load + 1);
  if (!m->cross || !m->at || !load || (from && !m->selector)) {
    free(load);
    snprintf(err, errlen, "out of memory building the te formula of %s", t->name);
    return -1;
  }
  m->truth = cnf_var(f);
  cnf_1(f, m->truth);
  make_variables(t, m, f);
  for (uint32_t s = 1; s <= slots; s++) {
    for (uint32_t a = 0; a < n; a++)
      for (uint32_t b = 0; b < n; b++)
        for (uint32_t v = 0; v < n && a != b; v++) packet_clauses(t, m, s, a, b, v, f);
    for (uint32_t u = 0; u < n; u++) node_capacity(t, m, s, u, load, f);
  }
  free(load);
  if (!from) completion_clauses(t, m, slots, 0, f);
  for (uint32_t S = from; from && S <= slots; S++)
    completion_clauses(t, m, S, m->selector[S - from] = cnf_var(f), f);
  if (f->oom) {
    snprintf(err, errlen, "out of memory building the te formula of %s", t->name);
    return -1;
  }
  return 0;
}

/* Packet (a, b)'s earliest arrivals under the model's true crossings (arrival: slots, or
 * UINT32_MAX; parent: the node it came from), then its path back from b into s. */
static int decode_packet(const topo *t, const te_any_vars *m, const int *value, uint32_t a, uint32_t b,
                         uint32_t *arrival, uint32_t *parent, sched *s) {
  uint32_t n = m->nodes;
  for (uint32_t v = 0; v < n; v++) arrival[v] = UINT32_MAX;
  arrival[a] = 0;
  for (uint32_t slot = 1; slot <= m->slots; slot++)
    for (uint32_t u = 0; u < n; u++)
      for (int p = 0; p < m->ports && arrival[u] < slot; p++) {
        int x = *cross_slot(m, slot, a, b, u, p);
        int64_t w = topo_neighbor(t, u, p);
        if (x && value[x] > 0 && arrival[w] == UINT32_MAX) arrival[w] = slot, parent[w] = u;
      }
  if (arrival[b] == UINT32_MAX) return -1;
  for (uint32_t v = b; v != a; v = parent[v])
    if (sched_add(s, arrival[v], parent[v], v, a, (int32_t)b)) return -1;
  return 0;
}

int te_any_decode(const topo *t, const te_any_vars *m, const int *value, sched *s) {
  uint32_t *arrival = malloc(m->nodes * sizeof *arrival), *parent = malloc(m->nodes * sizeof *parent);
  int rc = arrival && parent ? 0 : -1;
  for (uint32_t a = 0; a < m->nodes && !rc; a++)
    for (uint32_t b = 0; b < m->nodes && !rc; b++)
      if (a != b) rc = decode_packet(t, m, value, a, b, arrival, parent, s);
  free(arrival);
  free(parent);
  return rc;
}

void te_any_vars_free(te_any_vars *m) {
  free(m->cross);
  free(m->at);
  free(m->selector);
  m->cross = m->at = m->selector = NULL;
}
