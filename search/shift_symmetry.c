/* shift_symmetry.c — see shift_symmetry.h. */
#include "shift_symmetry.h"

int shift_is_automorphism(const topo *t) {
  for (int i = 1; i < t->ndims; i++)
    if (t->radix[i] != t->radix[0]) return 0;
  return t->ndims >= 2;
}

uint32_t shift_node(const topo *t, uint32_t v) {
  uint32_t w = 0;
  for (int i = 0; i < t->ndims; i++) w += topo_coord(t, v, i) * t->stride[(i + 1) % t->ndims];
  return w;
}

int shift_full_orbit(const topo *t, uint32_t v) {
  uint32_t w = v;
  for (int k = 1; k < t->ndims; k++)
    if ((w = shift_node(t, w)) == v) return 0;
  return 1;
}

void shift_generators(const topo *t, const int *port, int ngens, int *image) {
  for (int g = 0; g < ngens; g++) {
    int64_t to = shift_node(t, (uint32_t)topo_neighbor(t, 0, port[g]));
    image[g] = g;
    for (int h = 0; h < ngens; h++)
      if (topo_neighbor(t, 0, port[h]) == to) image[g] = h;
  }
}
