/* te_extend_cnf.c — a te template of the (D+1)-cube from one of the D-cube (see te_extend_cnf.h). */
#include "te_extend_cnf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The dimension of the hypercube link u -> v, or -1 if they differ in no or several bits. */
static int link_dim(uint32_t u, uint32_t v) {
  uint32_t x = u ^ v;
  if (!x || (x & (x - 1))) return -1;
  int i = 0;
  while (!(x >> i & 1)) i++;
  return i;
}

/* Reads base's packets into m->first, move_slot, move_gen (by slot, as the rows are sorted):
 * each a shortest path from node 0 to its destination, resting at most max_wait - 1 slots
 * between moves. 0, or -1 with the reason in err. */
static int read_base(const sched *base, int max_wait, te_extend_vars *m, char *err, size_t errlen) {
  uint32_t n = base->topo.nodes;
  m->first = calloc((size_t)n + 1, sizeof *m->first);
  m->move_slot = malloc((base->nrows ? base->nrows : 1) * sizeof *m->move_slot);
  m->move_gen = malloc(base->nrows ? base->nrows : 1);
  uint32_t *at = calloc(n, sizeof *at), *fill = calloc(n, sizeof *fill); /* where each packet is, its moves so far */
  int bad = !m->first || !m->move_slot || !m->move_gen || !at || !fill;
  if (bad) snprintf(err, errlen, "out of memory reading the base template");
  for (size_t r = 0; !bad && r < base->nrows; r++) {
    const sched_row *row = &base->rows[r];
    if (row->dest <= 0 || (uint32_t)row->dest >= n || row->origin != 0) {
      snprintf(err, errlen, "the base template's row at slot %u is not a template row of a te packet", (unsigned)row->slot);
      bad = 1;
    } else m->first[row->dest + 1]++;
  }
  for (uint32_t a = 1; !bad && a < n; a++) m->first[a + 1] += m->first[a];
  for (size_t r = 0; !bad && r < base->nrows; r++) {
    const sched_row *row = &base->rows[r];
    uint32_t a = (uint32_t)row->dest, k = m->first[a] + fill[a];
    int g = link_dim(row->src, row->dst);
    uint32_t wait = fill[a] ? row->slot - m->move_slot[k - 1] : 1;
    if (g < 0 || row->src != at[a] || !(a >> g & 1) || (at[a] >> g & 1) || wait < 1 || wait > (uint32_t)max_wait) {
      snprintf(err, errlen,
               "the base template's packet to %u at slot %u is not a shortest path forwarded 1..%d slots after "
               "it arrives",
               (unsigned)a, (unsigned)row->slot, max_wait);
      bad = 1;
      break;
    }
    m->move_slot[k] = row->slot, m->move_gen[k] = (uint8_t)g;
    at[a] = row->dst, fill[a]++;
  }
  for (uint32_t a = 1; !bad && a < n; a++)
    if (at[a] != a) {
      snprintf(err, errlen, "the base template's packet to %u does not arrive", (unsigned)a);
      bad = 1;
    }
  free(at);
  free(fill);
  return bad ? -1 : 0;
}

/* A new option of the packet being built: its move by D in slot `slot`, only if the literal copy
 * holds (0: always). Returns its variable; the caller adds the sources it needs. */
static int add_option(te_extend_vars *m, uint32_t *nopt, cnf *f, int copy, uint32_t slot) {
  te_extend_option *o = &m->opt[(*nopt)++];
  o->var = cnf_var(f), o->slot = slot;
  if (copy) cnf_2(f, -o->var, copy);
  return o->var;
}

/* The options of packet (1, a), a >= 1: before, after and in the rests of its base path, in each run. */
static void packet_options(te_extend_vars *m, uint32_t a, int W, uint32_t *nopt, cnf *f) {
  const lane_sources *ls = &m->lanes;
  int D = m->dim;
  uint32_t S = m->base_slots, lo = m->first[a], hi = m->first[a + 1];
  for (int run = 0; run < 2; run++) {
    int copy = run ? m->second[a] : -m->second[a];
    uint32_t off = run ? S : 0, first = off + m->move_slot[lo], last = off + m->move_slot[hi - 1];
    for (int w = 1; w <= W; w++) {
      if (first > (uint32_t)w) {
        int x = add_option(m, nopt, f, copy, first - (uint32_t)w);
        cnf_2(f, -x, ls->own[D]);
        cnf_2(f, -x, ls->src[m->move_gen[lo]][D][w - 1]);
      }
      if (last + (uint32_t)w <= 2 * S) cnf_2(f, -add_option(m, nopt, f, copy, last + (uint32_t)w), ls->src[D][m->move_gen[hi - 1]][w - 1]);
    }
    for (uint32_t k = lo; W >= 2 && k + 1 < hi; k++)
      if (m->move_slot[k + 1] == m->move_slot[k] + 2) {
        int x = add_option(m, nopt, f, copy, off + m->move_slot[k] + 1);
        cnf_2(f, -x, ls->src[D][m->move_gen[k]][0]);
        cnf_2(f, -x, ls->src[m->move_gen[k + 1]][D][0]);
      }
  }
}

int te_extend_cnf(const topo *t, const sched *base, uint32_t slots, int max_wait, int sources, cnf *f,
                  te_extend_vars *m, char *err, size_t errlen) {
  memset(m, 0, sizeof *m);
  if (t->kind != TOPO_HYPERCUBE || t->ndims < 2) {
    snprintf(err, errlen, "topology '%s': --extend builds on hypercubes of two or more dimensions only", t->name);
    return -1;
  }
  int D = t->ndims - 1;
  const topo *b = &base->topo;
  if (b->kind != TOPO_HYPERCUBE || b->ndims != D || base->task != TASK_TE || base->model != MODEL_MLA ||
      !base->is_template) {
    snprintf(err, errlen, "--extend: a te translation template of hypercube:%d under mla is needed for %s, not %s %s of %s",
             D, t->name, task_name(base->task), base->is_template ? "template" : "schedule", b->name);
    return -1;
  }
  if (slots != 2 * base->slots) {
    snprintf(err, errlen, "--slots %u: the extension takes exactly twice the base template's %u slots (%u)",
             (unsigned)slots, (unsigned)base->slots, (unsigned)(2 * base->slots));
    return -1;
  }
  m->dim = D, m->base_slots = base->slots;
  if (read_base(base, max_wait, m, err, errlen)) {
    te_extend_vars_free(m);
    return -1;
  }
  uint32_t half = b->nodes, nmoves = m->first[half];
  /* per packet: 2 runs x (2W around + its rests), and (1, 0) in every slot */
  size_t cap = (size_t)2 * (half - 1) * (2 * (size_t)max_wait) + 2 * (size_t)nmoves + slots;
  m->second = calloc(half, sizeof *m->second);
  m->opt_first = calloc((size_t)half + 1, sizeof *m->opt_first);
  m->opt = malloc(cap * sizeof *m->opt);
  int *lit = malloc(((size_t)slots + cap) * sizeof *lit);
  uint32_t *per_slot = calloc((size_t)slots + 2, sizeof *per_slot);
  int failed = !m->second || !m->opt_first || !m->opt || !lit || !per_slot;
  if (failed) goto out;
  lane_sources_new(f, D + 1, max_wait, &m->lanes);
  cnf_1(f, m->lanes.own[D]); /* (1, 0) */
  for (uint32_t a = 1; a < half; a++) { /* the base's sources stay */
    for (uint32_t k = m->first[a]; k < m->first[a + 1]; k++)
      if (k == m->first[a]) cnf_1(f, m->lanes.own[m->move_gen[k]]);
      else cnf_1(f, m->lanes.src[m->move_gen[k]][m->move_gen[k - 1]][m->move_slot[k] - m->move_slot[k - 1] - 1]);
  }
  uint32_t nopt = 0;
  for (uint32_t a = 0; a < half; a++) {
    m->opt_first[a] = nopt;
    if (a) {
      m->second[a] = cnf_var(f);
      packet_options(m, a, max_wait, &nopt, f);
    } else
      for (uint32_t s = 1; s <= slots; s++) cnf_2(f, -add_option(m, &nopt, f, 0, s), m->lanes.own[D]);
    size_t n = 0; /* exactly one place */
    for (uint32_t o = m->opt_first[a]; o < nopt; o++) lit[n++] = m->opt[o].var;
    cnf_clause(f, lit, n);
    cnf_at_most_one(f, lit, n);
  }
  m->opt_first[half] = nopt;
  /* every slot exactly one move by D: the options bucketed by slot */
  for (uint32_t o = 0; o < nopt; o++) per_slot[m->opt[o].slot + 1]++;
  for (uint32_t s = 1; s <= slots + 1; s++) per_slot[s] += per_slot[s - 1];
  for (uint32_t o = 0; o < nopt; o++) lit[per_slot[m->opt[o].slot]++] = m->opt[o].var;
  for (uint32_t s = 1, from = 0; s <= slots; from = per_slot[s], s++) {
    cnf_clause(f, lit + from, per_slot[s] - from);
    cnf_at_most_one(f, lit + from, per_slot[s] - from);
  }
  failed = lane_sources_bound(f, &m->lanes, sources) != 0;
out:
  free(lit);
  free(per_slot);
  if (!failed && !f->oom) return 0;
  te_extend_vars_free(m);
  snprintf(err, errlen, "out of memory building the extension formula for %s", t->name);
  return -1;
}

/* Adds packet (top, a)'s moves to s: its base moves from slot off on, and the move by D in slot
 * extra (0: none), in slot order. */
static int add_packet(const te_extend_vars *m, uint32_t a, uint32_t top, uint32_t off, uint32_t extra, sched *s) {
  uint32_t at = 0, dest = a | top << m->dim;
  for (uint32_t k = m->first[a]; k <= m->first[a + 1]; k++) {
    uint32_t slot = k < m->first[a + 1] ? off + m->move_slot[k] : UINT32_MAX;
    if (extra && extra < slot) {
      if (sched_add(s, extra, at, at ^ (1u << m->dim), 0, (int32_t)dest)) return -1;
      at ^= 1u << m->dim, extra = 0;
    }
    if (k == m->first[a + 1]) break;
    uint32_t next = at ^ (1u << m->move_gen[k]);
    if (sched_add(s, slot, at, next, 0, (int32_t)dest)) return -1;
    at = next;
  }
  return 0;
}

int te_extend_decode(const topo *t, const te_extend_vars *m, const int *value, sched *s) {
  (void)t;
  s->is_template = true;
  uint32_t half = 1u << m->dim, S = m->base_slots;
  for (uint32_t a = 0; a < half; a++) {
    uint32_t extra = 0;
    for (uint32_t o = m->opt_first[a]; o < m->opt_first[a + 1]; o++)
      if (value[m->opt[o].var] > 0) extra = m->opt[o].slot;
    int second = a && value[m->second[a]] > 0;
    if ((a && add_packet(m, a, 0, second ? 0 : S, 0, s)) || add_packet(m, a, 1, second ? S : 0, extra, s)) return -1;
  }
  return 0;
}

void te_extend_vars_free(te_extend_vars *m) {
  free(m->first);
  free(m->move_slot);
  free(m->move_gen);
  free(m->second);
  free(m->opt_first);
  free(m->opt);
  memset(m, 0, sizeof *m);
}
