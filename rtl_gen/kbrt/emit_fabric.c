/* emit_fabric.c — the run-time kbcast router's other files: the simulation node and fabric, the
 * platform fabric, the synthesis wrapper, file lists, Verilator config, sim_config.h and
 * design.txt (design.h). */
#include <stdio.h>
#include <stdlib.h>

#include "design.h"
#include "scan_wrapper.h"

void kbrt_emit_sim_node(vwriter *w, const char *header, const kbrt_design *k) {
  int d = k->d, FW = k->flit_width, PW = k->packet_width;
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// A run-time kbcast router of the simulation fabric, its local port played by the test bench:");
  vw_line(w, "// at every rising edge kbrt_local (DPI-C) answers the own-packet request and says whether the");
  vw_line(w, "// node broadcasts, and kbrt_lane reports each lane's link and delivery. Simulation only.");
  vw_open(w, "module %s (", KBRT_SIM_NODE);
  vw_line(w, "input  wire [31:0] node_i,  // this node's id, for the test bench");
  vw_line(w, "input  wire [%d:0] cfg_i,", k->cfg_width - 1);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,");
  vw_line(w, "input  wire start_i,");
  vw_line(w, "output wire done_o,");
  vw_line(w, "output wire err_o,");
  for (int p = 0; p < d; p++) {
    vw_line(w, "output wire tx%d_valid_o,", p);
    vw_line(w, "output wire [%d:0] tx%d_flit_o,", FW - 1, p);
    vw_line(w, "input  wire rx%d_valid_i,", p);
    vw_line(w, "input  wire [%d:0] rx%d_flit_i%s", FW - 1, p, p + 1 < d ? "," : "");
  }
  vw_close(w, ");");
  w->indent = 1;
  vw_line(w, "import \"DPI-C\" function void kbrt_local(input int unsigned node, input bit inj_req,");
  vw_line(w, "  output bit [%d:0] inj_flit, output bit bcast);", PW - 1);
  vw_line(w, "import \"DPI-C\" function void kbrt_lane(input int unsigned node, input int unsigned lane,");
  vw_line(w, "  input bit tx_valid, input bit [%d:0] tx_flit, input bit dlv_valid, input bit [%d:0] dlv_flit);", FW - 1, PW - 1);
  vw_line(w, "wire inj_req;");
  vw_line(w, "wire slot;  // the last cycle of a slot: the lanes are reported then");
  vw_line(w, "bit [%d:0] inj_next;", PW - 1);
  vw_line(w, "bit bcast_next;");
  vw_line(w, "reg [%d:0] inj_q;  // the own packet the router reads in the next cycle", PW - 1);
  vw_line(w, "reg bcast_q;");
  for (int p = 0; p < d; p++) {
    vw_line(w, "wire dlv%d_valid;", p);
    vw_line(w, "wire [%d:0] dlv%d_flit;", PW - 1, p);
  }
  vw_open(w, "always @(posedge clk_i) begin");
  vw_line(w, "kbrt_local(node_i, inj_req, inj_next, bcast_next);");
  vw_line(w, "inj_q <= inj_next;");
  vw_line(w, "bcast_q <= bcast_next;");
  vw_open(w, "if (slot) begin");
  for (int p = 0; p < d; p++)
    vw_line(w, "kbrt_lane(node_i, %d, tx%d_valid_o, tx%d_flit_o, dlv%d_valid, dlv%d_flit);", p, p, p, p, p);
  vw_close(w, "end");
  vw_close(w, "end");
  vw_open(w, "%s u_router (", KBRT_ROUTER);
  vw_line(w, ".clk_i(clk_i),");
  vw_line(w, ".rst_ni(rst_ni),");
  vw_line(w, ".start_i(start_i),");
  vw_line(w, ".done_o(done_o),");
  vw_line(w, ".slot_o(slot),");
  vw_line(w, ".err_o(err_o),");
  vw_line(w, ".cfg_i(cfg_i),");
  vw_line(w, ".bcast_i(bcast_q),");
  vw_line(w, ".inj_req_o(inj_req),");
  vw_line(w, ".inj_flit_i(inj_q),");
  for (int p = 0; p < d; p++) {
    vw_line(w, ".tx%d_valid_o(tx%d_valid_o),", p, p);
    vw_line(w, ".tx%d_flit_o(tx%d_flit_o),", p, p);
    vw_line(w, ".rx%d_valid_i(rx%d_valid_i),", p, p);
    vw_line(w, ".rx%d_flit_i(rx%d_flit_i),", p, p);
    vw_line(w, ".dlv%d_valid_o(dlv%d_valid),", p, p);
    vw_line(w, ".dlv%d_flit_o(dlv%d_flit)%s", p, p, p + 1 < d ? "," : "");
  }
  vw_close(w, ");");
  emit_endmodule(w);
}

void kbrt_emit_fabric(vwriter *w, const char *header, const kbrt_design *k, int sim) {
  int d = k->d, FW = k->flit_width, PW = k->packet_width;
  uint32_t n = k->nodes;
  char *cfg = malloc((size_t)k->cfg_width / 4 + 2);
  if (!cfg) {
    w->failed = 1;
    return;
  }
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// The %sfabric of hypercube:%d: %u run-time kbcast routers, lane p of node u wired to lane p of",
          sim ? "simulation " : "", d, (unsigned)n);
  vw_line(w, "// u ^ 2^p (one named wire per link: l<u>_<p>_* is what lane p of u sends); each router's");
  vw_line(w, "// configuration word is the constant of its node (trees.h).%s",
          sim ? " Local ports through DPI (romnoc_kbrt_sim_node)." : "");
  vw_open(w, "module %s (", sim ? KBRT_SIM_FABRIC : KBRT_FABRIC);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,");
  vw_line(w, "input  wire start_i,");
  vw_line(w, "output wire done_o,  // every router is done");
  if (!sim) vw_line(w, "output wire slot_o,  // in a run, the last cycle of a slot (any router's: see slot_w)");
  vw_line(w, "output wire err_o%s  // some router raised err_o", sim ? "" : ",");
  if (!sim)
    for (uint32_t u = 0; u < n; u++) {
      vw_line(w, "// node %u: local port, and its links as the wire monitor", (unsigned)u);
      vw_line(w, "input  wire n%u_bcast_i,", (unsigned)u);
      vw_line(w, "output wire n%u_inj_req_o,", (unsigned)u);
      vw_line(w, "input  wire [%d:0] n%u_inj_flit_i,", PW - 1, (unsigned)u);
      vw_line(w, "output wire [%d:0] n%u_dlv_valid_o,", d - 1, (unsigned)u);
      vw_line(w, "output wire [%d:0] n%u_dlv_flit_o,", d * PW - 1, (unsigned)u);
      vw_line(w, "output wire [%d:0] n%u_tx_valid_o,", d - 1, (unsigned)u);
      vw_line(w, "output wire [%d:0] n%u_tx_flit_o%s", d * FW - 1, (unsigned)u, u + 1 < n ? "," : "");
    }
  vw_close(w, ");");
  w->indent = 1;
  vw_line(w, "wire [%u:0] done_w;", (unsigned)n - 1);
  vw_line(w, "wire [%u:0] err_w;", (unsigned)n - 1);
  vw_line(w, "assign done_o = &done_w;");
  if (!sim) {
    vw_line(w, "// the routers that run move in lockstep; one that is done holds its phase (slot_o low) and");
    vw_line(w, "// its lanes quiet while the others end the run: the OR marks every slot of the run");
    vw_line(w, "wire [%u:0] slot_w;", (unsigned)n - 1);
    vw_line(w, "assign slot_o = |slot_w;");
  }
  vw_line(w, "assign err_o = |err_w;");
  for (uint32_t u = 0; u < n; u++)
    for (int p = 0; p < d; p++) {
      vw_line(w, "wire l%u_%d_valid;", (unsigned)u, p);
      vw_line(w, "wire [%d:0] l%u_%d_flit;", FW - 1, (unsigned)u, p);
    }
  for (uint32_t u = 0; u < n; u++) {
    kbrt_cfg_hex(k, u, cfg);
    vw_blank(w);
    vw_line(w, "// node %u", (unsigned)u);
    if (sim) {
      vw_open(w, "%s u_node_n%u (", KBRT_SIM_NODE, (unsigned)u);
      vw_line(w, ".node_i(32'd%u),", (unsigned)u);
    } else {
      for (int p = 0; p < d; p++) {
        vw_line(w, "assign n%u_tx_valid_o[%d] = l%u_%d_valid;", (unsigned)u, p, (unsigned)u, p);
        vw_line(w, "assign n%u_tx_flit_o[%d +: %d] = l%u_%d_flit;", (unsigned)u, p * FW, FW, (unsigned)u, p);
      }
      vw_open(w, "%s u_router_n%u (", KBRT_ROUTER, (unsigned)u);
    }
    vw_line(w, ".cfg_i(%d'h%s),", k->cfg_width, cfg);
    vw_line(w, ".clk_i(clk_i),");
    vw_line(w, ".rst_ni(rst_ni),");
    vw_line(w, ".start_i(start_i),");
    vw_line(w, ".done_o(done_w[%u]),", (unsigned)u);
    if (!sim) vw_line(w, ".slot_o(slot_w[%u]),", (unsigned)u);
    vw_line(w, ".err_o(err_w[%u]),", (unsigned)u);
    if (!sim) {
      vw_line(w, ".bcast_i(n%u_bcast_i),", (unsigned)u);
      vw_line(w, ".inj_req_o(n%u_inj_req_o),", (unsigned)u);
      vw_line(w, ".inj_flit_i(n%u_inj_flit_i),", (unsigned)u);
    }
    for (int p = 0; p < d; p++) {
      uint32_t v = u ^ (1u << p);
      bool last = p + 1 == d;
      vw_line(w, ".tx%d_valid_o(l%u_%d_valid),", p, (unsigned)u, p);
      vw_line(w, ".tx%d_flit_o(l%u_%d_flit),", p, (unsigned)u, p);
      vw_line(w, ".rx%d_valid_i(l%u_%d_valid),", p, (unsigned)v, p);
      if (sim) {
        vw_line(w, ".rx%d_flit_i(l%u_%d_flit)%s", p, (unsigned)v, p, last ? "" : ",");
      } else {
        vw_line(w, ".rx%d_flit_i(l%u_%d_flit),", p, (unsigned)v, p);
        vw_line(w, ".dlv%d_valid_o(n%u_dlv_valid_o[%d]),", p, (unsigned)u, p);
        vw_line(w, ".dlv%d_flit_o(n%u_dlv_flit_o[%d +: %d])%s", p, (unsigned)u, p * PW, PW, last ? "" : ",");
      }
    }
    vw_close(w, ");");
  }
  free(cfg);
  emit_endmodule(w);
}

void kbrt_emit_synth_top(vwriter *w, const char *header, const kbrt_design *k) {
  int d = k->d, FW = k->flit_width, PW = k->packet_width;
  int in_bits = k->cfg_width + 1 + PW + d * (1 + FW), out_bits = 1 + 1 + 1 + d * (1 + FW + 1 + PW);
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// Synthesis wrapper of one run-time kbcast router (hypercube:%d): its %d input bits, the", d, in_bits);
  vw_line(w, "// configuration word included (so the router is counted for any node), come from a scan chain");
  vw_line(w, "// and its %d output bits are captured into one: six pins. Not part of the fabric.", out_bits);
  scan_wrapper_ports(w, KBRT_SYNTH_TOP);
  vw_line(w, "reg [%d:0] in_q;", in_bits - 1);
  vw_line(w, "reg [%d:0] out_q;", out_bits - 1);
  vw_line(w, "wire [%d:0] outs;", out_bits - 1);
  scan_wrapper_chains(w, in_bits, out_bits);
  vw_open(w, "%s u_router (", KBRT_ROUTER);
  int i = 0, o = 0;
  vw_line(w, ".clk_i(clk_i),");
  vw_line(w, ".rst_ni(rst_ni),");
  vw_line(w, ".start_i(start_i),");
  vw_line(w, ".done_o(done_o),");
  vw_line(w, ".err_o(outs[%d]),", o++);
  vw_line(w, ".slot_o(outs[%d]),", o++);
  vw_line(w, ".cfg_i(in_q[%d:%d]),", i + k->cfg_width - 1, i), i += k->cfg_width;
  vw_line(w, ".bcast_i(in_q[%d]),", i++);
  vw_line(w, ".inj_req_o(outs[%d]),", o++);
  vw_line(w, ".inj_flit_i(in_q[%d:%d]),", i + PW - 1, i), i += PW;
  for (int p = 0; p < d; p++) {
    vw_line(w, ".tx%d_valid_o(outs[%d]),", p, o++);
    vw_line(w, ".tx%d_flit_o(outs[%d:%d]),", p, o + FW - 1, o), o += FW;
    vw_line(w, ".rx%d_valid_i(in_q[%d]),", p, i++);
    vw_line(w, ".rx%d_flit_i(in_q[%d:%d]),", p, i + FW - 1, i), i += FW;
    vw_line(w, ".dlv%d_valid_o(outs[%d]),", p, o++);
    vw_line(w, ".dlv%d_flit_o(outs[%d:%d])%s", p, o + PW - 1, o, p + 1 < d ? "," : ""), o += PW;
  }
  vw_close(w, ");");
  emit_endmodule(w);
}

void kbrt_emit_files(vwriter *w, const char *header, int sim) {
  vw_raw(w, "%s", header);
  vw_line(w, "%s.v", KBRT_ROUTER);
  if (sim) vw_line(w, "%s.v", KBRT_SIM_NODE);
  vw_line(w, "%s.v", sim ? KBRT_SIM_FABRIC : KBRT_FABRIC);
}

void kbrt_emit_vlt(vwriter *w, const char *header, const kbrt_design *k) {
  vw_line(w, "`verilator_config");
  vw_raw(w, "%s", header);
  vw_line(w, "// One C++ copy of the router and of the simulation node however many instances.");
  vw_line(w, "no_inline -module \"%s\"", KBRT_ROUTER);
  vw_line(w, "no_inline -module \"%s\"", KBRT_SIM_NODE);
  static const char *const router_in[] = {"clk_i", "rst_ni", "start_i", "cfg_i", "bcast_i", "inj_flit_i"};
  for (size_t i = 0; i < sizeof router_in / sizeof router_in[0]; i++)
    vw_line(w, "public -module \"%s\" -var \"%s\"", KBRT_ROUTER, router_in[i]);
  static const char *const node_in[] = {"node_i", "cfg_i", "clk_i", "rst_ni", "start_i"};
  for (size_t i = 0; i < sizeof node_in / sizeof node_in[0]; i++)
    vw_line(w, "public -module \"%s\" -var \"%s\"", KBRT_SIM_NODE, node_in[i]);
  for (int p = 0; p < k->d; p++) {
    vw_line(w, "public -module \"%s\" -var \"rx%d_valid_i\"", KBRT_ROUTER, p);
    vw_line(w, "public -module \"%s\" -var \"rx%d_flit_i\"", KBRT_ROUTER, p);
    vw_line(w, "public -module \"%s\" -var \"rx%d_valid_i\"", KBRT_SIM_NODE, p);
    vw_line(w, "public -module \"%s\" -var \"rx%d_flit_i\"", KBRT_SIM_NODE, p);
  }
}

void kbrt_emit_sim_config(vwriter *w, const char *header, const kbrt_design *k) {
  vw_raw(w, "%s", header);
  vw_line(w, "#ifndef ROMNOC_KBRT_SIM_CONFIG_H");
  vw_line(w, "#define ROMNOC_KBRT_SIM_CONFIG_H");
  vw_line(w, "#define RN_TOPO \"hypercube:%d\"", k->d);
  vw_line(w, "#define RN_DIM %d", k->d);
  vw_line(w, "#define RN_NODES %uu", (unsigned)k->nodes);
  vw_line(w, "#define RN_PORTS %d", k->d);
  vw_line(w, "#define RN_ID_WIDTH %d", k->id_width);
  vw_line(w, "#define RN_PAYLOAD_WIDTH %d", k->payload_width);
  vw_line(w, "#define RN_PACKET_WIDTH %d", k->packet_width);
  vw_line(w, "#define RN_FLIT_WIDTH %d", k->flit_width);
  vw_line(w, "#define RN_COUNT_WIDTH %d", k->count_width);
  vw_line(w, "#define RN_FIFO_DEPTH %d", k->fifo_depth);
  vw_line(w, "#define RN_WIRE_DELAY 1  /* slots */");
  vw_line(w, "#define RN_SLOT_CYCLES %d", 1 + k->stages);
  vw_line(w, "/* X(u) for every node u: the platform fabric's per-node ports are n<u>_* */");
  vw_raw(w, "#define RN_FOR_EACH_NODE(X)");
  for (uint32_t u = 0; u < k->nodes; u++) vw_raw(w, " X(%u)", (unsigned)u);
  vw_raw(w, "\n");
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
