/* pexchange_route.h — the routing rule both partial-exchange constructions share (004 §4;
 * docs/PEXCHANGE.md): a packet's class (the dimension of its first leg) and its next hop.
 *
 * Coordinates: a row is a line of dimension 0 (ports 0 = +1, 1 = -1), a column one of
 * dimension 1 (ports 2, 3). An active node's first leg is along the dimension whose line
 * through it holds the fewest active nodes (the lowest on a tie): on two dimensions class R
 * (row-first) if r_i <= c_j, else class C. Legs then follow in cyclic order, each on a torus
 * the shorter way round its ring (a tie: the +1 way). */
#ifndef ROMNOC_PEXCHANGE_ROUTE_H
#define ROMNOC_PEXCHANGE_ROUTE_H

#include <stdint.h>

#include "model/topo.h"

/* The port of the next hop from `at` towards `dest` for a packet whose first leg is along
 * dimension `first`, with its dimension in *dim; -1 at the destination. */
int pexchange_next_hop(const topo *t, uint32_t at, uint32_t dest, int first, int *dim);

/* count[i * nodes + line]: the active nodes of each line of dimension i, a line named by its
 * node of coordinate i = 0. Filled from the active ids (count zeroed by the caller). */
void pexchange_line_counts(const topo *t, const uint32_t *ids, uint32_t n, uint32_t *count);

/* The dimension of u's first leg from those counts. */
int pexchange_first_dimension(const topo *t, const uint32_t *count, uint32_t u);

#endif
