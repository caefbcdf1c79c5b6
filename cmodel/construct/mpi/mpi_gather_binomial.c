/* mpi_gather_binomial.c — MPICH's binomial gather (MPIR_Gather_intra_binomial) as a baseline
 * gather schedule (mpi_route.h), the scatter's tree upside down: relative rank rel (2^k its
 * lowest set bit) receives in steps j = 0..k-1 the packets of child rel + 2^j's subtree, then
 * in step k sends its parent rel - 2^k the packets of its own subtree, relative ranks
 * rel .. min(rel + 2^k, N) - 1. */
#include "construct/construct.h"
#include "construct/mpi/mpi_route.h"

static int plan(mpi_plan *p, const sched *s) {
  uint32_t n = s->topo.nodes, root = (uint32_t)s->root, L = mpi_log2_ceil(n);
  int rc = 0;
  for (uint32_t k = 0; k < L && !rc; k++)
    for (uint32_t rel = 1u << k; rel < n && !rc; rel += 2u << k) {
      rc = mpi_plan_msg(p, k, (rel + root) % n, (rel - (1u << k) + root) % n);
      for (uint32_t x = rel; x < rel + (1u << k) && x < n && !rc; x++)
        rc = mpi_plan_item(p, (x + root) % n, (int32_t)root);
    }
  return rc;
}

int mpi_gather_binomial(sched *s) { return mpi_run(s, plan); }
