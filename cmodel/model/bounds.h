/* bounds.h — lower bounds on slots and transmissions, for any topology and port model.
 * For the hypercube under mla they are paper 000's Table 1 figures. */
#ifndef ROMNOC_BOUNDS_H
#define ROMNOC_BOUNDS_H

#include <stdint.h>

#include "model/schedule.h"

/* The largest of simple counting bounds: distance (eccentricity or diameter), the packets a
 * node must send or receive over the ports it may use in one slot, the total hops over the
 * links usable in one slot, and for te under mla the packets that must cross the middle of
 * each dimension over the links that cross it (not on complete:N, whose cuts have a link per
 * pair); for snb and reduce under sp-full and sp-half, ecc(root) + 1 where two or more nodes
 * are at distance ecc(root) (bounds.c: at most one node per distance can be reached without a
 * wait). root is ignored by tasks without one. */
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

/* The tasks of an active set a (task_has_active_set), in slots of 1/fraction of a packet's
 * time (pmnb split): kbcast as above; pmnb: each node v receives a piece of every active
 * packet but its own, (M - [v active]) * fraction pieces over its deg(v) in-links (004 (3a),
 * (3b) for the node where it is largest), and the piece farthest from its origin travels
 * max ecc(active) hops; pexchange: each active node sends N-1 packets over its links, each
 * node receives one per other active node, a packet of the farthest pair crosses the distance,
 * and for every dimension and cut position, the packets from active nodes on one side to the
 * nodes on the other cross the cut's links in that direction; pgather: pexchange's (its dual,
 * every arrow reversed: the same counts over the same links the other way). */
uint32_t bound_active_slots(const topo *t, task_kind task, const active_set *a, uint32_t fraction);

/* Minimum transmissions: pmnb (M (N-1) fraction) copies; pexchange and pgather the active
 * nodes' summed distances; kbcast as bound_kbcast_transmissions. */
uint64_t bound_active_transmissions(const topo *t, task_kind task, const active_set *a, uint32_t fraction);

#endif
