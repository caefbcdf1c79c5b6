/* mpi_bcast_binomial.c — MPICH's binomial-tree broadcast (MPIR_Bcast_intra_binomial) as a
 * baseline snb schedule (mpi_route.h). Ranks relative to the root, rel = (r - root) mod N: rel
 * receives from rel - 2^k, 2^k its lowest set bit, then sends to rel + 2^j for j = k-1 down to
 * 0 (the root: from the highest power of two below N down), where rel + 2^j < N. The message
 * to rel + 2^j belongs to step L-1-j, L = ceil(log2 N), so the farthest subtree goes first. */
#include "construct/construct.h"
#include "construct/mpi/mpi_route.h"

static int plan(mpi_plan *p, const sched *s) {
  uint32_t n = s->topo.nodes, root = (uint32_t)s->root, L = mpi_log2_ceil(n);
  int rc = 0;
  for (uint32_t j = L; j-- > 0 && !rc;)
    for (uint32_t rel = 0; rel < n && !rc; rel += 2u << j)
      if (rel + (1u << j) < n) {
        uint32_t src = (rel + root) % n, dst = (rel + (1u << j) + root) % n;
        rc = mpi_plan_msg(p, L - 1 - j, src, dst) || mpi_plan_item(p, root, -1);
      }
  return rc;
}

int mpi_bcast_binomial(sched *s) { return mpi_run(s, plan); }
