/* shift_symmetry.h — the coordinate shift of a hypercube or torus whose dimensions all have one
 * size: coordinate i of a node becomes coordinate i+1 (mod the dimensions). On the d-cube it is
 * the rotation of the bits (000 §2's rotation classes). It maps links onto links, so a
 * translation template may be asked to be symmetric under it; the template formulas with
 * --rotate (mnb_lean_cnf.h, te_lean_cnf.h) tie a variable of node v to the same variable of
 * the shifted v, on the nodes whose orbit is full.
 */
#ifndef ROMNOC_SHIFT_SYMMETRY_H
#define ROMNOC_SHIFT_SYMMETRY_H

#include <stdint.h>

#include "topo.h"

/* 1 if the shift is an automorphism of t: two or more dimensions, all of one size. */
int shift_is_automorphism(const topo *t);

/* The image of node v. */
uint32_t shift_node(const topo *t, uint32_t v);

/* 1 if v's orbit has t->ndims nodes (no shift by fewer coordinates fixes v). */
int shift_full_orbit(const topo *t, uint32_t v);

/* image[g] = the generator that the shift makes of generator g, for the ngens generators
 * port[0..ngens-1] (ports of node 0). */
void shift_generators(const topo *t, const int *port, int ngens, int *image);

#endif
