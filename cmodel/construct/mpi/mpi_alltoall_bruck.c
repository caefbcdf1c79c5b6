/* mpi_alltoall_bruck.c — Bruck's all-to-all (MPIR_Alltoall_intra_brucks) as a baseline te
 * schedule (mpi_route.h). After the local rotation rank r's block j (1..N-1) is its packet for
 * r + j mod N; in step k (0..ceil(log2 N)-1) every rank sends to r + 2^k mod N the blocks whose
 * index has bit k set, and a block keeps its index. So the packet (u, v), j = v - u mod N,
 * moves +2^k in each step k whose bit j has, and in step k it is at u + (j mod 2^k). The
 * final inverse rotation is local: the packets keep their own dest throughout. */
#include "construct/construct.h"
#include "construct/mpi/mpi_route.h"

static int plan(mpi_plan *p, const sched *s) {
  uint32_t n = s->topo.nodes, L = mpi_log2_ceil(n);
  int rc = 0;
  for (uint32_t k = 0; k < L && !rc; k++)
    for (uint32_t r = 0; r < n && !rc; r++) {
      rc = mpi_plan_msg(p, k, r, (r + (1u << k)) % n);
      for (uint32_t j = 1; j < n && !rc; j++) {
        if (!(j >> k & 1)) continue;
        uint32_t u = (r + n - (j & ((1u << k) - 1))) % n;
        rc = mpi_plan_item(p, u, (int32_t)((u + j) % n));
      }
    }
  return rc;
}

int mpi_alltoall_bruck(sched *s) { return mpi_run(s, plan); }
