/* pmnb_prefix.c — the counter rows of pmnb's rank phase (see pmnb_prefix.h). Each node keeps
 * what it has received, as a router would: the count of its subtree, the count received in
 * each forward subphase, the offset received in the reverse one; the values sent are sums of
 * those words, never counts over the set (the verifier counts those independently). */
#include "model/pmnb_prefix.h"

#include <stdlib.h>

#include "model/pmnb_order.h"

uint32_t pmnb_prefix_span(const topo *t) {
  uint32_t most = 0;
  for (int i = 0; i < t->ndims; i++)
    if (t->radix[i] - 1 > most) most = t->radix[i] - 1;
  return most;
}

uint32_t pmnb_prefix_instances(const sched *s) { return s->fraction > 1 ? 1 : 2; }

uint32_t pmnb_prefix_slots(const sched *s) {
  return pmnb_prefix_instances(s) * 2 * (uint32_t)s->topo.ndims * pmnb_prefix_span(&s->topo) * s->fraction;
}

typedef struct {
  sched *s;
  const topo *t;
  int d;
  uint32_t *sub;  /* per node: the members in its subtree so far */
  uint32_t *got;  /* per level and node: the count received in that forward subphase */
  uint32_t *off;  /* per node: the offset of its subtree */
} prefix_run;

/* True if u's digits sigma_c(0..j-1) are all K-1: u is on a line of level j. */
static int on_level(const prefix_run *p, int c, int j, uint32_t u) {
  for (int k = 0; k < j; k++) {
    int i = pmnb_class_dim(p->d, c, k);
    if (topo_coord(p->t, u, i) != p->t->radix[i] - 1) return 0;
  }
  return 1;
}

/* One prefix of class c over x (x[u] = 1 for members) from step `step`; rank[u] = the members
 * below u in c's order. Returns the step after it, or 0 if memory runs out. */
static uint32_t one_prefix(prefix_run *p, int c, const unsigned char *x, uint32_t step, uint32_t *rank) {
  const topo *t = p->t;
  uint32_t n = t->nodes, span = pmnb_prefix_span(t);
  for (uint32_t u = 0; u < n; u++) p->sub[u] = x[u], p->off[u] = 0;
  for (int j = 0; j < p->d; j++, step += span) { /* forward */
    int i = pmnb_class_dim(p->d, c, j);
    uint32_t k = t->radix[i], stride = t->stride[i];
    for (uint32_t u = 0; u < n; u++) {
      if (topo_coord(t, u, i) != 0 || !on_level(p, c, j, u)) continue; /* u: a line's position 0 */
      uint32_t *got = p->got + (size_t)j * n;
      got[u] = 0;
      for (uint32_t a = 1; a < k; a++) {
        uint32_t from = u + (a - 1) * stride, to = u + a * stride, value = got[from] + p->sub[from];
        if (sched_add(p->s, pmnb_prefix_step_slot(p->s, step + a - 1), from, to, value, PMNB_COUNTER)) return 0;
        got[to] = value;
      }
      uint32_t top = u + (k - 1) * stride;
      p->sub[top] += got[top]; /* the top now counts the whole line: its subtree one level up */
    }
  }
  for (int j = p->d - 1; j >= 0; j--, step += span) { /* reverse */
    int i = pmnb_class_dim(p->d, c, j);
    uint32_t k = t->radix[i], stride = t->stride[i];
    for (uint32_t u = 0; u < n; u++) {
      if (topo_coord(t, u, i) != 0 || !on_level(p, c, j, u)) continue;
      uint32_t top = u + (k - 1) * stride, offset = p->off[top];
      const uint32_t *got = p->got + (size_t)j * n;
      for (uint32_t a = 1; a < k; a++)
        if (sched_add(p->s, pmnb_prefix_step_slot(p->s, step + a - 1), top - (a - 1) * stride, top - a * stride, offset,
                      PMNB_COUNTER))
          return 0;
      for (uint32_t a = 0; a < k; a++) p->off[u + a * stride] = offset + got[u + a * stride];
    }
  }
  for (uint32_t u = 0; u < n; u++) rank[u] = p->off[u];
  return step;
}

int pmnb_prefix(sched *s) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes;
  prefix_run p = {s, t, t->ndims, malloc(n * sizeof(uint32_t)), malloc((size_t)t->ndims * n * sizeof(uint32_t)),
                  malloc(n * sizeof(uint32_t))};
  unsigned char *x = calloc(n, 1), *active = calloc(n, 1);
  uint32_t *rank = malloc(n * sizeof *rank);
  int rc = -1;
  if (!p.sub || !p.got || !p.off || !x || !active || !rank) goto out;
  for (uint32_t i = 0; i < s->active.n; i++) active[s->active.ids[i]] = 1;
  uint32_t step = 1, span = pmnb_prefix_span(t), width = 2 * (uint32_t)p.d * span;
  if (s->fraction > 1) { /* §3.1: every class ranks every packet, in its own order, at once */
    for (int c = 0; c < p.d; c++)
      if (!one_prefix(&p, c, active, step, rank)) goto out;
  } else { /* §3.2: ranks in the usual order, then each class r mod d ranks its own */
    uint32_t *first = malloc(n * sizeof *first);
    if (!first || !one_prefix(&p, 0, active, step, first)) {
      free(first);
      goto out;
    }
    step += width;
    for (int c = 0; c < p.d; c++) {
      for (uint32_t u = 0; u < n; u++) x[u] = active[u] && (int)(first[u] % (uint32_t)p.d) == c;
      if (!one_prefix(&p, c, x, step, rank)) {
        free(first);
        goto out;
      }
    }
    free(first);
  }
  rc = 0;
out:
  free(p.sub);
  free(p.got);
  free(p.off);
  free(x);
  free(active);
  free(rank);
  return rc;
}
