/* s4noc_template_cnf.h — the formula "a bufferless S4NOC translation template of the total
 * exchange on this ring or torus takes at most S slots" (issue 17; docs/SCHEDULES.md, "S4NOC,
 * head to head").
 *
 * The template holds node 0's packets (schedule.h); under s4noc-bufferless each moves every
 * slot from its injection to its delivery, so a packet is a shortest path and a start slot s,
 * its hop k in slot s + k. Variable x(path, s) says the packet takes that path from slot s;
 * the clauses:
 *   - every packet has one (at least one: a model with two keeps either, the constraints below
 *     hold for each alone);
 *   - every generator is used at most once per slot (003 Thm 4.5: the translates then share
 *     no directed link);
 *   - at most one packet starts per slot (one injection per node and slot) and at most one
 *     ends per slot (one ejection).
 * Paths: every shortest path (each interleaving of the dimensions' hops, each direction where
 * the offset is half the ring). A longer path cannot help: with every slot of a packet a hop,
 * it starts no later and ends no earlier for nothing. At-most-one by Sinz's sequential counter.
 * This decides bufferless templates only; schedules with waits (s4noc) and schedules that are
 * not templates are not covered.
 */
#ifndef ROMNOC_S4NOC_TEMPLATE_CNF_H
#define ROMNOC_S4NOC_TEMPLATE_CNF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "model/schedule.h"

/* A path of the formula: x(path, s) is var + s - 1, for s = 1..slots - len + 1. */
typedef struct {
  uint32_t dest; /* the packet */
  uint16_t len;  /* its hops */
  uint8_t *port; /* its generators, hop by hop */
  int var;
} s4noc_path;

/* The formula's placements: every shortest path of every packet. */
typedef struct {
  size_t npaths, cap;
  s4noc_path *path;
  uint32_t period; /* periodic: the period (every start slot 1..period, slots shared mod it); else 0 */
} s4noc_placements;

/* At most this many x variables: the formula grows as paths x slots. */
#define S4NOC_MAX_PLACEMENTS 4000000u

/* Builds into f (empty on entry) the formula for ring or torus t and `slots`, and its
 * placements (owned by pl; s4noc_placements_free). With periodic, slots is the period P of a
 * TDM table instead: every packet starts in one of slots 1..P and runs on past P if it must,
 * and the generators, starts and ends are counted per slot modulo P, so that the template run
 * every P slots (node u's packets of run r from slot r P + 1 on) never shares a link, an
 * injection or an ejection across runs either; that is S4NOC's own schedule, whose period the
 * papers publish (PORT_MODELS.md). With dim_order, only the dimension-order paths (each
 * dimension's hops in one run, the dimensions in any order): far fewer placements; sat is still
 * a template, unsat then covers those paths only. Returns 0, or -1 with the reason in err (not
 * a ring or torus, too many placements, out of memory). */
int s4noc_template_cnf(const topo *t, uint32_t slots, bool periodic, bool dim_order, cnf *f, s4noc_placements *pl,
                       char *err, size_t errlen);

/* The template of a model (value[v] > 0: variable v is true) into s, prepared by sched_init for
 * t, te, s4noc-bufferless: one chosen placement per packet. 0, or -1 if memory runs out. */
int s4noc_template_decode(const topo *t, const s4noc_placements *pl, uint32_t slots, const int *value, sched *s);

void s4noc_placements_free(s4noc_placements *pl);

#endif
