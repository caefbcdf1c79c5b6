/* mpi_gather_linear.c — the linear gather (MPIR_Gather_allcomm_linear) as a baseline gather
 * schedule (mpi_route.h): in its one step every rank sends its packet straight to the root. */
#include "construct/construct.h"
#include "construct/mpi/mpi_route.h"

static int plan(mpi_plan *p, const sched *s) {
  uint32_t n = s->topo.nodes, root = (uint32_t)s->root;
  int rc = 0;
  for (uint32_t r = 0; r < n && !rc; r++)
    if (r != root) rc = mpi_plan_msg(p, 0, r, root) || mpi_plan_item(p, r, (int32_t)root);
  return rc;
}

int mpi_gather_linear(sched *s) { return mpi_run(s, plan); }
