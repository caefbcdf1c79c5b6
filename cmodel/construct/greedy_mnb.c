/* greedy_mnb.c — multinode broadcast scheduled per node, on any topology and port model:
 * each slot, every directed link u->v that the model still has room for sends one packet that
 * u holds and v neither holds nor receives from another link in this slot, choosing the
 * packet held by the fewest nodes (rarest first; ties: the origin nearest to u, then the
 * lowest origin). Links are served in an order that rotates with the slot, so no port is
 * always last to choose. A heuristic for topologies without a construction at the bound
 * (meshes of three or more dimensions, odd meshes, paths under the single-port models).
 * kbcast is the same search over the active nodes' packets only: the offline schedule for an
 * active set known when the schedule is made (docs/KBCAST.md). */
#include <stdlib.h>
#include <string.h>

#include "construct/construct.h"
#include "construct/port_budget.h"

int greedy_mnb(sched *s) {
  const topo *t = &s->topo;
  uint64_t n = t->nodes, ports = (uint64_t)t->ports;
  bool subset = task_has_active_set(s->task); /* kbcast or pmnb; else every node broadcasts */
  uint64_t m = subset ? s->active.n : n;  /* packets, indexed 0..m-1 */
  uint8_t *held = calloc(n * m, 1);     /* held[v * m + p]: 1 held, 2 arriving this slot */
  uint32_t *holders = malloc(m * sizeof *holders);
  uint32_t *arrived = malloc(n * m * sizeof *arrived); /* (v, p) pairs arriving in the slot */
  port_budget budget;
  int rc = -1, have_budget = !port_budget_init(&budget, t, s->model);
  if (!held || !holders || !arrived || !have_budget) goto out;
  for (uint64_t p = 0; p < m; p++) {
    held[(subset ? s->active.ids[p] : p) * m + p] = 1;
    holders[p] = 1;
  }
  uint64_t missing = m * (n - 1);
  for (uint32_t slot = 1; missing; slot++) {
    size_t narrived = 0;
    for (uint64_t k = 0; k < n * ports; k++) {
      uint64_t link = (k + slot * ports) % (n * ports); /* rotate which links choose first */
      uint32_t u = (uint32_t)(link / ports);
      int64_t v = topo_neighbor(t, u, (int)(link % ports));
      if (v < 0 || !port_budget_can_send(&budget, slot, u)) continue;
      int64_t best = -1;
      uint32_t best_dist = 0;
      for (uint64_t p = 0; p < m; p++) {
        if (held[u * m + p] != 1 || held[(uint64_t)v * m + p]) continue;
        uint32_t dist = topo_dist(t, u, subset ? s->active.ids[p] : (uint32_t)p);
        if (best < 0 || holders[p] < holders[best] || (holders[p] == holders[best] && dist < best_dist)) {
          best = (int64_t)p;
          best_dist = dist;
        }
      }
      if (best < 0 || !port_budget_take(&budget, slot, u, (int)(link % ports), (uint32_t)v)) continue;
      if (sched_add(s, slot, u, (uint32_t)v, subset ? s->active.ids[best] : (uint32_t)best, -1)) goto out;
      held[(uint64_t)v * m + (uint64_t)best] = 2;
      arrived[narrived++] = (uint32_t)((uint64_t)v * m + (uint64_t)best);
    }
    for (size_t i = 0; i < narrived; i++) {
      held[arrived[i]] = 1;
      holders[arrived[i] % m]++;
      missing--;
    }
  }
  rc = 0;
out:
  if (have_budget) port_budget_free(&budget);
  free(held);
  free(holders);
  free(arrived);
  return rc;
}
