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
#include "format/msccl_internal.h"

const msccl_coll msccl_colls[] = {
    {.task = TASK_SNB, .coll = "broadcast", .i_chunks = 1, .o_chunks = 1},
    {.task = TASK_MNB, .coll = "allgather", .i_chunks = 1, .o_chunks = 0},
    {.task = TASK_SCATTER, .coll = "scatter", .i_chunks = 0, .o_chunks = 1},
    {.task = TASK_GATHER, .coll = "gather", .i_chunks = 1, .o_chunks = 0},
    {.task = TASK_TE, .coll = "alltoall", .i_chunks = 0, .o_chunks = 0},
    {.task = TASK_REDUCE, .coll = "reduce", .i_chunks = 1, .o_chunks = 1},
    {.task = TASK_REDUCE_SCATTER, .coll = "reduce_scatter", .i_chunks = 0, .o_chunks = 1},
    {.task = TASK_ALLREDUCE, .coll = "allreduce", .i_chunks = 0, .o_chunks = 0},
    {.task = TASK_GLOBAL_SUM, .coll = "allreduce", .i_chunks = 1, .o_chunks = 1},
};
const int msccl_ncolls = sizeof msccl_colls / sizeof msccl_colls[0];

int msccl_coll_of_task(task_kind k) {
  for (int i = 0; i < msccl_ncolls; i++)
    if (msccl_colls[i].task == k) return i;
  return -1;
}

const char *msccl_unsupported_why(task_kind k) {
  if (k == TASK_KBCAST) return "kbcast's counters and termination packets have no MSCCL meaning";
  return "the tasks of an active set have no MSCCL collective";
}

const char msccl_buf_name[3] = {'i', 'o', 's'};
const char *const msccl_step_types[ST_NTYPES] = {"s", "r", "rcs", "nop", "cpy", "rrc", "rrs", "rrcs", "re"};
bool msccl_step_sends(int t) { return t == ST_SEND || t == ST_RCS || t == ST_RRS || t == ST_RRCS; }
bool msccl_step_receives(int t) { return t == ST_RECV || t == ST_RCS || t == ST_RRC || t == ST_RRS || t == ST_RRCS; }
bool msccl_step_reduces(int t) { return t == ST_RRC || t == ST_RRS || t == ST_RRCS || t == ST_RE; }

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
void msccl_write_algo_open(FILE *f, const sched *s, int c, uint32_t ic, uint32_t oc) {
  fprintf(f,
          "<algo name=\"romnoc-%s-%s\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"%u\" ngpus=\"%u\" coll=\"%s\" "
          "inplace=\"0\" outofplace=\"1\" minBytes=\"0\" maxBytes=\"0\" romnoc_generator=\"romnoc-cmodel %s\" "
          "romnoc_topo=\"%s\" romnoc_task=\"%s\" romnoc_model=\"%s\" romnoc_root=\"%lld\" romnoc_slots=\"%u\"%s%s%s>\n",
          s->alg[0] ? s->alg : "schedule", s->topo.name, (unsigned)(ic > oc ? ic : oc), (unsigned)s->topo.nodes,
          msccl_colls[c].coll, ROMNOC_VERSION, s->topo.name, task_name(s->task), model_name(s->model), (long long)s->root,
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
            (unsigned)step, send ? "s" : "r", msccl_buf_name[sb], (long long)so, msccl_buf_name[db], (long long)doff, depid, deps,
            !send && w->hasdep[i]);
    step++;
  }
  fputs("    </tb>\n", f);
}

/* The copy of GPU g's own chunk from its input to its output (MPI's layout: an allgather's
 * output holds every GPU's chunk, its own too): false if g keeps none. */
static bool own_copy(const sched *s, uint32_t g, int64_t *src, int64_t *dst) {
  bool root = (int64_t)g == s->root;
  switch (s->task) {
  case TASK_MNB: *src = 0, *dst = g; return true;
  case TASK_TE: *src = g, *dst = g; return true;
  case TASK_GATHER: *src = 0, *dst = g; return root;
  case TASK_SNB: *src = 0, *dst = 0; return root;
  case TASK_SCATTER: *src = g, *dst = 0; return root;
  default: return false;
  }
}

/* A thread block of local copies, one step each (no link: send="-1" recv="-1"). */
void msccl_write_copies(FILE *f, uint32_t tbid, const int64_t *src, const int64_t *dst, size_t n, int sbuf, int dbuf) {
  if (!n) return;
  fprintf(f, "    <tb id=\"%u\" send=\"-1\" recv=\"-1\" chan=\"0\">\n", (unsigned)tbid);
  for (size_t k = 0; k < n; k++)
    fprintf(f, "      <step s=\"%zu\" type=\"cpy\" srcbuf=\"%c\" srcoff=\"%lld\" dstbuf=\"%c\" dstoff=\"%lld\" cnt=\"1\" "
               "depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>\n",
            k, msccl_buf_name[sbuf], (long long)src[k], msccl_buf_name[dbuf], (long long)dst[k]);
  fputs("    </tb>\n", f);
}

/* Per GPU: its in-links (receiver tbs, by sender), its out-links (sender tbs, by receiver), then
 * the copy of its own chunk. */
static void write_gpus(FILE *f, const msccl_out *w, uint32_t ic, uint32_t oc) {
  size_t out_k = 0; /* links are sorted by src: g's out-links are the next run */
  for (uint32_t g = 0; g < w->n; g++) {
    fprintf(f, "  <gpu id=\"%u\" i_chunks=\"%u\" o_chunks=\"%u\" s_chunks=\"%u\">\n", (unsigned)g, (unsigned)ic,
            (unsigned)oc, (unsigned)(w->pass_first[g + 1] - w->pass_first[g]));
    uint32_t tbid = 0;
    for (size_t j = w->in_first[g]; j < w->in_first[g + 1]; j++) write_tb(f, w, w->in_links[j], false, tbid++);
    for (; out_k < w->nlinks && w->rows[w->link_first[out_k]].src == g; out_k++) write_tb(f, w, out_k, true, tbid++);
    int64_t src, dst;
    if (own_copy(w->s, g, &src, &dst)) msccl_write_copies(f, tbid, &src, &dst, 1, BUF_I, BUF_O);
    fputs("  </gpu>\n", f);
  }
}

int msccl_write(FILE *f, const sched *s, char *err, size_t errlen) {
  int c = msccl_coll_of_task(s->task);
  if (c < 0) {
    snprintf(err, errlen, "msccl-xml: task %s is not supported: %s", task_name(s->task), msccl_unsupported_why(s->task));
    return 1;
  }
  if (task_combines(s->task)) return msccl_write_combine(f, s, c, err, errlen);
  /* every row of the whole schedule (a template expanded) in the tables below, at once: refused
   * up front, naming the size, if they pass the memory limit */
  const uint64_t row_bytes = sizeof(sched_row) + 2 * sizeof(arrival) + sizeof(int64_t) + sizeof(uint8_t) + 4 * sizeof(size_t);
  uint64_t bytes;
  if (mem_check(sched_transmissions(s), row_bytes, "msccl-xml: the export", &bytes, err, errlen)) return 1;
  msccl_out w = {.s = s, .n = s->topo.nodes};
  int rc = sorted_rows(&w, err, errlen);
  if (!rc && (index_links(&w) || place_passing(&w) || find_deps(&w))) rc = -1;
  if (!rc) {
    const uint32_t ic = msccl_colls[c].i_chunks ? msccl_colls[c].i_chunks : w.n, oc = msccl_colls[c].o_chunks ? msccl_colls[c].o_chunks : w.n;
    msccl_write_algo_open(f, s, c, ic, oc);
    write_gpus(f, &w, ic, oc);
    fputs("</algo>\n", f);
    rc = fflush(f) != 0 || ferror(f) ? -1 : 0;
  }
  msccl_out_free(&w);
  return rc;
}

