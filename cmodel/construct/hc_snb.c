/* hc_snb.c — single-node broadcast on the binomial spanning tree. */
#include "construct/construct.h"

int hc_snb(sched *s) {
  int d = s->topo.ndims;
  uint32_t root = (uint32_t)s->root;
  for (int k = 0; k < d; k++) {
    /* the nodes that hold the packet before slot k+1 differ from root in bits below k only */
    for (uint32_t x = 0; x < (1u << k); x++)
      if (sched_add(s, (uint32_t)k + 1, root ^ x, root ^ x ^ (1u << k), root, -1)) return -1;
  }
  return 0;
}
