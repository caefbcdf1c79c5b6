/* emit_verilog.c — the Verilog printer (see emit_verilog.h). */
#include "emit_verilog.h"

#include <stdio.h>

/* "[hi:lo] " for a vector of width bits; a vector even at width 1, since lanes are indexed. */
static const char *range(char *buf, size_t len, int width) {
  snprintf(buf, len, "[%d:0] ", width - 1);
  return buf;
}

const char *slice(char *buf, size_t len, const char *sig, int lsb, int width) {
  if (width == 1) snprintf(buf, len, "%s[%d]", sig, lsb);
  else snprintf(buf, len, "%s[%d:%d]", sig, lsb + width - 1, lsb);
  return buf;
}

void rom_file_name(const ir_fabric *f, uint32_t u, char *buf, size_t len) {
  if (f->shared) snprintf(buf, len, "rom.hex");
  else snprintf(buf, len, "rom_n%u.hex", (unsigned)u);
}

/* Names of the per-port registers of the router. */
typedef struct {
  const char *src, *arg, *expect, *deliver, *store, *addr, *rx_flit, *rx_valid, *tx_flit;
} port_names;

static void emit_router_ports(vwriter *w, const rom_layout *l) {
  int p = l->ports, fw = l->flit_width, aw = l->id_width;
  char r[32];
  vw_open(w, "module %s (", ROUTER_MODULE);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,");
  vw_line(w, "input  wire start_i,  // while idle: run the schedule, slot 1 in the next cycle");
  vw_line(w, "input  wire %snode_id_i,  // this router's node id", range(r, sizeof r, aw));
  vw_line(w, "output wire done_o,  // from the end of a run until the next start");
  vw_line(w, "output wire err_o,  // a port received when the schedule said nothing would come, or vice versa");
  vw_line(w, "// schedule ROM, read one cycle ahead");
  vw_line(w, "output wire %srom_addr_o,", range(r, sizeof r, l->cycle_width));
  vw_line(w, "input  wire %srom_data_i,", range(r, sizeof r, l->word_width));
  vw_line(w, "// links: lane p (bits [p*%d +: %d]) is port p, to the neighbour across dimension p", fw, fw);
  vw_line(w, "output wire %stx_valid_o,", range(r, sizeof r, p));
  vw_line(w, "output wire %stx_flit_o,", range(r, sizeof r, p * fw));
  vw_line(w, "input  wire %srx_valid_i,", range(r, sizeof r, p));
  vw_line(w, "input  wire %srx_flit_i,", range(r, sizeof r, p * fw));
  vw_line(w, "// local port: own packets (requested a cycle ahead) and deliveries, one lane per port");
  vw_line(w, "output wire %sinj_req_o,", range(r, sizeof r, p));
  vw_line(w, "output wire %sinj_dest_o,  // lane p: {broadcast, destination id}", range(r, sizeof r, p * (aw + 1)));
  vw_line(w, "input  wire %sinj_flit_i,", range(r, sizeof r, p * fw));
  vw_line(w, "output wire %sdlv_valid_o,", range(r, sizeof r, p));
  vw_line(w, "output wire %sdlv_flit_o", range(r, sizeof r, p * fw));
  vw_close(w, ");");
}

static void emit_router_state(vwriter *w, const ir_fabric *f, const rom_layout *l, port_names *names) {
  char r[32];
  int fw = l->flit_width;
  vw_blank(w);
  vw_line(w, "// cycle counter: 0 idle, 1..%u running (cycle c drives slot c's transmissions)", (unsigned)f->cycles);
  vw_line(w, "reg %s%s;", range(r, sizeof r, l->cycle_width), vw_ident(w, "cyc_q"));
  vw_line(w, "reg %s;", vw_ident(w, "done_q"));
  vw_line(w, "reg %s;", vw_ident(w, "err_q"));
  for (int q = 0; q < l->ports; q++) {
    const port_fields *pf = &l->port[q];
    port_names *n = &names[q];
    vw_line(w, "// port %d: what it sends this cycle; what becomes of what it received last slot", q);
    vw_line(w, "reg [1:0] %s;  // 0 nothing, 1 local port, 2 a receive register, 3 memory", n->src = vw_ident(w, "out%d_src_q", q));
    if (pf->arg.width) vw_line(w, "reg %s%s;", range(r, sizeof r, pf->arg.width), n->arg = vw_ident(w, "out%d_arg_q", q));
    vw_line(w, "reg %s;", n->expect = vw_ident(w, "in%d_expect_q", q));
    vw_line(w, "reg %s;", n->deliver = vw_ident(w, "in%d_deliver_q", q));
    if (pf->store.width) vw_line(w, "reg %s;", n->store = vw_ident(w, "in%d_store_q", q));
    if (pf->addr.width) vw_line(w, "reg %s%s;", range(r, sizeof r, pf->addr.width), n->addr = vw_ident(w, "in%d_addr_q", q));
    vw_line(w, "reg [%d:0] %s;", fw - 1, n->rx_flit = vw_ident(w, "rx%d_flit_q", q));
    vw_line(w, "reg %s;", n->rx_valid = vw_ident(w, "rx%d_valid_q", q));
    vw_line(w, "reg [%d:0] %s;", fw - 1, n->tx_flit = vw_ident(w, "tx%d_flit", q));
  }
  if (l->mem_depth) {
    vw_line(w, "// packets received here that leave again later than the next cycle (%d needed)", l->mem_depth);
    vw_line(w, "reg [%d:0] %s [0:%d];", fw - 1, vw_ident(w, "mem_q"), l->mem_entries - 1);
  }
}

static void emit_router_control(vwriter *w, const rom_layout *l, const ir_fabric *f, const port_names *names) {
  int cw = l->cycle_width;
  char a[64];
  vw_blank(w);
  vw_line(w, "localparam [%d:0] %s = %d'd%u;", cw - 1, vw_ident(w, "LastCycle"), cw, (unsigned)f->cycles);
  vw_line(w, "wire %s = (cyc_q == %d'd0);", vw_ident(w, "idle"), cw);
  vw_line(w, "// the next cycle runs: take the next ROM word");
  vw_line(w, "wire %s = idle ? start_i : (cyc_q != LastCycle);", vw_ident(w, "load"));
  vw_line(w, "assign rom_addr_o = cyc_q + %d'd1;", cw);
  vw_raw(w, "  wire %s = ", vw_ident(w, "mismatch"));
  for (int q = 0; q < l->ports; q++) vw_raw(w, "%s(%s != %s)", q ? " | " : "", names[q].rx_valid, names[q].expect);
  vw_raw(w, ";\n");
  vw_blank(w);
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_open(w, "if (!rst_ni) begin");
  vw_line(w, "cyc_q <= %d'd0;", cw);
  vw_line(w, "done_q <= 1'b0;");
  vw_line(w, "err_q <= 1'b0;");
  for (int q = 0; q < l->ports; q++) {
    const port_fields *pf = &l->port[q];
    vw_line(w, "%s <= 2'd0;", names[q].src);
    if (pf->arg.width) vw_line(w, "%s <= %d'd0;", names[q].arg, pf->arg.width);
    vw_line(w, "%s <= 1'b0;", names[q].expect);
    vw_line(w, "%s <= 1'b0;", names[q].deliver);
    if (pf->store.width) vw_line(w, "%s <= 1'b0;", names[q].store);
    if (pf->addr.width) vw_line(w, "%s <= %d'd0;", names[q].addr, pf->addr.width);
    vw_line(w, "%s <= 1'b0;", names[q].rx_valid);
  }
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "cyc_q <= load ? cyc_q + %d'd1 : %d'd0;", cw, cw);
  vw_open(w, "if (idle && start_i) begin");
  vw_line(w, "done_q <= 1'b0;");
  vw_line(w, "err_q <= 1'b0;");
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "if (cyc_q == LastCycle) done_q <= 1'b1;");
  vw_line(w, "if (mismatch) err_q <= 1'b1;");
  vw_close(w, "end");
  for (int q = 0; q < l->ports; q++) {
    const port_fields *pf = &l->port[q];
    vw_line(w, "%s <= load ? %s : 2'd0;", names[q].src, slice(a, sizeof a, "rom_data_i", pf->src.lsb, 2));
    if (pf->arg.width)
      vw_line(w, "%s <= load ? %s : %d'd0;", names[q].arg, slice(a, sizeof a, "rom_data_i", pf->arg.lsb, pf->arg.width),
              pf->arg.width);
    vw_line(w, "%s <= load & %s;", names[q].expect, slice(a, sizeof a, "rom_data_i", pf->expect.lsb, 1));
    vw_line(w, "%s <= load & %s;", names[q].deliver, slice(a, sizeof a, "rom_data_i", pf->deliver.lsb, 1));
    if (pf->store.width) vw_line(w, "%s <= load & %s;", names[q].store, slice(a, sizeof a, "rom_data_i", pf->store.lsb, 1));
    if (pf->addr.width)
      vw_line(w, "%s <= load ? %s : %d'd0;", names[q].addr, slice(a, sizeof a, "rom_data_i", pf->addr.lsb, pf->addr.width),
              pf->addr.width);
    vw_line(w, "%s <= rx_valid_i[%d];", names[q].rx_valid, q);
  }
  vw_close(w, "end");
  vw_close(w, "end");
}

static void emit_router_datapath(vwriter *w, const rom_layout *l, const port_names *names) {
  int fw = l->flit_width, aw = l->id_width;
  char a[64], b[64];
  vw_blank(w);
  vw_line(w, "// receive registers: what arrived in the previous slot");
  vw_open(w, "always @(posedge clk_i) begin");
  for (int q = 0; q < l->ports; q++) vw_line(w, "%s <= %s;", names[q].rx_flit, slice(a, sizeof a, "rx_flit_i", q * fw, fw));
  vw_close(w, "end");
  if (l->mem_depth) {
    vw_blank(w);
    vw_line(w, "// the generator gave each stored packet its own address for its lifetime");
    vw_open(w, "always @(posedge clk_i) begin");
    for (int q = 0; q < l->ports; q++) vw_line(w, "if (%s) mem_q[%s] <= %s;", names[q].store, names[q].addr, names[q].rx_flit);
    vw_close(w, "end");
  }
  for (int q = 0; q < l->ports; q++) {
    const port_fields *pf = &l->port[q];
    vw_blank(w);
    vw_open(w, "always @(*) begin");
    vw_open(w, "case (%s)", names[q].src);
    if (l->has_local) vw_line(w, "2'd1: %s = %s;", names[q].tx_flit, slice(a, sizeof a, "inj_flit_i", q * fw, fw));
    if (l->has_rx_forward) {
      if (l->ports == 1) {
        vw_line(w, "2'd2: %s = %s;", names[q].tx_flit, names[0].rx_flit);
      } else {
        vw_open(w, "2'd2: begin");
        vw_open(w, "case (%s)", slice(a, sizeof a, names[q].arg, 0, l->lane_width));
        for (int k = 0; k < l->ports; k++) vw_line(w, "%d'd%d: %s = %s;", l->lane_width, k, names[q].tx_flit, names[k].rx_flit);
        vw_line(w, "default: %s = %d'd0;", names[q].tx_flit, fw);
        vw_close(w, "endcase");
        vw_close(w, "end");
      }
    }
    if (l->mem_depth) {
      const char *addr = pf->arg.width == l->mem_addr_width ? names[q].arg : slice(b, sizeof b, names[q].arg, 0, l->mem_addr_width);
      vw_line(w, "2'd3: %s = mem_q[%s];", names[q].tx_flit, addr);
    }
    vw_line(w, "default: %s = %d'd0;", names[q].tx_flit, fw);
    vw_close(w, "endcase");
    vw_close(w, "end");
  }
  vw_blank(w);
  vw_raw(w, "  assign tx_valid_o = {");
  for (int q = l->ports - 1; q >= 0; q--) vw_raw(w, "%s%s != 2'd0", q == l->ports - 1 ? "" : ", ", names[q].src);
  vw_raw(w, "};\n");
  vw_raw(w, "  assign tx_flit_o = {");
  for (int q = l->ports - 1; q >= 0; q--) vw_raw(w, "%s%s", q == l->ports - 1 ? "" : ", ", names[q].tx_flit);
  vw_raw(w, "};\n");
  vw_line(w, "// own-packet requests come straight from the ROM word of the next cycle");
  vw_raw(w, "  assign inj_req_o = {");
  for (int q = l->ports - 1; q >= 0; q--)
    vw_raw(w, "%s%s == 2'd1", q == l->ports - 1 ? "" : ", ", slice(a, sizeof a, "rom_data_i", l->port[q].src.lsb, 2));
  vw_raw(w, "};\n");
  vw_raw(w, "  assign inj_dest_o = {");
  for (int q = l->ports - 1; q >= 0; q--) {
    const port_fields *pf = &l->port[q];
    if (l->has_local)
      vw_raw(w, "%s%s, %s ^ node_id_i", q == l->ports - 1 ? "" : ", ", slice(a, sizeof a, "rom_data_i", pf->inj_bcast.lsb, 1),
             slice(b, sizeof b, "rom_data_i", pf->inj_dest.lsb, aw));
    else
      vw_raw(w, "%s1'b0, node_id_i", q == l->ports - 1 ? "" : ", ");
  }
  vw_raw(w, "};\n");
  vw_raw(w, "  assign dlv_valid_o = {");
  for (int q = l->ports - 1; q >= 0; q--) vw_raw(w, "%s%s", q == l->ports - 1 ? "" : ", ", names[q].deliver);
  vw_raw(w, "};\n");
  vw_raw(w, "  assign dlv_flit_o = {");
  for (int q = l->ports - 1; q >= 0; q--) vw_raw(w, "%s%s", q == l->ports - 1 ? "" : ", ", names[q].rx_flit);
  vw_raw(w, "};\n");
  vw_line(w, "assign done_o = done_q;");
  vw_line(w, "assign err_o = err_q;");
}

void emit_router_header(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l, const char *kind) {
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// %s schedule-ROM router of %s, task %s (%s).", kind, f->topo.name, task_name(f->task),
          f->shared ? "one XOR-translated program for every node" : "a program per node");
  vw_line(w, "// No routing, arbitration or header decoding: a ROM word per cycle says what every port");
  vw_line(w, "// sends and where every received packet goes (docs/ARCHITECTURE.md).");
  vw_line(w, "// Flit: {broadcast, dest[%d:0], origin[%d:0], payload[%d:0]} = %d bits; the tags are carried for",
          l->id_width - 1, l->id_width - 1, l->payload_width - 1, l->flit_width);
  vw_line(w, "// the processors and the wire log, never decoded here. Packet memory: %d entries.", l->mem_depth);
}

void emit_router(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l) {
  if (l->arch == IR_ARCH_BANKED) {
    emit_router_banked(w, header, f, l);
    return;
  }
  emit_router_header(w, header, f, l, "Simple (baseline)");
  emit_router_ports(w, l);
  w->indent = 1;
  port_names names[TOPO_MAX_DIMS] = {{0}};
  emit_router_state(w, f, l, names);
  emit_router_control(w, l, f, names);
  emit_router_datapath(w, l, names);
  w->indent = 0;
  vw_blank(w);
  vw_line(w, "endmodule");
}

void emit_rom(vwriter *w, const char *header, const rom_layout *l) {
  char r[32];
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  bool sync = l->arch == IR_ARCH_BANKED;
  vw_line(w, "// Schedule ROM: word c is what the router does in cycle c (see the .hex file's comments).");
  if (sync) vw_line(w, "// Synchronous read (block RAM): data_o shows the word addressed at the previous edge.");
  vw_open(w, "module %s #(", ROM_MODULE);
  vw_line(w, "parameter FILE = \"rom.hex\"");
  vw_close(w, ") (");
  w->indent++;
  if (sync) vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire %saddr_i,", range(r, sizeof r, l->cycle_width));
  vw_line(w, "output %s %sdata_o", sync ? "reg " : "wire", range(r, sizeof r, l->word_width));
  vw_close(w, ");");
  w->indent = 1;
  vw_line(w, "%sreg %s%s [0:%u];", l->rom_block_ram ? "(* rom_style = \"block\" *) " : "", range(r, sizeof r, l->word_width),
          vw_ident(w, "words"), (unsigned)l->rom_entries - 1);
  vw_line(w, "initial $readmemh(FILE, words);");
  if (sync) vw_line(w, "always @(posedge clk_i) data_o <= words[addr_i];");
  else vw_line(w, "assign data_o = words[addr_i];");
  w->indent = 0;
  vw_blank(w);
  vw_line(w, "endmodule");
}

void emit_fabric(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l) {
  uint32_t n = f->topo.nodes;
  int p = l->ports, fw = l->flit_width, aw = l->id_width;
  char r[32], a[64], file[64];
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// The fabric: %u routers of %s wired by the topology. Per node u, ports n<u>_*: the", (unsigned)n, f->topo.name);
  vw_line(w, "// router's local port (inj_*, dlv_*) and its outgoing links (tx_*, also the monitor of the wires).");
  vw_open(w, "module %s (", FABRIC_MODULE);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,");
  vw_line(w, "input  wire start_i,");
  vw_line(w, "output wire done_o,  // every router is done");
  vw_line(w, "output wire err_o,  // some router saw traffic its schedule did not expect");
  for (uint32_t u = 0; u < n; u++) {
    const char *last = u + 1 == n ? "" : ",";
    vw_line(w, "output wire %s%s,", range(r, sizeof r, p), vw_ident(w, "n%u_tx_valid_o", (unsigned)u));
    vw_line(w, "output wire %s%s,", range(r, sizeof r, p * fw), vw_ident(w, "n%u_tx_flit_o", (unsigned)u));
    vw_line(w, "output wire %s%s,", range(r, sizeof r, p), vw_ident(w, "n%u_inj_req_o", (unsigned)u));
    vw_line(w, "output wire %s%s,", range(r, sizeof r, p * (aw + 1)), vw_ident(w, "n%u_inj_dest_o", (unsigned)u));
    vw_line(w, "input  wire %s%s,", range(r, sizeof r, p * fw), vw_ident(w, "n%u_inj_flit_i", (unsigned)u));
    vw_line(w, "output wire %s%s,", range(r, sizeof r, p), vw_ident(w, "n%u_dlv_valid_o", (unsigned)u));
    vw_line(w, "output wire %s%s%s", range(r, sizeof r, p * fw), vw_ident(w, "n%u_dlv_flit_o", (unsigned)u), last);
  }
  vw_close(w, ");");
  w->indent = 1;
  vw_line(w, "wire %s%s;", range(r, sizeof r, (int)n), vw_ident(w, "done_w"));
  vw_line(w, "wire %s%s;", range(r, sizeof r, (int)n), vw_ident(w, "err_w"));
  vw_line(w, "assign done_o = &done_w;");
  vw_line(w, "assign err_o = |err_w;");
  for (uint32_t u = 0; u < n; u++) {
    vw_blank(w);
    vw_line(w, "// node %u", (unsigned)u);
    const char *addr = vw_ident(w, "n%u_rom_addr", (unsigned)u), *data = vw_ident(w, "n%u_rom_data", (unsigned)u);
    vw_line(w, "wire %s%s;", range(r, sizeof r, l->cycle_width), addr);
    vw_line(w, "wire %s%s;", range(r, sizeof r, l->word_width), data);
    rom_file_name(f, u, file, sizeof file);
    vw_line(w, "%s #(.FILE(\"%s\")) %s (%s.addr_i(%s), .data_o(%s));", ROM_MODULE, file,
            vw_ident(w, "u_rom_n%u", (unsigned)u), l->arch == IR_ARCH_BANKED ? ".clk_i(clk_i), " : "", addr, data);
    vw_open(w, "%s %s (", ROUTER_MODULE, vw_ident(w, "u_router_n%u", (unsigned)u));
    vw_line(w, ".clk_i(clk_i),");
    vw_line(w, ".rst_ni(rst_ni),");
    vw_line(w, ".start_i(start_i),");
    vw_line(w, ".node_id_i(%d'd%u),", aw, (unsigned)u);
    vw_line(w, ".done_o(done_w[%u]),", (unsigned)u);
    vw_line(w, ".err_o(err_w[%u]),", (unsigned)u);
    vw_line(w, ".rom_addr_o(%s),", addr);
    vw_line(w, ".rom_data_i(%s),", data);
    vw_line(w, ".tx_valid_o(n%u_tx_valid_o),", (unsigned)u);
    vw_line(w, ".tx_flit_o(n%u_tx_flit_o),", (unsigned)u);
    /* port q receives what the neighbour across q sends on its port back to u */
    vw_raw(w, "    .rx_valid_i({");
    for (int q = p - 1; q >= 0; q--) {
      uint32_t v = (uint32_t)topo_neighbor(&f->topo, u, q);
      int back = topo_port_to(&f->topo, v, u);
      vw_raw(w, "%sn%u_tx_valid_o[%d]", q == p - 1 ? "" : ", ", (unsigned)v, back);
    }
    vw_raw(w, "}),\n");
    vw_raw(w, "    .rx_flit_i({");
    for (int q = p - 1; q >= 0; q--) {
      uint32_t v = (uint32_t)topo_neighbor(&f->topo, u, q);
      int back = topo_port_to(&f->topo, v, u);
      char sig[32];
      snprintf(sig, sizeof sig, "n%u_tx_flit_o", (unsigned)v);
      vw_raw(w, "%s%s", q == p - 1 ? "" : ", ", slice(a, sizeof a, sig, back * fw, fw));
    }
    vw_raw(w, "}),\n");
    vw_line(w, ".inj_req_o(n%u_inj_req_o),", (unsigned)u);
    vw_line(w, ".inj_dest_o(n%u_inj_dest_o),", (unsigned)u);
    vw_line(w, ".inj_flit_i(n%u_inj_flit_i),", (unsigned)u);
    vw_line(w, ".dlv_valid_o(n%u_dlv_valid_o),", (unsigned)u);
    vw_line(w, ".dlv_flit_o(n%u_dlv_flit_o)", (unsigned)u);
    vw_close(w, ");");
  }
  w->indent = 0;
  vw_blank(w);
  vw_line(w, "endmodule");
}

void emit_synth_top(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l) {
  int p = l->ports, fw = l->flit_width, aw = l->id_width;
  int in_bits = p + 2 * p * fw;                          /* rx_valid, rx_flit, inj_flit */
  int out_bits = 1 + p + p * fw + p + p * (aw + 1) + p + p * fw; /* err, tx, inj req, dlv */
  char r[32], file[64];
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// Synthesis wrapper of node 0's router and ROM (%s %s): the router's %d input bits come", f->topo.name,
          task_name(f->task), in_bits);
  vw_line(w, "// from a scan chain and its %d output bits are captured into one, so the design needs six", out_bits);
  vw_line(w, "// pins and every output stays observable. Not part of the fabric.");
  vw_open(w, "module %s (", SYNTH_TOP_MODULE);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,");
  vw_line(w, "input  wire start_i,");
  vw_line(w, "input  wire sin_i,  // scan-in of the router inputs");
  vw_line(w, "input  wire load_i,  // capture the router outputs into the scan-out chain");
  vw_line(w, "output wire sout_o,");
  vw_line(w, "output wire done_o");
  vw_close(w, ");");
  w->indent = 1;
  vw_line(w, "reg %s%s;", range(r, sizeof r, in_bits), vw_ident(w, "in_q"));
  vw_line(w, "reg %s%s;", range(r, sizeof r, out_bits), vw_ident(w, "out_q"));
  vw_line(w, "wire %s%s;", range(r, sizeof r, l->cycle_width), vw_ident(w, "rom_addr"));
  vw_line(w, "wire %s%s;", range(r, sizeof r, l->word_width), vw_ident(w, "rom_data"));
  vw_line(w, "wire %s%s;", range(r, sizeof r, p), vw_ident(w, "tx_valid"));
  vw_line(w, "wire %s%s;", range(r, sizeof r, p * fw), vw_ident(w, "tx_flit"));
  vw_line(w, "wire %s%s;", range(r, sizeof r, p), vw_ident(w, "inj_req"));
  vw_line(w, "wire %s%s;", range(r, sizeof r, p * (aw + 1)), vw_ident(w, "inj_dest"));
  vw_line(w, "wire %s%s;", range(r, sizeof r, p), vw_ident(w, "dlv_valid"));
  vw_line(w, "wire %s%s;", range(r, sizeof r, p * fw), vw_ident(w, "dlv_flit"));
  vw_line(w, "wire %s;", vw_ident(w, "err"));
  vw_blank(w);
  vw_open(w, "always @(posedge clk_i) begin");
  vw_line(w, "in_q <= {in_q[%d:0], sin_i};", in_bits - 2);
  vw_line(w, "out_q <= load_i ? {err, tx_valid, tx_flit, inj_req, inj_dest, dlv_valid, dlv_flit} : {out_q[%d:0], 1'b0};",
          out_bits - 2);
  vw_close(w, "end");
  vw_line(w, "assign sout_o = out_q[%d];", out_bits - 1);
  vw_blank(w);
  rom_file_name(f, 0, file, sizeof file);
  vw_line(w, "%s #(.FILE(\"%s\")) %s (%s.addr_i(rom_addr), .data_o(rom_data));", ROM_MODULE, file, vw_ident(w, "u_rom"),
          l->arch == IR_ARCH_BANKED ? ".clk_i(clk_i), " : "");
  vw_open(w, "%s %s (", ROUTER_MODULE, vw_ident(w, "u_router"));
  vw_line(w, ".clk_i(clk_i),");
  vw_line(w, ".rst_ni(rst_ni),");
  vw_line(w, ".start_i(start_i),");
  vw_line(w, ".node_id_i(%d'd0),", aw);
  vw_line(w, ".done_o(done_o),");
  vw_line(w, ".err_o(err),");
  vw_line(w, ".rom_addr_o(rom_addr),");
  vw_line(w, ".rom_data_i(rom_data),");
  vw_line(w, ".tx_valid_o(tx_valid),");
  vw_line(w, ".tx_flit_o(tx_flit),");
  vw_line(w, ".rx_valid_i(in_q[%d:0]),", p - 1);
  vw_line(w, ".rx_flit_i(in_q[%d:%d]),", p + p * fw - 1, p);
  vw_line(w, ".inj_req_o(inj_req),");
  vw_line(w, ".inj_dest_o(inj_dest),");
  vw_line(w, ".inj_flit_i(in_q[%d:%d]),", in_bits - 1, p + p * fw);
  vw_line(w, ".dlv_valid_o(dlv_valid),");
  vw_line(w, ".dlv_flit_o(dlv_flit)");
  vw_close(w, ");");
  w->indent = 0;
  vw_blank(w);
  vw_line(w, "endmodule");
}
