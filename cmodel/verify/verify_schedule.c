/* verify_schedule.c — a sched fed row by row to the verifier (see verify_schedule.h). */
#include "verify/verify_schedule.h"

#include <stdio.h>

/* sched_foreach's callback: ctx is the verifier. */
static int feed_row(void *ctx, const sched_row *row) { return verifier_feed(ctx, row); }

int verify_sched(const sched *s, bool by_template, verify_summary *sum, char *err, size_t errlen) {
  template_kind tpl = by_template ? sched_template_kind(s) : TEMPLATE_NONE;
  verifier *v = task_has_active_set(s->task)
                    ? verifier_new_active(&s->topo, s->task, s->model, &s->active, s->fraction, err, errlen)
                    : verifier_new(&s->topo, s->task, s->model, s->root, tpl, err, errlen);
  if (!v) return -1;
  int rc = VERIFY_OK;
  if (tpl != TEMPLATE_NONE || !s->is_template) {
    for (size_t i = 0; i < s->nrows && rc == VERIFY_OK; i++) rc = verifier_feed(v, &s->rows[i]);
  } else {
    rc = sched_foreach(s, feed_row, v); /* -1: no room for a slot's translates */
  }
  if (rc == VERIFY_OK) rc = verifier_finish(v, sum);
  if (rc < 0) {
    snprintf(err, errlen, "out of memory");
    rc = VERIFY_BAD_INPUT;
  } else if (rc != VERIFY_OK) {
    snprintf(err, errlen, "%s", verifier_message(v));
  }
  verifier_free(v);
  return rc;
}
