/* kbcast_mnb_subset.c — an offline kbcast schedule for a known active set: paper 000's optimal
 * multinode broadcast (hc_mnb, ceil((N-1)/d) slots) with the rows of the inactive origins left
 * out. Every kept row is a row of a valid MNB schedule, so it stays valid, and it never takes
 * more than ceil((N-1)/d) slots, whatever K. */
#include <stdlib.h>

#include "construct.h"

int kbcast_mnb_subset(sched *s) {
  sched mnb, whole;
  sched_init(&mnb, &s->topo, TASK_MNB, MODEL_MLA, -1);
  sched_init(&whole, &s->topo, TASK_MNB, MODEL_MLA, -1);
  int rc = hc_mnb(&mnb) || sched_expand(&mnb, &whole) ? -1 : 0;
  uint32_t n = s->topo.nodes;
  unsigned char *active = calloc(n, 1);
  if (!active) rc = -1;
  for (uint32_t i = 0; !rc && i < s->active.n; i++) active[s->active.ids[i]] = 1;
  for (size_t i = 0; !rc && i < whole.nrows; i++) {
    const sched_row *r = &whole.rows[i];
    if (active[r->origin] && sched_add(s, r->slot, r->src, r->dst, r->origin, -1)) rc = -1;
  }
  free(active);
  sched_free(&mnb);
  sched_free(&whole);
  return rc;
}
