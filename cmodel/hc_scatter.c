/* hc_scatter.c — single-node scatter of paper 000 §3 and its time-reversed dual, gather. */
#include "hc.h"
#include "hc_classes.h"

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

typedef struct {
  uint32_t node, depth, subtree;
} dest_entry;

/* farthest first; ties by node id so the schedule is deterministic */
static int dest_order(const void *a, const void *b) {
  const dest_entry *x = a, *y = b;
  if (x->subtree != y->subtree) return x->subtree < y->subtree ? -1 : 1;
  if (x->depth != y->depth) return x->depth > y->depth ? -1 : 1;
  return x->node < y->node ? -1 : x->node > y->node;
}

/* 000 §3: the root sends one packet per slot into each subtree, farthest destination first,
 * and every packet moves one hop per slot without waiting: the packet sent j-th into T_i
 * crosses its h-th link in slot j+h-1, so two packets never share a link in a slot. */
int hc_scatter(sched *s, int d, uint32_t root) {
  uint32_t n = 1u << d;
  uint32_t *parent = malloc(n * sizeof *parent);
  dest_entry *dests = malloc(n * sizeof *dests);
  uint32_t path[TOPO_MAX_HYPERCUBE_DIM + 1];
  int rc = -1;
  if (!parent || !dests || build_tree(d, parent)) goto out;
  for (uint32_t x = 1; x < n; x++) {
    uint32_t top = x;
    while (parent[top] != 0) top = parent[top];
    dests[x - 1] = (dest_entry){x, (uint32_t)__builtin_popcount(x), top};
  }
  qsort(dests, n - 1, sizeof *dests, dest_order);
  rc = 0;
  for (uint32_t i = 0, j = 0; i < n - 1 && !rc; i++) {
    j = (i > 0 && dests[i].subtree == dests[i - 1].subtree) ? j + 1 : 1;
    uint32_t depth = 0;
    for (uint32_t x = dests[i].node; x != 0; x = parent[x]) path[depth++] = x;
    path[depth] = 0;
    for (uint32_t h = 1; h <= depth && !rc; h++) /* path[depth] is the root, path[0] the dest */
      rc = sched_add(s, j + h - 1, root ^ path[depth - h + 1], root ^ path[depth - h], root,
                     (int32_t)(root ^ dests[i].node));
  }
  if (!rc) sched_finish(s);
out:
  free(parent);
  free(dests);
  return rc;
}

int hc_gather(sched *s, int d, uint32_t root) {
  sched fwd;
  sched_init(&fwd, &s->topo, TASK_SCATTER, s->model, root, false);
  int rc = hc_scatter(&fwd, d, root);
  for (size_t i = 0; i < fwd.nrows && !rc; i++) {
    const sched_row *r = &fwd.rows[i];
    rc = sched_add(s, fwd.slots + 1 - r->slot, r->dst, r->src, (uint32_t)r->dest, (int32_t)root);
  }
  sched_free(&fwd);
  if (!rc) sched_finish(s);
  return rc;
}
