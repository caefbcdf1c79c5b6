/* sp_ring_mnb.c — single-port multinode broadcast by the ring algorithm on a Hamiltonian
 * cycle (002 §3). Positions 0..n-1 of the cycle (hamilton.h); messages travel one way round.
 *
 * sp-full (002 §3.1): every step position j sends its one-message buffer to j+1 and receives
 *   from j-1: in step s it sends the message of position j-s+1. n-1 steps, the bound of 002
 *   Eq. (1).
 * sp-half, n even (002 §3.2.1): full-duplex step k becomes step 2k-1, where the even positions
 *   send, and step 2k, where the odd ones do. 2(n-1) steps, Eq. (2).
 * sp-half, n odd (002 §3.2.2, Theorem 1): two-message FIFOs. In step j (1..2n) position j-1 is
 *   idle, positions j, j+2, ..., j+n-3 send the head of their FIFO to their successor and the
 *   others receive (mod n; the rule of ../shared/seeds/EXTRACT.md §2.4, which repairs the
 *   OCR's step formula to agree with the paper's Fig. 3 and Appendix). A message that reaches
 *   the position before its origin has been everywhere and is not queued again. 2n steps,
 *   Eq. (3).
 * S4NOC models (schedule.h): sp-full's steps. Every node receives one packet per slot and sends
 *   it on in the next, so the local port delivers one per slot and nothing waits: N-1 slots,
 *   the ejection bound (bounds_s4noc.h), under s4noc-bufferless too.
 * All three meet their lower bounds, so on every graph with a Hamiltonian cycle (rings,
 * hypercubes, tori, meshes with an even node count) the single-port multinode broadcast is
 * optimal.
 */
#include <stdio.h>
#include <stdlib.h>

#include "construct/construct.h"
#include "construct/hamilton.h"

int sp_ring_mnb_applies(const sched *s, char *why, size_t len) {
  const topo *t = &s->topo;
  model_kind model = s->model;
  (void)model;
  (void)t;
  (void)model;
  char reason[160];
  int rc = hamilton_exists(t, reason, sizeof reason);
  if (rc) snprintf(why, len, "construction 'ring' needs a Hamiltonian cycle: %s", reason);
  return rc;
}

/* 002 §3.2.2: the odd half-duplex ring, simulated with the FIFOs. */
static int odd_half_duplex(sched *s, const uint32_t *order, uint32_t n) {
  uint32_t *fifo = malloc(2 * n * sizeof *fifo), *count = calloc(n, sizeof *count);
  int rc = fifo && count ? 0 : -1;
  for (uint32_t j = 0; j < n && !rc; j++) {
    fifo[2 * j] = j; /* a message is named by its origin's position */
    count[j] = 1;
  }
  for (uint32_t step = 1; step <= 2 * n && !rc; step++) {
    for (uint32_t k = 0; k + 3 <= n && !rc; k += 2) {
      uint32_t from = (step + k) % n, to = (from + 1) % n;
      if (!count[from]) continue; /* never happens (002 Appendix); the verifier would see it */
      uint32_t m = fifo[2 * from];
      fifo[2 * from] = fifo[2 * from + 1];
      count[from]--;
      rc = sched_add(s, step, order[from], order[to], order[m], -1);
      if ((to + 1) % n != m && count[to] < 2) fifo[2 * to + count[to]++] = m;
    }
  }
  free(fifo);
  free(count);
  return rc;
}

int sp_ring_mnb(sched *s) {
  const topo *t = &s->topo;
  uint32_t n = t->nodes, *order = malloc(n * sizeof *order);
  char why[160];
  int rc = -1;
  if (!order || hamilton_cycle(t, order, why, sizeof why)) goto out;
  if (s->model == MODEL_SP_HALF && n % 2) {
    rc = odd_half_duplex(s, order, n);
    goto out;
  }
  rc = 0;
  for (uint32_t step = 1; step < n && !rc; step++)
    for (uint32_t j = 0; j < n && !rc; j++) {
      uint32_t slot = s->model == MODEL_SP_HALF ? 2 * step - 1 + j % 2 : step;
      rc = sched_add(s, slot, order[j], order[(j + 1) % n], order[(j + n - step + 1) % n], -1);
    }
out:
  free(order);
  return rc;
}
