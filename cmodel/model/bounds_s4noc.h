/* bounds_s4noc.h — lower bounds that the S4NOC models' local port adds to mla's
 * (schedule.h: one injection and one ejection per node and slot; docs/PORT_MODELS.md). */
#ifndef ROMNOC_BOUNDS_S4NOC_H
#define ROMNOC_BOUNDS_S4NOC_H

#include <stdint.h>

#include "model/schedule.h"

/* Slots that the local port forces (bound_slots takes the larger of this and mla's bound):
 *   injection  a node that sends packets at distances d_1 >= d_2 >= ... injects them in
 *              distinct slots, and the one injected in slot s arrives in slot s + d - 1 at
 *              the earliest: at least max_i (i + d_i - 1) slots (farthest first is optimal by
 *              an exchange argument); te from every node, scatter from the root
 *   ejection   a node that receives packets from distances d_1 <= d_2 <= ... takes them in
 *              distinct slots, the one from distance d in slot d at the earliest: te at every
 *              node, gather at the root; mnb: N-1 deliveries per node, N-1 slots
 *   ramp (te)  in slot s at most N s packets have been injected and at most N (S - s + 1) are
 *              still to be delivered, each makes at most one hop per slot, and the links carry
 *              2L: the smallest S with sum_{s=1..S} min(2L, N s, N (S-s+1)) >= the total hops
 *              of the shortest paths, sum_{u,v} dist(u, v)
 *   latency (te) summed over all packets, ejection slot - injection slot >= distance - 1; the
 *              N-1 injections of a node fill slots 1..N-1 at best and its N-1 ejections
 *              S-N+2..S at most: S >= N - 2 + ceil(H / (N (N-1))), H the total hops
 * Every node is examined where the topology is not vertex-transitive (a mesh); node 0 stands
 * for all where it is (hypercube, ring, torus). */
uint32_t bound_local_port_slots(const topo *t, task_kind task, uint32_t root);

#endif
