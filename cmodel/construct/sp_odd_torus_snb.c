/* sp_odd_torus_snb.c — single-node broadcast under the single-port models on a 2-D torus whose
 * two sizes are odd, in ecc(root) + 1 slots: the lower bound of bounds.c (two or more farthest
 * nodes, so one is late; docs/PORT_MODELS.md), which greedy_snb misses by a slot.
 *
 * Offsets from the root: t along the trunk dimension (size 2b+1 >= 5), x along the arm
 * dimension (size 2a+1). The trunk runs both ways from the root: north (t = 1..b) is informed
 * in slots 1..b, south (t = -1..-b) in slots 2..b+1 (the root's second send). Each trunk node
 * sends the trunk on first, then an arm each way along its line (a chain: the arm's j-th node
 * one slot after the (j-1)-th). North lines end by slot a+b+1 and south lines a slot later,
 * except where the order below takes that slot back:
 *   - the north end (t = b) sends west first: its west arm ends at (-a, b) in slot a+b, which
 *     sends across the trunk's wrap to (-a, -b) in slot a+b+1;
 *   - line t = -(b-2) (the root's line when b = 2) sends west first: its west end (-a, -(b-2))
 *     is informed in slot a+b and sends to (-a, -(b-1)) in slot a+b+1;
 *   - lines -(b-1) and -b send east first and their west arms stop at x = -(a-1).
 * ecc(root) = a + b, so every node is informed by slot a+b+1. A node receives once and sends
 * only after, at most once per slot: a sp-full and a sp-half schedule (checked by the verifier
 * in tests/general_search.sh, from every root of three sizes, and tests/models.sh).
 */
#include <stdio.h>

#include "construct/construct.h"

typedef struct {
  sched *s;
  const topo *t;
  int trunk, arm;  /* dimensions */
  int64_t a, b;    /* half sizes of the arm and trunk dimensions */
  int rc;
} odd_torus;

/* The node at offsets (t, x) from the root. */
static uint32_t at(const odd_torus *o, int64_t t, int64_t x) {
  const topo *g = o->t;
  uint32_t root = (uint32_t)o->s->root, rt = topo_coord(g, root, o->trunk), ra = topo_coord(g, root, o->arm);
  int64_t kt = g->radix[o->trunk], ka = g->radix[o->arm];
  uint32_t ct = (uint32_t)((rt + t % kt + kt) % kt), ca = (uint32_t)((ra + x % ka + ka) % ka);
  return root + (ct - rt) * g->stride[o->trunk] + (ca - ra) * g->stride[o->arm]; /* unsigned wrap cancels */
}

static void send(odd_torus *o, int64_t slot, int64_t t0, int64_t x0, int64_t t1, int64_t x1) {
  if (!o->rc) o->rc = sched_add(o->s, (uint32_t)slot, at(o, t0, x0), at(o, t1, x1), o->s->root, -1);
}

/* Line t's arm in direction dir (+1 east, -1 west) of len nodes, its first send in slot first. */
static void arm(odd_torus *o, int64_t t, int dir, int64_t len, int64_t first) {
  for (int64_t j = 1; j <= len; j++) send(o, first + j - 1, t, dir * (j - 1), t, dir * j);
}

int sp_odd_torus_snb_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  if (t->kind == TOPO_TORUS && t->ndims == 2 && t->radix[0] % 2 && t->radix[1] % 2 &&
      (t->radix[0] >= 5 || t->radix[1] >= 5))
    return 0;
  snprintf(why, len, "odd-torus needs a 2-D torus of two odd sizes, one at least 5, not %s", t->name);
  return -1;
}

int sp_odd_torus_snb(sched *s) {
  const topo *g = &s->topo;
  int trunk = g->radix[1] >= 5 ? 1 : 0;
  odd_torus o = {.s = s, .t = g, .trunk = trunk, .arm = 1 - trunk, .a = g->radix[1 - trunk] / 2, .b = g->radix[trunk] / 2};
  int64_t a = o.a, b = o.b;
  for (int64_t k = 1; k <= b; k++) { /* the trunk: north from slot 1, south from slot 2 */
    send(&o, k, k - 1, 0, k, 0);
    send(&o, k + 1, -(k - 1), 0, -k, 0);
  }
  for (int64_t k = 1; k <= b; k++) { /* north lines, informed in slot k */
    int64_t first = k + (k < b) + 1; /* the first slot after the trunk's send on */
    int west_first = k == b;
    arm(&o, k, west_first ? -1 : 1, a, first);
    arm(&o, k, west_first ? 1 : -1, a, first + 1);
  }
  send(&o, a + b + 1, b, -a, b + 1, -a); /* across the trunk's wrap: (-a, b) -> (-a, -b) */
  for (int64_t k = 0; k <= b; k++) { /* south lines, informed in slot k+1; the root's line, k = 0 */
    int64_t first = k == 0 ? 3 : k + 1 + (k < b) + 1;
    int west_first = k == b - 2, short_west = k >= b - 1; /* never both */
    arm(&o, -k, west_first ? -1 : 1, a, first);
    arm(&o, -k, west_first ? 1 : -1, short_west ? a - 1 : a, first + 1);
  }
  send(&o, a + b + 1, -(b - 2), -a, -(b - 1), -a); /* (-a, -(b-2)) -> (-a, -(b-1)) */
  return o.rc;
}
