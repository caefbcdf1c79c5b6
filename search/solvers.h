/* solvers.h — the two SAT solvers a certificate needs, each on the same formula:
 * CaDiCaL (Biere et al.; libcadical-dev, linked) on the clauses in memory, and MiniSat (Een and
 * Sorensson; the minisat package, a separate program) on the DIMACS file of the same clauses.
 * Two solvers by different authors, from different code bases, agreeing on UNSAT is the
 * certificate docs/SCHEDULES.md reports.
 */
#ifndef ROMNOC_SOLVERS_H
#define ROMNOC_SOLVERS_H

#include "cnf.h"

typedef enum { SOLVER_UNKNOWN = 0, SOLVER_SAT = 10, SOLVER_UNSAT = 20 } solver_answer;

/* "sat", "unsat" or "unknown" (the time limit ran out, or the solver failed). */
const char *solver_answer_name(solver_answer a);

/* Solves f with CaDiCaL for at most limit_s seconds (0: no limit). On SAT, value[v] (v =
 * 1..nvars, malloc'd by the callee into *value; NULL otherwise) is v's value, +v or -v.
 * *secs is the wall time. */
solver_answer solve_cadical(const cnf *f, double limit_s, int **value, double *secs);

/* An incremental CaDiCaL: f's clauses loaded once (cadical_open; NULL if memory runs out), then
 * solved as often as asked, each time under one assumption (a literal taken as true for that
 * call only; 0: none), learned clauses kept between calls (they follow from the clauses alone).
 * cadical_solve_assuming's limit, value and secs are solve_cadical's, per call. */
typedef struct cadical_session cadical_session;
cadical_session *cadical_open(const cnf *f);
solver_answer cadical_solve_assuming(cadical_session *s, int assume, int nvars, double limit_s, int **value,
                                     double *secs);
void cadical_close(cadical_session *s);

/* Runs `minisat -verb=0 -cpu-lim=SEC dimacs_path` (limit_s rounded up; 0: none) and returns
 * its answer (its exit status 10 or 20); SOLVER_UNKNOWN if it could not be run or gave up.
 * *secs is the wall time. */
solver_answer solve_minisat(const char *dimacs_path, double limit_s, double *secs);

#endif
