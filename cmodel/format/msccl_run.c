/* msccl_run.c — an MSCCL program executed on sets of contributions, slot by slot, checked
 * against its collective's MPI layout, and mapped onto romnoc rows (msccl_internal.h,
 * docs/EXPORT.md "Reading").
 *
 * A value is a sum: an input chunk index x and the set S of GPUs whose input chunk x it adds
 * (a plain chunk has one GPU in S). In a slot every event reads first (a send its source, a
 * reduction its local operand), then the writes land: at most one step replaces a chunk, and
 * any number add to it (a receive-reduce whose local operand is the chunk it writes, or re);
 * adding two sums that share a contribution, or sums of different chunks, is a violation.
 */
#include <stdlib.h>
#include <string.h>

#include "format/msccl_internal.h"
#include "util/memlimit.h"

typedef struct {
  int64_t wloc, x;
  bool replace;
  size_t set, ev; /* set: its words in the slot's arena */
} write_op;

typedef struct {
  const msccl_program *pg;
  size_t w;          /* words per set */
  int64_t *x;        /* per location: its chunk index, -1 empty */
  uint64_t *set;     /* per location: w words */
  xfer *xf;          /* the transfers, in slot order */
  uint64_t *xset;    /* per transfer: w words */
  size_t nxf;
  size_t *recv_xf;   /* per receive event: its transfer */
  write_op *wr;      /* the slot's writes */
  uint64_t *arena;   /* the slot's sets */
  char *violation;
  size_t vlen;
} runner;

static uint64_t *loc_set(const runner *r, int64_t loc) { return r->set + (size_t)loc * r->w; }

/* "o/3 of gpu 2" for a location (or "the sum an rrs sends on"). */
static void loc_name(const msccl_program *pg, int64_t loc, char *buf, size_t len) {
  for (uint32_t g = 0; g < pg->n; g++) {
    int64_t off = loc - (int64_t)pg->loc_base[g];
    for (int b = 0; b < 3 && off >= 0; b++) {
      if (off < pg->chunks[g][b]) {
        snprintf(buf, len, "%c/%lld of gpu %u", msccl_buf_name[b], (long long)off, (unsigned)g);
        return;
      }
      off -= pg->chunks[g][b];
    }
  }
  snprintf(buf, len, "the sum an rrs step sends on");
}

static int violate(runner *r, uint32_t slot, size_t e, const char *what) {
  char a[160];
  r->pg->name(r->pg->name_ctx, e, a, sizeof a);
  snprintf(r->violation, r->vlen, "slot %u: %s %s", (unsigned)slot, a, what);
  return 1;
}

/* dst += src (x and the set): 0, or 1 with the violation (different chunks, a contribution twice). */
static int add_sum(runner *r, uint32_t slot, size_t e, int64_t *dx, uint64_t *dset, int64_t sx, const uint64_t *sset) {
  char what[200];
  if (*dx != sx) {
    snprintf(what, sizeof what, "adds a sum of chunk %lld to one of chunk %lld", (long long)sx, (long long)*dx);
    return violate(r, slot, e, what);
  }
  for (size_t k = 0; k < r->w; k++)
    if (dset[k] & sset[k]) {
      unsigned g = (unsigned)(k * 64 + (size_t)__builtin_ctzll(dset[k] & sset[k]));
      snprintf(what, sizeof what, "counts the contribution of gpu %u to chunk %lld twice", g, (long long)sx);
      return violate(r, slot, e, what);
    }
  for (size_t k = 0; k < r->w; k++) dset[k] |= sset[k];
  return 0;
}

/* The value at loc read by event e in slot: 0, or 1 with the violation if loc holds nothing. */
static int read_loc(runner *r, uint32_t slot, size_t e, int64_t loc) {
  if (r->x[loc] >= 0) return 0;
  char l[80], what[160];
  loc_name(r->pg, loc, l, sizeof l);
  snprintf(what, sizeof what, "reads %s, which holds nothing then", l);
  return violate(r, slot, e, what);
}

/* Queues a write of (x, set) to loc by event e. */
static void queue_write(runner *r, size_t *nw, size_t e, int64_t loc, bool replace, int64_t x, const uint64_t *set) {
  write_op *o = &r->wr[*nw];
  *o = (write_op){.wloc = loc, .x = x, .replace = replace, .set = *nw * r->w, .ev = e};
  memcpy(r->arena + o->set, set, r->w * sizeof *set);
  ++*nw;
}

/* The reads of the slot's events order[a..b): sends become transfers, the rest queue writes. */
static int slot_reads(runner *r, const size_t *order, size_t a, size_t b, size_t *nw) {
  const msccl_event *ev = r->pg->ev;
  for (size_t i = a; i < b; i++) { /* sends first: their receives are in the same slot */
    const msccl_event *x = &ev[order[i]];
    if (x->kind != EV_SEND) continue;
    if (read_loc(r, x->slot, order[i], x->rloc)) return 1;
    r->xf[r->nxf] = (xfer){x->slot, x->gpu, ev[x->peer].gpu, r->x[x->rloc]};
    memcpy(r->xset + r->nxf * r->w, loc_set(r, x->rloc), r->w * sizeof *r->xset);
    r->recv_xf[x->peer] = r->nxf++;
  }
  for (size_t i = a; i < b; i++) {
    size_t e = order[i];
    const msccl_event *x = &ev[e];
    bool recv = x->kind == EV_RECV || x->kind == EV_RECV_REDUCE;
    int64_t vx = recv ? r->xf[r->recv_xf[e]].x : -1;
    const uint64_t *vset = recv ? r->xset + r->recv_xf[e] * r->w : NULL;
    if (x->kind == EV_SEND || x->kind == EV_NOP) continue;
    bool adds_in_place = x->kind == EV_RECV_REDUCE && x->rloc == x->wloc; /* the add happens as it lands */
    if (x->kind != EV_RECV && !adds_in_place && read_loc(r, x->slot, e, x->rloc)) return 1;
    if (x->kind == EV_RECV) queue_write(r, nw, e, x->wloc, true, vx, vset);
    else if (x->kind == EV_COPY) queue_write(r, nw, e, x->wloc, true, r->x[x->rloc], loc_set(r, x->rloc));
    else if (x->kind == EV_REDUCE) queue_write(r, nw, e, x->wloc, false, r->x[x->rloc], loc_set(r, x->rloc));
    else if (adds_in_place) queue_write(r, nw, e, x->wloc, false, vx, vset);
    else { /* the received sum plus the local operand, replacing the destination */
      queue_write(r, nw, e, x->wloc, true, vx, vset);
      write_op *o = &r->wr[*nw - 1];
      if (add_sum(r, x->slot, e, &o->x, r->arena + o->set, r->x[x->rloc], loc_set(r, x->rloc))) return 1;
    }
  }
  return 0;
}

static int by_wloc(const void *a, const void *b) { /* replacements first */
  const write_op *x = a, *y = b;
  if (x->wloc != y->wloc) return x->wloc < y->wloc ? -1 : 1;
  if (x->replace != y->replace) return x->replace ? -1 : 1;
  return x->ev < y->ev ? -1 : x->ev > y->ev;
}

/* The slot's writes land: per location at most one replacement, then the additions. */
static int slot_writes(runner *r, uint32_t slot, size_t nw) {
  qsort(r->wr, nw, sizeof *r->wr, by_wloc);
  char l[80], what[400];
  for (size_t i = 0; i < nw; i++) {
    const write_op *o = &r->wr[i];
    bool first = i == 0 || r->wr[i - 1].wloc != o->wloc;
    if (o->replace && !first) {
      char other[160];
      loc_name(r->pg, o->wloc, l, sizeof l);
      r->pg->name(r->pg->name_ctx, r->wr[i - 1].ev, other, sizeof other);
      snprintf(what, sizeof what, "and %s both write %s", other, l);
      return violate(r, slot, o->ev, what);
    }
    if (o->replace) {
      r->x[o->wloc] = o->x;
      memcpy(loc_set(r, o->wloc), r->arena + o->set, r->w * sizeof *r->set);
    } else if (r->x[o->wloc] < 0) {
      loc_name(r->pg, o->wloc, l, sizeof l);
      snprintf(what, sizeof what, "adds to %s, which holds nothing then", l);
      return violate(r, slot, o->ev, what);
    } else if (add_sum(r, slot, o->ev, &r->x[o->wloc], loc_set(r, o->wloc), o->x, r->arena + o->set))
      return 1;
  }
  return 0;
}

/* Every GPU's input chunk x holds (x, {g}) at the start. */
static void load_inputs(runner *r) {
  const msccl_program *pg = r->pg;
  for (uint64_t l = 0; l < pg->nlocs; l++) r->x[l] = -1;
  memset(r->set, 0, pg->nlocs * r->w * sizeof *r->set);
  for (uint32_t g = 0; g < pg->n; g++)
    for (int64_t c = 0; c < pg->chunks[g][BUF_I]; c++) {
      int64_t l = msccl_loc(pg, g, BUF_I, c);
      r->x[l] = c;
      loc_set(r, l)[g / 64] |= 1ull << (g % 64);
    }
}

/* The events sorted by slot (a counting sort, stable), then run slot by slot. */
static int execute(runner *r) {
  const msccl_program *pg = r->pg;
  uint32_t maxslot = 0;
  for (size_t i = 0; i < pg->nev; i++)
    if (pg->ev[i].slot > maxslot) maxslot = pg->ev[i].slot;
  size_t *count = calloc((size_t)maxslot + 2, sizeof *count);
  size_t *sorted = malloc((pg->nev + 1) * sizeof *sorted);
  int rc = -1;
  if (count && sorted) {
    for (size_t i = 0; i < pg->nev; i++) count[pg->ev[i].slot + 1]++;
    for (uint32_t s = 0; s <= maxslot; s++) count[s + 1] += count[s];
    for (size_t i = 0; i < pg->nev; i++) sorted[count[pg->ev[i].slot]++] = i;
    load_inputs(r);
    rc = 0;
    for (size_t a = 0; a < pg->nev && !rc;) {
      size_t b = a, nw = 0;
      while (b < pg->nev && pg->ev[sorted[b]].slot == pg->ev[sorted[a]].slot) b++;
      rc = slot_reads(r, sorted, a, b, &nw);
      if (!rc) rc = slot_writes(r, pg->ev[sorted[a]].slot, nw);
      a = b;
    }
  }
  free(count);
  free(sorted);
  return rc;
}

/* What output chunk j of GPU g must hold (MPI's layout): the sum of chunk *x over *who (-1: all
 * GPUs). Returns how many output chunks g needs. */
static int64_t expected(const msccl_program *pg, uint32_t g, int64_t j, int64_t *x, int64_t *who) {
  uint32_t n = pg->n, root = pg->root;
  switch (pg->task) {
  case TASK_SNB: *x = 0, *who = root; return 1;
  case TASK_MNB: *x = pg->inplace ? j : 0, *who = j; return n; /* in place: GPU j's chunk is its i/j */
  case TASK_SCATTER: *x = g, *who = root; return 1;
  case TASK_GATHER: *x = 0, *who = j; return g == root ? n : 0;
  case TASK_TE: *x = g, *who = j; return n;
  case TASK_REDUCE: *x = 0, *who = -1; return g == root ? 1 : 0;
  case TASK_REDUCE_SCATTER: *x = g, *who = -1; return 1;
  case TASK_ALLREDUCE: *x = j, *who = -1; return n;
  default: *x = 0, *who = -1; return 1; /* global_sum */
  }
}

/* Output chunk j of GPU g against the layout: 0, or 1 with the violation. */
static int check_chunk(runner *r, uint32_t g, int64_t j) {
  const msccl_program *pg = r->pg;
  int64_t x, who;
  expected(pg, g, j, &x, &who);
  const char *coll = msccl_colls[pg->coll].coll, *ob = pg->inplace ? "i" : "o";
  int64_t have = pg->chunks[g][pg->inplace ? BUF_I : BUF_O];
  if (j >= have)
    return snprintf(r->violation, r->vlen, "gpu %u has %lld %s chunks; %s needs %lld (MPI's layout)", (unsigned)g,
                    (long long)have, ob, coll, (long long)expected(pg, g, j, &x, &who)),
           1;
  int64_t l = msccl_loc(pg, g, BUF_O, j);
  const uint64_t *s = loc_set(r, l);
  char want[64];
  if (who < 0) snprintf(want, sizeof want, "the sum of chunk %lld over all GPUs", (long long)x);
  else snprintf(want, sizeof want, "chunk %lld of gpu %lld's input", (long long)x, (long long)who);
  if (r->x[l] < 0)
    return snprintf(r->violation, r->vlen, "incomplete: gpu %u's %s/%lld holds nothing at the end; %s puts %s there",
                    (unsigned)g, ob, (long long)j, coll, want), 1;
  for (uint32_t h = 0; h < pg->n; h++) {
    bool in = s[h / 64] >> (h % 64) & 1, must = who < 0 || (int64_t)h == who;
    if (r->x[l] != x || in != must)
      return snprintf(r->violation, r->vlen, "gpu %u's %s/%lld ends with chunk %lld %s gpu %u's input; %s puts %s there",
                      (unsigned)g, ob, (long long)j, (long long)r->x[l], in ? "with" : "without", (unsigned)h, coll,
                      want), 1;
  }
  return 0;
}

static int check_outputs(runner *r) {
  for (uint32_t g = 0; g < r->pg->n; g++) {
    int64_t x, who, need = expected(r->pg, g, 0, &x, &who);
    for (int64_t j = 0; j < need; j++)
      if (check_chunk(r, g, j)) return 1;
  }
  return 0;
}

static void runner_free(runner *r) {
  free(r->x);
  free(r->set);
  free(r->xf);
  free(r->xset);
  free(r->recv_xf);
  free(r->wr);
  free(r->arena);
}

int msccl_run(const msccl_program *pg, sched_row **rows, size_t *nrows, char *violation, size_t vlen, char *err,
              size_t errlen) {
  runner r = {.pg = pg, .w = (pg->n + 63) / 64, .violation = violation, .vlen = vlen};
  err[0] = '\0';
  uint64_t bytes;
  if (mem_check(pg->nlocs + 3 * pg->nev, (r.w + 2) * sizeof(uint64_t), "msccl-xml: the import", &bytes, err, errlen))
    return -1;
  r.x = malloc((pg->nlocs + 1) * sizeof *r.x);
  r.set = malloc((pg->nlocs * r.w + 1) * sizeof *r.set);
  r.xf = malloc((pg->nev + 1) * sizeof *r.xf);
  r.xset = malloc((pg->nev * r.w + 1) * sizeof *r.xset);
  r.recv_xf = malloc((pg->nev + 1) * sizeof *r.recv_xf);
  r.wr = malloc((pg->nev + 1) * sizeof *r.wr);
  r.arena = malloc((pg->nev * r.w + 1) * sizeof *r.arena);
  int rc = -1;
  if (r.x && r.set && r.xf && r.xset && r.recv_xf && r.wr && r.arena) {
    rc = execute(&r);
    if (!rc) rc = check_outputs(&r);
    if (!rc) {
      rc = msccl_rows_of(pg, r.xf, r.xset, r.nxf, rows, err, errlen);
      if (!rc) *nrows = r.nxf;
    }
  }
  if (rc < 0 && !err[0]) snprintf(err, errlen, "out of memory importing the MSCCL schedule");
  runner_free(&r);
  return rc;
}
