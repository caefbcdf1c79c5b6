/* emit_router.c — prints romnoc_kbrt_router, the run-time active-set router of paper 001's
 * kbcast (design.h; docs/ARCHITECTURE.md "kbcast run-time router"). One module for every node:
 * what differs per node is the configuration word cfg_i (trees.h), a constant in the fabric. */
#include <stdarg.h>
#include <stdio.h>

#include "design.h"

#define RTL_KBRT_ARRIVALS (KBRT_MAX_DIM + 1)

/* a sized decimal literal "W'dV" into buf */
static const char *lit(char *buf, size_t len, int width, uint32_t v) {
  snprintf(buf, len, "%d'd%u", width, (unsigned)v);
  return buf;
}

/* NAME from NAME_<suffix>: a register loaded at every edge (the comment says from which cycle
 * it is read) when registered, else the same net */
static void emit_stage(vwriter *w, int width, const char *name, char suffix, int registered, const char *read) {
  char range[24] = "";
  if (width > 1) snprintf(range, sizeof range, "[%d:0] ", width - 1);
  if (!registered) {
    vw_line(w, "wire %s%s = %s_%c;", range, name, name, suffix);
    return;
  }
  vw_line(w, "reg %s%s;  // %s_%c, read %s", range, name, name, suffix, read);
  vw_line(w, "always @(posedge clk_i) %s <= %s_%c;", name, name, suffix);
}

/* emit_stage with the name formatted from FMT and AP (emit_cut, emit_arrival_cut). */
static void emit_stage_v(vwriter *w, int width, char suffix, int registered, const char *read, const char *fmt, va_list ap) {
  char name[64];
  vsnprintf(name, sizeof name, fmt, ap);
  emit_stage(w, width, name, suffix, registered, read);
}

/* A decision of the slot (what a queue pops, keeps and pushes, a lane's selects, valid and kind
 * bits, the end of the run, the faults):
 * computed as NAME_c from what the slot holds (the lanes' words, the state, the banks' heads),
 * read as NAME in the slot's last cycle, where the state, the lanes and the banks load. With
 * stages >= 1, NAME is a register loaded at every edge, so a decision and what it moves never
 * share a cycle; with stages = 0 it is the same net. */
__attribute__((format(printf, 4, 5))) static void emit_cut(vwriter *w, const kbrt_design *k, int width, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit_stage_v(w, width, 'c', k->stages >= 1, "in the slot's last cycle", fmt, ap);
  va_end(ap);
}

/* What a slot's arrivals are and which comes first (its lanes' valid bits through the queues'
 * feeds and a lowest-set-bit), computed as NAME_a from the slot's inputs: with stages = 2, NAME
 * is a register loaded at every edge, so the decisions (emit_cut) that read it take the slot's
 * second cycle; otherwise it is the same net. */
__attribute__((format(printf, 4, 5))) static void emit_arrival_cut(vwriter *w, const kbrt_design *k, int width, const char *fmt,
                                                                   ...) {
  va_list ap;
  va_start(ap, fmt);
  emit_stage_v(w, width, 'a', k->stages >= 2, "from the slot's second cycle on", fmt, ap);
  va_end(ap);
}

static void emit_ports(vwriter *w, const kbrt_design *k) {
  int d = k->d;
  vw_open(w, "module %s (", KBRT_ROUTER);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,  // asynchronous, active low");
  vw_line(w, "input  wire start_i,  // while idle: sample bcast_i and run");
  vw_line(w, "output wire done_o,  // from the end of a run until the next start");
  vw_line(w, "output wire slot_o,  // in a run, the last cycle of a slot: the lanes and deliveries of this cycle are one slot's (always 1 with one-cycle slots)");
  vw_line(w, "output wire err_o,  // a bank or queue overflowed, or traffic the protocol rules out (latched, and the last cycle's)");
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

/* tree_of(K) = K mod d (the roots e_j with j <= K mod d end a slot later), p3_of(K) =
 * 3d+1+ceil(K/d) (phase 3's first slot), end_of(K): tables, since d need not be a power of two */
static void emit_functions(vwriter *w, const kbrt_design *k) {
  char a[32], b[32];
  int d = k->d, cw = k->count_width;
  vw_open(w, "function automatic [%d:0] tree_of;  // K mod d", k->port_width - 1);
  vw_line(w, "input [%d:0] v;", cw - 1);
  vw_open(w, "begin");
  vw_open(w, "case (v)");
  for (uint32_t v = 0; v <= k->nodes; v++) /* N too: K mod d for the roots' termination slot */
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
  vw_open(w, "function automatic [%d:0] end_of;  // p3_of(K) + floor(K/d): root e_j's termination slot if j > K mod d",
          k->cycle_width - 1);
  vw_line(w, "input [%d:0] kk;", cw - 1);
  vw_open(w, "begin");
  vw_open(w, "case (kk)");
  for (uint32_t v = 0; v <= k->nodes; v++)
    vw_line(w, "%s: end_of = %s;", lit(a, sizeof a, cw, v),
            lit(b, sizeof b, k->cycle_width, 3 * (uint32_t)d + 1 + kbrt_ceil_div(v, (uint32_t)d) + v / (uint32_t)d));
  vw_line(w, "default: end_of = %s;", lit(b, sizeof b, k->cycle_width, 3 * (uint32_t)d + 1));
  vw_close(w, "endcase");
  vw_close(w, "end");
  vw_close(w, "endfunction");
}

/* the configuration word's decodes the phase-2 and phase-3 paths use, as registers: cfg_i is a
 * constant of the fabric, so they are loaded at every edge (start_i comes an edge or more after
 * the clock starts), and no path runs from the configuration word through a comparator */
static void emit_decoded(vwriter *w, const kbrt_design *k) {
  char a[32];
  int d = k->d;
  vw_line(w, "reg [%d:0] inv_q;  // bit p: lane p carries a tree in phase 2", d - 1);
  vw_line(w, "reg [%d:0] list_q;  // bit q: queue q is this root's list", d - 1);
  vw_line(w, "reg [%d:0] p3any_q;  // bit p: some lane repeats lane p's phase-3 words", d - 1);
  vw_line(w, "reg [%d:0] rootfeed_q;  // bit p: lane p's phase-2 arrivals join this root's list", d - 1);
  vw_line(w, "reg [%d:0] ownroot_q;  // bit j: the own packet joins this root's list if j(node) = j+1", d - 1);
  for (int q = 0; q < d; q++) {
    vw_line(w, "reg [%d:0] feed%d_q;  // bit p: lane p's phase-2 arrivals join queue %d", d - 1, q, q);
    vw_line(w, "reg [%d:0] p3sel%d_q;  // bit p: lane %d repeats lane p's phase-3 words", d - 1, q, q);
    vw_line(w, "reg [%d:0] ownhot%d_q;  // bit q: the own packet joins queue q if j(node) = %d", d - 1, q, q + 1);
  }
  vw_open(w, "always @(posedge clk_i) begin");
  vw_raw(w, "    inv_q <= {");
  for (int p = d - 1; p >= 0; p--) vw_raw(w, "in%d_v%s", p, p ? ", " : "};\n");
  vw_raw(w, "    list_q <= {");
  for (int q = d - 1; q >= 0; q--)
    vw_raw(w, "is_root & (lvl == %s)%s", lit(a, sizeof a, k->lvl_width, (uint32_t)q), q ? ", " : "};\n");
  char pad[32] = "";
  if (k->lvl_width > k->port_width) snprintf(pad, sizeof pad, "%d'd0, ", k->lvl_width - k->port_width);
  vw_raw(w, "    rootfeed_q <= {");
  for (int p = d - 1; p >= 0; p--) vw_raw(w, "is_root & in%d_v & ({%sin%d_f} == lvl)%s", p, pad, p, p ? ", " : "};\n");
  vw_raw(w, "    p3any_q <= {");
  for (int p = d - 1; p >= 0; p--) {
    for (int q = 0; q < d; q++)
      vw_raw(w, "%s(p3%d_v & (p3%d_s == %s))", q ? " | " : "", q, q, lit(a, sizeof a, k->port_width, (uint32_t)p));
    vw_raw(w, "%s", p ? ", " : "};\n");
  }
  vw_raw(w, "    ownroot_q <= {");
  for (int j = d - 1; j >= 0; j--)
    vw_raw(w, "is_root & ({%sown_tab[%d +: %d]} == lvl)%s", pad, j * k->port_width, k->port_width, j ? ", " : "};\n");
  for (int q = 0; q < d; q++) {
    vw_raw(w, "    feed%d_q <= {", q);
    for (int p = d - 1; p >= 0; p--)
      vw_raw(w, "in%d_v & (in%d_f == %s)%s", p, p, lit(a, sizeof a, k->port_width, (uint32_t)q), p ? ", " : "};\n");
    vw_raw(w, "    ownhot%d_q <= {", q);
    for (int f = d - 1; f >= 0; f--)
      vw_raw(w, "own_tab[%d +: %d] == %s%s", q * k->port_width, k->port_width, lit(a, sizeof a, k->port_width, (uint32_t)f),
             f ? ", " : "};\n");
    vw_raw(w, "    p3sel%d_q <= {", q);
    for (int p = d - 1; p >= 0; p--)
      vw_raw(w, "p3%d_v & (p3%d_s == %s)%s", q, q, lit(a, sizeof a, k->port_width, (uint32_t)p), p ? ", " : "};\n");
  }
  vw_close(w, "end");
}

static int clog2i(int n) {
  int b = 0;
  while ((1 << b) < n) b++;
  return b;
}

/* the phase-2 storage's sizes: banks of F entries (one per in-port), queues of M slot masks
 * (one per out-port; the front slot is a register, so F - 1 suffice: more is an overflow; the
 * ring keeps one entry when F = 1, which only a test of the overflow error asks for) */
typedef struct {
  int F, aw, cw, M, maw, mcw;
} kbrt_sizes;

static kbrt_sizes sizes_of(const kbrt_design *k) {
  kbrt_sizes z;
  z.F = k->fifo_depth;
  z.aw = z.F > 1 ? clog2i(z.F) : 1;
  z.cw = clog2i(z.F + 2); /* 0..F+1: a count beyond F is an overflow, seen a cycle later */
  if (z.cw < 2) z.cw = 2;
  z.M = z.F > 1 ? z.F - 1 : 1;
  z.maw = z.M > 1 ? clog2i(z.M) : 1;
  z.mcw = clog2i(z.M + 2);
  if (z.mcw < 2) z.mcw = 2;
  return z;
}

/* "ptr == top ? 0 : ptr + 1" (a ring of top+1 entries) */
static void emit_next_ptr(vwriter *w, const char *name, const char *ptr, int width, int top) {
  char a[32], b[32], c[32];
  if (top == 0) vw_line(w, "wire [%d:0] %s = %s;", width - 1, name, lit(a, sizeof a, width, 0));
  else
    vw_line(w, "wire [%d:0] %s = (%s == %s) ? %s : %s + %s;", width - 1, name, ptr, lit(a, sizeof a, width, (uint32_t)top),
            lit(b, sizeof b, width, 0), ptr, lit(c, sizeof c, width, 1));
}

/* bank p's head and front. The head for the next slot is read at the slot's last edge, from the
 * address after the pop. One-cycle slots: an entry written at that edge comes from the write
 * register (the memory returns the old word). Slots of two or three cycles: lane p's word is
 * written at the slot's edges before its last, so every read finds it, and the front (the head
 * while the bank holds one, else lane p's word) is a cut. */
static void emit_bank_read(vwriter *w, const kbrt_design *k, int p) {
  int PW = k->packet_width;
  vw_line(w, "reg [%d:0] b%d_rd_q;  // the bank's head", PW - 1, p);
  if (k->stages) {
    vw_line(w, "(* keep *) wire [%d:0] b%d_front_c = ~b%d_ne_q ? rx%d_flit_i[%d:0] : b%d_rd_q;", PW - 1, p, p, p, PW - 1, p);
    emit_cut(w, k, PW, "b%d_front", p);
    vw_open(w, "always @(posedge clk_i) begin");
    vw_line(w, "if (~slot_en & b%d_we) b%d_mem[b%d_wa_q] <= rx%d_flit_i[%d:0];  // the slot's edges before its last", p, p, p, p,
            PW - 1);
    vw_line(w, "if (slot_en) b%d_rd_q <= b%d_mem[b%d_ra_d];", p, p, p);
    vw_close(w, "end");
    return;
  }
  vw_line(w, "reg [%d:0] b%d_wd_q;  // what lane %d wrote at the last edge", PW - 1, p, p);
  vw_line(w, "reg b%d_byp_q;  // the head was written at the last edge: b%d_wd_q, not b%d_rd_q", p, p, p);
  vw_line(w, "(* keep *) wire [%d:0] b%d_front = ~b%d_ne_q ? rx%d_flit_i[%d:0] : b%d_byp_q ? b%d_wd_q : b%d_rd_q;  // registered selects",
          PW - 1, p, p, p, PW - 1, p, p, p);
  vw_open(w, "always @(posedge clk_i) begin");
  vw_line(w, "if (b%d_we) b%d_mem[b%d_wa_q] <= rx%d_flit_i[%d:0];", p, p, p, p, PW - 1);
  vw_line(w, "b%d_rd_q <= b%d_mem[b%d_ra_d];", p, p, p);
  vw_line(w, "b%d_wd_q <= rx%d_flit_i[%d:0];", p, p, PW - 1);
  vw_line(w, "b%d_byp_q <= b%d_we & (b%d_wa_q == b%d_ra_d);", p, p, p, p);
  vw_close(w, "end");
}

/* bank p: the phase-2 packets lane p received and has not sent on yet. One writer (lane p: every
 * data-up arrival is written, also one that leaves at once), one reader (the queue of out-port
 * in_f[p]): a 1R1W memory with a registered read (emit_bank_read), so block RAM where the target
 * has it. b<p>_front is the bank's head while it holds one, else lane p's word: no lane is sent
 * both in one cycle (a packet goes straight through only while its queue, so its bank, is empty;
 * phase-3 words are repeated once phase 2 has drained, and a root, whose list stays in the banks,
 * repeats none). */
static void emit_bank(vwriter *w, const kbrt_design *k, int p) {
  char a[32], b[32];
  kbrt_sizes z = sizes_of(k);
  int PW = k->packet_width;
  vw_line(w, "// bank %d: the packets lane %d received and has not sent on (%d entries, a ring)", p, p, z.F);
  vw_line(w, "(* ram_style = \"block\" *) reg [%d:0] b%d_mem [0:%d];", PW - 1, p, z.F - 1);
  vw_line(w, "reg [%d:0] b%d_ra_q, b%d_wa_q;  // head, next free entry", z.aw - 1, p, p);
  vw_line(w, "reg [%d:0] b%d_c_q;  // entries held", z.cw - 1, p);
  vw_line(w, "wire b%d_we = rx%d_up & inv_q[%d];", p, p, p);
  char nm[32], ptr[32];
  snprintf(nm, sizeof nm, "b%d_ra_inc", p), snprintf(ptr, sizeof ptr, "b%d_ra_q", p);
  emit_next_ptr(w, nm, ptr, z.aw, z.F - 1);
  snprintf(nm, sizeof nm, "b%d_wa_inc", p), snprintf(ptr, sizeof ptr, "b%d_wa_q", p);
  emit_next_ptr(w, nm, ptr, z.aw, z.F - 1);
  vw_line(w, "wire [%d:0] b%d_ra_d = b%d_pop ? b%d_ra_inc : b%d_ra_q;", z.aw - 1, p, p, p, p);
  vw_line(w, "reg b%d_ne_q;  // the bank holds a packet", p);
  vw_line(w, "wire [%d:0] b%d_c_d = b%d_c_q + {%s, b%d_we} - {%s, b%d_pop};", z.cw - 1, p, p, lit(a, sizeof a, z.cw - 1, 0), p,
          lit(b, sizeof b, z.cw - 1, 0), p);
  vw_line(w, "wire b%d_err = b%d_c_q > %s;  // a write into a full bank that no send made room for, last cycle", p, p,
          lit(a, sizeof a, z.cw, (uint32_t)z.F));
  emit_bank_read(w, k, p);
}

/* "wire [n:0] NAME = {v[n] & ~|v[n-1:0], ..., v[0]}": the lowest set bit of an (n+1)-bit vector.
 * The ORs of the lower bits are built from kept ORs of groups of four (NAME_g<k>), so each bit
 * is three LUT levels deep: left alone, ABC shares one chain of ORs among all the bits. */
static void emit_lowest(vwriter *w, const char *name, const char *v, int n, const char *comment) {
  for (int g = 0; 4 * g + 3 < n; g++)
    vw_line(w, "(* keep *) wire %s_g%d = |%s[%d:%d];", name, g, v, 4 * g + 3, 4 * g);
  vw_raw(w, "  wire [%d:0] %s = {", n, name);
  for (int i = n; i >= 1; i--) { /* bit i: no lower bit set, by groups below i's own, then within */
    vw_raw(w, "%s[%d] & ~(", v, i);
    for (int g = 0; g < i / 4; g++) vw_raw(w, "%s%s_g%d", g ? " | " : "", name, g);
    if (i % 4) vw_raw(w, "%s|%s[%d:%d]", i / 4 ? " | " : "", v, i - 1, i - i % 4);
    vw_raw(w, "), ");
  }
  vw_raw(w, "%s[0]};  // %s\n", v, comment);
}

/* queue q: the order in which out-port q (or the root list, where lvl = q) sends the packets it
 * holds. A packet is named by its lane bit: bit 0 the own packet, bit p+1 lane p (its bank).
 * The packets of one slot are a mask sent lowest bit first (own, then lanes 0..d-1: the
 * contract's order); q<q>_cm_q is the mask of the front slot, what it has not sent yet, and the
 * masks of later slots wait in a ring of M entries with one writer. While nothing waits, the
 * slot's arrivals q<q>_a are the front themselves (a packet leaves the slot after it arrived). */
static void emit_queue(vwriter *w, const kbrt_design *k, int q) {
  char a[32], b[32];
  kbrt_sizes z = sizes_of(k);
  int d = k->d;
  vw_line(w, "// queue %d: the order of the packets waiting for lane %d, or of the root list where lvl = %d", q, q, q);
  vw_line(w, "reg [%d:0] q%d_cm_q;  // the front slot's packets not sent yet (bit 0 own, bit p+1 lane p)", d, q);
  vw_line(w, "(* ram_style = \"block\" *) reg [%d:0] q%d_mq [0:%d];  // the masks of later slots, a ring (1R1W)", d, q,
          z.M - 1);
  vw_line(w, "reg [%d:0] q%d_mrd_q, q%d_mwd_q;  // q%d_mq[q%d_mr_q] read at the last edge; the mask written then", d, q, q, q, q);
  vw_line(w, "reg q%d_mbyp_q;  // the ring's head was written at the last edge", q);
  vw_line(w, "reg [%d:0] q%d_mr_q, q%d_mw_q;", z.maw - 1, q, q);
  vw_line(w, "reg [%d:0] q%d_mc_q;  // masks held in the ring", z.mcw - 1, q);
  vw_line(w, "wire q%d_list = list_q[%d];", q, q);
  vw_raw(w, "  wire [%d:0] q%d_a_a = {", d, q);
  for (int p = d - 1; p >= 0; p--)
    vw_raw(w, "rx%d_up & feed%d_q[%d], ", p, q, p);
  vw_raw(w, "own_v & own_at_q[%d]};  // this slot's arrivals\n", q);
  vw_line(w, "reg q%d_cmv_q;  // q%d_cm_q != 0, registered with it", q, q);
  vw_line(w, "wire q%d_cmv = q%d_cmv_q;", q, q);
  vw_line(w, "wire [%d:0] q%d_e = q%d_cmv ? q%d_cm_q : q%d_a;  // the front slot", d, q, q, q, q);
  char v[32];
  snprintf(v, sizeof v, "q%d_a_a", q);
  char nm[32];
  snprintf(nm, sizeof nm, "q%d_ha_a", q);
  emit_lowest(w, nm, v, d, "the first arrival");
  emit_arrival_cut(w, k, d + 1, "q%d_a", q);
  emit_arrival_cut(w, k, d + 1, "q%d_ha", q);
  vw_line(w, "reg [%d:0] q%d_hc_q;  // the lowest lane of q%d_cm_q (registered with it)", d, q, q);
  vw_line(w, "wire [%d:0] q%d_h_c = q%d_cmv ? q%d_hc_q : q%d_ha;  // the front slot's lowest lane: the head", d, q, q, q, q);
  vw_line(w, "wire q%d_sends = ~q%d_list | p3_on;  // the head leaves if there is one", q, q);
  vw_line(w, "wire q%d_pop_c = q%d_e != %s & q%d_sends;", q, q, lit(a, sizeof a, d + 1, 0), q);
  emit_cut(w, k, 1, "q%d_pop", q);
  vw_line(w, "wire [%d:0] q%d_r_c = q%d_sends ? q%d_e & ~q%d_h_c : q%d_e;  // the front slot after the send", d, q, q, q, q, q);
  emit_cut(w, k, d + 1, "q%d_r", q);
  vw_raw(w, "  wire [%d:0] q%d_ar = {", d, q);  /* the arrivals again, from the registered valid bits: one level */
  for (int p = d - 1; p >= 0; p--) vw_raw(w, "rxup%d & feed%d_q[%d], ", p, q, p);
  vw_raw(w, "own_v & own_at_q[%d]};\n", q);
  vw_raw(w, "  wire q%d_two = ", q);  /* the front slot holds two packets or more: without the head's path */
  for (int i = 1; i <= d; i++) vw_raw(w, "%s(q%d_e[%d] & |q%d_e[%d:0])", i > 1 ? " | " : "", q, i, q, i - 1);
  vw_raw(w, ";\n");
  vw_line(w, "wire q%d_rv_c = q%d_sends ? q%d_two : q%d_e != %s;  // the front slot keeps a packet", q, q, q, q,
          lit(a, sizeof a, d + 1, 0));
  emit_cut(w, k, 1, "q%d_rv", q);
  vw_line(w, "wire q%d_mqv = q%d_mc_q != %s;", q, q, lit(a, sizeof a, z.mcw, 0));
  vw_line(w, "wire q%d_push_c = q%d_cmv & (q%d_a != %s) & (q%d_rv_c | q%d_mqv);  // the arrivals wait behind others", q, q, q,
          lit(a, sizeof a, d + 1, 0), q, q);
  emit_cut(w, k, 1, "q%d_push", q);
  vw_line(w, "wire q%d_next_c = q%d_cmv & ~q%d_rv_c & q%d_mqv;  // the front slot is done: the ring's head is next", q, q, q, q);
  emit_cut(w, k, 1, "q%d_next", q);
  vw_line(w, "wire [%d:0] q%d_mhead_c = q%d_mbyp_q ? q%d_mwd_q : q%d_mrd_q;", d, q, q, q, q);
  emit_cut(w, k, d + 1, "q%d_mhead", q);
  vw_line(w, "wire [%d:0] q%d_cm_d = (~q%d_cmv | q%d_rv) ? q%d_r : q%d_mqv ? q%d_mhead : q%d_ar;", d, q, q, q, q, q, q, q);
  snprintf(v, sizeof v, "q%d_cm_d", q);
  snprintf(nm, sizeof nm, "q%d_hc_d", q);
  emit_lowest(w, nm, v, d, "the lowest lane of the next front slot");
  char ptr[32];
  snprintf(nm, sizeof nm, "q%d_mr_inc", q), snprintf(ptr, sizeof ptr, "q%d_mr_q", q);
  emit_next_ptr(w, nm, ptr, z.maw, z.M - 1);
  snprintf(nm, sizeof nm, "q%d_mw_inc", q), snprintf(ptr, sizeof ptr, "q%d_mw_q", q);
  emit_next_ptr(w, nm, ptr, z.maw, z.M - 1);
  vw_line(w, "wire [%d:0] q%d_mc_d = q%d_mc_q + {%s, q%d_push} - {%s, q%d_next};", z.mcw - 1, q, q,
          lit(a, sizeof a, z.mcw - 1, 0), q, lit(b, sizeof b, z.mcw - 1, 0), q);
  vw_line(w, "wire q%d_err = q%d_mc_q > %s;  // more than F-1 later slots (a push into a full ring), last cycle", q, q,
          lit(a, sizeof a, z.mcw, (uint32_t)(z.F - 1)));
  vw_line(w, "wire [%d:0] q%d_mr_d = q%d_next ? q%d_mr_inc : q%d_mr_q;", z.maw - 1, q, q, q, q);
  vw_open(w, "always @(posedge clk_i) if (slot_en) begin");
  vw_line(w, "if (q%d_push) q%d_mq[q%d_mw_q] <= q%d_ar;", q, q, q, q);
  vw_line(w, "q%d_mrd_q <= q%d_mq[q%d_mr_d];", q, q, q);
  vw_line(w, "q%d_mwd_q <= q%d_ar;", q, q);
  vw_line(w, "q%d_mbyp_q <= q%d_push & (q%d_mw_q == q%d_mr_d);", q, q, q, q);
  vw_close(w, "end");
}

/* bank p's and queue p's pointers and counts back to empty (reset, start) */
static void emit_store_clear(vwriter *w, const kbrt_design *k, int p) {
  char a[32], b[32], c[32], e[32];
  kbrt_sizes z = sizes_of(k);
  vw_line(w, "b%d_ra_q <= %s; b%d_wa_q <= %s; b%d_c_q <= %s; b%d_ne_q <= 1'b0;", p, lit(a, sizeof a, z.aw, 0), p,
          lit(b, sizeof b, z.aw, 0), p, lit(c, sizeof c, z.cw, 0), p);
  vw_line(w, "q%d_cm_q <= %s; q%d_cmv_q <= 1'b0; q%d_hc_q <= %s; q%d_mr_q <= %s; q%d_mw_q <= %s; q%d_mc_q <= %s;", p,
          lit(a, sizeof a, k->d + 1, 0), p, p, lit(a, sizeof a, k->d + 1, 0), p, lit(b, sizeof b, z.maw, 0), p,
          lit(c, sizeof c, z.maw, 0), p, lit(e, sizeof e, z.mcw, 0));
}

/* Bits of terms_q, which counts the termination words received (up to d + 1). */
static int terms_width(int d) {
  int tcw = 1;
  while ((1 << tcw) < d + 2) tcw++;
  return tcw;
}

/* the opening comment: what the router does, its flits and its timing */
static void emit_intro(vwriter *w, const char *header, const kbrt_design *k) {
  int d = k->d, CW = k->count_width;
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  vw_line(w, "// The run-time active-set router of paper 001's K simultaneous broadcasts on hypercube:%d", d);
  vw_line(w, "// (docs/KBCAST.md, docs/ARCHITECTURE.md). No schedule ROM: a node learns whether it");
  vw_line(w, "// broadcasts from bcast_i at start; phase 1 computes the ranks with counters (slots 1..%d),", 2 * d + 1);
  vw_line(w, "// phase 2 gathers every packet to root e_j(x) through one FIFO per out-port (the packets in one");
  vw_line(w, "// single-writer bank per in-port, the order in a queue of slot masks per out-port), phase 3 repeats");
  vw_line(w, "// each root's list down its tree. Flits: {kind[1:0], origin[%d:0], payload[%d:0]}, kind 0", d - 1,
          k->payload_width - 1);
  vw_line(w, "// counter (value in the payload's low %d bits), 1 data up, 2 data down, 3 end (origin = the root).", CW);
  vw_line(w, "// Slot s is on the wires in cycle s+1 (registered outputs); banks of %d entries, queues of %d later", k->fifo_depth,
          k->fifo_depth > 1 ? k->fifo_depth - 1 : 1);
  vw_line(w, "// slots (the FIFO bound of trees.c over every node); a run of K broadcasts takes 2*ceil(K/%d)+%d+1", d, 4 * d);
  vw_line(w, "// cycles. The decoded configuration registers load at every edge: start_i comes an edge or more");
  vw_line(w, "// after the clock starts.");
}

/* the run state: phase, counters, the roots' phase-3 slots, the own packet's FIFO */
static void emit_registers(vwriter *w, const kbrt_design *k) {
  int d = k->d, CW = k->count_width, TW = k->cycle_width;
  vw_blank(w);
  vw_line(w, "reg run_q, done_q, err_q, act_q, k_q, term_sent_q, p3_on_q, own_v_q;");
  vw_line(w, "reg own_cap_q;  // inj_flit_i holds the own packet in this cycle (the one after inj_req_o)");
  if (k->stages == 1) {
    vw_line(w, "reg ph_q;  // the cycle of the slot: 0 the first, 1 the last");
    vw_line(w, "wire slot_en = ph_q;  // the slot's last cycle: the state, the lanes and the banks load at its end");
  } else if (k->stages) {
    vw_line(w, "reg [1:0] ph_q;  // the cycle of the slot: 0 the first, %d the last", k->stages);
    vw_line(w, "wire slot_en = ph_q == 2'd%d;  // the slot's last cycle: the state, the lanes and the banks load at its end",
            k->stages);
  } else {
    vw_line(w, "wire slot_en = 1'b1;  // a slot is one cycle");
  }
  vw_line(w, "assign slot_o = slot_en;");
  vw_line(w, "reg [%d:0] cyc_q;  // the slot this cycle decides (1.. from start)", TW - 1);
  vw_line(w, "reg [%d:0] p3_q;  // roots: phase 3's first slot, once K has arrived (k_q)", TW - 1);
  vw_line(w, "reg [%d:0] end_q;  // roots: the termination word's slot, P3 + N_j (N_j = floor(K/d) + [j <= K mod d])", TW - 1);
  vw_line(w, "reg rend_q;  // roots: this cycle sends the termination word (cyc_q == end_q)");
  vw_line(w, "reg [%d:0] uacc_q, dacc_q;  // up-sweep count, down-sweep count", CW - 1);
  vw_line(w, "reg in_up_q, in_dn_q;  // the slot is one of the up-sweep's receptions, of the down-sweep's (set a slot ahead)");
  for (int p = 0; p < d; p++) vw_line(w, "reg [%d:0] upv%d_q;  // the count received on lane %d in up-sweep slot %d", CW - 1, p, p, p + 1);
  vw_line(w, "reg [%d:0] own_at_q;  // bit q: the own packet joins queue q", d - 1);
  vw_line(w, "reg own_root_q;  // it joins this root's list");
  int tcw = terms_width(d);
  vw_line(w, "reg [%d:0] terms_q;  // termination words received", tcw - 1);
  vw_blank(w);
}

/* what each lane received: its kind, and the counter value of the slot */
static void emit_receptions(vwriter *w, const kbrt_design *k) {
  int d = k->d, FW = k->flit_width, CW = k->count_width;
  vw_line(w, "// receptions (slot cyc_q - 1)");
  for (int p = 0; p < d; p++) {
    vw_line(w, "wire [1:0] rx%d_kind = rx%d_flit_i[%d:%d];", p, p, FW - 1, FW - 2);
    vw_line(w, "wire rx%d_cnt = rx%d_valid_i & (rx%d_kind == 2'd%d);", p, p, p, KBRT_COUNTER);
    vw_line(w, "wire rx%d_up = rx%d_valid_i & (rx%d_kind == 2'd%d);", p, p, p, KBRT_DATA_UP);
    vw_line(w, "wire rxup%d_c = rx%d_up;", p, p);
    emit_cut(w, k, 1, "rxup%d", p);
    vw_line(w, "wire rx%d_p3 = rx%d_valid_i & rx%d_kind[1];  // data down or end", p, p, p);
    vw_line(w, "wire rx%d_end = rx%d_valid_i & (rx%d_kind == 2'd%d);", p, p, p, KBRT_END);
  }
  vw_raw(w, "  wire [%d:0] rxcnt = ", CW - 1);
  for (int p = 0; p < d; p++) vw_raw(w, "%s({%d{rx%d_cnt}} & rx%d_flit_i[%d:0])", p ? " | " : "", CW, p, p, CW - 1);
  vw_raw(w, ";  // at most one counter a slot\n");
  vw_line(w, "wire [%d:0] k_in_c = rxcnt;  // K, at a root in slot %d", CW - 1, 2 * k->d + 2);
  emit_cut(w, k, CW, "k_in");
  vw_blank(w);
}

/* the own packet's queue, one-hot, from its rank: in slot 2d+1 dcur = r_x - 1 and the tree is
 * j(x) = (r_x - 1) mod d + 1. Each own_hot bit is a sum of the values of dcur with that residue,
 * which ABC maps flat: as a case table (as tree_of) Yosys builds a ROM, a mux tree as deep as dcur
 * is wide. */
static void emit_own_queue(vwriter *w, const kbrt_design *k) {
  char a[32];
  int d = k->d, CW = k->count_width;
  for (int j = 0; j < d; j++) {
    vw_raw(w, "  wire own_hot%d =", j);
    for (uint32_t v = (uint32_t)j; v <= k->nodes; v += (uint32_t)d)
      vw_raw(w, "%s (dcur == %s)", v == (uint32_t)j ? "" : " |", lit(a, sizeof a, CW, v));
    vw_raw(w, ";  // (r_x - 1) mod %d = %d\n", d, j);
  }
  vw_raw(w, "  wire [%d:0] own_at = ", d - 1);
  for (int j = 0; j < d; j++) vw_raw(w, "%s({%d{own_hot%d}} & ownhot%d_q)", j ? " | " : "", d, j, j);
  vw_raw(w, ";  // one-hot: the queue of the own packet\n");
  vw_raw(w, "  wire own_root = ");
  for (int j = 0; j < d; j++) vw_raw(w, "%s(own_hot%d & ownroot_q[%d])", j ? " | " : "", j, j);
  vw_raw(w, ";  // it joins this root's list\n");
}

/* phase 1: the up- and down-sweep counters, K to the roots, the own packet's FIFO */
static void emit_phase1(vwriter *w, const kbrt_design *k) {
  char a[32], b[32];
  int d = k->d, CW = k->count_width, TW = k->cycle_width;
  vw_line(w, "// phase 1: up-sweep slots 1..%d, down-sweep slots %d..%d, K to the roots in slot %d", d, d + 1, 2 * d, 2 * d + 1);
  vw_line(w, "wire in_up = run_q & in_up_q;  // slots 2..%d: a counter of the up-sweep arrives", d + 1);
  vw_line(w, "wire in_dn = run_q & in_dn_q;  // slots %d..%d: a counter of the down-sweep arrives", d + 2, 2 * d + 1);
  vw_line(w, "wire [%d:0] up_now_c = uacc_q + (in_up ? rxcnt : %s);  // active nodes in [node, node + 2^lvl - 1]", CW - 1,
          lit(a, sizeof a, CW, 0));
  emit_cut(w, k, CW, "up_now");
  vw_line(w, "wire [%d:0] dcur_c = dacc_q + (in_dn ? rxcnt : %s);  // active nodes above the next send's range", CW - 1,
          lit(a, sizeof a, CW, 0));
  emit_cut(w, k, CW, "dcur");
  for (int p = 0; p < d; p++) {
    vw_line(w, "wire [%d:0] upv%d = (cyc_q == %s) ? rxcnt : upv%d_q;", CW - 1, p, lit(a, sizeof a, TW, (uint32_t)p + 2), p);
    vw_line(w, "wire up_send%d = run_q & (lvl == %s) & (cyc_q == %s);", p, lit(a, sizeof a, k->lvl_width, (uint32_t)p),
            lit(b, sizeof b, TW, (uint32_t)p + 1));
    vw_line(w, "wire dn_send%d = run_q & (lvl > %s) & (cyc_q == %s);", p, lit(a, sizeof a, k->lvl_width, (uint32_t)p),
            lit(b, sizeof b, TW, 2 * (uint32_t)d - (uint32_t)p));
  }
  vw_line(w, "wire k_send = run_q & (lvl == %s) & (cyc_q == %s);  // node 0 sends K on every lane",
          lit(a, sizeof a, k->lvl_width, (uint32_t)d), lit(b, sizeof b, TW, 2 * (uint32_t)d + 1));
  vw_raw(w, "  wire [%d:0] dn_add_c = ", CW - 1);
  for (int p = 0; p < d; p++) vw_raw(w, "%s({%d{dn_send%d}} & upv%d)", p ? " | " : "", CW, p, p);
  vw_raw(w, ";\n");
  emit_cut(w, k, CW, "dn_add");
  emit_own_queue(w, k);
  vw_line(w, "assign inj_req_o = run_q & act_q & (cyc_q == %s) & slot_en;", lit(a, sizeof a, TW, 2 * (uint32_t)d + 1));
  vw_line(w, "wire own_v = own_v_q;  // the own packet arrives in slot %d (set by inj_req_o: only in a run)", 2 * d + 2);
  vw_line(w, "wire p3_on = run_q & p3_on_q;  // a root in phase 3 (cyc_q >= p3_q, registered)");
  vw_blank(w);
}

/* phase 2: the own packet's store, the banks and the queues */
static void emit_phase2(vwriter *w, const kbrt_design *k) {
  int d = k->d, PW = k->packet_width;
  vw_line(w, "// phase 2: the packets a node holds are in single-writer stores, the own packet in own_q and");
  vw_line(w, "// lane p's arrivals in bank p; queue q keeps the order in which out-port q sends them");
  vw_line(w, "reg [%d:0] own_q;  // the own packet, from cycle %d on", PW - 1, 2 * d + 3);
  vw_line(w, "wire [%d:0] own_front = own_cap_q ? inj_flit_i : own_q;", PW - 1);
  for (int p = 0; p < d; p++) {
    vw_line(w, "wire b%d_pop_c;  // bank %d's head leaves (on the lane of queue in%d_f)", p, p, p);
    emit_cut(w, k, 1, "b%d_pop", p);
  }
  vw_blank(w);
  for (int p = 0; p < d; p++) {
    emit_bank(w, k, p);
    vw_blank(w);
  }
  for (int q = 0; q < d; q++) {
    emit_queue(w, k, q);
    vw_blank(w);
  }
  for (int p = 0; p < d; p++) {
    vw_raw(w, "  assign b%d_pop_c = ", p);
    for (int q = 0; q < d; q++) vw_raw(w, "%s(q%d_sends & q%d_h_c[%d])", q ? " | " : "", q, q, p + 1);
    vw_raw(w, ";\n");
  }
}

/* phase 3: a root's list (queue lvl), sent on every lane, then the termination word */
static void emit_root_list(vwriter *w, const kbrt_design *k) {
  char a[32];
  int d = k->d;
  vw_line(w, "// a root's list (queue lvl) in phase 3: its head on every lane, then the termination word");
  vw_raw(w, "  wire root_cmv = ");
  for (int q = 0; q < d; q++) vw_raw(w, "%s(q%d_list & q%d_cmv)", q ? " | " : "", q, q);
  vw_raw(w, ";\n");
  /* the arrivals of queue lvl, straight from the lanes (not through every queue's) */
  vw_raw(w, "  wire [%d:0] root_a_a = {", d);
  for (int p = d - 1; p >= 0; p--) vw_raw(w, "rx%d_up & rootfeed_q[%d], ", p, p);
  vw_raw(w, "own_v & own_root_q};\n");
  emit_lowest(w, "root_ha_a", "root_a_a", d, "its first arrival");
  emit_arrival_cut(w, k, d + 1, "root_a");
  emit_arrival_cut(w, k, d + 1, "root_ha");
  vw_line(w, "wire root_full_c = root_cmv | (root_a != %s);  // it holds a packet or one arrives", lit(a, sizeof a, d + 1, 0));
  vw_raw(w, "  wire [%d:0] root_hc = ", d);
  for (int q = 0; q < d; q++) vw_raw(w, "%s({%d{q%d_list}} & q%d_hc_q)", q ? " | " : "", d + 1, q, q);
  vw_raw(w, ";  // its held head\n");
  emit_cut(w, k, 1, "root_full");
  vw_line(w, "wire root_pop = p3_on & root_full;");
  vw_line(w, "wire root_end = run_q & rend_q;  // the list is empty then (else err_o)");
  vw_raw(w, "  wire [%d:0] rx_p3s = {", d - 1);
  for (int p = d - 1; p >= 0; p--) vw_raw(w, "rx%d_p3%s", p, p ? ", " : "};  // phase-3 words received\n");
  vw_raw(w, "  wire [%d:0] rx_k0s = {", d - 1);
  for (int p = d - 1; p >= 0; p--) vw_raw(w, "rx%d_kind[0]%s", p, p ? ", " : "};\n");
  vw_blank(w);
}

/* output lane q: one AND-OR over the lanes' words, the banks' heads, the own packet, the
 * counters and the end word, each selected by a one-hot bit (one source a slot in a correct run,
 * else err_o); and its deliveries */
static void emit_lane(vwriter *w, const kbrt_design *k, int q) {
  char a[32];
  int d = k->d, PW = k->packet_width, FW = k->flit_width, CW = k->count_width;
  vw_line(w, "// lane %d", q);
  vw_line(w, "reg tx%d_valid_q;", q);
  vw_line(w, "reg [%d:0] tx%d_q;", FW - 1, q);
  vw_line(w, "wire [%d:0] p3hit%d = p3sel%d_q & rx_p3s;", d - 1, q, q);
  vw_line(w, "wire p3fwd%d_c = run_q & (p3hit%d != %s);", q, q, lit(a, sizeof a, d, 0));
  emit_cut(w, k, 1, "p3fwd%d", q);
  vw_line(w, "wire p3kind%d_c = (p3hit%d & rx_k0s) != %s;  // the word repeated is an end word", q, q, lit(a, sizeof a, d, 0));
  emit_cut(w, k, 1, "p3kind%d", q);
  vw_line(w, "wire fsend%d = q%d_pop & ~q%d_list;", q, q, q);
  vw_line(w, "wire [6:0] src%d = {up_send%d, dn_send%d, k_send, fsend%d, root_pop, root_end, p3fwd%d};", q, q, q, q, q);
  vw_line(w, "wire tx%d_next = |src%d;", q, q);
  vw_line(w, "reg [6:0] src%d_q;  // last cycle's", q);
  vw_line(w, "wire tx%d_clash = (src%d_q & (src%d_q - 7'd1)) != 7'd0;  // two sources in one slot, last cycle", q, q, q);
  vw_line(w, "wire [%d:0] xr%d = ({%d{run_q}} & p3hit%d) | ({%d{~q%d_list & ~q%d_cmv}} & q%d_ha[%d:1])", d - 1, q, d, q, d, q,
          q, q, d);
  vw_line(w, "  | ({%d{p3_on & ~root_cmv}} & root_ha[%d:1]);  // a word as it arrives on lane p", d, d);
  vw_line(w, "wire [%d:0] xb%d = ({%d{~q%d_list & q%d_cmv}} & q%d_hc_q[%d:1]) | ({%d{p3_on & root_cmv}} & root_hc[%d:1]);"
          "  // bank p's head", d - 1, q, d, q, q, q, d, d, d);
  vw_line(w, "wire xo%d = (~q%d_list & q%d_h_c[0]) | (p3_on & (root_cmv ? root_hc[0] : root_ha[0]));  // the own packet", q, q, q);
  vw_line(w, "(* keep *) wire [%d:0] xs%d_c = {xo%d, xr%d | xb%d};  // the one-hot selects as nets: each data bit a plain"
          " AND-OR (synthesis would copy the select logic into every bit)", d, q, q, q, q);
  emit_cut(w, k, d + 1, "xs%d", q);
  vw_line(w, "wire [%d:0] cnt%d = ({%d{up_send%d}} & up_now) | ({%d{dn_send%d}} & dcur) | ({%d{k_send}} & uacc_q);", CW - 1, q,
          CW, q, CW, q, CW);
  vw_line(w, "wire [%d:0] tx%d_d = {", FW - 1, q);
  vw_line(w, "  p3fwd%d | root_pop | root_end,  // kind: 0 counter, 1 up, 2 down, 3 end", q);
  vw_line(w, "  fsend%d | root_end | p3kind%d,", q, q);
  vw_raw(w, "    ({%d{xs%d[%d]}} & own_front)", PW, q, d);
  for (int p = 0; p < d; p++) vw_raw(w, "\n    | ({%d{xs%d[%d]}} & b%d_front)", PW, q, p, p);
  vw_raw(w, "\n    | {{%d{root_end}} & node, ", d);
  if (k->payload_width > CW) vw_raw(w, "%d'd0, ", k->payload_width - CW);
  vw_raw(w, "cnt%d}};\n", q);
  vw_line(w, "assign tx%d_valid_o = tx%d_valid_q;", q, q);
  vw_line(w, "assign tx%d_flit_o = tx%d_q;", q, q);
  vw_line(w, "assign dlv%d_valid_o = run_q & slot_en & (rx%d_up | (rx%d_valid_i & (rx%d_kind == 2'd%d) & "
          "(((rx%d_flit_i[%d:%d] ^ node) & mask%d) != %s)));", q, q, q, q, KBRT_DATA_DOWN, q, PW - 1,
          k->payload_width, q, lit(a, sizeof a, d, 0));
  vw_line(w, "assign dlv%d_flit_o = rx%d_flit_i[%d:0];", q, q, PW - 1);
  vw_blank(w);
}

/* the termination words lanes lo..hi receive, as a balanced sum of tcw-bit terms (a chain of d
 * adders would be d carry chains deep) */
static void emit_end_sum(vwriter *w, int lo, int hi, int tcw) {
  if (lo == hi) {
    vw_raw(w, "{%d'd0, rx%d_end}", tcw - 1, lo);
    return;
  }
  int mid = (lo + hi) / 2;
  vw_raw(w, "(");
  emit_end_sum(w, lo, mid, tcw);
  vw_raw(w, " + ");
  emit_end_sum(w, mid + 1, hi, tcw);
  vw_raw(w, ")");
}

/* the end of a run (every termination word in, nothing left to send) and the errors */
static void emit_termination(vwriter *w, const kbrt_design *k) {
  char a[32], b[32];
  int d = k->d;
  int tcw = terms_width(d);
  vw_raw(w, "  wire [%d:0] terms_d = terms_q + ", tcw - 1);
  emit_end_sum(w, 0, d - 1, tcw);
  vw_raw(w, ";\n");
  vw_line(w, "wire [%d:0] terms_want = is_root ? %s : %s;  // one per tree (a root ends its own)", tcw - 1,
          lit(a, sizeof a, tcw, (uint32_t)d - 1), lit(b, sizeof b, tcw, (uint32_t)d));
  vw_raw(w, "  wire busy_c = ");
  /* anything held or arriving for a queue (every arrival joins one: lane p's iff inv_q[p]) or a
   * phase-3 word to repeat: what the sends and the held packets after them come from, straight
   * from the lanes' valid bits. Phase 1's counters need no term: no termination word arrives
   * before phase 3 (terms_want >= d - 1 >= 1) */
  vw_raw(w, "own_v");
  for (int q = 0; q < d; q++) vw_raw(w, " | q%d_cmv", q);
  for (int p = 0; p < d; p++) vw_raw(w, " | (rx%d_up & inv_q[%d]) | (run_q & rx%d_p3 & p3any_q[%d])", p, p, p, p);
  vw_raw(w, ";\n");
  emit_cut(w, k, 1, "busy");
  vw_line(w, "wire terms_all_c = terms_d == terms_want;");
  emit_cut(w, k, 1, "terms_all");
  vw_line(w, "wire finish = run_q & terms_all & (~is_root | term_sent_q) & ~busy;");
  vw_raw(w, "  wire fault_now = run_q & ((root_end & (root_full | term_sent_q))");
  for (int p = 0; p < d; p++) vw_raw(w, " | (rx%d_up & ~in%d_v)", p, p);
  vw_raw(w, ");  // a list not empty at its end; traffic on a lane no tree uses in phase 2\n");
  /* from registers: what went wrong in the last cycle, a cut per lane (each a comparison) */
  vw_line(w, "wire fault_terms_c = terms_q > terms_want;");
  emit_cut(w, k, 1, "fault_terms");
  for (int p = 0; p < d; p++) {
    vw_line(w, "wire fault%d_c = b%d_err | q%d_err | tx%d_clash;", p, p, p, p);
    emit_cut(w, k, 1, "fault%d", p);
  }
  vw_raw(w, "  wire fault_last = fault_terms");
  for (int p = 0; p < d; p++) vw_raw(w, " | fault%d", p);
  vw_raw(w, ";\n");
  vw_line(w, "assign done_o = done_q;");
  vw_line(w, "assign err_o = err_q | fault_last;");
  vw_blank(w);
}

/* " ph_q <= 0;" in the width of the slot's phase, or nothing with one-cycle slots */
static const char *phase_reset(const kbrt_design *k) {
  return k->stages == 1 ? " ph_q <= 1'b0;" : k->stages ? " ph_q <= 2'd0;" : "";
}

/* the control registers' reset */
static void emit_control_reset(vwriter *w, const kbrt_design *k) {
  char a[32], b[32], c[32];
  int d = k->d, CW = k->count_width, TW = k->cycle_width;
  int tcw = terms_width(d);
  vw_line(w, "run_q <= 1'b0; done_q <= 1'b0; err_q <= 1'b0; act_q <= 1'b0; k_q <= 1'b0; term_sent_q <= 1'b0; p3_on_q <= 1'b0; own_v_q <= 1'b0;");
  vw_line(w, "own_cap_q <= 1'b0;%s", phase_reset(k));
  vw_line(w, "cyc_q <= %s; p3_q <= %s; end_q <= %s; uacc_q <= %s; dacc_q <= %s; rend_q <= 1'b0;", lit(a, sizeof a, TW, 0), lit(b, sizeof b, TW, 0), lit(b, sizeof b, TW, 0),
          lit(c, sizeof c, CW, 0), lit(c, sizeof c, CW, 0));
  vw_line(w, "own_at_q <= %s; own_root_q <= 1'b0; terms_q <= %s; in_up_q <= 1'b0; in_dn_q <= 1'b0;", lit(a, sizeof a, d, 0), lit(b, sizeof b, tcw, 0));
  for (int p = 0; p < d; p++) {
    vw_line(w, "upv%d_q <= %s; tx%d_valid_q <= 1'b0; src%d_q <= 7'd0;", p, lit(a, sizeof a, CW, 0), p, p);
    emit_store_clear(w, k, p);
  }
}

/* the control registers at start_i: a new run */
static void emit_control_start(vwriter *w, const kbrt_design *k) {
  char a[32], b[32], c[32];
  int d = k->d, CW = k->count_width, TW = k->cycle_width;
  int tcw = terms_width(d);
  vw_line(w, "run_q <= 1'b1; done_q <= 1'b0; err_q <= 1'b0; act_q <= bcast_i; k_q <= 1'b0; term_sent_q <= 1'b0; p3_on_q <= 1'b0; own_v_q <= 1'b0; rend_q <= 1'b0;");
  vw_line(w, "own_cap_q <= 1'b0;%s", phase_reset(k));
  vw_line(w, "in_up_q <= 1'b0; in_dn_q <= 1'b0;  // slot 1 is neither");
  vw_line(w, "cyc_q <= %s; uacc_q <= {%s, bcast_i}; dacc_q <= %s; terms_q <= %s;", lit(a, sizeof a, TW, 1),
          lit(b, sizeof b, CW - 1, 0), lit(c, sizeof c, CW, 0), lit(c + 16, sizeof c - 16, tcw, 0));
  for (int p = 0; p < d; p++) {
    vw_line(w, "upv%d_q <= %s; src%d_q <= 7'd0;", p, lit(a, sizeof a, CW, 0), p);
    emit_store_clear(w, k, p);
  }
}

/* the control registers in a cycle of a run */
static void emit_control_step(vwriter *w, const kbrt_design *k) {
  char a[32], b[32], c[32];
  int d = k->d, TW = k->cycle_width;
  vw_line(w, "if (cyc_q != {%d{1'b1}}) cyc_q <= cyc_q + %s;", TW, lit(a, sizeof a, TW, 1));
  vw_line(w, "in_up_q <= (cyc_q >= %s) & (cyc_q <= %s);  // the next slot, cyc_q + 1, in 2..%d", lit(a, sizeof a, TW, 1),
          lit(b, sizeof b, TW, (uint32_t)d), d + 1);
  vw_line(w, "in_dn_q <= (cyc_q >= %s) & (cyc_q <= %s);  // in %d..%d", lit(a, sizeof a, TW, (uint32_t)d + 1),
          lit(b, sizeof b, TW, 2 * (uint32_t)d), d + 2, 2 * d + 1);
  vw_line(w, "if (in_up) uacc_q <= up_now;");
  vw_line(w, "if ((cyc_q >= %s) & (cyc_q <= %s)) dacc_q <= dcur + dn_add;", lit(a, sizeof a, TW, (uint32_t)d + 1),
          lit(b, sizeof b, TW, 2 * (uint32_t)d + 1));
  vw_open(w, "if (cyc_q == %s) begin", lit(a, sizeof a, TW, 2 * (uint32_t)d + 1));
  vw_line(w, "own_at_q <= own_at;");
  vw_line(w, "own_root_q <= own_root;");
  vw_close(w, "end");
  vw_open(w, "if (is_root & (cyc_q == %s)) begin  // K arrives from node 0", lit(a, sizeof a, TW, 2 * (uint32_t)d + 2));
  vw_line(w, "k_q <= 1'b1;");
  vw_line(w, "p3_q <= p3_of(k_in);");
  vw_line(w, "end_q <= end_of(k_in) + {%s, {%s, lvl} < {%s, tree_of(k_in)}};  // + 1 if j = lvl+1 <= K mod d",
          lit(a, sizeof a, TW - 1, 0), lit(b, sizeof b, 8 - k->lvl_width, 0), lit(c, sizeof c, 8 - k->port_width, 0));
  vw_close(w, "end");
  for (int p = 0; p < d; p++) {
    vw_line(w, "upv%d_q <= upv%d;", p, p);
    vw_line(w, "b%d_c_q <= b%d_c_d;", p, p);
    vw_line(w, "b%d_ne_q <= b%d_c_d != %s;", p, p, lit(a, sizeof a, sizes_of(k).cw, 0));
    vw_line(w, "if (b%d_we) b%d_wa_q <= b%d_wa_inc;", p, p, p);
    vw_line(w, "b%d_ra_q <= b%d_ra_d;", p, p);
    vw_line(w, "q%d_cm_q <= q%d_cm_d;", p, p);
    vw_line(w, "q%d_cmv_q <= q%d_cm_d != %s;", p, p, lit(a, sizeof a, d + 1, 0));
    vw_line(w, "q%d_hc_q <= q%d_hc_d;", p, p);
    vw_line(w, "q%d_mc_q <= q%d_mc_d;", p, p);
    vw_line(w, "if (q%d_push) q%d_mw_q <= q%d_mw_inc;", p, p, p);
    vw_line(w, "if (q%d_next) q%d_mr_q <= q%d_mr_inc;", p, p, p);
    vw_line(w, "tx%d_valid_q <= tx%d_next;", p, p);
    vw_line(w, "src%d_q <= src%d;", p, p);
  }
  vw_line(w, "terms_q <= terms_d;");
  vw_line(w, "own_v_q <= inj_req_o;");
  vw_line(w, "rend_q <= is_root & k_q & (cyc_q + %s == end_q);", lit(a, sizeof a, TW, 1));
  vw_line(w, "p3_on_q <= is_root & k_q & (cyc_q + %s >= p3_q);  // p3_q is set in cycle %d, long before", lit(a, sizeof a, TW, 1),
          2 * d + 2);
  vw_line(w, "if (root_end) term_sent_q <= 1'b1;");
  vw_line(w, "if (fault_now | fault_last) err_q <= 1'b1;");
  vw_open(w, "if (finish) begin");
  vw_line(w, "run_q <= 1'b0;");
  vw_line(w, "done_q <= 1'b1;");
  vw_close(w, "end");
}

/* the control registers: reset, start, run */
static void emit_control(vwriter *w, const kbrt_design *k) {
  vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
  vw_open(w, "if (!rst_ni) begin");
  emit_control_reset(w, k);
  vw_close(w, "end else if (!run_q) begin");
  w->indent++;
  vw_open(w, "if (start_i) begin");
  emit_control_start(w, k);
  vw_close(w, "end");
  vw_close(w, "end else begin");
  w->indent++;
  vw_line(w, "own_cap_q <= inj_req_o;");
  if (k->stages == 1) vw_line(w, "ph_q <= ~ph_q;");
  else if (k->stages) vw_line(w, "ph_q <= slot_en ? 2'd0 : ph_q + 2'd1;");
  vw_open(w, "if (slot_en) begin  // the slot's last cycle");
  emit_control_step(w, k);
  vw_close(w, "end");
  vw_close(w, "end");
  vw_close(w, "end");
}

/* the registers without a reset: the own packet and the lanes' flits */
static void emit_data_registers(vwriter *w, const kbrt_design *k) {
  int d = k->d;
  vw_blank(w);
  vw_line(w, "// data registers (no reset: read only where a valid bit or count says so)");
  vw_open(w, "always @(posedge clk_i) begin");
  vw_line(w, "if (own_cap_q) own_q <= inj_flit_i;");
  for (int q = 0; q < d; q++) vw_line(w, "if (slot_en) tx%d_q <= tx%d_d;", q, q);
  vw_close(w, "end");
}

void kbrt_emit_router(vwriter *w, const char *header, const kbrt_design *k) {
  emit_intro(w, header, k);
  emit_ports(w, k);
  w->indent = 1;
  emit_config(w, k);
  emit_functions(w, k);
  emit_decoded(w, k);
  emit_registers(w, k);
  emit_receptions(w, k);
  emit_phase1(w, k);
  emit_phase2(w, k);
  emit_root_list(w, k);
  for (int q = 0; q < k->d; q++) emit_lane(w, k, q);
  emit_termination(w, k);
  emit_control(w, k);
  emit_data_registers(w, k);
  emit_endmodule(w);
}
