/* schedule.c — schedule container and template expansion (see schedule.h). */
#include "model/schedule.h"

#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

static const char *const task_names[TASK_COUNT] = {
    [TASK_SNB] = "snb",           [TASK_MNB] = "mnb",
    [TASK_SCATTER] = "scatter",   [TASK_GATHER] = "gather",
    [TASK_TE] = "te",             [TASK_REDUCE] = "reduce",
    [TASK_REDUCE_SCATTER] = "reduce_scatter", [TASK_ALLREDUCE] = "allreduce",
    [TASK_GLOBAL_SUM] = "global_sum", [TASK_KBCAST] = "kbcast",
    [TASK_PMNB] = "pmnb",         [TASK_PEXCHANGE] = "pexchange", [TASK_PGATHER] = "pgather",
};
static const char *const model_names[MODEL_COUNT] = {
    [MODEL_MLA] = "mla",         [MODEL_ONEWAY] = "oneway", [MODEL_SP_FULL] = "sp-full",
    [MODEL_SP_HALF] = "sp-half", [MODEL_S4NOC] = "s4noc",   [MODEL_S4NOC_BUFFERLESS] = "s4noc-bufferless",
};

/* The MPI collective each task is (MPI 4.0 ch. 6), where the names differ: accepted as aliases
 * wherever a task is named. scatter, gather, reduce, reduce_scatter and allreduce are already
 * MPI's names; global_sum (an allreduce of one chunk), kbcast, pmnb, pexchange and pgather have none. */
static const struct {
  const char *mpi;
  task_kind task;
} task_aliases[] = {
    {.mpi = "bcast", .task = TASK_SNB}, {.mpi = "allgather", .task = TASK_MNB}, {.mpi = "alltoall", .task = TASK_TE}};

const char *task_name(task_kind k) { return task_names[k]; }
const char *model_name(model_kind m) { return model_names[m]; }

int task_from_name(const char *name) {
  for (int k = 0; k < TASK_COUNT; k++)
    if (!strcmp(name, task_names[k])) return k;
  for (size_t i = 0; i < sizeof task_aliases / sizeof task_aliases[0]; i++)
    if (!strcmp(name, task_aliases[i].mpi)) return (int)task_aliases[i].task;
  return -1;
}

const char *task_name_list(void) {
  return "snb or bcast, mnb or allgather, scatter, gather, te or alltoall, reduce, reduce_scatter, allreduce, "
         "global_sum, kbcast, pmnb, pexchange or pgather";
}

const char *task_mpi_name(task_kind k) {
  for (size_t i = 0; i < sizeof task_aliases / sizeof task_aliases[0]; i++)
    if (task_aliases[i].task == k) return task_aliases[i].mpi;
  return k == TASK_SCATTER || k == TASK_GATHER || (task_combines(k) && k != TASK_GLOBAL_SUM) ? task_names[k] : NULL;
}

int model_from_name(const char *name) {
  for (int m = 0; m < MODEL_COUNT; m++)
    if (!strcmp(name, model_names[m])) return m;
  return -1;
}

const char *model_name_list(void) { return "mla, oneway, sp-full, sp-half, s4noc or s4noc-bufferless"; }

bool model_limits_local_port(model_kind m) { return m == MODEL_S4NOC || m == MODEL_S4NOC_BUFFERLESS; }
bool model_is_bufferless(model_kind m) { return m == MODEL_S4NOC_BUFFERLESS; }

bool task_has_root(task_kind k) { return k == TASK_SNB || k == TASK_SCATTER || k == TASK_GATHER || k == TASK_REDUCE; }
bool task_is_personalized(task_kind k) {
  return k == TASK_SCATTER || k == TASK_GATHER || k == TASK_TE || k == TASK_PEXCHANGE || k == TASK_PGATHER;
}
bool task_combines(task_kind k) { return k >= TASK_REDUCE && k <= TASK_GLOBAL_SUM; }
bool task_has_active_set(task_kind k) {
  return k == TASK_KBCAST || k == TASK_PMNB || k == TASK_PEXCHANGE || k == TASK_PGATHER;
}

uint32_t task_chunks(task_kind k, uint32_t n) { return k == TASK_REDUCE_SCATTER || k == TASK_ALLREDUCE ? n : 1; }

bool task_result_at(task_kind k, int64_t root, uint32_t node, uint32_t chunk) {
  switch (k) {
  case TASK_REDUCE: return (int64_t)node == root;
  case TASK_REDUCE_SCATTER: return node == chunk;
  case TASK_ALLREDUCE:
  case TASK_GLOBAL_SUM: return true;
  default: return false;
  }
}

int sched_row_by_slot_link(const void *a, const void *b) {
  const sched_row *x = a, *y = b;
  if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
  if (x->src != y->src) return x->src < y->src ? -1 : 1;
  return x->dst < y->dst ? -1 : x->dst > y->dst;
}

void sched_init(sched *s, const topo *t, task_kind task, model_kind model, int64_t root) {
  memset(s, 0, sizeof *s);
  s->topo = *t;
  s->task = task;
  s->model = model;
  s->root = root;
  s->fraction = 1;
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
  active_free(&s->active);
  free(s->rows);
  s->rows = NULL;
  s->nrows = s->cap = 0;
}

void sched_take_rows(sched *dst, sched *src) {
  free(dst->rows);
  dst->rows = src->rows;
  dst->nrows = src->nrows;
  dst->cap = src->cap;
  dst->slots = src->slots;
  src->rows = NULL;
  src->nrows = src->cap = 0;
}

uint64_t sched_transmissions(const sched *s) {
  if (!s->is_template) return s->nrows;
  return (uint64_t)s->nrows * (s->parity_template ? s->topo.nodes / 2 : s->topo.nodes);
}


/* A template entry as coordinates, so that translating it is a few additions (a whole torus
 * schedule of 4096 nodes is 16.8 M translated rows). */
typedef struct {
  uint32_t src[TOPO_MAX_DIMS], dst[TOPO_MAX_DIMS], dest[TOPO_MAX_DIMS];
} entry_coords;

static void to_coords(const topo *t, uint32_t u, uint32_t *c) {
  for (int i = 0; i < t->ndims; i++) c[i] = topo_coord(t, u, i);
}

/* u + x for x given by its coordinates, u by its coordinates (mod K_i per coordinate). */
static uint32_t add_coords(const topo *t, const uint32_t *u, const uint32_t *x) {
  uint32_t id = 0;
  for (int i = 0; i < t->ndims; i++) {
    uint32_t c = u[i] + x[i];
    id += (c >= t->radix[i] ? c - t->radix[i] : c) * t->stride[i];
  }
  return id;
}

/* One slot of a template: for each src u, the rows of every template entry translated by
 * t = u - entry.src, sorted by dst (insertion sort: a slot has at most a few dozen entries). */
static int expand_slot(const sched *s, const sched_row *first, size_t count, sched_row *buf, entry_coords *ec,
                       sched_row_fn fn, void *ctx) {
  const topo *tp = &s->topo;
  bool is_xor = tp->kind == TOPO_HYPERCUBE;
  if (!is_xor)
    for (size_t i = 0; i < count; i++) {
      /* the translation t = u - src is computed as u + (-src) */
      to_coords(tp, first[i].src, ec[i].src);
      for (int k = 0; k < tp->ndims; k++) ec[i].src[k] = ec[i].src[k] ? tp->radix[k] - ec[i].src[k] : 0;
      to_coords(tp, first[i].dst, ec[i].dst);
      if (first[i].dest >= 0) to_coords(tp, (uint32_t)first[i].dest, ec[i].dest);
    }
  uint32_t uc[TOPO_MAX_DIMS], tc[TOPO_MAX_DIMS];
  for (uint32_t u = 0; u < tp->nodes; u++) {
    if (!is_xor) to_coords(tp, u, uc);
    size_t m = 0; /* the rows of u */
    for (size_t i = 0; i < count; i++) {
      sched_row r;
      if (is_xor) {
        /* a parity template: only even translations, so u sends the rows of its parity */
        if (s->parity_template && topo_colour(tp, first[i].src) != topo_colour(tp, u)) continue;
        uint32_t t = u ^ first[i].src;
        r = (sched_row){first[i].slot, u, first[i].dst ^ t, first[i].origin ^ t,
                        first[i].dest < 0 ? -1 : (int32_t)((uint32_t)first[i].dest ^ t)};
      } else {
        uint32_t t = add_coords(tp, uc, ec[i].src);
        to_coords(tp, t, tc);
        r = (sched_row){first[i].slot, u, add_coords(tp, tc, ec[i].dst), t,
                        first[i].dest < 0 ? -1 : (int32_t)add_coords(tp, tc, ec[i].dest)};
      }
      size_t j = m++;
      while (j > 0 && buf[j - 1].dst > r.dst) {
        buf[j] = buf[j - 1];
        j--;
      }
      buf[j] = r;
    }
    for (size_t i = 0; i < m; i++) {
      int rc = fn(ctx, &buf[i]);
      if (rc) return rc;
    }
  }
  return 0;
}

int sched_foreach(const sched *s, sched_row_fn fn, void *ctx) {
  if (!s->is_template) {
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
  if (!widest) widest = 1;
  sched_row *buf = malloc(widest * sizeof *buf);
  entry_coords *ec = malloc(widest * sizeof *ec);
  int rc = buf && ec ? 0 : -1;
  for (size_t i = 0, j; i < s->nrows && !rc; i = j) {
    for (j = i; j < s->nrows && s->rows[j].slot == s->rows[i].slot; j++) {}
    rc = expand_slot(s, &s->rows[i], j - i, buf, ec, fn, ctx);
  }
  free(buf);
  free(ec);
  return rc;
}

const char *sched_template_name(const sched *s) {
  return s->parity_template ? "xor-parity" : topo_translation_name(topo_translation_of(&s->topo));
}

template_kind sched_template_kind(const sched *s) {
  return !s->is_template ? TEMPLATE_NONE : s->parity_template ? TEMPLATE_PARITY : TEMPLATE_TRANSLATION;
}

int template_kind_of(const topo *t, const char *name) {
  topo_translation tr = topo_translation_of(t);
  if (tr == TRANS_XOR && !strcmp(name, "xor-parity")) return TEMPLATE_PARITY;
  return tr != TRANS_NONE && !strcmp(name, topo_translation_name(tr)) ? TEMPLATE_TRANSLATION : -1;
}

int sched_set_template(sched *s, const char *name) {
  int kind = template_kind_of(&s->topo, name);
  if (kind < 0) return -1;
  s->is_template = true;
  s->parity_template = kind == TEMPLATE_PARITY;
  return 0;
}

static int append_row(void *ctx, const sched_row *r) {
  return sched_add(ctx, r->slot, r->src, r->dst, r->origin, r->dest);
}

int sched_expand(const sched *src, sched *dst) {
  int rc = sched_foreach(src, append_row, dst);
  sched_finish(dst);
  return rc ? -1 : 0;
}

/* open addressing over (slot, src, dst, dest) of the template rows */
static uint64_t row_hash(const sched_row *r) {
  uint64_t x = ((uint64_t)r->slot * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)r->src << 40) ^ ((uint64_t)r->dst << 20) ^
               (uint64_t)(uint32_t)r->dest;
  x ^= x >> 31;
  return x * 0xbf58476d1ce4e5b9ull;
}

static int same_row(const sched_row *a, const sched_row *b) {
  return a->slot == b->slot && a->src == b->src && a->dst == b->dst && a->dest == b->dest;
}

int sched_to_template(sched *s) {
  const topo *t = &s->topo;
  if (s->is_template || topo_translation_of(t) == TRANS_NONE || task_combines(s->task) || s->fraction > 1) return 0;
  size_t ntpl = 0;
  for (size_t i = 0; i < s->nrows; i++) ntpl += s->rows[i].origin == 0;
  if (!ntpl || (uint64_t)ntpl * t->nodes != s->nrows) return 0;
  size_t cap = 16;
  while (cap < 2 * ntpl) cap *= 2;
  size_t *slot_of = malloc(cap * sizeof *slot_of); /* index + 1 into rows, 0 = empty */
  if (!slot_of) return -1;
  memset(slot_of, 0, cap * sizeof *slot_of);
  for (size_t i = 0; i < s->nrows; i++) {
    if (s->rows[i].origin) continue;
    size_t h = (size_t)row_hash(&s->rows[i]) & (cap - 1);
    while (slot_of[h]) h = (h + 1) & (cap - 1);
    slot_of[h] = i + 1;
  }
  int symmetric = 1;
  for (size_t i = 0; i < s->nrows && symmetric; i++) {
    const sched_row *r = &s->rows[i];
    sched_row back = {r->slot, topo_sub(t, r->src, r->origin), topo_sub(t, r->dst, r->origin), 0,
                      r->dest < 0 ? -1 : (int32_t)topo_sub(t, (uint32_t)r->dest, r->origin)};
    size_t h = (size_t)row_hash(&back) & (cap - 1);
    while (slot_of[h] && !same_row(&s->rows[slot_of[h] - 1], &back)) h = (h + 1) & (cap - 1);
    symmetric = slot_of[h] != 0;
  }
  free(slot_of);
  if (!symmetric) return 0;
  size_t kept = 0;
  for (size_t i = 0; i < s->nrows; i++)
    if (s->rows[i].origin == 0) s->rows[kept++] = s->rows[i];
  s->nrows = kept;
  s->is_template = true;
  return 1;
}

uint64_t sched_fingerprint(const sched *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  uint32_t v[5];
  for (size_t i = 0; i <= s->nrows; i++) {
    if (i == s->nrows) {
      v[0] = (uint32_t)s->is_template + 2u * s->parity_template;
      v[1] = v[2] = v[3] = v[4] = 0;
    } else {
      const sched_row *r = &s->rows[i];
      v[0] = r->slot, v[1] = r->src, v[2] = r->dst, v[3] = r->origin, v[4] = (uint32_t)r->dest;
    }
    for (int k = 0; k < 5; k++)
      for (int b = 0; b < 4; b++) h = (h ^ (v[k] >> (8 * b) & 0xff)) * 0x100000001b3ull;
  }
  return h;
}
