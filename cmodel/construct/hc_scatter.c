/* hc_scatter.c — single-node scatter of paper 000 §3. */
#include "construct/construct.h"
#include "construct/hc_classes.h"
#include "construct/tree.h"

#include <stdlib.h>

/* The member of a d-element class whose m(t) is m, given the class's first member. */
static uint32_t member_with_m(const hc_class *c, uint32_t first, unsigned m, int d) {
  unsigned shift = (m + (unsigned)d - hc_m(c->first_n, d)) % (unsigned)d;
  return hc_rotl(first, d, shift);
}

/* 000 §3: the spanning tree T rooted at 0, as parent[x]. R_11 starts at node 1 (the paper
 * leaves it free). Each later class R_kn takes a compatible class R_(k-1)n' (d members, one
 * member a subset of one of R_kn's with one bit fewer) and the member t' of it with
 * m(t') = m_kn; R_kn's first member is the t that covers t', and every rotation of t hangs
 * below the same rotation of t'. Then m(x) = m(parent(x)), so subtree T_i holds exactly the
 * nodes with m(x) = i: at most ceil((2^d-1)/d) of them. */
static int build_tree(int d, uint32_t *parent) {
  hc_classes c;
  if (hc_classes_build(&c, d)) return -1;
  uint32_t *first = malloc(c.nclasses * sizeof *first);
  if (!first) {
    hc_classes_free(&c);
    return -1;
  }
  uint32_t all = (1u << d) - 1;
  parent[0] = 0;
  first[0] = 0;
  for (size_t i = 1; i < c.nclasses; i++) {
    const hc_class *cl = &c.classes[i];
    if (cl->weight == 1 && d > 1) { /* R_11: the root's neighbours */
      first[i] = 1;
      for (uint32_t j = 0; j < cl->size; j++) parent[hc_rotl(1, d, j)] = 0;
      continue;
    }
    if (cl->weight == (uint32_t)d) { /* (11..1) hangs below the member of R_(d-1)1 with its m */
      size_t below = c.class_of[all ^ 1];
      parent[all] = d == 1 ? 0 : member_with_m(&c.classes[below], first[below], hc_m(cl->first_n, d), d);
      first[i] = all;
      continue;
    }
    /* find a compatible class: drop one bit of some member, land in a d-member class */
    uint32_t t0 = 0, t0p = 0;
    size_t compatible = 0;
    for (uint32_t j = 0; j < cl->size && !compatible; j++) {
      uint32_t t = hc_rotl(cl->rep, d, j);
      for (int b = 0; b < d && !compatible; b++) {
        if (!(t >> b & 1)) continue;
        size_t k = c.class_of[t ^ (1u << b)];
        if (c.classes[k].size == (uint32_t)d) {
          compatible = k;
          t0 = t;
          t0p = t ^ (1u << b);
        }
      }
    }
    /* 000 §3 proves a compatible class exists for 2 <= k <= d-1 (class 0 never qualifies) */
    uint32_t tp = member_with_m(&c.classes[compatible], first[compatible], hc_m(cl->first_n, d), d);
    unsigned a = 0;
    while (a < (unsigned)d && hc_rotl(t0p, d, a) != tp) a++;
    if (!compatible || a == (unsigned)d) {
      free(first);
      hc_classes_free(&c);
      return -1;
    }
    first[i] = hc_rotl(t0, d, a);
    for (uint32_t j = 0; j < cl->size; j++) parent[hc_rotl(first[i], d, j)] = hc_rotl(tp, d, j);
  }
  free(first);
  hc_classes_free(&c);
  return 0;
}

/* 000 §3: the tree, built for root 0, XOR-translated to the root; then tree.c's pipelining. */
int hc_scatter(sched *s) {
  int d = s->topo.ndims;
  uint32_t n = 1u << d, root = (uint32_t)s->root;
  uint32_t *rel = malloc(n * sizeof *rel), *parent = malloc(n * sizeof *parent);
  int rc = -1;
  if (rel && parent && !build_tree(d, rel)) {
    for (uint32_t x = 0; x < n; x++) parent[x ^ root] = rel[x] ^ root;
    rc = tree_scatter_rows(s, parent);
  }
  free(rel);
  free(parent);
  return rc;
}
