/* cmd_table.c — cmodel table: a range of schedules generated and verified, each row its slots
 * and transmissions against their lower bounds (000's Table 1 for the hypercube), and kbcast's
 * own table of every construction against 001's figures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "construct/build.h"
#include "model/bounds.h"
#include "tool/commands.h"
#include "util/cli.h"
#include "verify/verify_schedule.h"

static const char usage_table[] =
    "usage: cmodel table [--topo RANGE] [--task all|K] [--model M] [--alg A] [--max-mem B]\n"
    "       cmodel table --task kbcast [--topo hypercube:A..B] [--k all|LIST] [--seed S]\n"
    "\n"
    "Generates and verifies each schedule (root 0) and prints its slots, the lower bound, the\n"
    "gap between them, transmissions, minimum transmissions, the verdict and the construction.\n"
    "RANGE is a topology or a box of them: hypercube:A..B, ring:A..B, torus:3x3..16x16 (every\n"
    "K1 in 3..16 and K2 in 3..16), torus:2x2x2..8x8x8, mesh:2x2..8x8 (default hypercube:1..12).\n"
    "Templates of more than 4096 nodes are certified from the template.\n"
    "\n"
    "kbcast (001, docs/KBCAST.md; not part of 'all'): per hypercube:d (default 3..8) and K (--k:\n"
    "all of 1..2^d, or a list; default 1, 2, 3, d, 2d, 3d, d^2, the powers of two and 2^d-1),\n"
    "a K-subset drawn with --seed S (default 1), every construction built, verified and\n"
    "checked against 001's figures: 001 = 2ceil(K/d)+4d, same-order <= d+K-1, pair and\n"
    "ranked = d, ranked-prefix = 3d, 001-mnb = 2ceil(N/d)+2d-1 ('-': does not apply). Columns:\n"
    "d, K, the lower bound max(d, ceil((N-1)K/(dN))), each construction's slots, auto's choice.\n";

static const char table_format[] = "%-8s %-14s %7s %7s %4s %15s %15s  %-12s %s\n";

/* Generates and verifies one table row; returns 0, 1 (a violation) or the bad-input exit code. */
static int table_row(const topo *t, task_kind task, model_kind model, const char *alg) {
  char err[256], msg[VERIFY_MESSAGE_LEN];
  sched s;
  if (schedule_build(&s, t, task, model, 0, alg, err, sizeof err)) return bad_input("%s", err);
  /* beyond 4096 nodes a whole mnb/te is too many rows: certify its template instead */
  int by_template = s.is_template && t->nodes > 4096;
  verify_summary sum = {0, 0, 0, 0};
  int rc = verify_sched(&s, by_template, &sum, msg, sizeof msg);
  if (rc < 0 || rc == VERIFY_BAD_INPUT) {
    sched_free(&s);
    return rc < 0 ? bad_input("%s", msg) : bad_input("%s on %s: %s", task_name(task), t->name, msg);
  }
  if (rc) {
    printf("%-8s %-14s FAIL %s\n", task_name(task), t->name, msg);
  } else {
    char slots[16], lb[16], gap[16], tx[24], txlb[24];
    snprintf(slots, sizeof slots, "%u", (unsigned)sum.slots);
    snprintf(lb, sizeof lb, "%u", (unsigned)sum.lb);
    snprintf(gap, sizeof gap, "%u", (unsigned)(sum.slots - sum.lb));
    snprintf(tx, sizeof tx, "%llu", (unsigned long long)sum.tx);
    snprintf(txlb, sizeof txlb, "%llu", (unsigned long long)sum.txlb);
    printf(table_format, task_name(task), t->name, slots, lb, gap, tx, txlb, by_template ? "OK(template)" : "OK", s.alg);
  }
  fflush(stdout);
  sched_free(&s);
  return rc ? EXIT_VIOLATION : 0;
}

/* A range of topologies: one family, per dimension a range of sizes. */
typedef struct {
  char kind[16];
  int ndims;
  uint32_t lo[TOPO_MAX_DIMS], hi[TOPO_MAX_DIMS];
} topo_range;

/* Parses the sizes "AxBx..." (or "D" for a hypercube) of one end of a range into out; returns
 * the count, or the bad-input exit code negated after naming the bad size. Each size is at
 * most 9 digits, checked before it is converted. */
static int parse_sizes(const char *spec, const char *s, size_t len, uint32_t *out) {
  int n = 0;
  size_t i = 0;
  char shown[80];
  while (i <= len) {
    size_t j = i;
    while (j < len && s[j] >= '0' && s[j] <= '9') j++;
    if (j == i || j - i > 9 || n == TOPO_MAX_DIMS || (j < len && s[j] != 'x')) {
      size_t end = i;
      while (end < len && s[end] != 'x') end++;
      snprintf(shown, sizeof shown, "%.*s", (int)(end - i), s + i);
      char safe[200];
      return -bad_input("size '%s' in topology range '%s' is not a number from 1 to 999999999",
                        cli_printable(shown, 40, safe, sizeof safe), spec);
    }
    uint32_t v = 0;
    for (size_t k = i; k < j; k++) v = v * 10 + (uint32_t)(s[k] - '0');
    out[n++] = v;
    i = j + 1;
  }
  return n;
}

/* "kind:LO..HI" or a single topology; returns 0 or the bad-input exit code. */
static int parse_range(const char *spec, topo_range *r) {
  const char *colon = strchr(spec, ':'), *dots = strstr(spec, "..");
  memset(r, 0, sizeof *r);
  topo t;
  char err[256];
  if (!dots) {
    if (topo_parse(spec, &t, err, sizeof err) || schedule_topo_buildable(&t, err, sizeof err)) return bad_input("%s", err);
    snprintf(r->kind, sizeof r->kind, "%.*s", (int)(strchr(t.name, ':') - t.name), t.name);
    r->ndims = t.kind == TOPO_HYPERCUBE ? 1 : t.ndims;
    for (int i = 0; i < r->ndims; i++) r->lo[i] = r->hi[i] = t.kind == TOPO_HYPERCUBE ? (uint32_t)t.ndims : t.radix[i];
    return 0;
  }
  if (!colon || colon > dots || (size_t)(colon - spec) >= sizeof r->kind)
    return bad_input("bad topology range '%s' (expected e.g. hypercube:1..8, ring:3..64, torus:3x3..16x16)", spec);
  snprintf(r->kind, sizeof r->kind, "%.*s", (int)(colon - spec), spec);
  int a = parse_sizes(spec, colon + 1, (size_t)(dots - colon - 1), r->lo);
  if (a < 0) return -a;
  int b = parse_sizes(spec, dots + 2, strlen(dots + 2), r->hi);
  if (b < 0) return -b;
  if (a != b) return bad_input("bad topology range '%s' (both ends need the same number of sizes, e.g. torus:3x3..16x16)", spec);
  r->ndims = a;
  for (int i = 0; i < a; i++)
    if (r->lo[i] > r->hi[i]) return bad_input("topology range '%s' is empty (%u > %u)", spec, r->lo[i], r->hi[i]);
  /* both corners must be valid topologies: that checks the kind and every size */
  for (int corner = 0; corner < 2; corner++) {
    char name[160];
    int off = snprintf(name, sizeof name, "%s:", r->kind);
    for (int i = 0; i < a; i++)
      off += snprintf(name + off, sizeof name - (size_t)off, i ? "x%u" : "%u", corner ? r->hi[i] : r->lo[i]);
    if (topo_parse(name, &t, err, sizeof err) || schedule_topo_buildable(&t, err, sizeof err))
      return bad_input("topology range '%s': %s", spec, err);
  }
  return 0;
}

/* kbcast's constructions in the table's column order, and 001's figure for each (0: none). */
static const char *const kbcast_algs[] = {"001", "001-mnb", "same-order", "pair", "ranked", "ranked-prefix",
                                          "random", "mnb-subset", "offline"};
#define NKB (sizeof kbcast_algs / sizeof kbcast_algs[0])

/* 001's figure for construction a at (d, K): exact, or an upper bound (*upper), or 0. */
static uint32_t kbcast_figure(const char *a, uint32_t d, uint32_t k, int *upper) {
  uint32_t n = 1u << d, per = (k + d - 1) / d;
  *upper = 0;
  if (!strcmp(a, "001")) return 2 * per + 4 * d;                   /* §3.2 */
  if (!strcmp(a, "001-mnb")) return 2 * ((n + d - 1) / d) + 2 * d - 1; /* §3.2, K = N */
  if (!strcmp(a, "pair") || !strcmp(a, "ranked")) return d;        /* §3.3.2, §3.3.3 */
  if (!strcmp(a, "ranked-prefix")) return 3 * d;                   /* §3.3.3 with the prefix */
  *upper = 1;
  if (!strcmp(a, "same-order")) return d + k - 1;                  /* §3.3.1 */
  if (!strcmp(a, "mnb-subset")) return (n - 2 + d) / d;            /* 000 §2: ceil((N-1)/d) */
  return 0;
}

/* One construction of one table row: its slots, 0 if it does not apply; -1 after printing a
 * failure; or the bad-input code negated. */
static int64_t kbcast_cell(const topo *t, const active_set *a, const char *alg) {
  char err[256], msg[VERIFY_MESSAGE_LEN];
  sched s;
  if (schedule_build_active(&s, t, TASK_KBCAST, MODEL_MLA, a, 1, alg, err, sizeof err))
    return strstr(err, "out of memory") ? -EXIT_BAD_INPUT : 0;
  verify_summary sum;
  int rc = verify_sched(&s, false, &sum, msg, sizeof msg);
  sched_free(&s);
  if (rc < 0) return -bad_input("%s", msg);
  if (rc) printf("FAIL kbcast %s K=%u alg %s: %s\n", t->name, (unsigned)a->n, alg, msg);
  return rc ? -1 : (int64_t)sum.slots;
}

/* The K of the kbcast table (index 1..65536, 1 = a row): "all", a list, or NULL for the default
 * spread, which depends on d and is left to the caller (the map is then NULL). Returns 0 or the
 * bad-input exit code naming the bad item. */
#define KBCAST_MAX_K 65536u
static int kbcast_k_list(const char *spec, unsigned char **wanted) {
  *wanted = NULL;
  if (!spec) return 0;
  unsigned char *map = calloc(KBCAST_MAX_K + 1, 1);
  if (!map) return bad_input("out of memory reading --k");
  if (!strcmp(spec, "all")) {
    memset(map, 1, KBCAST_MAX_K + 1);
  } else {
    for (const char *p = spec;;) { /* every item a number of broadcasters */
      size_t len = strcspn(p, ",");
      char item[24];
      uint64_t v;
      snprintf(item, sizeof item, "%.*s", (int)(len < 20 ? len : 20), p);
      if (len == 0 || len > 20 || cli_uint(item, 1, KBCAST_MAX_K, &v)) {
        free(map);
        return bad_input("--k '%s' is not all or a list of numbers from 1 to 65536 (e.g. 1,2,8): bad item '%s'", spec, item);
      }
      map[v] = 1;
      if (!p[len]) break;
      p += len + 1;
    }
  }
  *wanted = map;
  return 0;
}

/* The default K of hypercube:d: 1, 2, 3, d, 2d, 3d, d^2, the powers of two and 2^d - 1. */
static int kbcast_default_k(uint32_t d, uint32_t k) {
  return k <= 3 || k == d || k == 2 * d || k == 3 * d || k == d * d || !(k & (k - 1)) || k == (1u << d) - 1;
}

/* What --alg auto builds for a row whose constructions took slots[i] (kbcast_algs order, 0: does
 * not apply): the first in the construction table's order with the fewest slots (build.h). */
static const char *kbcast_auto(const topo *t, const int64_t *slots) {
  char order[256];
  schedule_algs(t, TASK_KBCAST, MODEL_MLA, order, sizeof order);
  int64_t best = 0;
  for (size_t i = 0; i < NKB; i++)
    if (slots[i] > 0 && (!best || slots[i] < best)) best = slots[i];
  for (char *name = strtok(order, ", "); name; name = strtok(NULL, ", "))
    for (size_t i = 0; i < NKB; i++)
      if (slots[i] == best && best > 0 && !strcmp(name, kbcast_algs[i])) return kbcast_algs[i];
  return "-";
}

static int kbcast_table(const topo_range *range, const char *k_spec, const char *seed_s) {
  uint64_t seed = 1;
  if (seed_s && cli_seed(seed_s, &seed)) return bad_input("--seed '%s' is not a seed (" CLI_SEED_RANGE ")", seed_s);
  if (strcmp(range->kind, "hypercube")) return bad_input("task kbcast is defined on the hypercube (001), not on %s", range->kind);
  unsigned char *wanted;
  int rc = kbcast_k_list(k_spec, &wanted);
  if (rc) return rc;
  printf("%-3s %-5s %-4s", "d", "K", "lb");
  for (size_t i = 0; i < NKB; i++) printf(" %*s", (int)(strlen(kbcast_algs[i]) > 5 ? strlen(kbcast_algs[i]) : 5), kbcast_algs[i]);
  printf("  auto\n");
  int worst = 0;
  for (uint32_t d = range->lo[0]; d <= range->hi[0] && rc == 0; d++) {
    char name[32], err[256];
    snprintf(name, sizeof name, "hypercube:%u", (unsigned)d);
    topo t;
    if (topo_parse(name, &t, err, sizeof err)) {
      rc = bad_input("%s", err);
      break;
    }
    for (uint32_t k = 1; k <= t.nodes && rc == 0; k++) {
      if (wanted ? !wanted[k] : !kbcast_default_k(d, k)) continue;
      active_set a;
      if (active_random(&a, k, seed, t.nodes)) {
        rc = bad_input("out of memory drawing an active set");
        break;
      }
      printf("%-3u %-5u %-4u", (unsigned)d, (unsigned)k, (unsigned)bound_kbcast_slots(&t, k));
      char note[160] = "";
      int64_t slots[NKB];
      for (size_t i = 0; i < NKB && rc == 0; i++) {
        slots[i] = kbcast_cell(&t, &a, kbcast_algs[i]);
        if (slots[i] < -1) {
          rc = (int)-slots[i];
          break;
        }
        int upper, w = (int)(strlen(kbcast_algs[i]) > 5 ? strlen(kbcast_algs[i]) : 5);
        uint32_t fig = kbcast_figure(kbcast_algs[i], d, k, &upper);
        if (slots[i] == 0) {
          printf(" %*s", w, "-");
          continue;
        }
        printf(" %*lld", w, (long long)slots[i]);
        if (slots[i] < 0 || (fig && (upper ? slots[i] > fig : slots[i] != fig))) {
          if (slots[i] > 0)
            snprintf(note, sizeof note, "  MISMATCH %s: %lld, 001's figure %s%u", kbcast_algs[i], (long long)slots[i],
                     upper ? "<= " : "", fig);
          worst = EXIT_VIOLATION;
        }
      }
      active_free(&a);
      if (rc) break;
      printf("  %s%s\n", kbcast_auto(&t, slots), note);
      fflush(stdout);
    }
  }
  free(wanted);
  return rc ? rc : worst;
}

int cmd_table(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, TAKES(O_TOPO, O_TASK, O_MODEL, O_ALG, O_MAX_MEM, O_K, O_SEED), 0, usage_table, &o);
  if (rc) return rc < 0 ? 0 : rc;
  if (o.task && !strcmp(o.task, "kbcast")) {
    topo_range kr;
    if ((rc = parse_range(o.topo ? o.topo : "hypercube:3..8", &kr))) return rc;
    if (o.model && strcmp(o.model, "mla")) return bad_input("task kbcast is defined under model mla (001), not %s", o.model);
    if (o.alg) return bad_input("--alg does not apply to the kbcast table (it runs every construction)");
    return kbcast_table(&kr, o.k, o.seed);
  }
  if (o.k || o.seed) return bad_input("%s applies to the kbcast table only (--task kbcast)", o.k ? "--k" : "--seed");
  topo_range range;
  if ((rc = parse_range(o.topo ? o.topo : "hypercube:1..12", &range))) return rc;
  int only = -1;
  if (o.task && strcmp(o.task, "all")) {
    only = task_from_name(o.task);
    if (only < 0 || (only != TASK_KBCAST && task_has_active_set((task_kind)only)))
      return bad_input("unknown task '%s' for the table (expected all, snb or bcast, mnb or allgather, scatter, gather, te "
                       "or alltoall, reduce, reduce_scatter, allreduce, global_sum or kbcast)", o.task);
  }
  int model = model_from_name(o.model ? o.model : "mla");
  if (model < 0) return bad_input("unknown model '%s' (expected %s)", o.model, model_name_list());
  printf(table_format, "task", "topo", "slots", "lb", "gap", "tx", "txlb", "check", "alg");
  int worst = 0;
  for (int k = 0; k < TASK_COUNT; k++) {
    /* the tasks of an active set: kbcast's own table, above; pmnb's in docs/PMNB.md, pexchange's in docs/PEXCHANGE.md */
    if ((only >= 0 && k != only) || task_has_active_set((task_kind)k)) continue;
    uint32_t size[TOPO_MAX_DIMS];
    memcpy(size, range.lo, sizeof size);
    for (;;) { /* every size in the box, the first dimension slowest */
      char name[160];
      int off = snprintf(name, sizeof name, "%s:", range.kind);
      for (int i = 0; i < range.ndims; i++)
        off += snprintf(name + off, sizeof name - (size_t)off, i ? "x%u" : "%u", size[i]);
      topo t;
      char err[256];
      if (topo_parse(name, &t, err, sizeof err)) return bad_input("%s", err);
      rc = table_row(&t, (task_kind)k, (model_kind)model, o.alg);
      if (rc == EXIT_BAD_INPUT) return rc;
      if (rc > worst) worst = rc;
      int i = range.ndims - 1;
      while (i >= 0 && size[i] == range.hi[i]) size[i] = range.lo[i], i--;
      if (i < 0) break;
      size[i]++;
    }
  }
  return worst;
}
