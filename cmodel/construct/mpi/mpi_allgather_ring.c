/* mpi_allgather_ring.c — the ring all-gather (MPIR_Allgather_intra_ring) as a baseline mnb
 * schedule (mpi_route.h): N-1 steps; in step k rank r sends to r+1 mod N the packet it received
 * in step k-1 (its own in step 0), the packet of origin r-k mod N. */
#include "construct/construct.h"
#include "construct/mpi/mpi_route.h"

static int plan(mpi_plan *p, const sched *s) {
  uint32_t n = s->topo.nodes;
  int rc = 0;
  for (uint32_t k = 0; k + 1 < n && !rc; k++)
    for (uint32_t r = 0; r < n && !rc; r++)
      rc = mpi_plan_msg(p, k, r, (r + 1) % n) || mpi_plan_item(p, (r + n - k) % n, -1);
  return rc;
}

int mpi_allgather_ring(sched *s) { return mpi_run(s, plan); }
