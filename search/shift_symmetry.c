/* shift_symmetry.c — see shift_symmetry.h. */
#include "shift_symmetry.h"

#include <stdio.h>

/* The image of node v. */
static uint32_t shift_node(const topo *t, uint32_t v) {
  uint32_t w = 0;
  for (int i = 0; i < t->ndims; i++) w += topo_coord(t, v, i) * t->stride[(i + 1) % t->ndims];
  return w;
}

/* 1 if v's orbit has t->ndims nodes (no shift by fewer coordinates fixes v). */
static int full_orbit(const topo *t, uint32_t v) {
  uint32_t w = v;
  for (int k = 1; k < t->ndims; k++)
    if ((w = shift_node(t, w)) == v) return 0;
  return 1;
}

int shift_check(const topo *t, char *err, size_t errlen) {
  int ok = t->ndims >= 2;
  for (int i = 1; i < t->ndims; i++) ok &= t->radix[i] == t->radix[0];
  if (ok) return 0;
  snprintf(err, errlen, "--rotate on '%s': the coordinate shift needs two or more dimensions of one size", t->name);
  return -1;
}

void shift_symmetry_clauses(cnf *f, const topo *t, const int *port, int ngens, uint32_t slots, const int *vars) {
  int image[2 * TOPO_MAX_DIMS]; /* the generator the shift makes of generator g */
  for (int g = 0; g < ngens; g++) {
    int64_t to = shift_node(t, (uint32_t)topo_neighbor(t, 0, port[g]));
    image[g] = g;
    for (int h = 0; h < ngens; h++)
      if (topo_neighbor(t, 0, port[h]) == to) image[g] = h;
  }
  for (uint32_t v = 1; v < t->nodes; v++) {
    if (!full_orbit(t, v)) continue;
    const int *row = &vars[(size_t)(v - 1) * slots * (size_t)ngens];
    const int *img = &vars[(size_t)(shift_node(t, v) - 1) * slots * (size_t)ngens];
    for (size_t k = 0; k < (size_t)slots * (size_t)ngens; k += (size_t)ngens)
      for (int g = 0; g < ngens; g++)
        if (row[k + (size_t)g]) cnf_2(f, -row[k + (size_t)g], img[k + (size_t)image[g]]);
  }
}
