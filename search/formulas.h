/* formulas.h — the formulas te_search decides, one row per task, port model and options
 * (--task, --model, --lanes, --extend): what a model of each says, printed after the solvers'
 * answers. A new formula is a file and a row in formulas.c. */
#ifndef ROMNOC_FORMULAS_H
#define ROMNOC_FORMULAS_H

#include <stdbool.h>
#include <stdint.h>

#include "cnf.h"
#include "model/schedule.h"
#include "shift_symmetry.h"
#include "model/topo.h"

/* What a formula is asked: the slots, and the options only some formulas read. */
typedef struct {
  uint32_t slots;
  uint32_t from; /* --from: the formula has selectors for from..slots (search_formula.selector); 0: none */
  model_kind model; /* the formula's --model (the whole-schedule formulas serve several) */
  int max_wait; /* the lanes formulas: --max-wait */
  int sources;  /* the lanes formulas: --sources */
  symmetry_kind symmetry; /* the lanes formulas: --rotate (SYMMETRY_SHIFT), --turn (SYMMETRY_TURN) */
  int diagonals; /* te --lanes: --diagonals */
  bool shortest; /* te --general: --shortest */
  bool periodic; /* te under s4noc-bufferless: --periodic (slots: the period) */
  bool dim_order; /* te under s4noc-bufferless: --dim-order (dimension-order paths only) */
  const active_set *active; /* kbcast: the active set (--active, or --k and --seed) */
  const sched *base; /* te --lanes --extend: the smaller cube's template */
} search_params;

typedef struct {
  const char *task;  /* --task */
  const char *model; /* --model */
  const char *what;  /* the DIMACS comment: "... on T in at most S slots" follows */
  /* Builds into f (empty) the formula for t and q; returns its decoding state, or NULL with the
   * reason in err. */
  void *(*build)(const topo *t, const search_params *q, cnf *f, char *err, size_t errlen);
  /* On sat: prints " key=value" fields about CaDiCaL's model (value[v] > 0: v true) and, if
   * out is not NULL, writes the model's template there as a schedule TSV (formulas whose models
   * are templates: writes_template); returns 0, or 1 if the model does not hold up (its
   * template fails the verifier) or out cannot be written (the reason on stderr). */
  int (*report)(const topo *t, const search_params *q, const void *state, const int *value, const char *out);
  bool writes_template; /* a model is a whole template or schedule (else: loads only, -o refused) */
  bool reads_lanes;     /* a lanes formula: reads --max-wait, --sources, --rotate and --turn (else refused) */
  bool reads_base;      /* builds on --extend's template (and refuses --rotate and --turn) */
  bool general;         /* over whole schedules, not templates (--general; snb's only kind) */
  /* --from (NULL: refused): the literal which, assumed, makes the formula built with selectors
   * (q->from) the formula of `slots` slots, q->from <= slots <= q->slots. */
  int (*selector)(const void *state, uint32_t slots);
  void (*release)(void *state);
} search_formula;

/* The row of --task task and --model model whose general is general (--general) and whose
 * reads_lanes is lanes (--lanes) and reads_base is base (--extend); without --lanes, else the
 * task and model's only row without a base (mnb's template formula reads the lanes always).
 * NULL if none. */
const search_formula *search_formula_find(const char *task, const char *model, bool lanes, bool base, bool general);

/* A decoded template s of a lanes formula (decode_failed: memory ran out decoding it): prints the
 * sources its routers need, counted on its rows (template_sources.h; sources_most= and
 * sources_total=, both -1 if a packet waits longer than q->max_wait or memory runs out), then
 * checks it with the golden model's verifier (template=verified template_slots=N, or
 * template=FAIL(...)) and, if it passes and out is not NULL, writes it there as a schedule TSV.
 * 0, or 1 on a failure (the reason printed, or on stderr). */
int search_lanes_report(const topo *t, const search_params *q, sched *s, int decode_failed, const char *out);

/* "te mla, te mla --lanes, ...": for a refusal. */
const char *search_formula_names(void);

#endif
