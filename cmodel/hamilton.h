/* hamilton.h — Hamiltonian cycles: the ring that the ring algorithms (multinode broadcast on
 * a mesh, and the single-port schedules of paper 002) run on. */
#ifndef ROMNOC_HAMILTON_H
#define ROMNOC_HAMILTON_H

#include <stddef.h>
#include <stdint.h>

#include "topo.h"

/* Writes into order[0..N-1] the nodes of t in the order of a Hamiltonian cycle starting at
 * node 0 (order[N-1] is adjacent to order[0]). Rings: 0, 1, ..., N-1. Meshes with an even
 * number of nodes and at least two dimensions (or two nodes): a dimension of even size times a
 * boustrophedon path through the others, walked as a 2-D grid cycle. Returns 0, or -1 with the
 * reason in why (a mesh with an odd node count, or a line, has no Hamiltonian cycle; other
 * topologies are not covered yet). */
int hamilton_cycle(const topo *t, uint32_t *order, char *why, size_t len);

#endif
