/* diagonal_windows.c — packets in windows by diagonal (see diagonal_windows.h). */
#include "diagonal_windows.h"

#include <stdio.h>

int diagonal_windows(const topo *t, uint32_t slots, uint32_t *lo, uint32_t *hi, char *err, size_t errlen) {
  uint32_t k = t->ndims == 2 ? t->radix[0] : 0;
  if (t->kind != TOPO_TORUS || t->ndims != 2 || t->radix[1] != k || k % 2 || k < 4) {
    snprintf(err, errlen, "--diagonals on '%s': a 2-D torus of equal even sizes (4 or more) is needed", t->name);
    return -1;
  }
  uint32_t window = k * k / 4;
  if (slots != window * (k / 2)) {
    snprintf(err, errlen, "--diagonals on %s: --slots %u is not %u windows of %u slots (%u)", t->name, (unsigned)slots,
             (unsigned)(k / 2), (unsigned)window, (unsigned)(window * (k / 2)));
    return -1;
  }
  for (uint32_t d = 1; d < t->nodes; d++) {
    uint32_t c = (topo_coord(t, d, 1) + k - topo_coord(t, d, 0)) % k % (k / 2);
    lo[d] = c * window + 1, hi[d] = (c + 1) * window;
  }
  return 0;
}
