/* batchmeans.c — batch means and the Student t quantile (see batchmeans.h). */
#include "study/batchmeans.h"

#include <math.h>

double student_t975(uint32_t df) {
  static const double small[] = {0,        12.706205, 4.302653, 3.182446, 2.776445,
                                  2.570582, 2.446912,  2.364624, 2.306004, 2.262157};
  if (df < sizeof small / sizeof small[0]) return small[df ? df : 1];
  const double z = 1.959963984540054; /* the normal 0.975 quantile */
  double z2 = z * z, v = df;
  double g1 = (z2 + 1) * z / 4;
  double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
  double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
  double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
  return z + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v);
}

batch_estimate batch_means(const double *sum, const uint64_t *count, uint32_t n) {
  double total = 0, mean_of_means = 0, m2 = 0;
  uint64_t observations = 0;
  uint32_t used = 0;
  for (uint32_t i = 0; i < n; i++) {
    total += sum[i];
    observations += count[i];
    if (!count[i]) continue;
    /* Welford's running mean and squared deviations of the batch means */
    double x = sum[i] / (double)count[i], delta = x - mean_of_means;
    used++;
    mean_of_means += delta / used;
    m2 += delta * (x - mean_of_means);
  }
  batch_estimate e = {NAN, NAN, used};
  if (observations) e.mean = total / (double)observations;
  if (used >= 2) e.half = student_t975(used - 1) * sqrt(m2 / (used - 1) / used);
  return e;
}
