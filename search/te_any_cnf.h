/* te_any_cnf.h — the total exchange as a formula over whole schedules, under mla, oneway,
 * sp-full or sp-half (te_search --task te --general; issue 41's 3-D mesh and single-port te
 * rows).
 *
 * Not a template: a variable per packet (a, b), node and slot (the packet is at the node at the
 * end of the slot) and per packet, directed link and slot (it crosses the link in that slot). A
 * model is a te schedule and UNSAT at S slots says none exists:
 *   - a node sends a packet only if it was there at the start of the slot;
 *   - a packet is at a node at the end of a slot only if it was at the start or a link brought it;
 *   - the model's capacity, each by Sinz's counter: mla, a directed link carries one packet per
 *     slot; oneway (003 §6), a link one in either direction; sp-full (002), a node sends one and
 *     receives one; sp-half, a node sends or receives one;
 *   - packet (a, b) is at b at the end of slot S.
 * Pruning, sound for UNSAT: any schedule keeps its capacities when every packet keeps only the
 * crossings of one path that brought it to its destination, and such a packet is at v at the
 * end of slot s only if dist(a, v) <= s and dist(v, b) <= S - s (it is still to leave v, one
 * hop a slot). Variables outside those windows are not made. No symmetry breaking. With
 * shortest, a packet moves only along shortest paths: far fewer variables, a SAT answer still a
 * schedule, but UNSAT then says only that no shortest-path schedule exists.
 *
 * Incremental over the slot count (te_search --from): built for S = slots with a selector d(S')
 * for each S' = from..slots instead of the completion, d(S') implying completion at the end of
 * slot S' and the window of a formula built for S'. Assuming d(S') is then the formula of S'
 * slots (a model's crossings after S' are spare capacity, dropped by the decoding's earliest
 * arrivals), so one solver answers S' = from, from + 1, ... keeping what it learned. */
#ifndef ROMNOC_TE_ANY_CNF_H
#define ROMNOC_TE_ANY_CNF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "model/schedule.h"
#include "model/topo.h"

typedef struct {
  uint32_t nodes, slots, from; /* from: the first slot count with a selector (0: none) */
  int ports;
  model_kind model; /* MODEL_MLA, MODEL_ONEWAY, MODEL_SP_FULL or MODEL_SP_HALF */
  bool shortest;    /* only shortest paths (--shortest): UNSAT then covers those schedules only */
  int truth;        /* a variable forced true: packet (a, b) is at a at the start */
  int *cross; /* [((s-1)*N*N + a*N + b)*N*ports + u*ports + p]: the variable, or 0 (outside the window) */
  int *at;    /* [((s-1)*N*N + a*N + b)*N + v]: the variable, or 0 (outside the window) */
  int *selector; /* [S - from], S = from..slots: d(S), assumed to ask for S slots */
} te_any_vars;

/* Builds into f (empty) the formula of a te on t under model in at most slots slots (shortest:
 * on shortest paths only; from, 1..slots: with the selectors of from..slots, 0: without).
 * 0, or -1 with the reason in err (a model without this formula, or too large: over 3e7 map
 * entries). Free m with te_any_vars_free whatever the result. */
int te_any_cnf(const topo *t, model_kind model, uint32_t slots, uint32_t from, bool shortest, cnf *f, te_any_vars *m,
               char *err, size_t errlen);

/* The schedule of a model into s (initialised for TASK_TE under m's model): for every packet the
 * path of its earliest arrivals back from its destination. 0, or -1 if memory runs out or a
 * destination is not reached (not a model of the formula). */
int te_any_decode(const topo *t, const te_any_vars *m, const int *value, sched *s);

void te_any_vars_free(te_any_vars *m);

#endif
