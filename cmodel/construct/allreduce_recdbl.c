/* allreduce_recdbl.c — recursive doubling on the d-cube (the baseline `recursive-doubling`):
 * in step i+1 every node copies its partial of every chunk across dimension i and adds the
 * partial it receives (exchange and add, 003 §1, on the whole vector). Both ends of a link send
 * chunk c in the same slot, i N + c + 1, so each copies its partial before the other's arrives
 * and the two are disjoint (the sums over the two halves of a subcube). After step i every
 * partial holds the 2^(i+1) nodes of its subcube. d N slots, d N^2 transmissions; one word per
 * node and slot each way, so valid under mla and sp-full.
 */

#include "construct/construct.h"
#include "util/memlimit.h"

int allreduce_recursive_doubling(sched *s) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes;
  uint64_t bytes;
  char why[200];
  /* d N^2 rows: more than build.c's estimate of 4N(N-1) from d = 5 on */
  if (mem_check((uint64_t)t->ndims * n * n, sizeof(sched_row), "the rows of recursive-doubling", &bytes, why, sizeof why))
    return -1;
  for (int i = 0; i < t->ndims; i++)
    for (uint32_t u = 0; u < n; u++)
      for (uint32_t c = 0; c < n; c++)
        if (sched_add(s, (uint32_t)i * n + c + 1, u, u ^ (1u << i), ORIGIN_COPY, (int32_t)c)) return -1;
  return 0;
}
