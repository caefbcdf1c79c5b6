/* arch.h — the router-architecture interface. An architecture turns the IR into a plan (its
 * memories, multiplexers and ROM word), packs the ROM words and prints the router module. The
 * shared printers (ROM, fabric, synthesis wrapper, file list, configs) read only the fabric
 * description, the shape below and the router port table (router_ports.h), so a new
 * architecture is a new file arch_<name>.c and a row in arch.c.
 */
#ifndef ROMNOC_ARCH_H
#define ROMNOC_ARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir.h"
#include "model/flit_layout.h"
#include "vwriter.h"

/* Router lanes: two per torus dimension. */
#define RTL_MAX_PORTS (2 * TOPO_MAX_DIMS)

/* What a flit carries (rtl_gen --flit). */
typedef struct {
  int payload_width; /* W: the bits of a packet the processors send and receive */
  /* false (tagged): {broadcast, dest, origin} travel above the payload for the processors and
   * the test benches' wire log; true (bare): the flit is the payload alone, because the
   * schedule already says which packet each link carries in each slot and the router never
   * reads the tags. A bare flit cannot carry kbcast's control words or a combining task's
   * chunk tags (flit_format_check). */
  bool bare;
} flit_format;

/* A field of a ROM word: width bits from bit lsb (width 0: the field is absent). */
typedef struct {
  int lsb, width;
} rom_field;

/* What every design has, whatever its architecture. */
typedef struct {
  const char *arch;   /* the architecture's name */
  const char *module; /* the router module's name: ROUTER_MODULE (router_ports.h) if NULL; a
                       * router inside another (arch_mixed.c) has a name of its own */
  int ports;          /* lanes */
  int id_width, payload_width;
  int kind_width;     /* bits of the word-kind field (ir_word_kind): 0, or IR_WORD_KIND_BITS in a
                       * tagged fabric (kbcast's control words) */
  bool bare_flit;     /* the flit is the payload alone (flit_format) */
  int flit_width;     /* {kind (if any), broadcast, dest, origin, payload}, or payload if bare_flit
                       * (model/flit_layout.h) */
  uint32_t cycles;    /* of a run: slots + 1 (of several tasks: the last ROM word any run uses, + 1) */
  int cycle_width;    /* bits of the cycle counter */
  /* the tasks (ir.h, ir_run): a run of task k counts cycles 0..task_cycles[k] and reads ROM word
   * {k, cycle} (task_width bits of task, 0 for one task); task_cycles[0] == cycles for one */
  uint32_t tasks;
  int task_width;
  uint32_t task_cycles[IR_MAX_TASKS];
  uint32_t rom_entries; /* 2^(task_width + cycle_width) */
  int word_width;     /* ROM word bits */
  bool sync_rom;      /* the ROM has a clock: a word appears the cycle after its address */
  bool rom_block_ram; /* ask synthesis for block RAM for the ROM */
  int wire_delay;     /* slot s is on the link wires in cycle s + wire_delay */
  /* cycles a slot lasts: fabric_desc.link_delay + ir_fabric.combine_stages. 1, or C > 1 on
   * pipelined links or with a pipelined combiner, where every register of the router's state
   * moves only when slot_en_i is high, in the last cycle of each slot (cycles and wire_delay
   * above count slots then) */
  int slot_cycles;
  /* runs back to back (ir_fabric.back_to_back, slots >= 2): start_i high in the cycle that acts
   * as cycle slots-1 of a run continues with the next run, whose cycle 1 is this run's last
   * cycle (slots+1): run k+1's slot 1 goes out while run k's slot slots comes in. The counter
   * then also takes ROM entries cycles+1 (that shared cycle: word 1 with word cycles's
   * receptions, ROM_PART_RX) and cycles+2 (cycle slots of a run that continues: word slots
   * with word 0's requests for the next run's slot 1, ROM_PART_REQ); arch_pack_word. */
  bool overlap;
  /* word 0 of every task, read whenever the router idles (and word 1, read while a start is
   * held in reset), expects, delivers and writes nothing: the reception fields of a word are
   * those of the slot before it, and slot 0 sends nothing. An architecture whose plan guarantees
   * this sets it; its deliveries, bank writes and reception check then read the ROM without a
   * `running` gate (a LUT input fewer each: issue 40, the mux floor), and a flit that arrives
   * while it idles is an error (but in the cycle that starts a run, which clears the error) */
  bool quiet_idle_word;
  /* the run control's lean form (emit_run_counter): `running` a register of its own rather than
   * a compare of the count with 0, and the last cycle read from LastCycle's 1 bits alone (a
   * count that runs 1..LastCycle has them all only there). Issue 40, the mux floor: te ring:16
   * 153 -> 150 LUT4 bare. The banked router sets it for counters of LEAN_RUN_CONTROL_BITS or
   * more, where each full compare spans two LUT4 levels: measured over the synthesis table,
   * every such router is 2 to 4 LUT4 smaller, while below it half of them grew by 1 or 2 (the
   * compares were one LUT4 each). The combining router keeps the compares (its Fmax margins at
   * 100 MHz were measured with them) */
  bool lean_run_control;
  int mem_depth;      /* packet-memory entries the routers need */
  int mem_lifetime_min; /* the fewest entries any router could have for the schedule (mem_bound.h);
                         * -1 for combining tasks, whose memories hold partial sums */
  int lane_sources[RTL_MAX_PORTS]; /* inputs of each lane's output multiplexer, where the
                                    * architecture has one per lane (banked); else all 0 */
} router_shape;

enum { LEAN_RUN_CONTROL_BITS = 6 }; /* router_shape.lean_run_control */

typedef enum { ARCH_PACKET_TASKS, ARCH_COMBINING_TASKS, ARCH_BOTH_KINDS } arch_serves;

typedef struct {
  const char *name;
  const char *summary; /* one line for --help */
  /* the tasks it runs: the packet tasks (it forwards and copies packets), the combining tasks
   * (partial sums added on the way: schedule.h), or several tasks of both kinds in one fabric */
  arch_serves serves;
  /* 0 if it can run f, else -1 with the reason in why; NULL if it runs every fabric of at
   * most RTL_MAX_PORTS lanes (arch_supports checks that limit for all) */
  int (*supports)(const ir_fabric *f, char *why, size_t len);
  /* Plans f with flits of format flit: fills *shape and returns the plan, or NULL with a
   * message in err naming the node, port and slot it cannot plan (or out of memory). */
  void *(*plan)(const ir_fabric *f, const flit_format *flit, router_shape *shape, char *err, size_t errlen);
  void (*free_plan)(void *plan);
  /* Sets the bits of ROM word r of program p (words: shape.word_width bits, 32 per element,
   * least significant first, zeroed by the caller); r runs over 0..rom_entries-1. */
  void (*pack)(const void *plan, uint32_t program, uint32_t r, uint32_t *words);
  /* Comment lines that say what the bits of a ROM word mean (for the .hex files). */
  void (*rom_legend)(vwriter *w, const void *plan);
  /* The router module, with the ports of router_ports(shape). */
  void (*emit_router)(vwriter *w, const char *header, const ir_fabric *f, const void *plan, const router_shape *s);
  /* it sends constant control words from its ROM (IR_SEND_CONST: kbcast's counters and
   * terminations); the others run only schedules without them */
  bool control_words;
  /* The fields of a ROM word of one part (ROM_PART_*) into out (room for max) and their count,
   * which may exceed max (those beyond are not stored); NULL if the architecture cannot run
   * back to back (router_shape.overlap). */
  size_t (*rom_parts)(const void *plan, int part, rom_field *out, size_t max);
  /* A router whose own-packet requests are its plan's, not the IR's (combine: which local port
   * fetches which own contribution, and when, is planned): the chunk local port q asks for in
   * ROM word r of program `program` (supplied in cycle r+1), or -1; ARCH_REQUEST_IR where the
   * IR says it after all (a packet task's run in a fabric of both kinds). NULL: the IR's LOCAL
   * sends say it (requested in word s-1 for slot s). The network interface files requests by it. */
  int32_t (*local_request)(const void *plan, uint32_t program, uint32_t r, int q);
  /* the network interface (ni.h) can play its local port: one per lane, a request answered in
   * the next cycle, a delivery in the cycle it is made, the timing of router_shape_init_sync */
  bool ni_local_port;
} router_arch;

#define ARCH_REQUEST_IR (-2)

/* The parts of a ROM word that two merged words take from different words: ROM_PART_REQ, the
 * own-packet requests and bank reads for the next slot; ROM_PART_RX, what becomes of the
 * previous slot's receptions (expect, deliver, bank writes). */
enum { ROM_PART_REQ = 0, ROM_PART_RX = 1 };

/* Word c of program `program` (shape.word_width bits, zeroed by the caller), including the two
 * merged entries of a router that runs back to back (router_shape.overlap). Returns 0, or -1 if
 * memory runs out. */
int arch_pack_word(const router_arch *a, const void *plan, const router_shape *s, uint32_t program, uint32_t c,
                   uint32_t *words);

/* A merged word takes from the word it does not start from the fields of its part that that
 * word sets, and keeps its own elsewhere: the two runs' requests (or receptions) side by side.
 * Returns 0 if no merged word of any program needs a field from both words (always, for a
 * router that does not run back to back), else -1 with the program, word and field in err
 * (or out of memory). */
int arch_check_merges(const router_arch *a, const void *plan, const router_shape *s, uint32_t nprograms, char *err,
                      size_t errlen);

/* The frame of every architecture's `plan`, after it has allocated plan (with room for every
 * program) and initialised its shape: plans program u = 0.. with plan_program (0, or -1 with
 * a message in err), then lays the plan out and copies its shape (planned, inside plan) into
 * *shape. Returns plan, or NULL after free_plan(plan). arch_plan_oom frees a plan that could
 * not be allocated whole (free(plan), NULL allowed) and returns NULL with the message. */
void *arch_plan_all(void *plan, uint32_t nprograms, int (*plan_program)(void *plan, uint32_t u, char *err, size_t errlen),
                    void (*layout)(void *plan), void (*free_plan)(void *plan), const router_shape *planned,
                    router_shape *shape, char *err, size_t errlen);
void *arch_plan_oom(void *plan, char *err, size_t errlen);

/* Fills the fields of a shape that every architecture computes the same way: name, lanes,
 * widths, cycles (slots + 1); the architecture sets the rest. */
void router_shape_init(router_shape *s, const char *arch, const ir_fabric *f, const flit_format *flit);

/* router_shape_init, and the timing of a router with a synchronous ROM and registered outputs
 * (banked, single): the counter runs 0..cycles, word r shows in cycle r, slot s is on the
 * wires in cycle s+1. */
void router_shape_init_sync(router_shape *s, const char *arch, const ir_fabric *f, const flit_format *flit);

/* 0 if f's flits can have format flit, else -1 with the reason in why: a bare flit has no room
 * for kbcast's control words or a combining task's tags, and the test benches carry their
 * tags {broadcast, dest, origin} in its top 2A+1 bits (A = id_width), so W must exceed them. */
int flit_format_check(const ir_fabric *f, const flit_format *flit, char *why, size_t len);

/* The ROM address: {task, cycle}. */
static inline int shape_rom_addr_width(const router_shape *s) { return s->task_width + s->cycle_width; }

/* The bits of the payload that are the pseudo-random pattern of golden/deliveries.tsv: W, or
 * for a bare flit W - 2A - 1, the rest being the test benches' tags (docs/ARCHITECTURE.md). */
static inline int shape_pattern_width(const router_shape *s) {
  return romnoc_flit_pattern_width(s->id_width, s->payload_width, s->bare_flit);
}

/* The fields of s's flit as the test benches see them (model/flit_layout.h); in a tagged flit
 * also the router's own. */
static inline romnoc_flit_layout shape_flit_layout(const router_shape *s) {
  return romnoc_flit_layout_of(s->id_width, shape_pattern_width(s), s->flit_width);
}


/* The next field of a word being laid out from bit *next up. */
static inline rom_field rom_field_take(int *next, int width) {
  rom_field f = {*next, width};
  *next += width;
  return f;
}

/* Sets field f of a word (32 bits per element, least significant first) to value. */
static inline void rom_field_put(uint32_t *words, rom_field f, uint32_t value) {
  for (int b = 0; b < f.width; b++)
    if (value >> b & 1) words[(f.lsb + b) / 32] |= 1u << ((f.lsb + b) % 32);
}

/* A source a multiplexer of a router selects: a kind of the architecture's own (0: none) and
 * an argument (a lane, a local port, a sub-bank). */
typedef struct {
  uint8_t kind, arg;
} arch_source;

/* The sources one multiplexer chooses from over all programs: select value i+1 is src[i]. */
#define ARCH_MAX_SOURCES (5 * RTL_MAX_PORTS + 16)
typedef struct {
  int count;
  arch_source src[ARCH_MAX_SOURCES];
} arch_sources;

/* Adds s to l unless it is there (kind 0, none, is never added). */
void arch_sources_add(arch_sources *l, arch_source s);

/* Sorts l by (kind, argument), so that select values do not depend on the order the programs
 * met the sources. */
void arch_sources_sort(arch_sources *l);

/* The select value of s, which is in l (an index from 1; 0 for kind 0). */
uint32_t arch_sources_select(const arch_sources *l, arch_source s);

/* The same as an index code: s's index in l from 0, and l->count for kind 0 (nothing). The
 * data multiplexer then reads only the low ceil(log2 count) bits of the field — a clean
 * power-of-two multiplexer, which iCE40 synthesis maps to 2 LUT4 per 4 inputs per bit, where the
 * 0-is-nothing select of a 4-source lane cost 4 (bench/mux_bench.sh) — and the field keeps
 * ceil(log2(count + 1)) bits. */
uint32_t arch_sources_code(const arch_sources *l, arch_source s);

/* Block RAMs of the target device (iCE40 HX8K: 32 of 256 x 16 bits) that a router's memories
 * may take by default; a memory costs ceil(width/16) * ceil(entries/256) of them. */
#define ARCH_BRAM_BUDGET 32

/* Sets the block RAMs a router's plan may take from here on (rtl_gen --bram-budget; a whole
 * system on one device leaves them to the network interfaces with 0). */
void arch_set_bram_budget(int budget);

/* A memory of a plan that synthesis may put in block RAM. */
typedef struct {
  int width;
  uint32_t entries;
  bool *block_ram; /* set by arch_choose_block_rams */
} arch_memory;

/* Asks for block RAM for the memories that store the most bits (the most logic saved), largest
 * first (the earliest in m among equals), while the budget lasts (arch_set_bram_budget). */
void arch_choose_block_rams(arch_memory *m, size_t n);

/* An interval of cycles [start, end] that a stored packet occupies an address for. */
typedef struct {
  uint32_t start, end, addr;
} arch_interval;

/* Interval colouring: taken in order of start (the caller sorts), each interval gets the
 * lowest address whose occupant's interval ended before it starts, which uses exactly as
 * many addresses as the most intervals that overlap (optimal for interval graphs). Sets
 * iv[i].addr and *depth; returns 0, or -1 if memory runs out. */
int arch_colour_intervals(arch_interval *iv, size_t n, uint32_t *depth);

/* The architecture called name, or NULL. */
const router_arch *arch_find(const char *name);

/* 0 if architecture a can run f (at most RTL_MAX_PORTS lanes, tasks of the kinds a serves,
 * control words only if a sends them, and a->supports), else -1 with the reason in why. */
int arch_supports(const router_arch *a, const ir_fabric *f, char *why, size_t len);

/* The names, comma-separated, in table order. */
const char *arch_names(void);

/* Bits needed to count 0..n-1 (0 for n <= 1). */
int rtl_clog2(uint64_t n);

/* The set bits of x. */
int rtl_popcount(uint32_t x);

#endif
