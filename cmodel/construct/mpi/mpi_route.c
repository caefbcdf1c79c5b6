/* mpi_route.c — the engine that runs an MPI algorithm's messages on the fabric (mpi_route.h). */
#include "construct/mpi/mpi_route.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

#define NONE UINT32_MAX

void mpi_plan_init(mpi_plan *p) { memset(p, 0, sizeof *p); }

void mpi_plan_free(mpi_plan *p) {
  free(p->msgs);
  free(p->items);
  mpi_plan_init(p);
}

int mpi_plan_msg(mpi_plan *p, uint32_t step, uint32_t src, uint32_t dst) {
  mpi_msg *m = grow_array(p->msgs, &p->capm, p->nmsgs, sizeof *m, 64);
  if (!m) return -1;
  p->msgs = m;
  p->msgs[p->nmsgs++] = (mpi_msg){step, src, dst, p->nitems, 0};
  return 0;
}

int mpi_plan_item(mpi_plan *p, uint32_t origin, int32_t dest) {
  if (!p->nmsgs) return -1;
  mpi_item *it = grow_array(p->items, &p->capi, p->nitems, sizeof *it, 256);
  if (!it) return -1;
  p->items = it;
  p->items[p->nitems++] = (mpi_item){origin, dest};
  p->msgs[p->nmsgs - 1].count++;
  return 0;
}

uint32_t mpi_log2_ceil(uint32_t n) {
  uint32_t l = 0;
  while (l < 32 && (1ull << l) < n) l++;
  return l;
}

int mpi_pow2_applies(const sched *s, char *why, size_t len) {
  uint32_t n = s->topo.nodes;
  if (n && !(n & (n - 1))) return 0;
  snprintf(why, len, "construction '%s' needs a power-of-two number of nodes (recursive doubling); %s has %u", s->alg,
           s->topo.name, (unsigned)n);
  return -1;
}

/* The port of u on the fixed shortest path to v (u != v): dimension order, a ring dimension
 * the shorter way round, ties the +1 way. */
static int route_port(const topo *t, uint32_t u, uint32_t v) {
  for (int i = 0; i < t->ndims; i++) {
    uint32_t k = t->radix[i], a = topo_coord(t, u, i), b = topo_coord(t, v, i);
    if (a == b) continue;
    if (t->kind == TOPO_HYPERCUBE) return i;
    if (t->kind == TOPO_MESH) return 2 * i + (b < a);
    uint32_t fwd = (b + k - a) % k;
    return 2 * i + (2 * fwd > k);
  }
  return -1;
}

/* a message's place in a rank's run: sorted by (rank, step, index), the rank being the sender
 * or the receiver */
typedef struct {
  uint32_t rank, step, msg;
} msg_key;
static int cmp_key(const void *x, const void *y) {
  const msg_key *a = x, *b = y;
  if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
  if (a->step != b->step) return a->step < b->step ? -1 : 1;
  return a->msg < b->msg ? -1 : a->msg > b->msg;
}
/* order[i] = the message of the i-th key, keys sorted (keys: nm entries, scratch) */
static void sort_msgs(const mpi_plan *p, int by_dst, msg_key *keys, uint32_t *order) {
  for (size_t m = 0; m < p->nmsgs; m++)
    keys[m] = (msg_key){by_dst ? p->msgs[m].dst : p->msgs[m].src, p->msgs[m].step, (uint32_t)m};
  qsort(keys, p->nmsgs, sizeof *keys, cmp_key);
  for (size_t m = 0; m < p->nmsgs; m++) order[m] = keys[m].msg;
}
static int cmp_u32(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return a < b ? -1 : a > b;
}

typedef struct {
  uint32_t *v;
  size_t n, cap;
} vec;
static int vec_push(vec *q, uint32_t x) {
  uint32_t *nv = grow_array(q->v, &q->cap, q->n, sizeof *nv, 256);
  if (!nv) return -1;
  q->v = nv;
  q->v[q->n++] = x;
  return 0;
}

typedef struct {
  const mpi_plan *p;
  uint32_t *in_order, *out_order; /* messages by (dst, step), by (src, step) */
  size_t *in_at, *out_at;         /* per rank: next position in in_order / out_order */
  size_t *in_end, *out_end;       /* per rank: end of its run */
  size_t *remaining;              /* per message: packets not yet at its dst */
  uint32_t *at, *msg_of;          /* per packet copy */
  vec *ready;                     /* copies ready in the next slot */
  uint8_t *delivered;             /* per personalized packet (origin*N + dest): it reached dest */
  uint32_t n;
  vec done;                       /* ranks a message to which completed: to advance */
  uint8_t *is_done;
} state;

/* Counts copy c of message m as arrived: when m is complete, its rank is to advance. */
static int arrived(state *st, uint32_t m) {
  uint32_t r = st->p->msgs[m].dst;
  if (--st->remaining[m] || st->is_done[r]) return 0;
  st->is_done[r] = 1;
  return vec_push(&st->done, r);
}

/* A personalized packet is delivered at its destination however it got there: once there, no
 * message carries it on (a router hands it to its local port and forwards it no further). */
static int reached_dest(const state *st, uint32_t c, uint32_t at) {
  const mpi_item *it = &st->p->items[c];
  return it->dest >= 0 && (uint32_t)it->dest == at;
}
static int is_delivered(const state *st, uint32_t c) {
  const mpi_item *it = &st->p->items[c];
  return it->dest >= 0 && st->delivered[(size_t)it->origin * st->n + (size_t)it->dest];
}

/* Sends every message of rank r whose step the blocking rule allows now (ready next slot). */
static int advance(state *st, uint32_t r) {
  const mpi_plan *p = st->p;
  while (st->in_at[r] < st->in_end[r] && !st->remaining[st->in_order[st->in_at[r]]]) st->in_at[r]++;
  uint32_t barrier = st->in_at[r] < st->in_end[r] ? p->msgs[st->in_order[st->in_at[r]]].step : UINT32_MAX;
  while (st->out_at[r] < st->out_end[r]) {
    uint32_t m = st->out_order[st->out_at[r]];
    if (p->msgs[m].step > barrier) break;
    st->out_at[r]++;
    for (size_t c = p->msgs[m].first; c < p->msgs[m].first + p->msgs[m].count; c++) {
      st->at[c] = p->msgs[m].src;
      st->msg_of[c] = m;
      if (is_delivered(st, (uint32_t)c) ? arrived(st, m) : vec_push(st->ready, (uint32_t)c)) return -1;
    }
  }
  return 0;
}

int mpi_route(sched *s, const mpi_plan *p) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes;
  size_t links = (size_t)n * (size_t)t->ports, nm = p->nmsgs, ni = p->nitems;
  if (nm >= NONE || ni >= NONE) return -1;
  state st = {p, malloc((nm + 1) * sizeof(uint32_t)), malloc((nm + 1) * sizeof(uint32_t)), calloc(n, sizeof(size_t)),
              calloc(n, sizeof(size_t)), calloc(n, sizeof(size_t)), calloc(n, sizeof(size_t)),
              malloc((nm + 1) * sizeof(size_t)), malloc((ni + 1) * sizeof(uint32_t)), malloc((ni + 1) * sizeof(uint32_t)),
              NULL, calloc(task_is_personalized(s->task) ? (size_t)n * n : 1, 1), n, {0}, calloc(n, 1)};
  uint32_t *head = malloc(links * sizeof *head), *tail = malloc(links * sizeof *tail),
           *next = malloc((ni + 1) * sizeof *next);
  vec cur = {0}, nxt = {0};
  int rc = -1;
  if (!st.in_order || !st.out_order || !st.in_at || !st.out_at || !st.in_end || !st.out_end || !st.remaining || !st.at ||
      !st.msg_of || !st.delivered || !st.is_done || !head || !tail || !next)
    goto out;
  for (size_t l = 0; l < links; l++) head[l] = tail[l] = NONE;
  for (size_t m = 0; m < nm; m++) st.remaining[m] = p->msgs[m].count;
  msg_key *keys = malloc((nm + 1) * sizeof *keys);
  if (!keys) goto out;
  sort_msgs(p, 1, keys, st.in_order);
  sort_msgs(p, 0, keys, st.out_order);
  free(keys);
  /* each rank's runs in the two orders */
  for (size_t i = 0; i < nm; i++) st.in_end[p->msgs[st.in_order[i]].dst] = i + 1;
  for (size_t i = nm; i-- > 0;) st.in_at[p->msgs[st.in_order[i]].dst] = i;
  for (size_t i = 0; i < nm; i++) st.out_end[p->msgs[st.out_order[i]].src] = i + 1;
  for (size_t i = nm; i-- > 0;) st.out_at[p->msgs[st.out_order[i]].src] = i;
  st.ready = &cur;
  for (uint32_t r = 0; r < n; r++)
    if (advance(&st, r)) goto out;
  size_t queued = 0;
  rc = 0;
  for (uint32_t slot = 1; (cur.n || queued) && !rc; slot++) {
    /* the copies ready in this slot join their links' queues, in the plan's order */
    if (cur.n) qsort(cur.v, cur.n, sizeof(uint32_t), cmp_u32);
    for (size_t i = 0; i < cur.n; i++) {
      uint32_t c = cur.v[i], u = st.at[c];
      size_t l = (size_t)u * (size_t)t->ports + (size_t)route_port(t, u, p->msgs[st.msg_of[c]].dst);
      next[c] = NONE;
      if (tail[l] == NONE) head[l] = c;
      else next[tail[l]] = c;
      tail[l] = c;
      queued++;
    }
    cur.n = 0;
    /* every link sends the head of its queue */
    st.ready = &nxt;
    for (size_t l = 0; l < links && !rc; l++) {
      uint32_t c = head[l];
      if (c == NONE) continue;
      head[l] = next[c];
      if (head[l] == NONE) tail[l] = NONE;
      queued--;
      uint32_t u = (uint32_t)(l / (size_t)t->ports), v = (uint32_t)topo_neighbor(t, u, (int)(l % (size_t)t->ports));
      const mpi_msg *m = &p->msgs[st.msg_of[c]];
      rc = sched_add(s, slot, u, v, p->items[c].origin, p->items[c].dest);
      st.at[c] = v;
      if (!rc && reached_dest(&st, c, v)) st.delivered[(size_t)p->items[c].origin * n + (size_t)p->items[c].dest] = 1;
      if (!rc) rc = v == m->dst || reached_dest(&st, c, v) ? arrived(&st, st.msg_of[c]) : vec_push(&nxt, c);
    }
    /* ranks whose receives completed send their next steps' messages (which may complete more) */
    for (size_t i = 0; i < st.done.n && !rc; i++) {
      st.is_done[st.done.v[i]] = 0;
      rc = advance(&st, st.done.v[i]);
    }
    st.done.n = 0;
    vec tmp = cur;
    cur = nxt;
    nxt = tmp;
  }
out:
  free(st.in_order);
  free(st.out_order);
  free(st.in_at);
  free(st.out_at);
  free(st.in_end);
  free(st.out_end);
  free(st.remaining);
  free(st.at);
  free(st.msg_of);
  free(head);
  free(tail);
  free(next);
  free(st.delivered);
  free(st.is_done);
  free(st.done.v);
  free(cur.v);
  free(nxt.v);
  return rc;
}

int mpi_run(sched *s, int (*plan_fn)(mpi_plan *p, const sched *s)) {
  mpi_plan p;
  mpi_plan_init(&p);
  int rc = plan_fn(&p, s) || mpi_route(s, &p) ? -1 : 0;
  mpi_plan_free(&p);
  return rc;
}
