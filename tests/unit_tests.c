/* unit_tests.c — library-level tests of cmodel, built with ASan+UBSan (make test).
 * Expected figures come from graph theory (BFS) and paper 000's formulas, never from the
 * code under test. Ends with the line "N passed, N failed". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/batchmeans.h"
#include "model/bounds.h"
#include "construct/build.h"
#include "format/golden.h"
#include "construct/hamilton.h"
#include "model/reduce_op.h"
#include "util/rng.h"
#include "model/schedule.h"
#include "model/topo.h"
#include "verify/verify.h"

static int passed, failed;

#define CHECK(cond, ...)                         \
  do {                                           \
    if (cond) {                                  \
      passed++;                                  \
    } else {                                     \
      failed++;                                  \
      printf("FAILED %s:%d: ", __FILE__, __LINE__); \
      printf(__VA_ARGS__);                       \
      printf("\n");                              \
    }                                            \
  } while (0)

/* ---- topology: adjacency and the closed-form distance sums against BFS ---- */

static void bfs(const topo *t, uint32_t src, uint32_t *dist) {
  uint32_t *queue = malloc(t->nodes * sizeof *queue);
  for (uint32_t i = 0; i < t->nodes; i++) dist[i] = UINT32_MAX;
  size_t head = 0, tail = 0;
  dist[src] = 0;
  queue[tail++] = src;
  while (head < tail) {
    uint32_t u = queue[head++];
    for (int p = 0; p < t->ports; p++) {
      int64_t v = topo_neighbor(t, u, p);
      if (v >= 0 && dist[v] == UINT32_MAX) {
        dist[v] = dist[u] + 1;
        queue[tail++] = (uint32_t)v;
      }
    }
  }
  free(queue);
}

static void test_topology(const char *spec) {
  topo t;
  char err[256];
  CHECK(topo_parse(spec, &t, err, sizeof err) == 0, "parse %s: %s", spec, err);
  uint64_t directed = 0, all_sum = 0;
  uint32_t diameter = 0;
  uint32_t *dist = malloc(t.nodes * sizeof *dist);
  int adjacency_ok = 1, metric_ok = 1;
  for (uint32_t u = 0; u < t.nodes; u++) {
    for (int p = 0; p < t.ports; p++) {
      int64_t v = topo_neighbor(&t, u, p);
      if (v < 0) continue;
      directed++;
      /* the port that reaches v is p, and v has a port back to u */
      if (topo_port_to(&t, u, (uint32_t)v) != p || topo_port_to(&t, (uint32_t)v, u) < 0) adjacency_ok = 0;
    }
    bfs(&t, u, dist);
    uint64_t sum = 0;
    uint32_t ecc = 0;
    for (uint32_t v = 0; v < t.nodes; v++) {
      if (dist[v] == UINT32_MAX || topo_dist(&t, u, v) != dist[v]) metric_ok = 0;
      sum += dist[v];
      if (dist[v] > ecc) ecc = dist[v];
    }
    if (topo_dist_sum_from(&t, u) != sum || topo_eccentricity(&t, u) != ecc) metric_ok = 0;
    all_sum += sum;
    if (ecc > diameter) diameter = ecc;
  }
  free(dist);
  CHECK(adjacency_ok, "%s: neighbour and port_to disagree", spec);
  CHECK(metric_ok, "%s: distance, eccentricity or distance sum differs from BFS", spec);
  CHECK(directed == 2 * topo_links(&t), "%s: %llu directed links but links()=%llu", spec,
        (unsigned long long)directed, (unsigned long long)topo_links(&t));
  CHECK(topo_dist_sum_all(&t) == all_sum, "%s: dist_sum_all", spec);
  CHECK(topo_diameter(&t) == diameter, "%s: diameter %u, BFS %u", spec, topo_diameter(&t), diameter);
  int min_degree = t.ports;
  for (uint32_t u = 0; u < t.nodes; u++)
    if (topo_degree(&t, u) < min_degree) min_degree = topo_degree(&t, u);
  CHECK(topo_min_degree(&t) == min_degree, "%s: min_degree %d, counted %d", spec, topo_min_degree(&t), min_degree);
}

static void test_bad_topologies(void) {
  static const char *const bad[][2] = {
      {"hypercube:0", "0"},   {"hypercube:17", "17"}, {"hypercube:x", "x"},     {"torus:1x4", "'1'"},
      {"mesh:300x300", "mesh:300x300"}, {"ring:1", "'1'"}, {"cube:3", "cube"}, {"torus:4x", "torus:4x"},
      {"hypercube", "hypercube"}, {"ring:4x4", "ring:4x4"}, {"complete:1", "'1'"}, {"complete:34", "'34'"},
      {"complete:x", "'x'"}, {"complete:4x4", "'4x4'"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    topo t;
    char err[256] = "";
    int rc = topo_parse(bad[i][0], &t, err, sizeof err);
    CHECK(rc == -1 && strstr(err, bad[i][1]), "'%s' must be rejected naming '%s' (got rc=%d, '%s')", bad[i][0],
          bad[i][1], rc, err);
  }
}

/* ---- the verifier on hand-made schedules ---- */

typedef struct {
  const char *what, *topo;
  task_kind task;
  model_kind model;
  int64_t root;
  int nrows;
  sched_row rows[8];
  int expect; /* VERIFY_OK, VERIFY_VIOLATION or VERIFY_BAD_INPUT (first non-OK result) */
  const char *reason;
} verifier_case;

static const verifier_case verifier_cases[] = {
    {"te on a 1-cube", "hypercube:1", TASK_TE, MODEL_MLA, -1, 2, {{1, 0, 1, 0, 1}, {1, 1, 0, 1, 0}}, VERIFY_OK, ""},
    {"te with a row dropped", "hypercube:1", TASK_TE, MODEL_MLA, -1, 1, {{1, 0, 1, 0, 1}}, VERIFY_VIOLATION,
     "incomplete"},
    {"te both ways in one slot, sp-half", "hypercube:1", TASK_TE, MODEL_SP_HALF, -1, 2,
     {{1, 0, 1, 0, 1}, {1, 1, 0, 1, 0}}, VERIFY_VIOLATION, "capacity"},
    {"te both ways in one slot, oneway", "hypercube:1", TASK_TE, MODEL_ONEWAY, -1, 2,
     {{1, 0, 1, 0, 1}, {1, 1, 0, 1, 0}}, VERIFY_VIOLATION, "capacity"},
    {"te both ways in one slot, sp-full", "hypercube:1", TASK_TE, MODEL_SP_FULL, -1, 2,
     {{1, 0, 1, 0, 1}, {1, 1, 0, 1, 0}}, VERIFY_OK, ""},
    {"te one way per slot, oneway", "hypercube:1", TASK_TE, MODEL_ONEWAY, -1, 2, {{1, 0, 1, 0, 1}, {2, 1, 0, 1, 0}},
     VERIFY_OK, ""},
    {"snb forwards in the slot it receives", "hypercube:2", TASK_SNB, MODEL_MLA, 0, 3,
     {{1, 0, 1, 0, -1}, {1, 1, 3, 0, -1}, {2, 0, 2, 0, -1}}, VERIFY_VIOLATION, "does not hold"},
    {"snb binomial", "hypercube:2", TASK_SNB, MODEL_MLA, 0, 3, {{1, 0, 1, 0, -1}, {2, 0, 2, 0, -1}, {2, 1, 3, 0, -1}},
     VERIFY_OK, ""},
    {"snb same link twice", "hypercube:2", TASK_SNB, MODEL_MLA, 0, 4,
     {{1, 0, 1, 0, -1}, {2, 0, 2, 0, -1}, {2, 1, 3, 0, -1}, {2, 1, 3, 0, -1}}, VERIFY_VIOLATION, "capacity"},
    {"snb over a non-link", "hypercube:2", TASK_SNB, MODEL_MLA, 0, 2, {{1, 0, 1, 0, -1}, {1, 0, 3, 0, -1}},
     VERIFY_VIOLATION, "not a link"},
    {"snb from a node out of range", "hypercube:2", TASK_SNB, MODEL_MLA, 0, 1, {{1, 4, 5, 0, -1}}, VERIFY_VIOLATION,
     "not a link"},
    {"snb packet of another origin", "hypercube:2", TASK_SNB, MODEL_MLA, 0, 1, {{1, 1, 0, 1, -1}}, VERIFY_VIOLATION,
     "root"},
    {"rows out of order", "hypercube:2", TASK_SNB, MODEL_MLA, 0, 2, {{2, 0, 2, 0, -1}, {1, 0, 1, 0, -1}},
     VERIFY_BAD_INPUT, "order"},
    {"scatter sends a personalized packet twice", "hypercube:2", TASK_SCATTER, MODEL_MLA, 0, 4,
     {{1, 0, 1, 0, 1}, {1, 0, 2, 0, 3}, {2, 0, 1, 0, 3}, {2, 0, 2, 0, 2}}, VERIFY_VIOLATION, "does not hold"},
    {"gather on a ring", "ring:3", TASK_GATHER, MODEL_SP_FULL, 0, 2, {{1, 1, 0, 1, 0}, {2, 2, 0, 2, 0}}, VERIFY_OK, ""},
    {"mnb broadcast packet with a dest", "hypercube:1", TASK_MNB, MODEL_MLA, -1, 1, {{1, 0, 1, 0, 1}},
     VERIFY_VIOLATION, "not part of task"},
    /* combining tasks (schedule.h): origin -1 moves the sender's partial, -2 copies it, w passes on */
    {"global sum: exchange and add", "hypercube:1", TASK_GLOBAL_SUM, MODEL_MLA, -1, 2,
     {{1, 0, 1, ORIGIN_COPY, 0}, {1, 1, 0, ORIGIN_COPY, 0}}, VERIFY_OK, ""},
    {"global sum: both partials moved away", "hypercube:1", TASK_GLOBAL_SUM, MODEL_MLA, -1, 2,
     {{1, 0, 1, ORIGIN_MOVE, 0}, {1, 1, 0, ORIGIN_MOVE, 0}}, VERIFY_VIOLATION,
     "incomplete: node 0 ends without the contribution of node 0 to chunk 0"},
    {"global sum: a ring of 3 in one slot", "ring:3", TASK_GLOBAL_SUM, MODEL_MLA, -1, 6,
     {{1, 0, 1, ORIGIN_COPY, 0}, {1, 0, 2, ORIGIN_COPY, 0}, {1, 1, 0, ORIGIN_COPY, 0}, {1, 1, 2, ORIGIN_COPY, 0},
      {1, 2, 0, ORIGIN_COPY, 0}, {1, 2, 1, ORIGIN_COPY, 0}},
     VERIFY_OK, ""},
    {"global sum: the antipode twice", "ring:4", TASK_GLOBAL_SUM, MODEL_MLA, -1, 8,
     {{1, 0, 1, ORIGIN_COPY, 0}, {1, 1, 0, ORIGIN_COPY, 0}, {1, 1, 2, ORIGIN_COPY, 0}, {1, 2, 1, ORIGIN_COPY, 0},
      {1, 2, 3, ORIGIN_COPY, 0}, {1, 3, 2, ORIGIN_COPY, 0}, {2, 1, 0, 2, 0}, {2, 3, 0, 2, 0}},
     VERIFY_VIOLATION, "slot 2: node 0 counts the contribution of node 2 to chunk 0 twice"},
    {"reduce along the binomial tree", "hypercube:2", TASK_REDUCE, MODEL_MLA, 0, 3,
     {{1, 3, 1, ORIGIN_MOVE, 0}, {2, 1, 0, ORIGIN_MOVE, 0}, {2, 2, 0, ORIGIN_MOVE, 0}}, VERIFY_OK, ""},
    {"reduce with a contribution doubled", "hypercube:2", TASK_REDUCE, MODEL_MLA, 0, 4,
     {{1, 3, 1, ORIGIN_MOVE, 0}, {1, 3, 2, ORIGIN_COPY, 0}, {2, 1, 0, ORIGIN_MOVE, 0}, {2, 2, 0, ORIGIN_MOVE, 0}},
     VERIFY_VIOLATION, "twice in slot 1"},
    {"reduce with a copy that double counts", "hypercube:2", TASK_REDUCE, MODEL_MLA, 0, 4,
     {{1, 3, 1, ORIGIN_COPY, 0}, {1, 3, 2, ORIGIN_COPY, 0}, {2, 1, 0, ORIGIN_MOVE, 0}, {2, 2, 0, ORIGIN_MOVE, 0}},
     VERIFY_VIOLATION, "slot 2: node 0 counts the contribution of node 3 to chunk 0 twice"},
    {"reduce with a contribution dropped", "hypercube:2", TASK_REDUCE, MODEL_MLA, 0, 2,
     {{2, 1, 0, ORIGIN_MOVE, 0}, {2, 2, 0, ORIGIN_MOVE, 0}}, VERIFY_VIOLATION,
     "incomplete: node 0 ends without the contribution of node 3 to chunk 0"},
    {"reduce sends a partial it forwarded", "hypercube:2", TASK_REDUCE, MODEL_MLA, 0, 2,
     {{1, 1, 0, ORIGIN_MOVE, 0}, {2, 1, 3, ORIGIN_MOVE, 0}}, VERIFY_VIOLATION, "holds no partial of chunk 0"},
    {"reduce with a chunk out of range", "hypercube:2", TASK_REDUCE, MODEL_MLA, 0, 1, {{1, 1, 0, ORIGIN_MOVE, 1}},
     VERIFY_VIOLATION, "chunk 1 is not a chunk"},
    {"pass on a word never received", "ring:3", TASK_GLOBAL_SUM, MODEL_MLA, -1, 1, {{1, 0, 1, 2, 0}},
     VERIFY_VIOLATION, "received no word of chunk 0 from node 2"},
    {"pass on from a node that is no neighbour", "hypercube:2", TASK_GLOBAL_SUM, MODEL_MLA, -1, 1,
     {{1, 0, 1, 3, 0}}, VERIFY_VIOLATION, "neither -1, -2 nor a neighbour"},
    {"reduce_scatter on a 1-cube", "hypercube:1", TASK_REDUCE_SCATTER, MODEL_ONEWAY, -1, 2,
     {{1, 0, 1, ORIGIN_MOVE, 1}, {2, 1, 0, ORIGIN_MOVE, 0}}, VERIFY_OK, ""},
};

static void test_verifier_cases(void) {
  for (size_t i = 0; i < sizeof verifier_cases / sizeof verifier_cases[0]; i++) {
    const verifier_case *c = &verifier_cases[i];
    topo t;
    char err[256];
    topo_parse(c->topo, &t, err, sizeof err);
    verifier *v = verifier_new(&t, c->task, c->model, c->root, TEMPLATE_NONE, err, sizeof err);
    CHECK(v != NULL, "%s: verifier_new: %s", c->what, err);
    if (!v) continue;
    int rc = VERIFY_OK;
    for (int r = 0; r < c->nrows && rc == VERIFY_OK; r++) rc = verifier_feed(v, &c->rows[r]);
    verify_summary sum;
    if (rc == VERIFY_OK) rc = verifier_finish(v, &sum);
    CHECK(rc == c->expect && strstr(verifier_message(v), c->reason), "%s: expected %d '%s', got %d '%s'", c->what,
          c->expect, c->reason, rc, verifier_message(v));
    verifier_free(v);
  }
}

/* ---- schedules: whole-schedule order and the paper's figures ---- */

typedef struct {
  sched_row last;
  uint64_t rows;
  int sorted;
} order_check;

static int check_order(void *ctx, const sched_row *r) {
  order_check *o = ctx;
  if (o->rows && !(r->slot > o->last.slot || (r->slot == o->last.slot &&
                                              (r->src > o->last.src || (r->src == o->last.src && r->dst > o->last.dst)))))
    o->sorted = 0;
  o->last = *r;
  o->rows++;
  return 0;
}

static uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static void test_hypercube_schedules(void) {
  for (int d = 1; d <= 9; d++) {
    uint64_t n = 1ull << d;
    /* paper 000 Table 1 (snb: binomial tree, d slots); the combining tasks (docs/REDUCTIONS.md):
     * reduce and reduce_scatter reverse snb and mnb (003 Thm 2.10-2.11), allreduce is both
     * halves of the mnb, global_sum the dimension exchange (003 §1: d slots, every node sends d
     * words) */
    uint64_t mnb = ceil_div(n - 1, (uint64_t)d), edge = 2 * ceil_div(n - 2, (uint64_t)d) + 1;
    /* allreduce: the reduce-scatter and all-gather (2 mnb), or from d = 2 on each chunk summed
     * at both ends of an edge (2 ceil((N-2)/d) + 1), whichever is less */
    uint64_t allreduce = d >= 2 && edge < 2 * mnb ? edge : 2 * mnb;
    const uint64_t slots[TASK_COUNT] = {(uint64_t)d, mnb, mnb, mnb, n / 2, (uint64_t)d, mnb, allreduce, (uint64_t)d};
    const uint64_t tx[TASK_COUNT] = {n - 1,         n * (n - 1), (uint64_t)d * n / 2,    (uint64_t)d * n / 2,
                                     (uint64_t)d * n * n / 2, n - 1, n * (n - 1), 2 * n * (n - 1), (uint64_t)d * n};
    /* their lower bounds: the same but for allreduce (the one-way gossip bound 2(N-1) words per
     * chunk over the 2 links per slot) and global_sum (gossip: 2(N-1) words at least) */
    uint64_t lb_slots[TASK_COUNT], lb_tx[TASK_COUNT];
    memcpy(lb_slots, slots, sizeof slots);
    memcpy(lb_tx, tx, sizeof tx);
    lb_slots[TASK_ALLREDUCE] = ceil_div(2 * (n - 1), (uint64_t)d);
    lb_tx[TASK_GLOBAL_SUM] = 2 * (n - 1);
    char name[32], err[256];
    snprintf(name, sizeof name, "hypercube:%d", d);
    topo t;
    topo_parse(name, &t, err, sizeof err);
    for (int k = 0; k < TASK_KBCAST; k++) { /* kbcast's figures depend on K: tests/kbcast.sh */
      sched s;
      int64_t root = task_has_root((task_kind)k) ? (int64_t)(n - 1) : -1;
      CHECK(schedule_build(&s, &t, (task_kind)k, MODEL_MLA, root, NULL, err, sizeof err) == 0, "build: %s", err);
      order_check o = {{0, 0, 0, 0, 0}, 0, 1};
      sched_foreach(&s, check_order, &o);
      CHECK(o.sorted, "%s %s: rows not strictly sorted by (slot, src, dst)", name, task_name((task_kind)k));
      CHECK(o.rows == tx[k] && s.slots == slots[k], "%s %s: %llu rows in %u slots, paper: %llu in %llu", name,
            task_name((task_kind)k), (unsigned long long)o.rows, s.slots, (unsigned long long)tx[k],
            (unsigned long long)slots[k]);
      CHECK(bound_slots(&t, (task_kind)k, MODEL_MLA, (uint32_t)(n - 1)) == lb_slots[k] &&
                bound_transmissions(&t, (task_kind)k, (uint32_t)(n - 1)) == lb_tx[k],
            "%s %s: lower bounds differ from paper 000 Table 1 (and the formulas above)", name, task_name((task_kind)k));
      sched_free(&s);
    }
  }
}

static void test_unavailable(void) {
  topo t;
  char err[256];
  sched s;
  topo_parse("torus:2x4", &t, err, sizeof err);
  CHECK(schedule_build(&s, &t, TASK_MNB, MODEL_ONEWAY, -1, "cayley", err, sizeof err) == -1 && strstr(err, "torus:2x4") &&
            strstr(err, "oneway"),
        "a one-way Cayley template on a torus with a size-2 dimension must be refused: %s", err);
  topo_parse("torus:4x4", &t, err, sizeof err);
  CHECK(schedule_build(&s, &t, TASK_MNB, MODEL_MLA, -1, "classes", err, sizeof err) == -1 && strstr(err, "classes"),
        "the hypercube's construction on a torus must be refused: %s", err);
  topo_parse("mesh:3x5", &t, err, sizeof err);
  CHECK(schedule_build(&s, &t, TASK_MNB, MODEL_MLA, -1, "cycle", err, sizeof err) == -1 && strstr(err, "mesh:3x5"),
        "a ring algorithm on a mesh without a Hamiltonian cycle must be refused: %s", err);
  topo_parse("hypercube:3", &t, err, sizeof err);
  CHECK(schedule_build(&s, &t, TASK_TE, MODEL_SP_FULL, -1, "recursive", err, sizeof err) == -1 && strstr(err, "sp-full"),
        "the two-way te construction under sp-full must be refused: %s", err);
}

/* ---- translation: against coordinate arithmetic done here ---- */

static void test_translation(const char *spec) {
  topo t;
  char err[256];
  topo_parse(spec, &t, err, sizeof err);
  int ok = 1;
  for (uint32_t u = 0; u < t.nodes; u++)
    for (uint32_t x = 0; x < t.nodes; x++) {
      uint32_t want = 0, rest_u = u, rest_x = x, mul = 1;
      for (int i = 0; i < t.ndims; i++) { /* digit by digit, radix K_i */
        uint32_t k = t.radix[i];
        want += ((rest_u % k + rest_x % k) % k) * mul;
        rest_u /= k;
        rest_x /= k;
        mul *= k;
      }
      uint32_t sum = topo_add(&t, u, x);
      if (sum != want || topo_sub(&t, sum, x) != u) ok = 0;
      /* a translation maps port p's link onto port p's link */
      for (int p = 0; p < t.ports && ok; p++) {
        int64_t v = topo_neighbor(&t, u, p);
        if (v >= 0 && topo_neighbor(&t, topo_add(&t, u, x), p) != (int64_t)topo_add(&t, (uint32_t)v, x)) ok = 0;
      }
    }
  CHECK(ok, "%s: topo_add/topo_sub disagree with coordinate arithmetic, or move a link off its port", spec);
}

/* The whole schedule of a template equals its rows translated here, row by row. */
typedef struct {
  const sched *tpl;
  uint64_t seen;
  int ok;
  uint8_t *hit; /* per (template row, node): produced once */
} expand_check;

static int check_expanded(void *ctx, const sched_row *r) {
  expand_check *e = ctx;
  const topo *t = &e->tpl->topo;
  /* the template row this came from: translate back by its origin */
  uint32_t src = topo_sub(t, r->src, r->origin), dst = topo_sub(t, r->dst, r->origin);
  int32_t dest = r->dest < 0 ? -1 : (int32_t)topo_sub(t, (uint32_t)r->dest, r->origin);
  size_t i = 0;
  while (i < e->tpl->nrows && !(e->tpl->rows[i].slot == r->slot && e->tpl->rows[i].src == src &&
                                  e->tpl->rows[i].dst == dst && e->tpl->rows[i].dest == dest))
    i++;
  if (i == e->tpl->nrows || e->hit[i * t->nodes + r->origin]++) e->ok = 0;
  e->seen++;
  return 0;
}

static void test_template_expansion(const char *spec, task_kind task, const char *alg) {
  topo t;
  char err[256] = "not a template";
  sched s;
  topo_parse(spec, &t, err, sizeof err);
  CHECK(schedule_build(&s, &t, task, MODEL_MLA, -1, alg, err, sizeof err) == 0 && s.is_template, "%s %s: %s", spec,
        task_name(task), err);
  if (!s.is_template) return sched_free(&s);
  expand_check e = {&s, 0, 1, calloc(s.nrows * t.nodes, 1)};
  sched_foreach(&s, check_expanded, &e);
  CHECK(e.ok && e.seen == (uint64_t)s.nrows * t.nodes, "%s %s: the expansion is not every template row translated once",
        spec, task_name(task));
  free(e.hit);
  sched_free(&s);
}

/* ---- one-way hypercube mnb (003 Thm 6.3): the parity template expanded here ---- */

static int by_dst(const void *a, const void *b) {
  const sched_row *x = a, *y = b;
  return (x->dst > y->dst) - (x->dst < y->dst);
}

/* Feeds v the whole schedule of parity template s (schedule.h: each row of origin o in {0, 1}
 * translated by every even-weight h) in (slot, src, dst) order; returns the verifier's code. */
static int feed_parity_template(verifier *v, const sched *s) {
  uint32_t n = s->topo.nodes;
  sched_row *out = malloc(s->nrows * sizeof *out);
  int rc = out ? VERIFY_OK : VERIFY_BAD_INPUT;
  for (size_t i = 0, j; i < s->nrows && rc == VERIFY_OK; i = j) {
    for (j = i; j < s->nrows && s->rows[j].slot == s->rows[i].slot;) j++;
    for (uint32_t z = 0; z < n && rc == VERIFY_OK; z++) { /* the rows that node z sends */
      size_t k = 0;
      for (size_t q = i; q < j; q++) {
        uint32_t h = z ^ s->rows[q].src;
        if (__builtin_popcount(h) % 2 == 0)
          out[k++] = (sched_row){s->rows[q].slot, z, s->rows[q].dst ^ h, s->rows[q].origin ^ h, -1};
      }
      qsort(out, k, sizeof *out, by_dst);
      for (size_t q = 0; q < k && rc == VERIFY_OK; q++) rc = verifier_feed(v, &out[q]);
    }
  }
  free(out);
  return rc;
}

static void test_oneway_mnb(void) {
  for (int d = 1; d <= 10; d++) {
    uint64_t n = 1ull << d, slots = ceil_div(2 * (n - 1), (uint64_t)d); /* 003 Thm 6.3 */
    char name[32], err[256] = "";
    snprintf(name, sizeof name, "hypercube:%d", d);
    topo t;
    topo_parse(name, &t, err, sizeof err);
    sched s;
    CHECK(schedule_build(&s, &t, TASK_MNB, MODEL_ONEWAY, -1, NULL, err, sizeof err) == 0, "%s oneway mnb: %s", name, err);
    CHECK(s.is_template && s.parity_template && s.nrows == 2 * (n - 1) && s.slots == slots,
          "%s oneway mnb: %zu template rows in %u slots, want a parity template of %llu rows in %llu", name, s.nrows,
          s.slots, (unsigned long long)(2 * (n - 1)), (unsigned long long)slots);
    verifier *v = verifier_new(&t, TASK_MNB, MODEL_ONEWAY, -1, TEMPLATE_NONE, err, sizeof err);
    verify_summary sum = {0, 0, 0, 0};
    int rc = feed_parity_template(v, &s);
    if (rc == VERIFY_OK) rc = verifier_finish(v, &sum);
    CHECK(rc == VERIFY_OK && sum.slots == slots && sum.tx == n * (n - 1), "%s oneway mnb: %s (%u slots, %llu tx)", name,
          rc == VERIFY_OK ? "wrong size" : verifier_message(v), sum.slots, (unsigned long long)sum.tx);
    verifier_free(v);
    sched_free(&s);
  }
}

/* ---- Hamiltonian cycles: every node once, consecutive nodes (and last, first) adjacent ---- */

static void test_hamilton(const char *spec, int exists) {
  topo t;
  char err[256], why[256] = "";
  topo_parse(spec, &t, err, sizeof err);
  uint32_t *order = malloc(t.nodes * sizeof *order);
  int rc = hamilton_cycle(&t, order, why, sizeof why);
  if (!exists) {
    CHECK(rc == -1 && strstr(why, spec), "%s: must report that it has no Hamiltonian cycle (%s)", spec, why);
  } else {
    uint8_t *seen = calloc(t.nodes, 1);
    int ok = rc == 0 && order[0] == 0;
    for (uint32_t i = 0; ok && i < t.nodes; i++) {
      if (order[i] >= t.nodes || seen[order[i]]++) ok = 0;
      else if (t.nodes > 2 && topo_dist(&t, order[i], order[(i + 1) % t.nodes]) != 1) ok = 0;
    }
    CHECK(ok, "%s: not a Hamiltonian cycle from node 0 (%s)", spec, why);
    free(seen);
  }
  free(order);
}

/* ---- the combining operations (reduce_op.h): values worked out by hand ---- */

static int words_equal(const uint32_t *a, const uint32_t *b, unsigned n) { return !memcmp(a, b, n * sizeof *a); }

static void test_reduce_ops(void) {
  char hex[40];
  uint32_t a[3], b[3];
  for (int i = 0; i < ROMNOC_OP_COUNT; i++)
    CHECK(romnoc_op_from_name(romnoc_op_names[i]) == i, "op name %s does not map back", romnoc_op_names[i]);
  CHECK(romnoc_op_from_name("sum") < 0 && romnoc_op_from_name("") < 0, "unknown op names must map to -1");
  /* add wraps at 2^W, and carries across 32-bit words */
  a[0] = 0xffffffffu, b[0] = 1;
  romnoc_op_apply(ROMNOC_OP_ADD, a, b, 32);
  CHECK(a[0] == 0, "add: 0xffffffff + 1 must wrap to 0 at W=32, got %08x", a[0]);
  memcpy(a, (uint32_t[]){0xffffffffu, 0xffffffffu, 0}, sizeof a);
  memcpy(b, (uint32_t[]){1, 0, 0}, sizeof b);
  romnoc_op_apply(ROMNOC_OP_ADD, a, b, 65);
  CHECK(words_equal(a, (uint32_t[]){0, 0, 1}, 3), "add: 2^64 - 1 + 1 must carry into bit 64 at W=65");
  romnoc_op_apply(ROMNOC_OP_ADD, a, a, 65);
  CHECK(words_equal(a, (uint32_t[]){0, 0, 0}, 3), "add: 2^64 + 2^64 must wrap to 0 at W=65");
  a[0] = 5, b[0] = 6;
  romnoc_op_apply(ROMNOC_OP_ADD, a, b, 3);
  CHECK(a[0] == 3, "add: 5 + 6 mod 8 must be 3 at W=3, got %u", a[0]);
  /* max and min compare unsigned, most significant word first */
  memcpy(a, (uint32_t[]){0xffffffffu, 0, 0}, sizeof a);
  memcpy(b, (uint32_t[]){0, 1, 0}, sizeof b);
  romnoc_op_apply(ROMNOC_OP_MAX, a, b, 64);
  CHECK(words_equal(a, (uint32_t[]){0, 1}, 2), "max: 2^32 must beat 2^32 - 1");
  memcpy(a, (uint32_t[]){0xffffffffu, 0, 0}, sizeof a);
  romnoc_op_apply(ROMNOC_OP_MIN, a, b, 64);
  CHECK(words_equal(a, (uint32_t[]){0xffffffffu, 0}, 2), "min: 2^32 - 1 must beat 2^32");
  a[0] = 0x80000000u, b[0] = 1;
  romnoc_op_apply(ROMNOC_OP_MAX, a, b, 32);
  CHECK(a[0] == 0x80000000u, "max is unsigned: 0x80000000 must beat 1");
  a[0] = 0xc, b[0] = 0xa;
  romnoc_op_apply(ROMNOC_OP_XOR, a, b, 4);
  CHECK(a[0] == 0x6, "xor: c ^ a must be 6");
  a[0] = 0xc;
  romnoc_op_apply(ROMNOC_OP_OR, a, b, 4);
  CHECK(a[0] == 0xe, "or: c | a must be e");
  /* identities: all ones within W for min, zero otherwise; each leaves a value unchanged */
  romnoc_op_identity(ROMNOC_OP_MIN, a, 33);
  CHECK(words_equal(a, (uint32_t[]){0xffffffffu, 1}, 2), "min's identity at W=33 must be 2^33 - 1");
  for (int op = 0; op < ROMNOC_OP_COUNT; op++) {
    uint32_t x[2] = {0x12345678u, 1}, id[2];
    romnoc_op_identity((romnoc_op)op, id, 33);
    romnoc_op_apply((romnoc_op)op, id, x, 33);
    CHECK(words_equal(id, x, 2), "%s: the identity combined with x must be x", romnoc_op_names[op]);
  }
  CHECK(!strcmp(romnoc_op_hex((uint32_t[]){0x12345678u, 1}, 33, hex), "112345678"), "hex of a 33-bit word: %s", hex);
  CHECK(!strcmp(romnoc_op_hex((uint32_t[]){5}, 3, hex), "5"), "hex of a 3-bit word: %s", hex);
  /* a contribution is the payload of packet (node, chunk), as payload.h writes it */
  char want[40];
  romnoc_contribution(7, 3, 2, 65, a);
  CHECK(!strcmp(romnoc_op_hex(a, 65, hex), romnoc_payload_hex(7, 3, 2, 65, want)), "contribution %s, payload %s", hex, want);
}

/* Golden completions of hand-written combining schedules on the 1-cube and the 2-cube. */
static void check_completions(const sched *s, const golden_completion *want, size_t nwant, const char *what) {
  golden_completion *got;
  size_t n;
  int rc = golden_completions(s, &got, &n);
  int same = !rc && n == nwant;
  for (size_t i = 0; same && i < n; i++)
    same = got[i].slot == want[i].slot && got[i].node == want[i].node && got[i].chunk == want[i].chunk;
  CHECK(same, "%s: golden completions differ (rc %d, %zu of %zu)", what, rc, rc ? (size_t)0 : n, nwant);
  if (!rc) free(got);
}

static void test_golden_completions(void) {
  topo t1, t2;
  char err[256];
  CHECK(topo_parse("hypercube:1", &t1, err, sizeof err) == 0 && topo_parse("hypercube:2", &t2, err, sizeof err) == 0,
        "parse: %s", err);
  sched s;
  /* allreduce on 2 nodes: each moves the other's chunk across (slot 1), then copies its own back */
  sched_init(&s, &t1, TASK_ALLREDUCE, MODEL_MLA, -1);
  sched_add(&s, 1, 0, 1, ORIGIN_MOVE, 1);
  sched_add(&s, 1, 1, 0, ORIGIN_MOVE, 0);
  sched_add(&s, 2, 0, 1, ORIGIN_COPY, 0);
  sched_add(&s, 2, 1, 0, ORIGIN_COPY, 1);
  sched_finish(&s);
  check_completions(&s, (golden_completion[]){{1, 0, 0}, {1, 1, 1}, {2, 0, 1}, {2, 1, 0}}, 4, "allreduce hypercube:1");
  sched_free(&s);
  /* global sum on 4 nodes: exchange across dimension 0, then across dimension 1 */
  sched_init(&s, &t2, TASK_GLOBAL_SUM, MODEL_MLA, -1);
  for (uint32_t u = 0; u < 4; u++) {
    sched_add(&s, 1, u, u ^ 1, ORIGIN_COPY, 0);
    sched_add(&s, 2, u, u ^ 2, ORIGIN_COPY, 0);
  }
  sched_finish(&s);
  check_completions(&s, (golden_completion[]){{2, 0, 0}, {2, 1, 0}, {2, 2, 0}, {2, 3, 0}}, 4, "global_sum hypercube:2");
  sched_free(&s);
  /* global sum on ring:5 with words passed on: each node copies its contribution to both
   * neighbours (slot 1), then passes what came from each side on to the other (slot 2): node u
   * holds u-1, u, u+1 after slot 1, and u-2, u+2 arrive in slot 2 */
  topo t5;
  CHECK(topo_parse("ring:5", &t5, err, sizeof err) == 0, "parse: %s", err);
  sched_init(&s, &t5, TASK_GLOBAL_SUM, MODEL_MLA, -1);
  for (uint32_t u = 0; u < 5; u++) {
    uint32_t next = (u + 1) % 5, prev = (u + 4) % 5;
    sched_add(&s, 1, u, next, ORIGIN_COPY, 0);
    sched_add(&s, 1, u, prev, ORIGIN_COPY, 0);
    sched_add(&s, 2, u, next, prev, 0);
    sched_add(&s, 2, u, prev, next, 0);
  }
  sched_finish(&s);
  check_completions(&s, (golden_completion[]){{2, 0, 0}, {2, 1, 0}, {2, 2, 0}, {2, 3, 0}, {2, 4, 0}}, 5,
                    "global_sum ring:5 with words passed on");
  sched_free(&s);
}

/* ---- the simulations' random stream and statistics (rng.c, batchmeans.c) ---- */

static void test_rng_and_batch_means(void) {
  /* splitmix64 from 0 (Vigna's reference outputs) fills the state; xoshiro256** from the state
   * {1, 2, 3, 4} starts 11520, 0, 1509978240, 1215971899390074240 (the reference sequence) */
  rng r;
  rng_seed(&r, 0);
  CHECK(r.s[0] == 0xe220a8397b1dcdafu && r.s[1] == 0x6e789e6aa1b965f4u && r.s[2] == 0x06c45d188009454fu &&
            r.s[3] == 0xf88bb8a8724c81ecu,
        "rng_seed(0) is not splitmix64's first four outputs");
  r = (rng){{1, 2, 3, 4}};
  uint64_t a = rng_next(&r), b = rng_next(&r), c = rng_next(&r), d = rng_next(&r);
  CHECK(a == 11520u && b == 0 && c == 1509978240u && d == 1215971899390074240u, "xoshiro256** from {1,2,3,4}: %llu %llu %llu %llu",
        (unsigned long long)a, (unsigned long long)b, (unsigned long long)c, (unsigned long long)d);
  /* exponential gaps: mean 1/rate, and P(gap > 1/rate) = 1/e, within 4 standard errors */
  rng_seed(&r, 7);
  double sum = 0, n = 400000;
  int over = 0, in_range = 1;
  for (int i = 0; i < (int)n; i++) {
    double u = rng_uniform(&r), x = rng_exponential(&r, 4);
    in_range &= u >= 0 && u < 1 && x >= 0 && isfinite(x);
    sum += x;
    over += x > 0.25;
  }
  CHECK(in_range, "a uniform outside [0, 1) or an exponential not finite and >= 0");
  CHECK(fabs(sum / n - 0.25) < 4 * 0.25 / sqrt(n), "exponential(4) mean %g, expected 0.25", sum / n);
  CHECK(fabs(over / n - exp(-1)) < 4 * sqrt(exp(-1) * (1 - exp(-1)) / n), "P(gap > 1/rate) = %g, expected 1/e",
        over / n);
  /* Student t 0.975 quantiles from the printed tables (Abramowitz and Stegun, Table 26.10) */
  static const struct {
    uint32_t df;
    double t;
  } q[] = {{1, 12.706}, {2, 4.303}, {4, 2.776}, {5, 2.571}, {9, 2.262}, {10, 2.228}, {19, 2.093}, {29, 2.045}, {60, 2.000}, {120, 1.980}};
  for (size_t i = 0; i < sizeof q / sizeof q[0]; i++)
    CHECK(fabs(student_t975(q[i].df) - q[i].t) < 6e-4, "t(0.975, %u) = %.5f, table %.3f", (unsigned)q[i].df,
          student_t975(q[i].df), q[i].t);
  /* batch means: batches of means 1, 2, 3 (one empty batch left out), overall mean 15/7; the
   * interval t(0.975, 2) * sd(1, 2, 3) / sqrt(3) = 4.303 * 1 / sqrt(3) */
  double bs[] = {2, 4, 0, 3 * 3};
  uint64_t bc[] = {2, 2, 0, 3};
  batch_estimate e = batch_means(bs, bc, 4);
  CHECK(e.batches == 3 && fabs(e.mean - 15.0 / 7) < 1e-12 && fabs(e.half - 4.302653 / sqrt(3)) < 1e-5,
        "batch means: %u batches, mean %g, half %g", (unsigned)e.batches, e.mean, e.half);
  e = batch_means(bs, bc, 1);
  CHECK(e.batches == 1 && e.mean == 1 && isnan(e.half), "one batch: no interval");
}

int main(void) {
  static const char *const topologies[] = {"hypercube:1", "hypercube:4", "ring:2",     "ring:7",    "ring:8",
                                           "torus:4x4",   "torus:2x3",   "torus:3x5x2", "mesh:3x4", "mesh:2x2x3",
                                           "mesh:5",      "torus:2x2x2", "complete:2", "complete:5", "complete:8",
                                           "complete:33"};
  for (size_t i = 0; i < sizeof topologies / sizeof topologies[0]; i++) test_topology(topologies[i]);
  test_bad_topologies();
  test_verifier_cases();
  test_hypercube_schedules();
  test_unavailable();
  test_oneway_mnb();
  static const char *const translated[] = {"hypercube:3", "ring:5",     "ring:2",     "torus:3x4",
                                           "torus:2x3x2", "torus:5x2", "complete:2", "complete:7"};
  for (size_t i = 0; i < sizeof translated / sizeof translated[0]; i++) test_translation(translated[i]);
  static const char *const templated[] = {"ring:6", "torus:3x3", "torus:4x5", "torus:2x3x3", "hypercube:4"};
  for (size_t i = 0; i < sizeof templated / sizeof templated[0]; i++) {
    int cube = !strncmp(templated[i], "hypercube", 9);
    test_template_expansion(templated[i], TASK_MNB, NULL);
    test_template_expansion(templated[i], TASK_TE, cube ? "recursive" : "coloring");
  }
  static const char *const cycles[] = {"mesh:2x2", "mesh:2x3", "mesh:4x3", "mesh:3x4", "mesh:6x6", "mesh:3x3x2",
                                       "mesh:2x3x5", "mesh:3x5x4", "mesh:2", "ring:7"};
  for (size_t i = 0; i < sizeof cycles / sizeof cycles[0]; i++) test_hamilton(cycles[i], 1);
  static const char *const no_cycles[] = {"mesh:3x3", "mesh:3x5x7", "mesh:4"};
  for (size_t i = 0; i < sizeof no_cycles / sizeof no_cycles[0]; i++) test_hamilton(no_cycles[i], 0);
  test_reduce_ops();
  test_golden_completions();
  test_rng_and_batch_means();
  printf("unit: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
