/* msccl_rows.c — the transfers of an executed MSCCL program (msccl_run.c) as romnoc rows
 * (docs/EXPORT.md "Reading", docs/REDUCTIONS.md for the combining rows).
 *
 * A packet task's transfer is one GPU's chunk: origin that GPU, dest from the chunk index
 * (alltoall, scatter: the input index is the destination). A combining task's transfer is a sum,
 * and romnoc's rows say which word a node sends (REDUCTIONS.md): its whole partial, forwarded
 * (-1) or copied (-2), or the word it received from w in the previous slot (w). The node's
 * partial is followed as the verifier follows it (its own contribution, plus every word it
 * receives, emptied by a forward); a sum equal to it is forwarded when the node keeps no sum of
 * that chunk at the end, or when it later receives a word sharing a contribution with it (MSCCL
 * overwrote the old sum; romnoc adds, so the old one must have left), else copied.
 */
#include <stdlib.h>
#include <string.h>

#include "format/msccl_internal.h"
#include "util/memlimit.h"

typedef struct {
  uint32_t dst, slot; /* dst: the receiver (arrivals) or the sender (sends) */
  int64_t x;
  size_t i;
} arrival_ix;

static int by_arrival(const void *a, const void *b) { /* (dst, x, slot) */
  const arrival_ix *p = a, *q = b;
  if (p->dst != q->dst) return p->dst < q->dst ? -1 : 1;
  if (p->x != q->x) return p->x < q->x ? -1 : 1;
  return p->slot < q->slot ? -1 : p->slot > q->slot;
}

typedef struct {
  const xfer *xf;
  const uint64_t *xset;
  size_t nxf, w;
  uint32_t nchunks;
  arrival_ix *arr;   /* the transfers by (dst, x, slot) */
  arrival_ix *sends; /* the transfers by (src, x, slot) */
  uint64_t *part;  /* per (gpu, chunk): the partial, w words */
} mapper;

static const uint64_t *xset_of(const mapper *m, size_t i) { return m->xset + i * m->w; }
static uint64_t *part_of(const mapper *m, uint32_t g, int64_t x) { return m->part + ((size_t)g * m->nchunks + (size_t)x) * m->w; }
static bool sets_equal(const uint64_t *a, const uint64_t *b, size_t w) { return !memcmp(a, b, w * sizeof *a); }
static bool sets_meet(const uint64_t *a, const uint64_t *b, size_t w) {
  for (size_t k = 0; k < w; k++)
    if (a[k] & b[k]) return true;
  return false;
}

/* The run of node g's transfers of chunk x in ix (by (node, x, slot)): ix[*lo .. *hi). */
static void runs(const mapper *m, const arrival_ix *ix, uint32_t g, int64_t x, size_t *lo, size_t *hi) {
  size_t a = 0, b = m->nxf;
  while (a < b) {
    size_t mid = a + (b - a) / 2;
    if (ix[mid].dst < g || (ix[mid].dst == g && ix[mid].x < x)) a = mid + 1;
    else b = mid;
  }
  *lo = a;
  while (a < m->nxf && ix[a].dst == g && ix[a].x == x) a++;
  *hi = a;
}

static bool set_covers(const uint64_t *a, const uint64_t *b, size_t w) { /* a ⊇ b */
  for (size_t k = 0; k < w; k++)
    if (b[k] & ~a[k]) return false;
  return true;
}

/* Whether u sends a sum of chunk x holding all of s (its partial, kept and grown) in a slot
 * after t and not after slot `until`. */
static bool sends_again(const mapper *m, uint32_t u, int64_t x, const uint64_t *s, uint32_t t, uint32_t until) {
  size_t lo, hi;
  runs(m, m->sends, u, x, &lo, &hi);
  for (size_t k = lo; k < hi; k++)
    if (m->sends[k].slot > t && m->sends[k].slot <= until && set_covers(xset_of(m, m->sends[k].i), s, m->w)) return true;
  return false;
}

/* Which word transfer i is (its row's origin): 0, or -1 with err if it is none of them. Its
 * whole partial leaves (a forward) at its last sending before the node receives a word sharing a
 * contribution with it, or before the end when the node keeps no sum of that chunk. */
static int word_of(const mapper *m, const msccl_program *pg, size_t i, uint32_t *origin, char *err, size_t errlen) {
  const xfer *t = &m->xf[i];
  const uint64_t *s = xset_of(m, i);
  size_t lo, hi;
  runs(m, m->arr, t->src, t->x, &lo, &hi);
  if (sets_equal(s, part_of(m, t->src, t->x), m->w)) {
    uint32_t until = UINT32_MAX;
    for (size_t k = lo; k < hi && until == UINT32_MAX; k++)
      if (m->arr[k].slot >= t->slot && sets_meet(xset_of(m, m->arr[k].i), s, m->w)) until = m->arr[k].slot;
    bool leaves = until != UINT32_MAX || !task_result_at(pg->task, pg->root, t->src, (uint32_t)t->x);
    *origin = leaves && !sends_again(m, t->src, t->x, s, t->slot, until) ? ORIGIN_MOVE : ORIGIN_COPY;
    return 0;
  }
  for (size_t k = lo; k < hi; k++)
    if (m->arr[k].slot + 1 == t->slot && sets_equal(xset_of(m, m->arr[k].i), s, m->w)) {
      *origin = m->xf[m->arr[k].i].src;
      return 0;
    }
  snprintf(err, errlen,
           "msccl-xml: in slot %u gpu %u sends gpu %u a sum of chunk %lld that is neither its whole partial nor a word "
           "it received in the slot before: romnoc's rows cannot carry it (docs/REDUCTIONS.md)",
           (unsigned)t->slot, (unsigned)t->src, (unsigned)t->dst, (long long)t->x);
  return -1;
}

/* The combining rows, slot by slot: the words sent, then the partials updated. */
static int combining_rows(mapper *m, const msccl_program *pg, sched_row *rows, char *err, size_t errlen) {
  for (uint32_t g = 0; g < pg->n; g++)
    for (uint32_t x = 0; x < m->nchunks; x++) part_of(m, g, x)[g / 64] |= 1ull << (g % 64);
  for (size_t a = 0; a < m->nxf;) {
    size_t b = a;
    while (b < m->nxf && m->xf[b].slot == m->xf[a].slot) b++;
    for (size_t i = a; i < b; i++) {
      const xfer *t = &m->xf[i];
      if (t->x < 0 || t->x >= m->nchunks) {
        snprintf(err, errlen, "msccl-xml: in slot %u gpu %u sends a sum of chunk %lld; %s has chunks 0..%u",
                 (unsigned)t->slot, (unsigned)t->src, (long long)t->x, task_name(pg->task), (unsigned)m->nchunks - 1);
        return -1;
      }
      rows[i] = (sched_row){t->slot, t->src, t->dst, 0, (int32_t)t->x};
      if (word_of(m, pg, i, &rows[i].origin, err, errlen)) return -1;
    }
    for (size_t i = a; i < b; i++)
      if (rows[i].origin == ORIGIN_MOVE) memset(part_of(m, m->xf[i].src, m->xf[i].x), 0, m->w * sizeof *m->part);
    for (size_t i = a; i < b; i++) {
      uint64_t *p = part_of(m, m->xf[i].dst, m->xf[i].x);
      for (size_t k = 0; k < m->w; k++) p[k] |= xset_of(m, i)[k];
    }
    a = b;
  }
  return 0;
}

/* A packet task's rows: the one GPU in each transfer's set is the origin. */
static void packet_rows(const mapper *m, const msccl_program *pg, sched_row *rows) {
  for (size_t i = 0; i < m->nxf; i++) {
    const xfer *t = &m->xf[i];
    uint32_t origin = 0;
    for (size_t k = 0; k < m->w; k++)
      if (xset_of(m, i)[k]) origin = (uint32_t)(k * 64 + (size_t)__builtin_ctzll(xset_of(m, i)[k]));
    int32_t dest = pg->task == TASK_TE || pg->task == TASK_SCATTER ? (int32_t)t->x
                   : pg->task == TASK_GATHER                       ? (int32_t)pg->root
                                                                   : -1;
    rows[i] = (sched_row){t->slot, t->src, t->dst, origin, dest};
  }
}

int msccl_rows_of(const msccl_program *pg, const xfer *xf, const uint64_t *xset, size_t nxf, sched_row **rows, char *err,
                  size_t errlen) {
  bool combines = task_combines(pg->task);
  mapper m = {.xf = xf, .xset = xset, .nxf = nxf, .w = (pg->n + 63) / 64,
              .nchunks = combines ? task_chunks(pg->task, pg->n) : 0};
  uint64_t bytes;
  if (mem_check((uint64_t)pg->n * m.nchunks, m.w * sizeof(uint64_t), "msccl-xml: the partials", &bytes, err, errlen))
    return -1;
  *rows = malloc((nxf + 1) * sizeof **rows);
  m.arr = malloc((nxf + 1) * sizeof *m.arr);
  m.sends = malloc((nxf + 1) * sizeof *m.sends);
  m.part = calloc((size_t)pg->n * m.nchunks * m.w + 1, sizeof *m.part);
  int rc = -1;
  if (*rows && m.arr && m.sends && m.part) {
    for (size_t i = 0; i < nxf; i++) {
      m.arr[i] = (arrival_ix){xf[i].dst, xf[i].slot, xf[i].x, i};
      m.sends[i] = (arrival_ix){xf[i].src, xf[i].slot, xf[i].x, i};
    }
    qsort(m.arr, nxf, sizeof *m.arr, by_arrival);
    qsort(m.sends, nxf, sizeof *m.sends, by_arrival);
    rc = 0;
    if (combines) rc = combining_rows(&m, pg, *rows, err, errlen);
    else packet_rows(&m, pg, *rows);
    if (!rc) qsort(*rows, nxf, sizeof **rows, sched_row_by_slot_link);
  } else snprintf(err, errlen, "out of memory importing the MSCCL schedule");
  free(m.arr);
  free(m.sends);
  free(m.part);
  if (rc) {
    free(*rows);
    *rows = NULL;
  }
  return rc;
}
