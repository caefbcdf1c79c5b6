/* solvers.c — see solvers.h. */
#include "solvers.h"

#include <ccadical.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

const char *solver_answer_name(solver_answer a) {
  return a == SOLVER_SAT ? "sat" : a == SOLVER_UNSAT ? "unsat" : "unknown";
}

static int past_deadline(void *deadline) { return now() > *(double *)deadline; }

struct cadical_session {
  CCaDiCaL *solver;
  double deadline; /* the current call's end (CLOCK_MONOTONIC seconds) */
};

cadical_session *cadical_open(const cnf *f) {
  cadical_session *s = malloc(sizeof *s);
  if (!s || !(s->solver = ccadical_init())) {
    free(s);
    return NULL;
  }
  ccadical_set_option(s->solver, "quiet", 1);
  ccadical_set_terminate(s->solver, &s->deadline, past_deadline);
  for (size_t i = 0; i < f->len; i++) ccadical_add(s->solver, f->lits[i]);
  return s;
}

solver_answer cadical_solve_assuming(cadical_session *s, int assume, int nvars, double limit_s, int **value,
                                     double *secs) {
  double start = now();
  s->deadline = limit_s > 0 ? start + limit_s : 1e300;
  *value = NULL;
  if (assume) ccadical_assume(s->solver, assume);
  int answer = ccadical_solve(s->solver);
  if (answer == SOLVER_SAT && (*value = malloc(((size_t)nvars + 1) * sizeof **value)))
    for (int v = 1; v <= nvars; v++) (*value)[v] = ccadical_val(s->solver, v);
  *secs = now() - start;
  return answer == SOLVER_SAT || answer == SOLVER_UNSAT ? (solver_answer)answer : SOLVER_UNKNOWN;
}

void cadical_close(cadical_session *s) {
  if (s) ccadical_release(s->solver);
  free(s);
}

solver_answer solve_cadical(const cnf *f, double limit_s, int **value, double *secs) {
  double start = now();
  cadical_session *s = cadical_open(f);
  *value = NULL;
  solver_answer answer = s ? cadical_solve_assuming(s, 0, f->nvars, limit_s, value, secs) : SOLVER_UNKNOWN;
  cadical_close(s);
  *secs = now() - start;
  return answer;
}

solver_answer solve_minisat(const char *dimacs_path, double limit_s, double *secs) {
  double start = now();
  char limit[40];
  snprintf(limit, sizeof limit, "-cpu-lim=%d", limit_s > 0 ? (int)(limit_s + 0.999) : 2147483647);
  char *argv[] = {"minisat", "-verb=0", limit, (char *)dimacs_path, NULL};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int rc = posix_spawnp(&pid, "minisat", &fa, NULL, argv, environ), status = 0;
  posix_spawn_file_actions_destroy(&fa);
  solver_answer answer = SOLVER_UNKNOWN;
  if (rc == 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status)) {
    int code = WEXITSTATUS(status);
    if (code == SOLVER_SAT || code == SOLVER_UNSAT) answer = (solver_answer)code;
  }
  *secs = now() - start;
  return answer;
}
