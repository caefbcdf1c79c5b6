/* lane_sources.c — see lane_sources.h. */
#include "lane_sources.h"

void lane_sources_new(cnf *f, int ngens, int max_wait, lane_sources *ls) {
  ls->ngens = ngens, ls->max_wait = max_wait;
  for (int g = 0; g < ngens; g++) {
    ls->own[g] = cnf_var(f);
    for (int i = 0; i < ngens; i++)
      for (int w = 0; w < max_wait; w++) ls->src[g][i][w] = cnf_var(f);
  }
}

int lane_sources_bound(cnf *f, const lane_sources *ls, int k) {
  int lit[1 + LANE_MAX_GENS * LANE_MAX_WAIT];
  for (int g = 0; g < ls->ngens; g++) {
    size_t n = 0;
    lit[n++] = ls->own[g];
    for (int i = 0; i < ls->ngens; i++)
      for (int w = 0; w < ls->max_wait; w++) lit[n++] = ls->src[g][i][w];
    if (cnf_at_most(f, lit, NULL, n, (uint32_t)k)) return -1;
  }
  return 0;
}

void lane_sources_keep(cnf *f, const lane_sources *ls, const lane_set *keep) {
  for (int g = 0; g < ls->ngens; g++) {
    if (keep->own[g]) cnf_1(f, ls->own[g]);
    for (int i = 0; i < ls->ngens; i++)
      for (int w = 0; w < ls->max_wait; w++)
        if (keep->src[g][i][w]) cnf_1(f, ls->src[g][i][w]);
  }
}
