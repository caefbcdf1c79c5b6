/* msccl_xml.c — MSCCL XML schedules written and read (see msccl_xml.h, docs/EXPORT.md).
 *
 * Buffers: each GPU has an input (i), an output (o) and a scratch (s) buffer of chunks. A
 * packet (origin, dest) lives at a node as follows (what the writer uses; the reader follows the
 * data wherever a file puts it):
 *   at its origin           i/0 (snb, mnb, gather) or i/dest (scatter, te)
 *   at a node that keeps it o/0 (snb, scatter) or o/origin (mnb, gather, te)
 *   passing through         s/k, k counting the node's passing packets in (origin, dest) order
 */
#include "format/msccl_xml.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/cli.h"
#include "util/grow.h"
#include "util/memlimit.h"
#include "util/version.h"
#include "format/xml_scan.h"

/* The largest file the reader takes, and its limits on sizes. */
#define MSCCL_MAX_BYTES ((size_t)1 << 30)
#define MSCCL_MAX_GPUS 65536
#define MSCCL_MAX_CHUNKS (1 << 24)
#define MSCCL_MAX_LOCS ((uint64_t)1 << 27)
#define MSCCL_MAX_CHANNELS 64

/* The tasks with an MSCCL collective, and its name (coll=). */
static const struct {
  task_kind task;
  const char *coll;
  uint32_t i_chunks, o_chunks; /* 0: N */
} colls[] = {
    {.task = TASK_SNB, .coll = "broadcast", .i_chunks = 1, .o_chunks = 1},
    {.task = TASK_MNB, .coll = "allgather", .i_chunks = 1, .o_chunks = 0},
    {.task = TASK_SCATTER, .coll = "scatter", .i_chunks = 0, .o_chunks = 1},
    {.task = TASK_GATHER, .coll = "gather", .i_chunks = 1, .o_chunks = 0},
    {.task = TASK_TE, .coll = "alltoall", .i_chunks = 0, .o_chunks = 0},
};
enum { NCOLLS = sizeof colls / sizeof colls[0] };

static int coll_of_task(task_kind k) {
  for (int i = 0; i < NCOLLS; i++)
    if (colls[i].task == k) return i;
  return -1;
}

/* Why task k has no MSCCL form here (k not in colls). */
static const char *unsupported_why(task_kind k) {
  if (task_combines(k)) return "its rows carry partial sums, and MSCCL's reducing steps (rrc, rrs) are not mapped";
  if (k == TASK_KBCAST) return "kbcast's counters and termination packets have no MSCCL meaning";
  return "the tasks of an active set have no MSCCL collective";
}

enum { BUF_I, BUF_O, BUF_S };
static const char buf_name[3] = {'i', 'o', 's'};

/* ---- writing ---- */

/* The packet (origin, dest) as one number: origin * (N+1) + dest + 1 (dest -1: all of them). */
static int64_t packet_id(uint32_t n, uint32_t origin, int64_t dest) { return (int64_t)origin * (n + 1) + dest + 1; }

static int by_link(const void *a, const void *b) { /* (src, dst, slot) */
  const sched_row *x = a, *y = b;
  if (x->src != y->src) return x->src < y->src ? -1 : 1;
  if (x->dst != y->dst) return x->dst < y->dst ? -1 : 1;
  return x->slot < y->slot ? -1 : x->slot > y->slot;
}

static bool same_link(const sched_row *a, const sched_row *b) { return a->src == b->src && a->dst == b->dst; }

typedef struct {
  uint32_t node;
  int64_t packet; /* packet_id */
  uint32_t slot;  /* of its arrival (recvs) */
  uint32_t tb, step;
} arrival;

static int by_arrival(const void *a, const void *b) { /* (node, packet, slot) */
  const arrival *x = a, *y = b;
  if (x->node != y->node) return x->node < y->node ? -1 : 1;
  if (x->packet != y->packet) return x->packet < y->packet ? -1 : 1;
  return x->slot < y->slot ? -1 : x->slot > y->slot;
}

/* The last arrival of packet p at node before slot t in a (sorted), or NULL. */
static const arrival *arrival_before(const arrival *a, size_t n, uint32_t node, int64_t p, uint32_t t) {
  size_t lo = 0, hi = n; /* first entry >= (node, p, t) */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const arrival *m = &a[mid];
    int less = m->node != node ? m->node < node : m->packet != p ? m->packet < p : m->slot < t;
    if (less) lo = mid + 1;
    else hi = mid;
  }
  if (lo == 0) return NULL;
  const arrival *c = &a[lo - 1];
  return c->node == node && c->packet == p ? c : NULL;
}

/* Where packet (origin, dest) is kept at node x: buffer and offset. scratch (sorted arrivals of
 * passing packets, their index within x's run) gives the offset of a packet passing through. */
typedef struct {
  task_kind task;
  uint32_t n;
  const arrival *pass; /* passing packets, sorted by (node, packet), unique */
  size_t npass;
  const size_t *pass_first; /* pass_first[x]: x's first entry in pass */
} placement;

static void place(const placement *pl, uint32_t x, uint32_t origin, int32_t dest, int *buf, int64_t *off) {
  bool personal = task_is_personalized(pl->task);
  if (x == origin) {
    *buf = BUF_I;
    *off = pl->task == TASK_SCATTER || pl->task == TASK_TE ? dest : 0;
  } else if (!personal || (int64_t)x == dest) {
    *buf = BUF_O;
    *off = pl->task == TASK_SNB || pl->task == TASK_SCATTER ? 0 : origin;
  } else {
    int64_t p = packet_id(pl->n, origin, dest);
    size_t lo = pl->pass_first[x], hi = pl->pass_first[x + 1];
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (pl->pass[mid].packet < p) lo = mid + 1;
      else hi = mid;
    }
    *buf = BUF_S;
    *off = (int64_t)(lo - pl->pass_first[x]);
  }
}

/* What the writer knows of a schedule, built in steps (sorted_rows, index_links,
 * place_passing, find_deps) before anything is written. A thread block is a link: the
 * receiver's at its receiver, the sender's at its sender. */
typedef struct {
  const sched *s;
  uint32_t n;                  /* GPUs */
  sched_row *rows;             /* by (src, dst, slot) */
  size_t nrows, cap;
  size_t nlinks, *link_first;  /* link k, a run of equal (src, dst): rows link_first[k] .. link_first[k+1]-1 */
  size_t *rank_in;             /* link k's rank among its receiver's in-links: the receiver's tb id */
  size_t *in_first, *in_links; /* GPU x's in-links by rank: in_links[in_first[x] .. in_first[x+1]) */
  arrival *arr;                /* row i at its receiver, with the receiver's tb and step */
  arrival *pass;               /* the passing packets (placement) */
  size_t *pass_first;
  placement pl;
  int64_t *dep;    /* dep[i]: the row whose arrival send row i sends on, -1 none */
  uint8_t *hasdep; /* hasdep[i]: a send waits on row i's arrival */
} msccl_out;

static void msccl_out_free(msccl_out *w) {
  free(w->rows);
  free(w->link_first);
  free(w->rank_in);
  free(w->in_first);
  free(w->in_links);
  free(w->arr);
  free(w->pass);
  free(w->pass_first);
  free(w->dep);
  free(w->hasdep);
}

static int collect_row(void *ctx, const sched_row *r) {
  msccl_out *w = ctx;
  sched_row *rows = grow_array(w->rows, &w->cap, w->nrows, sizeof *rows, 1024);
  if (!rows) return -1;
  w->rows = rows;
  w->rows[w->nrows++] = *r;
  return 0;
}

/* The rows by link: 0, 1 with err if a link carries two packets in a slot, -1 if memory runs out. */
static int sorted_rows(msccl_out *w, char *err, size_t errlen) {
  if (sched_foreach(w->s, collect_row, w)) return -1;
  qsort(w->rows, w->nrows, sizeof *w->rows, by_link);
  for (size_t i = 1; i < w->nrows; i++) {
    const sched_row *a = &w->rows[i - 1], *b = &w->rows[i];
    if (same_link(a, b) && a->slot == b->slot) {
      snprintf(err, errlen, "msccl-xml: link %u->%u carries two packets in slot %u: a thread block sends one a step",
               (unsigned)b->src, (unsigned)b->dst, (unsigned)b->slot);
      return 1;
    }
  }
  return 0;
}

/* The links, each one's rank at its receiver, and every GPU's in-links by rank. 0, or -1 if
 * memory runs out. */
static int index_links(msccl_out *w) {
  const sched_row *rows = w->rows;
  size_t nlinks = 0;
  for (size_t i = 0; i < w->nrows; i++) nlinks += i == 0 || !same_link(&rows[i], &rows[i - 1]);
  w->link_first = malloc((nlinks + 1) * sizeof *w->link_first);
  w->rank_in = malloc((nlinks + 1) * sizeof *w->rank_in);
  w->in_links = malloc((nlinks + 1) * sizeof *w->in_links);
  w->in_first = calloc((size_t)w->n + 2, sizeof *w->in_first);
  if (!w->link_first || !w->rank_in || !w->in_links || !w->in_first) return -1;
  for (size_t i = 0; i < w->nrows; i++)
    if (i == 0 || !same_link(&rows[i], &rows[i - 1])) w->link_first[w->nlinks++] = i;
  w->link_first[nlinks] = w->nrows;
  /* a link's rank among its receiver's in-links: links are sorted by src, so count as we go
   * (in_first[v + 1] counts v's in-links before it becomes v's end) */
  for (size_t k = 0; k < nlinks; k++) w->rank_in[k] = w->in_first[rows[w->link_first[k]].dst + 1]++;
  for (uint32_t x = 0; x < w->n; x++) w->in_first[x + 1] += w->in_first[x];
  for (size_t k = 0; k < nlinks; k++) w->in_links[w->in_first[rows[w->link_first[k]].dst] + w->rank_in[k]] = k;
  return 0;
}

/* Every row's arrival, and where the passing packets are kept: the arrivals at a node that
 * neither started nor keeps them, unique by (node, packet). 0, or -1 if memory runs out. */
static int place_passing(msccl_out *w) {
  w->arr = malloc((w->nrows + 1) * sizeof *w->arr);
  w->pass = malloc((w->nrows + 1) * sizeof *w->pass);
  w->pass_first = calloc((size_t)w->n + 2, sizeof *w->pass_first);
  if (!w->arr || !w->pass || !w->pass_first) return -1;
  for (size_t k = 0; k < w->nlinks; k++)
    for (size_t i = w->link_first[k]; i < w->link_first[k + 1]; i++) {
      const sched_row *r = &w->rows[i];
      w->arr[i] = (arrival){r->dst, packet_id(w->n, r->origin, r->dest), r->slot, (uint32_t)w->rank_in[k], r->slot - 1};
    }
  size_t npass = 0;
  for (size_t i = 0; i < w->nrows; i++) {
    const sched_row *r = &w->rows[i];
    if (task_is_personalized(w->s->task) && r->dest != (int32_t)r->dst && r->origin != r->dst) w->pass[npass++] = w->arr[i];
  }
  qsort(w->pass, npass, sizeof *w->pass, by_arrival);
  arrival *pass = w->pass;
  size_t u = 0;
  for (size_t i = 0; i < npass; i++) /* unique (node, packet) */
    if (u == 0 || pass[i].node != pass[u - 1].node || pass[i].packet != pass[u - 1].packet) pass[u++] = pass[i];
  npass = u;
  for (size_t i = 0; i < npass; i++) w->pass_first[w->pass[i].node + 1]++;
  for (uint32_t x = 0; x < w->n; x++) w->pass_first[x + 1] += w->pass_first[x];
  w->pl = (placement){w->s->task, w->n, w->pass, npass, w->pass_first};
  return 0;
}

/* The dependencies: for each send row, the latest earlier arrival of its packet at its sender
 * (dep), and which arrivals a send waits on (hasdep). 0, or -1 if memory runs out. */
static int find_deps(msccl_out *w) {
  w->dep = malloc((w->nrows + 1) * sizeof *w->dep);
  w->hasdep = calloc(w->nrows + 1, 1);
  arrival *sorted = malloc((w->nrows + 1) * sizeof *sorted);
  if (!w->dep || !w->hasdep || !sorted) {
    free(sorted);
    return -1;
  }
  for (size_t i = 0; i < w->nrows; i++) sorted[i] = w->arr[i], sorted[i].step = (uint32_t)i; /* step: row index here */
  qsort(sorted, w->nrows, sizeof *sorted, by_arrival);
  for (size_t i = 0; i < w->nrows; i++) {
    const sched_row *r = &w->rows[i];
    w->dep[i] = -1;
    if (r->origin == r->src) continue;
    const arrival *a = arrival_before(sorted, w->nrows, r->src, packet_id(w->n, r->origin, r->dest), r->slot);
    if (a) {
      w->dep[i] = a->step;
      w->hasdep[a->step] = 1;
    }
  }
  free(sorted);
  return 0;
}

/* The <algo> tag: collective c, ic and oc chunks per input and output buffer, and romnoc's
 * own attributes to read the schedule back whole. */
static void write_algo_open(FILE *f, const sched *s, int c, uint32_t ic, uint32_t oc) {
  fprintf(f,
          "<algo name=\"romnoc-%s-%s\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"%u\" ngpus=\"%u\" coll=\"%s\" "
          "inplace=\"0\" outofplace=\"1\" minBytes=\"0\" maxBytes=\"0\" romnoc_generator=\"romnoc-cmodel %s\" "
          "romnoc_topo=\"%s\" romnoc_task=\"%s\" romnoc_model=\"%s\" romnoc_root=\"%lld\" romnoc_slots=\"%u\"%s%s%s>\n",
          s->alg[0] ? s->alg : "schedule", s->topo.name, (unsigned)(ic > oc ? ic : oc), (unsigned)s->topo.nodes,
          colls[c].coll, ROMNOC_VERSION, s->topo.name, task_name(s->task), model_name(s->model), (long long)s->root,
          (unsigned)s->slots, s->alg[0] ? " romnoc_alg=\"" : "", s->alg, s->alg[0] ? "\"" : "");
}

/* The step a send row i waits on: the receiver tb (at the sending GPU) of the arrival it sends
 * on, and that tb's step; -1 and -1 for none. */
static void send_dep(const msccl_out *w, size_t i, long long *depid, long long *deps) {
  *depid = *deps = -1;
  if (w->dep[i] < 0) return;
  size_t d = (size_t)w->dep[i], lo = 0, hi = w->nlinks; /* the link of row d: binary search on link_first */
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (w->link_first[mid] <= d) lo = mid;
    else hi = mid;
  }
  *depid = (long long)w->rank_in[lo];
  *deps = (long long)w->rows[d].slot - 1;
}

/* Thread block tbid: link k's sender (send) or receiver, a step per slot to its last row
 * (step s in slot s+1), nops where the link is idle. */
static void write_tb(FILE *f, const msccl_out *w, size_t k, bool send, uint32_t tbid) {
  const sched_row *first = &w->rows[w->link_first[k]];
  fprintf(f, "    <tb id=\"%u\" send=\"%d\" recv=\"%d\" chan=\"0\">\n", (unsigned)tbid, send ? (int)first->dst : -1,
          send ? -1 : (int)first->src);
  uint32_t step = 0;
  for (size_t i = w->link_first[k]; i < w->link_first[k + 1]; i++) {
    const sched_row *r = &w->rows[i];
    for (; step + 1 < r->slot; step++)
      fprintf(f, "      <step s=\"%u\" type=\"nop\" srcbuf=\"i\" srcoff=\"-1\" dstbuf=\"o\" dstoff=\"-1\" cnt=\"0\" "
                 "depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>\n", (unsigned)step);
    int sb, db;
    int64_t so, doff;
    place(&w->pl, r->src, r->origin, r->dest, &sb, &so);
    place(&w->pl, r->dst, r->origin, r->dest, &db, &doff);
    long long depid = -1, deps = -1;
    if (send) send_dep(w, i, &depid, &deps);
    fprintf(f, "      <step s=\"%u\" type=\"%s\" srcbuf=\"%c\" srcoff=\"%lld\" dstbuf=\"%c\" dstoff=\"%lld\" cnt=\"1\" "
               "depid=\"%lld\" deps=\"%lld\" hasdep=\"%d\"/>\n",
            (unsigned)step, send ? "s" : "r", buf_name[sb], (long long)so, buf_name[db], (long long)doff, depid, deps,
            !send && w->hasdep[i]);
    step++;
  }
  fputs("    </tb>\n", f);
}

/* Per GPU: its in-links (receiver tbs, by sender) then its out-links (sender tbs, by receiver). */
static void write_gpus(FILE *f, const msccl_out *w, uint32_t ic, uint32_t oc) {
  size_t out_k = 0; /* links are sorted by src: g's out-links are the next run */
  for (uint32_t g = 0; g < w->n; g++) {
    fprintf(f, "  <gpu id=\"%u\" i_chunks=\"%u\" o_chunks=\"%u\" s_chunks=\"%u\">\n", (unsigned)g, (unsigned)ic,
            (unsigned)oc, (unsigned)(w->pass_first[g + 1] - w->pass_first[g]));
    uint32_t tbid = 0;
    for (size_t j = w->in_first[g]; j < w->in_first[g + 1]; j++) write_tb(f, w, w->in_links[j], false, tbid++);
    for (; out_k < w->nlinks && w->rows[w->link_first[out_k]].src == g; out_k++) write_tb(f, w, out_k, true, tbid++);
    fputs("  </gpu>\n", f);
  }
}

int msccl_write(FILE *f, const sched *s, char *err, size_t errlen) {
  int c = coll_of_task(s->task);
  if (c < 0) {
    snprintf(err, errlen, "msccl-xml: task %s is not supported: %s", task_name(s->task), unsupported_why(s->task));
    return 1;
  }
  /* every row of the whole schedule (a template expanded) in the tables below, at once: refused
   * up front, naming the size, if they pass the memory limit */
  const uint64_t row_bytes = sizeof(sched_row) + 2 * sizeof(arrival) + sizeof(int64_t) + sizeof(uint8_t) + 4 * sizeof(size_t);
  uint64_t bytes;
  if (mem_check(sched_transmissions(s), row_bytes, "msccl-xml: the export", &bytes, err, errlen)) return 1;
  msccl_out w = {.s = s, .n = s->topo.nodes};
  int rc = sorted_rows(&w, err, errlen);
  if (!rc && (index_links(&w) || place_passing(&w) || find_deps(&w))) rc = -1;
  if (!rc) {
    const uint32_t ic = colls[c].i_chunks ? colls[c].i_chunks : w.n, oc = colls[c].o_chunks ? colls[c].o_chunks : w.n;
    write_algo_open(f, s, c, ic, oc);
    write_gpus(f, &w, ic, oc);
    fputs("</algo>\n", f);
    rc = fflush(f) != 0 || ferror(f) ? -1 : 0;
  }
  msccl_out_free(&w);
  return rc;
}

/* ---- reading ---- */

enum { ST_SEND, ST_RECV, ST_RCS, ST_NOP, ST_CPY };

typedef struct {
  int type, sbuf, dbuf;
  int64_t soff, doff, depid, deps;
  unsigned long line;
  size_t first_event; /* its events: first_event, and first_event+1 for rcs */
} mstep;

typedef struct {
  int64_t id, send, recv, chan;
  uint32_t gpu;
  size_t first, n; /* its steps */
  unsigned long line;
} mtb;

typedef struct {
  int64_t chunks[3];
  size_t first_tb, ntb;
  int seen;
  uint64_t loc_base;
} mgpu;

typedef struct {
  int kind; /* ST_SEND, ST_RECV, ST_NOP, ST_CPY */
  size_t step, tb;
  int64_t rloc, wloc; /* read and written location, -1 none */
  size_t node;
} mevent;

typedef struct {
  char meta_key[8][24];
  char meta_val[8][128];
  int nmeta;
  sched_row *rows;
  size_t nrows, next;
  char violation[256]; /* non-empty: next reports it */
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
  int task, task_from; /* task: colls index */
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
    if (v[0] == buf_name[b] && !v[1]) return *out = b, 0;
  char shown[64]; /* the message stays under 160 characters */
  return reader_error_at(t->line, t->col, err, errlen, "<step> attribute %s=\"%s\": expected i, o or s", name,
                         cli_printable(v, 30, shown, sizeof shown));
}

static int parse_algo(parse *p, const xml_tag *t, const reader_hints *h, msccl_reader *r, char *err, size_t errlen) {
  int64_t ng;
  if (int_attr(t, "ngpus", 1, MSCCL_MAX_GPUS, 0, 0, &ng, err, errlen)) return -1;
  p->ngpus = (uint32_t)ng;
  const char *coll = xml_attr(t, "coll"), *rtask = xml_attr(t, "romnoc_task");
  if (!coll) return tag_err(t, err, errlen, "<algo> without its attribute coll%s%s", "", "");
  const char *task = h && h->task ? h->task : rtask;
  char shown[64];
  p->task = -1;
  if (task) {
    int k = task_from_name(task);
    if (k < 0) return tag_err(t, err, errlen, "unknown task '%s'%s", cli_printable(task, 30, shown, sizeof shown), "");
    p->task = coll_of_task((task_kind)k);
    if (p->task < 0) {
      snprintf(err, errlen, "msccl-xml: task %s is not supported: %s", task_name((task_kind)k), unsupported_why((task_kind)k));
      return -1;
    }
  } else {
    for (int i = 0; i < NCOLLS; i++)
      if (!strcmp(colls[i].coll, coll)) p->task = i;
    if (p->task < 0)
      return tag_err(t, err, errlen,
                     "<algo> coll=\"%s\" is not supported (expected broadcast, allgather, scatter, gather or alltoall%s)",
                     cli_printable(coll, 30, shown, sizeof shown), "; reductions are not imported");
  }
  const char *root = h && h->root ? h->root : xml_attr(t, "romnoc_root");
  p->root = 0;
  if (task_has_root(colls[p->task].task) && root) {
    uint64_t v;
    if (cli_uint(root, 0, p->ngpus - 1, &v))
      return tag_err(t, err, errlen, "root '%s' is not a GPU of 0..ngpus-1%s", cli_printable(root, 30, shown, sizeof shown), "");
    p->root = (int64_t)v;
  }
  set_meta(r, "task", task_name(colls[p->task].task));
  char num[32];
  snprintf(num, sizeof num, "%lld", task_has_root(colls[p->task].task) ? (long long)p->root : -1LL);
  set_meta(r, "root", num);
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
  tb->line = t->line;
  p->ntbs++;
  gp->ntb++;
  return 0;
}

static int parse_step(parse *p, const xml_tag *t, mtb *tb, char *err, size_t errlen) {
  static const char *const types[] = {"s", "r", "rcs", "nop", "cpy"};
  static const char *const reductions[] = {"rrc", "rrs", "rrcs", "re"};
  mstep *grown = grow_array(p->steps, &p->cap_steps, p->nsteps, sizeof *grown, 1024);
  if (!grown) return tag_err(t, err, errlen, "out of memory%s%s", "", "");
  p->steps = grown;
  mstep *st = &p->steps[p->nsteps];
  int64_t s;
  if (int_attr(t, "s", 0, INT32_MAX, 0, 0, &s, err, errlen)) return -1;
  char want[24];
  snprintf(want, sizeof want, "%zu", tb->n);
  if (s != (int64_t)tb->n) return tag_err(t, err, errlen, "<step s=\"%s\"> out of order (expected s=\"%s\")", xml_attr(t, "s"), want);
  const char *type = xml_attr(t, "type");
  if (!type) return tag_err(t, err, errlen, "<step> without its attribute type%s%s", "", "");
  st->type = -1;
  for (int i = 0; i < 5; i++)
    if (!strcmp(type, types[i])) st->type = i;
  char shown[64];
  for (int i = 0; i < 4; i++)
    if (!strcmp(type, reductions[i]))
      return tag_err(t, err, errlen, "msccl-xml: step type %s (a reduction) is not supported%s", type,
                     ": combining tasks are not imported");
  if (st->type < 0)
    return tag_err(t, err, errlen, "<step> type=\"%s\": expected s, r, rcs, nop or cpy%s", cli_printable(type, 20, shown, sizeof shown), "");
  int64_t cnt;
  if (int_attr(t, "cnt", 0, INT32_MAX, 1, 1, &cnt, err, errlen)) return -1;
  if (st->type != ST_NOP && cnt != 1)
    return tag_err(t, err, errlen, "<step> cnt=\"%s\" is not supported%s", xml_attr(t, "cnt"), ": this reader takes steps of one chunk");
  mgpu *gp = &p->gpus[tb->gpu];
  st->sbuf = st->dbuf = 0;
  st->soff = st->doff = -1;
  if (st->type != ST_NOP) {
    if (buf_attr(t, "srcbuf", &st->sbuf, err, errlen) || buf_attr(t, "dstbuf", &st->dbuf, err, errlen)) return -1;
    /* the offsets this GPU's step uses must lie in its buffers: the send's source, the
     * receive's destination (the other side's offsets are the peer's) */
    int reads = st->type == ST_SEND || st->type == ST_CPY, writes = st->type != ST_SEND;
    if (int_attr(t, "srcoff", reads ? 0 : -1, reads ? gp->chunks[st->sbuf] - 1 : INT32_MAX, 0, 0, &st->soff, err, errlen) ||
        int_attr(t, "dstoff", writes ? 0 : -1, writes ? gp->chunks[st->dbuf] - 1 : INT32_MAX, 0, 0, &st->doff, err, errlen))
      return -1;
  }
  if (int_attr(t, "depid", -1, INT32_MAX, 1, -1, &st->depid, err, errlen) ||
      int_attr(t, "deps", -1, INT32_MAX, 1, -1, &st->deps, err, errlen))
    return -1;
  if ((st->type == ST_SEND || st->type == ST_RCS) && tb->send < 0)
    return tag_err(t, err, errlen, "<step type=\"%s\"> in a <tb> with send=\"-1\"%s", type, "");
  if ((st->type == ST_RECV || st->type == ST_RCS) && tb->recv < 0)
    return tag_err(t, err, errlen, "<step type=\"%s\"> in a <tb> with recv=\"-1\"%s", type, "");
  st->line = t->line;
  p->nsteps++;
  tb->n++;
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

static int by_slot_link(const void *a, const void *b) {
  const sched_row *x = a, *y = b;
  if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
  if (x->src != y->src) return x->src < y->src ? -1 : 1;
  return x->dst < y->dst ? -1 : x->dst > y->dst;
}

/* Names step st of tb for a message. */
static void step_name(const parse *p, const mtb *tb, const mstep *st, char *buf, size_t len) {
  snprintf(buf, len, "gpu %u tb %lld step %lld (line %lu)", (unsigned)tb->gpu, (long long)tb->id,
           (long long)(st - p->steps - (ptrdiff_t)tb->first), st->line);
}

/* The import's state, built in steps (import): the events with the chunks they read and write,
 * the send/receive pairs, the dependency graph and its earliest slots. A graph node is an event,
 * a send and its receive one node, numbered by the send. */
typedef struct {
  parse *p;
  msccl_reader *r;
  uint32_t n;           /* GPUs */
  uint64_t nlocs;       /* buffer chunks in all: chunk (g, buf, off) at loc_of */
  int64_t *writer;      /* per chunk: the event that writes it, -1 none, -2 the GPU's input */
  int64_t *content;     /* per chunk: the packet it holds (packet_id), -1 none */
  mevent *ev;           /* in thread-block order */
  size_t nev;
  const mtb **recv_tbs; /* the receiving tbs, by (gpu, recv, chan) */
  size_t nrt;
  size_t *node_of_pair; /* per receive event: its send event, SIZE_MAX none */
  size_t nsend_total;
  size_t (*edges)[2], nedges, cap_edges;
  size_t nnodes;
  size_t *indeg, *adj_first, *adj; /* the edges by their first node */
  size_t *queue, nqueued;          /* the nodes in topological order (Kahn) */
  uint32_t *slot;                  /* per node: its earliest slot */
  int *is_node;                    /* per event number: a node (a receive is its send's node) */
  size_t *recv_of;                 /* per node: its receive event, SIZE_MAX none */
} importer;

/* What an import step returns: go on, stop with r->violation set (import returns 0), stop with
 * err set, or stop as memory ran out. */
enum { IM_OK = 0, IM_STOP = 1, IM_ERR = -1, IM_OOM = -2 };

static void importer_free(importer *im) {
  free(im->ev);
  free(im->writer);
  free(im->content);
  free(im->node_of_pair);
  free(im->indeg);
  free(im->adj_first);
  free(im->adj);
  free(im->queue);
  free(im->slot);
  free(im->edges);
  free(im->recv_tbs);
  free(im->is_node);
  free(im->recv_of);
}

/* Chunk off of GPU g's buffer buf, numbered over all GPUs' buffers. */
static int64_t loc_of(const parse *p, uint32_t g, int buf, int64_t off) {
  const mgpu *gp = &p->gpus[g];
  return (int64_t)(gp->loc_base + (uint64_t)(buf > 0 ? gp->chunks[0] : 0) + (uint64_t)(buf > 1 ? gp->chunks[1] : 0) +
                   (uint64_t)off);
}

/* GPU g holds packet (origin, dest) in chunk off of buf at the start, if its buffer has one. */
static void hold(importer *im, uint32_t g, int buf, int64_t off, uint32_t origin, int64_t dest) {
  if (off >= im->p->gpus[g].chunks[buf]) return;
  int64_t loc = loc_of(im->p, g, buf, off);
  im->writer[loc] = -2;
  im->content[loc] = packet_id(im->n, origin, dest);
}

/* The chunks, and what each GPU holds at the start (where the writer puts it, msccl_xml.c's
 * header). */
static int start_buffers(importer *im) {
  const parse *p = im->p;
  uint32_t n = im->n;
  task_kind task = colls[p->task].task;
  for (uint32_t g = 0; g < n; g++) {
    const int64_t *c = p->gpus[g].chunks;
    im->nlocs += (uint64_t)(c[0] + c[1] + c[2]);
  }
  for (size_t i = 0; i < p->nsteps; i++) im->nev += p->steps[i].type == ST_RCS ? 2 : 1;
  im->ev = malloc((im->nev + 1) * sizeof *im->ev);
  im->writer = malloc((im->nlocs + 1) * sizeof *im->writer);
  im->content = malloc((im->nlocs + 1) * sizeof *im->content);
  if (!im->ev || !im->writer || !im->content) return IM_OOM;
  for (uint64_t i = 0; i < im->nlocs; i++) im->writer[i] = -1, im->content[i] = -1;
  for (uint32_t g = 0; g < n; g++) {
    if (task == TASK_MNB) {
      hold(im, g, BUF_I, 0, g, -1);
      hold(im, g, BUF_O, g, g, -1);
    }
    if (task == TASK_SNB && g == p->root) {
      hold(im, g, BUF_I, 0, g, -1);
      hold(im, g, BUF_O, 0, g, -1);
    }
    if (task == TASK_TE || (task == TASK_SCATTER && g == p->root))
      for (uint32_t d = 0; d < n; d++)
        if (d != g) hold(im, g, BUF_I, d, g, d);
    if (task == TASK_GATHER && g != p->root) hold(im, g, BUF_I, 0, g, p->root);
  }
  return IM_OK;
}

/* The events, in thread-block order (an rcs step is a receive, then a send), with the chunk
 * each reads and writes; IM_ERR if a step writes a chunk written before or held at the start. */
static int make_events(importer *im, char *err, size_t errlen) {
  parse *p = im->p;
  size_t e = 0;
  for (size_t ti = 0; ti < p->ntbs; ti++) {
    const mtb *tb = &p->tbs[ti];
    for (size_t si = tb->first; si < tb->first + tb->n; si++) {
      mstep *st = &p->steps[si];
      st->first_event = e;
      int kinds[2] = {st->type == ST_RCS ? ST_RECV : st->type, ST_SEND}, nk = st->type == ST_RCS ? 2 : 1;
      for (int k = 0; k < nk; k++, e++) {
        mevent *x = &im->ev[e];
        x->kind = kinds[k];
        x->step = si;
        x->tb = ti;
        x->rloc = x->wloc = -1;
        if (x->kind == ST_SEND)
          x->rloc = st->type == ST_RCS ? loc_of(p, tb->gpu, st->dbuf, st->doff) : loc_of(p, tb->gpu, st->sbuf, st->soff);
        if (x->kind == ST_CPY) x->rloc = loc_of(p, tb->gpu, st->sbuf, st->soff);
        if (x->kind != ST_RECV && x->kind != ST_CPY) continue;
        x->wloc = loc_of(p, tb->gpu, st->dbuf, st->doff);
        if (im->writer[x->wloc] != -1) {
          char a[120];
          step_name(p, tb, st, a, sizeof a);
          snprintf(err, errlen, "%s writes %c/%lld, which %s: this reader takes each buffer chunk written once", a,
                   buf_name[st->dbuf], (long long)st->doff,
                   im->writer[x->wloc] == -2 ? "holds the GPU's input at the start" : "an earlier step writes");
          return IM_ERR;
        }
        im->writer[x->wloc] = (int64_t)e;
      }
    }
  }
  return IM_OK;
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

/* The steps of tb that send (or receive): s, rcs (r, rcs). */
static bool step_sends(const mstep *st) { return st->type == ST_SEND || st->type == ST_RCS; }
static bool step_receives(const mstep *st) { return st->type == ST_RECV || st->type == ST_RCS; }
static size_t count_steps(const parse *p, const mtb *tb, bool (*which)(const mstep *)) {
  size_t c = 0;
  for (size_t x = tb->first; x < tb->first + tb->n; x++) c += which(&p->steps[x]);
  return c;
}

/* The pairs: the k-th send of u's tb to v on channel c with the k-th receive of v's tb from u
 * on c, a pair one node numbered by its send event; then every event's node. IM_STOP with the
 * violation if a transfer has no partner (it never completes). */
static int pair_transfers(importer *im) {
  const parse *p = im->p;
  msccl_reader *r = im->r;
  im->node_of_pair = malloc((im->nev + 1) * sizeof *im->node_of_pair);
  if (!im->node_of_pair) return IM_OOM;
  for (size_t i = 0; i < im->nev; i++) im->node_of_pair[i] = SIZE_MAX;
  for (size_t ti = 0; ti < p->ntbs; ti++) {
    const mtb *tb = &p->tbs[ti];
    if (tb->send < 0) continue;
    mtb key = {.gpu = (uint32_t)tb->send, .recv = tb->gpu, .chan = tb->chan};
    const mtb *kp = &key, **hit = bsearch(&kp, im->recv_tbs, im->nrt, sizeof *im->recv_tbs, by_tb_peer);
    size_t ns = count_steps(p, tb, step_sends), nr = hit ? count_steps(p, *hit, step_receives) : 0;
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
      while (!step_sends(&p->steps[xs])) xs++;
      while (!step_receives(&p->steps[xr])) xr++;
      size_t es = p->steps[xs].first_event + (p->steps[xs].type == ST_RCS), er = p->steps[xr].first_event;
      im->node_of_pair[er] = es;
      xs++, xr++;
    }
  }
  for (size_t i = 0; i < im->nrt; i++) { /* receivers with no sender tb at all */
    const mtb *tb = im->recv_tbs[i];
    size_t nr = count_steps(p, tb, step_receives);
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
  for (size_t i = 0; i < im->nev; i++) im->ev[i].node = im->node_of_pair[i] != SIZE_MAX ? im->node_of_pair[i] : i;
  im->nnodes = im->nev;
  return IM_OK;
}

static int add_edge(importer *im, size_t from, size_t to) {
  size_t(*e)[2] = grow_array(im->edges, &im->cap_edges, im->nedges, sizeof *e, 1024);
  if (!e) return IM_OOM;
  im->edges = e;
  im->edges[im->nedges][0] = from;
  im->edges[im->nedges++][1] = to;
  return IM_OK;
}

/* The edges: thread-block order, the data read, the explicit dependencies (depid, deps).
 * IM_STOP with the violation if a step sends a chunk its GPU never holds; IM_ERR if a
 * dependency names no step. */
static int make_edges(importer *im, char *err, size_t errlen) {
  const parse *p = im->p;
  msccl_reader *r = im->r;
  const mevent *ev = im->ev;
  char a[120];
  for (size_t i = 0; i < im->nev; i++) {
    const mevent *x = &ev[i];
    const mstep *st = &p->steps[x->step];
    const mtb *tb = &p->tbs[x->tb];
    if (i > 0 && ev[i - 1].tb == x->tb && add_edge(im, ev[i - 1].node, x->node)) return IM_OOM;
    if (x->rloc >= 0) {
      int64_t w = im->writer[x->rloc];
      if (w == -1) {
        step_name(p, tb, st, a, sizeof a);
        int bufk = st->type == ST_RCS ? st->dbuf : st->sbuf;
        snprintf(r->violation, sizeof r->violation, "%s sends %c/%lld, which gpu %u never holds", a, buf_name[bufk],
                 (long long)(st->type == ST_RCS ? st->doff : st->soff), (unsigned)tb->gpu);
        return IM_STOP;
      }
      if (w >= 0 && add_edge(im, ev[w].node, x->node)) return IM_OOM;
    }
    if (st->depid >= 0 && i == st->first_event) {
      const mgpu *gp = &p->gpus[tb->gpu];
      if (st->depid >= (int64_t)gp->ntb || st->deps < 0 || st->deps >= (int64_t)p->tbs[gp->first_tb + st->depid].n) {
        step_name(p, tb, st, a, sizeof a);
        snprintf(err, errlen, "%s: depid=%lld deps=%lld names no step of gpu %u", a, (long long)st->depid,
                 (long long)st->deps, (unsigned)tb->gpu);
        return IM_ERR;
      }
      const mtb *dtb = &p->tbs[gp->first_tb + st->depid];
      const mstep *dst = &p->steps[dtb->first + st->deps];
      if (add_edge(im, ev[dst->first_event + (dst->type == ST_RCS)].node, x->node)) return IM_OOM;
    }
  }
  return IM_OK;
}

/* The edges by their first node (adj_first, adj) and each node's in-degree. */
static int index_edges(importer *im) {
  size_t nn = im->nnodes;
  im->indeg = calloc(nn + 1, sizeof *im->indeg);
  im->adj_first = calloc(nn + 2, sizeof *im->adj_first);
  im->adj = malloc((im->nedges + 1) * sizeof *im->adj);
  size_t *fill = malloc((nn + 1) * sizeof *fill);
  if (!im->indeg || !im->adj_first || !im->adj || !fill) {
    free(fill);
    return IM_OOM;
  }
  for (size_t k = 0; k < im->nedges; k++) im->adj_first[im->edges[k][0] + 1]++, im->indeg[im->edges[k][1]]++;
  for (size_t v = 0; v < nn; v++) im->adj_first[v + 1] += im->adj_first[v];
  memcpy(fill, im->adj_first, nn * sizeof *fill);
  for (size_t k = 0; k < im->nedges; k++) im->adj[fill[im->edges[k][0]]++] = im->edges[k][1];
  free(fill);
  return IM_OK;
}

/* The earliest slots: longest paths in topological order (Kahn), the data carried along, a
 * row for every send. Nodes on (or waiting on) a cycle are never queued. */
static int earliest_slots(importer *im) {
  const parse *p = im->p;
  msccl_reader *r = im->r;
  const mevent *ev = im->ev;
  size_t nn = im->nnodes;
  im->queue = malloc((nn + 1) * sizeof *im->queue);
  im->slot = calloc(nn + 1, sizeof *im->slot);
  im->is_node = calloc(nn + 1, sizeof *im->is_node);
  im->recv_of = malloc((nn + 1) * sizeof *im->recv_of);
  r->rows = malloc((im->nsend_total + 1) * sizeof *r->rows);
  if (!im->queue || !im->slot || !im->is_node || !im->recv_of || !r->rows) return IM_OOM;
  for (size_t i = 0; i < im->nev; i++) im->is_node[ev[i].node] = 1;
  size_t qh = 0, qt = 0;
  for (size_t v = 0; v < nn; v++)
    if (im->is_node[v] && im->indeg[v] == 0) im->queue[qt++] = v, im->slot[v] = 1;
  /* a node's receive event, for the data it carries (the send event is the node itself) */
  for (size_t v = 0; v < nn; v++) im->recv_of[v] = SIZE_MAX;
  for (size_t i = 0; i < im->nev; i++)
    if (im->node_of_pair[i] != SIZE_MAX) im->recv_of[im->node_of_pair[i]] = i;
  while (qh < qt) {
    size_t v = im->queue[qh++];
    const mevent *x = &ev[v];
    if (x->kind == ST_CPY) im->content[x->wloc] = im->content[x->rloc];
    if (x->kind == ST_SEND) {
      const mevent *rx = &ev[im->recv_of[v]];
      int64_t c = im->content[x->rloc];
      im->content[rx->wloc] = c;
      int64_t origin = c / (im->n + 1), dest = c % (im->n + 1) - 1;
      r->rows[r->nrows++] =
          (sched_row){im->slot[v], p->tbs[x->tb].gpu, p->tbs[rx->tb].gpu, (uint32_t)origin, (int32_t)dest};
    }
    for (size_t k = im->adj_first[v]; k < im->adj_first[v + 1]; k++) {
      size_t w = im->adj[k];
      if (im->slot[w] < im->slot[v] + 1) im->slot[w] = im->slot[v] + 1;
      if (--im->indeg[w] == 0) im->queue[qt++] = w;
    }
  }
  im->nqueued = qt;
  return IM_OK;
}

/* A deadlock named (a step on a cycle, or waiting on one) as the violation; else the rows by
 * slot and the slots in the metadata. */
static void finish_rows(importer *im) {
  msccl_reader *r = im->r;
  size_t nnode_real = 0;
  for (size_t v = 0; v < im->nnodes; v++) nnode_real += (size_t)im->is_node[v];
  if (im->nqueued < nnode_real) {
    for (size_t v = 0; v < im->nnodes; v++)
      if (im->is_node[v] && im->indeg[v] > 0) {
        char a[120];
        step_name(im->p, &im->p->tbs[im->ev[v].tb], &im->p->steps[im->ev[v].step], a, sizeof a);
        snprintf(r->violation, sizeof r->violation, "deadlock: %s waits on steps that wait on it", a);
        break;
      }
  }
  if (r->violation[0]) return;
  qsort(r->rows, r->nrows, sizeof *r->rows, by_slot_link);
  uint32_t last = 0;
  for (size_t i = 0; i < r->nrows; i++)
    if (r->rows[i].slot > last) last = r->rows[i].slot;
  char num[24];
  snprintf(num, sizeof num, "%u", (unsigned)last);
  set_meta(r, "slots", num);
}

/* The import: events, pairs, the earliest slots, the data (msccl_xml.h). Returns 0 (with a
 * violation in r->violation, or the rows in r), or -1 with err (bad input, out of memory). */
static int import(parse *p, msccl_reader *r, char *err, size_t errlen) {
  importer im = {.p = p, .r = r, .n = p->ngpus};
  int rc = start_buffers(&im);
  if (rc == IM_OK) rc = make_events(&im, err, errlen);
  if (rc == IM_OK) rc = sort_peers(&im, err, errlen);
  if (rc == IM_OK) rc = pair_transfers(&im);
  if (rc == IM_OK) rc = make_edges(&im, err, errlen);
  if (rc == IM_OK) rc = index_edges(&im);
  if (rc == IM_OK) rc = earliest_slots(&im);
  if (rc == IM_OK) finish_rows(&im);
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
