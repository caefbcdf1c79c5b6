/* draw.c — what the views of a schedule share (draw.h): the colour key of a row and the line
 * that names the schedule. */
#include "draw/draw.h"

#include <stdio.h>

#include "draw/svg.h"

uint32_t draw_row_key(const sched *s, const sched_row *r) {
  if (s->task == TASK_KBCAST && r->dest == KBCAST_COUNTER) return DRAW_KEY_COUNTER;
  if (s->task == TASK_KBCAST && r->dest == KBCAST_END) return DRAW_KEY_END;
  if (task_combines(s->task)) return (uint32_t)r->dest; /* the chunk */
  if (s->task == TASK_SCATTER) return (uint32_t)r->dest; /* one origin: the destination tells packets apart */
  return r->origin;
}

const char *draw_key_name(const sched *s) {
  return task_combines(s->task) ? "chunk" : s->task == TASK_SCATTER ? "destination" : "origin";
}

void draw_key_colour(uint32_t k, char buf[8]) {
  if (k == DRAW_KEY_COUNTER) snprintf(buf, 8, "#8c8c8c");
  else if (k == DRAW_KEY_END) snprintf(buf, 8, "#202020");
  else svg_key_colour(k, buf);
}

void draw_title(const sched *s, char *buf, size_t len) {
  int n = snprintf(buf, len, "%s on %s, model %s", task_name(s->task), s->topo.name, model_name(s->model));
  if (n >= 0 && (size_t)n < len && s->root >= 0) n += snprintf(buf + n, len - (size_t)n, ", root %lld", (long long)s->root);
  if (n >= 0 && (size_t)n < len && task_has_active_set(s->task))
    n += snprintf(buf + n, len - (size_t)n, ", %u active", (unsigned)s->active.n);
  if (n >= 0 && (size_t)n < len && s->fraction > 1)
    n += snprintf(buf + n, len - (size_t)n, ", %u pieces per packet", (unsigned)s->fraction);
  if (n >= 0 && (size_t)n < len && s->alg[0]) snprintf(buf + n, len - (size_t)n, ", alg %s", s->alg);
}
