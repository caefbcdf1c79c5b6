// One parallel prefix of pmnb's rank phase (paper 004 §3.1 Phase 1, Fig. 2; cmodel/model/
// pmnb_prefix.h writes the same rows) on a P x P torus or mesh, over dimensions a (the least
// significant digit) and b: 4 subphases of S = P-1 steps, one step a slot.
//   F0  along a, every line: the node at a-coordinate t-1 sends a+ the count so far + x;
//   F1  along b, the line a = P-1: the node at b = t-1 sends b+ the count so far + sub, where
//       sub = x + (what F0 brought: the row's count at its top);
//   R1  back along b on that line: the corner (P-1, P-1) sends b- 0 (the line's offset) and M in
//       aux (sub + what F1 brought); the others pass both on; a node's offset = it + its F1 count;
//   R0  back along a, every line: the row's top sends a- its offset, the others pass it on; a
//       node's rank = the row's offset + its F0 count (the members before it in the order that
//       reads a first).
// The arrival of a slot is seen in the next (the neighbour's registered output), which may be
// the next subphase's first: asub_i says which subphase the arrival belongs to, and the values
// a send needs in the cycle its arrival is seen are taken from the lane (the *_now nets).
// Flit fields as the router's: the count in val, M in aux.
`default_nettype none
module romnoc_pmnbrt_prefix #(
    parameter LOGP = 2,
    parameter CW = 2 * LOGP + 1  // counts 0..P*P
) (
    input  wire            clk_i,
    input  wire            run_i,    // this prefix runs in the slot this cycle decides
    input  wire [1:0]      sub_i,    // its subphase: 0 F0, 1 F1, 2 R1, 3 R0
    input  wire [LOGP-1:0] st_i,     // its step, 1..P-1
    input  wire            arun_i,   // the arrivals seen this cycle are this prefix's
    input  wire [1:0]      asub_i,   // and of this subphase
    input  wire [LOGP-1:0] ca_i,     // the node's coordinate along a
    input  wire [LOGP-1:0] cb_i,     // along b
    input  wire            x_i,      // the node is a member (counted)
    input  wire            ap_v_i,   // a counter moving a+ (from the a- neighbour)
    input  wire [CW-1:0]   ap_val_i,
    input  wire            an_v_i,   // moving a- (from the a+ neighbour)
    input  wire [CW-1:0]   an_val_i,
    input  wire [CW-1:0]   an_aux_i,
    input  wire            bp_v_i,   // moving b+
    input  wire [CW-1:0]   bp_val_i,
    input  wire            bn_v_i,   // moving b-
    input  wire [CW-1:0]   bn_val_i,
    input  wire [CW-1:0]   bn_aux_i,
    output wire            tap_o,    // sends a+ (out-lane 2a)
    output wire            tan_o,    // sends a- (2a+1)
    output wire            tbp_o,    // sends b+ (2b)
    output wire            tbn_o,    // sends b- (2b+1)
    output wire [CW-1:0]   val_o,    // what it sends (one lane at most)
    output wire [CW-1:0]   aux_o,
    output wire [CW-1:0]   rank_o,   // the rank, from the cycle after R0 (its last counter seen then)
    output wire [CW-1:0]   m_o       // M (the members), likewise
);
  localparam [LOGP-1:0] TOP = {LOGP{1'b1}};  // P-1
  localparam [CW-1:0] ZERO = {CW{1'b0}};
  reg [CW-1:0] ga_q, gb_q;  // the counts F0 and F1 brought (0 at a line's first node)
  reg [CW-1:0] off_q;       // the offset R1 brought (on the line a = P-1)
  reg [CW-1:0] rank_q, m_q;
  wire in_f0 = arun_i & (asub_i == 2'd0), in_f1 = arun_i & (asub_i == 2'd1);
  wire in_r1 = arun_i & (asub_i == 2'd2), in_r0 = arun_i & (asub_i == 2'd3);
  wire [CW-1:0] ga_now = (in_f0 & ap_v_i) ? ap_val_i : ga_q;
  wire [CW-1:0] gb_now = (in_f1 & bp_v_i) ? bp_val_i : gb_q;
  wire [CW-1:0] sub_now = ga_now + {{(CW - 1) {1'b0}}, x_i};
  wire corner = (ca_i == TOP) & (cb_i == TOP);
  wire r1_get = in_r1 & bn_v_i, r0_get = in_r0 & an_v_i;
  wire [CW-1:0] off_now = r1_get ? bn_val_i + gb_q : off_q;
  wire [CW-1:0] m_now = r0_get ? an_aux_i : r1_get ? bn_aux_i : m_q;
  wire [LOGP-1:0] prev = st_i - 1'b1;     // t-1
  wire [LOGP-1:0] back = TOP - prev;      // P-t
  wire f0 = run_i & (sub_i == 2'd0), f1 = run_i & (sub_i == 2'd1);
  wire r1 = run_i & (sub_i == 2'd2), r0 = run_i & (sub_i == 2'd3);
  assign tap_o = f0 & (ca_i == prev);
  assign tbp_o = f1 & (ca_i == TOP) & (cb_i == prev);
  assign tbn_o = r1 & (ca_i == TOP) & (cb_i == back);
  assign tan_o = r0 & (ca_i == back);
  wire [CW-1:0] f0_val = ((ca_i == {LOGP{1'b0}}) ? ZERO : ap_val_i) + {{(CW - 1) {1'b0}}, x_i};
  wire [CW-1:0] f1_val = ((cb_i == {LOGP{1'b0}}) ? ZERO : bp_val_i) + sub_now;
  wire [CW-1:0] r1_val = corner ? ZERO : bn_val_i;
  wire [CW-1:0] r0_val = (ca_i == TOP) ? off_now : an_val_i;
  assign val_o = ({CW{tap_o}} & f0_val) | ({CW{tbp_o}} & f1_val) | ({CW{tbn_o}} & r1_val) | ({CW{tan_o}} & r0_val);
  assign aux_o = ({CW{tbn_o}} & (corner ? sub_now + gb_now : bn_aux_i)) | ({CW{tan_o}} & ((ca_i == TOP) ? m_now : an_aux_i));
  // read in the cycle after R0 (the next prefix's first, or packing's), when the arrival seen is
  // the last step's, at a line's first node (ca = 0), whose F0 count is 0: no adder on the path
  assign rank_o = r0_get ? an_val_i : rank_q;
  assign m_o = m_now;
  wire corner_r1 = r1 & corner & (st_i == {{(LOGP - 1) {1'b0}}, 1'b1});  // the corner starts R1: its offset 0 + gb, M = sub + gb
  wire top_r0 = r0 & (ca_i == TOP) & (st_i == {{(LOGP - 1) {1'b0}}, 1'b1});  // a row's top starts R0: rank = offset + ga
  always @(posedge clk_i) begin
    if (f0 & (st_i == {{(LOGP - 1) {1'b0}}, 1'b1})) begin  // a new prefix
      ga_q <= ZERO;
      gb_q <= ZERO;
    end else begin
      if (in_f0 & ap_v_i) ga_q <= ap_val_i;
      if (in_f1 & bp_v_i) gb_q <= bp_val_i;
    end
    if (corner_r1) begin
      off_q <= gb_now;
      m_q <= sub_now + gb_now;
    end else if (r1_get) begin
      off_q <= off_now;
      m_q <= bn_aux_i;
    end else if (r0_get) m_q <= an_aux_i;
    if (top_r0) rank_q <= off_now + ga_q;
    else if (r0_get) rank_q <= an_val_i + ga_q;
  end
endmodule
`default_nettype wire
