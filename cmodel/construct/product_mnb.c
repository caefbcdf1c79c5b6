/* product_mnb.c — multinode broadcast on a Cartesian product by composition (002 §4).
 *
 * G = A x B with A one dimension of t and B the others (a topology of the same family).
 * Phase 1: every copy of B (fixed A coordinate) runs B's multinode broadcast; then node (a, b)
 * holds the messages of (a, *). Phase 2: for r = 0..n_B-1 in turn, every copy of A (fixed B
 * coordinate b) runs A's multinode broadcast in which node (a, b) sends the message of (a, r).
 * Only one broadcast runs in a copy at a time, so the composition keeps the port model of
 * its factors (sp-full or sp-half, and the others), and takes T = T_B + n_B * T_A slots (002
 * Thm 2). The factors are built by the table (schedule_build, best construction: the ring
 * algorithm where the factor has a Hamiltonian cycle, else the best available, a greedy one
 * on a path), and A is the dimension that gives the smallest T: under sp-half an even one
 * when there is one (002 Thm 5: T = 2n against 2n + 2n_B - 2 the other way round). With
 * optimal factors this is n-1 under sp-full (Thm 3), 2(n-1) under sp-half with all sizes
 * even (Thm 4) and 2n with one odd factor (Thm 5). It is the route for graphs without a
 * Hamiltonian cycle (meshes with an odd node count) and a comparison elsewhere.
 */
#include <stdio.h>
#include <string.h>

#include "construct/build.h"
#include "construct/construct.h"

int product_mnb_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  model_kind model = s->model;
  (void)model;
  (void)t;
  (void)model;
  if (t->ndims >= 2) return 0;
  snprintf(why, len, "construction 'product' composes two or more dimensions; %s has one", t->name);
  return -1;
}

/* The topology of t's dimensions in mask (bit i: dimension i), of the same family. */
static int factor_topo(const topo *t, unsigned mask, topo *f) {
  char spec[96], err[160];
  int off = 0, count = 0;
  for (int i = 0; i < t->ndims; i++) count += mask >> i & 1;
  const char *family = t->kind == TOPO_HYPERCUBE ? "hypercube"
                       : t->kind == TOPO_MESH    ? "mesh"
                       : count == 1              ? "ring"
                                                 : "torus";
  off = snprintf(spec, sizeof spec, "%s:", family);
  if (t->kind == TOPO_HYPERCUBE) {
    snprintf(spec + off, sizeof spec - (size_t)off, "%d", count);
  } else {
    int first = 1;
    for (int i = 0; i < t->ndims; i++) {
      if (!(mask >> i & 1)) continue;
      off += snprintf(spec + off, sizeof spec - (size_t)off, "%s%u", first ? "" : "x", (unsigned)t->radix[i]);
      first = 0;
    }
  }
  return topo_parse(spec, f, err, sizeof err);
}

/* The node of t with the coordinates of factor f's node u in the dimensions of mask (in
 * order) and 0 elsewhere. */
static uint32_t lift(const topo *t, unsigned mask, const topo *f, uint32_t u) {
  uint32_t id = 0;
  int k = 0;
  for (int i = 0; i < t->ndims; i++)
    if (mask >> i & 1) id += topo_coord(f, u, k++) * t->stride[i];
  return id;
}

/* The rows of G = A x B with A = dimension a. */
static int compose(sched *s, int a, const sched *sa, const topo *fa, const sched *sb, const topo *fb) {
  const topo *t = &s->topo;
  unsigned ma = 1u << a, mb = ((1u << t->ndims) - 1) & ~ma;
  int rc = 0;
  for (uint32_t x = 0; x < fa->nodes && !rc; x++) /* phase 1: every copy of B */
    for (size_t i = 0; i < sb->nrows && !rc; i++) {
      const sched_row *r = &sb->rows[i];
      uint32_t base = lift(t, ma, fa, x);
      rc = sched_add(s, r->slot, base + lift(t, mb, fb, r->src), base + lift(t, mb, fb, r->dst),
                     base + lift(t, mb, fb, r->origin), -1);
    }
  for (uint32_t round = 0; round < fb->nodes && !rc; round++) /* phase 2: n_B broadcasts in A */
    for (uint32_t y = 0; y < fb->nodes && !rc; y++)
      for (size_t i = 0; i < sa->nrows && !rc; i++) {
        const sched_row *r = &sa->rows[i];
        uint32_t base = lift(t, mb, fb, y);
        rc = sched_add(s, sb->slots + round * sa->slots + r->slot, base + lift(t, ma, fa, r->src),
                       base + lift(t, ma, fa, r->dst), lift(t, ma, fa, r->origin) + lift(t, mb, fb, round), -1);
      }
  return rc;
}

int product_mnb(sched *s) {
  const topo *t = &s->topo;
  char err[256];
  int best = -1, rc = -1;
  uint64_t best_slots = 0;
  topo fa, fb;
  sched sa, sb; /* the factors of the best A so far */
  /* A: the dimension with the smallest T_B + n_B * T_A */
  for (int a = 0; a < t->ndims; a++) {
    topo ta, tb;
    sched xa, xb;
    unsigned ma = 1u << a;
    if (factor_topo(t, ma, &ta) || factor_topo(t, ((1u << t->ndims) - 1) & ~ma, &tb)) goto out;
    if (schedule_build(&xa, &ta, TASK_MNB, s->model, -1, NULL, err, sizeof err)) goto out;
    if (schedule_build(&xb, &tb, TASK_MNB, s->model, -1, NULL, err, sizeof err)) {
      sched_free(&xa);
      goto out;
    }
    uint64_t slots = xb.slots + (uint64_t)tb.nodes * xa.slots;
    if (best >= 0 && slots >= best_slots) {
      sched_free(&xa);
      sched_free(&xb);
      continue;
    }
    if (best >= 0) {
      sched_free(&sa);
      sched_free(&sb);
    }
    best = a, best_slots = slots, fa = ta, fb = tb, sa = xa, sb = xb;
  }
  /* the factors' rows whole (a template factor is expanded) */
  sched wa, wb;
  sched_init(&wa, &fa, TASK_MNB, s->model, -1);
  sched_init(&wb, &fb, TASK_MNB, s->model, -1);
  if (!sched_expand(&sa, &wa) && !sched_expand(&sb, &wb)) rc = compose(s, best, &wa, &fa, &wb, &fb);
  sched_free(&wa);
  sched_free(&wb);
out:
  if (best >= 0) {
    sched_free(&sa);
    sched_free(&sb);
  }
  return rc;
}
