/* hamilton.c — Hamiltonian cycles (see hamilton.h). */
#include "construct/hamilton.h"

#include <stdio.h>
#include <stdlib.h>

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

/* A torus whose sizes are all odd: the cycle C over the larger dimensions (one ring to start
 * with) times the next smaller dimension of size a <= |C|. Row y (the nodes whose other
 * coordinates are C[y]) is walked round dimension e from x = s_y, a - 1 hops in direction
 * sigma_y, ending at s_y - sigma_y, where the step to row y+1 keeps x; the cycle closes at
 * node 0 when the sigmas add up to 0 mod a: with |C| odd and a <= |C|, (|C|+a)/2 rows go +1
 * and the rest -1 (sum a). */
static void odd_torus_cycle(const topo *t, uint32_t *order) {
  int dims[TOPO_MAX_DIMS] = {0};
  for (int i = 0; i < t->ndims; i++) { /* by size, largest last */
    int j = i;
    while (j > 0 && t->radix[dims[j - 1]] > t->radix[i]) {
      dims[j] = dims[j - 1];
      j--;
    }
    dims[j] = i;
  }
  int last = dims[t->ndims - 1];
  uint32_t len = t->radix[last];
  for (uint32_t x = 0; x < len; x++) order[x] = x * t->stride[last];
  for (int k = t->ndims - 2; k >= 0; k--) {
    int e = dims[k];
    uint32_t a = t->radix[e], plus = (len + a) / 2, x;
    /* rows are written back to front so that order[] can grow in place */
    for (uint32_t y = len; y-- > 0;) { /* row y occupies order[y*a .. y*a+a-1] */
      uint32_t base = order[y];
      /* s_y = -(sum of the sigmas of rows < y) mod a */
      int64_t sum = y <= plus ? (int64_t)y : (int64_t)plus - (int64_t)(y - plus);
      uint32_t s = (uint32_t)((((-sum) % (int64_t)a) + (int64_t)a) % (int64_t)a);
      int sigma = y < plus ? 1 : -1;
      for (uint32_t step = 0; step < a; step++) {
        x = (uint32_t)(((int64_t)s + sigma * (int64_t)step % (int64_t)a + (int64_t)a) % (int64_t)a);
        order[y * a + step] = base + x * t->stride[e];
      }
    }
    len *= a;
  }
}

int hamilton_cycle(const topo *t, uint32_t *order, char *why, size_t len) {
  uint32_t n = t->nodes;
  if (t->kind == TOPO_RING) {
    for (uint32_t i = 0; i < n; i++) order[i] = i;
    return 0;
  }
  if (t->kind == TOPO_HYPERCUBE) { /* the reflected Gray code (002 §3) */
    for (uint32_t i = 0; i < n; i++) order[i] = i ^ (i >> 1);
    return 0;
  }
  if (t->kind == TOPO_TORUS && n % 2) {
    odd_torus_cycle(t, order);
    return 0;
  }
  if (n == 2) {
    order[0] = 0;
    order[1] = 1;
    return 0;
  }
  /* a mesh, or a torus with an even size: the mesh's cycle is one of the torus too */
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

int hamilton_exists(const topo *t, char *why, size_t len) {
  uint32_t *order = malloc(t->nodes * sizeof *order);
  int rc = order ? hamilton_cycle(t, order, why, len) : -1;
  if (!order) snprintf(why, len, "out of memory");
  free(order);
  return rc;
}
