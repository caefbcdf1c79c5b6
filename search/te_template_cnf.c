/* te_template_cnf.c — see te_template_cnf.h. */
#include "te_template_cnf.h"

#include <stdio.h>
#include <stdlib.h>

int te_template_cnf(const topo *t, uint32_t slots, cnf *f, te_template_vars *map, char *err, size_t errlen) {
  if (t->kind != TOPO_RING && t->kind != TOPO_TORUS) {
    snprintf(err, errlen, "topology '%s': te templates are searched on rings and tori only", t->name);
    return -1;
  }
  uint64_t counters = 0; /* two weighted counters per dimension, (K_i - 1) N/K_i rows of `slots` each */
  for (int i = 0; i < t->ndims; i++)
    if (t->radix[i] > 2) counters += 2 * (uint64_t)(t->radix[i] - 1) * (t->nodes / t->radix[i]) * slots;
  if (counters > TE_TEMPLATE_MAX_VARS) {
    snprintf(err, errlen, "%s in %u slots: more than %u variables, too large for the te formula", t->name, (unsigned)slots,
             TE_TEMPLATE_MAX_VARS);
    return -1;
  }
  if (slots < topo_diameter(t)) cnf_false(f); /* the antipode's packet needs the diameter's hops */
  for (int i = 0; i < t->ndims; i++) {
    uint32_t k = t->radix[i], m = t->nodes / k;
    map->var[i] = 0;
    map->per_coord[i] = m;
    if (k == 2) { /* one generator: all N/2 packets of coordinate 1 take it */
      if (m > slots) cnf_false(f);
      continue;
    }
    size_t n = (size_t)(k - 1) * m;
    int *plus = malloc(n * sizeof *plus), *minus = malloc(n * sizeof *minus);
    uint32_t *wplus = malloc(n * sizeof *wplus), *wminus = malloc(n * sizeof *wminus);
    int rc = (plus && minus && wplus && wminus) ? 0 : -1;
    for (size_t q = 0; q < n && !rc; q++) {
      uint32_t a = (uint32_t)(q / m) + 1, j = (uint32_t)(q % m) + 1;
      plus[q] = cnf_var(f);
      if (q == 0) map->var[i] = plus[q];
      minus[q] = -plus[q];
      wplus[q] = a;
      wminus[q] = k - a;
      if (j > 1) cnf_2(f, -plus[q], plus[q - 1]); /* counted, not named */
    }
    if (!rc) rc = cnf_at_most(f, plus, wplus, n, slots);
    if (!rc) rc = cnf_at_most(f, minus, wminus, n, slots);
    free(plus);
    free(minus);
    free(wplus);
    free(wminus);
    if (rc || f->oom) {
      snprintf(err, errlen, "out of memory building the formula of %s at %u slots", t->name, slots);
      return -1;
    }
  }
  return 0;
}

void te_template_loads(const topo *t, const te_template_vars *map, int i, const int *value, uint64_t *plus,
                       uint64_t *minus) {
  uint32_t k = t->radix[i], m = map->per_coord[i];
  *plus = *minus = 0;
  if (!map->var[i]) { /* K_i = 2: the one generator carries all m packets */
    *plus = m;
    return;
  }
  for (uint32_t a = 1; a < k; a++) {
    uint32_t n = 0;
    for (uint32_t j = 1; j <= m; j++) n += value[map->var[i] + (int)((a - 1) * m + j - 1)] > 0;
    *plus += (uint64_t)a * n;
    *minus += (uint64_t)(k - a) * (m - n);
  }
}
