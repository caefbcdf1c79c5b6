/* build.h — the table of constructions: picks one for a (topology, task, model) and builds its
 * schedule. */
#ifndef ROMNOC_BUILD_H
#define ROMNOC_BUILD_H

#include <stddef.h>
#include <stdio.h>

#include "model/schedule.h"

/* Builds the schedule of task on t under model (root: -1 for tasks without one, else a node
 * id) with the construction named alg, or, for alg NULL or "auto", with every construction
 * that applies but the baselines (built only when named), keeping the one with the fewest
 * slots (the first on a tie; the search stops at one that meets the verifier's lower bound). s->alg names the construction used.
 * Returns 0; or -1 with a one-line message in err naming what is not available (the task on
 * this topology or model, an unknown alg, an alg whose precondition t does not meet) or that
 * memory ran out; s then owns nothing. */
int schedule_build(sched *s, const topo *t, task_kind task, model_kind model, int64_t root, const char *alg,
                   char *err, size_t errlen);

/* schedule_build for the tasks of an active set (task_has_active_set: kbcast, pmnb,
 * pexchange): every construction starts from the set (copied into s->active) and, for pmnb,
 * the pieces per packet (s->fraction; 1 for whole packets). */
int schedule_build_active(sched *s, const topo *t, task_kind task, model_kind model, const active_set *active,
                          uint32_t fraction, const char *alg, char *err, size_t errlen);

/* 0 if the table has constructions for t's family; -1 with a one-line message naming t in err
 * for complete:N, a topology for schedules made elsewhere (verify, draw, rtl_gen --schedule). */
int schedule_topo_buildable(const topo *t, char *err, size_t errlen);

/* The names of the constructions for (t, task, model), comma-separated, into buf ("" if
 * none). */
void schedule_algs(const topo *t, task_kind task, model_kind model, char *buf, size_t len);

/* Prints one line per construction for --help: task, name, topology families, port models,
 * what it is. */
void schedule_alg_help(FILE *f);

#endif
