/* mnb_lean_cnf.c — the mnb template formula with few sources per port (see mnb_lean_cnf.h). */
#include "mnb_lean_cnf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shift_symmetry.h"

static int *x_at(const mnb_lean_vars *m, uint32_t v, uint32_t t, int g) {
  return &m->x[((size_t)(v - 1) * m->slots + (t - 1)) * (size_t)m->ngens + (size_t)g];
}

/* A node's parent by generator g. */
static uint32_t parent(const topo *t, const mnb_lean_vars *m, uint32_t v, int g) {
  return (uint32_t)topo_neighbor(t, v, m->inverse[g]);
}

int mnb_lean_cnf(const topo *t, uint32_t slots, int max_wait, int sources, symmetry_kind symmetry, cnf *f,
                 mnb_lean_vars *m, char *err, size_t errlen) {
  memset(m, 0, sizeof *m);
  if (t->kind == TOPO_MESH || t->kind == TOPO_COMPLETE) {
    snprintf(err, errlen, "topology '%s': mnb templates are searched on hypercubes, rings and tori only", t->name);
    return -1;
  }
  if (symmetry && shift_check(t, symmetry, err, errlen)) return -1;
  uint32_t n = t->nodes;
  for (int p = 0; p < t->ports; p++) {
    int64_t e = topo_neighbor(t, 0, p);
    if (e < 0) continue;
    m->port[m->ngens] = p;
    m->inverse[m->ngens++] = topo_port_to(t, (uint32_t)e, 0);
  }
  if ((uint64_t)(n - 1) * slots * (uint64_t)m->ngens > MNB_LEAN_MAX_VARS) {
    snprintf(err, errlen, "%s in %u slots: more than %u variables, too large for the mnb formula", t->name,
             (unsigned)slots, MNB_LEAN_MAX_VARS);
    return -1;
  }
  m->slots = slots, m->max_wait = max_wait, m->sources = sources;
  size_t nx = (size_t)(n - 1) * slots * (size_t)m->ngens;
  m->x = calloc(nx ? nx : 1, sizeof *m->x);
  /* the longest clause: a node's slots x generators, or a slot's nodes */
  int *lit = malloc(((size_t)slots * (size_t)m->ngens + n + 1) * sizeof *lit);
  int failed = !m->x || !lit;
  if (failed) goto out;
  for (uint32_t v = 1; v < n; v++)
    for (uint32_t s = topo_dist(t, 0, v); s <= slots; s++)
      for (int g = 0; g < m->ngens; g++) *x_at(m, v, s, g) = cnf_var(f);
  lane_sources_new(f, m->ngens, max_wait, &m->lanes);
  /* every node exactly once */
  for (uint32_t v = 1; v < n; v++) {
    size_t k = 0;
    for (uint32_t s = 1; s <= slots; s++)
      for (int g = 0; g < m->ngens; g++)
        if (*x_at(m, v, s, g)) lit[k++] = *x_at(m, v, s, g);
    if (!k) cnf_false(f); /* farther than the slots */
    else {
      cnf_clause(f, lit, k);
      cnf_at_most_one(f, lit, k);
    }
  }
  /* every generator at most once per slot */
  for (uint32_t s = 1; s <= slots; s++)
    for (int g = 0; g < m->ngens; g++) {
      size_t k = 0;
      for (uint32_t v = 1; v < n; v++)
        if (*x_at(m, v, s, g)) lit[k++] = *x_at(m, v, s, g);
      cnf_at_most_one(f, lit, k);
    }
  /* the parent was reached one or two slots earlier; the sources it takes */
  for (uint32_t v = 1; v < n; v++)
    for (uint32_t s = 1; s <= slots; s++)
      for (int g = 0; g < m->ngens; g++) {
        int x = *x_at(m, v, s, g);
        if (!x) continue;
        uint32_t p = parent(t, m, v, g);
        if (p == 0) {
          cnf_2(f, -x, m->lanes.own[g]);
          continue;
        }
        size_t k = 0;
        lit[k++] = -x;
        for (int w = 1; w <= max_wait && (uint32_t)w < s; w++)
          for (int i = 0; i < m->ngens; i++) {
            int y = *x_at(m, p, s - (uint32_t)w, i);
            if (!y) continue;
            lit[k++] = y;
            cnf_3(f, -x, -y, m->lanes.src[g][i][w - 1]);
          }
        cnf_clause(f, lit, k);
      }
  if (symmetry) shift_symmetry_clauses(f, t, symmetry, m->port, m->ngens, slots, m->x);
  failed = lane_sources_bound(f, &m->lanes, sources) != 0; /* at most `sources` per output port */
out:
  free(lit);
  if (!failed && !f->oom) return 0;
  mnb_lean_vars_free(m);
  snprintf(err, errlen, "out of memory building the mnb formula for %s", t->name);
  return -1;
}

int mnb_lean_decode(const topo *t, const mnb_lean_vars *m, const int *value, sched *s) {
  s->is_template = true;
  for (uint32_t v = 1; v < t->nodes; v++) {
    int placed = 0;
    for (uint32_t sl = 1; sl <= m->slots && !placed; sl++)
      for (int g = 0; g < m->ngens && !placed; g++) {
        int x = *x_at(m, v, sl, g);
        if (!x || value[x] <= 0) continue;
        placed = 1;
        if (sched_add(s, sl, parent(t, m, v, g), v, 0, -1)) return -1;
      }
  }
  return 0;
}

void mnb_lean_vars_free(mnb_lean_vars *m) {
  free(m->x);
  memset(m, 0, sizeof *m);
}
