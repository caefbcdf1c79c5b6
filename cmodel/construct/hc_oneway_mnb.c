/* hc_oneway_mnb.c — one-way multinode broadcast on the d-cube (paper 003 §6 Thm 6.3), as a
 * parity template (schedule.h): the rows of origins 0 and 1.
 *
 * The algorithm is the proof of Thm 6.3 in three steps.
 *  1. T_0: 000 §2's all-port template (hc_mnb). Its node numbered n is reached in slot
 *     ceil(n/d) across dimension m(n) = ((n-1) mod d) + 1 from a node of smaller weight: this
 *     is an ordering as in Lemma 7.2 (e_j in S_i for i = j mod d, |S_i| non-decreasing) that
 *     meets Lemma 7.7's causality (no parent in its own block), and every slot uses each
 *     dimension at most once. Let it take
 *     m = ceil(N/d) slots, N = 2^d - 1, the last holding r = N - (m-1)d rows (Lemma 7.8: r = d
 *     only for d = 1).
 *  2. Doubling (§6, Lemma 7.4): T_0's slot t becomes 2t-1 for origin 0, and origin 1 follows
 *     T_0 XOR 1 in slot 2t. A slot's rows with distinct dimensions, translated by every
 *     even-weight id, use each wire of those dimensions exactly once (Lemma 7.4 with X = E),
 *     and origins 0 and 1 never share a slot, so the whole schedule is one-way valid. 2m slots.
 *  3. Fix-up of the last partial block (Thm 6.3 proof, Lemma 7.6): ceil(2N/d) = 2m-1 exactly
 *     when 2r <= d. Then both origins' last r rows go into slot 2m-1, on 2r distinct
 *     dimensions. Every node outside the last block L is reached by slot 2m-2 in both trees,
 *     so a node v of L may take any dimension k with v^e_k outside L (for origin 1, the
 *     node v^1 from v^1^e_k). The 2r (origin, node) pairs are matched to dimensions by
 *     augmenting paths. The paper fixes T_0's dimensions and asks Lemma 7.6 for an ordering
 *     whose last sets also hold e_{i+r}; the matching re-parents both trees instead and needs no
 *     special ordering.
 *     The matching exists (Hall): L is the antipode and r-1 of its neighbours (000 §2 numbers
 *     the weight-(d-1) class just before the antipode), and r >= 2 implies d >= 5 (d = 4 has
 *     r = 3). The antipode may use the d-r+1 >= 2 dimensions that do not lead into L, a
 *     neighbour w all but the one to the antipode. Pairs of one node thus have >= 2 choices;
 *     of the antipode and one w, d-1 >= 4; of three or more nodes, two of them neighbours,
 *     all d >= 2r. Should it ever fail, the last blocks stay apart: 2m slots, still valid.
 *
 * Rows: 2N; d = 16 builds in about 15 ms.
 */
#include <stdint.h>

#include "construct/construct.h"

enum { FIX_MAX = 16 }; /* 2r <= d <= 16 (origin, node) pairs in the fix-up */

typedef struct {
  int d, pairs, r;      /* pairs = 2r: pair i is node last[i % r] of origin i / r */
  const uint32_t *last; /* L, T_0's last block */
  int dim_of[FIX_MAX];  /* pair -> dimension, or -1 */
  int pair_of[FIX_MAX]; /* dimension -> pair, or -1 */
} fixup;

static int in_last(const fixup *f, uint32_t v) {
  for (int i = 0; i < f->r; i++)
    if (f->last[i] == v) return 1;
  return 0;
}

/* Kuhn's augmenting path from pair p; seen marks the dimensions visited on this search. */
static int augment(fixup *f, int p, unsigned *seen) {
  uint32_t v = f->last[p % f->r];
  for (int k = 0; k < f->d; k++) {
    if ((*seen >> k & 1) || in_last(f, v ^ (1u << k))) continue; /* parent not yet reached */
    *seen |= 1u << k;
    if (f->pair_of[k] < 0 || augment(f, f->pair_of[k], seen)) {
      f->pair_of[k] = p;
      f->dim_of[p] = k;
      return 1;
    }
  }
  return 0;
}

/* Matches the 2r pairs to distinct dimensions; 0, or -1 if no matching exists. */
static int fixup_match(fixup *f) {
  for (int k = 0; k < f->d; k++) f->pair_of[k] = -1;
  for (int p = 0; p < f->pairs; p++) {
    unsigned seen = 0;
    f->dim_of[p] = -1;
    if (!augment(f, p, &seen)) return -1;
  }
  return 0;
}

/* Adds T_0's row (slot t of the all-port template) for both origins: 2t-1 and 2t. */
static int add_doubled(sched *s, const sched_row *r) {
  if (sched_add(s, 2 * r->slot - 1, r->src, r->dst, 0, -1)) return -1;
  return sched_add(s, 2 * r->slot, r->src ^ 1u, r->dst ^ 1u, 1, -1);
}

int hc_oneway_mnb(sched *s) {
  int d = s->topo.ndims;
  s->is_template = true;
  s->parity_template = true;
  sched t0; /* step 1 */
  sched_init(&t0, &s->topo, TASK_MNB, MODEL_MLA, -1);
  if (hc_mnb(&t0)) {
    sched_free(&t0);
    return -1;
  }
  uint32_t m = 0;
  for (size_t i = 0; i < t0.nrows; i++)
    if (t0.rows[i].slot > m) m = t0.rows[i].slot;
  uint32_t last[FIX_MAX];
  int r = 0; /* counted up to d/2 + 1 <= 9: beyond d/2 there is no fix-up */
  for (size_t i = 0; i < t0.nrows && r <= d / 2; i++)
    if (t0.rows[i].slot == m) last[r++] = t0.rows[i].dst;
  /* step 3 applies when the two last blocks fit one slot (and there is more than one slot) */
  fixup f = {d, 2 * r, r, last, {0}, {0}};
  int merge = m > 1 && 2 * r <= d && fixup_match(&f) == 0;

  int rc = 0;
  for (size_t i = 0; i < t0.nrows && !rc; i++) /* step 2 */
    if (!merge || t0.rows[i].slot != m) rc = add_doubled(s, &t0.rows[i]);
  for (int p = 0; merge && p < f.pairs && !rc; p++) {
    uint32_t origin = (uint32_t)(p / r), v = last[p % r] ^ origin;
    rc = sched_add(s, 2 * m - 1, v ^ (1u << f.dim_of[p]), v, origin, -1);
  }
  sched_free(&t0);
  return rc;
}
