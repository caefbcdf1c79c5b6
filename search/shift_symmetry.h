/* shift_symmetry.h — symmetries a translation template may be asked to have: automorphisms of
 * the topology that fix node 0 and map generators onto generators, so that they map links onto
 * links. The template formulas (mnb_lean_cnf.h, te_lean_cnf.h) tie a variable of node v to the
 * same variable of the image of v, on the nodes whose orbit is full; unsat then covers
 * symmetric templates only. One row per symmetry in shift_symmetry.c:
 *   - the coordinate shift (--rotate): coordinate i of a node becomes coordinate i+1 (mod the
 *     dimensions), on a hypercube or torus whose dimensions all have one size; on the d-cube the
 *     rotation of the bits (000 §2's rotation classes); orbits of ndims nodes;
 *   - the quarter turn (--turn): (a, b) becomes (-b, a) on a K x K torus, so +e_0, +e_1, -e_0,
 *     -e_1 follow one another; orbits of 4 nodes but for (K/2, K/2), (K/2, 0) and (0, K/2) when
 *     K is even (docs/SCHEDULES.md, "mnb on the 16x16 torus: a quarter turn").
 */
#ifndef ROMNOC_SHIFT_SYMMETRY_H
#define ROMNOC_SHIFT_SYMMETRY_H

#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "model/topo.h"

typedef enum { SYMMETRY_NONE = 0, SYMMETRY_SHIFT, SYMMETRY_TURN } symmetry_kind;

/* 0 if symmetry `kind` is an automorphism of t, else -1 with the refusal of its option in err. */
int shift_check(const topo *t, symmetry_kind kind, char *err, size_t errlen);

/* The symmetry clauses of a formula whose variable of node v (not 0), slot s and generator g
 * (port port[g] of node 0) is vars[((v - 1) * slots + s - 1) * ngens + g], 0 where it has none:
 * var(v, s, g) implies var(image v, s, image g) for every v whose orbit is full, which around
 * an orbit is an equivalence. */
void shift_symmetry_clauses(cnf *f, const topo *t, symmetry_kind kind, const int *port, int ngens, uint32_t slots,
                            const int *vars);

/* For a symmetry shift_check accepted on t: the image of node v, and the nodes of a full orbit
 * (orbit_chain.h walks the orbits). */
uint32_t shift_image(const topo *t, symmetry_kind kind, uint32_t v);
int shift_order(const topo *t, symmetry_kind kind);

#endif
