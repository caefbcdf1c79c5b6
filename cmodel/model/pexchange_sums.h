/* pexchange_sums.h — phase 1 of the partial exchange (004 §4: every node learns the active
 * counts r_i of its row and c_j of its column) as counter rows (dest PEXCHANGE_COUNTER, origin
 * = the value), one step a slot, as a router that learns the active set at run time sends
 * them ('004-runtime'; docs/ARCHITECTURE.md, "A run-time active set for PMNB and partial
 * exchange").
 *
 * In step t = 1..S (slot t; S = the largest radix less one), along every line of every
 * dimension at once (a line of dimension i uses only the links of dimension i, so no two
 * counters share a link), for t <= k - 1 on a line of k nodes:
 *   forward  the node at position t-1 sends position t (its +1 link) the active nodes among
 *            positions 0..t-1;
 *   reverse  the node at position k-t sends position k-t-1 (its -1 link) the active nodes
 *            among positions k-t..k-1.
 * A node at position x has the forward count in step x and the reverse one in step k-1-x: its
 * line's count is their sum plus its own bit. On a torus the wrap links are not used. 004's
 * tree to the line's median takes p steps; these two sweeps take p - 1 and need no root. */
#ifndef ROMNOC_PEXCHANGE_SUMS_H
#define ROMNOC_PEXCHANGE_SUMS_H

#include <stdint.h>

#include "model/schedule.h"

/* The counter rows' dest (the kind kbcast's counters have; schedule.h). */
#define PEXCHANGE_COUNTER KBCAST_COUNTER

/* The slots of phase 1: the largest radix less one. */
static inline uint32_t pexchange_sums_slots(const topo *t) {
  uint32_t k = 0;
  for (int i = 0; i < t->ndims; i++)
    if (t->radix[i] > k) k = t->radix[i];
  return k - 1;
}

#endif
