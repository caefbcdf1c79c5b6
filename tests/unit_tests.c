/* unit_tests.c — library-level tests of cmodel, built with ASan+UBSan (make test).
 * Expected figures come from graph theory (BFS) and paper 000's formulas, never from the
 * code under test. Ends with the line "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounds.h"
#include "build.h"
#include "schedule.h"
#include "topo.h"
#include "verify.h"

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
}

static void test_bad_topologies(void) {
  static const char *const bad[][2] = {
      {"hypercube:0", "0"},   {"hypercube:17", "17"}, {"hypercube:x", "x"},     {"torus:1x4", "'1'"},
      {"mesh:300x300", "mesh:300x300"}, {"ring:1", "'1'"}, {"cube:3", "cube"}, {"torus:4x", "torus:4x"},
      {"hypercube", "hypercube"}, {"ring:4x4", "ring:4x4"},
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
};

static void test_verifier_cases(void) {
  for (size_t i = 0; i < sizeof verifier_cases / sizeof verifier_cases[0]; i++) {
    const verifier_case *c = &verifier_cases[i];
    topo t;
    char err[256];
    topo_parse(c->topo, &t, err, sizeof err);
    verifier *v = verifier_new(&t, c->task, c->model, c->root, false, err, sizeof err);
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
    /* paper 000 Table 1 (snb: binomial tree, d slots) */
    const uint64_t slots[TASK_COUNT] = {(uint64_t)d, ceil_div(n - 1, (uint64_t)d), ceil_div(n - 1, (uint64_t)d),
                                        ceil_div(n - 1, (uint64_t)d), n / 2};
    const uint64_t tx[TASK_COUNT] = {n - 1, n * (n - 1), (uint64_t)d * n / 2, (uint64_t)d * n / 2, (uint64_t)d * n * n / 2};
    char name[32], err[256];
    snprintf(name, sizeof name, "hypercube:%d", d);
    topo t;
    topo_parse(name, &t, err, sizeof err);
    for (int k = 0; k < TASK_COUNT; k++) {
      sched s;
      int64_t root = task_has_root((task_kind)k) ? (int64_t)(n - 1) : -1;
      CHECK(schedule_build(&s, &t, (task_kind)k, MODEL_MLA, root, err, sizeof err) == 0, "build: %s", err);
      order_check o = {{0, 0, 0, 0, 0}, 0, 1};
      sched_foreach(&s, check_order, &o);
      CHECK(o.sorted, "%s %s: rows not strictly sorted by (slot, src, dst)", name, task_name((task_kind)k));
      CHECK(o.rows == tx[k] && s.slots == slots[k], "%s %s: %llu rows in %u slots, paper: %llu in %llu", name,
            task_name((task_kind)k), (unsigned long long)o.rows, s.slots, (unsigned long long)tx[k],
            (unsigned long long)slots[k]);
      CHECK(bound_slots(&t, (task_kind)k, MODEL_MLA, (uint32_t)(n - 1)) == slots[k] &&
                bound_transmissions(&t, (task_kind)k, (uint32_t)(n - 1)) == tx[k],
            "%s %s: lower bounds differ from paper 000 Table 1", name, task_name((task_kind)k));
      sched_free(&s);
    }
  }
}

static void test_unavailable(void) {
  topo t;
  char err[256];
  sched s;
  topo_parse("torus:4x4", &t, err, sizeof err);
  CHECK(schedule_build(&s, &t, TASK_MNB, MODEL_MLA, -1, err, sizeof err) == -1 && strstr(err, "torus:4x4"),
        "mnb on a torus must be reported unavailable: %s", err);
  topo_parse("hypercube:3", &t, err, sizeof err);
  CHECK(schedule_build(&s, &t, TASK_TE, MODEL_ONEWAY, -1, err, sizeof err) == -1 && strstr(err, "oneway"),
        "te under oneway must be reported unavailable: %s", err);
}

int main(void) {
  static const char *const topologies[] = {"hypercube:1", "hypercube:4", "ring:2",     "ring:7",    "ring:8",
                                           "torus:4x4",   "torus:2x3",   "torus:3x5x2", "mesh:3x4", "mesh:2x2x3",
                                           "mesh:5",      "torus:2x2x2"};
  for (size_t i = 0; i < sizeof topologies / sizeof topologies[0]; i++) test_topology(topologies[i]);
  test_bad_topologies();
  test_verifier_cases();
  test_hypercube_schedules();
  test_unavailable();
  printf("unit: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
