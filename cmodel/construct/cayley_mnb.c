/* cayley_mnb.c — multinode broadcast on a ring or torus as a translation template
 * (003 §4).
 *
 * A torus Z_K1 x ... x Z_Kn is a Cayley graph whose generators are the ports (+e_i, and -e_i
 * where K_i > 2). 003 Thm 4.5: if a broadcast tree from node 0 (the template) uses each
 * generator at most once per slot, its translates by every node run together without sharing
 * a directed link, so the whole multinode broadcast takes the template's slots; with every
 * slot using all deg generators that is ceil((N-1)/deg), the lower bound (003 Thm 3.5(ii)).
 * 003 Def 4.3 calls such an order of the nodes in blocks of deg a regular order, and gives
 * none for tori. We search for one: slot by slot, a maximum matching of generators g to
 * unreached nodes v whose parent v - g was reached in an earlier slot, nearest nodes first
 * (ties by a per-attempt order). If an attempt leaves a slot short, other tie orders are
 * tried; the attempt with the fewest slots is kept, and among those (on up to 1024 nodes,
 * where all 64 attempts run) the one whose routers need the fewest forwarding sources. The
 * verifier decides.
 *
 * Under oneway the matching is of dimensions, not generators: the translates of a row by +e_i
 * and of one by -e_i would share wires, so a slot uses each dimension once, either way (003
 * Lemma 7.4's argument), and the bound becomes ceil((N-1)/n) = ceil(2(N-1)/deg) (003 Thm
 * 3.2). A size-2 dimension's generator is its own inverse, so no one-way template exists
 * there (cayley_applies).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/bounds.h"
#include "construct/construct.h"
#include "construct/template_sources.h"

#define MAX_GENS (2 * TOPO_MAX_DIMS)
#define ATTEMPTS 64
/* up to this many nodes every attempt runs, to pick the fewest forwarding sources among the
 * fastest; beyond, the first attempt at the bound is kept */
#define SEARCH_ALL_NODES 1024

typedef struct {
  const topo *t;
  int ngens, nclasses;
  int gen[MAX_GENS];     /* the port of each generator */
  int inverse[MAX_GENS]; /* the port that undoes it: v's parent through g is neighbor(v, inverse) */
  int cls[MAX_GENS];     /* what a slot may use once: the generator (mla), its dimension (oneway) */
  uint32_t *dist, *key;  /* distance from 0; the tie order of the attempt */
  uint8_t *reached;      /* 1: reached before the current slot; 2: reached in it */
  /* the current slot: each class's best candidates (and the generator that reaches each),
   * and the matching */
  uint32_t cand[MAX_GENS][MAX_GENS];
  int cand_gen[MAX_GENS][MAX_GENS];
  int ncand[MAX_GENS];
  int match[MAX_GENS]; /* index into cand[c], or -1 */
} search;

int cayley_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  model_kind model = s->model;
  (void)model;
  (void)t;
  if (model != MODEL_ONEWAY) return 0;
  for (int i = 0; i < t->ndims; i++)
    if (t->radix[i] == 2) {
      snprintf(why, len,
               "no translation template under oneway on %s: dimension %d has size 2, whose generator is its own "
               "inverse (try --alg double)",
               t->name, i);
      return -1;
    }
  return 0;
}

static uint64_t priority(const search *s, uint32_t v) { return (uint64_t)s->dist[v] << 32 | s->key[v]; }

/* Keeps the nclasses best candidates of class c (sorted by priority), enough for a maximum
 * matching: at most nclasses-1 of them can be taken by the other classes. v is reached by
 * generator g. */
static void offer(search *s, int c, uint32_t v, int g) {
  int n = s->ncand[c];
  for (int i = 0; i < n; i++)
    if (s->cand[c][i] == v) return; /* already offered by the other direction */
  if (n == s->nclasses && priority(s, v) >= priority(s, s->cand[c][n - 1])) return;
  if (n < s->nclasses) n++;
  int i = n - 1;
  while (i > 0 && priority(s, s->cand[c][i - 1]) > priority(s, v)) {
    s->cand[c][i] = s->cand[c][i - 1];
    s->cand_gen[c][i] = s->cand_gen[c][i - 1];
    i--;
  }
  s->cand[c][i] = v;
  s->cand_gen[c][i] = g;
  s->ncand[c] = n;
}

/* Kuhn's augmenting path from class g. */
static int augment(search *s, int g, int *visited) {
  for (int i = 0; i < s->ncand[g]; i++) {
    uint32_t v = s->cand[g][i];
    int owner = -1;
    for (int h = 0; h < s->nclasses; h++)
      if (s->match[h] >= 0 && s->cand[h][s->match[h]] == v) owner = h;
    if (owner >= 0 && (visited[owner] || (visited[owner] = 1, !augment(s, owner, visited)))) continue;
    s->match[g] = i;
    return 1;
  }
  return 0;
}

/* One attempt from node 0 (and node `second`, unless it is 0, which holds the packet too):
 * fills s (rows of origin 0) and returns the slots, or 0 if memory runs out. */
static uint32_t attempt(search *sr, sched *s, uint32_t second) {
  const topo *t = sr->t;
  uint32_t n = t->nodes, remaining = n - 1 - (second != 0), slot = 0;
  memset(sr->reached, 0, n);
  sr->reached[0] = sr->reached[second] = 1;
  while (remaining) {
    slot++;
    memset(sr->ncand, 0, sizeof sr->ncand);
    for (uint32_t v = 1; v < n; v++) {
      if (sr->reached[v]) continue;
      for (int g = 0; g < sr->ngens; g++)
        if (sr->reached[topo_neighbor(t, v, sr->inverse[g])]) offer(sr, sr->cls[g], v, g);
    }
    for (int c = 0; c < sr->nclasses; c++) sr->match[c] = -1;
    for (int c = 0; c < sr->nclasses; c++) {
      int visited[MAX_GENS] = {0};
      visited[c] = 1;
      augment(sr, c, visited);
    }
    for (int c = 0; c < sr->nclasses; c++) {
      if (sr->match[c] < 0) continue;
      uint32_t v = sr->cand[c][sr->match[c]];
      int g = sr->cand_gen[c][sr->match[c]];
      if (sched_add(s, slot, (uint32_t)topo_neighbor(t, v, sr->inverse[g]), v, 0, -1)) return 0;
      sr->reached[v] = 2;
      remaining--;
    }
    for (uint32_t v = 1; v < n; v++)
      if (sr->reached[v] == 2) sr->reached[v] = 1;
  }
  return slot;
}

/* The search from node 0 and node second (0: node 0 alone) towards at most lb slots. */
static int search_template(sched *s, uint32_t second, uint32_t lb) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes;
  search sr = {.t = t};
  for (int p = 0; p < t->ports; p++) {
    int64_t e = topo_neighbor(t, 0, p);
    if (e < 0) continue;
    sr.gen[sr.ngens] = p;
    sr.cls[sr.ngens] = s->model == MODEL_ONEWAY ? p / 2 : sr.ngens;
    sr.inverse[sr.ngens++] = topo_port_to(t, (uint32_t)e, 0);
  }
  sr.nclasses = s->model == MODEL_ONEWAY ? t->ndims : sr.ngens;
  sr.dist = malloc(n * sizeof *sr.dist);
  sr.key = malloc(n * sizeof *sr.key);
  sr.reached = malloc(n);
  uint32_t *in_slot = malloc(n * sizeof *in_slot);
  uint8_t *in_gen = malloc(n);
  sched trial;
  sched_init(&trial, t, s->task, s->model, -1);
  int rc = -1;
  if (!sr.dist || !sr.key || !sr.reached || !in_slot || !in_gen) goto out;
  for (uint32_t v = 0; v < n; v++) {
    sr.dist[v] = topo_dist(t, 0, v);
    if (second && topo_dist(t, second, v) < sr.dist[v]) sr.dist[v] = topo_dist(t, second, v);
  }
  uint32_t best = 0, best_sources = 0;
  bool search_all = n <= SEARCH_ALL_NODES;
  for (uint32_t a = 0; a < ATTEMPTS && (!best || best > lb || search_all); a++) {
    /* attempt 0 breaks ties by node id, the others by a fixed pseudo-random order */
    for (uint32_t v = 0; v < n; v++) {
      uint64_t x = (uint64_t)v * 0x9e3779b97f4a7c15ull + a * 0xbf58476d1ce4e5b9ull;
      sr.key[v] = a ? (uint32_t)((x ^ (x >> 29)) * 0x94d049bb133111ebull >> 32) : v;
    }
    trial.nrows = 0;
    uint32_t slots = attempt(&sr, &trial, second);
    if (!slots) goto out;
    uint32_t sources = template_sources(t, &trial, in_slot, in_gen, NULL, NULL);
    if (!best || slots < best || (slots == best && sources < best_sources)) {
      best = slots;
      best_sources = sources;
      s->nrows = 0;
      for (size_t i = 0; i < trial.nrows; i++)
        if (sched_add(s, trial.rows[i].slot, trial.rows[i].src, trial.rows[i].dst, 0, -1)) goto out;
    }
  }
  rc = 0;
out:
  sched_free(&trial);
  free(sr.dist);
  free(sr.key);
  free(sr.reached);
  free(in_slot);
  free(in_gen);
  return rc;
}

int cayley_mnb(sched *s) {
  s->is_template = true;
  return search_template(s, 0, bound_slots(&s->topo, TASK_MNB, s->model, 0));
}

int cayley_edge_broadcast(sched *s, int port) {
  const topo *t = &s->topo;
  uint32_t second = (uint32_t)topo_neighbor(t, 0, port), far = 0;
  for (uint32_t v = 0; v < t->nodes; v++) {
    uint32_t d0 = topo_dist(t, 0, v), d1 = topo_dist(t, second, v);
    if ((d0 < d1 ? d0 : d1) > far) far = d0 < d1 ? d0 : d1;
  }
  uint32_t per_slot = (uint32_t)topo_degree(t, 0), lb = (t->nodes - 2 + per_slot - 1) / per_slot;
  return search_template(s, second, lb > far ? lb : far);
}
