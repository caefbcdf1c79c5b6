/* ir.h — the router IR: what every router does in every slot, derived from a verified
 * schedule. The Verilog printer reads only this; it computes nothing about schedules.
 *
 * The IR is indexed by slot: words[t].out[p] is what port p sends in slot t, words[t].in[q]
 * what becomes of what port q received in slot t-1. How slots map to cycles and ROM words is
 * the architecture's business (layout.c, docs/ARCHITECTURE.md). A node's own packets come
 * from the local port every time they are sent; only packets received here that leave again
 * later are stored, for an interval of slots, and the intervals are coloured greedily by
 * start (optimal for intervals).
 */
#ifndef ROMNOC_IR_H
#define ROMNOC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "schedule.h"

/* Two router architectures share the IR:
 * - IR_ARCH_BANKED (the default): registered outputs; a packet sent one slot after it arrived
 *   comes from the receive wire, two slots after from a one-cycle delay register of that
 *   port, later from a memory bank of the output port that sends it. Each bank is read only by
 *   its port and written at most once per cycle, so it is a 1R1W memory (block RAM). Its
 *   addresses are interval-coloured.
 * - IR_ARCH_SIMPLE: the first design, kept as the baseline: every received packet passes a
 *   receive register, and one memory with a write port per router port holds what leaves
 *   later than the next slot (interval-coloured). */
typedef enum { IR_ARCH_BANKED, IR_ARCH_SIMPLE } ir_arch;

typedef enum { IR_SRC_NONE = 0, IR_SRC_LOCAL = 1, IR_SRC_RX = 2, IR_SRC_MEM = 3, IR_SRC_RXD = 4, IR_SRC_BANK = 5 } ir_src;

typedef struct {
  uint8_t src;       /* ir_src */
  uint32_t arg;      /* RX, RXD: receive port; MEM: memory address; BANK: sub-bank of this port */
  bool inj_bcast;    /* IR_SRC_LOCAL: the own packet is a broadcast packet */
  uint32_t inj_dest; /* IR_SRC_LOCAL, personalized: destination XOR the node's id */
} ir_out;

typedef struct {
  bool expect;  /* the port received a packet in the previous slot */
  bool deliver; /* hand it to the local port */
  bool store;   /* write it to memory address addr */
  uint32_t addr;
} ir_in;

typedef struct {
  ir_out out[TOPO_MAX_DIMS];
  ir_in in[TOPO_MAX_DIMS];
} ir_word;

/* A write into, or a read out of, sub-bank `sub` of output port `port` (banked arch). The
 * write takes what receive port `lane` got in slot `slot`; the read feeds slot `slot`. */
typedef struct {
  uint32_t slot;
  uint8_t port, sub, lane, is_write;
  uint32_t addr;
} ir_bank_op;

#define IR_MAX_SUBBANKS 16

typedef struct {
  ir_word *words;     /* words[c] for cycle c = 1..cycles; words[0] is all zero */
  uint32_t mem_depth; /* packet memory entries this node needs (all banks together) */
  ir_bank_op *bank_ops; /* banked arch */
  size_t nbank_ops;
  uint32_t bank_depth[TOPO_MAX_DIMS][IR_MAX_SUBBANKS]; /* banked arch: entries per sub-bank */
} ir_program;

typedef struct {
  ir_arch arch;
  topo topo;
  task_kind task;
  int64_t root;
  uint32_t slots, cycles; /* cycles = slots + 1 */
  bool shared;            /* one program serves every node: the schedule is an XOR template */
  uint32_t nprograms;     /* 1 when shared, else one per node */
  ir_program *programs;
  uint32_t mem_depth;     /* largest over the programs */
  uint64_t deliveries;    /* packets handed to local ports, all nodes together */
  /* banked arch, over all programs: sub-banks per port and entries per sub-bank; which
   * sources each port's output multiplexer needs; which receive ports need a delay register */
  uint32_t subbanks[TOPO_MAX_DIMS];
  uint32_t bank_depth[TOPO_MAX_DIMS][IR_MAX_SUBBANKS];
  uint32_t bank_lanes[TOPO_MAX_DIMS][IR_MAX_SUBBANKS]; /* bit q: receive port q writes it */
  uint32_t uses_rx[TOPO_MAX_DIMS], uses_rxd[TOPO_MAX_DIMS]; /* bit q: port p takes lane q */
  bool uses_local[TOPO_MAX_DIMS];
  uint32_t delayed_lanes; /* bit q: lane q has a delay register */
} ir_fabric;

/* Builds the IR of a schedule on a hypercube under mla for an architecture. Returns 0, or -1
 * with a message in err naming the node, port and slot where the schedule cannot be executed
 * (a packet sent that the node never had, too many sub-banks) or that memory ran out; f then
 * owns nothing. */
int ir_build(ir_fabric *f, const sched *s, ir_arch arch, char *err, size_t errlen);

void ir_free(ir_fabric *f);

#endif
