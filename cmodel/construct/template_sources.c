/* template_sources.c — see template_sources.h. */
#include "construct/template_sources.h"

#include <string.h>

uint32_t template_sources(const topo *t, const sched *tpl, uint32_t *in_slot, uint8_t *in_port, uint32_t *per_port,
                          uint32_t *longest_wait) {
  enum { OWN = TEMPLATE_SOURCE_PORTS * 3 }; /* the key of the own packet; (port, wait class) below */
  uint8_t seen[TEMPLATE_SOURCE_PORTS][OWN + 1];
  memset(seen, 0, sizeof seen);
  memset(in_slot, 0, t->nodes * sizeof *in_slot); /* 0: not reached, a source of the template */
  for (size_t i = 0; i < tpl->nrows; i++) { /* how each node was reached by a broadcast packet */
    if (tpl->rows[i].dest >= 0) continue;
    in_slot[tpl->rows[i].dst] = tpl->rows[i].slot;
    in_port[tpl->rows[i].dst] = (uint8_t)topo_port_to(t, tpl->rows[i].src, tpl->rows[i].dst);
  }
  if (per_port) memset(per_port, 0, (size_t)t->ports * sizeof *per_port);
  if (longest_wait) *longest_wait = 0;
  uint32_t count = 0;
  for (size_t i = 0; i < tpl->nrows; i++) {
    const sched_row *r = &tpl->rows[i];
    int g = topo_port_to(t, r->src, r->dst), key = OWN;
    /* a unicast packet's arrival is its previous row (kept under its destination) */
    uint32_t at = r->dest >= 0 ? (uint32_t)r->dest : r->src;
    if (r->dest >= 0 ? r->src != r->origin : in_slot[at] != 0) {
      uint32_t wait = r->slot - in_slot[at];
      key = in_port[at] * 3 + (int)(wait < 3 ? wait - 1 : 2);
      if (longest_wait && wait > *longest_wait) *longest_wait = wait;
    }
    if (r->dest >= 0) {
      in_slot[at] = r->slot;
      in_port[at] = (uint8_t)g;
    }
    if (seen[g][key]) continue;
    seen[g][key] = 1;
    count++;
    if (per_port) per_port[g]++;
  }
  return count;
}
