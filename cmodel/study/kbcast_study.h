/* kbcast_study.h — how often the Monte-Carlo version of 001 §3.2's randomized variant
 * succeeds: each broadcaster picks its root at random, phase 2 runs ceil(C* K/d) + d - 1 slots
 * and phase 3 ceil(C* K/d) + d; a trial succeeds if every packet reaches its root within phase
 * 2 and no root holds more than ceil(C* K/d) packets. The paper proves it with high
 * probability for C* > e (a Chernoff bound) without a figure; the study counts. */
#ifndef ROMNOC_KBCAST_STUDY_H
#define ROMNOC_KBCAST_STUDY_H

#include <stdint.h>

#include "model/schedule.h"

typedef struct {
  uint32_t trials, ok;           /* trials run; trials in which ceil(C* K/d) per phase sufficed */
  uint32_t load_cap, phase2_cap; /* ceil(C* K/d), and phase 2's slots ceil(C* K/d) + d - 1 */
  uint32_t max_load, max_phase2; /* the largest root load and phase-2 length seen */
  double mean_load, mean_phase2;
  double chernoff; /* min(1, d (e^(C-1)/C^C)^(K/d)): the bound on a root overflowing */
} random_study;

/* Runs trials first_trial.. of the randomized variant on t for active set a with factor c.
 * Returns 0, or -1 if memory runs out. */
int kbcast_random_study(const topo *t, const active_set *a, double c, uint32_t trials, uint64_t first_trial,
                        random_study *out);

#endif
