/* mpi_scatter_binomial.c — MPICH's binomial scatter (MPIR_Scatter_intra_binomial) as a baseline
 * scatter schedule (mpi_route.h). Ranks relative to the root, rel = (r - root) mod N, on
 * binomial_tree's tree: rel receives from its parent the packets of its subtree, relative
 * ranks rel .. min(rel + 2^k, N) - 1 (2^k its lowest set bit), then hands each child rel + 2^j
 * (j = k-1 down to 0) the packets of the child's subtree in step L-1-j, L = ceil(log2 N). */
#include "construct/construct.h"
#include "construct/mpi/mpi_route.h"

static int plan(mpi_plan *p, const sched *s) {
  uint32_t n = s->topo.nodes, root = (uint32_t)s->root, L = mpi_log2_ceil(n);
  int rc = 0;
  for (uint32_t j = L; j-- > 0 && !rc;)
    for (uint32_t rel = 0; rel < n && !rc; rel += 2u << j) {
      uint32_t child = rel + (1u << j);
      if (child >= n) continue;
      rc = mpi_plan_msg(p, L - 1 - j, (rel + root) % n, (child + root) % n);
      for (uint32_t x = child; x < child + (1u << j) && x < n && !rc; x++)
        rc = mpi_plan_item(p, root, (int32_t)((x + root) % n));
    }
  return rc;
}

int mpi_scatter_binomial(sched *s) { return mpi_run(s, plan); }
