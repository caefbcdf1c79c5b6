/* hc_te.c — total exchange of paper 000 §4, as the origin-0 template. */
#include "construct/construct.h"

#include <stdlib.h>

typedef struct {
  uint32_t dest, first_slot;
} own_packet;

static int by_first_slot(const void *a, const void *b) {
  const own_packet *x = a, *y = b;
  if (x->first_slot != y->first_slot) return x->first_slot < y->first_slot ? -1 : 1;
  return x->dest < y->dest ? -1 : x->dest > y->dest;
}

/* 000 §4: the (k+1)-cube from the k-cube template (rows of origin 0), T_k = 2^(k-1).
 * Phase 1: total exchange inside each half: the k-cube template as it is.
 * Phase 3: after T_k slots, node 2^k forwards inside the upper half the packets of its
 *   counterpart 0 as if they were its own: the k-cube template moved up by 2^k and T_k slots.
 * Phase 2: all through the run, 0 sends its 2^k packets for the upper half to 2^k over link
 *   k+1, one per slot, in the order 2^k first sends them in phase 3 (rule (a); ties by dest),
 *   the one for 2^k itself last (rule (b)). Condition (5) makes each arrive in time. */
static int te_step(const sched *small, int k, sched *big) {
  uint32_t half = 1u << k, tk = small->slots;
  own_packet *order = malloc(half * sizeof *order);
  if (!order) return -1;
  for (uint32_t j = 0; j < half; j++) order[j] = (own_packet){j, UINT32_MAX};
  int rc = 0;
  for (size_t i = 0; i < small->nrows && !rc; i++) {
    const sched_row *r = &small->rows[i];
    if (r->src == 0) order[r->dest].first_slot = r->slot; /* 0 sends each own packet once */
    rc = sched_add(big, r->slot, r->src, r->dst, 0, r->dest) ||
         sched_add(big, r->slot + tk, r->src | half, r->dst | half, 0, r->dest | (int32_t)half);
  }
  qsort(order + 1, half - 1, sizeof *order, by_first_slot);
  for (uint32_t j = 1; j <= half && !rc; j++)
    rc = sched_add(big, j, 0, half, 0, (int32_t)(half | order[j % half].dest));
  free(order);
  if (!rc) sched_finish(big);
  return rc;
}

int hc_te(sched *s) {
  int d = s->topo.ndims;
  s->is_template = true;
  sched cur;
  sched_init(&cur, &s->topo, TASK_TE, s->model, -1);
  int rc = sched_add(&cur, 1, 0, 1, 0, 1); /* the 1-cube: T_1 = 1 */
  if (!rc) sched_finish(&cur);
  for (int k = 1; k < d && !rc; k++) {
    sched next;
    sched_init(&next, &s->topo, TASK_TE, s->model, -1);
    rc = te_step(&cur, k, &next);
    sched_free(&cur);
    cur = next;
  }
  if (rc) {
    sched_free(&cur);
    return -1;
  }
  sched_take_rows(s, &cur);
  return 0;
}
