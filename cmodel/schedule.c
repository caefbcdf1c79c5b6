/* schedule.c — schedule container and template expansion (see schedule.h). */
#include "schedule.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
static const char *const task_names[TASK_COUNT] = {"snb", "mnb", "scatter", "gather", "te"};
static const char *const model_names[MODEL_COUNT] = {"mla", "oneway", "sp-full", "sp-half"};

const char *task_name(task_kind k) { return task_names[k]; }
const char *model_name(model_kind m) { return model_names[m]; }

int task_from_name(const char *name) {
  for (int k = 0; k < TASK_COUNT; k++)
    if (!strcmp(name, task_names[k])) return k;
  return -1;
}

int model_from_name(const char *name) {
  for (int m = 0; m < MODEL_COUNT; m++)
    if (!strcmp(name, model_names[m])) return m;
  return -1;
}

bool task_has_root(task_kind k) { return k == TASK_SNB || k == TASK_SCATTER || k == TASK_GATHER; }
bool task_is_personalized(task_kind k) { return k == TASK_SCATTER || k == TASK_GATHER || k == TASK_TE; }

void sched_init(sched *s, const topo *t, task_kind task, model_kind model, int64_t root, bool xor_template) {
  memset(s, 0, sizeof *s);
  s->topo = *t;
  s->task = task;
  s->model = model;
  s->root = root;
  s->xor_template = xor_template;
}

int sched_add(sched *s, uint32_t slot, uint32_t src, uint32_t dst, uint32_t origin, int32_t dest) {
  sched_row *rows = grow_array(s->rows, &s->cap, s->nrows, sizeof *rows, 256);
  if (!rows) return -1;
  s->rows = rows;
  s->rows[s->nrows++] = (sched_row){slot, src, dst, origin, dest};
  return 0;
}

static int row_order(const void *a, const void *b) {
  const sched_row *x = a, *y = b;
  if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
  if (x->src != y->src) return x->src < y->src ? -1 : 1;
  if (x->dst != y->dst) return x->dst < y->dst ? -1 : 1;
  return 0;
}

void sched_finish(sched *s) {
  qsort(s->rows, s->nrows, sizeof *s->rows, row_order);
  s->slots = s->nrows ? s->rows[s->nrows - 1].slot : 0;
}

void sched_free(sched *s) {
  free(s->rows);
  s->rows = NULL;
  s->nrows = s->cap = 0;
}

uint64_t sched_transmissions(const sched *s) {
  return s->xor_template ? (uint64_t)s->nrows * s->topo.nodes : s->nrows;
}

/* One slot of a template: for each src u, the rows of every template entry translated by
 * t = u ^ entry.src, sorted by dst (insertion sort: a slot has at most a few dozen entries). */
static int expand_slot(const sched *s, const sched_row *first, size_t count, sched_row *buf, sched_row_fn fn,
                       void *ctx) {
  for (uint32_t u = 0; u < s->topo.nodes; u++) {
    for (size_t i = 0; i < count; i++) {
      uint32_t t = u ^ first[i].src;
      sched_row r = {first[i].slot, u, first[i].dst ^ t, t, first[i].dest < 0 ? -1 : (int32_t)((uint32_t)first[i].dest ^ t)};
      size_t j = i;
      while (j > 0 && buf[j - 1].dst > r.dst) {
        buf[j] = buf[j - 1];
        j--;
      }
      buf[j] = r;
    }
    for (size_t i = 0; i < count; i++) {
      int rc = fn(ctx, &buf[i]);
      if (rc) return rc;
    }
  }
  return 0;
}

int sched_foreach(const sched *s, sched_row_fn fn, void *ctx) {
  if (!s->xor_template) {
    for (size_t i = 0; i < s->nrows; i++) {
      int rc = fn(ctx, &s->rows[i]);
      if (rc) return rc;
    }
    return 0;
  }
  size_t widest = 0;
  for (size_t i = 0, j; i < s->nrows; i = j) {
    for (j = i; j < s->nrows && s->rows[j].slot == s->rows[i].slot; j++) {}
    if (j - i > widest) widest = j - i;
  }
  sched_row *buf = malloc((widest ? widest : 1) * sizeof *buf);
  if (!buf) return -1;
  int rc = 0;
  for (size_t i = 0, j; i < s->nrows && !rc; i = j) {
    for (j = i; j < s->nrows && s->rows[j].slot == s->rows[i].slot; j++) {}
    rc = expand_slot(s, &s->rows[i], j - i, buf, fn, ctx);
  }
  free(buf);
  return rc;
}
