/* ir.h — the router IR: what every router does in every cycle, derived from a verified
 * schedule. The Verilog printer reads only this; it computes nothing about schedules.
 *
 * Timing (one slot per cycle): cycle c = 1..S drives the transmissions of slot c; the packet a
 * port receives in slot c sits in that port's receive register during cycle c+1, where it can
 * be forwarded (transmission of slot c+1), handed to the local port, and/or written to the
 * packet memory (readable from cycle c+2 on). Cycle S+1 only delivers the last receptions.
 * A node's own packets come from the local port in the cycle they are sent, every time they
 * are sent, so the memory holds only packets received here that leave again later than the
 * next cycle: their lifetimes are intervals, coloured greedily by start (optimal).
 */
#ifndef ROMNOC_IR_H
#define ROMNOC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "schedule.h"

typedef enum { IR_SRC_NONE = 0, IR_SRC_LOCAL = 1, IR_SRC_RX = 2, IR_SRC_MEM = 3 } ir_src;

typedef struct {
  uint8_t src;       /* ir_src */
  uint32_t arg;      /* IR_SRC_RX: receive port; IR_SRC_MEM: memory address */
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

typedef struct {
  ir_word *words;     /* words[c] for cycle c = 1..cycles; words[0] is all zero */
  uint32_t mem_depth; /* packet memory entries this node needs */
} ir_program;

typedef struct {
  topo topo;
  task_kind task;
  int64_t root;
  uint32_t slots, cycles; /* cycles = slots + 1 */
  bool shared;            /* one program serves every node: the schedule is an XOR template */
  uint32_t nprograms;     /* 1 when shared, else one per node */
  ir_program *programs;
  uint32_t mem_depth;     /* largest over the programs */
  uint64_t deliveries;    /* packets handed to local ports, all nodes together */
} ir_fabric;

/* Builds the IR of a schedule on a hypercube under mla. Returns 0, or -1 with a message in err
 * naming the node, port and slot where the schedule cannot be executed (a packet sent that the
 * node never had) or that memory ran out; f then owns nothing. */
int ir_build(ir_fabric *f, const sched *s, char *err, size_t errlen);

void ir_free(ir_fabric *f);

#endif
