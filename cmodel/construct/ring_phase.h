/* ring_phase.h — one phase of the ring all-reduce along a cycle of k nodes: the reduce-scatter
 * (every position ends with the sum over the cycle of its block of chunks) or the all-gather
 * (every position's finished block copied to every other). The building block of the `ring`
 * (one Hamiltonian cycle, a block of one chunk) and `dimorder` / `halving-doubling` (every
 * line of a dimension, blocks of the chunks still to be reduced) all-reduce baselines.
 *
 * Each chunk of a block makes k-1 hops: a of them one way round (the + stream: position p's
 * chunk collects from positions p-a..p-1, or reaches p+1..p+a) and k-1-a the other way. A
 * stream handles the block's chunks one after another, one hop per slot, so that every node
 * sends one word per slot per direction: chunk t's hops take slots P_t+1..P_t+a_t after the
 * phase's start, P_t the sum of the a's before it. In the reduce-scatter every word is the
 * sender's partial, moved (it holds what the sender received in the previous slot: the
 * pipelined accumulation); in the all-gather it is a copy of the sender's finished sum.
 */
#ifndef ROMNOC_RING_PHASE_H
#define ROMNOC_RING_PHASE_H

#include <stdbool.h>
#include <stdint.h>

#include "model/schedule.h"

typedef struct {
  const uint32_t *cyc; /* the k nodes in cycle order: cyc[q] and cyc[(q+1) % k] are adjacent */
  uint32_t k;
  uint32_t mod;    /* position p's block: the chunks cyc[p] % mod + t * mod, t < nblock */
  uint32_t nblock;
  bool both;       /* use both directions: chunk t makes ceil((k-1)/2) hops one way for even t,
                      floor((k-1)/2) for odd t, the rest the other way; else all k-1 one way */
} ring_line;

/* Slots one phase takes: the + stream's hops over the block, ceil(nblock (k-1) / 2) with both
 * directions (k > 2), nblock (k-1) with one. */
uint32_t ring_phase_slots(const ring_line *l);

/* Appends the rows of the reduce-scatter (gather false) or the all-gather (gather true) along
 * l to s, in slots base+1 .. base+ring_phase_slots(l). Returns 0, or -1 if memory runs out. */
int ring_phase(sched *s, const ring_line *l, uint32_t base, bool gather);

#endif
