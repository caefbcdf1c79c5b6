/* reverse.c — gather as the time reversal of scatter (003 Thm 2.10-2.11: reversing every
 * arrow and relabelling slot s as S+1-s turns a schedule into its dual with the same slots
 * and transmissions; a personalized packet from the root to v becomes v's packet to it). */
#include <stdio.h>

#include "construct/build.h"
#include "construct/construct.h"

int reverse_gather(sched *s) {
  sched fwd;
  char err[256];
  if (schedule_build(&fwd, &s->topo, TASK_SCATTER, s->model, s->root, NULL, err, sizeof err)) return -1;
  int rc = 0;
  for (size_t i = 0; i < fwd.nrows && !rc; i++) {
    const sched_row *r = &fwd.rows[i];
    rc = sched_add(s, fwd.slots + 1 - r->slot, r->dst, r->src, (uint32_t)r->dest, (int32_t)s->root);
  }
  sched_free(&fwd);
  return rc;
}
