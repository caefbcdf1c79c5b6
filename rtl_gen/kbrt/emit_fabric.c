/* emit_fabric.c — the run-time kbcast router's other files: its descriptor for the files every
 * run-time router shares (kbrt_fabric; rt_fabric.h: the simulation node, the fabrics, the
 * synthesis wrapper, file lists, Verilator config), sim_config.h and design.txt (design.h). */
#include <stdio.h>
#include <stdlib.h>

#include "design.h"

/* buf: room for cfg_width/4 + 2 hex digits and the width (rt_fabric.c passes 1100 bytes; the
 * word is at most a few hundred bits, d <= KBRT_MAX_DIM) */
static void kbrt_cfg_literal(const void *ctx, uint32_t u, char *buf, size_t len) {
  const kbrt_design *k = ctx;
  int n = snprintf(buf, len, "%d'h", k->cfg_width);
  kbrt_cfg_hex(k, u, buf + n);
}

static int64_t kbrt_neighbor(const void *ctx, uint32_t u, int lane) {
  (void)ctx;
  return (int64_t)(u ^ (1u << lane));
}

void kbrt_fabric(const kbrt_design *k, rt_fabric *f) {
  *f = (rt_fabric){.prefix = KBRT_PREFIX, .nodes = k->nodes, .lanes = k->d,
                   .flit_width = k->flit_width, .packet_width = k->packet_width, .cfg_width = k->cfg_width,
                   .lane_xor = 0, .params = "", .sub_modules = NULL, .cfg = kbrt_cfg_literal,
                   .neighbor = kbrt_neighbor, .ctx = k};
  snprintf(f->topo_name, sizeof f->topo_name, "hypercube:%d", k->d);
}

void kbrt_emit_sim_config(vwriter *w, const char *header, const kbrt_design *k) {
  rt_fabric f;
  kbrt_fabric(k, &f);
  vw_raw(w, "%s", header);
  vw_line(w, "#ifndef ROMNOC_KBRT_SIM_CONFIG_H");
  vw_line(w, "#define ROMNOC_KBRT_SIM_CONFIG_H");
  vw_line(w, "#define RN_TOPO \"hypercube:%d\"", k->d);
  vw_line(w, "#define RN_TASK \"kbcast\"");
  vw_line(w, "#define RN_ARCH \"kbcast-runtime\"");
  vw_line(w, "#define RN_DIM %d", k->d);
  vw_line(w, "#define RN_ID_WIDTH %d", k->id_width);
  vw_line(w, "#define RN_PAYLOAD_WIDTH %d", k->payload_width);
  vw_line(w, "#define RN_COUNT_WIDTH %d", k->count_width);
  vw_line(w, "#define RN_FIFO_DEPTH %d", k->fifo_depth);
  vw_line(w, "#define RN_WIRE_DELAY 1  /* slots */");
  vw_line(w, "#define RN_SLOT_CYCLES %d", 1 + k->stages);
  vw_line(w, "/* cycles of a run of K broadcasts: 001 \u00a73.2's 2*ceil(K/d)+4d slots, the last on the wires a slot later */");
  vw_line(w, "#define RN_RUN_BOUND(K) ((2u * (((K) + %du) / %du) + %du) * %du)", k->d - 1, k->d, 4 * k->d + 1, 1 + k->stages);
  vw_line(w, "#define RN_BOUND_TEXT \"(2*ceil(K/d)+4d+1)*%d\"", 1 + k->stages);
  rt_emit_sim_config_common(w, &f);
  vw_line(w, "#endif");
}

void kbrt_emit_summary(vwriter *w, const char *header, const kbrt_design *k) {
  vw_raw(w, "%s", header);
  vw_line(w, "topo=hypercube:%d", k->d);
  vw_line(w, "task=kbcast");
  vw_line(w, "model=mla");
  vw_line(w, "arch=kbcast-runtime");
  vw_line(w, "nodes=%u", (unsigned)k->nodes);
  vw_line(w, "ports=%d", k->d);
  vw_line(w, "payload_width=%d", k->payload_width);
  vw_line(w, "flit_width=%d", k->flit_width);
  vw_line(w, "cfg_width=%d", k->cfg_width);
  vw_line(w, "fifo_depth=%d", k->fifo_depth);
  vw_line(w, "fifo_bound=%d", k->fifo_bound);
  vw_line(w, "mem_depth=%d", k->fifo_depth);
  vw_line(w, "bank_depth=%d", k->fifo_depth);
  vw_line(w, "queue_slots=%d", k->fifo_depth > 1 ? k->fifo_depth - 1 : 1);
  vw_line(w, "stages=%d", k->stages);
  vw_line(w, "slot_cycles=%d", 1 + k->stages);
  vw_line(w, "max_slots=%u", (unsigned)k->max_slots);
  vw_line(w, "max_cycles=%u", (unsigned)k->max_slots * (unsigned)(1 + k->stages));
  /* the bound of every node's FIFOs (trees.c), for the record */
  int hist[1024] = {0}, top = 0;
  for (uint32_t u = 0; u < k->nodes; u++)
    for (int q = 0; q < k->d; q++) {
      int b = k->node[u].fifo_bound[q];
      if (b >= 0 && b < 1024) hist[b]++;
      if (b > top) top = b;
    }
  vw_raw(w, "fifo_bounds=");
  for (int b = 0; b <= top && b < 1024; b++)
    if (hist[b]) vw_raw(w, "%d:%d%s", b, hist[b], b < top ? "," : "");
  vw_raw(w, "\n");
}
