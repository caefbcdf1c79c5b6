/* hc_mnb.c — multinode broadcast of paper 000 §2, as the origin-0 template. */
#include "construct/construct.h"
#include "construct/hc_classes.h"

/* 000 §2: the member numbered first in a class. Property (1): its bit m(t) is a 1. For R_k1
 * (k consecutive ones) the bit to the right of it, m(t)-1 (or d when m(t) = 1), must be a 0,
 * so the block of ones starts at bit m(t). Other classes take the smallest rotation with
 * bit m(t) set. */
static uint32_t first_member(const hc_class *c, int d) {
  unsigned m = hc_m(c->first_n, d);
  if (c->rep == (1u << c->weight) - 1) return hc_rotl(c->rep, d, m - 1);
  uint32_t best = 0;
  int found = 0;
  for (unsigned k = 0; k < c->size; k++) {
    uint32_t r = hc_rotl(c->rep, d, k);
    if ((r >> (m - 1) & 1) && (!found || r < best)) {
      best = r;
      found = 1;
    }
  }
  return best;
}

int hc_mnb(sched *s) {
  int d = s->topo.ndims;
  s->is_template = true;
  hc_classes c;
  if (hc_classes_build(&c, d)) return -1;
  int rc = 0;
  for (size_t i = 1; i < c.nclasses && !rc; i++) { /* class 0 is the root itself */
    uint32_t first = first_member(&c.classes[i], d);
    for (uint32_t j = 0; j < c.classes[i].size && !rc; j++) {
      uint32_t n = c.classes[i].first_n + j;
      uint32_t t = hc_rotl(first, d, j);       /* members follow by left rotation */
      uint32_t parent = t ^ (1u << (hc_m(n, d) - 1)); /* A_i: flip bit m(t), a 1 by (1) */
      uint32_t slot = (n + (uint32_t)d - 1) / (uint32_t)d; /* t is in E_i, i = ceil(n/d) */
      rc = sched_add(s, slot, parent, t, 0, -1);
    }
  }
  hc_classes_free(&c);
  return rc;
}
