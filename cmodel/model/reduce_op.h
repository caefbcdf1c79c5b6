/* reduce_op.h — the combining operations of the combining tasks (reduce, reduce_scatter,
 * allreduce, global_sum) on W-bit words, and each node's contribution, shared by the golden
 * files (cmodel/format/golden.c), the generator (rtl_gen: --op) and the simulation harnesses (sim/),
 * so that all of them compute the same bits. Header-only C that also compiles as C++.
 *
 * A W-bit word is held as ceil(W/32) 32-bit elements, least significant first, with the bits
 * above W clear. Every operation is associative and commutative (the schedules combine partial
 * sums in any order), and has an identity, which an empty partial holds:
 *   add  sum mod 2^W (the default)   identity 0
 *   max  unsigned maximum            identity 0
 *   min  unsigned minimum            identity 2^W - 1
 *   xor  bitwise exclusive or        identity 0
 *   or   bitwise or                  identity 0
 */
#ifndef ROMNOC_REDUCE_OP_H
#define ROMNOC_REDUCE_OP_H

#include <stdint.h>
#include <string.h>

#include "model/payload.h"

typedef enum { ROMNOC_OP_ADD, ROMNOC_OP_MAX, ROMNOC_OP_MIN, ROMNOC_OP_XOR, ROMNOC_OP_OR, ROMNOC_OP_COUNT } romnoc_op;

/* Names as spelled on the command line (--op) and in metadata (op=), in enum order. */
static const char *const romnoc_op_names[ROMNOC_OP_COUNT] = {"add", "max", "min", "xor", "or"};

/* The operation called name, or -1. */
static inline int romnoc_op_from_name(const char *name) {
  for (int i = 0; i < (int)ROMNOC_OP_COUNT; i++)
    if (!strcmp(romnoc_op_names[i], name)) return i;
  return -1;
}

/* 32-bit elements of a width-bit word. */
static inline unsigned romnoc_op_words(unsigned width) { return (width + 31) / 32; }

/* The mask of the top element of a width-bit word. */
static inline uint32_t romnoc_op_top_mask(unsigned width) { return width % 32 ? (1u << (width % 32)) - 1 : 0xffffffffu; }

/* True if the identity of op is all ones (min), else it is zero. */
static inline int romnoc_op_identity_ones(romnoc_op op) { return op == ROMNOC_OP_MIN; }

/* Sets acc (width bits) to the identity of op. */
static inline void romnoc_op_identity(romnoc_op op, uint32_t *acc, unsigned width) {
  unsigned n = romnoc_op_words(width);
  for (unsigned i = 0; i < n; i++) acc[i] = romnoc_op_identity_ones(op) ? 0xffffffffu : 0;
  acc[n - 1] &= romnoc_op_top_mask(width);
}

/* -1, 0 or 1 as the unsigned width-bit words a and b compare. */
static inline int romnoc_op_compare(const uint32_t *a, const uint32_t *b, unsigned width) {
  for (unsigned i = romnoc_op_words(width); i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/* acc = acc op x, both width-bit words. */
static inline void romnoc_op_apply(romnoc_op op, uint32_t *acc, const uint32_t *x, unsigned width) {
  unsigned n = romnoc_op_words(width);
  switch (op) {
  case ROMNOC_OP_ADD: {
    uint64_t carry = 0;
    for (unsigned i = 0; i < n; i++) {
      uint64_t s = (uint64_t)acc[i] + x[i] + carry;
      acc[i] = (uint32_t)s;
      carry = s >> 32;
    }
    acc[n - 1] &= romnoc_op_top_mask(width);
    break;
  }
  case ROMNOC_OP_MAX:
  case ROMNOC_OP_MIN: {
    int c = romnoc_op_compare(x, acc, width);
    if (op == ROMNOC_OP_MAX ? c > 0 : c < 0) memcpy(acc, x, n * sizeof *acc);
    break;
  }
  case ROMNOC_OP_XOR:
    for (unsigned i = 0; i < n; i++) acc[i] ^= x[i];
    break;
  case ROMNOC_OP_OR:
    for (unsigned i = 0; i < n; i++) acc[i] |= x[i];
    break;
  case ROMNOC_OP_COUNT: break;
  }
}

/* Node `node`'s contribution to chunk `chunk`: the width-bit payload of packet (origin node,
 * dest chunk) of payload.h, into out (romnoc_op_words(width) elements). */
static inline void romnoc_contribution(uint32_t seed, uint32_t node, uint32_t chunk, unsigned width, uint32_t *out) {
  unsigned n = romnoc_op_words(width);
  for (unsigned i = 0; i < n; i++) out[i] = romnoc_payload_word(seed, node, (int32_t)chunk, i);
  out[n - 1] &= romnoc_op_top_mask(width);
}

/* Writes a width-bit word as ceil(width/4) hex digits, most significant first (the digits
 * romnoc_payload_hex writes), into buf (at least width/4 + 2 bytes). Returns buf. */
static inline char *romnoc_op_hex(const uint32_t *w, unsigned width, char *buf) {
  unsigned digits = (width + 3) / 4;
  for (unsigned i = 0; i < digits; i++) {
    unsigned nibble = digits - 1 - i;
    buf[i] = "0123456789abcdef"[(w[nibble / 8] >> (4 * (nibble % 8))) & 0xf];
  }
  buf[digits] = '\0';
  return buf;
}

#endif
