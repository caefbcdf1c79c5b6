/* mpi_alltoall_pairwise.c — the pairwise-exchange all-to-all (MPIR_Alltoall_intra_pairwise) as a
 * baseline te schedule (mpi_route.h): N-1 steps; in step k (1..N-1) rank r sends its packet for
 * r XOR k when N is a power of two, else for (r + k) mod N. */
#include "construct/construct.h"
#include "construct/mpi/mpi_route.h"

static int plan(mpi_plan *p, const sched *s) {
  uint32_t n = s->topo.nodes;
  int pow2 = !(n & (n - 1));
  int rc = 0;
  for (uint32_t k = 1; k < n && !rc; k++)
    for (uint32_t r = 0; r < n && !rc; r++) {
      uint32_t dst = pow2 ? r ^ k : (r + k) % n;
      rc = mpi_plan_msg(p, k - 1, r, dst) || mpi_plan_item(p, r, (int32_t)dst);
    }
  return rc;
}

int mpi_alltoall_pairwise(sched *s) { return mpi_run(s, plan); }
