/* batchmeans.h — the mean of a steady-state simulation output and its 95% confidence interval
 * by the method of non-overlapping batch means: the run (after its warm-up) is cut into B
 * batches, each batch's mean is treated as one roughly independent, roughly normal sample,
 * and the interval is the Student t one over those B samples. */
#ifndef ROMNOC_BATCHMEANS_H
#define ROMNOC_BATCHMEANS_H

#include <stdint.h>

typedef struct {
  double mean;      /* sum of all observations over their count (NAN if there are none) */
  double half;      /* half-width of the 95% interval (NAN with fewer than 2 usable batches) */
  uint32_t batches; /* batches that held at least one observation (the samples used) */
} batch_estimate;

/* The estimate from n batches, batch i holding count[i] observations summing to sum[i].
 * Batches without observations are left out of the interval. */
batch_estimate batch_means(const double *sum, const uint64_t *count, uint32_t n);

/* The 0.975 quantile of Student's t distribution with df >= 1 degrees of freedom: table
 * values (6 decimals) for df <= 9, beyond them the asymptotic expansion about the normal
 * quantile (Abramowitz and Stegun 26.7.5, four terms; error below 1e-5 from df = 10 on). */
double student_t975(uint32_t df);

#endif
