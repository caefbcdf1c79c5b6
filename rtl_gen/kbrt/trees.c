/* trees.c — the trees of 001 §2.1.3 and the run-time router's per-node tables (trees.h). */
#include <stddef.h>
#include <stdio.h>

#include "trees.h"

#include "construct/kbcast.h"

/* The trees themselves are the golden model's (cmodel/construct/kbcast.h, trees numbered from 0 there). */

int kbrt_parent_dim(int d, int j, uint32_t y) { return kb_tree_up_port(d, j - 1, y) + 1; }

/* 001 §2.1.2: the subtree of y holds y and every node reached from it across the dimensions
 * that come after the last one of y ^ e_j in the order: its down ports */
uint32_t kbrt_subtree_size(int d, int j, uint32_t y) {
  return 1u << __builtin_popcount(kb_tree_down_ports(d, j - 1, y));
}

/* the mask of the other dimensions: x is in y's subtree iff (x ^ y) & mask == 0 */
static uint32_t subtree_mask(int d, int j, uint32_t y) { return ~kb_tree_down_ports(d, j - 1, y) & ((1u << d) - 1); }

int kbrt_node_tables(int d, uint32_t u, kbrt_node *t, char *err, size_t errlen) {
  uint32_t n = 1u << d, per_root = kbrt_ceil_div(n, (uint32_t)d);
  *t = (kbrt_node){.node = u};
  int lvl = 0;
  while (lvl < d && !(u >> lvl & 1)) lvl++;
  t->lvl = lvl;
  t->is_root = u && !(u & (u - 1));
  for (int p = 0; p < d; p++) t->in_fifo[p] = t->p3_src[p] = KBRT_NONE;
  for (int j = 1; j <= d; j++) {
    int pd = kbrt_parent_dim(d, j, u);
    /* at e_j the out-port towards 0 carries no tree (the unused reversed arc e_j -> 0): it
     * holds the root list */
    t->own_fifo[j - 1] = pd ? pd - 1 : j - 1;
  }
  for (int p = 0; p < d; p++) {
    uint32_t z = u ^ (1u << p); /* the neighbour on port p */
    for (int j = 1; j <= d; j++) {
      /* phase 2: arc z -> u is in reversed T^(j) iff u is z's parent in T^(j) */
      if (kbrt_parent_dim(d, j, z) == p + 1) {
        if (t->in_fifo[p] != KBRT_NONE) goto shared;
        t->in_fifo[p] = t->own_fifo[j - 1];
      }
      /* phase 3: arc z -> u is in T^(j) iff z is u's parent; arc u -> z iff u is z's parent */
      if (kbrt_parent_dim(d, j, u) == p + 1) {
        if (t->dmask[p]) goto shared;
        t->dmask[p] = subtree_mask(d, j, u);
      }
      if (kbrt_parent_dim(d, j, z) == p + 1 && !(t->is_root && u == 1u << (j - 1))) {
        if (t->p3_src[p] != KBRT_NONE) goto shared;
        t->p3_src[p] = kbrt_parent_dim(d, j, u) - 1;
      }
    }
  }
  /* FIFO bounds: every packet that crosses u's out-port of tree j comes from u's subtree and
   * goes to root e_j, which receives N_j <= ceil(K/d) <= ceil(N/d) packets; the FIFO sends in
   * every slot it is not empty, including the slot a packet arrives in (the head leaves as the
   * others join), so it holds at most one fewer. The root list never sends in phase 2. */
  for (int j = 1; j <= d; j++) {
    int q = t->own_fifo[j - 1];
    uint32_t through = kbrt_subtree_size(d, j, u);
    if (through > per_root) through = per_root;
    t->fifo_bound[q] = t->is_root && u == 1u << (j - 1) ? (int)per_root : (int)through - 1;
  }
  return 0;
shared:
  snprintf(err, errlen, "hypercube:%d: an arc of node %u lies in two trees (the trees are not arc-disjoint)", d,
           (unsigned)u);
  return -1;
}
