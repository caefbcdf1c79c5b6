/* job.c — parsing what a schedule is for (see job.h). */
#include "job.h"

#include <stdio.h>

#include "cli.h"

int job_parse(job *j, const char *topo_s, const char *task_s, const char *model_s, const char *root_s, bool root_strict,
              char *err, size_t errlen) {
  j->active = (active_set){NULL, 0};
  if (!topo_s) {
    snprintf(err, errlen, "missing --topo (e.g. --topo hypercube:4)");
    return -1;
  }
  if (topo_parse(topo_s, &j->topo, err, errlen)) return -1;
  if (!task_s) {
    snprintf(err, errlen, "missing --task (snb, mnb, scatter, gather, te, reduce, reduce_scatter, allreduce or global_sum)");
    return -1;
  }
  int task = task_from_name(task_s);
  if (task < 0) {
    snprintf(err, errlen, "unknown task '%s' (expected snb, mnb, scatter, gather, te, reduce, reduce_scatter, allreduce, global_sum or kbcast)", task_s);
    return -1;
  }
  j->task = (task_kind)task;
  int model = model_from_name(model_s ? model_s : "mla");
  if (model < 0) {
    snprintf(err, errlen, "unknown model '%s' (expected mla, oneway, sp-full or sp-half)", model_s);
    return -1;
  }
  j->model = (model_kind)model;
  j->root = -1;
  if (task_has_root(j->task)) {
    j->root = 0;
    uint64_t r;
    if (root_s && cli_uint(root_s, 0, j->topo.nodes - 1, &r)) {
      char shown[160];
      snprintf(err, errlen, "root '%s' is not a node of %s (0..%u)", cli_printable(root_s, 40, shown, sizeof shown),
               j->topo.name, (unsigned)j->topo.nodes - 1);
      return -1;
    }
    if (root_s) j->root = (int64_t)r;
  } else if (root_s && root_strict) {
    snprintf(err, errlen, "--root '%s' does not apply to task %s (it has no root)", root_s, task_name(j->task));
    return -1;
  }
  return 0;
}

int job_parse_active(job *j, const char *active_s, const char *k_s, const char *seed_s, bool strict, char *err,
                     size_t errlen) {
  char shown[160];
  active_free(&j->active);
  if (j->task != TASK_KBCAST) {
    const char *given = active_s ? "--active" : k_s ? "--k" : seed_s ? "--seed" : NULL;
    if (given && strict) {
      snprintf(err, errlen, "%s applies to task kbcast only, not %s", given, task_name(j->task));
      return -1;
    }
    return 0;
  }
  if (active_s && (k_s || seed_s)) {
    snprintf(err, errlen, "give the active set as --active LIST or as --k K [--seed S], not both");
    return -1;
  }
  if (active_s) return active_parse(&j->active, active_s, j->topo.nodes, err, errlen);
  if (!k_s) {
    snprintf(err, errlen, "task kbcast needs its active set: --active LIST (e.g. 0,3,5-9) or --k K [--seed S]");
    return -1;
  }
  uint64_t k, seed = 1;
  if (cli_uint(k_s, 1, j->topo.nodes, &k)) {
    snprintf(err, errlen, "--k '%s' is not a number of nodes of %s (1..%u)", cli_printable(k_s, 40, shown, sizeof shown),
             j->topo.name, (unsigned)j->topo.nodes);
    return -1;
  }
  if (seed_s && cli_uint(seed_s, 0, UINT64_MAX >> 1, &seed)) {
    snprintf(err, errlen, "--seed '%s' is not a non-negative integer", cli_printable(seed_s, 40, shown, sizeof shown));
    return -1;
  }
  if (active_random(&j->active, (uint32_t)k, seed, j->topo.nodes)) {
    snprintf(err, errlen, "out of memory drawing the active set");
    return -1;
  }
  return 0;
}
