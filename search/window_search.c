/* window_search.c — te's windows solved one at a time (see window_search.h). */
#include "window_search.h"

#include <stdio.h>
#include <stdlib.h>

#include "solvers.h"
#include "te_lean_cnf.h"

int window_search(const topo *t, const search_params *q, double limit_s, const char *out) {
  /* K/2 windows; window 0's formula refuses what is not a K x K torus with K even */
  uint32_t windows = t->ndims == 2 && t->radix[0] >= 4 ? t->radix[0] / 2 : 1;
  lane_set kept = {0};
  sched s;
  sched_init(&s, t, TASK_TE, MODEL_MLA, -1);
  solver_answer answer = SOLVER_SAT;
  int max_vars = 0, decode_failed = 0;
  size_t max_clauses = 0;
  double total_s = 0;
  char times[1024] = "", err[320];
  size_t used = 0;
  for (uint32_t c = 0; c < windows && answer == SOLVER_SAT; c++) {
    cnf f = {0};
    te_lean_vars m;
    if (te_lean_cnf(t, q->slots, q->max_wait, q->sources, 0, 1, (int)c, &f, &m, err, sizeof err)) {
      cnf_free(&f);
      sched_free(&s);
      fprintf(stderr, "te_search: %s\n", err);
      return c == 0 ? 2 : 1; /* window 0 checks the arguments; a later one can only run out of memory */
    }
    lane_sources_keep(&f, &m.lanes, &kept);
    if (f.nvars > max_vars) max_vars = f.nvars;
    if (f.nclauses > max_clauses) max_clauses = f.nclauses;
    int *value = NULL;
    double secs = 0;
    answer = solve_cadical(&f, limit_s, &value, &secs);
    total_s += secs;
    if (used < sizeof times) used += (size_t)snprintf(times + used, sizeof times - used, "%s%.3f", c ? "," : "", secs);
    if (answer == SOLVER_SAT) { /* value NULL: the model could not be kept (out of memory) */
      if (value) te_lean_used_sources(&m, t->nodes, value, &kept);
      decode_failed = decode_failed || !value || te_lean_decode(t, &m, value, &s);
    } else if (answer == SOLVER_UNSAT && c > 0)
      answer = SOLVER_UNKNOWN; /* only window 0 decides alone */
    free(value);
    te_lean_vars_free(&m);
    cnf_free(&f);
  }
  printf("topo=%s slots=%u windows=%u vars=%d clauses=%zu cadical=%s cadical_s=%.3f window_s=%s", t->name,
         (unsigned)q->slots, (unsigned)windows, max_vars, max_clauses, solver_answer_name(answer), total_s, times);
  int bad = answer == SOLVER_SAT ? search_lanes_report(t, q, &s, decode_failed, out) : 0;
  printf("\n");
  sched_free(&s);
  return bad;
}
