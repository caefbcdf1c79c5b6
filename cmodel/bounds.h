/* bounds.h — lower bounds on slots and transmissions, for any topology and port model.
 * For the hypercube under mla they are paper 000's Table 1 figures. */
#ifndef ROMNOC_BOUNDS_H
#define ROMNOC_BOUNDS_H

#include <stdint.h>

#include "schedule.h"

/* The largest of simple counting bounds: distance (eccentricity or diameter), the packets a
 * node must send or receive over the ports it may use in one slot, the total hops over the
 * links usable in one slot, and for te under mla the packets that must cross the middle of
 * each dimension over the links that cross it. root is ignored by tasks without one. */
uint32_t bound_slots(const topo *t, task_kind task, model_kind model, uint32_t root);

/* Minimum transmissions: one per copy delivered (broadcast), one per hop on a shortest path
 * (personalized); for combining tasks the words a reduce needs (N-1 per chunk summed at one
 * node) and the gossip bound 2(N-1) per chunk summed at every node. */
uint64_t bound_transmissions(const topo *t, task_kind task, uint32_t root);

/* kbcast from k active nodes (001 §3.1): max(diameter, ceil((N-1) k / links)), on the
 * hypercube max(d, ceil((2^d-1) k / (d 2^d))); and k(N-1) transmissions. bound_slots and
 * bound_transmissions give these for k = 1 (they do not know the set). */
uint32_t bound_kbcast_slots(const topo *t, uint32_t k);
uint64_t bound_kbcast_transmissions(const topo *t, uint32_t k);

#endif
