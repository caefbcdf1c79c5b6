/* formulas.h — the formulas te_search decides, one row per port model (--model): what a model
 * of each says, printed after the solvers' answers. A new formula is a file and a row in
 * formulas.c. */
#ifndef ROMNOC_FORMULAS_H
#define ROMNOC_FORMULAS_H

#include <stdbool.h>
#include <stdint.h>

#include "cnf.h"
#include "topo.h"

typedef struct {
  const char *model; /* --model */
  const char *what;  /* the DIMACS comment: "... on T in at most S slots" follows */
  /* Builds into f (empty) the formula for t and slots; returns its decoding state, or NULL with
   * the reason in err. */
  void *(*build)(const topo *t, uint32_t slots, cnf *f, char *err, size_t errlen);
  /* On sat: prints " key=value" fields about CaDiCaL's model (value[v] > 0: v true) and, if
   * out is not NULL, writes the model's template there as a schedule TSV (formulas whose models
   * are templates: writes_template); returns 0, or 1 if the model does not hold up (its
   * template fails the verifier) or out cannot be written (the reason on stderr). */
  int (*report)(const topo *t, uint32_t slots, const void *state, const int *value, const char *out);
  bool writes_template; /* a model is a whole template (else: loads only, -o refused) */
  void (*release)(void *state);
} te_formula;

/* The row of --model name, or NULL. */
const te_formula *te_formula_find(const char *name);

/* "mla or s4noc-bufferless": for a refusal. */
const char *te_formula_names(void);

#endif
