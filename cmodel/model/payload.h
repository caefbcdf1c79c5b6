/* payload.h — the deterministic pseudo-random payload of a packet, shared by the golden
 * files (rtl_gen) and the simulation harnesses (sim/), so both sides compute the same bits.
 * Header-only C that also compiles as C++. */
#ifndef ROMNOC_PAYLOAD_H
#define ROMNOC_PAYLOAD_H

#include <stdint.h>

/* 32-bit word `index` (0 = least significant) of the payload of packet (origin, dest) for a
 * seed: a splitmix64 finalizer over all four values. dest is -1 for broadcast packets. */
static inline uint32_t romnoc_payload_word(uint32_t seed, uint32_t origin, int32_t dest, uint32_t index) {
  uint64_t x = ((uint64_t)seed << 32 | origin) ^ ((uint64_t)(uint32_t)dest << 20) ^ ((uint64_t)index << 52);
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return (uint32_t)(x ^ (x >> 31));
}

/* Writes the width-bit payload as ceil(width/4) hex digits, most significant first, into buf
 * (at least width/4 + 2 bytes). Returns buf. */
static inline char *romnoc_payload_hex(uint32_t seed, uint32_t origin, int32_t dest, unsigned width, char *buf) {
  unsigned digits = (width + 3) / 4;
  for (unsigned i = 0; i < digits; i++) {
    unsigned nibble = digits - 1 - i; /* nibble index from the least significant end */
    uint32_t word = romnoc_payload_word(seed, origin, dest, nibble / 8);
    unsigned v = (word >> (4 * (nibble % 8))) & 0xf;
    if (nibble == digits - 1 && width % 4) v &= (1u << (width % 4)) - 1; /* top partial nibble */
    buf[i] = "0123456789abcdef"[v];
  }
  buf[digits] = '\0';
  return buf;
}

#endif
