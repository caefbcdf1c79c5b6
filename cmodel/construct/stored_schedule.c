/* stored_schedule.c — the construction `stored`: a template (or a whole schedule) of
 * stored_templates.h, for the topology, task and model it was found for (issue 16's small
 * routers; docs/SCHEDULES.md; issue 41's one-way mnb on meshes, docs/PORT_MODELS.md); and the
 * broadcast template stored for a combining task, which reverses it (issue 40). */
#include <stdio.h>
#include <string.h>

#include "construct/construct.h"
#include "construct/stored_templates.h"

/* The template stored for s's task (its own, or the broadcast it reverses) on s's topology
 * and model, or NULL. */
static const stored_template *find(const sched *s) {
  for (size_t i = 0; i < stored_templates_count; i++) {
    const stored_template *st = &stored_templates[i];
    if (!strcmp(st->topo, s->topo.name) && !strcmp(st->serves, task_name(s->task)) &&
        !strcmp(st->model, model_name(s->model)))
      return st;
  }
  return NULL;
}

int stored_schedule_applies(const sched *s, char *why, size_t len) {
  if (find(s)) return 0;
  snprintf(why, len, "no stored %s schedule for %s under %s (cmodel/templates/)", task_name(s->task), s->topo.name,
           model_name(s->model));
  return -1;
}

/* The rows of st into b: a template of origin 0, or a whole schedule. */
static int add_rows(const stored_template *st, sched *b) {
  b->is_template = st && !st->whole;
  for (size_t i = 0; st && i < st->nrows; i++) {
    const stored_row *r = &st->rows[i];
    if (sched_add(b, r->slot, r->src, r->dst, r->origin, r->dest)) return -1;
  }
  return 0;
}

int stored_schedule(sched *s) { return add_rows(find(s), s); }

int stored_broadcast(const sched *s, sched *b) {
  const stored_template *st = find(s);
  if (!st || st->whole || strcmp(st->task, task_name(b->task)) || add_rows(st, b)) return -1;
  sched_finish(b);
  return 0;
}
