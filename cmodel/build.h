/* build.h — picks the construction for a (topology, task, model) and builds its schedule. */
#ifndef ROMNOC_BUILD_H
#define ROMNOC_BUILD_H

#include <stddef.h>

#include "schedule.h"

/* Builds the schedule of task on t under model (root: -1 for tasks without one, else a node
 * id). mnb and te on the hypercube come back as XOR templates (s->xor_template).
 * Returns 0; or -1 with a one-line message in err naming what is not available (task on this
 * topology or model) or that memory ran out; s then owns nothing. */
int schedule_build(sched *s, const topo *t, task_kind task, model_kind model, int64_t root, char *err,
                   size_t errlen);

#endif
