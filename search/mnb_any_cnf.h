/* mnb_any_cnf.h — the multinode broadcast under mla or oneway as a formula over whole schedules
 * (te_search --task mnb [--model oneway] --general; issue 41's 3-D mesh and one-way mesh rows,
 * issue 43's general formula).
 *
 * Not a template: a variable per origin, node and slot (the node holds the origin's packet at
 * the end of the slot) and per origin, directed link and slot (the packet crosses the link in
 * that slot). A model is any mnb schedule under mla and UNSAT at S slots says none exists:
 *   - a node sends only a packet it held at the start of the slot;
 *   - it holds a packet at the end of a slot if it did before or a link brought it;
 *   - a directed link carries at most one packet per slot (Sinz's counter over the origins);
 *     oneway (003 §6), a link carries one packet per slot in either direction: the counter runs
 *     over both directions' crossings;
 *   - every node holds every packet at the end of slot S.
 * No symmetry breaking (none is known sound for schedules that are not templates on every
 * topology; the instances reported are small).
 *
 * With an active set (kbcast, 001; te_search --task kbcast), only the active nodes' packets
 * exist: the other origins' crossings are false and their packets need not arrive. */
#ifndef ROMNOC_MNB_ANY_CNF_H
#define ROMNOC_MNB_ANY_CNF_H

#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "model/schedule.h"
#include "model/topo.h"

typedef struct {
  uint32_t nodes, slots;
  int ports;
  model_kind model; /* MODEL_MLA or MODEL_ONEWAY */
  int cross0; /* (origin o, node u, port p, slot s): cross0 + (((s-1)*N + o)*N + u)*ports + p */
  int hold1;  /* (origin o, node v, slot s): hold1 + ((s-1)*N + o)*N + v */
} mnb_any_vars;

/* Builds into f (empty) the formula of an mnb on t under model (mla or oneway) in at most slots
 * slots, of active's packets only unless active is NULL. 0, or -1 with the reason in err (too
 * large: over 5e7 variables). */
int mnb_any_cnf(const topo *t, model_kind model, const active_set *active, uint32_t slots, cnf *f, mnb_any_vars *m,
                char *err, size_t errlen);

/* The schedule of a model into s (initialised for TASK_MNB, or TASK_KBCAST with the active set,
 * under m's model): every crossing that brings a node a packet it did not hold. 0, or -1 if
 * memory runs out. */
int mnb_any_decode(const topo *t, const mnb_any_vars *m, const int *value, sched *s);

#endif
