/* s4noc_scatter.c — scatter under the S4NOC models (schedule.h): the root injects one
 * packet per slot, farthest first, and every packet moves every slot along a shortest path.
 *
 * Packet i (1-based, by distance from the root descending, then by id) leaves in slot i and
 * makes hop k in slot i + k - 1. Two packets never share a link in a slot: a link on a shortest
 * path from the root is hop k of every such path for one k (its tail's distance + 1), so equal
 * slots mean equal i. Each node receives its one packet once, and the schedule is bufferless.
 * Slots: max_i (i + d_i - 1), the injection bound (bounds_s4noc.h), so it is optimal; the
 * gather is its time reversal (`reverse`).
 */
#include <stdlib.h>

#include "construct/construct.h"

int local_port_scatter(sched *s) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes, root = (uint32_t)s->root, slot = 0;
  int rc = 0;
  for (uint32_t d = topo_eccentricity(t, root); d >= 1 && !rc; d--)
    for (uint32_t v = 0; v < n && !rc; v++) {
      if (topo_dist(t, root, v) != d) continue;
      slot++;
      for (uint32_t at = root, hop = 0; at != v && !rc; hop++) { /* the first port that gets closer */
        uint32_t next = at;
        for (int p = 0; p < t->ports && next == at; p++) {
          int64_t w = topo_neighbor(t, at, p);
          if (w >= 0 && topo_dist(t, (uint32_t)w, v) < topo_dist(t, at, v)) next = (uint32_t)w;
        }
        rc = sched_add(s, slot + hop, at, next, root, (int32_t)v);
        at = next;
      }
    }
  return rc;
}
