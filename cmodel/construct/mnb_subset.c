/* mnb_subset.c — an offline schedule for an active set known in advance (kbcast, pmnb): the
 * best multinode broadcast of the golden model on the topology (000 §2's on the hypercube, 003
 * §4's Cayley template on rings and tori) with the rows of the inactive origins left out. Every
 * kept row is a row of a valid MNB schedule, so it stays valid, and it never takes more slots
 * than that MNB, whatever the set. Under pmnb's split model (s->fraction > 1) each row becomes
 * one row per piece, the pieces in consecutive slots of the packet's time. */
#include <stdlib.h>

#include "construct/build.h"
#include "construct/construct.h"

int mnb_subset(sched *s) {
  sched mnb, whole;
  char err[256];
  if (schedule_build(&mnb, &s->topo, TASK_MNB, MODEL_MLA, -1, NULL, err, sizeof err)) return -1;
  sched_init(&whole, &s->topo, TASK_MNB, MODEL_MLA, -1);
  int rc = sched_expand(&mnb, &whole) ? -1 : 0;
  uint32_t n = s->topo.nodes, f = s->fraction ? s->fraction : 1;
  unsigned char *active = calloc(n, 1);
  if (!active) rc = -1;
  for (uint32_t i = 0; !rc && i < s->active.n; i++) active[s->active.ids[i]] = 1;
  for (size_t i = 0; !rc && i < whole.nrows; i++) {
    const sched_row *r = &whole.rows[i];
    if (!active[r->origin]) continue;
    for (uint32_t k = 0; k < f && !rc; k++)
      if (sched_add(s, (r->slot - 1) * f + 1 + k, r->src, r->dst, r->origin, f > 1 ? (int32_t)k : -1)) rc = -1;
  }
  free(active);
  sched_free(&mnb);
  sched_free(&whole);
  return rc;
}
