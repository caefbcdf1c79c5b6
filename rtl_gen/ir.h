/* ir.h — the router IR: what every router does in every slot, derived from a verified
 * schedule and the fabric description, for any router architecture. The architectures
 * (arch_*.c) plan their memories and ROM words from it; nothing here knows about cycles,
 * registers or ROM bits.
 *
 * For each slot s (1..slots) and lane p of a router: what lane p sends in slot s (nothing, the
 * node's own packet, or a packet the router received in an earlier slot on some lane), and
 * whether lane p receives in slot s and hands the packet to the local port. A packet received
 * twice is forwarded from its first arrival. When one program serves every node (the schedule
 * is a translation template), it is node 0's, and own-packet destinations are offsets that the
 * node's translation maps to the real destination (docs/ARCHITECTURE.md: the local port does
 * that); otherwise there is a program per node with real destinations.
 */
#ifndef ROMNOC_IR_H
#define ROMNOC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fabric.h"
#include "schedule.h"

typedef enum { IR_SEND_NONE = 0, IR_SEND_LOCAL = 1, IR_SEND_FORWARD = 2 } ir_send_kind;

typedef struct {
  uint8_t kind;       /* ir_send_kind */
  uint8_t from_lane;  /* FORWARD: the lane it arrived on */
  bool bcast;         /* LOCAL: a broadcast packet (no destination) */
  uint32_t dest;      /* LOCAL, personalized: destination (an offset when shared) */
  uint32_t from_slot; /* FORWARD: the slot it arrived in */
} ir_send;

typedef struct {
  bool expect;  /* the lane receives in this slot */
  bool deliver; /* and hands the packet to the local port */
} ir_recv;

/* Slot s (0..slots, 0 unused), lane p: send[s * ports + p], recv[s * ports + p]. */
typedef struct {
  ir_send *send;
  ir_recv *recv;
} ir_program;

typedef struct {
  const fabric_desc *fd;
  task_kind task;
  model_kind model;
  int64_t root;
  uint32_t slots;
  bool shared;         /* one program serves every node: the schedule is a template */
  uint32_t nprograms;  /* 1 when shared, else one per node */
  ir_program *programs;
  uint64_t deliveries; /* packets handed to local ports, all nodes together */
} ir_fabric;

static inline const ir_send *ir_send_at(const ir_fabric *f, uint32_t prog, uint32_t slot, int lane) {
  return &f->programs[prog].send[(size_t)slot * f->fd->ports + lane];
}
static inline const ir_recv *ir_recv_at(const ir_fabric *f, uint32_t prog, uint32_t slot, int lane) {
  return &f->programs[prog].recv[(size_t)slot * f->fd->ports + lane];
}

/* Builds the IR of a verified schedule s on the fabric fd (which must outlive f). Returns 0,
 * or -1 with a message in err naming the node, slot and link where the schedule cannot be
 * executed (a row that is not a link of the fabric, a packet sent that the node never had)
 * or that memory ran out; f then owns nothing. */
int ir_build(ir_fabric *f, const fabric_desc *fd, const sched *s, char *err, size_t errlen);

void ir_free(ir_fabric *f);

#endif
