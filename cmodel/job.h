/* job.h — what a schedule is for: topology, task, port model and root, parsed from the
 * strings a command line or a TSV's metadata gives. */
#ifndef ROMNOC_JOB_H
#define ROMNOC_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "schedule.h"

typedef struct {
  topo topo;
  task_kind task;
  model_kind model;
  int64_t root; /* -1 for tasks without one */
  active_set active; /* kbcast: the broadcasting nodes (job_parse_active); empty otherwise */
} job;

/* Parses the strings into *j. NULL means missing: topo and task are required, model defaults
 * to mla, root to 0 for a task with a root. A root given for a task without one is an error
 * when root_strict (a command line), ignored otherwise (metadata writes root=-1). Returns 0,
 * or -1 with a one-line message naming the bad or missing value in err. */
int job_parse(job *j, const char *topo_s, const char *task_s, const char *model_s, const char *root_s, bool root_strict,
              char *err, size_t errlen);

/* The active set of a kbcast job (docs/KBCAST.md), from a list (active_s) or from k_s and
 * seed_s (a pseudo-random k-subset; seed defaults to 1); NULL means not given. kbcast needs
 * one of the two forms; the other tasks take neither (an error when strict, ignored
 * otherwise). Returns 0, or -1 with a one-line message naming the bad value in err. */
int job_parse_active(job *j, const char *active_s, const char *k_s, const char *seed_s, bool strict, char *err,
                     size_t errlen);

#endif
