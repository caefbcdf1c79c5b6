/* snb_sp_cnf.c — the single-port broadcast over whole schedules (see snb_sp_cnf.h). */
#include "snb_sp_cnf.h"

#include <stdio.h>
#include <stdlib.h>

static int send_var(const snb_sp_vars *m, uint32_t u, int p, uint32_t s) {
  return m->send0 + (int)(((s - 1) * m->nodes + u) * (uint32_t)m->ports) + p;
}

/* The literal "v holds the packet at the end of slot s": a constant at s = 0 (0: false, as a
 * literal that is never added; the caller tests it). */
static int informed(const snb_sp_vars *m, uint32_t v, uint32_t s) {
  return s ? m->inform1 + (int)((s - 1) * m->nodes + v) : 0;
}

/* Slot s's clauses for node v: it sends only what it held at the start of the slot, it holds
 * the packet at the end only if it did before or a link brought it, and the port limits. */
static void node_clauses(const topo *t, model_kind model, const snb_sp_vars *m, uint32_t v, uint32_t s, cnf *f) {
  int sends[2 * TOPO_MAX_DIMS], recvs[2 * TOPO_MAX_DIMS], both[4 * TOPO_MAX_DIMS], clause[2 * TOPO_MAX_DIMS + 2];
  uint32_t from[2 * TOPO_MAX_DIMS];
  int port[2 * TOPO_MAX_DIMS];
  size_t ns = 0, nr = (size_t)topo_in_links(t, v, from, port);
  for (int p = 0; p < m->ports; p++)
    if (topo_neighbor(t, v, p) >= 0) sends[ns++] = send_var(m, v, p, s);
  for (size_t i = 0; i < nr; i++) recvs[i] = send_var(m, from[i], port[i], s);
  for (size_t i = 0; i < ns; i++) { /* at the start of slot 1 only the root holds it */
    if (s > 1) cnf_2(f, -sends[i], informed(m, v, s - 1));
    else if (v != 0) cnf_1(f, -sends[i]);
  }
  if (s == 1 && v == 0) {
    cnf_1(f, informed(m, v, s));
  } else {
    size_t n = 0;
    clause[n++] = -informed(m, v, s);
    if (s > 1) clause[n++] = informed(m, v, s - 1);
    for (size_t i = 0; i < nr; i++) clause[n++] = recvs[i];
    cnf_clause(f, clause, n);
  }
  if (s > 1) cnf_2(f, -informed(m, v, s - 1), informed(m, v, s)); /* a held packet stays */
  if (model == MODEL_SP_FULL) { /* one sent and one received */
    cnf_at_most_one(f, sends, ns);
    cnf_at_most_one(f, recvs, nr);
  } else { /* sp-half: one sent or received */
    for (size_t i = 0; i < ns; i++) both[i] = sends[i];
    for (size_t i = 0; i < nr; i++) both[ns + i] = recvs[i];
    cnf_at_most_one(f, both, ns + nr);
  }
}

int snb_sp_cnf(const topo *t, model_kind model, uint32_t slots, cnf *f, snb_sp_vars *m, char *err, size_t errlen) {
  if (model != MODEL_SP_FULL && model != MODEL_SP_HALF) {
    snprintf(err, errlen, "model %s: the snb formula is for sp-full and sp-half", model_name(model));
    return -1;
  }
  if (slots == 0) {
    snprintf(err, errlen, "--slots 0: the broadcast needs at least one slot on %s", t->name);
    return -1;
  }
  *m = (snb_sp_vars){.nodes = t->nodes, .slots = slots, .ports = t->ports};
  uint64_t nsend = (uint64_t)slots * t->nodes * (uint64_t)t->ports, ninf = (uint64_t)slots * t->nodes;
  if (nsend + ninf > 100000000u) {
    snprintf(err, errlen, "%s in %u slots: %llu variables, over the 1e8 this formula allows", t->name, (unsigned)slots,
             (unsigned long long)(nsend + ninf));
    return -1;
  }
  for (uint64_t i = 0; i < nsend + ninf; i++) cnf_var(f);
  m->send0 = 1;
  m->inform1 = 1 + (int)nsend;
  for (uint32_t s = 1; s <= slots; s++)
    for (uint32_t v = 0; v < t->nodes; v++) node_clauses(t, model, m, v, s, f);
  for (uint32_t v = 0; v < t->nodes; v++) cnf_1(f, informed(m, v, slots));
  if (f->oom) {
    snprintf(err, errlen, "out of memory building the snb formula of %s", t->name);
    return -1;
  }
  return 0;
}

int snb_sp_decode(const topo *t, const snb_sp_vars *m, const int *value, sched *s) {
  uint8_t *held = calloc(m->nodes, 1), *fresh = calloc(m->nodes, 1);
  int rc = held && fresh ? 0 : -1;
  if (!rc) held[0] = 1;
  for (uint32_t slot = 1; slot <= m->slots && !rc; slot++) {
    for (uint32_t u = 0; u < m->nodes && !rc; u++)
      for (int p = 0; p < m->ports && !rc; p++) {
        int64_t w = topo_neighbor(t, u, p);
        if (w < 0 || value[send_var(m, u, p, slot)] <= 0 || !held[u] || held[w] || fresh[w]) continue;
        fresh[w] = 1;
        rc = sched_add(s, slot, u, (uint32_t)w, 0, -1);
      }
    for (uint32_t v = 0; v < m->nodes; v++) held[v] |= fresh[v], fresh[v] = 0;
  }
  free(held);
  free(fresh);
  return rc;
}
