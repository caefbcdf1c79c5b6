/* mnb_lean_cnf.h — the formula "a translation template of the multinode broadcast on this
 * hypercube, ring or torus takes at most S slots, forwards every packet one or two slots after
 * it arrives, and needs at most K sources at each output port" (issue 16; docs/SCHEDULES.md,
 * "mnb templates for small routers").
 *
 * Why. The banked router (docs/ARCHITECTURE.md) gives output port g a multiplexer over the
 * sources the schedule uses there: the node's own packet, the receive wire of port i (a packet
 * sent one slot after it arrived on i), the delay register of port i (two slots after) and a
 * bank per group of receive ports (three or more). Every node of a translation template runs
 * the same program up to the translation (003 Thm 4.5), so these sources are properties of the
 * template: for output g, "own" if node 0 sends by g, and (i, w) for every template node that
 * was reached by generator i in slot t and sends by g in slot t + w. A template with waits 1
 * and 2 needs no packet memory at all, and one with at most 4 sources per port has 4:1
 * multiplexers (2 LUT4 per bit).
 *
 * The formula. x(v, t, g): node v (not 0) receives node 0's packet in slot t by generator g,
 * from its parent v - g. Clauses:
 *   - every v exactly once (Sinz's counter for at most one);
 *   - every generator at most once per slot (003 Thm 4.5: the translates then share no directed
 *     link), so the slots are at least ceil((N-1)/deg), 003 Thm 3.5(ii)'s bound;
 *   - a parent other than 0 was reached w = 1..max_wait slots earlier: x(v,t,g) implies the
 *     disjunction of x(v-g, t-w, i);
 *   - the sources: x(v,t,g) and x(v-g, t-w, i) imply src(g, i, w); x(v,t,g) with parent 0
 *     implies own(g); at most K of own(g) and the src(g, ., .) per g (a sequential counter).
 * No symmetry breaking. This decides templates with these waits and sources only: other
 * schedules, and templates with banks, are not covered.
 *
 * With rotate, the template must also be symmetric under the coordinate shift (coordinate i
 * becomes coordinate i+1; on the d-cube the rotation of the bits, 000 §2's rotation classes):
 * x(v, t, g) = x(shift v, t, shift g) for every v whose orbit has n nodes. An orbit then fills
 * n generators of one slot, and every port needs the sources of every other, shifted. It cuts
 * the search by a factor n (hypercube:7 is solved in seconds with it, not in 15 minutes
 * without); an unsat answer with rotate says nothing about templates without it. With the
 * quarter turn of a K x K torus instead (--turn, shift_symmetry.h), likewise, orbits of 4.
 */
#ifndef ROMNOC_MNB_LEAN_CNF_H
#define ROMNOC_MNB_LEAN_CNF_H

#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "lane_sources.h"
#include "model/schedule.h"
#include "shift_symmetry.h"
/* At most this many x variables (N x slots x generators). */
#define MNB_LEAN_MAX_VARS 4000000u

/* The formula's variables: x(v, t, g) is x[((v - 1) * slots + t - 1) * ngens + g], 0 where v
 * cannot be reached by then (slot t before its distance from 0). */
typedef struct {
  uint32_t slots;
  int ngens, max_wait, sources;
  int port[LANE_MAX_GENS];    /* generator g is port port[g] of every node */
  int inverse[LANE_MAX_GENS]; /* v's parent by g is v's neighbour through inverse[g] */
  int *x;
  lane_sources lanes;
} mnb_lean_vars;

/* Builds into f (empty on entry) the formula for hypercube, ring or torus t, `slots`, waits
 * 1..max_wait (1 or 2), at most `sources` sources per port and `symmetry` (shift_symmetry.h;
 * SYMMETRY_NONE: none). Returns 0, or -1 with the reason in err (another topology, a symmetry
 * t does not have, too many variables, out of memory). */
int mnb_lean_cnf(const topo *t, uint32_t slots, int max_wait, int sources, symmetry_kind symmetry, cnf *f,
                 mnb_lean_vars *map, char *err, size_t errlen);

/* The template of a model (value[v] > 0: variable v is true) into s, prepared by sched_init for
 * t, mnb, mla: a row per reached node. 0, or -1 if memory runs out. */
int mnb_lean_decode(const topo *t, const mnb_lean_vars *map, const int *value, sched *s);

void mnb_lean_vars_free(mnb_lean_vars *map);

#endif
