/* reverse.c — gather as the time reversal of scatter, pgather as that of pexchange (003 Thm
 * 2.10-2.11: reversing every arrow and relabelling slot s as S+1-s turns a schedule into its
 * dual with the same slots and transmissions; a personalized packet from u to v becomes v's
 * packet to u). 004 §2 calls the partial gather the dual of the partial exchange. */
#include <stdio.h>

#include "construct/build.h"
#include "construct/construct.h"

/* Adds fwd's rows to s reversed: (slot, u, v, origin a, dest w) becomes (S+1-slot, v, u, w, a).
 * Frees fwd. */
static int add_reversed(sched *s, sched *fwd) {
  int rc = 0;
  for (size_t i = 0; i < fwd->nrows && !rc; i++) {
    const sched_row *r = &fwd->rows[i];
    rc = sched_add(s, fwd->slots + 1 - r->slot, r->dst, r->src, (uint32_t)r->dest, (int32_t)r->origin);
  }
  sched_free(fwd);
  return rc;
}

int reverse_gather(sched *s) {
  sched fwd;
  char err[256];
  if (schedule_build(&fwd, &s->topo, TASK_SCATTER, s->model, s->root, NULL, err, sizeof err)) return -1;
  return add_reversed(s, &fwd);
}

/* The pexchange of s's active set built by alg, reversed: active node a's packet for v
 * becomes v's packet for a. */
static int reverse_pexchange(sched *s, const char *alg) {
  sched fwd;
  char err[256];
  if (schedule_build_active(&fwd, &s->topo, TASK_PEXCHANGE, s->model, &s->active, 1, alg, err, sizeof err)) return -1;
  return add_reversed(s, &fwd);
}

int pgather_004(sched *s) { return reverse_pexchange(s, "004"); }

int pgather_row_first(sched *s) { return reverse_pexchange(s, "row-first"); }
