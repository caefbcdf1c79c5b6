/* msccl_read.c — an MSCCL XML file read (msccl_xml.h, docs/EXPORT.md "Reading"): the tags
 * parsed into GPUs, thread blocks and steps, the steps into events, the events given their
 * earliest slots; msccl_run.c then executes them and makes the rows.
 */
#include <stdlib.h>
#include <string.h>

#include "format/msccl_internal.h"
#include "format/msccl_xml.h"
#include "format/xml_scan.h"
#include "util/cli.h"
#include "util/grow.h"

/* The largest file the reader takes, and its limits on sizes. */
#define MSCCL_MAX_BYTES ((size_t)1 << 30)
#define MSCCL_MAX_GPUS 65536
#define MSCCL_MAX_CHUNKS (1 << 24)
#define MSCCL_MAX_LOCS ((uint64_t)1 << 27)
#define MSCCL_MAX_CHANNELS 64
#define MSCCL_MAX_STEPS ((size_t)1 << 26)

typedef struct {
  int type, sbuf, dbuf;
  int64_t soff, doff, depid, deps; /* depid, deps: the file's (a tb and its step s) */
  int64_t orig;                    /* the file's s: a step of cnt chunks is read as cnt steps */
  unsigned long line;
  size_t first_event; /* its events: first_event, and first_event+1 for a receive then a send */
} mstep;

typedef struct {
  int64_t id, send, recv, chan;
  uint32_t gpu;
  size_t first, n; /* its steps, expanded */
  int64_t norig;   /* the file's steps */
  unsigned long line;
} mtb;

typedef struct {
  int64_t chunks[3];
  size_t first_tb, ntb;
  int seen;
  uint64_t loc_base;
} mgpu;

typedef struct {
  char meta_key[8][24];
  char meta_val[8][128];
  int nmeta;
  sched_row *rows;
  size_t nrows, next;
  char violation[320]; /* non-empty: next reports it */
} msccl_reader;

static void set_meta(msccl_reader *r, const char *key, const char *val) {
  for (int i = 0; i < r->nmeta; i++)
    if (!strcmp(r->meta_key[i], key)) {
      snprintf(r->meta_val[i], sizeof r->meta_val[i], "%s", val);
      return;
    }
  if (r->nmeta == 8) return;
  snprintf(r->meta_key[r->nmeta], sizeof r->meta_key[0], "%s", key);
  snprintf(r->meta_val[r->nmeta++], sizeof r->meta_val[0], "%s", val);
}

const char *msccl_meta(const void *rv, const char *key) {
  const msccl_reader *r = rv;
  for (int i = 0; i < r->nmeta; i++)
    if (!strcmp(r->meta_key[i], key)) return r->meta_val[i];
  return NULL;
}

/* The parse: tags into gpus, tbs and steps. */
typedef struct {
  xml_scan sc;
  uint32_t ngpus;
  int coll;       /* msccl_colls index */
  bool task_given; /* by --task or romnoc_task (else coll, and allreduce of one chunk is global_sum) */
  bool inplace;
  int64_t root;
  mgpu *gpus;
  mtb *tbs;
  size_t ntbs, cap_tbs;
  mstep *steps;
  size_t nsteps, cap_steps;
} parse;

static int tag_err(const xml_tag *t, char *err, size_t errlen, const char *fmt, const char *a, const char *b) {
  return reader_error_at(t->line, t->col, err, errlen, fmt, a, b);
}

/* Attribute name of t as an integer in [lo, hi]; missing: def if def_ok, else an error. */
static int int_attr(const xml_tag *t, const char *name, int64_t lo, int64_t hi, int def_ok, int64_t def, int64_t *out,
                    char *err, size_t errlen) {
  const char *v = xml_attr(t, name);
  if (!v) {
    if (def_ok) {
      *out = def;
      return 0;
    }
    char what[64];
    snprintf(what, sizeof what, "<%s>", t->name);
    return tag_err(t, err, errlen, "%s without its attribute %s", what, name);
  }
  const char *p = v + (*v == '-');
  int ok = *p != '\0' && strlen(p) <= 12;
  for (const char *q = p; ok && *q; q++) ok = *q >= '0' && *q <= '9';
  int64_t x = ok ? strtoll(v, NULL, 10) : 0;
  if (!ok || x < lo || x > hi) {
    char shown[64];
    return reader_error_at(t->line, t->col, err, errlen, "<%s> attribute %s=\"%s\": expected an integer in %lld..%lld",
                           t->name, name, cli_printable(v, 30, shown, sizeof shown), (long long)lo, (long long)hi);
  }
  *out = x;
  return 0;
}

static int buf_attr(const xml_tag *t, const char *name, int *out, char *err, size_t errlen) {
  const char *v = xml_attr(t, name);
  if (!v) return tag_err(t, err, errlen, "<step> without its attribute %s%s", name, "");
  for (int b = 0; b < 3; b++)
    if (v[0] == msccl_buf_name[b] && !v[1]) return *out = b, 0;
  char shown[64]; /* the message stays under 160 characters */
  return reader_error_at(t->line, t->col, err, errlen, "<step> attribute %s=\"%s\": expected i, o or s", name,
                         cli_printable(v, 30, shown, sizeof shown));
}

/* The collective: --task, else romnoc_task, else coll. */
static int algo_task(parse *p, const xml_tag *t, const reader_hints *h, char *err, size_t errlen) {
  const char *coll = xml_attr(t, "coll"), *task = h && h->task ? h->task : xml_attr(t, "romnoc_task");
  if (!coll) return tag_err(t, err, errlen, "<algo> without its attribute coll%s%s", "", "");
  char shown[64];
  p->coll = -1;
  p->task_given = task != NULL;
  if (task) {
    int k = task_from_name(task);
    if (k < 0) return tag_err(t, err, errlen, "unknown task '%s'%s", cli_printable(task, 30, shown, sizeof shown), "");
    p->coll = msccl_coll_of_task((task_kind)k);
    if (p->coll < 0) {
      snprintf(err, errlen, "msccl-xml: task %s is not supported: %s", task_name((task_kind)k),
               msccl_unsupported_why((task_kind)k));
      return -1;
    }
    return 0;
  }
  for (int i = msccl_ncolls - 1; i >= 0; i--) /* allreduce: the first of its two entries */
    if (!strcmp(msccl_colls[i].coll, coll)) p->coll = i;
  if (p->coll < 0)
    return tag_err(t, err, errlen,
                   "<algo> coll=\"%s\" is not supported (expected broadcast, allgather, scatter, gather, alltoall, %s)",
                   cli_printable(coll, 30, shown, sizeof shown), "reduce, reduce_scatter or allreduce");
  return 0;
}

static int parse_algo(parse *p, const xml_tag *t, const reader_hints *h, msccl_reader *r, char *err, size_t errlen) {
  int64_t ng, inplace;
  if (int_attr(t, "ngpus", 1, MSCCL_MAX_GPUS, 0, 0, &ng, err, errlen) ||
      int_attr(t, "inplace", 0, 1, 1, 0, &inplace, err, errlen) || algo_task(p, t, h, err, errlen))
    return -1;
  p->ngpus = (uint32_t)ng;
  p->inplace = inplace == 1;
  const char *root = h && h->root ? h->root : xml_attr(t, "romnoc_root");
  char shown[64];
  p->root = 0;
  if (task_has_root(msccl_colls[p->coll].task) && root) {
    uint64_t v;
    if (cli_uint(root, 0, p->ngpus - 1, &v))
      return tag_err(t, err, errlen, "root '%s' is not a GPU of 0..ngpus-1%s", cli_printable(root, 30, shown, sizeof shown), "");
    p->root = (int64_t)v;
  }
  char num[32];
  snprintf(num, sizeof num, "%u", (unsigned)p->ngpus);
  set_meta(r, "ngpus", num);
  static const char *const pass_on[][2] = {{"romnoc_topo", "topo"}, {"romnoc_model", "model"}, {"romnoc_alg", "alg"}};
  for (int i = 0; i < 3; i++)
    if (xml_attr(t, pass_on[i][0])) set_meta(r, pass_on[i][1], xml_attr(t, pass_on[i][0]));
  p->gpus = calloc(p->ngpus, sizeof *p->gpus);
  if (!p->gpus) return tag_err(t, err, errlen, "out of memory%s%s", "", "");
  return 0;
}

static int parse_gpu(parse *p, const xml_tag *t, uint64_t *locs, int64_t *g, char *err, size_t errlen) {
  static const char *const attrs[3] = {"i_chunks", "o_chunks", "s_chunks"};
  if (int_attr(t, "id", 0, p->ngpus - 1, 0, 0, g, err, errlen)) return -1;
  mgpu *gp = &p->gpus[*g];
  if (gp->seen) return tag_err(t, err, errlen, "<gpu id=\"%s\"> given twice%s", xml_attr(t, "id"), "");
  gp->seen = 1;
  for (int b = 0; b < 3; b++)
    if (int_attr(t, attrs[b], 0, MSCCL_MAX_CHUNKS, 0, 0, &gp->chunks[b], err, errlen)) return -1;
  gp->loc_base = *locs;
  *locs += (uint64_t)(gp->chunks[0] + gp->chunks[1] + gp->chunks[2]);
  if (*locs > MSCCL_MAX_LOCS) return tag_err(t, err, errlen, "more than 2^27 buffer chunks in all%s%s", "", "");
  gp->first_tb = p->ntbs;
  return 0;
}

static int parse_tb(parse *p, const xml_tag *t, uint32_t g, char *err, size_t errlen) {
  mtb *grown = grow_array(p->tbs, &p->cap_tbs, p->ntbs, sizeof *grown, 256);
  if (!grown) return tag_err(t, err, errlen, "out of memory%s%s", "", "");
  p->tbs = grown;
  mtb *tb = &p->tbs[p->ntbs];
  mgpu *gp = &p->gpus[g];
  if (int_attr(t, "id", 0, INT32_MAX, 0, 0, &tb->id, err, errlen) ||
      int_attr(t, "send", -1, p->ngpus - 1, 0, 0, &tb->send, err, errlen) ||
      int_attr(t, "recv", -1, p->ngpus - 1, 0, 0, &tb->recv, err, errlen) ||
      int_attr(t, "chan", 0, MSCCL_MAX_CHANNELS - 1, 1, 0, &tb->chan, err, errlen))
    return -1;
  char id[24];
  snprintf(id, sizeof id, "%lld", (long long)gp->ntb);
  if (tb->id != (int64_t)gp->ntb) return tag_err(t, err, errlen, "<tb id=\"%s\"> out of order (expected id=\"%s\")", xml_attr(t, "id"), id);
  if (tb->send == g || tb->recv == g) return tag_err(t, err, errlen, "<tb id=\"%s\"> has its own gpu as a peer%s", xml_attr(t, "id"), "");
  tb->gpu = g;
  tb->first = p->nsteps;
  tb->n = 0;
  tb->norig = 0;
  tb->line = t->line;
  p->ntbs++;
  gp->ntb++;
  return 0;
}

static bool step_reads(int type) { return type == ST_SEND || type == ST_CPY || msccl_step_reduces(type); }
static bool step_writes(int type) { return type != ST_SEND && type != ST_RRS && type != ST_NOP; }

/* The step's type; reductions only in a combining collective. */
static int step_type(const parse *p, const xml_tag *t, int *type, char *err, size_t errlen) {
  const char *v = xml_attr(t, "type");
  char shown[64];
  if (!v) return tag_err(t, err, errlen, "<step> without its attribute type%s%s", "", "");
  *type = -1;
  for (int i = 0; i < ST_NTYPES; i++)
    if (!strcmp(v, msccl_step_types[i])) *type = i;
  if (*type < 0)
    return tag_err(t, err, errlen, "<step> type=\"%s\": expected s, r, rcs, rrc, rrs, rrcs, re, cpy or nop%s",
                   cli_printable(v, 20, shown, sizeof shown), "");
  task_kind task = msccl_colls[p->coll].task;
  if (msccl_step_reduces(*type) && !task_combines(task))
    return tag_err(t, err, errlen, "<step type=\"%s\"> reduces, in a %s (no collective that reduces)", v, msccl_colls[p->coll].coll);
  return 0;
}

/* The buffers and offsets of a data step of cnt chunks: the ones this GPU reads or writes must
 * lie in its buffers (a send's dst and a receive's src are the peer's). */
static int step_operands(const parse *p, const xml_tag *t, const mtb *tb, mstep *st, int64_t cnt, char *err, size_t errlen) {
  const mgpu *gp = &p->gpus[tb->gpu];
  st->sbuf = st->dbuf = 0;
  st->soff = st->doff = -1;
  if (st->type == ST_NOP) return 0;
  if (buf_attr(t, "srcbuf", &st->sbuf, err, errlen) || buf_attr(t, "dstbuf", &st->dbuf, err, errlen)) return -1;
  if (p->inplace && st->sbuf == BUF_O) st->sbuf = BUF_I;
  if (p->inplace && st->dbuf == BUF_O) st->dbuf = BUF_I;
  bool reads = step_reads(st->type), writes = step_writes(st->type);
  return int_attr(t, "srcoff", reads ? 0 : -1, reads ? gp->chunks[st->sbuf] - cnt : INT32_MAX, 0, 0, &st->soff, err,
                  errlen) ||
                 int_attr(t, "dstoff", writes ? 0 : -1, writes ? gp->chunks[st->dbuf] - cnt : INT32_MAX, 0, 0, &st->doff,
                          err, errlen)
             ? -1
             : 0;
}

/* A <step>: cnt steps of one chunk each (a nop is one step). */
static int parse_step(parse *p, const xml_tag *t, mtb *tb, char *err, size_t errlen) {
  mstep st = {0};
  int64_t s, cnt;
  if (int_attr(t, "s", 0, INT32_MAX, 0, 0, &s, err, errlen)) return -1;
  char want[24];
  snprintf(want, sizeof want, "%lld", (long long)tb->norig);
  if (s != tb->norig) return tag_err(t, err, errlen, "<step s=\"%s\"> out of order (expected s=\"%s\")", xml_attr(t, "s"), want);
  if (step_type(p, t, &st.type, err, errlen) || int_attr(t, "cnt", 0, MSCCL_MAX_CHUNKS, 1, 1, &cnt, err, errlen))
    return -1;
  if (st.type == ST_NOP) cnt = 1;
  if (cnt == 0) return tag_err(t, err, errlen, "<step type=\"%s\"> with cnt=\"0\" moves nothing%s", xml_attr(t, "type"), "");
  if (step_operands(p, t, tb, &st, cnt, err, errlen) ||
      int_attr(t, "depid", -1, INT32_MAX, 1, -1, &st.depid, err, errlen) ||
      int_attr(t, "deps", -1, INT32_MAX, 1, -1, &st.deps, err, errlen))
    return -1;
  const char *type = xml_attr(t, "type");
  if (msccl_step_sends(st.type) && tb->send < 0)
    return tag_err(t, err, errlen, "<step type=\"%s\"> in a <tb> with send=\"-1\"%s", type, "");
  if (msccl_step_receives(st.type) && tb->recv < 0)
    return tag_err(t, err, errlen, "<step type=\"%s\"> in a <tb> with recv=\"-1\"%s", type, "");
  if (p->nsteps + (size_t)cnt > MSCCL_MAX_STEPS) return tag_err(t, err, errlen, "more than 2^26 steps of one chunk%s%s", "", "");
  st.orig = s;
  st.line = t->line;
  for (int64_t j = 0; j < cnt; j++) {
    mstep *grown = grow_array(p->steps, &p->cap_steps, p->nsteps, sizeof *grown, 1024);
    if (!grown) return tag_err(t, err, errlen, "out of memory%s%s", "", "");
    p->steps = grown;
    p->steps[p->nsteps] = st;
    p->steps[p->nsteps].soff += st.soff >= 0 ? j : 0;
    p->steps[p->nsteps].doff += st.doff >= 0 ? j : 0;
    p->nsteps++;
    tb->n++;
  }
  tb->norig++;
  return 0;
}

/* Reads the tags: algo > gpu > tb > step. */
static int parse_tags(parse *p, const reader_hints *h, msccl_reader *r, char *err, size_t errlen) {
  static const char *const expect[5] = {"<algo>", "<gpu> or </algo>", "<tb> or </gpu>", "<step/> or </tb>", "the end"};
  static const char *const open_name[4] = {"algo", "gpu", "tb", "step"};
  int depth = 0;
  int64_t g = -1;
  uint64_t locs = 0;
  xml_tag t;
  int got;
  while ((got = xml_next(&p->sc, &t, err, errlen)) == 1) {
    int ok = 0;
    if (depth < 4 && t.kind == (depth == 3 ? XML_EMPTY : XML_OPEN) && !strcmp(t.name, open_name[depth])) ok = 1;
    else if (depth >= 1 && depth <= 3 && t.kind == XML_CLOSE && !strcmp(t.name, open_name[depth - 1])) ok = 2;
    if (!ok) {
      char what[48];
      snprintf(what, sizeof what, "<%s%s%s>", t.kind == XML_CLOSE ? "/" : "", t.name, t.kind == XML_EMPTY ? "/" : "");
      return tag_err(&t, err, errlen, "%s where %s was expected", what, expect[depth]);
    }
    if (ok == 2) {
      depth--;
      if (depth == 0) depth = 4; /* </algo>: only the end may follow */
      continue;
    }
    int rc = depth == 0 ? parse_algo(p, &t, h, r, err, errlen)
             : depth == 1 ? parse_gpu(p, &t, &locs, &g, err, errlen)
             : depth == 2 ? parse_tb(p, &t, (uint32_t)g, err, errlen)
                          : parse_step(p, &t, &p->tbs[p->ntbs - 1], err, errlen);
    if (rc) return -1;
    if (depth < 3) depth++;
  }
  if (got < 0) return -1;
  if (depth != 4) {
    snprintf(err, errlen, "line %lu: the file ends where %s was expected", p->sc.line, expect[depth]);
    return -1;
  }
  return 0;
}

static int by_tb_peer(const void *a, const void *b) { /* tbs by (gpu, recv, chan) */
  const mtb *x = *(const mtb *const *)a, *y = *(const mtb *const *)b;
  if (x->gpu != y->gpu) return x->gpu < y->gpu ? -1 : 1;
  if (x->recv != y->recv) return x->recv < y->recv ? -1 : 1;
  return x->chan < y->chan ? -1 : x->chan > y->chan;
}

/* Names step st of tb for a message. */
static void step_name(const mtb *tb, const mstep *st, char *buf, size_t len) {
  snprintf(buf, len, "gpu %u tb %lld step %lld (line %lu)", (unsigned)tb->gpu, (long long)tb->id, (long long)st->orig,
           st->line);
}

/* The import's state, built in steps (import): the events with the chunks they read and write,
 * the send/receive pairs, the dependency graph of the events and their earliest slots. */
typedef struct {
  parse *p;
  msccl_reader *r;
  uint32_t n;           /* GPUs */
  uint64_t nbuf, nlocs; /* buffer chunks in all (at msccl_loc), then one temporary per rrs */
  int64_t *writer;      /* per location: the event that writes it; -1 none, -2 several or the input */
  msccl_event *ev;      /* in thread-block order */
  size_t *ev_tb;        /* per event: its tb */
  size_t nev;
  const mtb **recv_tbs; /* the receiving tbs, by (gpu, recv, chan) */
  size_t nrt;
  size_t nsend_total;
  size_t (*edges)[3], nedges, cap_edges; /* from, to, the slots between them (0 or 1) */
  size_t *indeg, *adj_first, *adj, *adj_w; /* the edges by their first node */
  size_t nqueued;                  /* nodes given a slot (Kahn) */
  uint32_t *slot;                  /* per node: its earliest slot */
  int64_t (*chunks)[3];            /* per GPU, for msccl_run */
  uint64_t *loc_base;
} importer;

/* What an import step returns: go on, stop with r->violation set (import returns 0), stop with
 * err set, or stop as memory ran out. */
enum { IM_OK = 0, IM_STOP = 1, IM_ERR = -1, IM_OOM = -2 };

static void importer_free(importer *im) {
  free(im->ev);
  free(im->ev_tb);
  free(im->writer);
  free(im->indeg);
  free(im->adj_first);
  free(im->adj);
  free(im->adj_w);
  free(im->slot);
  free(im->edges);
  free(im->recv_tbs);
  free(im->chunks);
  free(im->loc_base);
}

int64_t msccl_loc(const msccl_program *pg, uint32_t g, int buf, int64_t off) {
  const int64_t *c = pg->chunks[g];
  if (pg->inplace && buf == BUF_O) buf = BUF_I;
  return (int64_t)pg->loc_base[g] + (buf > 0 ? c[0] : 0) + (buf > 1 ? c[1] : 0) + off;
}

static int64_t loc_of(const importer *im, uint32_t g, int buf, int64_t off) {
  msccl_program pg = {.chunks = (const int64_t(*)[3])im->chunks, .loc_base = im->loc_base, .inplace = im->p->inplace};
  return msccl_loc(&pg, g, buf, off);
}

/* The locations and the events' room. */
static int size_up(importer *im) {
  const parse *p = im->p;
  im->chunks = malloc((im->n + 1) * sizeof *im->chunks);
  im->loc_base = malloc((im->n + 1) * sizeof *im->loc_base);
  if (!im->chunks || !im->loc_base) return IM_OOM;
  for (uint32_t g = 0; g < im->n; g++) {
    memcpy(im->chunks[g], p->gpus[g].chunks, sizeof im->chunks[g]);
    im->loc_base[g] = p->gpus[g].loc_base;
    im->nbuf += (uint64_t)(p->gpus[g].chunks[0] + p->gpus[g].chunks[1] + p->gpus[g].chunks[2]);
  }
  im->nlocs = im->nbuf;
  for (size_t i = 0; i < p->nsteps; i++) {
    int t = p->steps[i].type;
    im->nev += 1 + (msccl_step_sends(t) && msccl_step_receives(t));
    im->nlocs += t == ST_RRS;
  }
  im->ev = malloc((im->nev + 1) * sizeof *im->ev);
  im->ev_tb = malloc((im->nev + 1) * sizeof *im->ev_tb);
  im->writer = malloc((im->nlocs + 1) * sizeof *im->writer);
  if (!im->ev || !im->ev_tb || !im->writer) return IM_OOM;
  for (uint64_t l = 0; l < im->nlocs; l++) im->writer[l] = -1;
  for (uint32_t g = 0; g < im->n; g++)
    for (int64_t c = 0; c < p->gpus[g].chunks[BUF_I]; c++) im->writer[loc_of(im, g, BUF_I, c)] = -2;
  return IM_OK;
}

/* The event kind of a step's first event (a receive, for the steps that also send). */
static int first_kind(int type) {
  static const int kind[ST_NTYPES] = {[ST_SEND] = EV_SEND, [ST_RECV] = EV_RECV,          [ST_RCS] = EV_RECV,
                                      [ST_NOP] = EV_NOP,   [ST_CPY] = EV_COPY,           [ST_RRC] = EV_RECV_REDUCE,
                                      [ST_RRS] = EV_RECV_REDUCE, [ST_RRCS] = EV_RECV_REDUCE, [ST_RE] = EV_REDUCE};
  return kind[type];
}

/* The events, in thread-block order, with the locations each reads and writes, and each
 * location's writer. */
static void make_events(importer *im) {
  parse *p = im->p;
  size_t e = 0;
  int64_t temp = (int64_t)im->nbuf;
  for (size_t ti = 0; ti < p->ntbs; ti++) {
    const mtb *tb = &p->tbs[ti];
    for (size_t si = tb->first; si < tb->first + tb->n; si++) {
      mstep *st = &p->steps[si];
      st->first_event = e;
      bool both = msccl_step_sends(st->type) && msccl_step_receives(st->type);
      int64_t src = step_reads(st->type) ? loc_of(im, tb->gpu, st->sbuf, st->soff) : -1;
      int64_t dst = st->type == ST_RRS ? temp++ : step_writes(st->type) ? loc_of(im, tb->gpu, st->dbuf, st->doff) : -1;
      msccl_event first = {.kind = first_kind(st->type), .gpu = tb->gpu, .rloc = src, .wloc = dst, .peer = SIZE_MAX, .step = si};
      if (first.kind == EV_SEND) first.wloc = -1;
      if (first.kind == EV_RECV) first.rloc = -1;
      im->ev[e] = first;
      im->ev_tb[e++] = ti;
      if (both) { /* then the send of what it stored */
        im->ev[e] = (msccl_event){.kind = EV_SEND, .gpu = tb->gpu, .rloc = dst, .wloc = -1, .peer = SIZE_MAX, .step = si};
        im->ev_tb[e++] = ti;
      }
      if (dst >= 0) im->writer[dst] = im->writer[dst] == -1 ? (int64_t)st->first_event : -2;
    }
  }
}

/* The receiving tbs by peer; IM_ERR if a GPU has two tbs receiving from, or sending to, one
 * peer on one channel. */
static int sort_peers(importer *im, char *err, size_t errlen) {
  const parse *p = im->p;
  im->recv_tbs = malloc((p->ntbs + 1) * sizeof *im->recv_tbs);
  if (!im->recv_tbs) return IM_OOM;
  for (size_t ti = 0; ti < p->ntbs; ti++)
    if (p->tbs[ti].recv >= 0) im->recv_tbs[im->nrt++] = &p->tbs[ti];
  qsort(im->recv_tbs, im->nrt, sizeof *im->recv_tbs, by_tb_peer);
  for (size_t i = 1; i < im->nrt; i++)
    if (!by_tb_peer(&im->recv_tbs[i - 1], &im->recv_tbs[i])) {
      const mtb *tb = im->recv_tbs[i];
      snprintf(err, errlen, "line %lu: gpu %u has two thread blocks receiving from gpu %lld on channel %lld", tb->line,
               (unsigned)tb->gpu, (long long)tb->recv, (long long)tb->chan);
      return IM_ERR;
    }
  for (size_t ti = 0; ti < p->ntbs; ti++) { /* every sender tb against the earlier ones of its GPU */
    const mtb *tb = &p->tbs[ti];
    for (size_t tj = p->gpus[tb->gpu].first_tb; tj < ti; tj++)
      if (p->tbs[tj].gpu == tb->gpu && p->tbs[tj].send >= 0 && p->tbs[tj].send == tb->send && p->tbs[tj].chan == tb->chan) {
        snprintf(err, errlen, "line %lu: gpu %u has two thread blocks sending to gpu %lld on channel %lld", tb->line,
                 (unsigned)tb->gpu, (long long)tb->send, (long long)tb->chan);
        return IM_ERR;
      }
  }
  return IM_OK;
}

/* The steps of tb that send (or receive). */
static size_t count_steps(const parse *p, const mtb *tb, bool (*which)(int)) {
  size_t c = 0;
  for (size_t x = tb->first; x < tb->first + tb->n; x++) c += which(p->steps[x].type);
  return c;
}

/* The pairs: the k-th send of u's tb to v on channel c with the k-th receive of v's tb from u
 * on c (ev[].peer, both ways). IM_STOP with the violation if a transfer has no partner (it never
 * completes). */
static int pair_transfers(importer *im) {
  const parse *p = im->p;
  msccl_reader *r = im->r;
  for (size_t ti = 0; ti < p->ntbs; ti++) {
    const mtb *tb = &p->tbs[ti];
    if (tb->send < 0) continue;
    mtb key = {.gpu = (uint32_t)tb->send, .recv = tb->gpu, .chan = tb->chan};
    const mtb *kp = &key, **hit = bsearch(&kp, im->recv_tbs, im->nrt, sizeof *im->recv_tbs, by_tb_peer);
    size_t ns = count_steps(p, tb, msccl_step_sends), nr = hit ? count_steps(p, *hit, msccl_step_receives) : 0;
    if (ns != nr) {
      snprintf(r->violation, sizeof r->violation,
               "gpu %u sends %zu chunk%s to gpu %lld on channel %lld, which receives %zu from it (a transfer without "
               "its partner never completes)", (unsigned)tb->gpu, ns, ns == 1 ? "" : "s", (long long)tb->send,
               (long long)tb->chan, nr);
      return IM_STOP;
    }
    im->nsend_total += ns;
    size_t xs = tb->first, xr = hit ? (*hit)->first : 0; /* walk both in order */
    for (size_t k = 0; k < ns; k++) {
      while (!msccl_step_sends(p->steps[xs].type)) xs++;
      while (!msccl_step_receives(p->steps[xr].type)) xr++;
      size_t es = p->steps[xs].first_event + msccl_step_receives(p->steps[xs].type), er = p->steps[xr].first_event;
      im->ev[es].peer = er;
      im->ev[er].peer = es;
      xs++, xr++;
    }
  }
  for (size_t i = 0; i < im->nrt; i++) { /* receivers with no sender tb at all */
    const mtb *tb = im->recv_tbs[i];
    size_t nr = count_steps(p, tb, msccl_step_receives);
    int has_sender = 0;
    for (size_t tj = p->gpus[tb->recv].first_tb; tj < p->gpus[tb->recv].first_tb + p->gpus[tb->recv].ntb; tj++)
      has_sender |= p->tbs[tj].send == (int64_t)tb->gpu && p->tbs[tj].chan == tb->chan;
    if (nr && !has_sender) {
      snprintf(r->violation, sizeof r->violation,
               "gpu %u receives %zu chunk%s from gpu %lld on channel %lld, which sends it none (a transfer without its "
               "partner never completes)", (unsigned)tb->gpu, nr, nr == 1 ? "" : "s", (long long)tb->recv,
               (long long)tb->chan);
      return IM_STOP;
    }
  }
  return IM_OK;
}

static int add_edge(importer *im, size_t from, size_t to, size_t slots) {
  size_t(*e)[3] = grow_array(im->edges, &im->cap_edges, im->nedges, sizeof *e, 1024);
  if (!e) return IM_OOM;
  im->edges = e;
  im->edges[im->nedges][0] = from;
  im->edges[im->nedges][1] = to;
  im->edges[im->nedges++][2] = slots;
  return IM_OK;
}

/* A nop with a dependency only orders: it takes no slot of its own (msccl-tools writes one for
 * each dependency of a step beyond the first). */
static bool orders_only(const importer *im, size_t e) {
  const mstep *st = &im->p->steps[im->ev[e].step];
  return st->type == ST_NOP && st->depid >= 0;
}

/* A reduction into the chunk it reads (rrc with src = dst, re) adds to it as it lands: after a
 * step writing that chunk it may land in the same slot (romnoc's combiner adds every word that
 * arrives in a slot; a GPU runs the chain one after another). */
static bool accumulates_after(const importer *im, size_t e, size_t d) {
  const msccl_event *x = &im->ev[e];
  bool accumulates = x->kind == EV_REDUCE || (x->kind == EV_RECV_REDUCE && x->rloc == x->wloc);
  return accumulates && im->ev[d].wloc == x->wloc;
}

/* The event a dependency (depid, deps) of event i's step waits on: the last event of that step
 * (the file's step s, which may be several read steps); IM_ERR if it names no step. */
static int dep_event(importer *im, size_t i, size_t *out, char *err, size_t errlen) {
  const parse *p = im->p;
  const mstep *st = &p->steps[im->ev[i].step];
  const mgpu *gp = &p->gpus[im->ev[i].gpu];
  const mtb *dtb = st->depid < (int64_t)gp->ntb ? &p->tbs[gp->first_tb + st->depid] : NULL;
  if (!dtb || st->deps < 0 || st->deps >= dtb->norig) {
    char a[120];
    step_name(&p->tbs[im->ev_tb[i]], st, a, sizeof a);
    snprintf(err, errlen, "%s: depid=%lld deps=%lld names no step of gpu %u", a, (long long)st->depid,
             (long long)st->deps, (unsigned)im->ev[i].gpu);
    return IM_ERR;
  }
  size_t lo = dtb->first, hi = dtb->first + dtb->n; /* the last expanded step with orig == deps */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (p->steps[mid].orig <= st->deps) lo = mid + 1;
    else hi = mid;
  }
  const mstep *d = &p->steps[lo - 1];
  *out = d->first_event + (msccl_step_sends(d->type) && msccl_step_receives(d->type));
  return IM_OK;
}

/* The edges: thread-block order, the data read from a location with one writer (a chunk
 * written several times is ordered by the file's dependencies), the explicit dependencies
 * (depid, deps). IM_ERR if a dependency names no step. */
static int make_edges(importer *im, char *err, size_t errlen) {
  const msccl_event *ev = im->ev;
  for (size_t i = 0; i < im->nev; i++) {
    const msccl_event *x = &ev[i];
    const mstep *st = &im->p->steps[x->step];
    bool nop = orders_only(im, i);
    if (i > 0 && im->ev_tb[i - 1] == im->ev_tb[i] && add_edge(im, i - 1, i, !nop)) return IM_OOM;
    if (x->kind == EV_SEND && add_edge(im, i, x->peer, 0)) return IM_OOM; /* received then or later */
    int64_t w = x->rloc >= 0 ? im->writer[x->rloc] : -1;
    if (w >= 0 && (size_t)w != i && add_edge(im, (size_t)w, i, 1)) return IM_OOM;
    if (st->depid >= 0 && i == st->first_event) {
      size_t d;
      if (dep_event(im, i, &d, err, errlen)) return IM_ERR;
      if (add_edge(im, d, i, !nop && !accumulates_after(im, i, d))) return IM_OOM;
    }
  }
  return IM_OK;
}

/* The edges by their first node (adj_first, adj) and each node's in-degree. */
static int index_edges(importer *im) {
  size_t nn = im->nev;
  im->indeg = calloc(nn + 1, sizeof *im->indeg);
  im->adj_first = calloc(nn + 2, sizeof *im->adj_first);
  im->adj = malloc((im->nedges + 1) * sizeof *im->adj);
  im->adj_w = malloc((im->nedges + 1) * sizeof *im->adj_w);
  size_t *fill = malloc((nn + 1) * sizeof *fill);
  if (!im->indeg || !im->adj_first || !im->adj || !im->adj_w || !fill) {
    free(fill);
    return IM_OOM;
  }
  for (size_t k = 0; k < im->nedges; k++) im->adj_first[im->edges[k][0] + 1]++, im->indeg[im->edges[k][1]]++;
  for (size_t v = 0; v < nn; v++) im->adj_first[v + 1] += im->adj_first[v];
  memcpy(fill, im->adj_first, nn * sizeof *fill);
  for (size_t k = 0; k < im->nedges; k++) {
    size_t at = fill[im->edges[k][0]]++;
    im->adj[at] = im->edges[k][1];
    im->adj_w[at] = im->edges[k][2];
  }
  free(fill);
  return IM_OK;
}

/* The earliest slots: longest paths in topological order (Kahn), an edge one slot long or none
 * (make_edges). Nodes on (or waiting on) a cycle are never queued. */
static int earliest_slots(importer *im) {
  size_t nn = im->nev;
  size_t *queue = malloc((nn + 1) * sizeof *queue);
  im->slot = calloc(nn + 1, sizeof *im->slot);
  if (!queue || !im->slot) {
    free(queue);
    return IM_OOM;
  }
  size_t qh = 0, qt = 0;
  for (size_t v = 0; v < nn; v++) {
    im->slot[v] = 1;
    if (im->indeg[v] == 0) queue[qt++] = v;
  }
  while (qh < qt) {
    size_t v = queue[qh++];
    for (size_t k = im->adj_first[v]; k < im->adj_first[v + 1]; k++) {
      size_t w = im->adj[k];
      if (im->slot[w] < im->slot[v] + im->adj_w[k]) im->slot[w] = im->slot[v] + (uint32_t)im->adj_w[k];
      if (--im->indeg[w] == 0) queue[qt++] = w;
    }
  }
  free(queue);
  im->nqueued = qt;
  for (size_t i = 0; i < im->nev; i++) im->ev[i].slot = im->slot[i];
  return IM_OK;
}

/* A deadlock named (a step on a cycle, or waiting on one) as the violation. */
static int find_deadlock(importer *im) {
  if (im->nqueued == im->nev) return IM_OK;
  for (size_t v = 0; v < im->nev; v++)
    if (im->indeg[v] > 0) {
      char a[120];
      step_name(&im->p->tbs[im->ev_tb[v]], &im->p->steps[im->ev[v].step], a, sizeof a);
      snprintf(im->r->violation, sizeof im->r->violation, "deadlock: %s waits on steps that wait on it", a);
      break;
    }
  return IM_STOP;
}

static void event_name(const void *ctx, size_t e, char *buf, size_t len) {
  const importer *im = ctx;
  step_name(&im->p->tbs[im->ev_tb[e]], &im->p->steps[im->ev[e].step], buf, len);
}

/* The task (allreduce of one chunk per GPU is global_sum, unless the task was given) and its
 * metadata. */
static void settle_task(parse *p, msccl_reader *r) {
  if (!p->task_given && msccl_colls[p->coll].task == TASK_ALLREDUCE && p->gpus[0].chunks[BUF_I] == 1)
    p->coll = msccl_coll_of_task(TASK_GLOBAL_SUM);
  task_kind task = msccl_colls[p->coll].task;
  set_meta(r, "task", task_name(task));
  char num[32];
  snprintf(num, sizeof num, "%lld", task_has_root(task) ? (long long)p->root : -1LL);
  set_meta(r, "root", num);
}

/* The slots executed (msccl_run.c): the rows, and the last slot in the metadata. */
static int run_program(importer *im, char *err, size_t errlen) {
  parse *p = im->p;
  msccl_reader *r = im->r;
  msccl_program pg = {.task = msccl_colls[p->coll].task, .coll = p->coll, .n = im->n, .root = (uint32_t)p->root,
                      .inplace = p->inplace, .chunks = (const int64_t(*)[3])im->chunks, .loc_base = im->loc_base,
                      .nlocs = im->nlocs, .ev = im->ev, .nev = im->nev, .name = event_name, .name_ctx = im};
  int rc = msccl_run(&pg, &r->rows, &r->nrows, r->violation, sizeof r->violation, err, errlen);
  if (rc < 0) return IM_ERR;
  if (rc > 0) return IM_STOP;
  uint32_t last = 0;
  for (size_t i = 0; i < r->nrows; i++)
    if (r->rows[i].slot > last) last = r->rows[i].slot;
  char num[24];
  snprintf(num, sizeof num, "%u", (unsigned)last);
  set_meta(r, "slots", num);
  return IM_OK;
}

/* The import: events, pairs, the earliest slots, the run (msccl_xml.h). Returns 0 (with a
 * violation in r->violation, or the rows in r), or -1 with err (bad input, out of memory). */
static int import(parse *p, msccl_reader *r, char *err, size_t errlen) {
  importer im = {.p = p, .r = r, .n = p->ngpus};
  settle_task(p, r);
  int rc = size_up(&im);
  if (rc == IM_OK) make_events(&im), rc = sort_peers(&im, err, errlen);
  if (rc == IM_OK) rc = pair_transfers(&im);
  if (rc == IM_OK) rc = make_edges(&im, err, errlen);
  if (rc == IM_OK) rc = index_edges(&im);
  if (rc == IM_OK) rc = earliest_slots(&im);
  if (rc == IM_OK) rc = find_deadlock(&im);
  if (rc == IM_OK) rc = run_program(&im, err, errlen);
  if (rc == IM_OOM) snprintf(err, errlen, "out of memory importing the MSCCL schedule");
  importer_free(&im);
  return rc == IM_OK || rc == IM_STOP ? 0 : -1;
}

void *msccl_open(FILE *f, const reader_hints *h, char *err, size_t errlen) {
  msccl_reader *r = calloc(1, sizeof *r);
  parse p = {0};
  size_t len;
  char *buf = NULL;
  if (!r) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  int rc = -1;
  if ((buf = read_all(f, MSCCL_MAX_BYTES, &len, err, errlen))) {
    xml_scan_init(&p.sc, buf, len);
    rc = parse_tags(&p, h, r, err, errlen);
    if (!rc) rc = import(&p, r, err, errlen);
  }
  free(buf);
  free(p.gpus);
  free(p.tbs);
  free(p.steps);
  if (rc) {
    msccl_close(r);
    return NULL;
  }
  return r;
}

int msccl_next(void *rv, sched_row *row, char *err, size_t errlen) {
  msccl_reader *r = rv;
  if (r->violation[0]) {
    snprintf(err, errlen, "%s", r->violation);
    return READER_VIOLATION;
  }
  if (r->next == r->nrows) return 0;
  *row = r->rows[r->next++];
  return 1;
}

void msccl_close(void *rv) {
  msccl_reader *r = rv;
  if (!r) return;
  free(r->rows);
  free(r);
}
