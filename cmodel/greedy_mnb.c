/* greedy_mnb.c — multinode broadcast scheduled per node, on any topology and port model:
 * each slot, every directed link u->v that the model still has room for sends one packet that
 * u holds and v neither holds nor receives from another link in this slot, choosing the
 * packet held by the fewest nodes (rarest first; ties: the origin nearest to u, then the
 * lowest origin). Links are served in an order that rotates with the slot, so no port is
 * always last to choose. A heuristic for topologies without a construction at the bound
 * (meshes of three or more dimensions, odd meshes, paths under the single-port models). */
#include <stdlib.h>
#include <string.h>

#include "construct.h"
#include "port_budget.h"

int greedy_mnb(sched *s) {
  const topo *t = &s->topo;
  uint64_t n = t->nodes, ports = (uint64_t)t->ports;
  uint8_t *held = calloc(n * n, 1);     /* held[v * n + o]: 1 held, 2 arriving this slot */
  uint32_t *holders = malloc(n * sizeof *holders);
  uint32_t *arrived = malloc(n * n * sizeof *arrived); /* (v, o) pairs arriving in the slot */
  port_budget budget;
  int rc = -1, have_budget = !port_budget_init(&budget, t, s->model);
  if (!held || !holders || !arrived || !have_budget) goto out;
  for (uint64_t v = 0; v < n; v++) {
    held[v * n + v] = 1;
    holders[v] = 1;
  }
  uint64_t missing = n * (n - 1);
  for (uint32_t slot = 1; missing; slot++) {
    size_t narrived = 0;
    for (uint64_t k = 0; k < n * ports; k++) {
      uint64_t link = (k + slot * ports) % (n * ports); /* rotate which links choose first */
      uint32_t u = (uint32_t)(link / ports);
      int64_t v = topo_neighbor(t, u, (int)(link % ports));
      if (v < 0 || !port_budget_can_send(&budget, slot, u)) continue;
      int64_t best = -1;
      for (uint64_t o = 0; o < n; o++) {
        if (held[u * n + o] != 1 || held[(uint64_t)v * n + o]) continue;
        if (best < 0 || holders[o] < holders[best] ||
            (holders[o] == holders[best] && topo_dist(t, u, (uint32_t)o) < topo_dist(t, u, (uint32_t)best)))
          best = (int64_t)o;
      }
      if (best < 0 || !port_budget_take(&budget, slot, u, (int)(link % ports), (uint32_t)v)) continue;
      if (sched_add(s, slot, u, (uint32_t)v, (uint32_t)best, -1)) goto out;
      held[(uint64_t)v * n + (uint64_t)best] = 2;
      arrived[narrived++] = (uint32_t)((uint64_t)v * n + (uint64_t)best);
    }
    for (size_t i = 0; i < narrived; i++) {
      held[arrived[i]] = 1;
      holders[arrived[i] % n]++;
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
