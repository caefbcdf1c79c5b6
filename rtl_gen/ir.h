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
 *
 * Combining tasks (schedule.h: a row carries a partial sum of a chunk) get a program per node
 * in the same terms: a lane sends the node's partial of a chunk, moved or copied (PARTIAL), or
 * passes on the word a lane received in the previous slot (FORWARD); the words a slot brings
 * are combined per chunk (ir_combine, on the lowest lane that receives the chunk: the lane
 * that leads the combine) into the partial the node holds (its own contribution, nothing if
 * it has moved it away, or what an earlier combine left), and the partial is delivered, on
 * the leading lane, in the slot after which it holds the whole sum for good. A partial is
 * named by where it comes from (its version): the node's own contribution (slot 0) or the
 * combine of slot a led by lane q.
 *
 * kbcast (schedule.h) is a broadcast: its data rows are packets as above; a node may receive a
 * packet twice (001's phases 2 and 3) or its own packet back (it sends that one as LOCAL,
 * from the local port, and delivers nothing). Its counter and termination rows carry values
 * the active set fixes when the design is generated: they are sent as constants of the ROM
 * (CONST) with their word kind, and received (expect) but never delivered.
 *
 * pmnb and pexchange (004) are mnb and te over the active nodes' packets only: nothing here
 * depends on which nodes are active. pmnb split into pieces (sched.fraction > 1, 004 s3.1) is a
 * broadcast whose rows carry piece `dest` of a packet: a piece is a packet of its own (keyed by
 * origin and piece), a LOCAL send asks the local port for piece `dest` of the node's packet
 * (bcast set, dest the piece index, never translated), and each piece is delivered on its
 * first arrival. A slot is then a mini-slot: one piece per flit per cycle.
 */
#ifndef ROMNOC_IR_H
#define ROMNOC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fabric.h"
#include "model/schedule.h"

typedef enum { IR_SEND_NONE = 0, IR_SEND_LOCAL = 1, IR_SEND_FORWARD = 2, IR_SEND_PARTIAL = 3, IR_SEND_CONST = 4 } ir_send_kind;

/* The kind of word a flit carries, in its kind field (present only in fabrics whose schedule
 * has control words, ir_fabric.tagged): a packet, or one of kbcast's control words (schedule.h:
 * a counter of 001's prefix phase, a termination packet), whose value the active set fixes
 * when the design is generated. */
typedef enum { IR_WORD_DATA = 0, IR_WORD_COUNTER = 1, IR_WORD_END = 2 } ir_word_kind;
#define IR_WORD_KIND_BITS 2

typedef struct {
  uint8_t kind;       /* ir_send_kind */
  uint8_t from_lane;  /* FORWARD: the lane it arrived on; PARTIAL of a combine: the lane that led it */
  bool bcast;         /* LOCAL: a broadcast packet (no destination; split pmnb: dest is the piece) */
  bool move;          /* PARTIAL: the partial leaves the node (origin -1), else a copy (-2) */
  uint32_t dest;      /* LOCAL, personalized: destination (an offset when shared); PARTIAL: the chunk */
  uint32_t from_slot; /* FORWARD: the slot it arrived in (combining: always the previous one);
                       * PARTIAL: the slot whose combine made the partial, 0 = own contribution */
  uint8_t word;       /* CONST: the ir_word_kind of a constant control word, its value in dest
                       * (a counter's count 0..N, or the root whose tree a termination ends) */
} ir_send;

typedef struct {
  bool expect;  /* the lane receives in this slot */
  bool deliver; /* and hands the packet to the local port (combining: the leading lane hands
                 * over the partial its combine completes); never for a control word */
  /* deliver, packet tasks: the packet handed over (origin, and dest or -1 for a broadcast
   * packet; offsets from node 0 when the program is shared), for the network interface
   * (ni.h), which files it in the receive buffer without reading the flit's tags */
  uint32_t origin;
  int32_t dest;
} ir_recv;

/* What the words of a combining task's partial are added to. */
typedef enum { IR_BASE_EMPTY = 0, IR_BASE_OWN = 1, IR_BASE_HELD = 2 } ir_base_kind;

/* Combining tasks, slot s, lane p: the combine that lane p leads (the lowest lane that receives
 * a word of the chunk in slot s); lanes == 0 on a lane that leads none. */
typedef struct {
  uint32_t lanes;     /* bit q: lane q's word of the chunk is combined (bit p included) */
  uint32_t chunk;
  uint32_t base_slot; /* HELD: the slot of the combine that made the partial */
  uint8_t base;       /* ir_base_kind: nothing (moved away), the own contribution, or a partial */
  uint8_t base_lane;  /* HELD: the lane that led that combine */
} ir_combine;

/* Slot s (0..slots, 0 unused), lane p: send[s * ports + p], recv[s * ports + p], and for
 * combining tasks comb[s * ports + p] (NULL otherwise). */
typedef struct {
  ir_send *send;
  ir_recv *recv;
  ir_combine *comb;
} ir_program;

/* Several tasks in one fabric (ir_tasks.h): task k's program is slots base+1 .. base+slots of
 * the fabric's programs, the other slots of its stretch empty. A fabric of one task has one run
 * at base 0. */
#define IR_MAX_TASKS 8
typedef struct {
  task_kind task;
  int64_t root;
  uint32_t base, slots;
} ir_run;

typedef struct {
  const fabric_desc *fd;
  task_kind task;      /* the task (of several: the first's) */
  model_kind model;
  int64_t root;
  int op;              /* combining tasks: the operation (reduce_op.h's romnoc_op) */
  int combine_stages;  /* combining tasks: register stages in the combiner's path, each a cycle
                        * more per slot (set by the caller before planning; arch_combine.c) */
  uint32_t slots;
  bool shared;         /* one program serves every node: the schedule is a template */
  uint32_t nprograms;  /* 1 when shared, else one per node */
  ir_program *programs;
  uint64_t deliveries; /* packets (or complete partials) handed to local ports, all nodes together */
  bool tagged;         /* the schedule has control words (kbcast's counters and terminations): flits
                        * carry an ir_word_kind field */
  char *active;        /* kbcast, pmnb, pexchange: the active set as ranges ("0,3,5-9"), owned;
                        * NULL for the tasks without one */
  uint32_t fraction;   /* pieces per packet: > 1 for pmnb split into pieces, else 1 */
  uint32_t message_words; /* words a block of the network interface (ni.h), 1 without */
  bool back_to_back;   /* runs follow each other at period slots, overlapping by a cycle (set by
                        * the caller before planning: the network interface's messages of
                        * several words, ni.h; arch.h, router_shape.overlap) */
  uint32_t ntasks;     /* the tasks the fabric runs, chosen per run (1 unless ir_tasks.h joined several) */
  ir_run runs[IR_MAX_TASKS];
} ir_fabric;

static inline const ir_send *ir_send_at(const ir_fabric *f, uint32_t prog, uint32_t slot, int lane) {
  return &f->programs[prog].send[(size_t)slot * f->fd->ports + lane];
}
static inline const ir_recv *ir_recv_at(const ir_fabric *f, uint32_t prog, uint32_t slot, int lane) {
  return &f->programs[prog].recv[(size_t)slot * f->fd->ports + lane];
}
/* The lowest lane on which program u sends in slot s - 1 the packet that o forwards in slot s
 * (that lane's output register holds it through slot s), or -1. */
static inline int ir_sent_before(const ir_fabric *f, uint32_t u, uint32_t s, const ir_send *o) {
  for (int q = 0; q < f->fd->ports; q++) {
    const ir_send *b = ir_send_at(f, u, s - 1, q);
    if (b->kind == IR_SEND_FORWARD && b->from_slot == o->from_slot && b->from_lane == o->from_lane) return q;
  }
  return -1;
}
static inline const ir_combine *ir_combine_at(const ir_fabric *f, uint32_t prog, uint32_t slot, int lane) {
  return &f->programs[prog].comb[(size_t)slot * f->fd->ports + lane];
}

/* The fewest slots of any of f's runs (its slots, for one task). */
static inline uint32_t ir_shortest_run(const ir_fabric *f) {
  uint32_t least = f->runs[0].slots;
  for (uint32_t k = 1; k < f->ntasks; k++)
    if (f->runs[k].slots < least) least = f->runs[k].slots;
  return least;
}

/* The names of f's tasks, comma-separated (its task's name, for one), into buf. */
const char *ir_task_names(const ir_fabric *f, char *buf, size_t len);

/* Builds the IR of a verified schedule s on the fabric fd (which must outlive f); op is the
 * combining operation (a romnoc_op, kept for the architectures; ignored by other tasks).
 * Returns 0, or -1 with a message in err naming the node, slot and link where the schedule
 * cannot be executed (a row that is not a link of the fabric, a packet or partial sent that
 * the node never had) or that memory ran out; f then owns nothing. */
int ir_build(ir_fabric *f, const fabric_desc *fd, const sched *s, int op, char *err, size_t errlen);

void ir_free(ir_fabric *f);

#endif
