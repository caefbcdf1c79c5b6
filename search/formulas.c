/* formulas.c — te_search's formula table (see formulas.h). */
#include "formulas.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/outfile.h"
#include "allreduce_gossip_cnf.h"
#include "mnb_any_cnf.h"
#include "te_any_cnf.h"
#include "mnb_lean_cnf.h"
#include "s4noc_template_cnf.h"
#include "snb_sp_cnf.h"
#include "construct/template_sources.h"
#include "format/tsv.h"
#include "te_extend_cnf.h"
#include "te_lean_cnf.h"
#include "te_template_cnf.h"
#include "verify/verify.h"

/* A builder's state of size bytes, or NULL with "out of memory" in err. */
static void *new_state(size_t size, char *err, size_t errlen) {
  void *state = malloc(size);
  if (!state) snprintf(err, errlen, "out of memory");
  return state;
}

/* state if the formula was built (failed == 0), else NULL after freeing it (the reason is in err). */
static void *built(void *state, int failed) {
  if (!failed) return state;
  free(state);
  return NULL;
}

/* ---- mla: the loads formula (te_template_cnf.h) ---- */

static void *mla_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  te_template_vars *map = new_state(sizeof *map, err, errlen);
  return map ? built(map, te_template_cnf(t, q->slots, f, map, err, errlen)) : NULL;
}

static int mla_report(const topo *t, const search_params *q, const void *state, const int *value, const char *out) {
  (void)q, (void)out;
  printf(" loads=");
  for (int i = 0; i < t->ndims; i++) {
    uint64_t plus, minus;
    te_template_loads(t, state, i, value, &plus, &minus);
    printf("%s%llu/%llu", i ? "," : "", (unsigned long long)plus, (unsigned long long)minus);
  }
  return 0;
}

/* ---- s4noc-bufferless: placements (s4noc_template_cnf.h) ---- */

static void *s4noc_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  s4noc_placements *pl = new_state(sizeof *pl, err, errlen);
  return pl ? built(pl, s4noc_template_cnf(t, q->slots, q->periodic, q->dim_order, f, pl, err, errlen)) : NULL;
}

/* A periodic template's rows (s4noc_template_cnf.h), checked apart from the formula: per slot
 * modulo the period, every generator at most once, one packet starting (injection) and one
 * ending (ejection). Prints period=P periodic=verified, or periodic=FAIL(...); 0 or 1. */
static int check_periodic(const topo *t, const sched *s, uint32_t period) {
  uint8_t *used = calloc((size_t)period * ((size_t)t->ports + 2), 1); /* [slot mod P][generator, start, end] */
  const char *why = used ? NULL : "out of memory";
  for (size_t i = 0; !why && i < s->nrows; i++) {
    const sched_row *r = &s->rows[i];
    uint8_t *at = used + (size_t)((r->slot - 1) % period) * ((size_t)t->ports + 2);
    int g = topo_port_to(t, r->src, r->dst);
    if (at[g]++) why = "a generator twice in a slot modulo the period";
    if (r->src == r->origin && at[t->ports]++) why = "two injections in a slot modulo the period";
    if ((int32_t)r->dst == r->dest && at[t->ports + 1]++) why = "two ejections in a slot modulo the period";
  }
  free(used);
  if (why) printf(" period=%u periodic=FAIL(%s)", (unsigned)period, why);
  else printf(" period=%u periodic=verified", (unsigned)period);
  return why ? 1 : 0;
}

/* Writes s to path as a schedule TSV (a temporary renamed), as a template's rows or (template
 * false) a whole schedule's; 0, or 1 with the reason on stderr. */
static int write_schedule(const sched *s, const char *path, bool template) {
  outfile o;
  char err[320];
  if (outfile_open(&o, path, err, sizeof err) == 0) {
    if (tsv_write(o.f, s, template) == 0 && outfile_commit(&o, err, sizeof err) == 0) return 0;
    outfile_abort(&o);
    snprintf(err, sizeof err, "cannot write %s", path);
  }
  fprintf(stderr, "te_search: %s\n", err);
  return 1;
}

/* A decoded template (whole false: a whole schedule) s (decode_failed: memory ran out decoding
 * it), checked by the golden model's verifier under its task and model: prints
 * template=verified template_slots=N or template=FAIL(...) (schedule=... for a whole one), and
 * on success writes s to out (if not NULL). 0, or 1 on a failure. */
static int check_decoded(const topo *t, sched *s, int decode_failed, const char *out, bool whole) {
  const char *what = whole ? "schedule" : "template";
  char err[320];
  verifier *v = NULL;
  verify_summary sum;
  int bad = decode_failed;
  if (!bad) {
    sched_finish(s);
    v = task_has_active_set(s->task)
            ? verifier_new_active(t, s->task, s->model, &s->active, 1, err, sizeof err)
            : verifier_new(t, s->task, s->model, whole ? s->root : -1, whole ? TEMPLATE_NONE : TEMPLATE_TRANSLATION, err,
                           sizeof err);
    for (size_t i = 0; v && !bad && i < s->nrows; i++) bad = verifier_feed(v, &s->rows[i]) != VERIFY_OK;
    bad = bad || !v || verifier_finish(v, &sum) != VERIFY_OK;
  }
  if (bad) printf(" %s=FAIL(%s)", what, v ? verifier_message(v) : "out of memory");
  else printf(" %s=verified %s_slots=%u", what, what, (unsigned)sum.slots);
  if (!bad && out) {
    snprintf(s->alg, sizeof s->alg, "te_search");
    bad = write_schedule(s, out, !whole);
  }
  verifier_free(v);
  return bad ? 1 : 0;
}
static int check_template(const topo *t, sched *s, int decode_failed, const char *out) {
  return check_decoded(t, s, decode_failed, out, false);
}

static int s4noc_report(const topo *t, const search_params *q, const void *state, const int *value, const char *out) {
  sched s;
  sched_init(&s, t, TASK_TE, MODEL_S4NOC_BUFFERLESS, -1);
  int failed = s4noc_template_decode(t, state, q->slots, value, &s);
  int bad = (!failed && q->periodic && check_periodic(t, &s, q->slots)) | check_template(t, &s, failed, out);
  sched_free(&s);
  return bad;
}

static void s4noc_release(void *state) {
  if (state) s4noc_placements_free(state);
  free(state);
}

/* ---- mnb and te, mla: few sources per output port (mnb_lean_cnf.h, te_lean_cnf.h) ---- */

static void *mnb_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  mnb_lean_vars *m = new_state(sizeof *m, err, errlen);
  return m ? built(m, mnb_lean_cnf(t, q->slots, q->max_wait, q->sources, q->symmetry, f, m, err, errlen)) : NULL;
}

static void *te_lanes_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  te_lean_vars *m = new_state(sizeof *m, err, errlen);
  return m ? built(m, te_lean_cnf(t, q->slots, q->max_wait, q->sources, q->symmetry, q->diagonals, -1, f, m, err,
                                 errlen))
           : NULL;
}

int search_lanes_report(const topo *t, const search_params *q, sched *s, int decode_failed, const char *out) {
  int most = -1, total = -1;
  uint32_t *in_slot = malloc(t->nodes * sizeof *in_slot), per_port[TEMPLATE_SOURCE_PORTS], longest;
  uint8_t *in_port = malloc(t->nodes);
  if (!decode_failed && in_slot && in_port) {
    total = (int)template_sources(t, s, in_slot, in_port, per_port, &longest);
    for (int p = 0; p < t->ports; p++)
      if ((int)per_port[p] > most) most = (int)per_port[p];
    if (longest > (uint32_t)q->max_wait) most = total = -1;
  }
  free(in_slot);
  free(in_port);
  printf(" sources_most=%d sources_total=%d", most, total);
  return check_template(t, s, decode_failed, out) || most < 0;
}

static int mnb_report(const topo *t, const search_params *q, const void *state, const int *value, const char *out) {
  sched s;
  sched_init(&s, t, TASK_MNB, MODEL_MLA, -1);
  int bad = search_lanes_report(t, q, &s, mnb_lean_decode(t, state, value, &s), out);
  sched_free(&s);
  return bad;
}

static int te_lanes_report(const topo *t, const search_params *q, const void *state, const int *value,
                           const char *out) {
  sched s;
  sched_init(&s, t, TASK_TE, MODEL_MLA, -1);
  int bad = search_lanes_report(t, q, &s, te_lean_decode(t, state, value, &s), out);
  sched_free(&s);
  return bad;
}

static void *te_extend_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  te_extend_vars *m = new_state(sizeof *m, err, errlen);
  return m ? built(m, te_extend_cnf(t, q->base, q->slots, q->max_wait, q->sources, f, m, err, errlen)) : NULL;
}

static int te_extend_report(const topo *t, const search_params *q, const void *state, const int *value,
                            const char *out) {
  sched s;
  sched_init(&s, t, TASK_TE, MODEL_MLA, -1);
  int bad = search_lanes_report(t, q, &s, te_extend_decode(t, state, value, &s), out);
  sched_free(&s);
  return bad;
}

static void mnb_release(void *state) {
  if (state) mnb_lean_vars_free(state);
  free(state);
}

static void te_lanes_release(void *state) {
  if (state) te_lean_vars_free(state);
  free(state);
}

static void te_extend_release(void *state) {
  if (state) te_extend_vars_free(state);
  free(state);
}

/* ---- snb, sp-full and sp-half: whole schedules (snb_sp_cnf.h) ---- */

static void *snb_sp_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  snb_sp_vars *m = new_state(sizeof *m, err, errlen);
  return m ? built(m, snb_sp_cnf(t, q->model, q->slots, f, m, err, errlen)) : NULL;
}
static int snb_sp_report(const topo *t, const search_params *q, const void *state, const int *value, const char *out) {
  sched s;
  sched_init(&s, t, TASK_SNB, q->model, 0);
  int bad = check_decoded(t, &s, snb_sp_decode(t, state, value, &s) != 0, out, true);
  sched_free(&s);
  return bad;
}

/* ---- mnb, mla and oneway: whole schedules (mnb_any_cnf.h) ---- */

static void *mnb_any_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  mnb_any_vars *m = new_state(sizeof *m, err, errlen);
  return m ? built(m, mnb_any_cnf(t, q->model, NULL, q->slots, f, m, err, errlen)) : NULL;
}
static int mnb_any_report(const topo *t, const search_params *q, const void *state, const int *value, const char *out) {
  sched s;
  sched_init(&s, t, TASK_MNB, q->model, -1);
  int bad = check_decoded(t, &s, mnb_any_decode(t, state, value, &s) != 0, out, true);
  sched_free(&s);
  return bad;
}

/* ---- kbcast, mla: whole schedules of the active set's broadcasts (mnb_any_cnf.h) ---- */

static void *kbcast_any_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  if (t->kind != TOPO_HYPERCUBE) {
    snprintf(err, errlen, "--task kbcast: K broadcasts are the hypercube's task (001), not %s's", t->name);
    return NULL;
  }
  mnb_any_vars *m = new_state(sizeof *m, err, errlen);
  return m ? built(m, mnb_any_cnf(t, q->model, q->active, q->slots, f, m, err, errlen)) : NULL;
}
static int kbcast_any_report(const topo *t, const search_params *q, const void *state, const int *value,
                             const char *out) {
  sched s;
  sched_init(&s, t, TASK_KBCAST, q->model, -1);
  int failed = active_copy(&s.active, q->active) || mnb_any_decode(t, state, value, &s);
  int bad = check_decoded(t, &s, failed, out, true);
  sched_free(&s);
  return bad;
}

/* ---- te, mla, oneway, sp-full and sp-half: whole schedules (te_any_cnf.h) ---- */

static void *te_any_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  te_any_vars *m = new_state(sizeof *m, err, errlen);
  if (!m) return NULL;
  if (te_any_cnf(t, q->model, q->slots, q->from, q->shortest, f, m, err, errlen) == 0) return m;
  te_any_vars_free(m);
  free(m);
  return NULL;
}
static int te_any_report(const topo *t, const search_params *q, const void *state, const int *value, const char *out) {
  sched s;
  sched_init(&s, t, TASK_TE, q->model, -1);
  int bad = check_decoded(t, &s, te_any_decode(t, state, value, &s) != 0, out, true);
  sched_free(&s);
  return bad;
}
static int te_any_selector(const void *state, uint32_t slots) {
  const te_any_vars *m = state;
  return m->selector[slots - m->from];
}
static void te_any_release(void *state) {
  if (state) te_any_vars_free(state);
  free(state);
}

/* ---- allreduce and global_sum, mla and oneway: the gossip relaxation (allreduce_gossip_cnf.h) ---- */

static void *gossip_build(const topo *t, const search_params *q, uint32_t chunks, cnf *f, char *err, size_t errlen) {
  allreduce_gossip_vars *m = new_state(sizeof *m, err, errlen);
  if (!m) return NULL;
  if (allreduce_gossip_cnf(t, q->model, chunks, q->slots, q->from, f, m, err, errlen) == 0) return m;
  allreduce_gossip_vars_free(m);
  free(m);
  return NULL;
}
static void *allreduce_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  return gossip_build(t, q, t->nodes, f, err, errlen);
}
static void *global_sum_build(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen) {
  return gossip_build(t, q, 1, f, err, errlen);
}
static int gossip_report(const topo *t, const search_params *q, const void *state, const int *value, const char *out) {
  (void)t, (void)q, (void)out;
  printf(" relaxation=sat words=%llu", (unsigned long long)allreduce_gossip_words(state, value, q->slots));
  return 0;
}
static int gossip_selector(const void *state, uint32_t slots) {
  const allreduce_gossip_vars *m = state;
  return m->selector[slots - m->from];
}
static void gossip_release(void *state) {
  if (state) allreduce_gossip_vars_free(state);
  free(state);
}

static const search_formula table[] = {
    {.task = "te", .model = "mla", .what = "a te translation template", .build = mla_build, .report = mla_report,
     .release = free},
    {.task = "te", .model = "s4noc-bufferless", .what = "a bufferless S4NOC te translation template", .build = s4noc_build,
     .report = s4noc_report, .writes_template = true, .release = s4noc_release},
    {.task = "te", .model = "mla", .what = "a te translation template with waits and sources per port bounded",
     .build = te_lanes_build, .report = te_lanes_report, .writes_template = true, .reads_lanes = true,
     .release = te_lanes_release},
    {.task = "te", .model = "mla",
     .what = "a te translation template, a smaller cube's run twice, with waits and sources per port bounded",
     .build = te_extend_build, .report = te_extend_report, .writes_template = true, .reads_lanes = true, .reads_base = true,
     .release = te_extend_release},
    {.task = "mnb", .model = "mla", .what = "an mnb translation template with waits and sources per port bounded",
     .build = mnb_build, .report = mnb_report, .writes_template = true, .reads_lanes = true, .release = mnb_release},
    {.task = "snb", .model = "sp-full", .what = "an snb schedule from node 0 (any, not a template)", .build = snb_sp_build,
     .report = snb_sp_report, .writes_template = true, .general = true, .release = free},
    {.task = "snb", .model = "sp-half", .what = "an snb schedule from node 0 (any, not a template)", .build = snb_sp_build,
     .report = snb_sp_report, .writes_template = true, .general = true, .release = free},
    {.task = "mnb", .model = "mla", .what = "an mnb schedule (any, not a template)", .build = mnb_any_build,
     .report = mnb_any_report, .writes_template = true, .general = true, .release = free},
    {.task = "mnb", .model = "oneway", .what = "a one-way mnb schedule (any, not a template)",
     .build = mnb_any_build, .report = mnb_any_report, .writes_template = true, .general = true, .release = free},
    {.task = "kbcast", .model = "mla", .what = "K broadcasts of an active set (any schedule, not a template)",
     .build = kbcast_any_build, .report = kbcast_any_report, .writes_template = true, .general = true,
     .release = free},
    {.task = "te", .model = "mla", .what = "a te schedule (any, not a template)", .build = te_any_build,
     .report = te_any_report, .writes_template = true, .general = true, .selector = te_any_selector,
     .release = te_any_release},
    {.task = "te", .model = "oneway", .what = "a one-way te schedule (any, not a template)", .build = te_any_build,
     .report = te_any_report, .writes_template = true, .general = true, .selector = te_any_selector,
     .release = te_any_release},
    {.task = "te", .model = "sp-full", .what = "an sp-full te schedule (any, not a template)", .build = te_any_build,
     .report = te_any_report, .writes_template = true, .general = true, .selector = te_any_selector,
     .release = te_any_release},
    {.task = "te", .model = "sp-half", .what = "an sp-half te schedule (any, not a template)", .build = te_any_build,
     .report = te_any_report, .writes_template = true, .general = true, .selector = te_any_selector,
     .release = te_any_release},
    {.task = "allreduce", .model = "mla", .what = "the gossip relaxation of an allreduce (any schedule)",
     .build = allreduce_build, .report = gossip_report, .general = true, .selector = gossip_selector,
     .release = gossip_release},
    {.task = "allreduce", .model = "oneway", .what = "the gossip relaxation of a one-way allreduce (any schedule)",
     .build = allreduce_build, .report = gossip_report, .general = true, .selector = gossip_selector,
     .release = gossip_release},
    {.task = "global_sum", .model = "mla", .what = "the gossip relaxation of a global sum (any schedule)",
     .build = global_sum_build, .report = gossip_report, .general = true, .selector = gossip_selector,
     .release = gossip_release},
    {.task = "global_sum", .model = "oneway", .what = "the gossip relaxation of a one-way global sum (any schedule)",
     .build = global_sum_build, .report = gossip_report, .general = true, .selector = gossip_selector,
     .release = gossip_release},
};

const search_formula *search_formula_find(const char *task, const char *model, bool lanes, bool base, bool general) {
  const search_formula *first = NULL;
  for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
    if (strcmp(task, table[i].task) || strcmp(model, table[i].model) || table[i].reads_base != base ||
        table[i].general != general)
      continue;
    if (table[i].reads_lanes == lanes) return &table[i];
    if (!first) first = &table[i];
  }
  return lanes || base ? NULL : first;
}

const char *search_formula_names(void) {
  return "te mla, te mla --lanes [--extend], te s4noc-bufferless, te --general (mla, oneway, sp-full, sp-half), mnb mla, "
         "mnb mla --general, mnb oneway --general, snb sp-full, snb sp-half, allreduce or global_sum (mla, oneway)";
}
