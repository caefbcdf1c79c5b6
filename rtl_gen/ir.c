/* ir.c — from a schedule to per-router programs (see ir.h). */
#include "ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/golden.h"
#include "util/grow.h"
#include "util/memlimit.h"

/* A node's view of the schedule: the rows it sends or receives, in slot order. */
typedef struct {
  sched_row *rows;
  size_t n, cap;
} row_list;

static int list_push(row_list *l, const sched_row *r) {
  sched_row *rows = grow_array(l->rows, &l->cap, l->n, sizeof *rows, 64);
  if (!rows) return -1;
  l->rows = rows;
  l->rows[l->n++] = *r;
  return 0;
}

typedef struct {
  row_list *lists;
  uint32_t nodes; /* lists kept: node 0 only for a shared program */
} collect_ctx;

static int collect_row(void *ctx, const sched_row *r) {
  collect_ctx *c = ctx;
  if (r->src < c->nodes && list_push(&c->lists[r->src], r)) return 1;
  if (r->dst < c->nodes && list_push(&c->lists[r->dst], r)) return 1;
  return 0;
}

/* Where a packet first arrived at a node: slot and lane. */
typedef struct {
  uint64_t key; /* origin * 2^32 + (dest + 1), high bit set; 0 = empty entry */
  uint32_t slot;
  uint8_t lane;
} arrival;

typedef struct {
  arrival *entries;
  size_t mask;
} arrival_table;

static uint64_t packet_key(const sched_row *r) {
  return ((uint64_t)r->origin << 32) | (uint32_t)(r->dest + 1) | (1ull << 63);
}

static arrival *table_find(arrival_table *t, uint64_t key, bool insert) {
  size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & t->mask;
  while (t->entries[i].key && t->entries[i].key != key) i = (i + 1) & t->mask;
  if (!t->entries[i].key) {
    if (!insert) return NULL;
    t->entries[i].key = key;
  }
  return &t->entries[i];
}

static int fail(char *err, size_t errlen, uint32_t node, const sched_row *r, const char *why) {
  /* a combining task's origin -1 or -2 as the TSV writes it */
  long long origin = r->origin >= ORIGIN_COPY ? (long long)(int32_t)r->origin : (long long)r->origin;
  snprintf(err, errlen, "cannot build router %u: slot %u, link %u->%u, packet origin=%lld dest=%d: %s", (unsigned)node,
           (unsigned)r->slot, (unsigned)r->src, (unsigned)r->dst, origin, (int)r->dest, why);
  return -1;
}

/* The word kind of a row: a packet, or one of kbcast's control words (schedule.h). */
static uint8_t row_word(const sched_row *r) {
  return r->dest == KBCAST_COUNTER ? IR_WORD_COUNTER : r->dest == KBCAST_END ? IR_WORD_END : IR_WORD_DATA;
}

/* Builds the program of node u from its rows. */
static int build_program(ir_fabric *f, uint32_t u, const row_list *l, ir_program *p, char *err, size_t errlen) {
  const fabric_desc *fd = f->fd;
  size_t cells = ((size_t)f->slots + 1) * (size_t)fd->ports;
  p->send = calloc(cells, sizeof *p->send);
  p->recv = calloc(cells, sizeof *p->recv);
  size_t cap = 16;
  while (cap < 2 * l->n + 2) cap *= 2;
  arrival_table t = {calloc(cap, sizeof(arrival)), cap - 1};
  int rc = -1;
  if (!p->send || !p->recv || !t.entries) {
    snprintf(err, errlen, "out of memory building router %u", (unsigned)u);
    goto out;
  }
  bool personalized = task_is_personalized(f->task);
  /* receptions first (a packet's first arrival is the one it is forwarded from) */
  for (size_t i = 0; i < l->n; i++) {
    const sched_row *r = &l->rows[i];
    if (r->dst != u) continue;
    int lane = fabric_lane_to(fd, u, r->src);
    if (lane < 0) {
      rc = fail(err, errlen, u, r, "not a link of the fabric");
      goto out;
    }
    ir_recv *in = &p->recv[(size_t)r->slot * fd->ports + lane];
    in->expect = true;
    if (row_word(r) != IR_WORD_DATA) continue; /* a control word: checked, never stored or delivered */
    arrival *a = table_find(&t, packet_key(r), true);
    if (a->slot) continue; /* a second copy: nothing to do with it */
    a->slot = r->slot;
    a->lane = (uint8_t)lane;
    in->deliver = personalized ? r->dest == (int32_t)u : r->origin != u;
    in->origin = r->origin;
    in->dest = r->dest;
  }
  for (size_t i = 0; i < l->n; i++) {
    const sched_row *r = &l->rows[i];
    if (r->src != u) continue;
    int lane = fabric_lane_to(fd, u, r->dst);
    if (lane < 0) {
      rc = fail(err, errlen, u, r, "not a link of the fabric");
      goto out;
    }
    ir_send *o = &p->send[(size_t)r->slot * fd->ports + lane];
    if (row_word(r) != IR_WORD_DATA) { /* its value is fixed now: a constant of the ROM */
      o->kind = IR_SEND_CONST;
      o->word = row_word(r);
      o->dest = r->origin;
      f->tagged = true;
      continue;
    }
    if (r->origin == u) {
      o->kind = IR_SEND_LOCAL;
      o->bcast = r->dest < 0 || f->fraction > 1; /* a piece of a broadcast packet: dest is its index */
      o->dest = r->dest < 0 ? 0 : (uint32_t)r->dest; /* node 0 of a shared program: an offset */
      continue;
    }
    arrival *a = table_find(&t, packet_key(r), false);
    if (!a || a->slot >= r->slot) {
      rc = fail(err, errlen, u, r, "the router sends a packet it has not received");
      goto out;
    }
    o->kind = IR_SEND_FORWARD;
    o->from_slot = a->slot;
    o->from_lane = a->lane;
  }
  rc = 0;
out:
  free(t.entries);
  return rc;
}

/* ---- combining tasks ---- */

/* Where node u's partial of a chunk is at the start of a slot. */
typedef struct {
  uint8_t base;   /* ir_base_kind */
  uint8_t lane;   /* HELD: the lane that led the combine that made it */
  uint32_t slot;  /* HELD: that combine's slot */
  uint32_t moved; /* the slot it was last moved away in (0: never) */
} partial_state;

typedef struct {
  int lane;
  const sched_row *row;
} reception;

static int by_lane(const void *a, const void *b) {
  const reception *x = a, *y = b;
  return x->lane < y->lane ? -1 : x->lane > y->lane;
}

/* Builds the program of node u of a combining task from its rows (in slot order) and its
 * completions done[0..ndone) (in slot order): the sends of each slot read the partials as
 * they stand after the previous slot; then the slot's words are grouped by chunk and combined
 * into what the node holds, which is nothing if the slot moved the partial away. */
static int build_combining_program(ir_fabric *f, uint32_t u, const row_list *l, const golden_completion *done,
                                   size_t ndone, ir_program *p, char *err, size_t errlen) {
  const fabric_desc *fd = f->fd;
  int ports = fd->ports;
  uint32_t chunks = task_chunks(f->task, fd->nodes);
  size_t cells = ((size_t)f->slots + 1) * (size_t)ports;
  p->send = calloc(cells, sizeof *p->send);
  p->recv = calloc(cells, sizeof *p->recv);
  p->comb = calloc(cells, sizeof *p->comb);
  partial_state *st = calloc(chunks, sizeof *st);
  reception rx[2 * TOPO_MAX_DIMS]; /* a slot brings at most a word per lane */
  if (!p->send || !p->recv || !p->comb || !st) {
    free(st);
    snprintf(err, errlen, "out of memory building router %u", (unsigned)u);
    return -1;
  }
  for (uint32_t k = 0; k < chunks; k++) st[k].base = IR_BASE_OWN;
  int rc = 0;
  for (size_t i = 0; i < l->n && !rc;) {
    uint32_t slot = l->rows[i].slot;
    int nrx = 0;
    for (; i < l->n && l->rows[i].slot == slot && !rc; i++) {
      const sched_row *r = &l->rows[i];
      int lane = fabric_lane_to(fd, u, r->src == u ? r->dst : r->src);
      if (lane < 0) {
        rc = fail(err, errlen, u, r, "not a link of the fabric");
      } else if (r->dst == u) { /* combined below, once the slot's sends have read the partials */
        rx[nrx++] = (reception){lane, r};
        p->recv[(size_t)slot * ports + lane].expect = true;
      } else if (r->origin == ORIGIN_MOVE || r->origin == ORIGIN_COPY) {
        partial_state *ps = &st[r->dest];
        if (ps->base == IR_BASE_EMPTY) rc = fail(err, errlen, u, r, "the router sends a partial it has moved away");
        ir_send *o = &p->send[(size_t)slot * ports + lane];
        *o = (ir_send){IR_SEND_PARTIAL, ps->lane, false, r->origin == ORIGIN_MOVE, (uint32_t)r->dest,
                       ps->base == IR_BASE_HELD ? ps->slot : 0, IR_WORD_DATA};
        if (o->move) ps->moved = slot;
      } else { /* the word received from a neighbour in the previous slot, passed on */
        int from = fabric_lane_to(fd, u, r->origin);
        if (from < 0 || slot < 2 || !p->recv[(size_t)(slot - 1) * ports + from].expect)
          rc = fail(err, errlen, u, r, "the router passes on a word it did not receive in the previous slot");
        else
          p->send[(size_t)slot * ports + lane] = (ir_send){IR_SEND_FORWARD, (uint8_t)from, false, false, 0, slot - 1, IR_WORD_DATA};
      }
    }
    /* the slot's words, by chunk: the lowest lane leads each chunk's combine */
    qsort(rx, (size_t)nrx, sizeof *rx, by_lane);
    for (int a = 0; a < nrx; a++) {
      uint32_t k = (uint32_t)rx[a].row->dest;
      partial_state *ps = &st[k];
      if (ps->slot == slot && ps->base == IR_BASE_HELD) { /* led by an earlier lane of this slot */
        p->comb[(size_t)slot * ports + ps->lane].lanes |= 1u << rx[a].lane;
        continue;
      }
      ir_combine *c = &p->comb[(size_t)slot * ports + rx[a].lane];
      *c = (ir_combine){1u << rx[a].lane, k, ps->slot, ps->moved == slot ? IR_BASE_EMPTY : ps->base, ps->lane};
      *ps = (partial_state){IR_BASE_HELD, (uint8_t)rx[a].lane, slot, ps->moved};
    }
    /* moved away and nothing came: the node holds nothing of the chunk */
    for (int q = 0; q < ports; q++) {
      const ir_send *o = &p->send[(size_t)slot * ports + q];
      if (o->kind == IR_SEND_PARTIAL && o->move && st[o->dest].slot != slot) st[o->dest].base = IR_BASE_EMPTY;
    }
  }
  /* deliveries: on the lane that led the combine that completed the partial */
  for (size_t j = 0; j < ndone && !rc; j++) {
    const ir_combine *c = done[j].slot <= f->slots ? &p->comb[(size_t)done[j].slot * ports] : NULL;
    int q = 0;
    while (c && q < ports && !(c[q].lanes && c[q].chunk == done[j].chunk)) q++;
    if (!c || q == ports) {
      snprintf(err, errlen, "cannot build router %u: its partial of chunk %u completes in slot %u without a word received",
               (unsigned)u, (unsigned)done[j].chunk, (unsigned)done[j].slot);
      rc = -1;
    } else {
      p->recv[(size_t)done[j].slot * ports + q].deliver = true;
    }
  }
  free(st);
  return rc;
}

static int by_node(const void *a, const void *b) {
  const golden_completion *x = a, *y = b;
  if (x->node != y->node) return x->node < y->node ? -1 : 1;
  if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
  return x->chunk < y->chunk ? -1 : x->chunk > y->chunk;
}

/* Every node's program of a combining task, with the completions of the golden model. */
static int build_combining(ir_fabric *f, const sched *s, const row_list *lists, char *err, size_t errlen) {
  golden_completion *done;
  size_t n;
  if (golden_completions(s, &done, &n)) {
    snprintf(err, errlen, "out of memory simulating the partial sums of %s on %s", task_name(s->task), s->topo.name);
    return -1;
  }
  qsort(done, n, sizeof *done, by_node);
  int rc = 0;
  for (uint32_t u = 0, j = 0; u < f->nprograms && !rc; u++) {
    size_t first = j;
    while (j < n && done[j].node == u) j++;
    rc = build_combining_program(f, u, &lists[u], done + first, j - first, &f->programs[u], err, errlen);
  }
  free(done);
  return rc;
}

int ir_build(ir_fabric *f, const fabric_desc *fd, const sched *s, int op, char *err, size_t errlen) {
  memset(f, 0, sizeof *f);
  f->fd = fd;
  f->task = s->task;
  f->model = s->model;
  f->root = s->root;
  f->op = op;
  f->slots = s->slots;
  f->ntasks = 1;
  f->runs[0] = (ir_run){s->task, s->root, 0, s->slots};
  f->fraction = s->fraction > 1 ? s->fraction : 1;
  /* a piece's index travels in the flit's dest field (ir.h) */
  if (f->fraction > 1 && (uint64_t)f->fraction > (1ull << fd->id_width)) {
    int bits = 0;
    while ((1ull << bits) < f->fraction) bits++;
    snprintf(err, errlen, "fraction=%u: a piece index needs %d bits, the flit's dest field on %s has %d",
             (unsigned)f->fraction, bits, fd->topo_name, fd->id_width);
    return -1;
  }
  /* node u runs node 0's program translated by u; a parity template (origins 0 and 1, 003 §6)
   * is expanded into a program per node until the ROMs can be shared per parity */
  f->shared = s->is_template && !s->parity_template;
  f->nprograms = f->shared ? 1 : fd->nodes;
  bool combines = task_combines(s->task);
  uint64_t bytes;
  if (mem_check((uint64_t)f->nprograms * (f->slots + 1) * (uint64_t)fd->ports,
                sizeof(ir_send) + sizeof(ir_recv) + (combines ? sizeof(ir_combine) : 0), "the router program table", &bytes,
                err, errlen))
    return -1;
  f->programs = calloc(f->nprograms, sizeof *f->programs);
  collect_ctx c = {calloc(f->nprograms, sizeof(row_list)), f->nprograms};
  int rc = -1;
  if (task_has_active_set(s->task) && !(f->active = active_format(&s->active))) {
    snprintf(err, errlen, "out of memory formatting the active set");
    goto out;
  }
  if (!f->programs || !c.lists || sched_foreach(s, collect_row, &c)) {
    snprintf(err, errlen, "out of memory collecting the rows of each router");
    goto out;
  }
  rc = combines ? build_combining(f, s, c.lists, err, errlen) : 0;
  for (uint32_t u = 0; u < f->nprograms && !rc; u++) {
    if (!combines) rc = build_program(f, u, &c.lists[u], &f->programs[u], err, errlen);
    for (uint32_t slot = 1; slot <= f->slots && !rc; slot++)
      for (int q = 0; q < fd->ports; q++) f->deliveries += ir_recv_at(f, u, slot, q)->deliver;
  }
  if (f->shared) f->deliveries *= fd->nodes;
out:
  if (c.lists)
    for (uint32_t u = 0; u < f->nprograms; u++) free(c.lists[u].rows);
  free(c.lists);
  if (rc) ir_free(f);
  return rc;
}

void ir_free(ir_fabric *f) {
  if (f->programs)
    for (uint32_t u = 0; u < f->nprograms; u++) {
      free(f->programs[u].send);
      free(f->programs[u].recv);
      free(f->programs[u].comb);
    }
  free(f->programs);
  f->programs = NULL;
  free(f->active);
  f->active = NULL;
  f->nprograms = 0;
}

const char *ir_task_names(const ir_fabric *f, char *buf, size_t len) {
  size_t used = 0;
  buf[0] = '\0';
  for (uint32_t k = 0; k < f->ntasks && used < len; k++)
    used += (size_t)snprintf(buf + used, len - used, "%s%s", k ? "," : "", task_name(f->runs[k].task));
  return buf;
}
