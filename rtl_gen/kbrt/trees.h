/* trees.h — the fixed structure of paper 001's three-phase kbcast on hypercube:d that the
 * run-time router needs (docs/KBCAST.md, docs/ARCHITECTURE.md "kbcast run-time router"): the
 * d edge-disjoint spanning binomial trees T^(j) (001 §2.1.3), and per node the small constant
 * tables the router reads instead of a schedule ROM: which FIFO an arriving phase-2 packet
 * joins, which FIFO a node's own packet joins for each tree, which in-port feeds each out-port
 * in phase 3, which phase-3 arrivals are new to the node, and the proven FIFO bounds. None of
 * it depends on the active set or on the slot. */
#ifndef ROMNOC_KBRT_TREES_H
#define ROMNOC_KBRT_TREES_H

#include <stdbool.h>
#include <stdint.h>

#define KBRT_MIN_DIM 2
#define KBRT_MAX_DIM 10
#define KBRT_NONE (-1)

/* Node u's tables; ports and FIFOs are 0..d-1 (port p is dimension p+1, rtl_gen's lane p). */
typedef struct {
  uint32_t node;
  int lvl;          /* trailing zeros of u (d for node 0): its role in the prefix sweeps */
  bool is_root;     /* u = e_j for some j; then its root list is FIFO lvl = j-1 */
  int own_fifo[KBRT_MAX_DIM];  /* tree j (index j-1): the FIFO u's own packet joins if j(u) = j */
  int in_fifo[KBRT_MAX_DIM];   /* in-port p: the FIFO a phase-2 arrival joins, KBRT_NONE if unused */
  int p3_src[KBRT_MAX_DIM];    /* out-port q: the in-port whose phase-3 word it repeats, KBRT_NONE */
  uint32_t dmask[KBRT_MAX_DIM]; /* in-port p: a phase-3 word of origin x is new iff (x^u)&dmask */
  int fifo_bound[KBRT_MAX_DIM]; /* FIFO q: the most packets it ever holds (proof in ARCHITECTURE.md) */
} kbrt_node;

/* The parent dimension (1..d) of y in T^(j), or 0 if y is the root e_j. */
int kbrt_parent_dim(int d, int j, uint32_t y);

/* Nodes in the subtree of y in T^(j) (y included). */
uint32_t kbrt_subtree_size(int d, int j, uint32_t y);

/* Fills *t with node u's tables for hypercube:d (KBRT_MIN_DIM <= d <= KBRT_MAX_DIM). Returns 0,
 * or -1 with a message in err if the trees are not arc-disjoint (which 001 §2.1.3 proves and
 * this checks rather than assumes). */
int kbrt_node_tables(int d, uint32_t u, kbrt_node *t, char *err, size_t errlen);

/* ceil(a / b) */
static inline uint32_t kbrt_ceil_div(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

#endif
