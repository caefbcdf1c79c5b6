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

/* Banked arch: what one output port's multiplexer chooses from (select value i+1 = source i). */
#define LAYOUT_MAX_SOURCES (1 + 2 * TOPO_MAX_DIMS + IR_MAX_SUBBANKS)
typedef struct {
  int count;
  uint8_t kind[LAYOUT_MAX_SOURCES]; /* IR_SRC_LOCAL, IR_SRC_RX, IR_SRC_RXD, IR_SRC_BANK */
  uint8_t arg[LAYOUT_MAX_SOURCES];  /* receive port or sub-bank */
} port_sources;

/* Banked arch: one sub-bank of an output port, a 1R1W memory with a synchronous read. */
typedef struct {
  int entries, addr_width; /* a power of two >= 2 entries, so addresses are exact */
  int nlanes;              /* receive ports that write it: the write multiplexer */
  uint8_t lane[TOPO_MAX_DIMS];
  field we, wlane, waddr, raddr;
  int block_ram;           /* 1: ask synthesis for block RAM */
} bank_fields;

/* Block RAMs of the target device (iCE40 HX8K: 32 of 256 x 16 bits) that the banked router's
 * memories may take; each memory costs ceil(width/16) * ceil(entries/256) of them. */
#define LAYOUT_BRAM_BUDGET 32

typedef struct {
  ir_arch arch;
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
  port_fields port[TOPO_MAX_DIMS]; /* simple arch */
  /* banked arch: word r holds slot r's selects, slot r+1's requests and bank reads, and what
   * becomes of slot r-1's receptions (expect, deliver, bank writes) */
  port_sources src[TOPO_MAX_DIMS];
  field sel[TOPO_MAX_DIMS], req[TOPO_MAX_DIMS], req_bcast[TOPO_MAX_DIMS], req_dest[TOPO_MAX_DIMS];
  field expect[TOPO_MAX_DIMS], deliver[TOPO_MAX_DIMS];
  int subbanks[TOPO_MAX_DIMS];
  bank_fields bank[TOPO_MAX_DIMS][IR_MAX_SUBBANKS];
  uint32_t delayed_lanes;
  int rom_block_ram; /* 1: ask synthesis for block RAM for the ROM */
} rom_layout;

/* Computes the layout of f with payload_width-bit payloads. */
void layout_compute(rom_layout *l, const ir_fabric *f, int payload_width);

/* Sets the bits of ROM word r of program p in words (word_width bits, 32 per element, least
 * significant element first; zeroed by the caller). r runs over 0..rom_entries-1. */
void layout_pack(const rom_layout *l, const ir_fabric *f, uint32_t p, uint32_t r, uint32_t *words);

/* Bits needed to count 0..n-1 (0 for n <= 1). */
int layout_clog2(uint64_t n);

#endif
