/* build.c — construction dispatch (see build.h). */
#include "build.h"

#include <stdio.h>

#include "hc.h"

int schedule_build(sched *s, const topo *t, task_kind task, model_kind model, int64_t root, char *err,
                   size_t errlen) {
  bool is_template = t->kind == TOPO_HYPERCUBE && (task == TASK_MNB || task == TASK_TE);
  sched_init(s, t, task, model, task_has_root(task) ? root : -1, is_template);
  if (t->kind != TOPO_HYPERCUBE) {
    snprintf(err, errlen, "task %s is not available on topology %s yet (hypercube only)", task_name(task), t->name);
    return -1;
  }
  if (model != MODEL_MLA) {
    snprintf(err, errlen, "task %s is not available for model %s on %s (only mla)", task_name(task),
             model_name(model), t->name);
    return -1;
  }
  int d = t->ndims, rc = -1;
  uint32_t r = (uint32_t)(root < 0 ? 0 : root);
  switch (task) {
  case TASK_SNB: rc = hc_snb(s, d, r); break;
  case TASK_MNB: rc = hc_mnb_template(s, d); break;
  case TASK_SCATTER: rc = hc_scatter(s, d, r); break;
  case TASK_GATHER: rc = hc_gather(s, d, r); break;
  case TASK_TE: rc = hc_te_template(s, d); break;
  case TASK_COUNT: break;
  }
  if (rc) {
    sched_free(s);
    snprintf(err, errlen, "out of memory building %s on %s", task_name(task), t->name);
  }
  return rc;
}
