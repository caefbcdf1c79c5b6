/* snb_sp_cnf.h — the single-port broadcast as a formula over whole schedules (issue 41: are
 * the sp-full and sp-half snb rows above ⌈log2 N⌉ and ecc(root) optimal?).
 *
 * Not a template: a variable per node and slot (informed by the end of the slot) and per
 * directed link and slot (the root's packet crosses it in that slot), so a model is any
 * schedule of the model's rules and UNSAT at S slots says no schedule of S slots exists:
 *   - a node sends only what it holds at the start of the slot (informed by the slot before);
 *   - a node is informed at the end of slot s if it was before, or a link brought it in s;
 *   - per node and slot at most one send (sp-full) and at most one reception; under sp-half at
 *     most one of the two together (PORT_MODELS.md's capacities, verify.c's);
 *   - every node informed at the end of slot S.
 * No symmetry breaking: an automorphism argument would need the topology's stabilizer of the
 * root, and the instances the docs report solve without it. The root is node 0 (rings and tori
 * are vertex-transitive: every root gives the same answer). */
#ifndef ROMNOC_SNB_SP_CNF_H
#define ROMNOC_SNB_SP_CNF_H

#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "model/schedule.h"
#include "model/topo.h"

typedef struct {
  uint32_t nodes, slots;
  int ports;
  int send0;   /* the variable of (node 0, port 0, slot 1); (u, p, s) is send0 + ((s-1)*nodes + u)*ports + p */
  int inform1; /* the variable of (node 0, informed by slot 1); (v, s) is inform1 + (s-1)*nodes + v */
} snb_sp_vars;

/* Builds into f (empty) the formula of a broadcast from node 0 of t in at most slots slots
 * under model (MODEL_SP_FULL or MODEL_SP_HALF). 0, or -1 with the reason in err. */
int snb_sp_cnf(const topo *t, model_kind model, uint32_t slots, cnf *f, snb_sp_vars *m, char *err, size_t errlen);

/* The schedule of a model (value[v] > 0: v true) into s (initialised for TASK_SNB, root 0):
 * every send that informs a node not informed before (a send to an informed node carries
 * nothing new and is dropped). 0, or -1 if memory runs out. */
int snb_sp_decode(const topo *t, const snb_sp_vars *m, const int *value, sched *s);

#endif
