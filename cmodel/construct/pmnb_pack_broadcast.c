/* pmnb_pack_broadcast.c — partial multinode broadcast on d-dimensional tori and meshes (paper 004 §3;
 * docs/PMNB.md): the M active nodes are ranked, their packets packed into the nodes of ranks
 * 0..M-1 (Thm 3) and broadcast one dimension after another, most significant first (Thm 5),
 * each dimension in rounds of line (array) or ring broadcasts (the remark after Thm 2, Lemma 1).
 *
 * Classes (Thm 6, §3.2). Class c runs algorithm A_c: A_0 with dimension l replaced by
 * (l + c) mod d, its ranks taken in the order <_c that reads the digits in that rotated order
 * (EXTRACT §4.5 [R]: a cyclic digit rotation). All classes run in lockstep (the same packing
 * windows, the same broadcast subphases), so at any moment different classes use different
 * dimensions and never share a link.
 *   split (s->fraction = pmnb_pieces > 1, §3.1)  every packet is cut into d mini-packets, class
 *     c carrying mini-packet c of every active packet; on a torus each mini-packet is halved
 *     again for the two ways round a ring (Thm 2), so a row carries piece 2c + half there and
 *     piece c on a mesh. A slot is 1/fraction of a packet's time: a piece crosses a link in one.
 *   no split (fraction 1, §3.2)                    the packet of rank r (in the usual order)
 *     belongs to class r mod d and moves whole; a slot is a packet's time.
 * The rank phase (parallel prefix, 2d(p-1) t_p, twice that without splitting): '004' leaves it
 * out (the active set is known when the schedule is made: t_p = 0), '004-prefix' puts it first
 * as counter rows (pmnb_prefix.h: t_p = 1, a step per packet time). '004-runtime' is
 * 004-prefix as a router that learns the active set in hardware runs it (docs/ARCHITECTURE.md,
 * "A run-time active set for PMNB and partial exchange"; rtl_gen/pmnbrt): packing windows of a
 * fixed pmnb_prefix_span slots (a router cannot know a window's farthest move without one more
 * reduction), split or whole.
 *
 * Packing (Thm 3, EXTRACT §4.4 [R] windows). Window j moves each packet of class c along
 * dimension sigma_c(j) = (j + c) mod d, least significant first, from its digit to its
 * target's, one hop per slot from the window's start, without the wrap links. Two packets of a
 * class on one line never share a directed link: they start at distinct nodes (ranks are
 * monotone in <_c, so after window j the packets of a line differ in their low digits) and
 * move in step. On a torus under splitting the two halves of a mini-packet take the window
 * one after the other (in step they would collide with a neighbour's other half). Windows last
 * as long as the farthest move they hold, or a fixed length (004-runtime: the largest radix
 * less one, never shorter than a move).
 *
 * Broadcast (§3.1 Phase 3). Subphase l = 1..d uses dimension sigma_c(d - l). A node's packets
 * go out one per round, each round a broadcast on the node's line: both ways to the ends of
 * an array (p-1 slots); round a ring ceil((p-1)/2) hops one way and floor((p-1)/2) the other
 * (whole packets), or p-1 hops each way for the two halves (split); a ring of two is one link.
 * The subphase lasts max(packets per node) rounds, the most over the classes. Afterwards every
 * node of a line holds every packet the line held. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "construct/construct.h"
#include "model/job.h"
#include "model/pmnb_order.h"
#include "model/pmnb_prefix.h"

typedef struct {
  uint32_t *ids; /* origins held, in arrival order */
  uint32_t n;
} held_list;

typedef struct {
  sched *s;
  const topo *t;
  int d, nclasses;
  uint32_t halves;     /* pieces per class: 2 on a torus under splitting, else 1 */
  bool split;
  uint32_t *members;   /* per class, its origins in <_c order (class c from members + start[c]) */
  uint32_t start[TOPO_MAX_DIMS + 1];
  uint32_t *pos;       /* per member (same index), its node during packing */
  uint32_t *target;    /* per member, the node it is packed into (Thm 3) */
  held_list *held;     /* per class and node: the packets it holds during the broadcast */
} pmnb_ctx;

/* The dest field of a row carrying class c's piece `half` (schedule.h: -1 for whole packets). */
static int32_t piece_of(const pmnb_ctx *x, int c, uint32_t half) {
  return x->split ? (int32_t)((uint32_t)c * x->halves + half) : -1;
}

/* Sends origin's piece from u `hops` hops through port, one per slot from slot first. */
static int walk(pmnb_ctx *x, uint32_t u, int port, uint32_t hops, uint32_t first, uint32_t origin, int32_t dest) {
  for (uint32_t k = 0; k < hops; k++) {
    int64_t v = topo_neighbor(x->t, u, port);
    if (v < 0 || sched_add(x->s, first + k, u, (uint32_t)v, origin, dest)) return -1;
    u = (uint32_t)v;
  }
  return 0;
}

/* Class c's members in c's order: split, every active node; else those of rank (usual order) c
 * mod d. The packet of rank r in class c is packed into the node of number r in c's order. */
static int make_classes(pmnb_ctx *x) {
  const active_set *a = &x->s->active;
  const topo *t = x->t;
  size_t total = (size_t)a->n * (size_t)(x->split ? x->nclasses : 1) + 1;
  x->members = malloc(total * sizeof *x->members);
  x->pos = malloc(total * sizeof *x->pos);
  x->target = malloc(total * sizeof *x->target);
  int *class_of = malloc(t->nodes * sizeof *class_of); /* -1: inactive; else r mod d */
  if (!x->members || !x->pos || !x->target || !class_of) {
    free(class_of);
    return -1;
  }
  for (uint32_t u = 0; u < t->nodes; u++) class_of[u] = -1;
  for (uint32_t r = 0; r < a->n; r++) class_of[a->ids[r]] = (int)(r % (uint32_t)x->nclasses);
  uint32_t n = 0;
  for (int c = 0; c < x->nclasses; c++) {
    x->start[c] = n;
    for (uint32_t number = 0; number < t->nodes; number++) { /* the nodes in c's order */
      uint32_t u = pmnb_class_node(t, c, number);
      if (class_of[u] >= 0 && (x->split || class_of[u] == c)) {
        x->target[n] = pmnb_class_node(t, c, n - x->start[c]);
        x->pos[n] = u;
        x->members[n++] = u;
      }
    }
  }
  x->start[x->nclasses] = n;
  free(class_of);
  return 0;
}

/* Thm 3: the packet of rank r in class c goes to the node of number r in c's order, one
 * dimension per window, from slot on. A window lasts `window` slots (per half), or as long as
 * its farthest move if window is 0. Returns the first slot after packing, or 0 if memory runs
 * out. */
static uint32_t pack(pmnb_ctx *x, uint32_t slot, uint32_t window) {
  const topo *t = x->t;
  for (int j = 0; j < x->d; j++) {
    uint32_t longest = window; /* else the window lasts as long as the farthest move in it */
    for (int c = 0; c < x->nclasses && !window; c++) {
      int i = pmnb_class_dim(x->d, c, j);
      for (uint32_t m = x->start[c]; m < x->start[c + 1]; m++) {
        uint32_t from = topo_coord(t, x->pos[m], i), to = topo_coord(t, x->target[m], i);
        uint32_t hops = from < to ? to - from : from - to;
        if (hops > longest) longest = hops;
      }
    }
    for (int c = 0; c < x->nclasses; c++) {
      int i = pmnb_class_dim(x->d, c, j);
      for (uint32_t m = x->start[c]; m < x->start[c + 1]; m++) {
        uint32_t from = topo_coord(t, x->pos[m], i), to = topo_coord(t, x->target[m], i);
        int port = 2 * i + (from < to ? 0 : 1);
        uint32_t hops = from < to ? to - from : from - to;
        for (uint32_t h = 0; h < x->halves; h++)
          if (walk(x, x->pos[m], port, hops, slot + h * longest, x->members[m], piece_of(x, c, h))) return 0;
        x->pos[m] = (uint32_t)((int64_t)x->pos[m] + ((int64_t)to - (int64_t)from) * t->stride[i]);
      }
    }
    slot += longest * x->halves;
  }
  return slot;
}

/* Slots of one round of line broadcasts along dimension i (see the top comment). */
static uint32_t round_slots(const pmnb_ctx *x, int i) {
  uint32_t k = x->t->radix[i];
  if (x->t->kind == TOPO_MESH) return k - 1;
  if (k == 2) return x->halves; /* one link: the halves one after the other */
  return x->split ? k - 1 : k / 2;  /* k/2 = ceil((k-1)/2) */
}

/* One round: origin's piece(s) of class c from u to every node of u's line of dimension i. */
static int line_broadcast(pmnb_ctx *x, int c, int i, uint32_t u, uint32_t first, uint32_t origin) {
  uint32_t k = x->t->radix[i], at = topo_coord(x->t, u, i);
  if (x->t->kind == TOPO_MESH)
    return walk(x, u, 2 * i, k - 1 - at, first, origin, piece_of(x, c, 0)) ||
           walk(x, u, 2 * i + 1, at, first, origin, piece_of(x, c, 0));
  if (k == 2) {
    for (uint32_t h = 0; h < x->halves; h++)
      if (walk(x, u, 2 * i, 1, first + h, origin, piece_of(x, c, h))) return -1;
    return 0;
  }
  if (x->split)
    return walk(x, u, 2 * i, k - 1, first, origin, piece_of(x, c, 0)) ||
           walk(x, u, 2 * i + 1, k - 1, first, origin, piece_of(x, c, 1));
  return walk(x, u, 2 * i, k / 2, first, origin, -1) || walk(x, u, 2 * i + 1, (k - 1) / 2, first, origin, -1);
}

/* After a subphase on dimension i, every node of a line holds what the line held, in the
 * order of the line's positions. */
static int merge_lines(pmnb_ctx *x, held_list *held, int i) {
  const topo *t = x->t;
  uint32_t k = t->radix[i], stride = t->stride[i];
  for (uint32_t u = 0; u < t->nodes; u++) {
    if (topo_coord(t, u, i) != 0) continue; /* u starts a line */
    uint32_t total = 0;
    for (uint32_t a = 0; a < k; a++) total += held[u + a * stride].n;
    uint32_t *all = malloc((total ? total : 1) * sizeof *all);
    if (!all) return -1;
    total = 0;
    for (uint32_t a = 0; a < k; a++) {
      held_list *h = &held[u + a * stride];
      if (h->n) memcpy(all + total, h->ids, h->n * sizeof *all);
      total += h->n;
    }
    for (uint32_t a = 0; a < k; a++) {
      held_list *h = &held[u + a * stride];
      free(h->ids);
      h->ids = malloc((total ? total : 1) * sizeof *all);
      if (!h->ids) {
        free(all);
        return -1;
      }
      memcpy(h->ids, all, total * sizeof *all);
      h->n = total;
    }
    free(all);
  }
  return 0;
}

/* §3.1 Phase 3 for every class in lockstep, from slot on. */
static int broadcast(pmnb_ctx *x, uint32_t slot) {
  const topo *t = x->t;
  for (int c = 0; c < x->nclasses; c++) {
    held_list *held = x->held + (size_t)c * t->nodes;
    for (uint32_t m = x->start[c]; m < x->start[c + 1]; m++) {
      held_list *h = &held[x->pos[m]];
      h->ids = malloc(sizeof *h->ids);
      if (!h->ids) return -1;
      h->ids[0] = x->members[m];
      h->n = 1;
    }
  }
  for (int l = 1; l <= x->d; l++) {
    uint32_t length = 0;
    for (int c = 0; c < x->nclasses; c++) {
      int i = pmnb_class_dim(x->d, c, x->d - l);
      uint32_t most = 0;
      for (uint32_t u = 0; u < t->nodes; u++)
        if (x->held[(size_t)c * t->nodes + u].n > most) most = x->held[(size_t)c * t->nodes + u].n;
      if (most * round_slots(x, i) > length) length = most * round_slots(x, i);
    }
    for (int c = 0; c < x->nclasses; c++) {
      int i = pmnb_class_dim(x->d, c, x->d - l);
      held_list *held = x->held + (size_t)c * t->nodes;
      for (uint32_t u = 0; u < t->nodes; u++)
        for (uint32_t r = 0; r < held[u].n; r++)
          if (line_broadcast(x, c, i, u, slot + r * round_slots(x, i), held[u].ids[r])) return -1;
      if (l < x->d && merge_lines(x, held, i)) return -1;
    }
    slot += length;
  }
  return 0;
}

/* Packing (windows of `window` slots, 0: each its farthest move) and broadcast of nclasses
 * classes from slot first. */
static int run(sched *s, int nclasses, uint32_t first, uint32_t window) {
  pmnb_ctx x = {.s = s, .t = &s->topo, .d = s->topo.ndims, .nclasses = nclasses, .halves = 1, .split = s->fraction > 1};
  if (x.split) x.halves = s->fraction / (uint32_t)x.d;
  int rc = -1;
  uint32_t slot;
  if (make_classes(&x) == 0 && (slot = pack(&x, first, window)) != 0 &&
      (x.held = calloc((size_t)nclasses * s->topo.nodes, sizeof *x.held)) != NULL)
    rc = broadcast(&x, slot);
  if (x.held)
    for (size_t i = 0; i < (size_t)nclasses * s->topo.nodes; i++) free(x.held[i].ids);
  free(x.held);
  free(x.members);
  free(x.pos);
  free(x.target);
  return rc;
}

int pmnb_004(sched *s) { return run(s, s->topo.ndims, 1, 0); }

int pmnb_004_prefix(sched *s) { return pmnb_prefix(s) ? -1 : run(s, s->topo.ndims, pmnb_prefix_slots(s) + 1, 0); }

int pmnb_004_runtime(sched *s) {
  return pmnb_prefix(s) ? -1 : run(s, s->topo.ndims, pmnb_prefix_slots(s) + 1, pmnb_prefix_span(&s->topo));
}

int pmnb_a0(sched *s) { return run(s, 1, 1, 0); }

int pmnb_004_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  if (t->kind == TOPO_HYPERCUBE) {
    snprintf(why, len, "construction '004' of pmnb runs on rings, tori and meshes (004), not %s", t->name);
    return -1;
  }
  if (s->fraction != 1 && s->fraction != pmnb_pieces(t)) {
    snprintf(why, len, "construction '004' of pmnb cuts a packet into %u pieces on %s (--split), not %u",
             (unsigned)pmnb_pieces(t), t->name, (unsigned)s->fraction);
    return -1;
  }
  return 0;
}

int pmnb_whole_applies(const sched *s, char *why, size_t len) {
  if (s->fraction != 1) {
    snprintf(why, len, "construction '%s' of pmnb moves whole packets; drop --split", s->alg);
    return -1;
  }
  return 0;
}

int pmnb_004_whole_applies(const sched *s, char *why, size_t len) {
  return pmnb_004_applies(s, why, len) || pmnb_whole_applies(s, why, len) ? -1 : 0;
}
