/* cnf.h — a formula in conjunctive normal form, built clause by clause, written as DIMACS.
 *
 * Literals are DIMACS's: variable v (1-based) is v, its negation -v. Clauses are stored one
 * after another, each ended by a 0, exactly as DIMACS writes them.
 */
#ifndef ROMNOC_CNF_H
#define ROMNOC_CNF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
  int *lits;       /* the clauses, each ended by 0 */
  size_t len, cap; /* ints used and allocated */
  int nvars;
  size_t nclauses;
  int oom; /* set when an allocation failed: the formula is incomplete */
} cnf;

/* A fresh variable. */
int cnf_var(cnf *f);

/* Adds the clause of the n literals lit[0..n-1]. On an allocation failure sets f->oom. */
void cnf_clause(cnf *f, const int *lit, size_t n);

/* Shorthands for clauses of one, two and three literals. */
void cnf_1(cnf *f, int a);
void cnf_2(cnf *f, int a, int b);
void cnf_3(cnf *f, int a, int b, int c);

/* Makes f unsatisfiable: x and not x on a fresh variable (some DIMACS readers refuse the empty
 * clause). */
void cnf_false(cnf *f);

/* Literal x (0: false, no literal) required if the literal `when` holds (0: always): the
 * clause (-when, x), its parts that exist, or f made unsatisfiable if neither does. */
void cnf_if(cnf *f, int when, int x);

/* Sinz's sequential counter: at most one of the n literals x[0..n-1] is true. */
void cnf_at_most_one(cnf *f, const int *x, size_t n);

/* A sequential weighted counter (Hölldobler, Manthey and Steinke, KI 2012): the weights w[k] of
 * the true x[k] sum to at most `bound` (w = NULL: every weight 1). Row k's variable s(k, j),
 * 1 <= j <= bound, says "the items up to k weigh at least j". Returns 0, or -1 if memory runs
 * out. */
int cnf_at_most(cnf *f, const int *x, const uint32_t *w, size_t n, uint32_t bound);

/* If guard (a literal; 0: always), exactly c of the n literals x[0..n-1] are true. A sequential
 * counter defined both ways: r(k, j) is true exactly when at least j of x[0..k] are, for
 * j = 1..c+1, so n x (c+1) variables. Returns 0, or -1 if memory runs out. */
int cnf_exactly(cnf *f, const int *x, size_t n, uint32_t c, int guard);

/* Writes f in DIMACS, after the comment lines in `comment` (each line is prefixed "c "), and
 * then the unit clause of literal `unit` unless it is 0 (an assumption made a clause, for a
 * solver without assumptions). Returns 0, or -1 on a write error. */
int cnf_write_dimacs(const cnf *f, const char *comment, int unit, FILE *out);

void cnf_free(cnf *f);

#endif
