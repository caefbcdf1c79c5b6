/* mnb_any_cnf.c — the multinode broadcast over whole schedules (see mnb_any_cnf.h). */
#include "mnb_any_cnf.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static int cross(const mnb_any_vars *m, uint32_t o, uint32_t u, int p, uint32_t s) {
  return m->cross0 + (int)((((uint64_t)(s - 1) * m->nodes + o) * m->nodes + u) * (uint64_t)m->ports) + p;
}

/* The literal "v holds o's packet at the end of slot s"; 0 (no literal) at s = 0. */
static int hold(const mnb_any_vars *m, uint32_t o, uint32_t v, uint32_t s) {
  return s ? m->hold1 + (int)(((uint64_t)(s - 1) * m->nodes + o) * m->nodes + v) : 0;
}

/* Origin o's packet at node v in slot s: v sends it only if it held it, holds it after only if
 * it did before or a link brought it. An origin without a packet (has_packet false) sends
 * nothing. */
static void packet_clauses(const topo *t, const mnb_any_vars *m, bool has_packet, uint32_t o, uint32_t v, uint32_t s,
                           cnf *f) {
  if (!has_packet) {
    for (int p = 0; p < m->ports; p++)
      if (topo_neighbor(t, v, p) >= 0) cnf_1(f, -cross(m, o, v, p, s));
    return;
  }
  int clause[2 * TOPO_MAX_DIMS + 2], port[2 * TOPO_MAX_DIMS];
  uint32_t from[2 * TOPO_MAX_DIMS];
  size_t n = (size_t)topo_in_links(t, v, from, port);
  for (size_t i = 0; i < n; i++) clause[i] = cross(m, o, from[i], port[i], s);
  for (int p = 0; p < m->ports; p++) {
    if (topo_neighbor(t, v, p) < 0) continue;
    int x = cross(m, o, v, p, s);
    if (s > 1) cnf_2(f, -x, hold(m, o, v, s - 1));
    else if (v != o) cnf_1(f, -x);
  }
  if (v == o) { /* the origin holds its own packet throughout */
    cnf_1(f, hold(m, o, v, s));
    return;
  }
  clause[n++] = -hold(m, o, v, s);
  if (s > 1) clause[n++] = hold(m, o, v, s - 1);
  cnf_clause(f, clause, n);
  if (s > 1) cnf_2(f, -hold(m, o, v, s - 1), hold(m, o, v, s));
}

/* Slot s's link capacity: a directed link carries one packet (mla); a link one packet in
 * either direction (oneway: each pair of ports once, from its lower node). */
static void capacity_clauses(const topo *t, const mnb_any_vars *m, uint32_t s, int *load, cnf *f) {
  for (uint32_t u = 0; u < m->nodes; u++)
    for (int p = 0; p < t->ports; p++) {
      int64_t w = topo_neighbor(t, u, p);
      if (w < 0 || (m->model == MODEL_ONEWAY && (uint64_t)w < u)) continue;
      size_t n = 0;
      for (uint32_t o = 0; o < m->nodes; o++) load[n++] = cross(m, o, u, p, s);
      if (m->model == MODEL_ONEWAY)
        for (uint32_t o = 0; o < m->nodes; o++) load[n++] = cross(m, o, (uint32_t)w, topo_port_to(t, (uint32_t)w, u), s);
      cnf_at_most_one(f, load, n);
    }
}

int mnb_any_cnf(const topo *t, model_kind model, const active_set *active, uint32_t slots, cnf *f, mnb_any_vars *m,
                char *err, size_t errlen) {
  if (slots == 0) {
    snprintf(err, errlen, "--slots 0: the mnb needs at least one slot on %s", t->name);
    return -1;
  }
  uint64_t n = t->nodes, ncross = (uint64_t)slots * n * n * (uint64_t)t->ports, nhold = (uint64_t)slots * n * n;
  if (ncross + nhold > 50000000u) {
    snprintf(err, errlen, "%s in %u slots: %llu variables, over the 5e7 this formula allows", t->name, (unsigned)slots,
             (unsigned long long)(ncross + nhold));
    return -1;
  }
  *m = (mnb_any_vars){.nodes = t->nodes, .slots = slots, .ports = t->ports, .model = model, .cross0 = 1,
                      .hold1 = 1 + (int)ncross};
  for (uint64_t i = 0; i < ncross + nhold; i++) cnf_var(f);
  int *load = malloc(2 * n * sizeof *load);
  bool *has_packet = malloc(n * sizeof *has_packet); /* [origin]: every node, or the active ones */
  if (!load || !has_packet) {
    free(load);
    free(has_packet);
    snprintf(err, errlen, "out of memory building the mnb formula of %s", t->name);
    return -1;
  }
  for (uint32_t o = 0; o < n; o++) has_packet[o] = !active;
  for (uint32_t i = 0; active && i < active->n; i++) has_packet[active->ids[i]] = true;
  for (uint32_t s = 1; s <= slots; s++) {
    for (uint32_t o = 0; o < n; o++)
      for (uint32_t v = 0; v < n; v++) packet_clauses(t, m, has_packet[o], o, v, s, f);
    capacity_clauses(t, m, s, load, f);
  }
  for (uint32_t o = 0; o < n; o++)
    for (uint32_t v = 0; v < n && has_packet[o]; v++) cnf_1(f, hold(m, o, v, slots));
  free(load);
  free(has_packet);
  if (f->oom) {
    snprintf(err, errlen, "out of memory building the mnb formula of %s", t->name);
    return -1;
  }
  return 0;
}

int mnb_any_decode(const topo *t, const mnb_any_vars *m, const int *value, sched *s) {
  uint64_t n = m->nodes;
  uint8_t *held = calloc(n * n, 1), *fresh = calloc(n * n, 1); /* [o * n + v] */
  int rc = held && fresh ? 0 : -1;
  for (uint64_t o = 0; o < n && !rc; o++) held[o * n + o] = 1;
  for (uint32_t slot = 1; slot <= m->slots && !rc; slot++) {
    for (uint32_t o = 0; o < n && !rc; o++)
      for (uint32_t u = 0; u < n && !rc; u++)
        for (int p = 0; p < m->ports && !rc; p++) {
          int64_t w = topo_neighbor(t, u, p);
          if (w < 0 || value[cross(m, o, u, p, slot)] <= 0 || !held[o * n + u] || held[o * n + (uint64_t)w] ||
              fresh[o * n + (uint64_t)w])
            continue;
          fresh[o * n + (uint64_t)w] = 1;
          rc = sched_add(s, slot, u, (uint32_t)w, o, -1);
        }
    for (uint64_t i = 0; i < n * n; i++) held[i] |= fresh[i], fresh[i] = 0;
  }
  free(held);
  free(fresh);
  return rc;
}
