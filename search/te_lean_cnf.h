/* te_lean_cnf.h — the formula "a translation template of the total exchange on this
 * hypercube, ring or torus takes at most S slots, forwards every packet one or two slots after
 * it arrives, and needs at most K sources at each output port" (issue 16; docs/SCHEDULES.md,
 * "te templates for small routers"). The te counterpart of mnb_lean_cnf.h.
 *
 * Why. As for mnb: every node of a translation template runs the same program up to the
 * translation (003 Thm 4.5), so the banked router's multiplexer sources and packet memory are
 * properties of the template. For output g: "own" when node 0 injects a packet by g, and
 * (i, w) when a packet that arrived by generator i leaves by g w slots later. Waits of 1 and 2
 * need no packet memory (the receive wire and the delay register); at most 4 sources make 4:1
 * multiplexers.
 *
 * The formula. The template holds node 0's packet to every d != 0. y(d, t, g): that packet
 * moves by generator g in slot t, for the generators of its shortest paths only (a bit of d on
 * the hypercube; +e_i or -e_i towards coordinate a_i of d on a ring or torus, both where a_i is
 * half the ring). Since the group is abelian, any order of those moves is a path to d. Clauses:
 *   - per dimension, exactly the moves the offset needs (min(a_i, K_i - a_i) of one direction;
 *     at the half ring a free choice of the direction: a guard variable); on the hypercube one
 *     move per bit of d;
 *   - a packet moves at most once per slot, every generator is used at most once per slot (003
 *     Thm 4.5: the translates share no directed link) and, when the slots times the generators
 *     equal the moves, exactly once (every link busy, as at the te bound: the sum of distances
 *     over the capacity);
 *   - between its first and last move a packet never rests max_wait slots or more in a row;
 *   - the sources: a move by g in slot t after a move by i in slot t - w (with no move in
 *     between) implies src(g, i, w); a move by g with no move in the max_wait slots before it
 *     is the packet's first and implies own(g); at most K of own(g) and src(g, ., .) per g.
 * With a symmetry: y(d, t, g) = y(image d, t, image g) on the full orbits (shift_symmetry.h); unsat
 * then covers symmetric templates only. With diagonals: y(d, t, g) only for t in d's window
 * (diagonal_windows.h), likewise a restriction. Only shortest paths are searched: at the te bound with
 * every link busy there is no other kind, above it a longer path could exist that this misses.
 */
#ifndef ROMNOC_TE_LEAN_CNF_H
#define ROMNOC_TE_LEAN_CNF_H

#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "lane_sources.h"
#include "model/schedule.h"
#include "shift_symmetry.h"

/* At most this many y variables (packets x slots x generators). */
#define TE_LEAN_MAX_VARS 4000000u

/* The formula's variables: y(d, t, g) is y[((d - 1) * slots + t - 1) * ngens + g], 0 for a
 * generator that is not on a shortest path to d. */
typedef struct {
  uint32_t slots;
  int ngens, max_wait, sources;
  int port[LANE_MAX_GENS]; /* generator g is port port[g] of every node */
  int *y;
  uint32_t *lo, *hi; /* packet d moves only in slots lo[d]..hi[d] (--diagonals; else 1..slots) */
  lane_sources lanes;
} te_lean_vars;

/* Builds into f (empty on entry) the formula for hypercube, ring or torus t, `slots`, waits
 * 1..max_wait (1 or 2), at most `sources` sources per port and `symmetry` (shift_symmetry.h);
 * if diagonals, every packet in its diagonal's window (diagonal_windows.h), and if also
 * window >= 0, only the packets of that window (the others have no variables; window_search.h).
 * Returns 0, or -1 with the reason in err (a mesh, a symmetry t does not have, diagonals on a
 * torus they do not fit, too many variables, out of memory). */
int te_lean_cnf(const topo *t, uint32_t slots, int max_wait, int sources, symmetry_kind symmetry, int diagonals, int window,
                cnf *f, te_lean_vars *map, char *err, size_t errlen);

/* Adds to *used the sources the moves of a model need (value[v] > 0: v true), found from the
 * moves themselves rather than from the model's own(g) and src(g, i, w), which may be true
 * where nothing needs them. */
void te_lean_used_sources(const te_lean_vars *map, uint32_t nodes, const int *value, lane_set *used);

/* The template of a model (value[v] > 0: variable v is true) into s, prepared by sched_init for
 * t, te, mla: each packet's moves in slot order. 0, or -1 if memory runs out. */
int te_lean_decode(const topo *t, const te_lean_vars *map, const int *value, sched *s);

void te_lean_vars_free(te_lean_vars *map);

#endif
