/* oneway_double.c — a one-way schedule from a two-way one by doubling (003 §6).
 *
 * Split the directed links into two sets, each holding exactly one direction of every wire;
 * two-way slot t becomes one-way slot 2t-1 for the transmissions of the first set and 2t for
 * those of the second. A wire then carries at most one packet per slot, and a packet still
 * moves on only after it arrived, so any mla schedule of T slots gives a oneway one of 2T.
 * With the two-way optimum this is the one-way optimum for the total exchange on the d-cube
 * (2 * 2^(d-1) = 2^d, 003 Thm 6.5) and on the tori whose two-way exchange meets the cut bound
 * (the one-way cut bound is twice the two-way one), and within one slot of it for the
 * multinode broadcast (2 ceil((N-1)/deg) against ceil(2(N-1)/deg)).
 *
 * The first set is chosen so that templates stay templates: on the d-cube the links leaving
 * an even-weight node (003 Lemma 7.4), which makes the result a parity template (schedule.h);
 * on rings and tori whose sizes are all above 2 the +e_i links, which keeps a translation
 * template; elsewhere (whole schedules) the links from the lower node id to the higher.
 */
#include "construct/build.h"
#include "construct/construct.h"

/* The one-way slot of a two-way transmission in slot t on the first set or not. */
static uint32_t doubled(uint32_t t, bool first) { return first ? 2 * t - 1 : 2 * t; }

int oneway_double(sched *s) {
  const topo *t = &s->topo;
  sched two, whole;
  char err[256];
  if (schedule_build(&two, t, s->task, MODEL_MLA, s->root, NULL, err, sizeof err)) return -1;
  bool big_radices = t->kind == TOPO_RING || t->kind == TOPO_TORUS;
  for (int i = 0; i < t->ndims; i++) big_radices &= t->radix[i] > 2;
  sched_init(&whole, t, s->task, MODEL_MLA, s->root);
  int rc = 0;
  if (two.is_template && t->kind == TOPO_HYPERCUBE) {
    s->is_template = s->parity_template = true;
    for (size_t i = 0; i < two.nrows && !rc; i++) { /* the rows of origins 0 and 1 */
      const sched_row *r = &two.rows[i];
      rc = sched_add(s, doubled(r->slot, !topo_colour(t, r->src)), r->src, r->dst, 0, r->dest);
      if (!rc)
        rc = sched_add(s, doubled(r->slot, !topo_colour(t, r->src ^ 1)), r->src ^ 1, r->dst ^ 1, 1,
                       r->dest < 0 ? -1 : (int32_t)((uint32_t)r->dest ^ 1));
    }
  } else if (two.is_template && big_radices) {
    s->is_template = true;
    for (size_t i = 0; i < two.nrows && !rc; i++) {
      const sched_row *r = &two.rows[i];
      rc = sched_add(s, doubled(r->slot, topo_port_to(t, r->src, r->dst) % 2 == 0), r->src, r->dst, r->origin, r->dest);
    }
  } else {
    const sched *src = &two;
    if (two.is_template) {
      rc = sched_expand(&two, &whole);
      src = &whole;
    }
    for (size_t i = 0; i < src->nrows && !rc; i++) {
      const sched_row *r = &src->rows[i];
      rc = sched_add(s, doubled(r->slot, r->src < r->dst), r->src, r->dst, r->origin, r->dest);
    }
  }
  sched_free(&two);
  sched_free(&whole);
  return rc;
}
