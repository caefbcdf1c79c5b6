/* mesh_mnb.c — multinode broadcast on meshes (arrays: no wraparound).
 *
 * The lower bound is ceil((N-1)/d) for a d-dimensional mesh: a corner has d links and must
 * receive N-1 packets (004 (4b); 004 Thm 1: floor(N/2) on a p x p array).
 *
 * cycle: the ring algorithm on a Hamiltonian cycle: every packet travels both ways round the
 *   cycle, one hop per slot, ceil((N-1)/2) slots, which is the bound in two dimensions; on a
 *   line (a 1-D mesh) every packet travels to both ends, N-1 slots, the bound in one.
 * fold: 004 §2: the array simulates the torus of the same sizes at half speed. Along each
 *   dimension, ring position j sits at array position 2j (j < K/2) or 2(K-1-j)+1, so torus
 *   neighbours are one or two array hops apart and every array link carries at most one torus
 *   hop in each half of a torus slot. The torus schedule's slot t becomes array slots 2t-1 and
 *   2t; copies that reach a node already holding the packet are dropped afterwards, so every
 *   node receives every packet once, and slots left empty are dropped. 2 * ceil((N-1)/2d)
 *   slots with every size > 2: the bound for odd p x p.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "construct/build.h"
#include "construct/construct.h"
#include "construct/hamilton.h"
#include "util/grow.h"

int mesh_mnb_cycle_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  model_kind model = s->model;
  (void)model;
  (void)t;
  (void)model;
  if (t->ndims == 1) return 0; /* a line: the packets travel to both ends */
  char reason[128];
  int rc = hamilton_exists(t, reason, sizeof reason);
  if (rc) snprintf(why, len, "construction 'cycle' needs a Hamiltonian cycle or a line: %s", reason);
  return rc;
}

int mesh_mnb_cycle(sched *s) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes, *order = malloc(n * sizeof *order);
  char why[128];
  int closed = t->ndims > 1, rc = -1;
  if (!order) return -1;
  if (closed && hamilton_cycle(t, order, why, sizeof why)) goto out;
  if (!closed)
    for (uint32_t i = 0; i < n; i++) order[i] = i;
  rc = 0;
  /* position j's packet goes `up` hops forward and `down` hops back (cycle: positions mod n) */
  for (uint32_t j = 0; j < n && !rc; j++) {
    uint32_t up = closed ? n / 2 : n - 1 - j, down = closed ? (n - 1) / 2 : j;
    for (uint32_t h = 1; h <= up && !rc; h++)
      rc = sched_add(s, h, order[(j + h - 1) % n], order[(j + h) % n], order[j], -1);
    for (uint32_t h = 1; h <= down && !rc; h++)
      rc = sched_add(s, h, order[(j + n - h + 1) % n], order[(j + n - h) % n], order[j], -1);
  }
out:
  free(order);
  return rc;
}

/* Array position of ring position j in a dimension of size k (the folding of 004 §2). */
static uint32_t fold(uint32_t j, uint32_t k) { return 2 * j < k ? 2 * j : 2 * (k - 1 - j) + 1; }

typedef struct {
  sched *s;          /* the mesh schedule being filled */
  const topo *torus;
  uint32_t *pos;     /* mesh node of every torus node */
  uint8_t *busy;     /* per directed mesh link (node * ports + port): bit 0 first half, bit 1 second */
  uint32_t slot;     /* the torus slot in progress */
  sched_row *one_hop; /* the torus slot's rows that stay one array hop long */
  size_t n_one, cap_one;
  int failed;
} fold_ctx;

static int use_link(fold_ctx *f, uint32_t a, uint32_t b, int half) {
  int port = topo_port_to(&f->s->topo, a, b);
  uint8_t *busy = &f->busy[(size_t)a * (uint32_t)f->s->topo.ports + (uint32_t)port];
  if (*busy >> half & 1) return -1;
  *busy |= (uint8_t)(1 << half);
  return 0;
}

/* Places the one-hop rows of the finished torus slot in a free half, then starts the next. */
static int end_torus_slot(fold_ctx *f) {
  for (size_t i = 0; i < f->n_one && !f->failed; i++) {
    const sched_row *r = &f->one_hop[i];
    int half = use_link(f, r->src, r->dst, 0) ? 1 : 0;
    if (half && use_link(f, r->src, r->dst, 1)) f->failed = 1; /* cannot happen: at most two per link */
    else if (sched_add(f->s, 2 * f->slot - 1 + (uint32_t)half, r->src, r->dst, r->origin, -1)) f->failed = 1;
  }
  f->n_one = 0;
  memset(f->busy, 0, (size_t)f->s->topo.nodes * (uint32_t)f->s->topo.ports);
  return f->failed;
}

static int fold_row(void *ctx, const sched_row *r) {
  fold_ctx *f = ctx;
  if (r->slot != f->slot && (f->slot && end_torus_slot(f))) return 1;
  f->slot = r->slot;
  const topo *m = &f->s->topo;
  uint32_t a = f->pos[r->src], b = f->pos[r->dst], o = f->pos[r->origin];
  if (topo_port_to(m, a, b) >= 0) { /* one array hop: placed when the slot is complete */
    sched_row *rows = grow_array(f->one_hop, &f->cap_one, f->n_one, sizeof *rows, 64);
    if (!rows) return 1;
    f->one_hop = rows;
    f->one_hop[f->n_one++] = (sched_row){r->slot, a, b, o, -1};
    return 0;
  }
  /* two array hops through the node between them: first half, then second half */
  uint32_t mid = (uint32_t)((a + b) / 2);
  if (use_link(f, a, mid, 0) || use_link(f, mid, b, 1)) return 1;
  return sched_add(f->s, 2 * r->slot - 1, a, mid, o, -1) || sched_add(f->s, 2 * r->slot, mid, b, o, -1);
}

/* Drops every row whose receiver holds the packet already (or gets it from another row in the
 * same slot): nothing that is sent later depends on it. */
static int prune_copies(sched *s) {
  uint64_t n = s->topo.nodes;
  uint64_t *held = calloc((n * n + 63) / 64, sizeof *held);
  if (!held) return -1;
  for (uint64_t u = 0; u < n; u++) held[(u * n + u) / 64] |= 1ull << ((u * n + u) % 64);
  size_t kept = 0;
  for (size_t i = 0; i < s->nrows; i++) {
    const sched_row r = s->rows[i];
    uint64_t bit = (uint64_t)r.dst * n + r.origin;
    if (held[bit / 64] >> (bit % 64) & 1) continue; /* rows are in slot order: an earlier slot or this one */
    held[bit / 64] |= 1ull << (bit % 64);
    s->rows[kept++] = r;
  }
  s->nrows = kept;
  free(held);
  return 0;
}

/* Renumbers the slots 1, 2, ... skipping the empty ones (a torus slot whose hops are all one
 * array hop long leaves its second half empty); the order of the slots stays, so every
 * packet is still sent after it arrives. */
static void drop_empty_slots(sched *s) {
  uint32_t next = 0, last = 0;
  for (size_t i = 0; i < s->nrows; i++) {
    if (s->rows[i].slot != last) {
      last = s->rows[i].slot;
      next++;
    }
    s->rows[i].slot = next;
  }
}

int mesh_mnb_fold(sched *s) {
  const topo *m = &s->topo;
  char spec[sizeof m->name], err[256];
  snprintf(spec, sizeof spec, "torus:%s", strchr(m->name, ':') + 1);
  topo torus;
  if (topo_parse(spec, &torus, err, sizeof err)) return -1;
  sched ts;
  if (schedule_build(&ts, &torus, TASK_MNB, s->model, -1, NULL, err, sizeof err)) return -1;
  fold_ctx f = {s, &torus, malloc(m->nodes * sizeof(uint32_t)), calloc((size_t)m->nodes * (uint32_t)m->ports, 1), 0,
                NULL, 0, 0, 0};
  int rc = -1;
  if (f.pos && f.busy) {
    for (uint32_t x = 0; x < m->nodes; x++) {
      f.pos[x] = 0;
      for (int i = 0; i < m->ndims; i++) f.pos[x] += fold(topo_coord(m, x, i), m->radix[i]) * m->stride[i];
    }
    rc = sched_foreach(&ts, fold_row, &f) || end_torus_slot(&f) ? -1 : 0;
  }
  if (!rc) {
    sched_finish(s);
    rc = prune_copies(s);
    drop_empty_slots(s);
  }
  sched_free(&ts);
  free(f.pos);
  free(f.busy);
  free(f.one_hop);
  return rc;
}
