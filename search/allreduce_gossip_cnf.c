/* allreduce_gossip_cnf.c — the allreduce's gossip relaxation (see allreduce_gossip_cnf.h). */
#include "allreduce_gossip_cnf.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* The state the clauses are built from: m, and heard's variables with the constant true. */
typedef struct {
  const topo *t;
  allreduce_gossip_vars *m;
  int *heard; /* [((s - 1) * chunks + c) * N * N + a * N + v], 0: false (outside the window) */
  int truth;
} builder;

static uint64_t links(const allreduce_gossip_vars *m) { return (uint64_t)m->nodes * (uint64_t)m->ports; }

static int *word_at(const allreduce_gossip_vars *m, uint32_t s, uint64_t e, uint32_t c) {
  return &m->word[((uint64_t)(s - 1) * links(m) + e) * m->chunks + c];
}

/* heard's variable of chunk c, contribution a, node v and slot s >= 1 (0: none). */
static int *heard_cell(const builder *b, uint32_t s, uint32_t c, uint32_t a, uint32_t v) {
  uint64_t n = b->m->nodes;
  return &b->heard[((uint64_t)(s - 1) * b->m->chunks + c) * n * n + (uint64_t)a * n + v];
}

/* The literal "v has heard of a's contribution to chunk c at the end of slot s": the constant
 * true at a itself, false (0) elsewhere at s = 0 and outside the window. */
static int heard(const builder *b, uint32_t s, uint32_t c, uint32_t a, uint32_t v) {
  if (v == a) return b->truth;
  return s == 0 ? 0 : *heard_cell(b, s, c, a, v);
}

static void make_variables(builder *b, cnf *f) {
  allreduce_gossip_vars *m = b->m;
  for (uint32_t s = 1; s <= m->slots; s++)
    for (uint64_t e = 0; e < links(m); e++)
      if (topo_neighbor(b->t, (uint32_t)(e / (uint64_t)m->ports), (int)(e % (uint64_t)m->ports)) >= 0)
        for (uint32_t c = 0; c < m->chunks; c++) *word_at(m, s, e, c) = cnf_var(f);
  for (uint32_t s = 1; s <= m->slots; s++)
    for (uint32_t c = 0; c < m->chunks; c++)
      for (uint32_t a = 0; a < m->nodes; a++)
        for (uint32_t v = 0; v < m->nodes; v++)
          if (v != a && topo_dist(b->t, a, v) <= s) *heard_cell(b, s, c, a, v) = cnf_var(f);
}

/* heard(c, a, v, s) only grows, and it is new in slot s only through a word into v holding a. */
static void heard_clauses(const builder *b, uint32_t s, uint32_t c, uint32_t a, uint32_t v, cnf *f) {
  int clause[2 * TOPO_MAX_DIMS + 2], port[2 * TOPO_MAX_DIMS];
  uint32_t from[2 * TOPO_MAX_DIMS];
  int now = heard(b, s, c, a, v), before = heard(b, s - 1, c, a, v);
  if (!now || now == b->truth) return;
  if (before) cnf_2(f, -before, now);
  size_t n = 0, in = (size_t)topo_in_links(b->t, v, from, port);
  clause[n++] = -now;
  if (before) clause[n++] = before;
  for (size_t i = 0; i < in; i++) {
    int sender = heard(b, s - 1, c, a, from[i]);
    if (!sender) continue;
    int via = cnf_var(f);
    cnf_2(f, -via, *word_at(b->m, s, (uint64_t)from[i] * (uint64_t)b->m->ports + (uint64_t)port[i], c));
    if (sender != b->truth) cnf_2(f, -via, sender);
    clause[n++] = via;
  }
  cnf_clause(f, clause, n);
}

/* At most one word per directed link and slot (mla), per link in either direction (oneway). */
static void capacity_clauses(const builder *b, int *load, cnf *f) {
  const allreduce_gossip_vars *m = b->m;
  for (uint32_t s = 1; s <= m->slots; s++)
    for (uint32_t u = 0; u < m->nodes; u++)
      for (int p = 0; p < m->ports; p++) {
        int64_t w = topo_neighbor(b->t, u, p);
        if (w < 0) continue;
        if (m->oneway && (uint64_t)w < u) continue;
        size_t n = 0;
        for (uint32_t c = 0; c < m->chunks; c++) load[n++] = *word_at(m, s, (uint64_t)u * (uint64_t)m->ports + (uint64_t)p, c);
        if (m->oneway) {
          uint64_t back = (uint64_t)w * (uint64_t)m->ports + (uint64_t)topo_port_to(b->t, (uint32_t)w, u);
          for (uint32_t c = 0; c < m->chunks; c++) load[n++] = *word_at(m, s, back, c);
        }
        cnf_at_most_one(f, load, n);
      }
}

/* Zero slack (allreduce_gossip_cnf.h): if the words every chunk needs fill slots 1..S's
 * capacity exactly, every link carries a word in each of them (in either direction, oneway),
 * if the literal `when` holds (0: always). */
static void busy_clauses(const builder *b, uint32_t S, int when, cnf *f) {
  const allreduce_gossip_vars *m = b->m;
  uint64_t directed = 0;
  for (uint64_t e = 0; e < links(m); e++) directed += *word_at(m, 1, e, 0) != 0;
  uint64_t per_slot = m->oneway ? directed / 2 : directed, needed = (uint64_t)m->chunks * (2 * (uint64_t)m->nodes - 2);
  if (m->nodes < 2 || needed != (uint64_t)S * per_slot) return;
  int *clause = malloc((2 * (uint64_t)m->chunks + 1) * sizeof *clause);
  if (!clause) {
    f->oom = 1;
    return;
  }
  for (uint32_t s = 1; s <= S; s++)
    for (uint32_t u = 0; u < m->nodes; u++)
      for (int p = 0; p < m->ports; p++) {
        int64_t w = topo_neighbor(b->t, u, p);
        if (w < 0 || (m->oneway && (uint64_t)w < u)) continue;
        uint64_t back = (uint64_t)w * (uint64_t)m->ports + (uint64_t)topo_port_to(b->t, (uint32_t)w, u);
        size_t n = 0;
        if (when) clause[n++] = -when;
        for (uint32_t c = 0; c < m->chunks; c++) {
          clause[n++] = *word_at(m, s, (uint64_t)u * (uint64_t)m->ports + (uint64_t)p, c);
          if (m->oneway) clause[n++] = *word_at(m, s, back, c);
        }
        cnf_clause(f, clause, n);
      }
  free(clause);
}

/* Value precedence over the chunks (allreduce_gossip_cnf.h): first(c) holds at position i when
 * chunk c has a word at a link and slot up to position i (slot-major, then link). */
static void precedence_clauses(const builder *b, cnf *f) {
  const allreduce_gossip_vars *m = b->m;
  int *first = calloc(m->chunks, sizeof *first); /* first(c) at the previous position, 0: false */
  if (!first) {
    f->oom = 1;
    return;
  }
  for (uint32_t s = 1; s <= m->slots; s++)
    for (uint64_t e = 0; e < links(m); e++) {
      if (!*word_at(m, s, e, 0)) continue; /* no link */
      for (uint32_t c = m->chunks; c-- > 0;) {
        int x = *word_at(m, s, e, c);
        if (c > 0) {
          if (first[c - 1]) cnf_2(f, -x, first[c - 1]);
          else cnf_1(f, -x);
        }
        if (c + 1 == m->chunks) continue; /* no chunk after the last to order */
        int now = cnf_var(f);
        cnf_2(f, -x, now);
        if (first[c]) cnf_2(f, -first[c], now);
        if (first[c]) cnf_3(f, -now, first[c], x);
        else cnf_2(f, -now, x);
        first[c] = now;
      }
    }
  free(first);
}

/* Every contribution heard of everywhere at the end of slot S, if the literal `when` holds (0:
 * always). */
static void completion_clauses(const builder *b, uint32_t S, int when, cnf *f) {
  for (uint32_t c = 0; c < b->m->chunks; c++)
    for (uint32_t a = 0; a < b->m->nodes; a++)
      for (uint32_t v = 0; v < b->m->nodes; v++) {
        int done = heard(b, S, c, a, v);
        if (done != b->truth) cnf_if(f, when, done);
      }
}

int allreduce_gossip_cnf(const topo *t, model_kind model, uint32_t chunks, uint32_t slots, uint32_t from, cnf *f,
                         allreduce_gossip_vars *m, char *err, size_t errlen) {
  uint64_t n = t->nodes, nheard = (uint64_t)slots * chunks * n * n;
  *m = (allreduce_gossip_vars){.nodes = t->nodes, .chunks = chunks, .slots = slots, .from = from, .ports = t->ports,
                               .oneway = model == MODEL_ONEWAY};
  if (model != MODEL_MLA && model != MODEL_ONEWAY) {
    snprintf(err, errlen, "model %s: the combining relaxation is for mla and oneway", model_name(model));
    return -1;
  }
  if (nheard * (1 + (uint64_t)t->ports) > ALLREDUCE_GOSSIP_MAX_VARS) {
    snprintf(err, errlen, "%s in %u slots: up to %llu heard and via variables, over the %u this formula allows", t->name,
             (unsigned)slots, (unsigned long long)(nheard * (1 + (uint64_t)t->ports)), ALLREDUCE_GOSSIP_MAX_VARS);
    return -1;
  }
  builder b = {.t = t, .m = m, .heard = calloc(nheard ? nheard : 1, sizeof *b.heard)};
  m->word = calloc((uint64_t)slots * links(m) * chunks + 1, sizeof *m->word);
  m->selector = calloc(from ? slots - from + 1 : 1, sizeof *m->selector);
  int *load = malloc(2 * (uint64_t)chunks * sizeof *load + 1);
  if (b.heard && m->word && m->selector && load) {
    b.truth = cnf_var(f);
    cnf_1(f, b.truth);
    make_variables(&b, f);
    for (uint32_t s = 1; s <= slots; s++)
      for (uint32_t c = 0; c < chunks; c++)
        for (uint32_t a = 0; a < n; a++)
          for (uint32_t v = 0; v < n; v++) heard_clauses(&b, s, c, a, v, f);
    capacity_clauses(&b, load, f);
    precedence_clauses(&b, f);
    if (!from) completion_clauses(&b, slots, 0, f), busy_clauses(&b, slots, 0, f);
    for (uint32_t S = from; from && S <= slots; S++) {
      m->selector[S - from] = cnf_var(f);
      completion_clauses(&b, S, m->selector[S - from], f);
      busy_clauses(&b, S, m->selector[S - from], f);
    }
  }
  int failed = !b.heard || !m->word || !m->selector || !load || f->oom;
  free(b.heard);
  free(load);
  if (failed) snprintf(err, errlen, "out of memory building the allreduce relaxation of %s", t->name);
  return failed ? -1 : 0;
}

uint64_t allreduce_gossip_words(const allreduce_gossip_vars *m, const int *value, uint32_t slots) {
  uint64_t words = 0, cells = (uint64_t)(slots < m->slots ? slots : m->slots) * links(m) * m->chunks;
  for (uint64_t i = 0; i < cells; i++)
    if (m->word[i] && value[m->word[i]] > 0) words++;
  return words;
}

void allreduce_gossip_vars_free(allreduce_gossip_vars *m) {
  free(m->word);
  free(m->selector);
  m->word = m->selector = NULL;
}
