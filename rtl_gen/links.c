/* links.c — the link styles of the fabric (see links.h). */
#include "links.h"

#include <stdio.h>

typedef struct {
  const char *module_stem; /* the link module's (names.h); NULL: the link is wires */
  /* the flit lane p of u receives from its live neighbour v on v's lane back */
  void (*rx_flit)(char *buf, size_t len, uint32_t u, int p, int32_t v, int back);
  const char *rx_valid; /* the valid bit's net, of v and back; NULL: the far lane's output */
  /* the flit that leaves lane p of u over a live link */
  void (*monitor)(char *buf, size_t len, uint32_t u, int p, int32_t v, int back);
  void (*emit_module)(vwriter *w, const fabric_desc *fd, const router_shape *s);
  void (*emit_comment)(vwriter *w, const fabric_desc *fd); /* the line above the instances */
  void (*emit_instance)(vwriter *w, uint32_t u, int p, int32_t v, int back, const router_shape *s);
} link_ops;

/* ---- directed: a wire per direction ---- */

static void directed_rx_flit(char *buf, size_t len, uint32_t u, int p, int32_t v, int back) {
  (void)u, (void)p;
  snprintf(buf, len, "l%d_%d_flit", (int)v, back);
}

static void directed_monitor(char *buf, size_t len, uint32_t u, int p, int32_t v, int back) {
  (void)v, (void)back;
  snprintf(buf, len, "l%u_%d_flit", (unsigned)u, p);
}

/* ---- oneway: a channel per undirected link ---- */

/* The channel of the link between lane p of u and lane back of v: named after the end with
 * the smaller node id. */
static void channel(char *buf, size_t len, uint32_t u, int p, int32_t v, int back) {
  if (u < (uint32_t)v) snprintf(buf, len, "c%u_%d_flit", (unsigned)u, p);
  else snprintf(buf, len, "c%d_%d_flit", (int)v, back);
}

static void oneway_emit_module(vwriter *w, const fabric_desc *fd, const router_shape *s) {
  char r[32];
  (void)fd;
  vw_line(w, "// One-way link: one flit channel between lane a of one router and lane b of another, in");
  vw_line(w, "// either direction slot by slot. Each end's tx valid bit is a register its ROM sets: the");
  vw_line(w, "// direction bit. The channel is an AND-OR of the two registered outputs (no tri-state):");
  vw_line(w, "// the sending end's flit, zero when idle. Each end receives the other end's valid bit and");
  vw_line(w, "// the channel, so if both send in one slot both routers receive in a slot their ROM says");
  vw_line(w, "// they send in, and raise err_o; if one sends while the other does not expect it, or one");
  vw_line(w, "// expects while the other does not send, the receiving router's expect check fires.");
  vw_open(w, "module %s (", LINK_MODULE);
  vw_line(w, "input  wire a_valid_i,");
  vw_line(w, "input  wire %sa_flit_i,", vector_range(r, sizeof r, s->flit_width));
  vw_line(w, "input  wire b_valid_i,");
  vw_line(w, "input  wire %sb_flit_i,", vector_range(r, sizeof r, s->flit_width));
  vw_line(w, "output wire %sflit_o  // the channel", vector_range(r, sizeof r, s->flit_width));
  vw_close(w, ");");
  w->indent = 1;
  vw_line(w, "assign flit_o = ({%d{a_valid_i}} & a_flit_i) | ({%d{b_valid_i}} & b_flit_i);", s->flit_width, s->flit_width);
}

static void oneway_emit_comment(vwriter *w, const fabric_desc *fd) {
  (void)fd;
  vw_line(w, "// the links: one channel per undirected link, c<u>_<p>_flit for lane p of the end u with the smaller id");
}

static void oneway_emit_instance(vwriter *w, uint32_t u, int p, int32_t v, int back, const router_shape *s) {
  char r[32], c[48];
  if (u > (uint32_t)v) return; /* one instance per link, at the end with the smaller id */
  channel(c, sizeof c, u, p, v, back);
  vw_line(w, "wire %s%s;", vector_range(r, sizeof r, s->flit_width), vw_ident(w, "%s", c));
  vw_line(w, "%s %s (.a_valid_i(l%u_%d_valid), .a_flit_i(l%u_%d_flit), .b_valid_i(l%d_%d_valid), .b_flit_i(l%d_%d_flit), "
             ".flit_o(%s));",
          LINK_MODULE, vw_ident(w, "u_link_n%u_%d", (unsigned)u, p), (unsigned)u, p, (unsigned)u, p, (int)v, back, (int)v,
          back, c);
}

/* ---- pipelined: a wire per direction through link_delay - 1 registers ---- */

static void pipelined_rx_flit(char *buf, size_t len, uint32_t u, int p, int32_t v, int back) {
  (void)u, (void)p;
  snprintf(buf, len, "d%d_%d_flit", (int)v, back);
}

static void pipelined_emit_module(vwriter *w, const fabric_desc *fd, const router_shape *s) {
  char r[32];
  int stages = fd->link_delay - 1;
  vw_line(w, "// Pipelined link (rtl_gen --link-delay %d): what one lane sends, through %d register stage%s to", fd->link_delay,
          stages, stages == 1 ? "" : "s");
  vw_line(w, "// the far lane, so that a long or chip-to-chip link is register to register in every cycle. The");
  vw_line(w, "// stages move every cycle, the routers once a slot (slot_en_i): a slot lasts %d cycles, and a flit", fd->link_delay);
  vw_line(w, "// sent in slot s reaches the far router in the last cycle of slot s+1, as on a one-register link.");
  vw_open(w, "module %s (", LINK_MODULE);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,  // asynchronous, active low: no valid bit in flight");
  vw_line(w, "input  wire valid_i,");
  vw_line(w, "input  wire %sflit_i,", vector_range(r, sizeof r, s->flit_width));
  vw_line(w, "output wire valid_o,");
  vw_line(w, "output wire %sflit_o", vector_range(r, sizeof r, s->flit_width));
  vw_close(w, ");");
  w->indent = 1;
  for (int k = 1; k <= stages; k++) {
    vw_line(w, "reg %s;", vw_ident(w, "valid%d_q", k));
    vw_line(w, "reg %s%s;", vector_range(r, sizeof r, s->flit_width), vw_ident(w, "flit%d_q", k));
  }
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_open(w, "if (!rst_ni) begin");
  for (int k = 1; k <= stages; k++) vw_line(w, "valid%d_q <= 1'b0;", k);
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "valid1_q <= valid_i;");
  for (int k = 2; k <= stages; k++) vw_line(w, "valid%d_q <= valid%d_q;", k, k - 1);
  vw_close(w, "end");
  vw_close(w, "end");
  vw_open(w, "always @(posedge clk_i) begin");
  vw_line(w, "flit1_q <= flit_i;");
  for (int k = 2; k <= stages; k++) vw_line(w, "flit%d_q <= flit%d_q;", k, k - 1);
  vw_close(w, "end");
  vw_line(w, "assign valid_o = valid%d_q;", stages);
  vw_line(w, "assign flit_o = flit%d_q;", stages);
}

static void pipelined_emit_comment(vwriter *w, const fabric_desc *fd) {
  vw_line(w, "// the links: lane p of node u through %d register stage%s, d<u>_<p>_* at the far end", fd->link_delay - 1,
          fd->link_delay == 2 ? "" : "s");
}

static void pipelined_emit_instance(vwriter *w, uint32_t u, int p, int32_t v, int back, const router_shape *s) {
  char r[32];
  (void)v, (void)back;
  vw_line(w, "wire %s;", vw_ident(w, "d%u_%d_valid", (unsigned)u, p));
  vw_line(w, "wire %s%s;", vector_range(r, sizeof r, s->flit_width), vw_ident(w, "d%u_%d_flit", (unsigned)u, p));
  vw_line(w, "%s %s (.clk_i(clk_i), .rst_ni(rst_ni), .valid_i(l%u_%d_valid), .flit_i(l%u_%d_flit), .valid_o(d%u_%d_valid), "
             ".flit_o(d%u_%d_flit));",
          LINK_MODULE, vw_ident(w, "u_link_n%u_%d", (unsigned)u, p), (unsigned)u, p, (unsigned)u, p, (unsigned)u, p,
          (unsigned)u, p);
}

static const link_ops styles[LINKS_COUNT] = {
    [LINKS_DIRECTED] = {.module_stem = NULL, .rx_flit = directed_rx_flit, .monitor = directed_monitor},
    [LINKS_ONEWAY] = {.module_stem = LINK_STEM, .rx_flit = channel, .monitor = channel, .emit_module = oneway_emit_module,
                      .emit_comment = oneway_emit_comment, .emit_instance = oneway_emit_instance},
    [LINKS_PIPELINED] = {.module_stem = LINK_STEM, .rx_flit = pipelined_rx_flit, .rx_valid = "d%d_%d_valid",
                         .monitor = directed_monitor, .emit_module = pipelined_emit_module,
                         .emit_comment = pipelined_emit_comment, .emit_instance = pipelined_emit_instance},
};

static const link_ops *ops(const fabric_desc *fd) { return &styles[fd->links]; }

const char *link_rx_net(char *buf, size_t len, const fabric_desc *fd, uint32_t u, int p, bool flit, int flit_width) {
  size_t at = (size_t)u * fd->ports + p;
  int32_t v = fd->neighbor[at];
  int back = fd->back[at];
  if (v < 0) snprintf(buf, len, flit ? "%d'd0" : "1'b0", flit_width); /* leads nowhere: nothing comes */
  else if (!flit) snprintf(buf, len, ops(fd)->rx_valid ? ops(fd)->rx_valid : "l%d_%d_valid", (int)v, back); /* the far end's */
  else ops(fd)->rx_flit(buf, len, u, p, v, back);
  return buf;
}

const char *link_monitor_flit(char *buf, size_t len, const fabric_desc *fd, uint32_t u, int p) {
  size_t at = (size_t)u * fd->ports + p;
  int32_t v = fd->neighbor[at];
  if (v < 0) directed_monitor(buf, len, u, p, v, 0); /* no link: the lane's own output */
  else ops(fd)->monitor(buf, len, u, p, v, fd->back[at]);
  return buf;
}

bool link_monitor_is_channel(const fabric_desc *fd) { return ops(fd)->monitor != directed_monitor; }

const char *link_module(const fabric_desc *fd) { return ops(fd)->module_stem ? module_name(ops(fd)->module_stem) : NULL; }

void emit_link_module(vwriter *w, const char *header, const fabric_desc *fd, const router_shape *s) {
  if (!ops(fd)->emit_module) return;
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  ops(fd)->emit_module(w, fd, s);
  emit_endmodule(w);
}

void emit_link_instances(vwriter *w, const fabric_desc *fd, const router_shape *s) {
  if (!ops(fd)->emit_instance) return;
  vw_blank(w);
  ops(fd)->emit_comment(w, fd);
  for (uint32_t u = 0; u < fd->nodes; u++)
    for (int p = 0; p < fd->ports; p++) {
      int32_t v = fd->neighbor[(size_t)u * fd->ports + p];
      if (v >= 0) ops(fd)->emit_instance(w, u, p, v, fd->back[(size_t)u * fd->ports + p], s);
    }
}
