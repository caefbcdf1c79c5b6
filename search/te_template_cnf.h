/* te_template_cnf.h — the formula "a translation template of the total exchange on this ring
 * or torus takes at most T slots", for a SAT solver (docs/SCHEDULES.md, "te templates: the
 * solver's certificates").
 *
 * Why loads alone decide it. A template (schedule.h) sends node 0's packet to every v; its
 * translates never share a directed link exactly when each slot uses each generator at most
 * once (003 Thm 4.5's argument). The group is abelian, so a packet reaches v whatever the
 * order of its hops, and by König's theorem the bipartite multigraph of packets and generators
 * (an edge per hop) has a proper edge colouring — a template — with as many colours as its
 * largest degree. So a template of T slots exists if and only if the packets' paths can be
 * chosen with every generator carrying at most T hops and every path at most T hops long.
 *
 * Which paths. In dimension i a packet with coordinate a makes n+ hops of +e_i and n- of -e_i
 * with n+ - n- = a (mod K_i). Dropping hops keeps a template a template, and every such
 * (n+, n-) has at least the hops of (a, 0) or of (0, K_i - a); so one bit per packet and
 * dimension, "the + way or the - way round", loses no template. Paths: T must be at least the
 * diameter (the antipode's packet); then whenever the loads fit, they fit with shortest paths,
 * which are no longer than the diameter — in dimension i the + load minus the - load is
 * fixed modulo K_i, so sending a packet the long way never lowers the larger load
 * (docs/SCHEDULES.md).
 *
 * Symmetry breaking. In dimension i the N/K_i packets with coordinate a are interchangeable for
 * the loads of +e_i and -e_i, so the formula counts them instead of naming them: variable
 * b(i, a, j) is "at least j of them go the + way" (b(i,a,j+1) implies b(i,a,j)). Each load is
 * bounded by a sequential weighted counter (Hölldobler, Manthey and Steinke, KI 2012).
 */
#ifndef ROMNOC_TE_TEMPLATE_CNF_H
#define ROMNOC_TE_TEMPLATE_CNF_H

#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "model/topo.h"

/* Where the formula keeps a dimension's counts: b(i, a, j) is var[i] + (a-1)*per_coord[i] + j-1,
 * for 1 <= a < K_i and 1 <= j <= per_coord[i] (var[i] = 0: dimension i has no choice, K_i = 2). */
typedef struct {
  int var[TOPO_MAX_DIMS];
  uint32_t per_coord[TOPO_MAX_DIMS]; /* N / K_i packets share a coordinate */
} te_template_vars;

/* At most this many counter variables (each load's counter: packets x slots), as the other
 * formulas bound theirs: checked before anything is built. */
#define TE_TEMPLATE_MAX_VARS 4000000u

/* Builds into f (empty on entry) the formula for ring or torus t and `slots`, and its map.
 * Returns 0; or -1 with a one-line message in err if t is not a ring or torus, the formula
 * would pass TE_TEMPLATE_MAX_VARS, or memory runs out (f then holds a partial formula the
 * caller frees). */
int te_template_cnf(const topo *t, uint32_t slots, cnf *f, te_template_vars *map, char *err, size_t errlen);

/* The loads of +e_i and -e_i in a model of the formula (value[v] > 0: variable v is true): the
 * hops of the packets that go the + way, and of those that go the - way (0 for K_i = 2, whose
 * one generator is +e_i). */
void te_template_loads(const topo *t, const te_template_vars *map, int i, const int *value, uint64_t *plus,
                       uint64_t *minus);

#endif
