/* orbit_chain.c — symmetric mnb templates by a search over the orbit chain (see orbit_chain.h). */
#include "orbit_chain.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lane_sources.h"
#include "shift_symmetry.h"

#define MAX_TYPES (LANE_MAX_GENS * LANE_MAX_WAIT)

typedef struct {
  const topo *t;
  symmetry_kind kind;
  int n;                   /* generators, and the nodes of a full orbit */
  int port[LANE_MAX_GENS]; /* generator k is port port[k]; the symmetry maps generator k to k + 1 */
  int back[LANE_MAX_GENS]; /* a node reached by generator k reaches its parent by port back[k] */
  uint32_t slots;
  int max_wait;
  /* the nodes */
  uint32_t *orbit; /* each node's orbit, numbered from 0 */
  int *power;      /* node v is the symmetry's power[v]-th image of its orbit's first node */
  bool *full;      /* per orbit */
  uint32_t *at;    /* per orbit: its slot in the chain, 0 if none yet */
  uint32_t *special, nspecial; /* the nodes (not 0) whose orbit is not full, nearest to 0 first */
  uint32_t nfull;              /* full orbits */
  /* the chain, per slot 1..slots: node N(s), generator G(s), or a special slot */
  uint32_t *node;
  int *gen;
  bool *is_special;
  uint32_t *spec_slot, nspec_slots, nchosen; /* the special slots, in order, of the slots - nfull */
  /* the step types (delta, wait) and the further sources a port may take for the special nodes */
  int ntypes, delta[MAX_TYPES], wait[MAX_TYPES], extras;
  /* the special nodes' places */
  uint32_t *placed_slot; /* per node: its special slot, 0 if none */
  int *placed_gen;       /* per node: the generator that reaches it */
  bool *taken;           /* taken[j * n + g]: generator g of special slot j is used */
  int *free_gens;        /* per special slot */
  uint32_t placed;
  int extra_count[LANE_MAX_GENS];
  int extra_use[LANE_MAX_GENS][LANE_MAX_GENS][LANE_MAX_WAIT]; /* port g's further source (i, w): its users */
  /* the budget */
  double deadline; /* 0: none */
  unsigned long long steps, type_sets;
  bool out_of_time;
} chain;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int mod(int a, int n) { return ((a % n) + n) % n; }

static uint32_t step(const chain *c, uint32_t v, int port) { return (uint32_t)topo_neighbor(c->t, v, port); }

/* Counts a step, and runs out of time every 4096 steps. */
static bool spent(chain *c) {
  if (++c->steps % 4096 == 0 && c->deadline > 0 && now() > c->deadline) c->out_of_time = true;
  return c->out_of_time;
}

/* The generator by which node v is reached in slot s, or -1 if it is not reached then. */
static int arrival(const chain *c, uint32_t v, int64_t s) {
  if (s < 1) return -1;
  if (c->is_special[s]) return c->placed_slot[v] == (uint32_t)s ? c->placed_gen[v] : -1;
  uint32_t u = c->node[s];
  if (c->orbit[v] != c->orbit[u]) return -1;
  return mod(c->gen[s] + c->power[v] - c->power[u], c->n);
}

static bool is_type(const chain *c, int delta, int w) {
  for (int k = 0; k < c->ntypes; k++)
    if (c->delta[k] == delta && c->wait[k] == w) return true;
  return false;
}

/* Port g takes a packet that arrived by generator i w slots earlier: a step type, or one of its
 * further sources. false if that would be one too many. */
static bool take_source(chain *c, int g, int i, int w) {
  if (is_type(c, mod(i - g, c->n), w)) return true;
  int *use = &c->extra_use[g][i][w - 1];
  if (*use == 0 && c->extra_count[g] == c->extras) return false;
  if ((*use)++ == 0) c->extra_count[g]++;
  return true;
}

static void drop_source(chain *c, int g, int i, int w) {
  if (is_type(c, mod(i - g, c->n), w)) return;
  if (--c->extra_use[g][i][w - 1] == 0) c->extra_count[g]--;
}

/* Places the special nodes from index k on in special slot j, or defers them to a later one.
 * Every earlier slot is fixed, so a parent's arrival is known. true when all are placed. */
static bool place_specials(chain *c, uint32_t j, uint32_t k) {
  if (spent(c)) return false;
  uint32_t room = (uint32_t)c->free_gens[j] + (c->nspec_slots - j - 1) * (uint32_t)c->n;
  if (c->nspecial - c->placed > room) return false;
  if (k == c->nspecial) return c->placed == c->nspecial || (j + 1 < c->nspec_slots && place_specials(c, j + 1, 0));
  uint32_t x = c->special[k], s = c->spec_slot[j];
  if (c->placed_slot[x]) return place_specials(c, j, k + 1);
  for (int g = 0; g < c->n; g++) {
    if (c->taken[j * (uint32_t)c->n + (uint32_t)g]) continue;
    uint32_t p = step(c, x, c->back[g]);
    for (int w = 1; w <= c->max_wait; w++) {
      int i = arrival(c, p, (int64_t)s - w);
      if (i < 0 || !take_source(c, g, i, w)) continue;
      c->taken[j * (uint32_t)c->n + (uint32_t)g] = true, c->free_gens[j]--, c->placed++;
      c->placed_slot[x] = s, c->placed_gen[x] = g;
      if (place_specials(c, j, k + 1)) return true;
      c->taken[j * (uint32_t)c->n + (uint32_t)g] = false, c->free_gens[j]++, c->placed--;
      c->placed_slot[x] = 0;
      drop_source(c, g, i, w);
    }
  }
  return j + 1 < c->nspec_slots && place_specials(c, j, k + 1); /* x waits for a later slot */
}

/* The special nodes into the special slots, from a clean slate. */
static bool place_all(chain *c) {
  for (uint32_t k = 0; k < c->nspecial; k++) c->placed_slot[c->special[k]] = 0;
  memset(c->taken, 0, (size_t)c->nspec_slots * (size_t)c->n * sizeof *c->taken);
  for (uint32_t j = 0; j < c->nspec_slots; j++) c->free_gens[j] = c->n;
  memset(c->extra_count, 0, sizeof c->extra_count);
  memset(c->extra_use, 0, sizeof c->extra_use);
  c->placed = 0;
  return c->nspecial == 0 || place_specials(c, 0, 0);
}

static bool walk(chain *c, uint32_t s);

/* false if a special node can no longer be reached when slot s is the next to fix: it needs a
 * special neighbour, a neighbour whose orbit is still to come, or a chain node that can send to
 * it, with a step of the chain's types (or a further source), in a special slot or, while
 * special slots are left, in slot s or later. (Whether the generator is free then is left to the
 * placement.) Cheap: on the 8-cube it takes the search from 352 s to 209 s, where the same test
 * for the full orbits cost more than it saved. */
static bool specials_alive(const chain *c, uint32_t s) {
  bool open = c->nchosen < c->nspec_slots;
  for (uint32_t k = 0; k < c->nspecial; k++) {
    uint32_t x = c->special[k];
    bool ok = false;
    for (int g = 0; g < c->n && !ok; g++) {
      uint32_t u = step(c, x, c->back[g]), p = u == 0 ? 0 : c->at[c->orbit[u]];
      if (u == 0) continue;
      if (!c->full[c->orbit[u]] || !p) {
        ok = true;
        continue;
      }
      int i = arrival(c, u, p); /* the generator that reached u */
      for (uint32_t q = p + 1; q <= p + (uint32_t)c->max_wait && !ok; q++)
        ok = (q < s ? c->is_special[q] : open) && (is_type(c, mod(i - g, c->n), (int)(q - p)) || c->extras > 0);
    }
    if (!ok) return false;
  }
  return true;
}

/* Slot s holds the full orbit of v, reached by generator g. */
static bool take_slot(chain *c, uint32_t s, uint32_t v, int g) {
  c->at[c->orbit[v]] = s, c->node[s] = v, c->gen[s] = g;
  if (walk(c, s + 1)) return true;
  c->at[c->orbit[v]] = 0;
  return false;
}

/* Fixes slot s and the ones after it. true when the chain and the special nodes are complete. */
static bool walk(chain *c, uint32_t s) {
  if (spent(c)) return false;
  uint32_t need = c->nspec_slots - c->nchosen;
  if (s > c->slots) return need == 0 && place_all(c);
  if (c->slots - s + 1 < need) return false;
  if (s == 1) return take_slot(c, 1, step(c, 0, c->port[0]), 0); /* node 0's neighbours, all at once */
  if (!specials_alive(c, s)) return false;
  if (need > 0) { /* slot s special */
    c->is_special[s] = true, c->spec_slot[c->nchosen++] = s;
    if (walk(c, s + 1)) return true;
    c->is_special[s] = false, c->nchosen--;
  }
  for (int k = 0; k < c->ntypes; k++) {
    uint32_t w = (uint32_t)c->wait[k];
    if (w >= s || c->is_special[s - w]) continue;
    int g = mod(c->gen[s - w] - c->delta[k], c->n);
    uint32_t v = step(c, c->node[s - w], c->port[g]);
    if (v != 0 && c->full[c->orbit[v]] && !c->at[c->orbit[v]] && take_slot(c, s, v, g)) return true;
  }
  return false;
}

static int by_value(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* 1 if the mirror image of the type set pick[0..m) (type (delta, w) is number (w - 1) n + delta)
 * comes before it. Both symmetries have a reflection that fixes node 0 and takes generator k to
 * -k (the d-cube's dimension k to -k mod d; (a, b) -> (a, -b) on the torus): it maps every chain
 * of types (delta, w) onto one of types (-delta, w), so a set whose mirror was tried first, and
 * failed, fails too. */
static bool mirrored_earlier(const chain *c, const int *pick, int m) {
  int mirror[MAX_TYPES];
  for (int i = 0; i < m; i++) mirror[i] = pick[i] / c->n * c->n + mod(-(pick[i] % c->n), c->n);
  qsort(mirror, (size_t)m, sizeof *mirror, by_value);
  for (int i = 0; i < m; i++)
    if (mirror[i] != pick[i]) return mirror[i] < pick[i];
  return false;
}

/* Tries every set of m types (of the n * max_wait) in lexicographic order, but those whose
 * mirror image came first. */
static bool try_sets(chain *c, int m) {
  int ntypes = c->n * c->max_wait, pick[MAX_TYPES];
  if (m > ntypes) return false;
  for (int i = 0; i < m; i++) pick[i] = i;
  for (;;) {
    if (!mirrored_earlier(c, pick, m)) {
      c->ntypes = m, c->type_sets++;
      for (int i = 0; i < m; i++) c->delta[i] = pick[i] % c->n, c->wait[i] = 1 + pick[i] / c->n;
      memset(c->at, 0, c->t->nodes * sizeof *c->at);
      memset(c->is_special, 0, (c->slots + 1) * sizeof *c->is_special);
      c->nchosen = 0;
      if (walk(c, 1)) return true;
      if (c->out_of_time) return false;
    }
    int i = m - 1;
    while (i >= 0 && pick[i] == ntypes - m + i) i--;
    if (i < 0) return false;
    pick[i]++;
    for (int j = i + 1; j < m; j++) pick[j] = pick[j - 1] + 1;
  }
}

/* The generators in the symmetry's cycle; 0, or -1 with the refusal in err. */
static int order_generators(chain *c, char *err, size_t errlen) {
  const topo *t = c->t;
  int ngens = 0, first = -1;
  for (int p = t->ports - 1; p >= 0; p--)
    if (topo_neighbor(t, 0, p) >= 0) ngens++, first = p;
  c->n = shift_order(t, c->kind);
  for (int k = 0, p = first; k < ngens && k < LANE_MAX_GENS; k++) {
    c->port[k] = p;
    c->back[k] = topo_port_to(t, step(c, 0, p), 0);
    p = topo_port_to(t, 0, shift_image(t, c->kind, step(c, 0, p)));
    if (p == first) {
      if (k + 1 == ngens && ngens == c->n) return 0;
      break;
    }
  }
  snprintf(err, errlen,
           "--chain on '%s': the symmetry must take each generator to the next through all %d of them (the "
           "d-cube's rotation, the KxK torus's turn)",
           t->name, ngens);
  return -1;
}

/* Numbers the orbits, marks the full ones and lists the special nodes, nearest to 0 first. */
static void find_orbits(chain *c) {
  const topo *t = c->t;
  uint32_t norbits = 0;
  for (uint32_t v = 0; v < t->nodes; v++) c->orbit[v] = UINT32_MAX;
  for (uint32_t v = 0; v < t->nodes; v++) {
    if (c->orbit[v] != UINT32_MAX) continue;
    int size = 0;
    for (uint32_t w = v; c->orbit[w] == UINT32_MAX; w = shift_image(t, c->kind, w))
      c->orbit[w] = norbits, c->power[w] = size++;
    c->full[norbits++] = size == c->n;
    c->nfull += size == c->n;
  }
  for (uint32_t v = 1; v < t->nodes; v++)
    if (!c->full[c->orbit[v]]) c->special[c->nspecial++] = v;
  for (uint32_t i = 1; i < c->nspecial; i++) /* insertion sort by distance: there are few */
    for (uint32_t j = i; j > 0 && topo_dist(t, 0, c->special[j]) < topo_dist(t, 0, c->special[j - 1]); j--) {
      uint32_t x = c->special[j];
      c->special[j] = c->special[j - 1], c->special[j - 1] = x;
    }
}

static void chain_free(chain *c) {
  free(c->orbit), free(c->power), free(c->full), free(c->at), free(c->special), free(c->node), free(c->gen);
  free(c->is_special), free(c->spec_slot), free(c->placed_slot), free(c->placed_gen), free(c->taken);
  free(c->free_gens);
}

/* The template of a complete chain into s (sched_init'd for t, mnb, mla). 0, or -1 if memory runs out. */
static int chain_template(const chain *c, sched *s) {
  s->is_template = true;
  for (uint32_t sl = 1; sl <= c->slots; sl++) {
    if (c->is_special[sl]) continue;
    uint32_t v = c->node[sl];
    for (int r = 0; r < c->n; r++, v = shift_image(c->t, c->kind, v))
      if (sched_add(s, sl, step(c, v, c->back[(c->gen[sl] + r) % c->n]), v, 0, -1)) return -1;
  }
  for (uint32_t k = 0; k < c->nspecial; k++) {
    uint32_t x = c->special[k];
    if (sched_add(s, c->placed_slot[x], step(c, x, c->back[c->placed_gen[x]]), x, 0, -1)) return -1;
  }
  return 0;
}

int orbit_chain_search(const topo *t, const search_params *q, double limit_s, const char *out) {
  char err[320];
  chain c = {.t = t, .kind = q->symmetry, .max_wait = q->max_wait};
  if (t->kind != TOPO_HYPERCUBE && t->kind != TOPO_TORUS) {
    fprintf(stderr, "te_search: --chain on '%s': symmetric mnb templates are searched on hypercubes and tori\n",
            t->name);
    return 2;
  }
  if (shift_check(t, q->symmetry, err, sizeof err) || order_generators(&c, err, sizeof err)) {
    fprintf(stderr, "te_search: %s\n", err);
    return 2;
  }
  uint32_t n = t->nodes;
  c.orbit = malloc(n * sizeof *c.orbit), c.power = malloc(n * sizeof *c.power), c.full = calloc(n, sizeof *c.full);
  c.at = calloc(n, sizeof *c.at), c.special = malloc(n * sizeof *c.special);
  c.placed_slot = calloc(n, sizeof *c.placed_slot), c.placed_gen = calloc(n, sizeof *c.placed_gen);
  bool ok = c.orbit && c.power && c.full && c.at && c.special && c.placed_slot && c.placed_gen;
  if (ok) {
    find_orbits(&c);
    /* a slot per full orbit and at most one per special node: more slots would only be empty */
    c.slots = q->slots < c.nfull + c.nspecial ? q->slots : c.nfull + c.nspecial;
    size_t per_slot = (size_t)c.slots + 1;
    c.node = calloc(per_slot, sizeof *c.node), c.gen = calloc(per_slot, sizeof *c.gen);
    c.is_special = calloc(per_slot, sizeof *c.is_special), c.spec_slot = calloc(per_slot, sizeof *c.spec_slot);
    c.taken = calloc(per_slot * (size_t)c.n, sizeof *c.taken), c.free_gens = calloc(per_slot, sizeof *c.free_gens);
    ok = c.node && c.gen && c.is_special && c.spec_slot && c.taken && c.free_gens;
  }
  if (!ok) {
    chain_free(&c);
    fprintf(stderr, "te_search: out of memory searching %s\n", t->name);
    return 1;
  }
  double start = now();
  c.deadline = limit_s > 0 ? start + limit_s : 0;
  bool found = false;
  /* the special nodes fill the slots the full orbits leave, at most n a slot */
  if (c.slots >= c.nfull && c.nspecial <= (uint64_t)(c.slots - c.nfull) * (uint64_t)c.n) {
    c.nspec_slots = c.slots - c.nfull;
    int most = q->sources - 1; /* every port also sends its own packet */
    for (int m = most < c.n * c.max_wait ? most : c.n * c.max_wait; m >= 0 && !found && !c.out_of_time; m--) {
      c.extras = most - m;
      found = try_sets(&c, m);
    }
  }
  printf("topo=%s task=mnb slots=%u chain=%s chain_s=%.3f type_sets=%llu steps=%llu", t->name, (unsigned)q->slots,
         found ? "sat" : c.out_of_time ? "unknown" : "none", now() - start, c.type_sets, c.steps);
  int bad = 0;
  if (found) {
    printf(" types=");
    for (int k = 0; k < c.ntypes; k++) printf("(%d,%d)", c.delta[k], c.wait[k]);
    sched s;
    sched_init(&s, t, TASK_MNB, MODEL_MLA, -1);
    bad = search_lanes_report(t, q, &s, chain_template(&c, &s), out);
    sched_free(&s);
  }
  printf("\n");
  chain_free(&c);
  return bad;
}
