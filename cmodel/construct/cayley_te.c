/* cayley_te.c — total exchange on a ring or torus as a translation template.
 *
 * Node 0 sends a packet to every v along a shortest path: |v_i| hops of +e_i or -e_i in each
 * dimension (at the antipode of an even dimension the direction alternates over the packets,
 * so that +e_i and -e_i carry equal loads). The group is abelian, so the hops of a packet
 * reach v in any order. Put the hops in a bipartite multigraph, packets on one side and
 * generators on the other: a proper edge colouring is a schedule in which each packet makes
 * at most one hop and each generator is used at most once per slot (colour = slot), i.e. a
 * template whose translates never share a directed link (003 Thm 4.5's argument). König's
 * theorem gives a colouring with as many colours as the largest degree: the longest path or
 * the heaviest generator, whichever is larger. The heaviest generator carries
 * ceil((N/K_i) floor(K_i^2/4) / 2) hops of dimension i when both directions share them
 * equally, which is the verifier's per-dimension lower bound for any te schedule; it is one
 * antipodal path longer when N/K_i is odd (the template sends every node's antipode packet
 * the same way).
 *
 * Under oneway the colouring is of packets against dimensions (a slot uses each dimension
 * once, either way: 003 Lemma 7.4's argument), so the heaviest dimension carries all the hops
 * of dimension i, twice the two-way figure, which is the one-way cut bound.
 */
#include <stdlib.h>
#include <string.h>

#include "construct/construct.h"

#define NONE UINT32_MAX

typedef struct {
  uint32_t packet, gen, color;
  uint32_t cls; /* what a slot may use once: the generator (mla), its dimension (oneway) */
} hop;

typedef struct {
  hop *hops;
  uint32_t *first;     /* packet v's hops are hops[first[v] .. first[v+1]) */
  uint32_t *at_gen;    /* at_gen[g * colors + c]: the hop of generator g coloured c, or NONE */
  uint32_t *lowest;    /* per generator: no colour below it is free */
  uint32_t colors;
} coloring;

static uint32_t hop_of_packet(const coloring *k, uint32_t v, uint32_t c) {
  for (uint32_t h = k->first[v]; h < k->first[v + 1]; h++)
    if (k->hops[h].color == c) return h;
  return NONE;
}

static uint32_t free_at_packet(const coloring *k, uint32_t v) {
  for (uint32_t c = 0;; c++)
    if (hop_of_packet(k, v, c) == NONE) return c;
}

static uint32_t free_at_gen(coloring *k, uint32_t g) {
  uint32_t c = k->lowest[g];
  while (k->at_gen[g * k->colors + c] != NONE) c++;
  k->lowest[g] = c;
  return c;
}

static void set_color(coloring *k, uint32_t h, uint32_t c) {
  hop *x = &k->hops[h];
  if (x->color != NONE && k->at_gen[x->cls * k->colors + x->color] == h) {
    k->at_gen[x->cls * k->colors + x->color] = NONE;
    if (x->color < k->lowest[x->cls]) k->lowest[x->cls] = x->color;
  }
  x->color = c;
  k->at_gen[x->cls * k->colors + c] = h;
}

/* König: colour hop h (packet v, generator g) with a free at v and b free at g. If a is taken
 * at g, swap a and b along the path from g that alternates a, b, a, ... ; it cannot reach v
 * (the graph is bipartite and a is free at v), and afterwards a is free at g. */
static void color_hop(coloring *k, uint32_t h, uint32_t *path) {
  uint32_t v = k->hops[h].packet, g = k->hops[h].cls;
  uint32_t a = free_at_packet(k, v), b = free_at_gen(k, g);
  if (k->at_gen[g * k->colors + a] != NONE) {
    uint32_t len = 0, at = g, want = a;
    for (;;) { /* from a generator take colour `want`, then from its packet the other one */
      uint32_t e = k->at_gen[at * k->colors + want];
      if (e == NONE) break;
      path[len++] = e;
      uint32_t other = want == a ? b : a;
      uint32_t f = hop_of_packet(k, k->hops[e].packet, other);
      if (f == NONE) break;
      path[len++] = f;
      at = k->hops[f].cls;
    }
    for (uint32_t i = 0; i < len; i++) /* clear first, so that the swap never overwrites */
      k->at_gen[k->hops[path[i]].cls * k->colors + k->hops[path[i]].color] = NONE;
    for (uint32_t i = 0; i < len; i++) {
      hop *x = &k->hops[path[i]];
      x->color = x->color == a ? b : a;
      k->at_gen[x->cls * k->colors + x->color] = path[i];
      if (a < k->lowest[x->cls]) k->lowest[x->cls] = a;
    }
  }
  set_color(k, h, a);
}

/* Sorts a packet's hops by colour (insertion sort: a path is short). */
static void sort_hops(hop *first, uint32_t len) {
  for (uint32_t i = 1; i < len; i++)
    for (uint32_t j = i; j > 0 && first[j - 1].color > first[j].color; j--) {
      hop x = first[j];
      first[j] = first[j - 1];
      first[j - 1] = x;
    }
}

/* What a colouring costs the routers, on the template: the hops of a packet that waited three
 * slots or more since its previous hop (it sits in a memory bank), then the distinct
 * (generator, generator it arrived by, wait of 1, 2 or 3+) forwarding sources plus the own
 * packet per generator (the output multiplexers). Sorts every packet's hops by colour. */
static uint64_t colouring_cost(coloring *k, uint32_t n, int ngens) {
  static uint8_t seen[2 * TOPO_MAX_DIMS][2 * TOPO_MAX_DIMS * 3 + 1];
  memset(seen, 0, sizeof seen);
  uint64_t stored = 0, sources = 0;
  for (uint32_t v = 1; v < n; v++) {
    hop *first = &k->hops[k->first[v]];
    uint32_t len = k->first[v + 1] - k->first[v];
    sort_hops(first, len);
    for (uint32_t i = 0; i < len; i++) {
      uint32_t key = (uint32_t)ngens * 3; /* the own packet */
      if (i) {
        uint32_t wait = first[i].color - first[i - 1].color;
        stored += wait >= 3;
        key = first[i - 1].gen * 3 + (wait < 3 ? wait - 1 : 2);
      }
      if (!seen[first[i].gen][key]++) sources++;
    }
  }
  return stored << 32 | sources;
}

/* up to this many nodes several hop orders are coloured and the cheapest kept */
#define SEARCH_ALL_NODES 1024
#define ATTEMPTS 24

int cayley_te(sched *s) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes, nports = (uint32_t)t->ports;
  s->is_template = true;
  uint64_t total = topo_dist_sum_from(t, 0);
  coloring k = {0};
  k.hops = malloc((total ? total : 1) * sizeof *k.hops);
  k.first = malloc((n + 1) * sizeof *k.first);
  uint32_t *path = malloc((total ? total : 1) * sizeof *path), *order = malloc((total ? total : 1) * sizeof *order);
  hop *best = malloc((total ? total : 1) * sizeof *best);
  uint32_t load[2 * TOPO_MAX_DIMS] = {0}, antipodes[TOPO_MAX_DIMS] = {0}, longest = 0;
  int rc = -1;
  if (!k.hops || !k.first || !path || !order || !best) goto out;
  uint32_t nh = 0;
  for (uint32_t v = 0; v < n; v++) {
    k.first[v] = nh;
    for (int i = 0; i < t->ndims; i++) {
      uint32_t kk = t->radix[i], c = topo_coord(t, v, i), hops = c, port = 2 * (uint32_t)i;
      if (kk > 2 && (2 * c > kk || (2 * c == kk && antipodes[i]++ % 2))) {
        hops = kk - c; /* the -e_i way round */
        port++;
      }
      uint32_t cls = s->model == MODEL_ONEWAY ? (uint32_t)i : port;
      for (uint32_t j = 0; j < hops; j++) k.hops[nh++] = (hop){v, port, NONE, cls};
      load[cls] += hops;
    }
    if (nh - k.first[v] > longest) longest = nh - k.first[v];
  }
  k.first[n] = nh;
  k.colors = longest;
  for (uint32_t p = 0; p < nports; p++)
    if (load[p] > k.colors) k.colors = load[p];
  k.at_gen = malloc((size_t)nports * k.colors * sizeof *k.at_gen);
  k.lowest = calloc(nports, sizeof *k.lowest);
  if (!k.at_gen || !k.lowest) goto out;
  /* colour the hops in several orders (the first: as built; then fixed pseudo-random ones);
   * every order gives the same slots, and the cheapest for the routers is kept */
  uint64_t best_cost = UINT64_MAX;
  for (uint32_t a = 0; a < (n <= SEARCH_ALL_NODES ? ATTEMPTS : 1); a++) {
    for (uint32_t h = 0; h < nh; h++) {
      order[h] = h;
      k.hops[h].color = NONE;
    }
    for (uint32_t h = nh; a && h > 1; h--) { /* Fisher-Yates with a fixed generator */
      uint64_t x = ((uint64_t)a << 32 | h) * 0x9e3779b97f4a7c15ull;
      x = (x ^ (x >> 31)) * 0xbf58476d1ce4e5b9ull;
      uint32_t j = (uint32_t)((x >> 32) % h), tmp = order[h - 1];
      order[h - 1] = order[j];
      order[j] = tmp;
    }
    for (size_t i = 0; i < (size_t)nports * k.colors; i++) k.at_gen[i] = NONE;
    memset(k.lowest, 0, nports * sizeof *k.lowest);
    for (uint32_t h = 0; h < nh; h++) color_hop(&k, order[h], path);
    uint64_t cost = colouring_cost(&k, n, t->ports);
    if (cost < best_cost) {
      best_cost = cost;
      memcpy(best, k.hops, nh * sizeof *best);
    }
  }
  /* each packet makes its hops in colour order (sorted by colouring_cost) */
  rc = 0;
  for (uint32_t v = 1; v < n && !rc; v++) {
    uint32_t at = 0;
    for (uint32_t i = k.first[v]; i < k.first[v + 1] && !rc; i++) {
      uint32_t next = (uint32_t)topo_neighbor(t, at, (int)best[i].gen);
      rc = sched_add(s, best[i].color + 1, at, next, 0, (int32_t)v);
      at = next;
    }
  }
out:
  free(k.hops);
  free(k.first);
  free(k.at_gen);
  free(k.lowest);
  free(path);
  free(order);
  free(best);
  return rc;
}
