/* orbit_chain.h — te_search --task mnb --chain (with --rotate or --turn): symmetric mnb templates
 * with few sources per port, found by a depth-first search over the symmetry's orbits instead of
 * a SAT formula (docs/SCHEDULES.md, "mnb on the 8-cube: a chain of orbits").
 *
 * Why. The mnb formula (mnb_lean_cnf.h) with --rotate has no answer in 15 minutes on the 8-cube,
 * where 255 packets fill all but one of the 32 x 8 generator-slots of the bound (000 §2). Its
 * symmetric templates have a shape a search can walk:
 *   - the symmetry (the d-cube's bit rotation, the KxK torus's quarter turn) maps generator k to
 *     generator k + 1 mod n, through all n generators, so an orbit of n nodes reached in one slot
 *     takes every generator of that slot (003 Thm 4.5: once each), and each full orbit has a
 *     slot of its own;
 *   - if every full orbit's parent is in a full orbit, the subtree under node 0's neighbour by
 *     generator 0 holds one node of each full orbit, one per slot, and the others are its images:
 *     the template is a chain of nodes N(s) (s = 1..S but for the few slots of the nodes whose
 *     orbit is not full, the "special" slots), each reached by generator G(s) from the node of
 *     slot s - w, w = 1..max_wait;
 *   - that step's source at output port G(s) is (G(s - w), w) (mnb_lean_cnf.h), and at every
 *     other port the same shifted: a port's sources are its own packet (node 0 sends to every
 *     neighbour in slot 1) and the step types (delta, w), delta = G(s - w) - G(s) mod n. With K
 *     sources a port the chain uses at most K - 1 types;
 *   - the special nodes (on the 8-cube the 15 of 00010001, 00110011, 01010101, 01110111 and
 *     11111111's orbits) fill the special slots, each from a neighbour reached 1..max_wait slots
 *     before, with a step of the chain's types or one of at most K - 1 - m further sources of
 *     its port (m: the types).
 * The search takes the sets of m = K - 1, K - 2, ... 0 types in a fixed order (but a set whose
 * mirror image came first: the reflection k -> -k maps its chains onto that set's) and, for
 * each, walks the chain slot by slot (which slots are special, and each step's type), drops a
 * chain when a special node has no neighbour left to send to it, places the special nodes when
 * the chain is complete, and stops at the first template. Deterministic: the same arguments give
 * the same template.
 *
 * Answers: sat (a template, checked by the golden model's verifier); none when every chain was
 * walked: no template of this shape exists (other templates, symmetric or not, are not covered);
 * unknown when the time limit ran out.
 */
#ifndef ROMNOC_ORBIT_CHAIN_H
#define ROMNOC_ORBIT_CHAIN_H

#include "formulas.h"
#include "model/topo.h"

/* Searches an mnb template of t in q->slots with q->max_wait, q->sources and q->symmetry (which
 * must map each generator to the next through all of them: the hypercube's rotation, the KxK
 * torus's turn), for at most limit_s seconds (0: no limit). Prints one line: topo= task=mnb
 * slots= chain=sat|none|unknown chain_s= type_sets= steps= and, on sat, types=(delta,w)... and
 * what search_lanes_report prints; -o writes the template to out (if not NULL). Returns
 * te_search's exit status: 0 when the search ran, 1 if the template fails the verifier or
 * cannot be written, 2 (after one line on stderr) if t or the symmetry does not fit. */
int orbit_chain_search(const topo *t, const search_params *q, double limit_s, const char *out);

#endif
