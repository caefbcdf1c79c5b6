/* rng.c — xoshiro256** seeded by splitmix64 (see rng.h). */
#include "util/rng.h"

#include <math.h>

/* splitmix64: one step of the seeding generator; advances *x. */
static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void rng_seed(rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&seed);
}

uint64_t rng_next(rng *r) {
  uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return out;
}

double rng_uniform(rng *r) { return (double)(rng_next(r) >> 11) * 0x1.0p-53; }

/* inversion: -ln(1 - U) / rate, with 1 - U in (0, 1] so the logarithm is finite */
double rng_exponential(rng *r, double rate) { return -log1p(-rng_uniform(r)) / rate; }
