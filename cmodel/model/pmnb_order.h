/* pmnb_order.h — the class orders of pmnb (004 Thm 6, §3.2; EXTRACT §4.5 [R]): class c reads a
 * node's digits with dimension c least significant, then c+1, ..., cyclically (the "right
 * shift by c positions" of 004, a rotation of the digits). Its j-th least significant
 * dimension is sigma_c(j) = (j + c) mod d. Shared by the construction (pmnb_pack_broadcast.c), the rank
 * phase (pmnb_prefix.c) and the verifier's check of it (verify_pmnb_prefix.c). */
#ifndef ROMNOC_PMNB_ORDER_H
#define ROMNOC_PMNB_ORDER_H

#include <stdint.h>

#include "model/topo.h"

/* sigma_c(j): class c's j-th least significant dimension of d. */
static inline int pmnb_class_dim(int d, int c, int j) { return (j + c) % d; }

/* u's number in class c's order. */
static inline uint32_t pmnb_class_number(const topo *t, int c, uint32_t u) {
  uint32_t v = 0;
  for (int j = t->ndims - 1; j >= 0; j--) {
    int i = pmnb_class_dim(t->ndims, c, j);
    v = v * t->radix[i] + topo_coord(t, u, i);
  }
  return v;
}

/* The node whose number in class c's order is r (0 <= r < N). */
static inline uint32_t pmnb_class_node(const topo *t, int c, uint32_t r) {
  uint32_t u = 0;
  for (int j = 0; j < t->ndims; j++) {
    int i = pmnb_class_dim(t->ndims, c, j);
    u += r % t->radix[i] * t->stride[i];
    r /= t->radix[i];
  }
  return u;
}

#endif
