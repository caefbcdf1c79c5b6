/* stored_schedule.c — the construction `stored`: a template (or a whole schedule) of
 * stored_templates.h, for the topology, task and model it was found for (issue 16's small
 * routers; docs/SCHEDULES.md; issue 41's one-way mnb on meshes, docs/PORT_MODELS.md); and the
 * broadcast template stored for a combining task, which reverses it (issue 40). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "construct/construct.h"
#include "construct/stored_templates.h"

/* A schedule stored under model `stored` serves model `wanted`: the same model, sp-half's for
 * sp-full (a node that sends or receives once a slot sends once and receives once: 002's
 * half-duplex schedules are full-duplex ones), or s4noc-bufferless's for s4noc (a packet that
 * never waits needs no forwarding memory; PORT_MODELS.md, "The S4NOC models"). */
static bool serves_model(const char *stored, model_kind wanted) {
  return !strcmp(stored, model_name(wanted)) ||
         (wanted == MODEL_SP_FULL && !strcmp(stored, model_name(MODEL_SP_HALF))) ||
         (wanted == MODEL_S4NOC && !strcmp(stored, model_name(MODEL_S4NOC_BUFFERLESS)));
}

/* The template stored for s's task (its own, or the broadcast it reverses) on s's topology
 * and model, or NULL. */
static const stored_template *find(const sched *s) {
  for (size_t i = 0; i < stored_templates_count; i++) {
    const stored_template *st = &stored_templates[i];
    if (!strcmp(st->topo, s->topo.name) && !strcmp(st->serves, task_name(s->task)) && serves_model(st->model, s->model))
      return st;
  }
  return NULL;
}

int stored_schedule_applies(const sched *s, char *why, size_t len) {
  const stored_template *st = find(s);
  if (st && st->whole && s->root > 0 && topo_translation_of(&s->topo) == TRANS_NONE) {
    snprintf(why, len, "the stored %s schedule for %s is from root 0, and %s has no translation to move it to root %lld",
             task_name(s->task), s->topo.name, s->topo.name, (long long)s->root);
    return -1;
  }
  if (st) return 0;
  snprintf(why, len, "no stored %s schedule for %s under %s (cmodel/templates/)", task_name(s->task), s->topo.name,
           model_name(s->model));
  return -1;
}

/* The rows of st into b: a template of origin 0, or a whole schedule (a rooted task's from
 * root 0, translated to b's root: the topology is vertex-transitive, so every node id moves
 * by the same group element and links map onto links). */
static int add_rows(const stored_template *st, sched *b) {
  b->is_template = st && !st->whole;
  uint32_t by = st && st->whole && b->root > 0 ? (uint32_t)b->root : 0;
  for (size_t i = 0; st && i < st->nrows; i++) {
    const stored_row *r = &st->rows[i];
    uint32_t src = r->src, dst = r->dst, origin = r->origin;
    int32_t dest = r->dest;
    if (by) {
      src = topo_add(&b->topo, src, by), dst = topo_add(&b->topo, dst, by), origin = topo_add(&b->topo, origin, by);
      if (dest >= 0) dest = (int32_t)topo_add(&b->topo, (uint32_t)dest, by);
    }
    if (sched_add(b, r->slot, src, dst, origin, dest)) return -1;
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
