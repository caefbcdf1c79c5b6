/* emit_router.c — prints romnoc_kbrt_router, the run-time active-set router of paper 001's
 * kbcast (design.h; docs/ARCHITECTURE.md "kbcast run-time router"). One module for every node:
 * what differs per node is the configuration word cfg_i (trees.h), a constant in the fabric. */
#include <stdio.h>

#include "design.h"

#define RTL_KBRT_ARRIVALS (KBRT_MAX_DIM + 1)

/* a sized decimal literal "W'dV" into buf */
static const char *lit(char *buf, size_t len, int width, uint32_t v) {
  snprintf(buf, len, "%d'd%u", width, (unsigned)v);
  return buf;
}

static void endmodule(vwriter *w) {
  w->indent = 0;
  vw_blank(w);
  vw_line(w, "endmodule");
}

static void emit_ports(vwriter *w, const kbrt_design *k) {
  int d = k->d;
  vw_open(w, "module %s (", KBRT_ROUTER);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,  // asynchronous, active low");
  vw_line(w, "input  wire start_i,  // while idle: sample bcast_i and run");
  vw_line(w, "output wire done_o,  // from the end of a run until the next start");
  vw_line(w, "output wire err_o,  // a FIFO would overflow, or traffic the protocol rules out");
  vw_line(w, "input  wire [%d:0] cfg_i,  // this node's tables (constant; layout in the comment below)", k->cfg_width - 1);
  vw_line(w, "input  wire bcast_i,  // this node broadcasts one packet in the run");
  vw_line(w, "output wire inj_req_o,  // local port: the own packet, in the next cycle");
  vw_line(w, "input  wire [%d:0] inj_flit_i,  // {origin, payload}", k->packet_width - 1);
  for (int p = 0; p < d; p++) {
    vw_line(w, "// lane %d: the link of dimension %d and its deliveries", p, p + 1);
    vw_line(w, "output wire tx%d_valid_o,", p);
    vw_line(w, "output wire [%d:0] tx%d_flit_o,", k->flit_width - 1, p);
    vw_line(w, "input  wire rx%d_valid_i,", p);
    vw_line(w, "input  wire [%d:0] rx%d_flit_i,", k->flit_width - 1, p);
    vw_line(w, "output wire dlv%d_valid_o,", p);
    vw_line(w, "output wire [%d:0] dlv%d_flit_o%s", k->packet_width - 1, p, p + 1 < d ? "," : "");
  }
  vw_close(w, ");");
}

/* the configuration word's fields as named wires */
static void emit_config(vwriter *w, const kbrt_design *k) {
  int d = k->d, pw = k->port_width;
  vw_line(w, "// cfg_i: node[%d:%d] lvl[%d:%d] root[%d] own[%d:%d] in_v[%d:%d] in[%d:%d] p3_v[%d:%d] p3[%d:%d] "
          "mask[%d:%d]", k->f_node + d - 1, k->f_node, k->f_lvl + k->lvl_width - 1, k->f_lvl, k->f_root,
          k->f_own + d * pw - 1, k->f_own, k->f_inv + d - 1, k->f_inv, k->f_in + d * pw - 1, k->f_in,
          k->f_p3v + d - 1, k->f_p3v, k->f_p3 + d * pw - 1, k->f_p3, k->f_mask + d * d - 1, k->f_mask);
  vw_line(w, "wire [%d:0] node = cfg_i[%d:%d];  // this node's id", d - 1, k->f_node + d - 1, k->f_node);
  vw_line(w, "wire [%d:0] lvl = cfg_i[%d:%d];  // trailing zeros of node (d for node 0): its prefix-sweep role",
          k->lvl_width - 1, k->f_lvl + k->lvl_width - 1, k->f_lvl);
  vw_line(w, "wire is_root = cfg_i[%d];  // node = e_j: FIFO lvl (= j-1) is its root list", k->f_root);
  vw_line(w, "wire [%d:0] own_tab = cfg_i[%d:%d];  // tree j-1: the FIFO of the own packet if j(node) = j",
          d * pw - 1, k->f_own + d * pw - 1, k->f_own);
  for (int p = 0; p < d; p++) {
    vw_line(w, "wire in%d_v = cfg_i[%d];  // phase 2: a packet arriving on lane %d joins FIFO in%d_f", p, k->f_inv + p, p, p);
    vw_line(w, "wire [%d:0] in%d_f = cfg_i[%d:%d];", pw - 1, p, k->f_in + (p + 1) * pw - 1, k->f_in + p * pw);
    vw_line(w, "wire p3%d_v = cfg_i[%d];  // phase 3: lane %d repeats the word lane p3%d_s receives", p, k->f_p3v + p, p, p);
    vw_line(w, "wire [%d:0] p3%d_s = cfg_i[%d:%d];", pw - 1, p, k->f_p3 + (p + 1) * pw - 1, k->f_p3 + p * pw);
    vw_line(w, "wire [%d:0] mask%d = cfg_i[%d:%d];  // a phase-3 word on lane %d is new iff (origin ^ node) & mask%d",
            d - 1, p, k->f_mask + (p + 1) * d - 1, k->f_mask + p * d, p, p);
  }
}

/* tree_of(v) = v mod d (the tree of rank v+1), p3_of(K) = 3d+1+ceil(K/d) (phase 3's first slot):
 * tables, since d need not be a power of two */
static void emit_functions(vwriter *w, const kbrt_design *k) {
  char a[32], b[32];
  int d = k->d, cw = k->count_width;
  vw_open(w, "function automatic [%d:0] tree_of;  // v mod d: j(x) - 1 for v = r_x - 1", k->port_width - 1);
  vw_line(w, "input [%d:0] v;", cw - 1);
  vw_open(w, "begin");
  vw_open(w, "case (v)");
  for (uint32_t v = 0; v < k->nodes; v++)
    vw_line(w, "%s: tree_of = %s;", lit(a, sizeof a, cw, v), lit(b, sizeof b, k->port_width, v % (uint32_t)d));
  vw_line(w, "default: tree_of = %s;", lit(b, sizeof b, k->port_width, 0));
  vw_close(w, "endcase");
  vw_close(w, "end");
  vw_close(w, "endfunction");
  vw_open(w, "function automatic [%d:0] p3_of;  // 2d+2 + ceil(K/d)+d-1: phase 3's first slot", k->cycle_width - 1);
  vw_line(w, "input [%d:0] kk;", cw - 1);
  vw_open(w, "begin");
  vw_open(w, "case (kk)");
  for (uint32_t v = 0; v <= k->nodes; v++)
    vw_line(w, "%s: p3_of = %s;", lit(a, sizeof a, cw, v),
            lit(b, sizeof b, k->cycle_width, 3 * (uint32_t)d + 1 + kbrt_ceil_div(v, (uint32_t)d)));
  vw_line(w, "default: p3_of = %s;", lit(b, sizeof b, k->cycle_width, 3 * (uint32_t)d + 1));
  vw_close(w, "endcase");
  vw_close(w, "end");
  vw_close(w, "endfunction");
}

/* one FIFO q: the stored packets, the arrivals of the cycle in the contract's order (own packet,
 * then lanes 0..d-1), the head that leaves, overflow */
static void emit_fifo(vwriter *w, const kbrt_design *k, int q) {
  char a[32], b[32];
  int d = k->d, F = k->fifo_depth, PW = k->packet_width, tw = k->fifo_count_width + 2;
  while ((1 << tw) < F + d + 2) tw++;
  vw_line(w, "// FIFO %d: packets waiting for lane %d (phase 2), or the root list where lvl = %d", q, q, q);
  vw_line(w, "reg [%d:0] f%d_q;  // %d entries, the head at the bottom", F * PW - 1, q, F);
  vw_line(w, "reg [%d:0] f%d_c_q;  // entries held", k->fifo_count_width - 1, q);
  vw_line(w, "wire f%d_list = is_root & (lvl == %s);", q, lit(a, sizeof a, k->lvl_width, (uint32_t)q));
  vw_line(w, "wire f%d_own = own_v & (ownf_q == %s);", q, lit(a, sizeof a, k->port_width, (uint32_t)q));
  for (int p = 0; p < d; p++)
    vw_line(w, "wire f%d_a%d = rx%d_up & in%d_v & (in%d_f == %s);", q, p, p, p, p, lit(a, sizeof a, k->port_width, (uint32_t)q));
  /* arrival i (own = 0, lane p = p+1) lands at entry pos_i = held + earlier arrivals; entry e
   * of the extended queue is the held entry e, or the arrival that lands there (one of at most
   * d+1 comparators per entry: no variable shift) */
  char arr[RTL_KBRT_ARRIVALS][24], dat[RTL_KBRT_ARRIVALS][48];
  snprintf(arr[0], sizeof arr[0], "f%d_own", q);
  snprintf(dat[0], sizeof dat[0], "inj_flit_i");
  for (int p = 0; p < d; p++) {
    snprintf(arr[p + 1], sizeof arr[p + 1], "f%d_a%d", q, p);
    snprintf(dat[p + 1], sizeof dat[p + 1], "rx%d_flit_i[%d:0]", p, PW - 1);
  }
  vw_line(w, "wire [%d:0] f%d_pos0 = {%s, f%d_c_q};", tw - 1, q, lit(a, sizeof a, tw - k->fifo_count_width, 0), q);
  for (int i = 1; i <= d + 1; i++)
    vw_line(w, "wire [%d:0] f%d_pos%d = f%d_pos%d + {%s, %s};", tw - 1, q, i, q, i - 1, lit(a, sizeof a, tw - 1, 0), arr[i - 1]);
  vw_line(w, "wire [%d:0] f%d_tail = f%d_pos%d;", tw - 1, q, q, d + 1);
  for (int e = 0; e <= F; e++) {
    vw_raw(w, "  wire [%d:0] f%d_e%d = ", PW - 1, q, e);
    if (e < F) vw_raw(w, "(f%d_pos0 > %s) ? f%d_q[%d:%d] : ", q, lit(a, sizeof a, tw, (uint32_t)e), q, (e + 1) * PW - 1, e * PW);
    vw_raw(w, "(");
    for (int i = 0; i <= d; i++)
      vw_raw(w, "%s({%d{%s & (f%d_pos%d == %s)}} & %s)", i ? " | " : "", PW, arr[i], q, i,
             lit(b, sizeof b, tw, (uint32_t)e), dat[i]);
    vw_raw(w, ");\n");
  }
  vw_raw(w, "  wire [%d:0] f%d_ext = {", (F + 1) * PW - 1, q);
  for (int e = F; e >= 0; e--) vw_raw(w, "f%d_e%d%s", q, e, e ? ", " : "");
  vw_raw(w, "};\n");
  vw_line(w, "wire f%d_pop = (f%d_tail != %s) & (~f%d_list | p3_on);", q, q, lit(a, sizeof a, tw, 0), q);
  vw_line(w, "wire [%d:0] f%d_left = f%d_tail - {%s, f%d_pop};", tw - 1, q, q, lit(b, sizeof b, tw - 1, 0), q);
  vw_line(w, "wire [%d:0] f%d_d = f%d_pop ? f%d_ext[%d:%d] : f%d_ext[%d:0];", F * PW - 1, q, q, q, (F + 1) * PW - 1, PW, q,
          F * PW - 1);
  vw_line(w, "wire f%d_err = f%d_left > %s;  // more than F entries after the send: overflow", q, q,
          lit(a, sizeof a, tw, (uint32_t)F));
}

void kbrt_emit_router(vwriter *w, const char *header, const kbrt_design *k) {
  char a[32], b[32], c[32];
  int d = k->d, PW = k->packet_width, FW = k->flit_width, CW = k->count_width, TW = k->cycle_width;
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// The run-time active-set router of paper 001's K simultaneous broadcasts on hypercube:%d", d);
  vw_line(w, "// (docs/KBCAST.md, docs/ARCHITECTURE.md). No schedule ROM: a node learns whether it");
  vw_line(w, "// broadcasts from bcast_i at start; phase 1 computes the ranks with counters (slots 1..%d),", 2 * d + 1);
  vw_line(w, "// phase 2 gathers every packet to root e_j(x) through one FIFO per out-port, phase 3 repeats");
  vw_line(w, "// each root's list down its tree. Flits: {kind[1:0], origin[%d:0], payload[%d:0]}, kind 0", d - 1,
          k->payload_width - 1);
  vw_line(w, "// counter (value in the payload's low %d bits), 1 data up, 2 data down, 3 end (origin = the root).", CW);
  vw_line(w, "// Slot s is on the wires in cycle s+1 (registered outputs); FIFO depth %d (the bound of", k->fifo_depth);
  vw_line(w, "// trees.c over every node); a run of K broadcasts takes 2*ceil(K/%d)+%d+1 cycles.", d, 4 * d);
  emit_ports(w, k);
  w->indent = 1;
  emit_config(w, k);
  emit_functions(w, k);
  vw_blank(w);
  vw_line(w, "reg run_q, done_q, err_q, act_q, k_q, term_sent_q;");
  vw_line(w, "reg [%d:0] cyc_q;  // the slot this cycle decides (1.. from start)", TW - 1);
  vw_line(w, "reg [%d:0] p3_q;  // roots: phase 3's first slot, once K has arrived (k_q)", TW - 1);
  vw_line(w, "reg [%d:0] uacc_q, dacc_q;  // up-sweep count, down-sweep count", CW - 1);
  for (int p = 0; p < d; p++) vw_line(w, "reg [%d:0] upv%d_q;  // the count received on lane %d in up-sweep slot %d", CW - 1, p, p, p + 1);
  vw_line(w, "reg [%d:0] ownf_q;  // the FIFO of the own packet", k->port_width - 1);
  int tcw = 1;
  while ((1 << tcw) < d + 2) tcw++;
  vw_line(w, "reg [%d:0] terms_q;  // termination words received", tcw - 1);
  vw_blank(w);
  vw_line(w, "// receptions (slot cyc_q - 1)");
  for (int p = 0; p < d; p++) {
    vw_line(w, "wire [1:0] rx%d_kind = rx%d_flit_i[%d:%d];", p, p, FW - 1, FW - 2);
    vw_line(w, "wire rx%d_cnt = rx%d_valid_i & (rx%d_kind == 2'd%d);", p, p, p, KBRT_COUNTER);
    vw_line(w, "wire rx%d_up = rx%d_valid_i & (rx%d_kind == 2'd%d);", p, p, p, KBRT_DATA_UP);
    vw_line(w, "wire rx%d_p3 = rx%d_valid_i & rx%d_kind[1];  // data down or end", p, p, p);
    vw_line(w, "wire rx%d_end = rx%d_valid_i & (rx%d_kind == 2'd%d);", p, p, p, KBRT_END);
  }
  vw_raw(w, "  wire [%d:0] rxcnt = ", CW - 1);
  for (int p = 0; p < d; p++) vw_raw(w, "%s({%d{rx%d_cnt}} & rx%d_flit_i[%d:0])", p ? " | " : "", CW, p, p, CW - 1);
  vw_raw(w, ";  // at most one counter a slot\n");
  vw_blank(w);
  vw_line(w, "// phase 1: up-sweep slots 1..%d, down-sweep slots %d..%d, K to the roots in slot %d", d, d + 1, 2 * d, 2 * d + 1);
  vw_line(w, "wire in_up = run_q & (cyc_q >= %s) & (cyc_q <= %s);", lit(a, sizeof a, TW, 2), lit(b, sizeof b, TW, (uint32_t)d + 1));
  vw_line(w, "wire in_dn = run_q & (cyc_q >= %s) & (cyc_q <= %s);", lit(a, sizeof a, TW, (uint32_t)d + 2),
          lit(b, sizeof b, TW, 2 * (uint32_t)d + 1));
  vw_line(w, "wire [%d:0] up_now = uacc_q + (in_up ? rxcnt : %s);  // active nodes in [node, node + 2^lvl - 1]", CW - 1,
          lit(a, sizeof a, CW, 0));
  vw_line(w, "wire [%d:0] dcur = dacc_q + (in_dn ? rxcnt : %s);  // active nodes above the next send's range", CW - 1,
          lit(a, sizeof a, CW, 0));
  for (int p = 0; p < d; p++) {
    vw_line(w, "wire [%d:0] upv%d = (cyc_q == %s) ? rxcnt : upv%d_q;", CW - 1, p, lit(a, sizeof a, TW, (uint32_t)p + 2), p);
    vw_line(w, "wire up_send%d = run_q & (lvl == %s) & (cyc_q == %s);", p, lit(a, sizeof a, k->lvl_width, (uint32_t)p),
            lit(b, sizeof b, TW, (uint32_t)p + 1));
    vw_line(w, "wire dn_send%d = run_q & (lvl > %s) & (cyc_q == %s);", p, lit(a, sizeof a, k->lvl_width, (uint32_t)p),
            lit(b, sizeof b, TW, 2 * (uint32_t)d - (uint32_t)p));
  }
  vw_line(w, "wire k_send = run_q & (lvl == %s) & (cyc_q == %s);  // node 0 sends K on every lane",
          lit(a, sizeof a, k->lvl_width, (uint32_t)d), lit(b, sizeof b, TW, 2 * (uint32_t)d + 1));
  vw_raw(w, "  wire [%d:0] dn_add = ", CW - 1);
  for (int p = 0; p < d; p++) vw_raw(w, "%s({%d{dn_send%d}} & upv%d)", p ? " | " : "", CW, p, p);
  vw_raw(w, ";\n");
  vw_line(w, "wire [%d:0] own_tree = tree_of(dcur);  // in slot %d dcur = r_x - 1", k->port_width - 1, 2 * d + 1);
  vw_line(w, "wire [%d:0] own_fifo = own_tab[own_tree * %d +: %d];", k->port_width - 1, k->port_width, k->port_width);
  vw_line(w, "assign inj_req_o = run_q & act_q & (cyc_q == %s);", lit(a, sizeof a, TW, 2 * (uint32_t)d + 1));
  vw_line(w, "wire own_v = run_q & act_q & (cyc_q == %s);  // the own packet is on inj_flit_i",
          lit(a, sizeof a, TW, 2 * (uint32_t)d + 2));
  vw_line(w, "wire p3_on = run_q & is_root & k_q & (cyc_q >= p3_q);  // a root in phase 3");
  vw_blank(w);
  for (int q = 0; q < d; q++) {
    emit_fifo(w, k, q);
    vw_blank(w);
  }
  /* the root list: FIFO lvl of a root */
  vw_line(w, "// a root's list (FIFO lvl) in phase 3: its head on every lane, then the termination word");
  vw_raw(w, "  wire root_pop = ");
  for (int q = 0; q < d; q++) vw_raw(w, "%s(f%d_list & f%d_pop)", q ? " | " : "", q, q);
  vw_raw(w, ";\n");
  vw_raw(w, "  wire [%d:0] root_head = ", PW - 1);
  for (int q = 0; q < d; q++) vw_raw(w, "%s({%d{f%d_list}} & f%d_ext[%d:0])", q ? " | " : "", PW, q, q, PW - 1);
  vw_raw(w, ";\n");
  vw_line(w, "wire root_end = p3_on & ~root_pop & ~term_sent_q;");
  vw_blank(w);
  /* the output lanes */
  for (int q = 0; q < d; q++) {
    vw_line(w, "// lane %d", q);
    vw_line(w, "reg tx%d_valid_q;", q);
    vw_line(w, "reg [%d:0] tx%d_q;", FW - 1, q);
    vw_raw(w, "  wire [%d:0] p3in%d = ", FW - 1, q);
    for (int p = 0; p < d; p++)
      vw_raw(w, "%s({%d{p3%d_s == %s}} & rx%d_flit_i)", p ? " | " : "", FW, q, lit(a, sizeof a, k->port_width, (uint32_t)p), p);
    vw_raw(w, ";\n");
    vw_raw(w, "  wire p3fwd%d = run_q & p3%d_v & (", q, q);
    for (int p = 0; p < d; p++)
      vw_raw(w, "%s((p3%d_s == %s) & rx%d_p3)", p ? " | " : "", q, lit(a, sizeof a, k->port_width, (uint32_t)p), p);
    vw_raw(w, ");\n");
    vw_line(w, "wire fsend%d = f%d_pop & ~f%d_list;", q, q, q);
    vw_line(w, "wire [6:0] src%d = {up_send%d, dn_send%d, k_send, fsend%d, root_pop, root_end, p3fwd%d};", q, q, q, q, q);
    vw_line(w, "wire tx%d_next = |src%d;", q, q);
    vw_line(w, "wire tx%d_clash = (src%d & (src%d - 7'd1)) != 7'd0;  // two sources in one slot", q, q, q);
    vw_line(w, "reg [%d:0] tx%d_d;", FW - 1, q);
    vw_open(w, "always @* begin");
    vw_line(w, "tx%d_d = %s;", q, lit(a, sizeof a, FW, 0));
    const char *zero_id = lit(b, sizeof b, d, 0);
    char cnt_pad[32];
    lit(cnt_pad, sizeof cnt_pad, k->payload_width - CW, 0);
    if (k->payload_width > CW) {
      vw_line(w, "if (up_send%d) tx%d_d = {2'd%d, %s, %s, up_now};", q, q, KBRT_COUNTER, zero_id, cnt_pad);
      vw_line(w, "if (dn_send%d) tx%d_d = {2'd%d, %s, %s, dcur};", q, q, KBRT_COUNTER, zero_id, cnt_pad);
      vw_line(w, "if (k_send) tx%d_d = {2'd%d, %s, %s, uacc_q};", q, KBRT_COUNTER, zero_id, cnt_pad);
    } else {
      vw_line(w, "if (up_send%d) tx%d_d = {2'd%d, %s, up_now};", q, q, KBRT_COUNTER, zero_id);
      vw_line(w, "if (dn_send%d) tx%d_d = {2'd%d, %s, dcur};", q, q, KBRT_COUNTER, zero_id);
      vw_line(w, "if (k_send) tx%d_d = {2'd%d, %s, uacc_q};", q, KBRT_COUNTER, zero_id);
    }
    vw_line(w, "if (fsend%d) tx%d_d = {2'd%d, f%d_ext[%d:0]};", q, q, KBRT_DATA_UP, q, PW - 1);
    vw_line(w, "if (root_pop) tx%d_d = {2'd%d, root_head};", q, KBRT_DATA_DOWN);
    vw_line(w, "if (root_end) tx%d_d = {2'd%d, node, %s};", q, KBRT_END, lit(c, sizeof c, k->payload_width, 0));
    vw_line(w, "if (p3fwd%d) tx%d_d = p3in%d;", q, q, q);
    vw_close(w, "end");
    vw_line(w, "assign tx%d_valid_o = tx%d_valid_q;", q, q);
    vw_line(w, "assign tx%d_flit_o = tx%d_q;", q, q);
    vw_line(w, "assign dlv%d_valid_o = run_q & (rx%d_up | (rx%d_valid_i & (rx%d_kind == 2'd%d) & "
            "(((rx%d_flit_i[%d:%d] ^ node) & mask%d) != %s)));", q, q, q, q, KBRT_DATA_DOWN, q, PW - 1,
            k->payload_width, q, lit(a, sizeof a, d, 0));
    vw_line(w, "assign dlv%d_flit_o = rx%d_flit_i[%d:0];", q, q, PW - 1);
    vw_blank(w);
  }
  /* termination and errors */
  vw_raw(w, "  wire [%d:0] terms_d = terms_q", tcw - 1);
  for (int p = 0; p < d; p++) vw_raw(w, " + {%s, rx%d_end}", lit(a, sizeof a, tcw - 1, 0), p);
  vw_raw(w, ";\n");
  vw_line(w, "wire [%d:0] terms_want = is_root ? %s : %s;  // one per tree (a root ends its own)", tcw - 1,
          lit(a, sizeof a, tcw, (uint32_t)d - 1), lit(b, sizeof b, tcw, (uint32_t)d));
  vw_raw(w, "  wire busy = ");
  for (int q = 0; q < d; q++) vw_raw(w, "%stx%d_next | (f%d_left != 0)", q ? " | " : "", q, q);
  vw_raw(w, ";\n");
  vw_line(w, "wire finish = run_q & (terms_d == terms_want) & (~is_root | term_sent_q) & ~busy;");
  vw_raw(w, "  wire fault = run_q & ((terms_d > terms_want)");
  for (int p = 0; p < d; p++) vw_raw(w, " | (rx%d_up & ~in%d_v) | f%d_err | tx%d_clash", p, p, p, p);
  vw_raw(w, ");\n");
  vw_line(w, "assign done_o = done_q;");
  vw_line(w, "assign err_o = err_q;");
  vw_blank(w);
  /* control registers */
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_open(w, "if (!rst_ni) begin");
  vw_line(w, "run_q <= 1'b0; done_q <= 1'b0; err_q <= 1'b0; act_q <= 1'b0; k_q <= 1'b0; term_sent_q <= 1'b0;");
  vw_line(w, "cyc_q <= %s; p3_q <= %s; uacc_q <= %s; dacc_q <= %s;", lit(a, sizeof a, TW, 0), lit(b, sizeof b, TW, 0),
          lit(c, sizeof c, CW, 0), lit(c, sizeof c, CW, 0));
  vw_line(w, "ownf_q <= %s; terms_q <= %s;", lit(a, sizeof a, k->port_width, 0), lit(b, sizeof b, tcw, 0));
  for (int p = 0; p < d; p++)
    vw_line(w, "upv%d_q <= %s; f%d_c_q <= %s; tx%d_valid_q <= 1'b0;", p, lit(a, sizeof a, CW, 0), p,
            lit(b, sizeof b, k->fifo_count_width, 0), p);
  vw_close(w, "end else if (!run_q) begin");
  w->indent++;
  vw_open(w, "if (start_i) begin");
  vw_line(w, "run_q <= 1'b1; done_q <= 1'b0; err_q <= 1'b0; act_q <= bcast_i; k_q <= 1'b0; term_sent_q <= 1'b0;");
  vw_line(w, "cyc_q <= %s; uacc_q <= {%s, bcast_i}; dacc_q <= %s; terms_q <= %s;", lit(a, sizeof a, TW, 1),
          lit(b, sizeof b, CW - 1, 0), lit(c, sizeof c, CW, 0), lit(c + 16, sizeof c - 16, tcw, 0));
  for (int p = 0; p < d; p++)
    vw_line(w, "upv%d_q <= %s; f%d_c_q <= %s;", p, lit(a, sizeof a, CW, 0), p, lit(b, sizeof b, k->fifo_count_width, 0));
  vw_close(w, "end");
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "if (cyc_q != {%d{1'b1}}) cyc_q <= cyc_q + %s;", TW, lit(a, sizeof a, TW, 1));
  vw_line(w, "if (in_up) uacc_q <= up_now;");
  vw_line(w, "if ((cyc_q >= %s) & (cyc_q <= %s)) dacc_q <= dcur + dn_add;", lit(a, sizeof a, TW, (uint32_t)d + 1),
          lit(b, sizeof b, TW, 2 * (uint32_t)d + 1));
  vw_line(w, "if (cyc_q == %s) ownf_q <= own_fifo;", lit(a, sizeof a, TW, 2 * (uint32_t)d + 1));
  vw_open(w, "if (is_root & (cyc_q == %s)) begin  // K arrives from node 0", lit(a, sizeof a, TW, 2 * (uint32_t)d + 2));
  vw_line(w, "k_q <= 1'b1;");
  vw_line(w, "p3_q <= p3_of(rxcnt);");
  vw_close(w, "end");
  for (int p = 0; p < d; p++) {
    vw_line(w, "upv%d_q <= upv%d;", p, p);
    vw_line(w, "f%d_c_q <= f%d_left[%d:0];", p, p, k->fifo_count_width - 1);
    vw_line(w, "tx%d_valid_q <= tx%d_next;", p, p);
  }
  vw_line(w, "terms_q <= terms_d;");
  vw_line(w, "if (root_end) term_sent_q <= 1'b1;");
  vw_line(w, "if (fault) err_q <= 1'b1;");
  vw_open(w, "if (finish) begin");
  vw_line(w, "run_q <= 1'b0;");
  vw_line(w, "done_q <= 1'b1;");
  vw_close(w, "end");
  vw_close(w, "end");
  vw_close(w, "end");
  vw_blank(w);
  vw_line(w, "// data registers (no reset: read only where a valid bit or count says so)");
  vw_open(w, "always @(posedge clk_i) begin");
  for (int q = 0; q < d; q++) {
    vw_line(w, "f%d_q <= f%d_d;", q, q);
    vw_line(w, "tx%d_q <= tx%d_d;", q, q);
  }
  vw_close(w, "end");
  endmodule(w);
}
