/* hamilton.c — Hamiltonian cycles (see hamilton.h). */
#include "hamilton.h"

#include <stdio.h>

/* Node with coordinate e = x and the other coordinates at position y of the boustrophedon
 * path through the other dimensions: the dimension after e (cyclically... in index order,
 * skipping e) runs fastest and reverses direction whenever the digits above it advance, so
 * consecutive positions differ by one in one coordinate. */
static uint32_t grid_node(const topo *t, int e, uint32_t x, uint32_t y) {
  uint32_t id = x * t->stride[e], rest = y;
  uint32_t digit[TOPO_MAX_DIMS];
  for (int i = 0; i < t->ndims; i++) { /* mixed-radix digits of y over the dimensions != e */
    if (i == e) continue;
    digit[i] = rest % t->radix[i];
    rest /= t->radix[i];
  }
  /* reflect digit i when the number formed by the digits above it is odd */
  uint32_t above = 0;
  for (int i = t->ndims - 1; i >= 0; i--) {
    if (i == e) continue;
    uint32_t d = (above % 2) ? t->radix[i] - 1 - digit[i] : digit[i];
    id += d * t->stride[i];
    above = above * t->radix[i] + digit[i];
  }
  return id;
}

int hamilton_cycle(const topo *t, uint32_t *order, char *why, size_t len) {
  uint32_t n = t->nodes;
  if (t->kind == TOPO_RING) {
    for (uint32_t i = 0; i < n; i++) order[i] = i;
    return 0;
  }
  if (t->kind != TOPO_MESH) {
    snprintf(why, len, "no Hamiltonian cycle construction for %s yet", t->name);
    return -1;
  }
  if (n == 2) {
    order[0] = 0;
    order[1] = 1;
    return 0;
  }
  if (n % 2 || t->ndims < 2) {
    if (n % 2) snprintf(why, len, "%s has no Hamiltonian cycle (%u nodes, an odd number)", t->name, (unsigned)n);
    else snprintf(why, len, "%s has no Hamiltonian cycle (a line of more than two nodes)", t->name);
    return -1;
  }
  int e = 0;
  while (t->radix[e] % 2) e++;
  /* 2-D grid a x b, a = K_e even, b = N/a >= 2: columns x = 0..a-1 walked over y = 1..b-1,
   * up on even x and down on odd x (a is even, so the last column ends at y = 1), then back
   * along y = 0 from x = a-1 to x = 0 */
  uint32_t a = t->radix[e], b = n / a, k = 0;
  for (uint32_t x = 0; x < a; x++)
    for (uint32_t j = 1; j < b; j++) order[k++] = grid_node(t, e, x, x % 2 ? b - j : j);
  for (uint32_t x = a; x-- > 0;) order[k++] = grid_node(t, e, x, 0);
  /* rotate so that the cycle starts at node 0 (it is order[n-1]) */
  for (uint32_t i = n - 1; i > 0; i--) order[i] = order[i - 1];
  order[0] = grid_node(t, e, 0, 0);
  return 0;
}
