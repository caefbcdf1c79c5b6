/* mpi_allgather_recdbl.c — recursive-doubling all-gather (MPIR_Allgather_intra_recursive_doubling)
 * as a baseline mnb schedule (mpi_route.h), N a power of two: in step k rank r exchanges with
 * r XOR 2^k the 2^k packets it holds, those of the origins that agree with r above bit k-1. */
#include "construct/construct.h"
#include "construct/mpi/mpi_route.h"

static int plan(mpi_plan *p, const sched *s) {
  uint32_t n = s->topo.nodes, L = mpi_log2_ceil(n);
  int rc = 0;
  for (uint32_t k = 0; k < L && !rc; k++)
    for (uint32_t r = 0; r < n && !rc; r++) {
      rc = mpi_plan_msg(p, k, r, r ^ (1u << k));
      uint32_t base = r & ~((1u << k) - 1);
      for (uint32_t o = base; o < base + (1u << k) && !rc; o++) rc = mpi_plan_item(p, o, -1);
    }
  return rc;
}

int mpi_allgather_recdbl(sched *s) { return mpi_run(s, plan); }
