/* te_search — does a translation template of the total exchange on a ring or torus fit in S
 * slots? Builds the formula of te_template_cnf.h, solves it with CaDiCaL and, unless
 * --no-confirm, with MiniSat on the same clauses written as DIMACS, and prints one line
 * (docs/SCHEDULES.md, "te templates: the solver's certificates"; scripts/te_search_table.sh
 * runs it over every size of the table).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"
#include "solvers.h"
#include "te_template_cnf.h"
#include "topo.h"

static const char *usage =
    "usage: te_search --topo T --slots S [--cnf FILE] [--time-limit SEC] [--no-confirm]\n"
    "\n"
    "Decides whether a translation template of the total exchange (te) on ring or torus T\n"
    "takes at most S slots: S is at least the diameter and every generator carries at most S\n"
    "hops (the template is then an edge colouring of packets against generators, by Konig's\n"
    "theorem; docs/SCHEDULES.md).\n"
    "A template-level answer only: schedules that are not templates are not covered.\n"
    "\n"
    "  --topo T          ring:N or torus:K1xK2[x...]\n"
    "  --slots S         the slots to fit in (0..1000000)\n"
    "  --cnf FILE        also keep the formula, in DIMACS, in FILE\n"
    "  --time-limit SEC  per solver (default 600; 0: none); a solver that runs out says unknown\n"
    "  --no-confirm      CaDiCaL only (by default MiniSat solves the same DIMACS as well)\n"
    "\n"
    "Prints: topo= slots= vars= clauses= cadical= cadical_s= [minisat= minisat_s=], and\n"
    "on sat the loads of each dimension's +e_i and -e_i (loads=L+/L-,...) in CaDiCaL's model.\n"
    "Exit 0 when the solvers ran (answers sat, unsat or unknown); 1 if they disagree or a file\n"
    "cannot be written; 2 on a bad argument.\n";

static int refuse(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cli_report("te_search", fmt, ap);
  va_end(ap);
  return 2;
}

/* Writes f as DIMACS to path (through a temporary and a rename). Returns 0; 2 if path cannot
 * be opened (a bad argument); 1 on a write error; err says which. */
static int write_cnf(const cnf *f, const char *path, const char *comment, char *err, size_t errlen) {
  outfile o;
  if (outfile_open(&o, path, err, errlen)) return 2;
  if (cnf_write_dimacs(f, comment, o.f)) {
    outfile_abort(&o);
    snprintf(err, errlen, "cannot write %s", path);
    return 1;
  }
  return outfile_commit(&o, err, errlen) ? 1 : 0;
}

int main(int argc, char **argv) {
  const char *topo_s = NULL, *slots_s = NULL, *cnf_path = NULL, *limit_s = NULL;
  bool no_confirm = false, help = false;
  const cli_option opts[] = {{"--topo", &topo_s, NULL},       {"--slots", &slots_s, NULL},
                             {"--cnf", &cnf_path, NULL},      {"--time-limit", &limit_s, NULL},
                             {"--no-confirm", NULL, &no_confirm}};
  char err[512];
  int nwords = 0;
  if (cli_parse(argc - 1, argv + 1, opts, sizeof opts / sizeof *opts, NULL, 0, &nwords, &help, err, sizeof err))
    return refuse("%s (try --help)", err);
  if (help) {
    fputs(usage, stdout);
    return 0;
  }
  if (!topo_s) return refuse("--topo is required (try --help)");
  if (!slots_s) return refuse("--slots is required (try --help)");
  topo t;
  if (topo_parse(topo_s, &t, err, sizeof err)) return refuse("%s", err);
  uint64_t slots, limit = 600;
  char shown[64];
  if (cli_uint(slots_s, 0, 1000000, &slots))
    return refuse("--slots '%s': not a number of slots in 0..1000000", cli_printable(slots_s, 40, shown, sizeof shown));
  if (limit_s && cli_uint(limit_s, 0, 86400, &limit))
    return refuse("--time-limit '%s': not a number of seconds in 0..86400", cli_printable(limit_s, 40, shown, sizeof shown));

  cnf f = {0};
  te_template_vars map;
  if (te_template_cnf(&t, (uint32_t)slots, &f, &map, err, sizeof err)) {
    cnf_free(&f);
    return refuse("%s", err);
  }
  int status = 0;
  char comment[256];
  snprintf(comment, sizeof comment,
           "romnoc te_search: a te translation template on %s in at most %llu slots (docs/SCHEDULES.md)", t.name,
           (unsigned long long)slots);
  /* MiniSat reads the formula from a file: --cnf's, or a temporary one */
  char tmp_path[] = "/tmp/te_search.XXXXXX";
  const char *dimacs = cnf_path;
  if (!cnf_path && !no_confirm) {
    int fd = mkstemp(tmp_path);
    if (fd < 0 || close(fd)) {
      fprintf(stderr, "te_search: cannot make a temporary DIMACS file in /tmp\n");
      cnf_free(&f);
      return 1;
    }
    dimacs = tmp_path;
  }
  int wrote = dimacs ? write_cnf(&f, dimacs, comment, err, sizeof err) : 0;
  if (wrote) {
    if (dimacs == tmp_path) unlink(tmp_path);
    cnf_free(&f);
    return wrote == 2 ? refuse("--cnf: %s", err) : (fprintf(stderr, "te_search: %s\n", err), 1);
  }

  int *value = NULL;
  double cad_s = 0, mini_s = 0;
  solver_answer cad = solve_cadical(&f, (double)limit, &value, &cad_s);
  printf("topo=%s slots=%llu vars=%d clauses=%zu cadical=%s cadical_s=%.3f", t.name, (unsigned long long)slots,
         f.nvars, f.nclauses, solver_answer_name(cad), cad_s);
  if (!no_confirm) {
    solver_answer mini = solve_minisat(dimacs, (double)limit, &mini_s);
    printf(" minisat=%s minisat_s=%.3f", solver_answer_name(mini), mini_s);
    if (cad != SOLVER_UNKNOWN && mini != SOLVER_UNKNOWN && cad != mini) status = 1;
  }
  if (cad == SOLVER_SAT && value) {
    printf(" loads=");
    for (int i = 0; i < t.ndims; i++) {
      uint64_t lp, lm;
      te_template_loads(&t, &map, i, value, &lp, &lm);
      printf("%s%llu/%llu", i ? "," : "", (unsigned long long)lp, (unsigned long long)lm);
    }
  }
  printf("\n");
  if (status) fprintf(stderr, "te_search: CaDiCaL and MiniSat disagree on %s at %llu slots\n", t.name, (unsigned long long)slots);
  if (dimacs == tmp_path) unlink(tmp_path);
  free(value);
  cnf_free(&f);
  return status;
}
