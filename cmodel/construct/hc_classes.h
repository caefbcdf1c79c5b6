/* hc_classes.h — the rotation classes R_kn of the d-cube node identities and their
 * numbering n(t), m(t) (paper 000 §2), shared by the multinode broadcast (§2) and the
 * scatter spanning tree (§3).
 */
#ifndef ROMNOC_HC_CLASSES_H
#define ROMNOC_HC_CLASSES_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint32_t rep;     /* smallest member */
  uint32_t size;    /* members: d divided by the rotation period */
  uint32_t weight;  /* one bits of every member (k of R_kn) */
  uint32_t first_n; /* n(t) of the member numbered first */
} hc_class;

typedef struct {
  int d;
  hc_class *classes; /* 000 §2 order: {0} R_11 R_21..R_2n2 ... R_(d-1)1 {1..1}; R_k1 (the
                        class of the k rightmost ones) first among weight k, the rest by rep */
  size_t nclasses;
  uint32_t *class_of; /* class index of every node */
} hc_classes;

/* Builds the classes of the d-cube (1 <= d <= 16). Returns 0, or -1 if memory runs out
 * (c then owns nothing). */
int hc_classes_build(hc_classes *c, int d);
void hc_classes_free(hc_classes *c);

/* x rotated left by k within d bits. */
uint32_t hc_rotl(uint32_t x, int d, unsigned k);

/* 000 §2: m(t) = ((n(t) - 1) mod d) + 1, the bit position (from 1, at the right) that the
 * node numbered n is reached through; the sequence runs 1, 2, ..., d, 1, 2, ... (the text's
 * floor formula is a transcription slip, see seeds/README.md). Defined for n >= 1. */
static inline unsigned hc_m(uint32_t n, int d) { return (n - 1) % (unsigned)d + 1; }

#endif
