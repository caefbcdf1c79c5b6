/* rt_fabric.c — the files around a run-time active-set router (rt_fabric.h). */
#include "rt_fabric.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "scan_wrapper.h"

const char *rt_module(const rt_fabric *f, const char *what, char *buf, size_t len) {
  snprintf(buf, len, "%s_%s", f->prefix, what);
  return buf;
}

void rt_emit_sim_node(vwriter *w, const char *header, const rt_fabric *f) {
  int d = f->lanes, FW = f->flit_width, PW = f->packet_width, IW = rt_inj_width(f);
  char name[96];
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// A router of the simulation fabric, its local port played by the test bench: at every rising");
  vw_line(w, "// edge rt_local (DPI-C) answers the own-packet request (or writes an own packet into the mailbox),");
  vw_line(w, "// says whether the node broadcasts, and rt_lane reports each lane's link and delivery. Simulation only.");
  vw_open(w, "module %s (", rt_module(f, "sim_node", name, sizeof name));
  vw_line(w, "input  wire [31:0] node_i,  // this node's id, for the test bench");
  vw_line(w, "input  wire [%d:0] cfg_i,", f->cfg_width - 1);
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
  vw_line(w, "import \"DPI-C\" function void rt_local(input int unsigned node, input bit inj_req,");
  vw_line(w, "  output bit [%d:0] inj_flit, output bit bcast, output bit inj_we);", IW - 1);
  vw_line(w, "import \"DPI-C\" function void rt_lane(input int unsigned node, input int unsigned lane,");
  vw_line(w, "  input bit tx_valid, input bit [%d:0] tx_flit, input bit dlv_valid, input bit [%d:0] dlv_flit);", FW - 1, PW - 1);
  vw_line(w, "wire inj_req;");
  vw_line(w, "wire slot;  // the last cycle of a slot: the lanes are reported then");
  vw_line(w, "bit [%d:0] inj_next;", IW - 1);
  vw_line(w, "bit bcast_next;");
  vw_line(w, "reg [%d:0] inj_q;  // the own packet the router reads in the next cycle", IW - 1);
  vw_line(w, "reg bcast_q;");
  vw_line(w, f->inj_write ? "bit inj_we_next;" : "bit unused_inj_we;  // this router has no mailbox");
  if (f->inj_write) vw_line(w, "reg inj_we_q;");
  for (int p = 0; p < d; p++) {
    vw_line(w, "wire dlv%d_valid;", p);
    vw_line(w, "wire [%d:0] dlv%d_flit;", PW - 1, p);
  }
  vw_open(w, "always @(posedge clk_i) begin");
  vw_line(w, "rt_local(node_i, inj_req, inj_next, bcast_next, %s);", f->inj_write ? "inj_we_next" : "unused_inj_we");
  vw_line(w, "inj_q <= inj_next;");
  vw_line(w, "bcast_q <= bcast_next;");
  if (f->inj_write) vw_line(w, "inj_we_q <= inj_we_next;");
  vw_open(w, "if (slot) begin");
  for (int p = 0; p < d; p++)
    vw_line(w, "rt_lane(node_i, %d, tx%d_valid_o, tx%d_flit_o, dlv%d_valid, dlv%d_flit);", p, p, p, p, p);
  vw_close(w, "end");
  vw_close(w, "end");
  vw_open(w, "%s %su_router (", rt_module(f, "router", name, sizeof name), f->params);
  vw_line(w, ".clk_i(clk_i),");
  vw_line(w, ".rst_ni(rst_ni),");
  vw_line(w, ".start_i(start_i),");
  vw_line(w, ".done_o(done_o),");
  vw_line(w, ".slot_o(slot),");
  vw_line(w, ".err_o(err_o),");
  vw_line(w, ".cfg_i(cfg_i),");
  vw_line(w, ".bcast_i(bcast_q),");
  vw_line(w, ".inj_req_o(inj_req),");
  if (f->inj_write) vw_line(w, ".inj_we_i(inj_we_q),");
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

/* the fabric's ports: the run's, and on the platform fabric every node's */
static void fabric_ports(vwriter *w, const rt_fabric *f, int sim) {
  int d = f->lanes, FW = f->flit_width, PW = f->packet_width, IW = rt_inj_width(f);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,");
  vw_line(w, "input  wire start_i,");
  vw_line(w, "output wire done_o,  // every router is done");
  if (!sim) vw_line(w, "output wire slot_o,  // in a run, the last cycle of a slot (any router's: see slot_w)");
  vw_line(w, "output wire err_o%s  // some router raised err_o", sim ? "" : ",");
  if (sim) return;
  for (uint32_t u = 0; u < f->nodes; u++) {
    vw_line(w, "// node %u: local port, and its links as the wire monitor", (unsigned)u);
    vw_line(w, "input  wire n%u_bcast_i,", (unsigned)u);
    vw_line(w, "output wire n%u_inj_req_o,", (unsigned)u);
    if (f->inj_write) vw_line(w, "input  wire n%u_inj_we_i,", (unsigned)u);
    vw_line(w, "input  wire [%d:0] n%u_inj_flit_i,", IW - 1, (unsigned)u);
    vw_line(w, "output wire [%d:0] n%u_dlv_valid_o,", d - 1, (unsigned)u);
    vw_line(w, "output wire [%d:0] n%u_dlv_flit_o,", d * PW - 1, (unsigned)u);
    vw_line(w, "output wire [%d:0] n%u_tx_valid_o,", d - 1, (unsigned)u);
    vw_line(w, "output wire [%d:0] n%u_tx_flit_o%s", d * FW - 1, (unsigned)u, u + 1 < f->nodes ? "," : "");
  }
}

/* the wire of what lane p of u sends, "l<u>_<p>"; on the simulation fabric a lane that leads
 * nowhere (a mesh's edge) feeds nothing: "unused_l<u>_<p>" (Verilator's lint ignores it) */
static const char *lane_wire(const rt_fabric *f, int sim, uint32_t u, int p, char *buf, size_t len) {
  snprintf(buf, len, "%sl%u_%d", sim && f->neighbor(f->ctx, u, p) < 0 ? "unused_" : "", (unsigned)u, p);
  return buf;
}

/* one router instance (a simulation node's on the simulation fabric) */
static void fabric_node(vwriter *w, const rt_fabric *f, int sim, uint32_t u) {
  int d = f->lanes, FW = f->flit_width, PW = f->packet_width;
  char name[96], cfg[1100], tx[48];
  f->cfg(f->ctx, u, cfg, sizeof cfg);
  vw_blank(w);
  vw_line(w, "// node %u", (unsigned)u);
  if (sim) {
    vw_open(w, "%s u_node_n%u (", rt_module(f, "sim_node", name, sizeof name), (unsigned)u);
    vw_line(w, ".node_i(32'd%u),", (unsigned)u);
  } else {
    for (int p = 0; p < d; p++) {
      vw_line(w, "assign n%u_tx_valid_o[%d] = l%u_%d_valid;", (unsigned)u, p, (unsigned)u, p);
      vw_line(w, "assign n%u_tx_flit_o[%d +: %d] = l%u_%d_flit;", (unsigned)u, p * FW, FW, (unsigned)u, p);
    }
    vw_open(w, "%s %su_router_n%u (", rt_module(f, "router", name, sizeof name), f->params, (unsigned)u);
  }
  vw_line(w, ".cfg_i(%s),", cfg);
  vw_line(w, ".clk_i(clk_i),");
  vw_line(w, ".rst_ni(rst_ni),");
  vw_line(w, ".start_i(start_i),");
  vw_line(w, ".done_o(done_w[%u]),", (unsigned)u);
  if (!sim) vw_line(w, ".slot_o(slot_w[%u]),", (unsigned)u);
  vw_line(w, ".err_o(err_w[%u]),", (unsigned)u);
  if (!sim) {
    vw_line(w, ".bcast_i(n%u_bcast_i),", (unsigned)u);
    vw_line(w, ".inj_req_o(n%u_inj_req_o),", (unsigned)u);
    if (f->inj_write) vw_line(w, ".inj_we_i(n%u_inj_we_i),", (unsigned)u);
    vw_line(w, ".inj_flit_i(n%u_inj_flit_i),", (unsigned)u);
  }
  for (int p = 0; p < d; p++) {
    int64_t v = f->neighbor(f->ctx, u, p);
    bool last = p + 1 == d;
    char rv[64], rf[64];
    if (v < 0) { /* a mesh's edge: silence */
      snprintf(rv, sizeof rv, "1'b0");
      snprintf(rf, sizeof rf, "{%d{1'b0}}", FW);
    } else {
      snprintf(rv, sizeof rv, "l%u_%d_valid", (unsigned)v, p ^ f->lane_xor);
      snprintf(rf, sizeof rf, "l%u_%d_flit", (unsigned)v, p ^ f->lane_xor);
    }
    lane_wire(f, sim, u, p, tx, sizeof tx);
    vw_line(w, ".tx%d_valid_o(%s_valid),", p, tx);
    vw_line(w, ".tx%d_flit_o(%s_flit),", p, tx);
    vw_line(w, ".rx%d_valid_i(%s),", p, rv);
    if (sim) {
      vw_line(w, ".rx%d_flit_i(%s)%s", p, rf, last ? "" : ",");
    } else {
      vw_line(w, ".rx%d_flit_i(%s),", p, rf);
      vw_line(w, ".dlv%d_valid_o(n%u_dlv_valid_o[%d]),", p, (unsigned)u, p);
      vw_line(w, ".dlv%d_flit_o(n%u_dlv_flit_o[%d +: %d])%s", p, (unsigned)u, p * PW, PW, last ? "" : ",");
    }
  }
  vw_close(w, ");");
}

void rt_emit_fabric(vwriter *w, const char *header, const rt_fabric *f, int sim) {
  int d = f->lanes, FW = f->flit_width;
  uint32_t n = f->nodes;
  char name[96];
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// The %sfabric of %s: %u run-time routers, lane p of node u wired to lane %s of the node it", sim ? "simulation " : "",
          f->topo_name, (unsigned)n, f->lane_xor ? "p^1" : "p");
  vw_line(w, "// leads to (one named wire per link: l<u>_<p>_* is what lane p of u sends); each router's");
  vw_line(w, "// configuration word is the constant of its node.%s", sim ? " Local ports through DPI (the simulation node)." : "");
  vw_open(w, "module %s (", rt_module(f, sim ? "sim_fabric" : "fabric", name, sizeof name));
  fabric_ports(w, f, sim);
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
  char tx[48];
  for (uint32_t u = 0; u < n; u++)
    for (int p = 0; p < d; p++) {
      lane_wire(f, sim, u, p, tx, sizeof tx);
      vw_line(w, "wire %s_valid;", tx);
      vw_line(w, "wire [%d:0] %s_flit;", FW - 1, tx);
    }
  for (uint32_t u = 0; u < n; u++) fabric_node(w, f, sim, u);
  emit_endmodule(w);
}

void rt_emit_synth_top(vwriter *w, const char *header, const rt_fabric *f) {
  int d = f->lanes, FW = f->flit_width, PW = f->packet_width, IW = rt_inj_width(f);
  int in_bits = f->cfg_width + 1 + f->inj_write + IW + d * (1 + FW), out_bits = 1 + 1 + 1 + d * (1 + FW + 1 + PW);
  char name[96];
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// Synthesis wrapper of one run-time router (%s): its %d input bits, the configuration word", f->topo_name, in_bits);
  vw_line(w, "// included (so the router is counted for any node), come from a scan chain and its %d output", out_bits);
  vw_line(w, "// bits are captured into one: six pins. Not part of the fabric.");
  scan_wrapper_ports(w, rt_module(f, "synth_top", name, sizeof name));
  vw_line(w, "reg [%d:0] in_q;", in_bits - 1);
  vw_line(w, "reg [%d:0] out_q;", out_bits - 1);
  vw_line(w, "wire [%d:0] outs;", out_bits - 1);
  scan_wrapper_chains(w, in_bits, out_bits);
  vw_open(w, "%s %su_router (", rt_module(f, "router", name, sizeof name), f->params);
  int i = 0, o = 0;
  vw_line(w, ".clk_i(clk_i),");
  vw_line(w, ".rst_ni(rst_ni),");
  vw_line(w, ".start_i(start_i),");
  vw_line(w, ".done_o(done_o),");
  vw_line(w, ".err_o(outs[%d]),", o++);
  vw_line(w, ".slot_o(outs[%d]),", o++);
  vw_line(w, ".cfg_i(in_q[%d:%d]),", i + f->cfg_width - 1, i), i += f->cfg_width;
  vw_line(w, ".bcast_i(in_q[%d]),", i++);
  vw_line(w, ".inj_req_o(outs[%d]),", o++);
  if (f->inj_write) vw_line(w, ".inj_we_i(in_q[%d]),", i++);
  vw_line(w, ".inj_flit_i(in_q[%d:%d]),", i + IW - 1, i), i += IW;
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

void rt_emit_files(vwriter *w, const char *header, const rt_fabric *f, int sim) {
  char name[96];
  vw_raw(w, "%s", header);
  for (const char *const *m = f->sub_modules; m && *m; m++) vw_line(w, "%s.v", *m);
  vw_line(w, "%s.v", rt_module(f, "router", name, sizeof name));
  if (sim) vw_line(w, "%s.v", rt_module(f, "sim_node", name, sizeof name));
  vw_line(w, "%s.v", rt_module(f, sim ? "sim_fabric" : "fabric", name, sizeof name));
}

void rt_emit_vlt(vwriter *w, const char *header, const rt_fabric *f) {
  char router[96], node[96];
  rt_module(f, "router", router, sizeof router);
  rt_module(f, "sim_node", node, sizeof node);
  vw_line(w, "`verilator_config");
  vw_raw(w, "%s", header);
  vw_line(w, "// One C++ copy of the router and of the simulation node however many instances.");
  vw_line(w, "no_inline -module \"%s\"", router);
  vw_line(w, "no_inline -module \"%s\"", node);
  static const char *const router_in[] = {"clk_i", "rst_ni", "start_i", "cfg_i", "bcast_i", "inj_flit_i"};
  for (size_t i = 0; i < sizeof router_in / sizeof router_in[0]; i++) vw_line(w, "public -module \"%s\" -var \"%s\"", router, router_in[i]);
  if (f->inj_write) vw_line(w, "public -module \"%s\" -var \"inj_we_i\"", router);
  static const char *const node_in[] = {"node_i", "cfg_i", "clk_i", "rst_ni", "start_i"};
  for (size_t i = 0; i < sizeof node_in / sizeof node_in[0]; i++) vw_line(w, "public -module \"%s\" -var \"%s\"", node, node_in[i]);
  for (int p = 0; p < f->lanes; p++) {
    vw_line(w, "public -module \"%s\" -var \"rx%d_valid_i\"", router, p);
    vw_line(w, "public -module \"%s\" -var \"rx%d_flit_i\"", router, p);
    vw_line(w, "public -module \"%s\" -var \"rx%d_valid_i\"", node, p);
    vw_line(w, "public -module \"%s\" -var \"rx%d_flit_i\"", node, p);
  }
}

void rt_emit_sim_config_common(vwriter *w, const rt_fabric *f) {
  vw_line(w, "#define RN_NODES %uu", (unsigned)f->nodes);
  vw_line(w, "#define RN_PORTS %d", f->lanes);
  vw_line(w, "#define RN_FLIT_WIDTH %d", f->flit_width);
  vw_line(w, "#define RN_PACKET_WIDTH %d", f->packet_width);
  vw_line(w, "#define RN_INJ_WIDTH %d  /* inj_flit_i */", rt_inj_width(f));
  if (f->inj_write) vw_line(w, "#define RN_INJ_WRITE 1  /* own packets are written into the mailbox (inj_we_i) before start */");
  vw_line(w, "/* lane p of node u leads to node RN_LANE_DST[u*RN_PORTS+p] (-1: none) */");
  vw_raw(w, "#define RN_LANE_DST {");
  for (uint32_t u = 0; u < f->nodes; u++)
    for (int p = 0; p < f->lanes; p++) vw_raw(w, "%s%lld", u || p ? ", " : "", (long long)f->neighbor(f->ctx, u, p));
  vw_raw(w, "}\n");
  vw_line(w, "/* X(u) for every node u: the platform fabric's per-node ports are n<u>_* */");
  vw_raw(w, "#define RN_FOR_EACH_NODE(X)");
  for (uint32_t u = 0; u < f->nodes; u++) vw_raw(w, " X(%u)", (unsigned)u);
  vw_raw(w, "\n");
}

int rt_write_shared(outdir *out, const rt_fabric *f, const char *hv, const char *hs, char *err, size_t errlen) {
  static const char *const what[] = {"sim_node", "sim_fabric", "fabric", "synth_top", "files.f", "files_sim.f", "romnoc.vlt"};
  char name[128], path[PATH_MAX], previous[PATH_MAX];
  const char *prev;
  vwriter w;
  for (int i = 0; i < 7; i++) {
    if (i < 4) snprintf(name, sizeof name, "%s_%s.v", f->prefix, what[i]);
    else snprintf(name, sizeof name, "%s", what[i]);
    outdir_file(out, name, path, sizeof path, previous, sizeof previous, &prev);
    if (vw_begin(&w)) {
      snprintf(err, errlen, "out of memory writing '%s/%s'", out->dir, name);
      return -1;
    }
    switch (i) {
      case 0: rt_emit_sim_node(&w, hv, f); break;
      case 1: rt_emit_fabric(&w, hv, f, 1); break;
      case 2: rt_emit_fabric(&w, hv, f, 0); break;
      case 3: rt_emit_synth_top(&w, hv, f); break;
      case 4: rt_emit_files(&w, hs, f, 0); break;
      case 5: rt_emit_files(&w, hs, f, 1); break;
      default: rt_emit_vlt(&w, hs, f); break;
    }
    if (i < 4) vw_raw(&w, VERILOG_CLOSE); /* closes as vwriter.h says */
    if (vw_commit(&w, path, prev)) {
      snprintf(err, errlen, "cannot write '%s/%s': %s", out->dir, name, strerror(errno));
      return -1;
    }
  }
  return 0;
}
