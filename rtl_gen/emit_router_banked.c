/* emit_router_banked.c — the banked router (IR_ARCH_BANKED, see ir.h and layout.h).
 *
 * Cycle r of a run (r = 1..slots+1) reads ROM word r from the synchronous ROM. At its end:
 * each output register takes slot r's flit (own packet, receive wire, delay register or a
 * bank's read register); each delay register takes its wire; each bank writes what a
 * receive port got in slot r-1 and reads the entry slot r+1 needs. During cycle r the wires
 * carry slot r-1, which is checked against `expect` and handed to the local port. */
#include <stdio.h>

#include "emit_verilog.h"

/* A ROM word field, and lane q of a per-port flit bus. */
static const char *bits(char *buf, size_t len, const char *sig, field f) { return slice(buf, len, sig, f.lsb, f.width); }
static const char *lane(char *buf, size_t len, const char *sig, int q, int fw) { return slice(buf, len, sig, q * fw, fw); }

/* The expression of source i of port p. */
static const char *source(char *buf, size_t len, const rom_layout *l, int p, int i) {
  uint8_t kind = l->src[p].kind[i], arg = l->src[p].arg[i];
  if (kind == IR_SRC_LOCAL) return lane(buf, len, "inj_flit_i", p, l->flit_width);
  if (kind == IR_SRC_RX) return lane(buf, len, "rx_flit_i", arg, l->flit_width);
  if (kind == IR_SRC_RXD) snprintf(buf, len, "rxd%d_q", arg);
  else snprintf(buf, len, "bank_p%d_%d_rd_q", p, arg);
  return buf;
}

static void emit_ports(vwriter *w, const rom_layout *l) {
  int p = l->ports, fw = l->flit_width, aw = l->id_width;
  vw_open(w, "module %s (", ROUTER_MODULE);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,");
  vw_line(w, "input  wire start_i,  // while idle: run the schedule");
  vw_line(w, "input  wire [%d:0] node_id_i,  // this router's node id", aw - 1);
  vw_line(w, "output wire done_o,  // from the end of a run until the next start");
  vw_line(w, "output wire err_o,  // a port received when the schedule said nothing would come, or vice versa");
  vw_line(w, "// schedule ROM (synchronous read: word r is on rom_data_i during cycle r)");
  vw_line(w, "output wire [%d:0] rom_addr_o,", l->cycle_width - 1);
  vw_line(w, "input  wire [%d:0] rom_data_i,", l->word_width - 1);
  vw_line(w, "// links: lane p (bits [p*%d +: %d]) is port p; outputs are registers", fw, fw);
  vw_line(w, "output wire [%d:0] tx_valid_o,", p - 1);
  vw_line(w, "output wire [%d:0] tx_flit_o,", p * fw - 1);
  vw_line(w, "input  wire [%d:0] rx_valid_i,", p - 1);
  vw_line(w, "input  wire [%d:0] rx_flit_i,", p * fw - 1);
  vw_line(w, "// local port: own packets (requested a cycle ahead) and deliveries, one lane per port");
  vw_line(w, "output wire [%d:0] inj_req_o,", p - 1);
  vw_line(w, "output wire [%d:0] inj_dest_o,  // lane p: {broadcast, destination id}", p * (aw + 1) - 1);
  vw_line(w, "input  wire [%d:0] inj_flit_i,", p * fw - 1);
  vw_line(w, "output wire [%d:0] dlv_valid_o,", p - 1);
  vw_line(w, "output wire [%d:0] dlv_flit_o", p * fw - 1);
  vw_close(w, ");");
}

static void emit_control(vwriter *w, const ir_fabric *f, const rom_layout *l) {
  int cw = l->cycle_width;
  char a[64], b[64];
  vw_blank(w);
  vw_line(w, "// cycle counter: 0 idle, 1..%u running; the ROM address runs one ahead", (unsigned)f->cycles);
  vw_line(w, "localparam [%d:0] %s = %d'd%u;", cw - 1, vw_ident(w, "LastCycle"), cw, (unsigned)f->cycles);
  vw_line(w, "reg [%d:0] %s;", cw - 1, vw_ident(w, "cyc_q"));
  vw_line(w, "reg %s;", vw_ident(w, "done_q"));
  vw_line(w, "reg %s;", vw_ident(w, "err_q"));
  vw_line(w, "wire %s = (cyc_q == %d'd0);", vw_ident(w, "idle"), cw);
  vw_line(w, "wire %s = !idle;", vw_ident(w, "running"));
  vw_line(w, "wire [%d:0] %s = idle ? {%d'd0, start_i} : (cyc_q == LastCycle ? %d'd0 : cyc_q + %d'd1);", cw - 1,
          vw_ident(w, "cyc_d"), cw - 1, cw, cw);
  vw_line(w, "assign rom_addr_o = cyc_d;");
  vw_raw(w, "  wire %s = running & (", vw_ident(w, "mismatch"));
  for (int q = 0; q < l->ports; q++)
    vw_raw(w, "%s(rx_valid_i[%d] != %s)", q ? " | " : "", q, bits(a, sizeof a, "rom_data_i", l->expect[q]));
  vw_raw(w, ");\n");
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_open(w, "if (!rst_ni) begin");
  vw_line(w, "cyc_q <= %d'd0;", cw);
  vw_line(w, "done_q <= 1'b0;");
  vw_line(w, "err_q <= 1'b0;");
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "cyc_q <= cyc_d;");
  vw_line(w, "if (idle && start_i) done_q <= 1'b0;");
  vw_line(w, "else if (cyc_q == LastCycle) done_q <= 1'b1;");
  vw_line(w, "if (idle && start_i) err_q <= 1'b0;");
  vw_line(w, "else if (mismatch) err_q <= 1'b1;");
  vw_close(w, "end");
  vw_close(w, "end");
  vw_line(w, "assign done_o = done_q;");
  vw_line(w, "assign err_o = err_q;");
  /* requests and deliveries straight from the ROM word */
  vw_raw(w, "  assign inj_req_o = {");
  for (int p = l->ports - 1; p >= 0; p--)
    vw_raw(w, "%s%s", p == l->ports - 1 ? "" : ", ", l->req[p].width ? bits(a, sizeof a, "rom_data_i", l->req[p]) : "1'b0");
  vw_raw(w, "};\n");
  vw_raw(w, "  assign inj_dest_o = {");
  for (int p = l->ports - 1; p >= 0; p--) {
    const char *sep = p == l->ports - 1 ? "" : ", ";
    if (l->req[p].width)
      vw_raw(w, "%s%s, %s ^ node_id_i", sep, bits(a, sizeof a, "rom_data_i", l->req_bcast[p]),
             bits(b, sizeof b, "rom_data_i", l->req_dest[p]));
    else
      vw_raw(w, "%s1'b0, node_id_i", sep);
  }
  vw_raw(w, "};\n");
  vw_raw(w, "  assign dlv_valid_o = {");
  for (int p = l->ports - 1; p >= 0; p--)
    vw_raw(w, "%srunning & %s", p == l->ports - 1 ? "" : ", ", bits(a, sizeof a, "rom_data_i", l->deliver[p]));
  vw_raw(w, "};\n");
  vw_line(w, "assign dlv_flit_o = rx_flit_i;  // a delivery is the flit on the wire in that cycle");
}

static void emit_delays_and_banks(vwriter *w, const rom_layout *l) {
  int fw = l->flit_width;
  char a[64], b[64];
  if (l->delayed_lanes) {
    vw_blank(w);
    vw_line(w, "// delay registers: what a port received one slot earlier (sent two slots after arrival)");
    for (int q = 0; q < l->ports; q++)
      if (l->delayed_lanes >> q & 1) vw_line(w, "reg [%d:0] %s;", fw - 1, vw_ident(w, "rxd%d_q", q));
    vw_open(w, "always @(posedge clk_i) begin");
    for (int q = 0; q < l->ports; q++)
      if (l->delayed_lanes >> q & 1) vw_line(w, "rxd%d_q <= %s;", q, lane(a, sizeof a, "rx_flit_i", q, fw));
    vw_close(w, "end");
  }
  for (int p = 0; p < l->ports; p++)
    for (int k = 0; k < l->subbanks[p]; k++) {
      const bank_fields *bf = &l->bank[p][k];
      vw_blank(w);
      vw_line(w, "// bank %d of port %d: packets port %d sends three or more slots after their arrival", k, p, p);
      const char *mem = vw_ident(w, "bank_p%d_%d_q", p, k), *rd = vw_ident(w, "bank_p%d_%d_rd_q", p, k);
      const char *wd = vw_ident(w, "bank_p%d_%d_wdata", p, k);
      vw_line(w, "%sreg [%d:0] %s [0:%d];", bf->block_ram ? "(* ram_style = \"block\" *) " : "", fw - 1, mem,
              bf->entries - 1);
      vw_line(w, "reg [%d:0] %s;", fw - 1, rd);
      if (bf->nlanes == 1) {
        vw_line(w, "wire [%d:0] %s = %s;", fw - 1, wd, lane(a, sizeof a, "rx_flit_i", bf->lane[0], fw));
      } else {
        vw_line(w, "reg [%d:0] %s;", fw - 1, wd);
        vw_open(w, "always @(*) begin");
        vw_open(w, "case (%s)", bits(a, sizeof a, "rom_data_i", bf->wlane));
        for (int i = 0; i + 1 < bf->nlanes; i++)
          vw_line(w, "%d'd%d: %s = %s;", bf->wlane.width, i, wd, lane(b, sizeof b, "rx_flit_i", bf->lane[i], fw));
        vw_line(w, "default: %s = %s;", wd, lane(b, sizeof b, "rx_flit_i", bf->lane[bf->nlanes - 1], fw));
        vw_close(w, "endcase");
        vw_close(w, "end");
      }
      vw_open(w, "always @(posedge clk_i) begin");
      vw_line(w, "if (running && %s) %s[%s] <= %s;", bits(a, sizeof a, "rom_data_i", bf->we), mem,
              bits(b, sizeof b, "rom_data_i", bf->waddr), wd);
      vw_line(w, "%s <= %s[%s];", rd, mem, bits(a, sizeof a, "rom_data_i", bf->raddr));
      vw_close(w, "end");
    }
}

static void emit_outputs(vwriter *w, const rom_layout *l) {
  int fw = l->flit_width;
  char a[64], b[64];
  for (int p = 0; p < l->ports; p++) {
    const port_sources *s = &l->src[p];
    vw_blank(w);
    const char *q = vw_ident(w, "tx%d_q", p), *v = vw_ident(w, "tx%d_valid_q", p);
    vw_line(w, "// port %d: %d source%s", p, s->count, s->count == 1 ? "" : "s");
    vw_line(w, "reg [%d:0] %s;", fw - 1, q);
    vw_line(w, "reg %s;", v);
    if (!s->count) { /* a port the schedule never uses */
      vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
      vw_line(w, "if (!rst_ni) %s <= 1'b0;", v);
      vw_line(w, "else %s <= 1'b0;", v);
      vw_close(w, "end");
      vw_line(w, "always @(posedge clk_i) %s <= %d'd0;", q, fw);
      continue;
    }
    const char *sel = bits(b, sizeof b, "rom_data_i", l->sel[p]);
    vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
    vw_line(w, "if (!rst_ni) %s <= 1'b0;", v);
    vw_line(w, "else %s <= running && (%s != %d'd0);", v, sel, l->sel[p].width);
    vw_close(w, "end");
    vw_open(w, "always @(posedge clk_i) begin");
    if (s->count == 1) {
      vw_line(w, "if (%s != %d'd0) %s <= %s;", sel, l->sel[p].width, q, source(a, sizeof a, l, p, 0));
    } else {
      vw_open(w, "case (%s)", sel);
      for (int i = 0; i + 1 < s->count; i++) vw_line(w, "%d'd%d: %s <= %s;", l->sel[p].width, i + 1, q, source(a, sizeof a, l, p, i));
      vw_line(w, "%d'd%d: %s <= %s;", l->sel[p].width, s->count, q, source(a, sizeof a, l, p, s->count - 1));
      vw_line(w, "default: %s <= %s;", q, q);
      vw_close(w, "endcase");
    }
    vw_close(w, "end");
  }
  vw_blank(w);
  vw_raw(w, "  assign tx_valid_o = {");
  for (int p = l->ports - 1; p >= 0; p--) vw_raw(w, "%stx%d_valid_q", p == l->ports - 1 ? "" : ", ", p);
  vw_raw(w, "};\n");
  vw_raw(w, "  assign tx_flit_o = {");
  for (int p = l->ports - 1; p >= 0; p--) vw_raw(w, "%stx%d_q", p == l->ports - 1 ? "" : ", ", p);
  vw_raw(w, "};\n");
}

void emit_router_banked(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l) {
  emit_router_header(w, header, f, l, "Banked");
  vw_line(w, "// ROM word r: slot r's transmissions, slot r+1's requests and bank reads, and what becomes");
  vw_line(w, "// of slot r-1's receptions. Banks: per output port, read by that port only, written at most");
  vw_line(w, "// once per cycle, synchronous read (block RAM where it pays).");
  emit_ports(w, l);
  w->indent = 1;
  emit_control(w, f, l);
  emit_delays_and_banks(w, l);
  emit_outputs(w, l);
  w->indent = 0;
  vw_blank(w);
  vw_line(w, "endmodule");
}
