/* job.c — parsing what a schedule is for (see job.h). */
#include "model/job.h"

#include <stdio.h>
#include <string.h>

#include "util/cli.h"

int job_parse(job *j, const char *topo_s, const char *task_s, const char *model_s, const char *root_s, bool root_strict,
              char *err, size_t errlen) {
  j->active = (active_set){NULL, 0};
  j->fraction = 1;
  if (!topo_s) {
    snprintf(err, errlen, "missing --topo (e.g. --topo hypercube:4)");
    return -1;
  }
  if (topo_parse(topo_s, &j->topo, err, errlen)) return -1;
  if (!task_s) {
    snprintf(err, errlen, "missing --task (%s)", task_name_list());
    return -1;
  }
  int task = task_from_name(task_s);
  if (task < 0) {
    snprintf(err, errlen, "unknown task '%s' (expected %s)", task_s, task_name_list());
    return -1;
  }
  j->task = (task_kind)task;
  int model = model_from_name(model_s ? model_s : "mla");
  if (model < 0) {
    snprintf(err, errlen, "unknown model '%s' (expected %s)", model_s, model_name_list());
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

const char *job_count_option(task_kind task) { return task == TASK_KBCAST ? "--k" : "--m"; }

int job_parse_active(job *j, const char *active_s, const char *count_s, const char *seed_s, bool strict, char *err,
                     size_t errlen) {
  char shown[160];
  const char *count_opt = job_count_option(j->task);
  active_free(&j->active);
  if (!task_has_active_set(j->task)) {
    const char *given = active_s ? "--active" : count_s ? "--k/--m" : seed_s ? "--seed" : NULL;
    if (given && strict) {
      snprintf(err, errlen, "%s applies to tasks kbcast, pmnb, pexchange and pgather only, not %s", given, task_name(j->task));
      return -1;
    }
    return 0;
  }
  if (active_s && (count_s || seed_s)) {
    snprintf(err, errlen, "give the active set as --active LIST or as %s N [--seed S], not both", count_opt);
    return -1;
  }
  if (active_s) return active_parse(&j->active, active_s, j->topo.nodes, err, errlen);
  if (!count_s) {
    snprintf(err, errlen, "task %s needs its active set: --active LIST (e.g. 0,3,5-9) or %s N [--seed S]",
             task_name(j->task), count_opt);
    return -1;
  }
  uint64_t k, seed = 1;
  if (cli_uint(count_s, 1, j->topo.nodes, &k)) {
    snprintf(err, errlen, "%s '%s' is not a number of nodes of %s (1..%u)", count_opt,
             cli_printable(count_s, 40, shown, sizeof shown), j->topo.name, (unsigned)j->topo.nodes);
    return -1;
  }
  if (seed_s && cli_seed(seed_s, &seed)) {
    snprintf(err, errlen, "--seed '%s' is not a seed (" CLI_SEED_RANGE ")", cli_printable(seed_s, 40, shown, sizeof shown));
    return -1;
  }
  if (active_random(&j->active, (uint32_t)k, seed, j->topo.nodes)) {
    snprintf(err, errlen, "out of memory drawing the active set");
    return -1;
  }
  return 0;
}

uint32_t pmnb_pieces(const topo *t) {
  return (uint32_t)t->ndims * (t->kind == TOPO_MESH || t->kind == TOPO_HYPERCUBE ? 1u : 2u);
}

int job_parse_fraction(job *j, bool split, const char *fraction_s, bool strict, char *err, size_t errlen) {
  char shown[160];
  j->fraction = 1;
  if (j->task != TASK_PMNB) {
    if ((split || (fraction_s && strcmp(fraction_s, "1"))) && strict) {
      snprintf(err, errlen, "%s applies to task pmnb only (004 s3.1), not %s", split ? "--split" : "fraction=",
               task_name(j->task));
      return -1;
    }
    return 0;
  }
  if (split) {
    j->fraction = pmnb_pieces(&j->topo);
    return 0;
  }
  uint64_t f = 1;
  if (fraction_s && cli_uint(fraction_s, 1, 64, &f)) {
    snprintf(err, errlen, "fraction '%s' is not a number of pieces per packet (1..64)",
             cli_printable(fraction_s, 40, shown, sizeof shown));
    return -1;
  }
  j->fraction = (uint32_t)f;
  return 0;
}
