/* kbcast_study.c — 001 §3.2's randomized variant over many trials (see kbcast_study.h). */
#include "study/kbcast_study.h"

#include <math.h>

#include "construct/kbcast.h"

int kbcast_random_study(const topo *t, const active_set *a, double c, uint32_t trials, uint64_t first_trial,
                        random_study *out) {
  uint32_t d = (uint32_t)t->ndims, k = a->n;
  uint32_t load_cap = (uint32_t)ceil(c * k / d); /* the Monte-Carlo version's ceil(C* K/d) */
  *out = (random_study){.trials = trials, .load_cap = load_cap, .phase2_cap = load_cap + d - 1};
  double sum2 = 0, sum_load = 0;
  for (uint32_t i = 0; i < trials; i++) {
    sched s;
    sched_init(&s, t, TASK_KBCAST, MODEL_MLA, -1);
    if (active_copy(&s.active, a)) return -1;
    uint32_t gathered = 0, load = 0;
    int rc = kb_random_roots(&s, first_trial + i, 0, &gathered, &load); /* phase 2 decides */
    sched_free(&s);
    if (rc) return -1;
    out->ok += load <= out->load_cap && gathered <= out->phase2_cap;
    out->max_phase2 = gathered > out->max_phase2 ? gathered : out->max_phase2;
    out->max_load = load > out->max_load ? load : out->max_load;
    sum2 += gathered;
    sum_load += load;
  }
  out->mean_phase2 = trials ? sum2 / trials : 0;
  out->mean_load = trials ? sum_load / trials : 0;
  /* Chernoff: P(N_j >= C mu) <= (e^(C-1) / C^C)^mu for one root, mu = K/d; a union over d */
  double mu = (double)k / d, one = c > 1 ? exp(mu * ((c - 1) - c * log(c))) : 1;
  out->chernoff = d * one < 1 ? d * one : 1;
  return 0;
}
