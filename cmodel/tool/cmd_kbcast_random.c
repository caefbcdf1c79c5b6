/* cmd_kbcast_random.c — cmodel kbcast-random: 001 s3.2's randomized K-broadcast run as a
 * Monte-Carlo study (study/kbcast_study.h), how often it meets its C K/d budget. */
#include <stdio.h>

#include "study/kbcast_study.h"
#include "tool/commands.h"
#include "util/cli.h"

static const char usage_random[] =
    "usage: cmodel kbcast-random --topo hypercube:D (--k K [--seed S] | --active LIST) [--c C] [--runs R]\n"
    "\n"
    "001 s3.2's randomized variant, Monte-Carlo version: each broadcaster picks one of the d\n"
    "roots at random (no prefix), phase 2 runs ceil(C K/d) + d - 1 slots and phase 3\n"
    "ceil(C K/d) + d. Runs R trials (default 1000; trial i draws the roots from seed i) and\n"
    "prints how many succeeded (every packet at its root within phase 2, no root with more than\n"
    "ceil(C K/d)), the largest and mean root load and phase-2 length seen, and the Chernoff\n"
    "bound d (e^(C-1)/C^C)^(K/d) on the failure probability that 001 relies on (C > e; default\n"
    "C = 3). C is a decimal number such as 3 or 2.72.\n";

int cmd_kbcast_random(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, TAKES(O_TOPO, O_ACTIVE, O_K, O_SEED, O_C, O_RUNS, O_MAX_MEM), 0, usage_random, &o);
  if (rc) return rc < 0 ? 0 : rc;
  job j;
  if ((rc = cmd_resolve_job(o.topo, "kbcast", NULL, NULL, 0, &j))) return rc;
  if (j.topo.kind != TOPO_HYPERCUBE) return bad_input("task kbcast is defined on the hypercube (001), not on %s", j.topo.name);
  char err[256];
  double c = 3;
  uint64_t runs = 1000;
  if (o.c && cmd_parse_decimal(o.c, &c)) return bad_input("--c '%s' is not a decimal number in (0, 1000] (e.g. 3 or 2.72)", o.c);
  if (o.runs && cli_uint(o.runs, 1, 100000000, &runs)) return bad_input("--runs '%s' is not a number from 1 to 100000000", o.runs);
  if (job_parse_active(&j, o.active, o.k, o.seed, true, err, sizeof err)) return bad_input("%s", err);
  random_study r;
  rc = kbcast_random_study(&j.topo, &j.active, c, (uint32_t)runs, 1, &r);
  uint32_t k = j.active.n;
  active_free(&j.active);
  if (rc) return bad_input("out of memory running the randomized variant on %s", j.topo.name);
  printf("kbcast-random topo=%s K=%u C=%g runs=%u ok=%u (%.2f%%) load_cap=%u phase2_cap=%u max_load=%u "
         "max_phase2=%u mean_load=%.2f mean_phase2=%.2f chernoff=%.3g\n",
         j.topo.name, (unsigned)k, c, (unsigned)r.trials, (unsigned)r.ok, 100.0 * r.ok / r.trials, (unsigned)r.load_cap,
         (unsigned)r.phase2_cap, (unsigned)r.max_load, (unsigned)r.max_phase2, r.mean_load, r.mean_phase2, r.chernoff);
  return 0;
}
