/* job.h — what a schedule is for: topology, task, port model and root, parsed from the
 * strings a command line or a TSV's metadata gives. */
#ifndef ROMNOC_JOB_H
#define ROMNOC_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/schedule.h"

typedef struct {
  topo topo;
  task_kind task;
  model_kind model;
  int64_t root; /* -1 for tasks without one */
  active_set active; /* kbcast, pmnb, pexchange: the active nodes (job_parse_active); empty otherwise */
  uint32_t fraction; /* pmnb: pieces per packet (job_parse_fraction); 1 otherwise */
} job;

/* Parses the strings into *j. NULL means missing: topo and task are required, model defaults
 * to mla, root to 0 for a task with a root. A root given for a task without one is an error
 * when root_strict (a command line), ignored otherwise (metadata writes root=-1). Returns 0,
 * or -1 with a one-line message naming the bad or missing value in err. */
int job_parse(job *j, const char *topo_s, const char *task_s, const char *model_s, const char *root_s, bool root_strict,
              char *err, size_t errlen);

/* The active set of a kbcast, pmnb, pexchange or pgather job (docs/KBCAST.md, docs/PMNB.md), from a
 * list (active_s) or from its size count_s and seed_s (a pseudo-random subset; seed defaults
 * to 1); NULL means not given. These tasks need one of the two forms; the other tasks take
 * neither (an error when strict, ignored otherwise). Returns 0, or -1 with a one-line
 * message naming the bad value in err. */
int job_parse_active(job *j, const char *active_s, const char *count_s, const char *seed_s, bool strict, char *err,
                     size_t errlen);

/* The option that gives an active set's size: --k for kbcast (001's K), --m for pmnb and
 * pexchange (004's M). */
const char *job_count_option(task_kind task);

/* The pieces per packet of a pmnb job: split (the command line's --split: 004 §3.1's d
 * mini-packets, each halved on a torus for the two ways round its rings, pmnb_pieces) or
 * fraction_s (a schedule's metadata fraction=F, 1..64); whole packets if neither. Other tasks
 * take neither (an error when strict). Returns 0, or -1 with a message naming the bad value. */
int job_parse_fraction(job *j, bool split, const char *fraction_s, bool strict, char *err, size_t errlen);

/* The pieces --split cuts a pmnb packet into on t: d on a mesh, 2d on a ring or torus (004
 * §3.1: a mini-packet per dimension; Thm 2: a half per way round a ring). */
uint32_t pmnb_pieces(const topo *t);

#endif
