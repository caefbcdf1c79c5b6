/* rng.h — a seeded pseudo-random stream for the simulations: xoshiro256** (Blackman and
 * Vigna), its state filled by splitmix64 from one 64-bit seed. The same seed gives the same
 * stream on every platform; no libc rand(). */
#ifndef ROMNOC_RNG_H
#define ROMNOC_RNG_H

#include <stdint.h>

typedef struct {
  uint64_t s[4];
} rng;

/* Seeds r from seed (any value, 0 included: splitmix64 never leaves the state all zero). */
void rng_seed(rng *r, uint64_t seed);

/* The next 64 random bits. */
uint64_t rng_next(rng *r);

/* A uniform double in [0, 1), from the top 53 bits. */
double rng_uniform(rng *r);

/* An exponential variate of the given rate (> 0): the gap between two Poisson arrivals. */
double rng_exponential(rng *r, double rate);

#endif
