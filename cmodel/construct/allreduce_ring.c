/* allreduce_ring.c — the ring all-reduce (the baseline `ring`): on a Hamiltonian cycle
 * (hamilton.h), one direction round it, the reduce-scatter in N-1 steps (in step s position j
 * moves its partial of the chunk of position j-s, which holds what it received in step s-1, to
 * j+1: chunk order[p] ends summed at position p) and then the all-gather in N-1 steps (in step
 * s position j copies the finished chunk of position j-s+1 to j+1). One word per node and
 * slot each way: 2(N-1) slots and 2N(N-1) transmissions under mla, oneway (each link of the
 * cycle is used one way only; a cycle of two nodes uses its link both ways) and sp-full (one
 * send and one receive per node). Under sp-half a node would send and receive in every slot.
 */
#include <stdio.h>
#include <stdlib.h>

#include "construct/construct.h"
#include "construct/hamilton.h"
#include "construct/ring_phase.h"

int allreduce_ring_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  model_kind model = s->model;
  (void)model;
  (void)t;
  char reason[160];
  if (hamilton_exists(t, reason, sizeof reason)) {
    snprintf(why, len, "construction 'ring' needs a Hamiltonian cycle: %s", reason);
    return -1;
  }
  if (model == MODEL_ONEWAY && t->nodes == 2) {
    snprintf(why, len, "construction 'ring' under oneway needs 3 nodes or more: on %s both nodes send over the one "
             "link in every slot", t->name);
    return -1;
  }
  return 0;
}

int allreduce_ring(sched *s) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes, *order = malloc(n * sizeof *order);
  char why[160];
  int rc = -1;
  if (order && !hamilton_cycle(t, order, why, sizeof why)) {
    ring_line l = {order, n, n, 1, false}; /* position p's block: chunk order[p] */
    rc = ring_phase(s, &l, 0, false) || ring_phase(s, &l, ring_phase_slots(&l), true) ? -1 : 0;
  }
  free(order);
  return rc;
}
