/* verify_combine.c — partial sums as exact sets (see verify_combine.h). */
#include "verify/verify_combine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"
#include "util/memlimit.h"

/* A word in flight in the current slot, or received in the previous one. */
typedef struct {
  uint32_t src, dst, chunk;
  size_t set; /* index of its set in the slot's arena, in words of W */
} word;

typedef struct {
  word *w;
  size_t n, cap;
  uint64_t *sets; /* W words per entry of w */
  size_t sets_cap;
} slot_words;

struct combine_state {
  topo t;
  task_kind task;
  int64_t root;
  uint32_t n, chunks, w; /* nodes, chunks, 64-bit words per set */
  uint64_t *part;        /* partial of (node, chunk): part + (node * chunks + chunk) * w */
  uint32_t *sent;        /* (node, chunk): 2 * the last slot it sent, + 1 if it moved the partial then */
  uint32_t *prev_of;     /* dst * ports + port towards src: 1 + index in prev, valid when prev_slot matches */
  uint32_t *prev_slot;
  slot_words cur, prev;
  uint32_t slot;
};

static uint64_t *part_of(combine_state *c, uint32_t node, uint32_t chunk) {
  return c->part + ((size_t)node * c->chunks + chunk) * c->w;
}

combine_state *combine_new(const topo *t, task_kind task, int64_t root, char *err, size_t errlen) {
  uint64_t n = t->nodes, chunks = task_chunks(task, t->nodes), w = (n + 63) / 64, bytes;
  char why[200];
  if (mem_check(n * chunks * w + n * chunks / 2, sizeof(uint64_t), "the partial sums (a bit per node, chunk and contribution)",
                &bytes, why, sizeof why)) {
    snprintf(err, errlen, "%s on %s: %s", task_name(task), t->name, why);
    return NULL;
  }
  combine_state *c = calloc(1, sizeof *c);
  if (!c) goto oom;
  c->t = *t;
  c->task = task;
  c->root = root;
  c->n = (uint32_t)n;
  c->chunks = (uint32_t)chunks;
  c->w = (uint32_t)w;
  c->part = calloc(n * chunks * w, sizeof *c->part);
  c->sent = calloc(n * chunks, sizeof *c->sent);
  c->prev_of = calloc(n * (uint64_t)t->ports, sizeof *c->prev_of);
  c->prev_slot = calloc(n * (uint64_t)t->ports, sizeof *c->prev_slot);
  if (!c->part || !c->sent || !c->prev_of || !c->prev_slot) goto oom;
  for (uint32_t v = 0; v < n; v++) /* every node starts with its own contribution to every chunk */
    for (uint32_t k = 0; k < chunks; k++) part_of(c, v, k)[v / 64] |= 1ull << (v % 64);
  return c;
oom:
  combine_free(c);
  snprintf(err, errlen, "out of memory setting up the partial sums of %s on %s", task_name(task), t->name);
  return NULL;
}

static void words_free(slot_words *s) {
  free(s->w);
  free(s->sets);
}

void combine_free(combine_state *c) {
  if (!c) return;
  free(c->part);
  free(c->sent);
  free(c->prev_of);
  free(c->prev_slot);
  words_free(&c->cur);
  words_free(&c->prev);
  free(c);
}

static bool set_empty(const uint64_t *s, uint32_t w) {
  for (uint32_t i = 0; i < w; i++)
    if (s[i]) return false;
  return true;
}

/* Appends a word with a copy of set; 0, or -1 if memory runs out. */
static int push_word(combine_state *c, const sched_row *r, const uint64_t *set) {
  slot_words *s = &c->cur;
  word *w = grow_array(s->w, &s->cap, s->n, sizeof *w, 256);
  if (!w) return -1;
  s->w = w;
  uint64_t *sets = grow_array_room(s->sets, &s->sets_cap, (s->n + 1) * c->w, sizeof *sets, 256 * (size_t)c->w);
  if (!sets) return -1;
  s->sets = sets;
  memcpy(s->sets + s->n * c->w, set, c->w * sizeof *set);
  s->w[s->n] = (word){r->src, r->dst, (uint32_t)r->dest, s->n * c->w};
  s->n++;
  return 0;
}

int combine_feed(combine_state *c, const sched_row *r, char *msg, size_t len) {
  c->slot = r->slot;
  if (r->dest < 0 || (uint32_t)r->dest >= c->chunks) {
    snprintf(msg, len, "chunk %d is not a chunk of task %s (0..%u)", (int)r->dest, task_name(c->task), c->chunks - 1);
    return 1;
  }
  uint32_t k = (uint32_t)r->dest;
  const uint64_t *set;
  if (r->origin == ORIGIN_MOVE || r->origin == ORIGIN_COPY) {
    bool move = r->origin == ORIGIN_MOVE;
    uint32_t *sent = &c->sent[(size_t)r->src * c->chunks + k];
    if (*sent >> 1 == r->slot && (move || (*sent & 1))) {
      snprintf(msg, len, "node %u sends its partial of chunk %u twice in slot %u and forwards it in one of them: a copy of "
               "a forwarded partial counts its contributions twice", (unsigned)r->src, (unsigned)k, (unsigned)r->slot);
      return 1;
    }
    *sent = 2 * r->slot + (move || (*sent >> 1 == r->slot && (*sent & 1)));
    set = part_of(c, r->src, k);
    if (set_empty(set, c->w)) {
      snprintf(msg, len, "node %u holds no partial of chunk %u at the start of slot %u (it forwarded it earlier)",
               (unsigned)r->src, (unsigned)k, (unsigned)r->slot);
      return 1;
    }
  } else {
    int port = r->origin < c->n ? topo_port_to(&c->t, r->src, r->origin) : -1;
    if (port < 0) {
      snprintf(msg, len, "origin %u is neither -1, -2 nor a neighbour of node %u", (unsigned)r->origin, (unsigned)r->src);
      return 1;
    }
    size_t at = (size_t)r->src * (size_t)c->t.ports + (size_t)port;
    const word *w = c->prev_slot[at] == r->slot - 1 && c->prev_of[at] ? &c->prev.w[c->prev_of[at] - 1] : NULL;
    if (!w || w->chunk != k) {
      snprintf(msg, len, "node %u received no word of chunk %u from node %u in slot %u to pass on", (unsigned)r->src,
               (unsigned)k, (unsigned)r->origin, (unsigned)r->slot - 1);
      return 1;
    }
    set = c->prev.sets + w->set;
  }
  if (push_word(c, r, set)) {
    snprintf(msg, len, "out of memory holding the words of slot %u", (unsigned)r->slot);
    return 2;
  }
  return 0;
}

int combine_end_slot(combine_state *c, char *msg, size_t len) {
  slot_words *s = &c->cur;
  uint32_t w = c->w;
  /* moved partials leave their senders first: what arrives in the slot is what they hold */
  for (size_t i = 0; i < s->n; i++) {
    const word *x = &s->w[i];
    if (c->sent[(size_t)x->src * c->chunks + x->chunk] == 2 * c->slot + 1)
      memset(part_of(c, x->src, x->chunk), 0, w * sizeof(uint64_t));
  }
  for (size_t i = 0; i < s->n; i++) {
    const word *x = &s->w[i];
    uint64_t *p = part_of(c, x->dst, x->chunk);
    const uint64_t *add = s->sets + x->set;
    for (uint32_t j = 0; j < w; j++)
      if (p[j] & add[j]) {
        unsigned twice = (unsigned)(64 * j + (unsigned)__builtin_ctzll(p[j] & add[j]));
        snprintf(msg, len, "slot %u: node %u counts the contribution of node %u to chunk %u twice (the word from node %u "
                 "holds it, and so does its partial)", (unsigned)c->slot, (unsigned)x->dst, twice, (unsigned)x->chunk,
                 (unsigned)x->src);
        return 1;
      }
    for (uint32_t j = 0; j < w; j++) p[j] |= add[j];
    int port = topo_port_to(&c->t, x->dst, x->src);
    size_t at = (size_t)x->dst * (size_t)c->t.ports + (size_t)port;
    c->prev_of[at] = (uint32_t)i + 1;
    c->prev_slot[at] = c->slot;
  }
  /* this slot's words are the previous slot's from now on */
  slot_words t = c->prev;
  c->prev = c->cur;
  c->cur = t;
  c->cur.n = 0;
  return 0;
}

int combine_finish(combine_state *c, char *msg, size_t len) {
  for (uint32_t v = 0; v < c->n; v++)
    for (uint32_t k = 0; k < c->chunks; k++) {
      if (!task_result_at(c->task, c->root, v, k)) continue;
      const uint64_t *p = part_of(c, v, k);
      for (uint32_t u = 0; u < c->n; u++)
        if (!(p[u / 64] >> (u % 64) & 1)) {
          snprintf(msg, len, "incomplete: node %u ends without the contribution of node %u to chunk %u", (unsigned)v,
                   (unsigned)u, (unsigned)k);
          return 1;
        }
    }
  return 0;
}
