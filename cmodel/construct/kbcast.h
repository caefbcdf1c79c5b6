/* kbcast.h — what the kbcast constructions (001; docs/KBCAST.md) share: the d arc-disjoint spanning binomial trees of the d-cube (001 §2.1.3,
 * Johnsson-Ho) and the gather-then-broadcast along them that phases 2 and 3 of 001 §3.2 run
 * (docs/KBCAST.md). Trees are numbered j = 0..d-1 (the paper's j+1); tree j is rooted at
 * node 2^j and crosses the dimensions (ports) in the order j+1, j+2, ..., d-1, 0, ..., j. */
#ifndef ROMNOC_KBCAST_H
#define ROMNOC_KBCAST_H

#include <stdint.h>

#include "model/schedule.h"

/* The port from y towards its parent in tree j (the dimension of y ^ 2^j that comes last in
 * the tree's order), or -1 at the root. */
int kb_tree_up_port(int d, int j, uint32_t y);

/* The ports from y to its children in tree j (bit q: port q): the dimensions that come after
 * every dimension of y ^ 2^j in the order; all d at the root. */
uint32_t kb_tree_down_ports(int d, int j, uint32_t y);

/* The tree whose reversed arc arrives at z on port q (z's child in it is z ^ 2^q), or -1. */
int kb_tree_of_up_arc(int d, uint32_t z, int q);

/* Phases 2 and 3 of 001 §3.2 from slot first on: each active node's packet (s->active, in
 * order) is gathered to the root of tree tree_of[i] along the reversed tree through one FIFO
 * per out-port; then, when broadcast is set, each root broadcasts its list down its tree, one
 * packet per slot, and a termination packet after it (0: phase 2 only). phase2_slots > 0 fixes
 * phase 2's length (the roots know K): a packet that reaches its root later is an error (-2);
 * 0 lets phase 2 run until the last packet arrives. Writes the slots phase 2 took (to the last
 * arrival) to *gathered and the largest root load to *max_load when not NULL. Returns 0, -1 if
 * memory runs out, -2 as above. */
int kb_gather_broadcast(sched *s, const int *tree_of, uint32_t first, uint32_t phase2_slots, int broadcast,
                        uint32_t *gathered, uint32_t *max_load);

/* Phase 1 of 001 §3.2 (kbcast_prefix.c): the counter rows of the prefix in slots 1..2d and,
 * when to_roots is set, K from node 0 to every root in slot 2d+1; rank[i] = the rank of active
 * node i (s->active order) in decreasing id order, 1 for the highest. 0, or -1 if memory runs
 * out. */
int kb_prefix_counters(sched *s, int to_roots, uint32_t *rank);

/* The randomized variant of 001 §3.2 once (kbcast_three_phase.c): every active node picks its root
 * uniformly from a generator seeded with trial, phase 2 runs until the last packet arrives, then
 * phase 3 when broadcast is set; rows from slot 1 into s. Writes the slots of phase 2 and the
 * largest root load. 0, or -1 if memory runs out. */
int kb_random_roots(sched *s, uint64_t trial, int broadcast, uint32_t *gathered, uint32_t *max_load);

#endif
