/* cnf.c — see cnf.h. */
#include "cnf.h"

#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

int cnf_var(cnf *f) { return ++f->nvars; }

void cnf_clause(cnf *f, const int *lit, size_t n) {
  if (f->oom) return;
  int *grown = grow_array_room(f->lits, &f->cap, f->len + n + 1, sizeof *grown, 1024);
  if (!grown) {
    f->oom = 1;
    return;
  }
  f->lits = grown;
  memcpy(f->lits + f->len, lit, n * sizeof *lit);
  f->len += n;
  f->lits[f->len++] = 0;
  f->nclauses++;
}

void cnf_1(cnf *f, int a) { cnf_clause(f, &a, 1); }
void cnf_2(cnf *f, int a, int b) { cnf_clause(f, (int[]){a, b}, 2); }
void cnf_3(cnf *f, int a, int b, int c) { cnf_clause(f, (int[]){a, b, c}, 3); }

void cnf_false(cnf *f) {
  int x = cnf_var(f);
  cnf_1(f, x);
  cnf_1(f, -x);
}

void cnf_if(cnf *f, int when, int x) {
  if (when && x) cnf_2(f, -when, x);
  else if (x) cnf_1(f, x);
  else if (when) cnf_1(f, -when);
  else cnf_false(f);
}

int cnf_write_dimacs(const cnf *f, const char *comment, int unit, FILE *out) {
  const char *line = comment;
  while (line && *line) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) : strlen(line);
    fprintf(out, "c %.*s\n", (int)n, line);
    line = end ? end + 1 : line + n;
  }
  fprintf(out, "p cnf %d %zu\n", f->nvars, f->nclauses + (unit != 0));
  for (size_t i = 0; i < f->len; i++) fprintf(out, f->lits[i] ? "%d " : "0\n", f->lits[i]);
  if (unit) fprintf(out, "%d 0\n", unit);
  return ferror(out) ? -1 : 0;
}

void cnf_free(cnf *f) {
  free(f->lits);
  memset(f, 0, sizeof *f);
}

void cnf_at_most_one(cnf *f, const int *x, size_t n) {
  int prev = 0;
  for (size_t i = 0; i < n; i++) {
    if (prev) cnf_2(f, -x[i], -prev);
    if (i + 1 == n) break;
    int s = cnf_var(f);
    cnf_2(f, -x[i], s);
    if (prev) cnf_2(f, -prev, s);
    prev = s;
  }
}

int cnf_at_most(cnf *f, const int *x, const uint32_t *w, size_t n, uint32_t bound) {
  int *prev = malloc((bound + 1) * sizeof *prev), *row = malloc((bound + 1) * sizeof *row);
  int have_prev = 0;
  if (!prev || !row) {
    free(prev);
    free(row);
    return -1;
  }
  for (size_t k = 0; k < n; k++) {
    uint32_t wk = w ? w[k] : 1;
    if (wk > bound) { /* never fits */
      cnf_1(f, -x[k]);
      continue;
    }
    for (uint32_t j = 1; j <= bound; j++) row[j] = cnf_var(f);
    for (uint32_t j = 1; j <= bound; j++) {
      if (j <= wk) cnf_2(f, -x[k], row[j]);
      if (have_prev) {
        cnf_2(f, -prev[j], row[j]);
        if (j + wk <= bound) cnf_3(f, -x[k], -prev[j], row[j + wk]);
      }
    }
    if (have_prev && bound + 1 - wk >= 1) cnf_2(f, -x[k], -prev[bound + 1 - wk]); /* overflow */
    int *tmp = prev;
    prev = row;
    row = tmp;
    have_prev = 1;
  }
  free(prev);
  free(row);
  return f->oom ? -1 : 0;
}

int cnf_exactly(cnf *f, const int *x, size_t n, uint32_t c, int guard) {
  if (n == 0) { /* nothing to count: exactly 0 */
    if (c > 0) guard ? cnf_1(f, -guard) : cnf_false(f);
    return 0;
  }
  uint32_t m = c + 1;
  int *prev = malloc((m + 1) * sizeof *prev), *row = malloc((m + 1) * sizeof *row);
  if (!prev || !row) {
    free(prev);
    free(row);
    return -1;
  }
  for (size_t k = 0; k < n; k++) {
    for (uint32_t j = 1; j <= m; j++) row[j] = cnf_var(f);
    for (uint32_t j = 1; j <= m; j++) {
      /* row[j] <-> before or (one_less and x[k]): at least j up to k-1, or at least j-1 up to
       * k-1 and x[k]; 0 for "false" (k = 0), and one_less is "true" when j = 1 */
      int before = k ? prev[j] : 0, one_less = j > 1 && k ? prev[j - 1] : 0;
      if (before) cnf_2(f, -before, row[j]);
      if (j == 1) cnf_2(f, -x[k], row[j]);
      else if (one_less) cnf_3(f, -one_less, -x[k], row[j]);
      int either[3] = {-row[j]}, with_x[3] = {-row[j]};
      size_t ne = 1, nx = 1;
      if (before) either[ne++] = before, with_x[nx++] = before;
      with_x[nx++] = x[k];
      if (j > 1) { /* row[j] -> before or one_less */
        if (one_less) either[ne++] = one_less;
        cnf_clause(f, either, ne);
      }
      cnf_clause(f, with_x, nx); /* row[j] -> before or x[k] */
    }
    int *tmp = prev;
    prev = row;
    row = tmp;
  }
  int lit[2], nl = 0;
  if (guard) lit[nl++] = -guard;
  if (c > 0) {
    lit[nl] = prev[c];
    cnf_clause(f, lit, (size_t)nl + 1);
  }
  lit[nl] = -prev[m];
  cnf_clause(f, lit, (size_t)nl + 1);
  free(prev);
  free(row);
  return f->oom ? -1 : 0;
}
