/* allreduce_dimorder.c — the two-phase dimension-ordered all-reduce (the baselines `dimorder`
 * on rings and tori, `halving-doubling` on the hypercube).
 *
 * Reduce-scatter along the lines of dimension 0, then of dimension 1 on the blocks already
 * reduced, ..., then the all-gather in the reverse order. Before dimension i every node holds
 * the partials, summed over its sub-torus of dimensions < i, of the chunks that agree with it
 * in coordinates 0..i-1; the line of dimension i through it reduce-scatters them by coordinate
 * i (ring_phase.h), so that each node keeps a block of B_i = K_(i+1) ... K_(n-1) chunks (the
 * product over the dimensions after i; B_(n-1) = 1): chunk v ends at node v. The all-gather
 * runs the same lines backwards with copies of the finished sums.
 *
 * A line of K > 2 nodes is a ring; under mla each chunk collects from both sides (half its
 * K-1 hops each way, alternating which side gets the larger half), so a line phase takes
 * L_i = ceil(B_i (K_i - 1) / 2) slots, the load of its busiest link. A line of K = 2 (the
 * hypercube's every dimension, a torus dimension of size 2) has one link: L_i = B_i. Under
 * sp-full and oneway one direction only: L_i = B_i (K_i - 1). In all:
 *   slots = 2 (L_0 + ... + L_(n-1));
 * one direction: 2 sum_i B_i (K_i - 1) = 2(N-1); mla on the K x K torus (K > 2): K^2 for even
 * K, K^2 - 1 for odd K; on ring:N, 2 ceil((N-1)/2), the bound; on the d-cube (recursive
 * halving, N/2 + N/4 + ... + 1 words, then recursive doubling): 2(N-1). 2N(N-1) transmissions.
 * A dimension phase uses only its own dimension's links: that is what it costs.
 */
#include <stdio.h>
#include <stdlib.h>

#include "construct/construct.h"
#include "construct/ring_phase.h"

int allreduce_dimorder_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  model_kind model = s->model;
  (void)model;
  (void)t;
  for (int i = 0; i < t->ndims && model == MODEL_ONEWAY; i++)
    if (t->radix[i] == 2) {
      snprintf(why, len, "construction 'dimorder' under oneway needs every size above 2: dimension %d of %s has size "
               "2, whose two nodes send over the one link in the same slot", i, t->name);
      return -1;
    }
  return 0;
}

int allreduce_dimorder(sched *s) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes, kmax = 0, base = 0;
  for (int i = 0; i < t->ndims; i++)
    if (t->radix[i] > kmax) kmax = t->radix[i];
  uint32_t *cyc = malloc(kmax * sizeof *cyc);
  int rc = cyc ? 0 : -1;
  for (int step = 0; step < 2 * t->ndims && !rc; step++) { /* dimensions 0..n-1, then n-1..0 */
    bool gather = step >= t->ndims;
    int i = gather ? 2 * t->ndims - 1 - step : step;
    uint32_t k = t->radix[i], mod = t->stride[i] * k;
    ring_line l = {cyc, k, mod, n / mod, s->model == MODEL_MLA};
    for (uint32_t u = 0; u < n && !rc; u++) {
      if (topo_coord(t, u, i)) continue; /* each line once, from its node of coordinate 0 */
      for (uint32_t q = 0; q < k; q++) cyc[q] = u + q * t->stride[i];
      rc = ring_phase(s, &l, base, gather);
    }
    base += ring_phase_slots(&l);
  }
  free(cyc);
  return rc;
}
