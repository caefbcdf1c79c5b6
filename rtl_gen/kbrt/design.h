/* design.h — the run-time kbcast router's design: the sizes every printer and the test benches
 * share, the per-node tables packed into each router's configuration word, and the printers
 * of its Verilog modules and facts (emit.c). Pipeline: hypercube:d -> trees (trees.c) -> this
 * design -> Verilog, sim_config.h, design.txt. */
#ifndef ROMNOC_KBRT_DESIGN_H
#define ROMNOC_KBRT_DESIGN_H

#include <stdint.h>

#include "rt_fabric.h"
#include "trees.h"
#include "vwriter.h"

#define KBRT_PREFIX "romnoc_kbrt"
#define KBRT_ROUTER KBRT_PREFIX "_router"

/* flit kinds: {kind[1:0], origin[A-1:0], payload[W-1:0]} */
enum { KBRT_COUNTER = 0, KBRT_DATA_UP = 1, KBRT_DATA_DOWN = 2, KBRT_END = 3 };

typedef struct {
  int d;            /* dimensions = lanes = trees */
  uint32_t nodes;   /* 2^d */
  int id_width;     /* A = d */
  int payload_width; /* W */
  int packet_width; /* A + W: what a local port hands over */
  int flit_width;   /* 2 + A + W */
  int count_width;  /* counters 0..N: d+1 bits */
  int port_width;   /* a port or FIFO index: ceil(log2 d) */
  int lvl_width;    /* 0..d */
  int fifo_bound;   /* the largest bound over every node and FIFO (trees.c) */
  int fifo_depth;   /* F: entries of each FIFO, the bound unless a test asks for fewer */
  int fifo_count_width;
  int cycle_width;  /* the run counter (slots), up to the longest run + 1 */
  uint32_t max_slots; /* 2 ceil(N/d) + 4d + 1: the longest run (slots until done) */
  int stages;       /* P = 0..2: registers cut each slot's decisions (1) and arrivals (2); a slot is 1+P cycles */
  int cfg_width;    /* the configuration word */
  /* fields of the configuration word: lsb of each */
  int f_node, f_lvl, f_root, f_own, f_inv, f_in, f_p3v, f_p3, f_mask;
  kbrt_node *node;  /* [nodes] */
  uint32_t seed;
} kbrt_design;

/* Builds the design of hypercube:d with W-bit payloads. Returns 0, or -1 with a message. */
int kbrt_design_init(kbrt_design *k, int d, int payload_width, char *err, size_t errlen);
void kbrt_design_free(kbrt_design *k);

/* Node u's configuration word as ceil(cfg_width/4) hex digits into buf (room: cfg_width/4+2). */
void kbrt_cfg_hex(const kbrt_design *k, uint32_t u, char *buf);

void kbrt_emit_router(vwriter *w, const char *header, const kbrt_design *k);
/* the descriptor of the files around the router (rt_fabric.h); k must outlive it */
void kbrt_fabric(const kbrt_design *k, rt_fabric *f);
void kbrt_emit_sim_config(vwriter *w, const char *header, const kbrt_design *k);
void kbrt_emit_summary(vwriter *w, const char *header, const kbrt_design *k);

#endif
