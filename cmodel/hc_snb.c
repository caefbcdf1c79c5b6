/* hc_snb.c — single-node broadcast on the binomial spanning tree. */
#include "hc.h"

int hc_snb(sched *s, int d, uint32_t root) {
  for (int k = 0; k < d; k++) {
    /* the nodes that hold the packet before slot k+1 differ from root in bits below k only */
    for (uint32_t x = 0; x < (1u << k); x++)
      if (sched_add(s, (uint32_t)k + 1, root ^ x, root ^ x ^ (1u << k), root, -1)) return -1;
  }
  sched_finish(s);
  return 0;
}
