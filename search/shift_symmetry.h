/* shift_symmetry.h — the coordinate shift of a hypercube or torus whose dimensions all have one
 * size: coordinate i of a node becomes coordinate i+1 (mod the dimensions). On the d-cube it is
 * the rotation of the bits (000 §2's rotation classes). It maps links onto links, so a
 * translation template may be asked to be symmetric under it: the template formulas with
 * --rotate (mnb_lean_cnf.h, te_lean_cnf.h) tie a variable of node v to the same variable of
 * the shifted v, on the nodes whose orbit is full.
 */
#ifndef ROMNOC_SHIFT_SYMMETRY_H
#define ROMNOC_SHIFT_SYMMETRY_H

#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "topo.h"

/* 0 if the shift is an automorphism of t (two or more dimensions, all of one size), else -1
 * with the refusal of --rotate in err. */
int shift_check(const topo *t, char *err, size_t errlen);

/* The symmetry clauses of a formula whose variable of node v (not 0), slot s and generator g
 * (port port[g] of node 0) is vars[((v - 1) * slots + s - 1) * ngens + g], 0 where it has none:
 * var(v, s, g) implies var(shift v, s, shift g) for every v whose orbit has t->ndims nodes,
 * which around an orbit is an equivalence. */
void shift_symmetry_clauses(cnf *f, const topo *t, const int *port, int ngens, uint32_t slots, const int *vars);

#endif
