/* rt_fabric.h — the files every run-time active-set router shares around its router module
 * (rtl_gen/kbrt: 001's kbcast on hypercubes; rtl_gen/pmnbrt: 004's pmnb on tori and meshes): the
 * simulation node (local port through DPI), the simulation and platform fabrics, the synthesis
 * wrapper, the file lists and the Verilator configuration. The router's ports are fixed: clk_i,
 * rst_ni, start_i, done_o, slot_o, err_o, cfg_i, bcast_i, inj_req_o, inj_flit_i (with inj_write,
 * inj_we_i: the local port writes its own packets into the router's mailbox before a run) and per
 * lane p tx<p>_valid_o/_flit_o, rx<p>_valid_i/_flit_i, dlv<p>_valid_o/_flit_o; a node differs
 * from another only by its configuration word. */
#ifndef ROMNOC_RT_FABRIC_H
#define ROMNOC_RT_FABRIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "outdir.h"
#include "vwriter.h"

typedef struct {
  const char *prefix;    /* modules <prefix>_router, _sim_node, _sim_fabric, _fabric, _synth_top */
  char topo_name[96];    /* for comments (topo.h's name) */
  uint32_t nodes;
  int lanes, flit_width, packet_width, cfg_width;
  int inj_width;          /* inj_flit_i's bits, or 0: packet_width (the own packet as delivered) */
  int lane_xor;          /* lane p of u faces lane p ^ lane_xor of its neighbour */
  bool inj_write;        /* the router has inj_we_i (inj_flit_i written into its mailbox) */
  const char *params;    /* the router's parameter overrides, "#(...) " or "" */
  const char *const *sub_modules; /* files the router instantiates (without .v), NULL-terminated */
  /* node u's configuration word as a Verilog literal into buf */
  void (*cfg)(const void *ctx, uint32_t u, char *buf, size_t len);
  /* the node lane p of u leads to, or -1 (a mesh's edge) */
  int64_t (*neighbor)(const void *ctx, uint32_t u, int lane);
  const void *ctx;
} rt_fabric;

/* inj_flit_i's width */
static inline int rt_inj_width(const rt_fabric *f) { return f->inj_width ? f->inj_width : f->packet_width; }

/* <prefix>_<what> into buf */
const char *rt_module(const rt_fabric *f, const char *what, char *buf, size_t len);

void rt_emit_sim_node(vwriter *w, const char *header, const rt_fabric *f);
/* sim: <prefix>_sim_fabric (local ports through DPI) or <prefix>_fabric (every node's ports) */
void rt_emit_fabric(vwriter *w, const char *header, const rt_fabric *f, int sim);
void rt_emit_synth_top(vwriter *w, const char *header, const rt_fabric *f);
void rt_emit_files(vwriter *w, const char *header, const rt_fabric *f, int sim);
void rt_emit_vlt(vwriter *w, const char *header, const rt_fabric *f);
/* sim_config.h's lines every bench reads: RN_NODES .. RN_FOR_EACH_NODE, RN_LANE_DST and, with
 * inj_write, RN_INJ_WRITE */
void rt_emit_sim_config_common(vwriter *w, const rt_fabric *f);

/* Writes the shared files into out: <prefix>_sim_node.v, _sim_fabric.v, _fabric.v,
 * _synth_top.v (each opening with hv, a header ending in VERILOG_OPEN), files.f, files_sim.f
 * and romnoc.vlt (opening with hs). Returns 0, or -1 with the file and the reason in err. */
int rt_write_shared(outdir *out, const rt_fabric *f, const char *hv, const char *hs, char *err, size_t errlen);

#endif
