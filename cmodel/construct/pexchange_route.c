/* pexchange_route.c — see pexchange_route.h. */
#include "construct/pexchange_route.h"

int pexchange_next_hop(const topo *t, uint32_t at, uint32_t dest, int first, int *dim) {
  for (int leg = 0; leg < t->ndims; leg++) {
    int i = (first + leg) % t->ndims;
    uint32_t k = t->radix[i], a = topo_coord(t, at, i), b = topo_coord(t, dest, i);
    if (a == b) continue;
    *dim = i;
    if (t->kind == TOPO_MESH) return 2 * i + (b < a);
    uint32_t fwd = (b + k - a) % k; /* hops the +1 way round */
    return 2 * i + (2 * fwd > k);   /* the shorter way; a tie (2 fwd = k) goes +1 */
  }
  return -1;
}

static uint32_t line_of(const topo *t, uint32_t u, int i) { return u - topo_coord(t, u, i) * t->stride[i]; }

void pexchange_line_counts(const topo *t, const uint32_t *ids, uint32_t n, uint32_t *count) {
  for (uint32_t x = 0; x < n; x++)
    for (int i = 0; i < t->ndims; i++) count[(size_t)i * t->nodes + line_of(t, ids[x], i)]++;
}

int pexchange_first_dimension(const topo *t, const uint32_t *count, uint32_t u) {
  int best = 0;
  for (int i = 1; i < t->ndims; i++)
    if (count[(size_t)i * t->nodes + line_of(t, u, i)] < count[(size_t)best * t->nodes + line_of(t, u, best)]) best = i;
  return best;
}
