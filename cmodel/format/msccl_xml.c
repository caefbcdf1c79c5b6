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
    {TASK_SNB, "broadcast", 1, 1}, {TASK_MNB, "allgather", 1, 0}, {TASK_SCATTER, "scatter", 0, 1},
    {TASK_GATHER, "gather", 1, 0}, {TASK_TE, "alltoall", 0, 0},
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

typedef struct {
  sched_row *rows;
  size_t n, cap;
} row_list;

static int collect_row(void *ctx, const sched_row *r) {
  row_list *l = ctx;
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 1024;
    sched_row *g = realloc(l->rows, cap * sizeof *g);
    if (!g) return -1;
    l->rows = g;
    l->cap = cap;
  }
  l->rows[l->n++] = *r;
  return 0;
}

static int by_link(const void *a, const void *b) { /* (src, dst, slot) */
  const sched_row *x = a, *y = b;
  if (x->src != y->src) return x->src < y->src ? -1 : 1;
  if (x->dst != y->dst) return x->dst < y->dst ? -1 : 1;
  return x->slot < y->slot ? -1 : x->slot > y->slot;
}

typedef struct {
  uint32_t node;
  int64_t packet; /* origin * (N+1) + dest + 1 */
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
    int64_t p = (int64_t)origin * (pl->n + 1) + dest + 1;
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

int msccl_write(FILE *f, const sched *s, char *err, size_t errlen) {
  int c = coll_of_task(s->task);
  if (c < 0) {
    snprintf(err, errlen, "msccl-xml: task %s is not supported: %s", task_name(s->task), unsupported_why(s->task));
    return 1;
  }
  uint32_t n = s->topo.nodes;
  row_list l = {0};
  arrival *arr = NULL, *pass = NULL;
  size_t *pass_first = NULL, *ntb = NULL, *nrecv = NULL, *link_first = NULL, *rank_in = NULL;
  uint8_t *hasdep = NULL;
  int rc = -1;
  if (sched_foreach(s, collect_row, &l)) goto done;
  qsort(l.rows, l.n, sizeof *l.rows, by_link);
  for (size_t i = 1; i < l.n; i++)
    if (l.rows[i].src == l.rows[i - 1].src && l.rows[i].dst == l.rows[i - 1].dst && l.rows[i].slot == l.rows[i - 1].slot) {
      snprintf(err, errlen, "msccl-xml: link %u->%u carries two packets in slot %u: a thread block sends one a step",
               (unsigned)l.rows[i].src, (unsigned)l.rows[i].dst, (unsigned)l.rows[i].slot);
      rc = 1;
      goto done;
    }
  /* the links (runs of equal (src, dst)); the receiver's tbs come first at each GPU, by peer */
  size_t nlinks = 0;
  for (size_t i = 0; i < l.n; i++) nlinks += i == 0 || l.rows[i].src != l.rows[i - 1].src || l.rows[i].dst != l.rows[i - 1].dst;
  link_first = malloc((nlinks + 1) * sizeof *link_first);
  rank_in = malloc((nlinks + 1) * sizeof *rank_in);
  nrecv = calloc((size_t)n + 1, sizeof *nrecv);
  ntb = calloc((size_t)n + 1, sizeof *ntb);
  pass_first = calloc((size_t)n + 2, sizeof *pass_first);
  arr = malloc((l.n + 1) * sizeof *arr);
  pass = malloc((l.n + 1) * sizeof *pass);
  hasdep = calloc(l.n + 1, 1);
  if (!link_first || !rank_in || !nrecv || !ntb || !pass_first || !arr || !pass || !hasdep) goto done;
  nlinks = 0;
  for (size_t i = 0; i < l.n; i++)
    if (i == 0 || l.rows[i].src != l.rows[i - 1].src || l.rows[i].dst != l.rows[i - 1].dst) link_first[nlinks++] = i;
  link_first[nlinks] = l.n;
  /* a link's rank among its receiver's in-links: links are sorted by src, so count as we go */
  for (size_t k = 0; k < nlinks; k++) {
    uint32_t v = l.rows[link_first[k]].dst;
    rank_in[k] = nrecv[v]++;
  }
  for (size_t k = 0; k < nlinks; k++) ntb[l.rows[link_first[k]].src]++;
  /* the sender tb of link k at u: nrecv[u] + its rank among u's out-links */
  /* arrivals: every row at its receiver, with the receiver's tb and step */
  for (size_t k = 0; k < nlinks; k++)
    for (size_t i = link_first[k]; i < link_first[k + 1]; i++) {
      const sched_row *r = &l.rows[i];
      arr[i] = (arrival){r->dst, (int64_t)r->origin * (n + 1) + r->dest + 1, r->slot, (uint32_t)rank_in[k], r->slot - 1};
    }
  /* passing packets: arrivals at a node that neither started nor keeps them */
  size_t npass = 0;
  for (size_t i = 0; i < l.n; i++) {
    const sched_row *r = &l.rows[i];
    if (task_is_personalized(s->task) && r->dest != (int32_t)r->dst && r->origin != r->dst) pass[npass++] = arr[i];
  }
  qsort(pass, npass, sizeof *pass, by_arrival);
  size_t u = 0;
  for (size_t i = 0; i < npass; i++) /* unique (node, packet) */
    if (u == 0 || pass[i].node != pass[u - 1].node || pass[i].packet != pass[u - 1].packet) pass[u++] = pass[i];
  npass = u;
  for (size_t i = 0; i < npass; i++) pass_first[pass[i].node + 1]++;
  for (uint32_t x = 0; x < n; x++) pass_first[x + 1] += pass_first[x];
  placement pl = {s->task, n, pass, npass, pass_first};
  /* the arrivals sorted to find a send's dependency; index of each row's arrival kept in tb */
  arrival *sorted = malloc((l.n + 1) * sizeof *sorted);
  if (!sorted) goto done;
  for (size_t i = 0; i < l.n; i++) sorted[i] = arr[i], sorted[i].step = (uint32_t)i; /* step: row index here */
  qsort(sorted, l.n, sizeof *sorted, by_arrival);
  /* deps[i]: the row whose arrival a send row i reads (-1: none) */
  int64_t *dep = malloc((l.n + 1) * sizeof *dep);
  if (!dep) {
    free(sorted);
    goto done;
  }
  for (size_t i = 0; i < l.n; i++) {
    const sched_row *r = &l.rows[i];
    dep[i] = -1;
    if (r->origin == r->src) continue;
    const arrival *a = arrival_before(sorted, l.n, r->src, (int64_t)r->origin * (n + 1) + r->dest + 1, r->slot);
    if (a) {
      dep[i] = a->step;
      hasdep[a->step] = 1;
    }
  }
  free(sorted);

  const uint32_t ic = colls[c].i_chunks ? colls[c].i_chunks : n, oc = colls[c].o_chunks ? colls[c].o_chunks : n;
  fprintf(f,
          "<algo name=\"romnoc-%s-%s\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"%u\" ngpus=\"%u\" coll=\"%s\" "
          "inplace=\"0\" outofplace=\"1\" minBytes=\"0\" maxBytes=\"0\" romnoc_generator=\"romnoc-cmodel %s\" "
          "romnoc_topo=\"%s\" romnoc_task=\"%s\" romnoc_model=\"%s\" romnoc_root=\"%lld\" romnoc_slots=\"%u\"%s%s%s>\n",
          s->alg[0] ? s->alg : "schedule", s->topo.name, (unsigned)(ic > oc ? ic : oc), (unsigned)n, colls[c].coll,
          ROMNOC_VERSION, s->topo.name, task_name(s->task), model_name(s->model), (long long)s->root,
          (unsigned)s->slots, s->alg[0] ? " romnoc_alg=\"" : "", s->alg, s->alg[0] ? "\"" : "");
  /* per GPU: its in-links (receiver tbs, by sender) then its out-links (sender tbs, by receiver) */
  size_t *in_links = malloc((nlinks + 1) * sizeof *in_links), *in_first = calloc((size_t)n + 2, sizeof *in_first);
  if (!in_links || !in_first) {
    free(in_links);
    free(in_first);
    free(dep);
    goto done;
  }
  for (size_t k = 0; k < nlinks; k++) in_first[l.rows[link_first[k]].dst + 1]++;
  for (uint32_t x = 0; x < n; x++) in_first[x + 1] += in_first[x];
  for (size_t k = 0; k < nlinks; k++) {
    const sched_row *r = &l.rows[link_first[k]];
    in_links[in_first[r->dst] + rank_in[k]] = k;
  }
  size_t out_k = 0; /* links are sorted by src: u's out-links are the next run */
  for (uint32_t g = 0; g < n; g++) {
    fprintf(f, "  <gpu id=\"%u\" i_chunks=\"%u\" o_chunks=\"%u\" s_chunks=\"%u\">\n", (unsigned)g, (unsigned)ic,
            (unsigned)oc, (unsigned)(pass_first[g + 1] - pass_first[g]));
    uint32_t tbid = 0;
    for (int side = 0; side < 2; side++) {
      size_t from = side ? out_k : in_first[g], to = from;
      if (side) while (to < nlinks && l.rows[link_first[to]].src == g) to++;
      else to = in_first[g + 1];
      for (size_t j = from; j < to; j++, tbid++) {
        size_t k = side ? j : in_links[j];
        const sched_row *first = &l.rows[link_first[k]];
        fprintf(f, "    <tb id=\"%u\" send=\"%d\" recv=\"%d\" chan=\"0\">\n", (unsigned)tbid, side ? (int)first->dst : -1,
                side ? -1 : (int)first->src);
        uint32_t step = 0;
        for (size_t i = link_first[k]; i < link_first[k + 1]; i++) {
          const sched_row *r = &l.rows[i];
          for (; step + 1 < r->slot; step++)
            fprintf(f, "      <step s=\"%u\" type=\"nop\" srcbuf=\"i\" srcoff=\"-1\" dstbuf=\"o\" dstoff=\"-1\" cnt=\"0\" "
                       "depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>\n", (unsigned)step);
          int sb, db;
          int64_t so, doff;
          place(&pl, r->src, r->origin, r->dest, &sb, &so);
          place(&pl, r->dst, r->origin, r->dest, &db, &doff);
          long long depid = -1, deps = -1;
          if (side && dep[i] >= 0) { /* the receiver tb (at this GPU) of the arrival it sends on */
            const sched_row *a = &l.rows[dep[i]];
            size_t ak;
            /* find the link of row dep[i]: binary search on link_first */
            size_t a_lo = 0, a_hi = nlinks;
            while (a_hi - a_lo > 1) {
              size_t mid = (a_lo + a_hi) / 2;
              if (link_first[mid] <= (size_t)dep[i]) a_lo = mid;
              else a_hi = mid;
            }
            ak = a_lo;
            depid = (long long)rank_in[ak];
            deps = (long long)a->slot - 1;
          }
          fprintf(f, "      <step s=\"%u\" type=\"%s\" srcbuf=\"%c\" srcoff=\"%lld\" dstbuf=\"%c\" dstoff=\"%lld\" cnt=\"1\" "
                     "depid=\"%lld\" deps=\"%lld\" hasdep=\"%d\"/>\n",
                  (unsigned)step, side ? "s" : "r", buf_name[sb], (long long)so, buf_name[db], (long long)doff, depid, deps,
                  !side && hasdep[i]);
          step++;
        }
        fputs("    </tb>\n", f);
      }
      if (side) out_k = to;
    }
    fputs("  </gpu>\n", f);
  }
  fputs("</algo>\n", f);
  free(in_links);
  free(in_first);
  free(dep);
  rc = fflush(f) != 0 || ferror(f) ? -1 : 0;
done:
  free(l.rows);
  free(arr);
  free(pass);
  free(pass_first);
  free(ntb);
  free(nrecv);
  free(link_first);
  free(rank_in);
  free(hasdep);
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
  mevent *ev;
  size_t nev;
} parse;

static int tag_err(const xml_tag *t, char *err, size_t errlen, const char *fmt, const char *a, const char *b) {
  char msg[200];
  snprintf(msg, sizeof msg, fmt, a, b);
  snprintf(err, errlen, "line %lu col %lu: %s", t->line, t->col, msg);
  return -1;
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
    char shown[64], msg[200];
    snprintf(msg, sizeof msg, "<%s> attribute %s=\"%s\": expected an integer in %lld..%lld", t->name, name,
             cli_printable(v, 30, shown, sizeof shown), (long long)lo, (long long)hi);
    snprintf(err, errlen, "line %lu col %lu: %s", t->line, t->col, msg);
    return -1;
  }
  *out = x;
  return 0;
}

static int buf_attr(const xml_tag *t, const char *name, int *out, char *err, size_t errlen) {
  const char *v = xml_attr(t, name);
  if (!v) return tag_err(t, err, errlen, "<step> without its attribute %s%s", name, "");
  for (int b = 0; b < 3; b++)
    if (v[0] == buf_name[b] && !v[1]) return *out = b, 0;
  char shown[64], msg[160];
  snprintf(msg, sizeof msg, "<step> attribute %s=\"%s\": expected i, o or s", name, cli_printable(v, 30, shown, sizeof shown));
  snprintf(err, errlen, "line %lu col %lu: %s", t->line, t->col, msg);
  return -1;
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
  if (p->ntbs == p->cap_tbs) {
    size_t cap = p->cap_tbs ? 2 * p->cap_tbs : 256;
    mtb *grown = realloc(p->tbs, cap * sizeof *grown);
    if (!grown) return tag_err(t, err, errlen, "out of memory%s%s", "", "");
    p->tbs = grown;
    p->cap_tbs = cap;
  }
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
  if (p->nsteps == p->cap_steps) {
    size_t cap = p->cap_steps ? 2 * p->cap_steps : 1024;
    mstep *grown = realloc(p->steps, cap * sizeof *grown);
    if (!grown) return tag_err(t, err, errlen, "out of memory%s%s", "", "");
    p->steps = grown;
    p->cap_steps = cap;
  }
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

/* The import: events, pairs, the earliest slots, the data (msccl_xml.h). Returns 0 (with a
 * violation in r->violation, or the rows in r), or -1 with err (bad input, out of memory). */
static int import(parse *p, msccl_reader *r, char *err, size_t errlen) {
  uint32_t n = p->ngpus;
  task_kind task = colls[p->task].task;
  uint64_t nlocs = 0;
  for (uint32_t g = 0; g < n; g++) nlocs += (uint64_t)(p->gpus[g].chunks[0] + p->gpus[g].chunks[1] + p->gpus[g].chunks[2]);
  size_t nev = 0;
  for (size_t i = 0; i < p->nsteps; i++) nev += p->steps[i].type == ST_RCS ? 2 : 1;
  mevent *ev = malloc((nev + 1) * sizeof *ev);
  int64_t *writer = malloc((nlocs + 1) * sizeof *writer), *content = malloc((nlocs + 1) * sizeof *content);
  size_t *node_of_pair = NULL, *indeg = NULL, *adj_first = NULL, *adj = NULL, *queue = NULL, *ev_node_first = NULL;
  uint32_t *slot = NULL;
  size_t (*edges)[2] = NULL;
  const mtb **recv_tbs = NULL;
  size_t nedges = 0, cap_edges = 0, nnodes = 0;
  int rc = -1;
  char a[120], b[120];
  if (!ev || !writer || !content) goto oom;
  for (uint64_t i = 0; i < nlocs; i++) writer[i] = -1, content[i] = -1;
  /* what each GPU holds at the start */
#define LOC(g, buf, off) ((int64_t)(p->gpus[g].loc_base + (uint64_t)((buf) > 0 ? p->gpus[g].chunks[0] : 0) + \
                                    (uint64_t)((buf) > 1 ? p->gpus[g].chunks[1] : 0) + (uint64_t)(off)))
#define HOLD(g, buf, off, origin, dest)                                                 \
  do {                                                                                  \
    if ((int64_t)(off) < p->gpus[g].chunks[buf]) {                                      \
      writer[LOC(g, buf, off)] = -2;                                                    \
      content[LOC(g, buf, off)] = (int64_t)(origin) * (n + 1) + (int64_t)(dest) + 1;   \
    }                                                                                   \
  } while (0)
  for (uint32_t g = 0; g < n; g++) {
    if (task == TASK_MNB) {
      HOLD(g, BUF_I, 0, g, -1);
      HOLD(g, BUF_O, g, g, -1);
    }
    if (task == TASK_SNB && g == p->root) {
      HOLD(g, BUF_I, 0, g, -1);
      HOLD(g, BUF_O, 0, g, -1);
    }
    if (task == TASK_TE || (task == TASK_SCATTER && g == p->root))
      for (uint32_t d = 0; d < n; d++)
        if (d != g) HOLD(g, BUF_I, d, g, d);
    if (task == TASK_GATHER && g != p->root) HOLD(g, BUF_I, 0, g, p->root);
  }
  /* events, in thread-block order; writes recorded */
  size_t e = 0;
  for (size_t ti = 0; ti < p->ntbs; ti++) {
    const mtb *tb = &p->tbs[ti];
    for (size_t si = tb->first; si < tb->first + tb->n; si++) {
      mstep *st = &p->steps[si];
      st->first_event = e;
      int kinds[2] = {st->type == ST_RCS ? ST_RECV : st->type, ST_SEND}, nk = st->type == ST_RCS ? 2 : 1;
      for (int k = 0; k < nk; k++, e++) {
        mevent *x = &ev[e];
        x->kind = kinds[k];
        x->step = si;
        x->tb = ti;
        x->rloc = x->wloc = -1;
        if (x->kind == ST_SEND) x->rloc = st->type == ST_RCS ? LOC(tb->gpu, st->dbuf, st->doff) : LOC(tb->gpu, st->sbuf, st->soff);
        if (x->kind == ST_CPY) x->rloc = LOC(tb->gpu, st->sbuf, st->soff);
        if (x->kind == ST_RECV || x->kind == ST_CPY) {
          x->wloc = LOC(tb->gpu, st->dbuf, st->doff);
          if (writer[x->wloc] != -1) {
            step_name(p, tb, st, a, sizeof a);
            snprintf(err, errlen, "%s writes %c/%lld, which %s: this reader takes each buffer chunk written once", a,
                     buf_name[st->dbuf], (long long)st->doff, writer[x->wloc] == -2 ? "holds the GPU's input at the start"
                                                                                  : "an earlier step writes");
            goto fail;
          }
          writer[x->wloc] = (int64_t)e;
        }
      }
    }
  }
  /* pairs: the k-th send of u's tb to v on channel c with the k-th receive of v's tb from u on c */
  recv_tbs = malloc((p->ntbs + 1) * sizeof *recv_tbs);
  node_of_pair = malloc((nev + 1) * sizeof *node_of_pair);
  if (!recv_tbs || !node_of_pair) goto oom;
  size_t nrt = 0;
  for (size_t ti = 0; ti < p->ntbs; ti++)
    if (p->tbs[ti].recv >= 0) recv_tbs[nrt++] = &p->tbs[ti];
  qsort(recv_tbs, nrt, sizeof *recv_tbs, by_tb_peer);
  for (size_t i = 1; i < nrt; i++)
    if (!by_tb_peer(&recv_tbs[i - 1], &recv_tbs[i])) {
      snprintf(err, errlen, "line %lu: gpu %u has two thread blocks receiving from gpu %lld on channel %lld",
               recv_tbs[i]->line, (unsigned)recv_tbs[i]->gpu, (long long)recv_tbs[i]->recv, (long long)recv_tbs[i]->chan);
      goto fail;
    }
  for (size_t i = 0; i < nev; i++) node_of_pair[i] = SIZE_MAX;
  for (size_t ti = 0; ti < p->ntbs; ti++) { /* every sender tb against its receiver */
    const mtb *tb = &p->tbs[ti];
    for (size_t tj = p->gpus[tb->gpu].first_tb; tj < ti; tj++)
      if (p->tbs[tj].gpu == tb->gpu && p->tbs[tj].send >= 0 && p->tbs[tj].send == tb->send && p->tbs[tj].chan == tb->chan) {
        snprintf(err, errlen, "line %lu: gpu %u has two thread blocks sending to gpu %lld on channel %lld", tb->line,
                 (unsigned)tb->gpu, (long long)tb->send, (long long)tb->chan);
        goto fail;
      }
  }
  size_t nsend_total = 0;
  for (size_t ti = 0; ti < p->ntbs; ti++) {
    const mtb *tb = &p->tbs[ti];
    if (tb->send < 0) continue;
    mtb key = {.gpu = (uint32_t)tb->send, .recv = tb->gpu, .chan = tb->chan};
    const mtb *kp = &key, **hit = bsearch(&kp, recv_tbs, nrt, sizeof *recv_tbs, by_tb_peer);
    size_t ns = 0, nr = 0;
    for (size_t x = tb->first; x < tb->first + tb->n; x++) ns += p->steps[x].type == ST_SEND || p->steps[x].type == ST_RCS;
    if (hit)
      for (size_t x = (*hit)->first; x < (*hit)->first + (*hit)->n; x++)
        nr += p->steps[x].type == ST_RECV || p->steps[x].type == ST_RCS;
    if (ns != nr) {
      snprintf(r->violation, sizeof r->violation,
               "gpu %u sends %zu chunk%s to gpu %lld on channel %lld, which receives %zu from it (a transfer without "
               "its partner never completes)", (unsigned)tb->gpu, ns, ns == 1 ? "" : "s", (long long)tb->send,
               (long long)tb->chan, nr);
      rc = 0;
      goto fail;
    }
    nsend_total += ns;
    /* walk both in order; a pair is one node, numbered by its send event */
    size_t xs = tb->first, xr = hit ? (*hit)->first : 0;
    for (size_t k = 0; k < ns; k++) {
      while (p->steps[xs].type != ST_SEND && p->steps[xs].type != ST_RCS) xs++;
      while (p->steps[xr].type != ST_RECV && p->steps[xr].type != ST_RCS) xr++;
      size_t es = p->steps[xs].first_event + (p->steps[xs].type == ST_RCS), er = p->steps[xr].first_event;
      node_of_pair[er] = es;
      xs++, xr++;
    }
  }
  /* receivers with no sender tb at all */
  for (size_t i = 0; i < nrt; i++) {
    const mtb *tb = recv_tbs[i];
    size_t nr = 0;
    for (size_t x = tb->first; x < tb->first + tb->n; x++) nr += p->steps[x].type == ST_RECV || p->steps[x].type == ST_RCS;
    int has_sender = 0;
    for (size_t tj = p->gpus[tb->recv].first_tb; tj < p->gpus[tb->recv].first_tb + p->gpus[tb->recv].ntb; tj++)
      has_sender |= p->tbs[tj].send == (int64_t)tb->gpu && p->tbs[tj].chan == tb->chan;
    if (nr && !has_sender) {
      snprintf(r->violation, sizeof r->violation,
               "gpu %u receives %zu chunk%s from gpu %lld on channel %lld, which sends it none (a transfer without its "
               "partner never completes)", (unsigned)tb->gpu, nr, nr == 1 ? "" : "s", (long long)tb->recv,
               (long long)tb->chan);
      rc = 0;
      goto fail;
    }
  }
  /* nodes: an event is its own node, a receive is its send's */
  for (size_t i = 0; i < nev; i++) ev[i].node = node_of_pair[i] != SIZE_MAX ? node_of_pair[i] : i;
  nnodes = nev;
  /* edges: thread-block order, the data read, explicit dependencies */
#define EDGE(from, to)                                                                      \
  do {                                                                                      \
    if (nedges == cap_edges) {                                                              \
      size_t cap = cap_edges ? 2 * cap_edges : 1024;                                        \
      size_t(*grown)[2] = realloc(edges, cap * sizeof *grown);                              \
      if (!grown) goto oom;                                                                 \
      edges = grown;                                                                        \
      cap_edges = cap;                                                                      \
    }                                                                                       \
    edges[nedges][0] = (from);                                                              \
    edges[nedges++][1] = (to);                                                              \
  } while (0)
  for (size_t i = 0; i < nev; i++) {
    const mevent *x = &ev[i];
    const mstep *st = &p->steps[x->step];
    const mtb *tb = &p->tbs[x->tb];
    if (i > 0 && ev[i - 1].tb == x->tb) EDGE(ev[i - 1].node, x->node);
    if (x->rloc >= 0) {
      int64_t w = writer[x->rloc];
      if (w == -1) {
        step_name(p, tb, st, a, sizeof a);
        int bufk = st->type == ST_RCS ? st->dbuf : st->sbuf;
        snprintf(r->violation, sizeof r->violation, "%s sends %c/%lld, which gpu %u never holds", a, buf_name[bufk],
                 (long long)(st->type == ST_RCS ? st->doff : st->soff), (unsigned)tb->gpu);
        rc = 0;
        goto fail;
      }
      if (w >= 0) EDGE(ev[w].node, x->node);
    }
    if (st->depid >= 0 && i == st->first_event) {
      const mgpu *gp = &p->gpus[tb->gpu];
      if (st->depid >= (int64_t)gp->ntb || st->deps < 0 || st->deps >= (int64_t)p->tbs[gp->first_tb + st->depid].n) {
        step_name(p, tb, st, a, sizeof a);
        snprintf(err, errlen, "%s: depid=%lld deps=%lld names no step of gpu %u", a, (long long)st->depid,
                 (long long)st->deps, (unsigned)tb->gpu);
        goto fail;
      }
      const mtb *dtb = &p->tbs[gp->first_tb + st->depid];
      const mstep *dst = &p->steps[dtb->first + st->deps];
      EDGE(ev[dst->first_event + (dst->type == ST_RCS)].node, x->node);
    }
  }
  (void)nsend_total;
  /* the earliest slots: longest paths in topological order (Kahn) */
  indeg = calloc(nnodes + 1, sizeof *indeg);
  adj_first = calloc(nnodes + 2, sizeof *adj_first);
  adj = malloc((nedges + 1) * sizeof *adj);
  queue = malloc((nnodes + 1) * sizeof *queue);
  slot = calloc(nnodes + 1, sizeof *slot);
  ev_node_first = NULL;
  if (!indeg || !adj_first || !adj || !queue || !slot) goto oom;
  for (size_t k = 0; k < nedges; k++) adj_first[edges[k][0] + 1]++, indeg[edges[k][1]]++;
  for (size_t v = 0; v < nnodes; v++) adj_first[v + 1] += adj_first[v];
  {
    size_t *fill = malloc((nnodes + 1) * sizeof *fill);
    if (!fill) goto oom;
    memcpy(fill, adj_first, nnodes * sizeof *fill);
    for (size_t k = 0; k < nedges; k++) adj[fill[edges[k][0]]++] = edges[k][1];
    free(fill);
  }
  size_t qh = 0, qt = 0;
  int *is_node = calloc(nnodes + 1, sizeof *is_node);
  if (!is_node) goto oom;
  for (size_t i = 0; i < nev; i++) is_node[ev[i].node] = 1;
  for (size_t v = 0; v < nnodes; v++)
    if (is_node[v] && indeg[v] == 0) queue[qt++] = v, slot[v] = 1;
  /* a node's receive event, for the data it carries (the send event is the node itself) */
  size_t *recv_of = malloc((nnodes + 1) * sizeof *recv_of);
  if (!recv_of) {
    free(is_node);
    goto oom;
  }
  for (size_t v = 0; v < nnodes; v++) recv_of[v] = SIZE_MAX;
  for (size_t i = 0; i < nev; i++)
    if (node_of_pair[i] != SIZE_MAX) recv_of[node_of_pair[i]] = i;
  r->rows = malloc((nsend_total + 1) * sizeof *r->rows);
  if (!r->rows) {
    free(is_node);
    free(recv_of);
    goto oom;
  }
  while (qh < qt) {
    size_t v = queue[qh++];
    const mevent *x = &ev[v];
    if (x->kind == ST_CPY) content[x->wloc] = content[x->rloc];
    if (x->kind == ST_SEND) {
      const mevent *rx = &ev[recv_of[v]];
      int64_t c = content[x->rloc];
      content[rx->wloc] = c;
      int64_t origin = c / (n + 1), dest = c % (n + 1) - 1;
      r->rows[r->nrows++] = (sched_row){slot[v], p->tbs[x->tb].gpu, p->tbs[rx->tb].gpu, (uint32_t)origin, (int32_t)dest};
    }
    for (size_t k = adj_first[v]; k < adj_first[v + 1]; k++) {
      size_t w = adj[k];
      if (slot[w] < slot[v] + 1) slot[w] = slot[v] + 1;
      if (--indeg[w] == 0) queue[qt++] = w;
    }
  }
  size_t nnode_real = 0;
  for (size_t v = 0; v < nnodes; v++) nnode_real += (size_t)is_node[v];
  if (qt < nnode_real) { /* a cycle: name a step on it, or waiting on it */
    for (size_t v = 0; v < nnodes; v++)
      if (is_node[v] && indeg[v] > 0) {
        step_name(p, &p->tbs[ev[v].tb], &p->steps[ev[v].step], a, sizeof a);
        snprintf(r->violation, sizeof r->violation, "deadlock: %s waits on steps that wait on it", a);
        break;
      }
  }
  free(is_node);
  free(recv_of);
  (void)b;
  if (!r->violation[0]) {
    qsort(r->rows, r->nrows, sizeof *r->rows, by_slot_link);
    uint32_t last = 0;
    for (size_t i = 0; i < r->nrows; i++)
      if (r->rows[i].slot > last) last = r->rows[i].slot;
    char num[24];
    snprintf(num, sizeof num, "%u", (unsigned)last);
    set_meta(r, "slots", num);
  }
  rc = 0;
  goto fail;
oom:
  snprintf(err, errlen, "out of memory importing the MSCCL schedule");
  rc = -1;
fail:
  free(ev);
  free(writer);
  free(content);
  free(node_of_pair);
  free(indeg);
  free(adj_first);
  free(adj);
  free(queue);
  free(slot);
  free(edges);
  free(recv_tbs);
  free(ev_node_first);
  return rc;
#undef LOC
#undef HOLD
#undef EDGE
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
