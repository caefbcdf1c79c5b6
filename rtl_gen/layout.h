/* layout.h — widths of the router's datapath and the bit layout of its ROM word, fixed once
 * per fabric so that the ROM contents and the Verilog that decodes them agree. */
#ifndef ROMNOC_LAYOUT_H
#define ROMNOC_LAYOUT_H

#include <stdint.h>

#include "ir.h"

typedef struct {
  int lsb, width; /* width 0: the field is absent */
} field;

typedef struct {
  field src, arg, inj_bcast, inj_dest; /* what port p sends in this cycle */
  field expect, deliver, store, addr;  /* what happens to port p's receive register */
} port_fields;

typedef struct {
  int ports, id_width, payload_width;
  int flit_width;          /* {bcast, dest, origin, payload} */
  int mem_depth;           /* entries needed (the IR's figure), 0 if none */
  int mem_entries;         /* declared entries: a power of two >= 2, so addresses are exact */
  int mem_addr_width;      /* log2(mem_entries), 0 without memory */
  int lane_width;          /* bits that select a receive port, 0 with one port */
  int cycle_width;         /* the cycle counter: counts 0..cycles+1 */
  uint32_t rom_entries;    /* 2^cycle_width */
  int word_width;
  int has_local, has_rx_forward;
  port_fields port[TOPO_MAX_DIMS];
} rom_layout;

/* Computes the layout of f with payload_width-bit payloads. */
void layout_compute(rom_layout *l, const ir_fabric *f, int payload_width);

/* Sets the bits of one IR word in words (word_width bits, 32 per element, least significant
 * element first; zeroed by the caller). */
void layout_pack(const rom_layout *l, const ir_word *w, uint32_t *words);

/* Bits needed to count 0..n-1 (0 for n <= 1). */
int layout_clog2(uint64_t n);

#endif
