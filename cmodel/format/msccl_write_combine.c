/* msccl_write_combine.c — a combining schedule (reduce, reduce_scatter, allreduce, global_sum)
 * written as MSCCL XML with reducing steps and the dependencies an MSCCL runtime needs (docs/
 * EXPORT.md "Writing the combining tasks").
 *
 * A node's partial of chunk x (docs/REDUCTIONS.md) lives in one buffer chunk, its home: the input
 * chunk i/x at the start, then a scratch chunk. A scratch chunk is written, then only read: a
 * receive starting a partial writes a fresh one (r when the node forwarded its partial, rrc with
 * the old home as local operand otherwise), a receive adds to the home in place (rrc) only while
 * nothing has read it; so no step ever writes what another may still read. A word the node
 * passes on in the next slot is received whole into scratch (r) and added a slot later by local
 * steps (cpy of the home to a fresh chunk, re of the word into it) — so a node must not send its
 * partial in that slot (refused). At the end a local cpy puts each sum the collective wants
 * into its output chunk (o/x for allreduce, o/0 for the others).
 *
 * Every step that reads or adds to a chunk written in another thread block depends on that
 * write (depid/deps); a step with two such dependencies gets a nop carrying the second. One
 * thread block per directed link at each end, its steps in the rows' slots (nops where the link
 * idles); local steps in thread blocks of their own (send="-1" recv="-1").
 */
#include <stdlib.h>
#include <string.h>

#include "format/msccl_internal.h"
#include "util/grow.h"
#include "util/memlimit.h"

enum { TB_RECV, TB_SEND, TB_LOCAL };

typedef struct {
  uint32_t gpu, peer, slot; /* peer: the link's other end (TB_RECV, TB_SEND) */
  int where, type, sbuf, dbuf;
  int64_t soff, doff;
  int64_t dep[2];     /* the steps it waits on (this GPU's), -1 none */
  uint32_t tb, index; /* its thread block and step number (numbering) */
  bool flexible;      /* a final copy: any slot after the rows */
  bool hasdep;        /* a step waits on it */
} step_rec;

typedef struct {
  int buf; /* BUF_I, BUF_S, or -1: the node forwarded its partial and holds nothing */
  int64_t off;
} home;

typedef struct {
  uint32_t node, from, slot; /* node passes on in slot+1 what it receives from `from` in slot */
  int32_t chunk;
  int64_t scratch; /* where it keeps it */
} pass_key;

typedef struct {
  const sched *s;
  uint32_t n, nchunks;
  sched whole; /* s expanded, its rows by (slot, src, dst) */
  const sched_row *rows;
  size_t nrows;
  pass_key *pass;
  size_t npass;
  home *homes;      /* per (node, chunk) */
  uint32_t *stale;  /* per (node, chunk): a slot in which its home is not yet up to date */
  int64_t *nscratch; /* per node: scratch chunks used */
  int64_t **last;    /* per node and scratch chunk: the step that last wrote it */
  bool **read;       /* per node and scratch chunk: a step read it */
  size_t *cap_scratch;
  step_rec *st;
  size_t nst, cap_st;
  char *err;
  size_t errlen;
} cwriter;

static int by_key(const void *a, const void *b) {
  const pass_key *x = a, *y = b;
  if (x->node != y->node) return x->node < y->node ? -1 : 1;
  if (x->from != y->from) return x->from < y->from ? -1 : 1;
  if (x->chunk != y->chunk) return x->chunk < y->chunk ? -1 : 1;
  return x->slot < y->slot ? -1 : x->slot > y->slot;
}

static pass_key *find_pass(const cwriter *w, uint32_t node, uint32_t from, int32_t chunk, uint32_t slot) {
  pass_key k = {.node = node, .from = from, .slot = slot, .chunk = chunk};
  return bsearch(&k, w->pass, w->npass, sizeof k, by_key);
}

static home *home_of(const cwriter *w, uint32_t g, int32_t x) { return &w->homes[(size_t)g * w->nchunks + (size_t)x]; }

/* A fresh scratch chunk of node g (-1: out of memory). */
static int64_t fresh(cwriter *w, uint32_t g) {
  int64_t k = w->nscratch[g];
  if ((size_t)k == w->cap_scratch[g]) {
    size_t cap = w->cap_scratch[g] ? 2 * w->cap_scratch[g] : 16;
    int64_t *l = realloc(w->last[g], cap * sizeof *l);
    if (l) w->last[g] = l;
    bool *r = realloc(w->read[g], cap * sizeof *r);
    if (r) w->read[g] = r;
    if (!l || !r) return -1;
    w->cap_scratch[g] = cap;
  }
  w->last[g][k] = -1;
  w->read[g][k] = false;
  return w->nscratch[g]++;
}

/* A step; returns its number, -1 if memory runs out. */
static int64_t add_step(cwriter *w, step_rec r) {
  step_rec *g = grow_array(w->st, &w->cap_st, w->nst, sizeof *g, 1024);
  if (!g) return -1;
  w->st = g;
  w->st[w->nst] = r;
  return (int64_t)w->nst++;
}

/* The step that last wrote g's chunk (buf, off), -1 for the input; and now it is read. */
static int64_t reads(cwriter *w, uint32_t g, int buf, int64_t off) {
  if (buf != BUF_S) return -1;
  w->read[g][off] = true;
  return w->last[g][off];
}

/* Row q's send: its node's partial (home) or the word it received in the slot before. */
static int place_send(cwriter *w, const sched_row *q) {
  step_rec r = {.gpu = q->src, .peer = q->dst, .slot = q->slot, .where = TB_SEND, .type = ST_SEND, .dep = {-1, -1}};
  if (q->origin == ORIGIN_MOVE || q->origin == ORIGIN_COPY) {
    const home *h = home_of(w, q->src, q->dest);
    if (w->stale[(size_t)q->src * w->nchunks + (size_t)q->dest] == q->slot)
      return snprintf(w->err, w->errlen,
                      "msccl-xml: node %u sends its partial of chunk %d in slot %u, the slot after it received a word "
                      "it passes on; MSCCL adds that word a slot later (re), so the partial is not ready",
                      (unsigned)q->src, (int)q->dest, (unsigned)q->slot), 1;
    r.sbuf = h->buf < 0 ? BUF_I : h->buf; /* an empty partial: the verifier refused it already */
    r.soff = h->buf < 0 ? q->dest : h->off;
  } else {
    const pass_key *k = find_pass(w, q->src, q->origin, q->dest, q->slot - 1);
    r.sbuf = BUF_S, r.soff = k->scratch;
  }
  r.dep[0] = reads(w, q->src, r.sbuf, r.soff);
  r.dbuf = BUF_S, r.doff = 0; /* where the receiver puts it: informational */
  return add_step(w, r) < 0 ? -1 : 0;
}

/* A receive of a word that goes into the partial: in place while nobody read the home, else into
 * a fresh chunk (with the old home as local operand, or alone after a forward). */
static int receive_into_home(cwriter *w, const sched_row *q) {
  home *h = home_of(w, q->dst, q->dest);
  step_rec r = {.gpu = q->dst, .peer = q->src, .slot = q->slot, .where = TB_RECV, .type = ST_RRC, .dep = {-1, -1}};
  if (h->buf == BUF_S && !w->read[q->dst][h->off]) {
    r.sbuf = r.dbuf = BUF_S, r.soff = r.doff = h->off;
    r.dep[0] = w->last[q->dst][h->off];
  } else {
    int64_t k = fresh(w, q->dst);
    if (k < 0) return -1;
    if (h->buf < 0) r.type = ST_RECV, r.sbuf = BUF_S, r.soff = 0;
    else r.sbuf = h->buf, r.soff = h->off, r.dep[0] = reads(w, q->dst, h->buf, h->off);
    r.dbuf = BUF_S, r.doff = k;
    *h = (home){BUF_S, k};
  }
  int64_t id = add_step(w, r);
  if (id < 0) return -1;
  w->last[q->dst][h->off] = id;
  return 0;
}

/* A receive of a word the node passes on: whole into scratch; a slot later added to the
 * partial (re), into a fresh copy of the home (cpy) unless the home takes it in place. */
static int receive_passed(cwriter *w, const sched_row *q) {
  uint32_t g = q->dst, t = q->slot;
  pass_key *key = find_pass(w, g, q->src, q->dest, t);
  int64_t k = fresh(w, g);
  if (k < 0) return -1;
  key->scratch = k;
  step_rec r = {.gpu = g, .peer = q->src, .slot = t, .where = TB_RECV, .type = ST_RECV, .sbuf = BUF_S, .soff = 0,
                .dbuf = BUF_S, .doff = k, .dep = {-1, -1}};
  int64_t raw = add_step(w, r);
  if (raw < 0) return -1;
  w->last[g][k] = raw;
  home *h = home_of(w, g, q->dest);
  w->stale[(size_t)g * w->nchunks + (size_t)q->dest] = t + 1;
  if (h->buf < 0) {
    *h = (home){BUF_S, k};
    return 0;
  }
  if (h->buf == BUF_I || w->read[g][h->off]) { /* a fresh home: the old one copied */
    int64_t m = fresh(w, g);
    if (m < 0) return -1;
    step_rec c = {.gpu = g, .slot = t + 1, .where = TB_LOCAL, .type = ST_CPY, .sbuf = h->buf, .soff = h->off,
                  .dbuf = BUF_S, .doff = m, .dep = {reads(w, g, h->buf, h->off), -1}};
    int64_t id = add_step(w, c);
    if (id < 0) return -1;
    w->last[g][m] = id;
    *h = (home){BUF_S, m};
  }
  step_rec a = {.gpu = g, .slot = t + 1, .where = TB_LOCAL, .type = ST_RE, .sbuf = BUF_S, .soff = k, .dbuf = BUF_S,
                .doff = h->off, .dep = {w->last[g][h->off], raw}};
  w->read[g][k] = true;
  int64_t id = add_step(w, a);
  if (id < 0) return -1;
  w->last[g][h->off] = id;
  return 0;
}

/* Every row's steps, slot by slot: sends, forwards emptying homes, receives. 0, 1 with err, -1. */
static int place_rows(cwriter *w) {
  for (size_t a = 0; a < w->nrows;) {
    size_t b = a;
    while (b < w->nrows && w->rows[b].slot == w->rows[a].slot) b++;
    for (size_t i = a; i < b; i++) {
      int rc = place_send(w, &w->rows[i]);
      if (rc) return rc;
    }
    for (size_t i = a; i < b; i++)
      if (w->rows[i].origin == ORIGIN_MOVE) home_of(w, w->rows[i].src, w->rows[i].dest)->buf = -1;
    for (int passed = 0; passed < 2; passed++) /* the words kept first: they may move the home */
      for (size_t i = a; i < b; i++) {
        const sched_row *q = &w->rows[i];
        if ((find_pass(w, q->dst, q->src, q->dest, q->slot) != NULL) != (passed == 1)) continue;
        if (passed ? receive_passed(w, q) : receive_into_home(w, q)) return -1;
      }
    a = b;
  }
  return 0;
}

/* The final copies: each sum the collective wants, from its home into its output chunk. */
static int final_copies(cwriter *w) {
  uint32_t after = w->nrows ? w->rows[w->nrows - 1].slot + 1 : 1;
  for (uint32_t g = 0; g < w->n; g++)
    for (uint32_t x = 0; x < w->nchunks; x++) {
      if (!task_result_at(w->s->task, w->s->root, g, x)) continue;
      const home *h = home_of(w, g, (int32_t)x);
      int buf = h->buf < 0 ? BUF_I : h->buf; /* nothing held: the verifier refused it already */
      int64_t off = h->buf < 0 ? x : h->off;
      step_rec c = {.gpu = g, .slot = after, .where = TB_LOCAL, .type = ST_CPY, .sbuf = buf, .soff = off,
                    .dbuf = BUF_O, .doff = w->s->task == TASK_ALLREDUCE ? x : 0, .dep = {reads(w, g, buf, off), -1},
                    .flexible = true};
      if (add_step(w, c) < 0) return -1;
    }
  return 0;
}

/* ---- numbering and writing ---- */

typedef struct {
  uint32_t gpu, group, slot; /* group: a link tb's peer, a local step's lane (or flexible, first) */
  int where;
  size_t i;
} order_ix;

static int by_order(const void *a, const void *b) {
  const order_ix *x = a, *y = b;
  if (x->gpu != y->gpu) return x->gpu < y->gpu ? -1 : 1;
  if (x->where != y->where) return x->where < y->where ? -1 : 1;
  if (x->group != y->group) return x->group < y->group ? -1 : 1;
  if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

/* The local steps' lanes (a lane takes a step in a slot after its last; a final copy goes to
 * lane 0 after everything there), kept in st[].peer. */
static int assign_lanes(cwriter *w, order_ix *ix) {
  size_t n = 0;
  for (size_t i = 0; i < w->nst; i++)
    if (w->st[i].where == TB_LOCAL) ix[n++] = (order_ix){w->st[i].gpu, w->st[i].flexible, w->st[i].slot, TB_LOCAL, i};
  qsort(ix, n, sizeof *ix, by_order);
  uint32_t *last = malloc((n + 1) * sizeof *last);
  if (!last) return -1;
  for (size_t a = 0, lanes = 0; a < n; a++) {
    step_rec *r = &w->st[ix[a].i];
    if (a == 0 || ix[a].gpu != ix[a - 1].gpu) lanes = 0;
    size_t k = 0;
    if (r->flexible && lanes && r->slot <= last[0]) r->slot = last[0] + 1;
    while (k < lanes && last[k] >= r->slot) k++;
    if (k == lanes) lanes++;
    last[k] = r->slot;
    r->peer = (uint32_t)k;
  }
  free(last);
  return 0;
}

/* Every step's thread block and number: per GPU the receiving ends by peer, the sending ends by
 * peer, the lanes; in a thread block step s+1 is in slot s+1 plus the nops that only carry a
 * dependency. ix: the steps in that order. 0, or 1 with err if a link carries two words in a slot. */
static int number_steps(cwriter *w, order_ix *ix) {
  for (size_t i = 0; i < w->nst; i++) ix[i] = (order_ix){w->st[i].gpu, w->st[i].peer, w->st[i].slot, w->st[i].where, i};
  qsort(ix, w->nst, sizeof *ix, by_order);
  uint32_t tb = 0, idx = 0, cur = 0;
  for (size_t a = 0; a < w->nst; a++) {
    step_rec *r = &w->st[ix[a].i];
    bool new_gpu = a == 0 || ix[a].gpu != ix[a - 1].gpu;
    if (new_gpu || ix[a].where != ix[a - 1].where || ix[a].group != ix[a - 1].group) {
      tb = new_gpu ? 0 : tb + 1;
      idx = cur = 0;
    }
    if (r->slot <= cur)
      return snprintf(w->err, w->errlen, "msccl-xml: link %u->%u carries two words in slot %u: a thread block sends one "
                      "a step", (unsigned)(r->where == TB_SEND ? r->gpu : r->peer),
                      (unsigned)(r->where == TB_SEND ? r->peer : r->gpu), (unsigned)r->slot), 1;
    idx += r->slot - 1 - cur + (r->dep[1] >= 0);
    r->tb = tb, r->index = idx++;
    cur = r->slot;
    for (int d = 0; d < 2; d++)
      if (r->dep[d] >= 0) w->st[r->dep[d]].hasdep = true;
  }
  return 0;
}

static void step_line(FILE *f, uint32_t index, int type, int sbuf, int64_t soff, int dbuf, int64_t doff,
                      const step_rec *dep, bool hasdep) {
  fprintf(f, "      <step s=\"%u\" type=\"%s\" srcbuf=\"%c\" srcoff=\"%lld\" dstbuf=\"%c\" dstoff=\"%lld\" cnt=\"%d\" "
             "depid=\"%d\" deps=\"%d\" hasdep=\"%d\"/>\n",
          (unsigned)index, msccl_step_types[type], msccl_buf_name[sbuf], (long long)soff, msccl_buf_name[dbuf],
          (long long)doff, type != ST_NOP, dep ? (int)dep->tb : -1, dep ? (int)dep->index : -1, hasdep);
}

static void gpu_open(FILE *f, const cwriter *w, uint32_t g) {
  fprintf(f, "  <gpu id=\"%u\" i_chunks=\"%u\" o_chunks=\"%u\" s_chunks=\"%lld\">\n", (unsigned)g,
          (unsigned)task_chunks(w->s->task, w->n), (unsigned)(w->s->task == TASK_ALLREDUCE ? w->n : 1),
          (long long)w->nscratch[g]);
}

/* The steps in ix order as <gpu>, <tb> and <step> elements (a GPU without steps empty), nops
 * where a thread block idles or a step has a second dependency. */
static void write_steps(FILE *f, const cwriter *w, const order_ix *ix) {
  size_t a = 0;
  for (uint32_t g = 0; g < w->n; g++) {
    gpu_open(f, w, g);
    for (uint32_t idx = 0; a < w->nst && ix[a].gpu == g; a++) {
      const step_rec *r = &w->st[ix[a].i];
      bool new_tb = a == 0 || ix[a - 1].gpu != g || ix[a].where != ix[a - 1].where || ix[a].group != ix[a - 1].group;
      if (new_tb && a && ix[a - 1].gpu == g) fputs("    </tb>\n", f);
      if (new_tb) {
        fprintf(f, "    <tb id=\"%u\" send=\"%d\" recv=\"%d\" chan=\"0\">\n", (unsigned)r->tb,
                r->where == TB_SEND ? (int)r->peer : -1, r->where == TB_RECV ? (int)r->peer : -1);
        idx = 0;
      }
      for (; idx < r->index; idx++) {
        bool carrier = idx + 1 == r->index && r->dep[1] >= 0;
        step_line(f, idx, ST_NOP, BUF_I, -1, BUF_O, -1, carrier ? &w->st[r->dep[1]] : NULL, false);
      }
      step_line(f, idx++, r->type, r->sbuf, r->soff, r->dbuf, r->doff, r->dep[0] >= 0 ? &w->st[r->dep[0]] : NULL,
                r->hasdep);
      if (a + 1 == w->nst || ix[a + 1].gpu != g) fputs("    </tb>\n", f);
    }
    fputs("  </gpu>\n", f);
  }
}

static void cwriter_free(cwriter *w) {
  for (uint32_t g = 0; w->last && g < w->n; g++) free(w->last[g]), free(w->read[g]);
  free(w->last);
  free(w->read);
  free(w->cap_scratch);
  sched_free(&w->whole);
  free(w->pass);
  free(w->homes);
  free(w->stale);
  free(w->nscratch);
  free(w->st);
}

/* The rows (the schedule expanded), the pass-on keys (rows whose word is the one received in the
 * slot before), and the homes. */
static int prepare(cwriter *w) {
  sched_init(&w->whole, &w->s->topo, w->s->task, w->s->model, w->s->root);
  if (sched_expand(w->s, &w->whole)) return -1;
  w->rows = w->whole.rows, w->nrows = w->whole.nrows;
  size_t nh = (size_t)w->n * w->nchunks + 1;
  w->pass = malloc((w->nrows + 1) * sizeof *w->pass);
  w->homes = malloc(nh * sizeof *w->homes);
  w->stale = calloc(nh, sizeof *w->stale);
  w->nscratch = calloc((size_t)w->n + 1, sizeof *w->nscratch);
  w->cap_scratch = calloc((size_t)w->n + 1, sizeof *w->cap_scratch);
  w->last = calloc((size_t)w->n + 1, sizeof *w->last);
  w->read = calloc((size_t)w->n + 1, sizeof *w->read);
  if (!w->pass || !w->homes || !w->stale || !w->nscratch || !w->cap_scratch || !w->last || !w->read) return -1;
  for (size_t i = 0; i < w->nrows; i++) {
    const sched_row *q = &w->rows[i];
    if (q->origin != ORIGIN_MOVE && q->origin != ORIGIN_COPY)
      w->pass[w->npass++] = (pass_key){.node = q->src, .from = q->origin, .slot = q->slot - 1, .chunk = q->dest};
  }
  qsort(w->pass, w->npass, sizeof *w->pass, by_key);
  for (uint32_t g = 0; g < w->n; g++)
    for (uint32_t x = 0; x < w->nchunks; x++) *home_of(w, g, (int32_t)x) = (home){BUF_I, x};
  return 0;
}

int msccl_write_combine(FILE *f, const sched *s, int coll, char *err, size_t errlen) {
  uint64_t bytes;
  if (mem_check(sched_transmissions(s), 3 * (sizeof(step_rec) + sizeof(order_ix)) + sizeof(pass_key) + sizeof(sched_row),
                "msccl-xml: the export", &bytes, err, errlen))
    return 1;
  cwriter w = {.s = s, .n = s->topo.nodes, .nchunks = task_chunks(s->task, s->topo.nodes), .err = err, .errlen = errlen};
  order_ix *ix = NULL;
  int rc = prepare(&w);
  if (!rc) rc = place_rows(&w);
  if (!rc) rc = final_copies(&w) || !(ix = malloc((w.nst + 1) * sizeof *ix)) || assign_lanes(&w, ix) ? -1 : 0;
  if (!rc) rc = number_steps(&w, ix);
  if (!rc) {
    msccl_write_algo_open(f, s, coll, task_chunks(s->task, w.n), s->task == TASK_ALLREDUCE ? w.n : 1);
    write_steps(f, &w, ix);
    fputs("</algo>\n", f);
    rc = fflush(f) != 0 || ferror(f) ? -1 : 0;
  }
  free(ix);
  cwriter_free(&w);
  return rc;
}
