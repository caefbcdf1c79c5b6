/* pmnb_prefix.h — the rank phase of pmnb (004 §3.1 Phase 1, §3.2): parallel prefix on the
 * mesh's tree representation (004 Fig. 2), as counter rows (dest PMNB_COUNTER, origin = the
 * value), one prefix step per packet time (t_p = 1: under splitting, a step is `fraction`
 * slots and the counter goes in its first).
 *
 * One prefix for class c (rotation c: dimension sigma_c(j) = (j + c) mod d is the j-th least
 * significant) over the member indicator x_u:
 *   forward, subphase j = 0..d-1, dimension sigma_c(j): the nodes whose digits sigma_c(0..j-1)
 *     are all K-1 form lines of that dimension; in step t = 1..K-1 of a line the node at
 *     position t-1 sends its position t the members counted so far in the line's positions
 *     0..t-1 (the subtrees of the earlier subphases). The line's top (position K-1) then holds
 *     its whole subtree's count;
 *   reverse, subphase j = d-1..0: in step t the node at position K-t sends position K-t-1 the
 *     line's offset (the members before the line's first node in class c's order; 0 on the
 *     top line). A node's rank is then its line's offset plus the count it received forward
 *     (EXTRACT §4.5 [R]: the members below it, 0..M-1).
 * Every subphase lasts pmnb_prefix_span steps (the largest radix less one), so the classes,
 * running at once on rotated dimensions, never share a link.
 * Instances: with splitting one, every class over the active set (class c ranks mini-packet
 * c); whole packets two (§3.2): first class 0 over the active set (its ranks r give the
 * classes r mod d), then every class c over its own members. */
#ifndef ROMNOC_PMNB_PREFIX_H
#define ROMNOC_PMNB_PREFIX_H

#include <stdint.h>

#include "model/schedule.h"

/* The counter rows' dest (the kind kbcast's counters have; schedule.h). */
#define PMNB_COUNTER KBCAST_COUNTER

/* Steps per subphase: the largest radix less one. */
uint32_t pmnb_prefix_span(const topo *t);

/* Prefix instances of s (1 split, 2 whole) and the slots they take, fraction per step. */
uint32_t pmnb_prefix_instances(const sched *s);
uint32_t pmnb_prefix_slots(const sched *s);

/* The first slot of prefix step `step` (1-based, counted over all instances). */
static inline uint32_t pmnb_prefix_step_slot(const sched *s, uint32_t step) { return (step - 1) * s->fraction + 1; }

/* Appends the counter rows of every instance to s (their values accumulated from the words
 * each node receives, as routers would). Returns 0, or -1 if memory runs out. */
int pmnb_prefix(sched *s);

#endif
