/* mpi_scatter_linear.c — the linear scatter (MPIR_Scatter_allcomm_linear) as a baseline scatter
 * schedule (mpi_route.h): in its one step the root sends every rank its packet directly, to
 * ranks 0, 1, ..., N-1 in that order (the order its queues take them). */
#include "construct/construct.h"
#include "construct/mpi/mpi_route.h"

static int plan(mpi_plan *p, const sched *s) {
  uint32_t n = s->topo.nodes, root = (uint32_t)s->root;
  int rc = 0;
  for (uint32_t r = 0; r < n && !rc; r++)
    if (r != root) rc = mpi_plan_msg(p, 0, root, r) || mpi_plan_item(p, root, (int32_t)r);
  return rc;
}

int mpi_scatter_linear(sched *s) { return mpi_run(s, plan); }
