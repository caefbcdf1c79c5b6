/* cmd_dynbcast.c — cmodel dynbcast: 004 s5's dynamic broadcasting simulated (study/dynbcast.h),
 * one line per load. */
#include <stdio.h>
#include <string.h>

#include "study/dynbcast.h"
#include "tool/commands.h"
#include "util/cli.h"

static const char usage_dynbcast[] =
    "usage: cmodel dynbcast [--topo T] [--rho LIST] [--tp 0|1] [--split] [--rounds R] [--seed S] [--alg A]\n"
    "\n"
    "004 s5's dynamic broadcasting, simulated (docs/DYNAMIC.md): broadcast requests arrive at every\n"
    "node as a Poisson process of rate lambda; PMNB rounds run back to back, each taking the oldest\n"
    "queued packet of every node that has one (M of them): the rank phase (2d(p-1) t_p split,\n"
    "4d(p-1) t_p whole), then the pmnb schedule of that set. A round without packets lasts the rank\n"
    "phase and one slot. A packet's delay ends with the last slot that delivers a piece of it.\n"
    "Prints a header and one tab-separated line per load: lambda, X and V ((9a)/(10a) split,\n"
    "(9b)/(10b) whole), the mean delay T and its 95% interval (batch means, 30 batches, the\n"
    "first R/10 rounds discarded), the bound (11) or 'unstable', the stability limit rho* ((14),\n"
    "or 1/(1+V/(NX)) whole), 1.5V+X, the mean M and round length, packets measured, the backlog.\n"
    "\n"
    "  --topo T    torus:PxP[x...] or mesh:PxP[x...] (or ring:P), every size p (default torus:8x8)\n"
    "  --rho LIST  loads rho = lambda N X (12), comma-separated, each in (0, 1) (default 0.1)\n"
    "  --tp 0|1    t_p, the time of a prefix step (default 1)\n"
    "  --split     004 s3.1's pieces (d per packet, 2d on a torus); default whole packets (s3.2)\n"
    "  --rounds R  rounds measured, 300..100000000 (default 4000)\n"
    "  --seed S    the arrivals' seed (default 1); each load starts from it\n"
    "  --alg A     the pmnb construction of every round (default " DYNBCAST_DEFAULT_ALG "; 004-prefix holds\n"
    "              the rank phase in its rows at t_p = 1, and the simulator then adds none)\n";

/* cmodel dynbcast: options, then one run per load. */
int cmd_dynbcast(int argc, char **argv) {
  const char *topo_s = "torus:8x8", *rho_s = "0.1", *tp_s = "1", *rounds_s = NULL, *seed_s = NULL, *alg = NULL;
  const char *words[1];
  bool split = false, help = false;
  const cli_option opts[] = {
      {.name = "--topo", .value = &topo_s},     {.name = "--rho", .value = &rho_s},   {.name = "--tp", .value = &tp_s},
      {.name = "--split", .flag = &split},      {.name = "--rounds", .value = &rounds_s},
      {.name = "--seed", .value = &seed_s},     {.name = "--alg", .value = &alg},
  };
  char err[256];
  int nwords;
  if (cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], words, 0, &nwords, &help, err, sizeof err))
    return bad_input("%s", err);
  if (help) {
    fputs(usage_dynbcast, stdout);
    return 0;
  }
  topo t;
  if (topo_parse(topo_s, &t, err, sizeof err)) return bad_input("%s", err);
  uint64_t tp, rounds = 4000, seed = 1;
  if (cli_uint(tp_s, 0, 1, &tp)) return bad_input("--tp '%s' is not 0 or 1", tp_s);
  if (rounds_s && cli_uint(rounds_s, DYNBCAST_MIN_ROUNDS, 100000000, &rounds))
    return bad_input("--rounds '%s' is not a number from %u to 100000000", rounds_s, DYNBCAST_MIN_ROUNDS);
  if (seed_s && cli_seed(seed_s, &seed)) return bad_input("--seed '%s' is not a seed (" CLI_SEED_RANGE ")", seed_s);
  double rho[64];
  size_t nrho = 0;
  for (const char *p = rho_s;; nrho++) { /* every item a decimal load in (0, 1) */
    size_t len = strcspn(p, ",");
    char item[24];
    snprintf(item, sizeof item, "%.*s", (int)(len < 20 ? len : 20), p);
    if (nrho == 64) return bad_input("--rho '%s' has more than 64 loads", rho_s);
    if (len == 0 || len > 20 || cmd_parse_decimal(item, &rho[nrho]) || rho[nrho] >= 1)
      return bad_input("--rho '%s': '%s' is not a load in (0, 1) (e.g. 0.1,0.3; rho >= 1 is unstable for any scheme, "
                       "004 (13))", rho_s, item);
    if (!p[len]) break;
    p += len + 1;
  }
  nrho++;
  dynbcast_config c;
  if (dynbcast_config_init(&c, &t, split, (uint32_t)tp, alg, rounds, seed, err, sizeof err)) return bad_input("%s", err);
  dynbcast_write_header(stdout);
  for (size_t i = 0; i < nrho; i++) {
    dynbcast_result r;
    if (dynbcast_run(&c, rho[i], &r, err, sizeof err)) return bad_input("%s", err);
    dynbcast_write_row(stdout, &c, &r);
    fflush(stdout);
  }
  return 0;
}
