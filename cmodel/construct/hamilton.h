/* hamilton.h — Hamiltonian cycles: the ring that the ring algorithms (multinode broadcast on
 * a mesh, and the single-port schedules of paper 002) run on. */
#ifndef ROMNOC_HAMILTON_H
#define ROMNOC_HAMILTON_H

#include <stddef.h>
#include <stdint.h>

#include "model/topo.h"

/* Writes into order[0..N-1] the nodes of t in the order of a Hamiltonian cycle starting at
 * node 0 (order[N-1] is adjacent to order[0]; for N = 2 the "cycle" is the one link, both
 * ways). Rings: 0, 1, ..., N-1. Hypercubes: the reflected Gray code. Meshes, and tori, with an
 * even number of nodes and at least two dimensions: a dimension of even size times a
 * boustrophedon path through the others, walked as a 2-D grid cycle. Tori with an odd number
 * of nodes: each dimension's rings chained along the cycle of the larger ones, with the
 * wraparound (see hamilton.c). Returns 0, or -1 with the reason in why (a mesh with an odd
 * node count, or a line of more than two nodes, has no Hamiltonian cycle). */
int hamilton_cycle(const topo *t, uint32_t *order, char *why, size_t len);

/* 0 if t has a Hamiltonian cycle that hamilton_cycle() builds, else -1 with the reason (or
 * "out of memory") in why. */
int hamilton_exists(const topo *t, char *why, size_t len);

#endif
