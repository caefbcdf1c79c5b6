// The run-time active-set router of paper 004's partial exchange (§4) on a P x P torus or mesh,
// P = 2^LOGP (docs/ARCHITECTURE.md "A run-time active set for PMNB and partial exchange";
// docs/PEXCHANGE.md "The run-time order"). No schedule ROM: every router is this module, cfg_i =
// {x1, x0} its coordinates. A run executes the golden model's `--alg 004-runtime` row for row:
//   slots 1..S      phase 1 (S = P-1): along every row and column at once, position t-1 sends
//                   position t the active nodes among 0..t-1 (lane 2i, +1) and position P-t
//                   sends P-t-1 those among P-t..P-1 (lane 2i+1, -1), each count passed on with
//                   the node's own bit added as it arrives. A node's line counts are both sums
//                   plus its bit; its class: R (first leg along dimension 0) if r <= c, else C.
//   slots S+1..     phase 2: every packet goes first along its class's dimension, then along the
//                   other, each leg on a torus the shorter way (a tie +1). Each out-lane sends, in
//                   this order, a first-leg packet arriving from the lane straight behind (it
//                   never waits: at most one arrives a slot, and it goes first), its own packet if
//                   it is a first-leg one, the head of its second-leg FIFO, its own packet (004's
//                   rule (a): first legs first; rule (b): it sends whenever it holds something).
//                   The FIFO takes the packets that arrive for it in a cycle in lane order; empty,
//                   it passes its oldest arrival straight on (the golden model's "received in
//                   slot s, sent from s+1"). Own packets wait in the mailbox, in the order of a
//                   sequencer per lane: most hops first, then most along the lane's dimension,
//                   then the other leg's +1 way before its -1 way.
// Lanes: lane 2i sends to the i+ neighbour and receives from it (flits moving i-), lane 2i+1 the
// same with the i- neighbour; a mesh's missing neighbours read as silence and are never sent to.
// Flits: {dest[A-1:0], first, kind[1:0], origin[A-1:0], payload[W-1:0]}; kind 0 a counter (its
// value in the payload's low LOGP+1 bits), 1 a packet (first: its class's dimension).
// Local port: bcast_i (this node is active) is sampled at start. The own packets are written
// into the mailbox before: inj_we_i stores inj_flit_i = {dest, payload} as the packet for dest,
// at any edge but while a run still reads them (then the write is refused and err_o raised).
// Nothing is asked of the local port in a given cycle. Deliveries: dlv<q> hands over a packet
// for this node in the cycle it arrives on lane q ({origin, payload}).
// Slot s is decided in cycle s after the start edge and on the wires in cycle s+1. done_o: this
// router sends nothing in this cycle's slot of phase 2 (nothing queued, no own packet left);
// the fabric's AND of them is the run's end, after its last slot + 1 cycles. err_o (latched until
// the next start): a FIFO written beyond its 2^LOGD entries, a packet on a route the rules rule
// out (a first leg arriving from the side, a turn back), a packet in phase 1 or a counter after
// it, a mailbox write during the run.
`default_nettype none
module romnoc_pexrt_router #(
    parameter LOGP = 2,   // P = 2^LOGP nodes a line: 4, 8 or 16
    parameter TORUS = 1,  // 1 torus, 0 mesh
    parameter W = 32,     // payload bits, at least LOGP+1 (a counter travels in the payload)
    parameter LOGD = 3    // each out-lane's FIFO of second-leg packets holds 2^LOGD
) (
    input  wire                      clk_i,
    input  wire                      rst_ni,      // asynchronous, active low
    input  wire                      start_i,     // not running or done: sample bcast_i and run
    output wire                      done_o,
    output wire                      slot_o,      // the last cycle of a slot (always 1: one-cycle slots)
    output wire                      err_o,
    input  wire [2*LOGP-1:0]         cfg_i,       // {x1, x0} (constant)
    input  wire                      bcast_i,     // this node is active: it sends a packet to every other
    output wire                      inj_req_o,   // the start of an active node's run is taken at this edge
    input  wire                      inj_we_i,    // write inj_flit_i into the mailbox
    input  wire [2*LOGP+W-1:0]       inj_flit_i,  // {dest, payload}: the own packet for dest
    output wire                      tx0_valid_o,
    output wire [4*LOGP+W+2:0]       tx0_flit_o,
    input  wire                      rx0_valid_i,
    input  wire [4*LOGP+W+2:0]       rx0_flit_i,
    output wire                      dlv0_valid_o,
    output wire [2*LOGP+W-1:0]       dlv0_flit_o,
    output wire                      tx1_valid_o,
    output wire [4*LOGP+W+2:0]       tx1_flit_o,
    input  wire                      rx1_valid_i,
    input  wire [4*LOGP+W+2:0]       rx1_flit_i,
    output wire                      dlv1_valid_o,
    output wire [2*LOGP+W-1:0]       dlv1_flit_o,
    output wire                      tx2_valid_o,
    output wire [4*LOGP+W+2:0]       tx2_flit_o,
    input  wire                      rx2_valid_i,
    input  wire [4*LOGP+W+2:0]       rx2_flit_i,
    output wire                      dlv2_valid_o,
    output wire [2*LOGP+W-1:0]       dlv2_flit_o,
    output wire                      tx3_valid_o,
    output wire [4*LOGP+W+2:0]       tx3_flit_o,
    input  wire                      rx3_valid_i,
    input  wire [4*LOGP+W+2:0]       rx3_flit_i,
    output wire                      dlv3_valid_o,
    output wire [2*LOGP+W-1:0]       dlv3_flit_o
);
  localparam P = 1 << LOGP;
  localparam A = 2 * LOGP;       // node ids
  localparam CW = LOGP + 1;      // counts 0..P
  localparam PW = A + W;         // {origin, payload}
  localparam FW = 2 * A + W + 3; // a flit
  localparam QW = 2 * A + W;     // a queued packet {dest, origin, payload}
  localparam N = P * P;
  localparam D = 1 << LOGD;
  localparam SQW = 2 * LOGP + 3;  // a sequencer element {hops, along, way, done}
  localparam [LOGP:0] SP = P;    // the first slot of phase 2 (S + 1)
  localparam [LOGP:0] ST1 = 1;
  localparam [LOGP-1:0] HALF = P / 2;
  localparam [LOGP-1:0] TOP = P - 1;
  localparam [LOGP-1:0] ZERO = 0;
  localparam [LOGP:0] ZERO_W = 0;

  wire [LOGP-1:0] xc[0:1];  // the coordinates
  assign xc[0] = cfg_i[LOGP-1:0];
  assign xc[1] = cfg_i[2*LOGP-1:LOGP];

  // ---- the run ------------------------------------------------------------------------------
  reg run_q, done_q, err_q, act_q, p2seen_q, first_q;
  reg [LOGP:0] st_q;                          // this cycle's slot while <= S + 1, then S + 1
  wire take = start_i & (~run_q | done_q);    // a start is taken at this edge
  wire in_p1 = run_q & (st_q != SP);
  wire p2 = run_q & (st_q == SP);
  wire p2_first = p2 & ~p2seen_q;             // the first cycle of phase 2: the class is decided now
  assign slot_o = 1'b1;
  assign done_o = done_q;
  assign inj_req_o = take & bcast_i;
  assign err_o = err_q;

  // ---- receptions (the slot before this cycle's) ----------------------------------------------
  wire [FW-1:0] rx[0:3];
  wire [3:0] rxv = {rx3_valid_i, rx2_valid_i, rx1_valid_i, rx0_valid_i};
  assign rx[0] = rx0_flit_i;
  assign rx[1] = rx1_flit_i;
  assign rx[2] = rx2_flit_i;
  assign rx[3] = rx3_flit_i;
  wire [3:0] rxc, rxd;      // a counter, a packet
  wire [3:0] rdlv, rlvl;    // a packet for this node; a packet on its second leg here
  wire [1:0] rout[0:3];     // the lane a packet leaves on
  wire [QW-1:0] apk[0:3];   // a packet as the FIFOs keep it
  wire [CW-1:0] rval[0:3];  // a counter's value
  genvar q;
  generate
    for (q = 0; q < 4; q = q + 1) begin : g_rx
      wire [A-1:0] dst = rx[q][FW-1:FW-A];
      wire fst = rx[q][FW-A-1];
      wire [1:0] kind = rx[q][PW+1:PW];
      assign rxc[q] = rxv[q] & (kind == 2'd0);
      assign rxd[q] = rxv[q] & (kind == 2'd1);
      assign rval[q] = rx[q][CW-1:0];
      assign apk[q] = {dst, rx[q][PW-1:0]};
      wire [LOGP-1:0] dc[0:1];
      assign dc[0] = dst[LOGP-1:0];
      assign dc[1] = dst[A-1:LOGP];
      // per dimension: the packet still has hops along it, and goes the -1 way
      wire [1:0] far, minus;
      wire [LOGP-1:0] fwd0 = dc[0] - xc[0], fwd1 = dc[1] - xc[1];
      assign far = {dc[1] != xc[1], dc[0] != xc[0]};
      assign minus = (TORUS != 0) ? {fwd1 > HALF, fwd0 > HALF} : {dc[1] < xc[1], dc[0] < xc[0]};
      wire leg1 = far[fst];
      wire dim = leg1 ? fst : ~fst;
      assign rlvl[q] = ~leg1;
      assign rdlv[q] = ~far[0] & ~far[1];
      assign rout[q] = {dim, minus[dim]};
    end
  endgenerate

  // ---- phase 1: the line counts ----------------------------------------------------------------
  reg [CW-1:0] fwd_q[0:1], rev_q[0:1];  // the counts from below and from above, as they arrived
  wire [CW-1:0] cnt[0:1];
  wire [CW-1:0] actw = {{(CW - 1) {1'b0}}, act_q};
  wire [1:0] fsend, bsend;              // this slot sends the forward, the backward counter
  wire [CW-1:0] fvalue[0:1], bvalue[0:1];
  genvar i;
  generate
    for (i = 0; i < 2; i = i + 1) begin : g_dim
      wire [CW-1:0] fnow = rxc[2*i+1] ? rval[2*i+1] : fwd_q[i];
      wire [CW-1:0] bnow = rxc[2*i] ? rval[2*i] : rev_q[i];
      assign cnt[i] = fnow + bnow + actw;
      assign fsend[i] = in_p1 & (st_q == {1'b0, xc[i]} + ST1) & (xc[i] != TOP);
      assign bsend[i] = in_p1 & (st_q == SP - {1'b0, xc[i]}) & (xc[i] != ZERO);
      assign fvalue[i] = ((xc[i] == ZERO) ? {CW{1'b0}} : rval[2*i+1]) + actw;
      assign bvalue[i] = ((xc[i] == TOP) ? {CW{1'b0}} : rval[2*i]) + actw;
      always @(posedge clk_i) begin
        if (take) begin
          fwd_q[i] <= {CW{1'b0}};
          rev_q[i] <= {CW{1'b0}};
        end else begin
          if (rxc[2*i+1]) fwd_q[i] <= rval[2*i+1];
          if (rxc[2*i]) rev_q[i] <= rval[2*i];
        end
      end
    end
  endgenerate
  wire first = p2_first ? (cnt[0] > cnt[1]) : first_q;  // the class's first dimension: 0 R, 1 C

  // ---- the mailbox: the own packets, by destination --------------------------------------------
  reg [W-1:0] mbox[0:N-1];
  wire [3:0] own_left;  // a lane still has own packets to send
  wire mbox_busy = run_q & act_q & (in_p1 | (|own_left));
  always @(posedge clk_i) if (inj_we_i & ~mbox_busy) mbox[inj_flit_i[PW-1:W]] <= inj_flit_i[W-1:0];

  // ---- phase 2: per out-lane the own-packet sequencer and a FIFO of second-leg packets ----------
  wire [3:0] send, lane_err;
  wire [FW-1:0] txf[0:3];
  genvar o;
  generate
    for (o = 0; o < 4; o = o + 1) begin : g_lane
      localparam DIM = o / 2;   // the lane's dimension
      localparam UP = (o % 2) == 0;
      localparam STRAIGHT = o ^ 1;  // the lane a packet going straight on arrives on
      localparam [0:0] DIMB = (o / 2) == 1;
      wire [LOGP-1:0] xi = xc[DIM], xj = xc[1-DIM];
      // -- the sequencer (romnoc_pexrt_seq). Its first element and the one after are prepared
      // in phase 1 for either class (c = 0, 1: pre_*_q[c]), so the class, known only in phase
      // 2's first cycle, merely picks one.
      wire lvl0 = first_q == DIMB;  // own packets here are first-leg ones (from phase 2's second cycle)
      reg [LOGP:0] sd_q;
      reg [LOGP-1:0] sa_q;
      reg ss_q, sdone_q;
      reg [A-1:0] pre_dest_q[0:1];
      reg [SQW-1:0] pre_next_q[0:1];
      wire [SQW-1:0] now_next;  // the element after (sd_q, sa_q, ss_q)
      wire [A-1:0] now_dest;
      wire empty;  // no destination lies beyond this lane
      romnoc_pexrt_seq #(.LOGP(LOGP), .TORUS(TORUS), .DIM(DIM), .UP(UP)) u_now (
          .xi_i(xi), .xj_i(xj), .lvl0_i(lvl0), .first_i(1'b0), .sd_i(sd_q), .sa_i(sa_q), .ss_i(ss_q),
          .next_o(now_next), .dest_o(now_dest), .empty_o(empty));
      genvar c;
      for (c = 0; c < 2; c = c + 1) begin : g_class
        localparam [0:0] LVL0 = c == DIM;
        wire [SQW-1:0] nxt;
        wire [A-1:0] dst;
        wire unused_empty;
        romnoc_pexrt_seq #(.LOGP(LOGP), .TORUS(TORUS), .DIM(DIM), .UP(UP)) u_first (
            .xi_i(xi), .xj_i(xj), .lvl0_i(LVL0), .first_i(1'b1), .sd_i(ZERO_W), .sa_i(ZERO), .ss_i(1'b0),
            .next_o(nxt), .dest_o(dst), .empty_o(unused_empty));
        always @(posedge clk_i)
          if (in_p1) begin
            pre_next_q[c] <= nxt;
            pre_dest_q[c] <= dst;
          end
      end
      wire sdone = p2_first ? (empty | ~act_q) : sdone_q;
      assign own_left[o] = ~sdone;
      wire [A-1:0] odest = p2_first ? pre_dest_q[first] : now_dest;
      wire [W-1:0] opay = mbox[odest];
      wire [SQW-1:0] onext = p2_first ? pre_next_q[first] : now_next;
      wire own_ok = p2 & ~sdone;
      // -- level 1 (first legs) has no FIFO: such a packet arrives only on the lane straight
      // behind, at most one a slot, and goes first, so it always leaves in the next slot (a
      // first leg arriving from elsewhere is a fault). Level 2 (second legs) has a FIFO, fed by
      // the other three lanes.
      reg [QW-1:0] mem2[0:D-1];
      reg [LOGD-1:0] h2_q;
      reg [LOGD+1:0] n2_q;  // up to D + 3 in the cycle after an overflow
      wire [3:0] a2;  // arrivals for level 2, by lane
      wire c1v = rxd[STRAIGHT] & ~rdlv[STRAIGHT] & ~rlvl[STRAIGHT] & (rout[STRAIGHT] == o);
      wire bad = |(rxd & ~rdlv & ~rlvl & {rout[3] == o, rout[2] == o, rout[1] == o, rout[0] == o} &
                   ~(4'b0001 << STRAIGHT)) | (rxd[o] & ~rdlv[o] & (rout[o] == o));
      for (q = 0; q < 4; q = q + 1) begin : g_src
        assign a2[q] = (q != o) & rxd[q] & ~rdlv[q] & rlvl[q] & (rout[q] == o);
      end
      wire [1:0] fa = a2[0] ? 2'd0 : a2[1] ? 2'd1 : a2[2] ? 2'd2 : 2'd3;  // the first arrival
      wire e2 = n2_q == {(LOGD + 2) {1'b0}};
      wire c2v = ~e2 | (|a2);
      wire [QW-1:0] c2 = e2 ? apk[fa] : mem2[h2_q];
      wire so1 = ~c1v & own_ok & lvl0;
      wire sr2 = ~c1v & ~so1 & c2v;
      wire so2 = ~c1v & ~so1 & ~c2v & own_ok & ~lvl0;
      wire so = so1 | so2;
      assign send[o] = p2 & (c1v | so1 | sr2 | so2);
      wire [QW-1:0] pk = c1v ? apk[STRAIGHT] : sr2 ? c2 : {odest, cfg_i, opay};
      wire fbit = c1v ? DIMB : sr2 ? ~DIMB : first;
      assign txf[o] = {pk[QW-1:QW-A], fbit, 2'b01, pk[PW-1:0]};
      // the FIFO: every arrival is written, and the packet that went popped. Empty, the FIFO's
      // head is its first arrival (entry tail + 0), so a packet passed straight on is written
      // and popped in the same cycle, and the writes do not wait for the lane's choice.
      wire pop2 = p2 & sr2;
      wire [3:0] w2 = a2;  // the writes
      // the k-th write (k = 0, 1, 2: a2[o] is never set, so three lanes at most) goes to the
      // entry k after the tail: wd[k] is the k-th writing lane's packet
      wire [QW-1:0] wd[0:2];
      assign wd[0] = w2[0] ? apk[0] : w2[1] ? apk[1] : w2[2] ? apk[2] : apk[3];
      assign wd[1] = w2[0] ? (w2[1] ? apk[1] : w2[2] ? apk[2] : apk[3]) : w2[1] ? (w2[2] ? apk[2] : apk[3]) : apk[3];
      assign wd[2] = (w2[0] & w2[1] & w2[2]) ? apk[2] : apk[3];
      wire [LOGD:0] nw = {{(LOGD) {1'b0}}, w2[0]} + {{(LOGD) {1'b0}}, w2[1]} + {{(LOGD) {1'b0}}, w2[2]} +
                         {{(LOGD) {1'b0}}, w2[3]};
      // the count may pass D: the overflow is reported from the register, a cycle later
      wire [LOGD+1:0] n2n = n2_q - {{(LOGD + 1) {1'b0}}, pop2} + {1'b0, nw};
      wire [LOGD-1:0] t2 = h2_q + n2_q[LOGD-1:0];
      assign lane_err[o] = (n2_q > {1'b0, D[LOGD:0]}) | bad;
      genvar e;
      for (e = 0; e < D; e = e + 1) begin : g_entry
        localparam [LOGD-1:0] EI = e;
        wire [LOGD-1:0] off = EI - t2;  // this entry's place after the tail
        always @(posedge clk_i)
          if ({1'b0, off} < nw) mem2[e] <= (off == {LOGD{1'b0}}) ? wd[0] : off[0] ? wd[1] : wd[2];
      end
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          h2_q <= {LOGD{1'b0}};
          n2_q <= {(LOGD + 2) {1'b0}};
          sd_q <= ZERO_W; sa_q <= ZERO; ss_q <= 1'b0; sdone_q <= 1'b1;
        end else if (take) begin
          h2_q <= {LOGD{1'b0}};
          n2_q <= {(LOGD + 2) {1'b0}};
          sdone_q <= ~bcast_i;
        end else begin
          h2_q <= h2_q + {{(LOGD - 1) {1'b0}}, pop2};
          n2_q <= n2n;
          if (p2 & so) {sd_q, sa_q, ss_q, sdone_q} <= onext;  // the element after the one that went
          else if (p2_first) sdone_q <= sdone;
        end
      end
    end
  endgenerate

  // ---- the lanes' output registers ----------------------------------------------------------
  reg [3:0] txv_q;
  reg [FW-1:0] txf_q[0:3];
  wire [1:0] csend[0:1];
  assign csend[0] = {bsend[0], fsend[0]};
  assign csend[1] = {bsend[1], fsend[1]};
  wire [3:0] ctx = {csend[1], csend[0]};  // counters: lane 2i forward, 2i+1 backward
  wire [CW-1:0] cval[0:3];
  assign cval[0] = fvalue[0];
  assign cval[1] = bvalue[0];
  assign cval[2] = fvalue[1];
  assign cval[3] = bvalue[1];
  generate
    for (o = 0; o < 4; o = o + 1) begin : g_out
      always @(posedge clk_i) txf_q[o] <= send[o] ? txf[o] : {{(FW - CW) {1'b0}}, cval[o]};
    end
  endgenerate
  assign tx0_valid_o = txv_q[0];
  assign tx1_valid_o = txv_q[1];
  assign tx2_valid_o = txv_q[2];
  assign tx3_valid_o = txv_q[3];
  assign tx0_flit_o = txf_q[0];
  assign tx1_flit_o = txf_q[1];
  assign tx2_flit_o = txf_q[2];
  assign tx3_flit_o = txf_q[3];
  wire [3:0] dlv = rxd & rdlv;
  assign dlv0_valid_o = dlv[0];
  assign dlv1_valid_o = dlv[1];
  assign dlv2_valid_o = dlv[2];
  assign dlv3_valid_o = dlv[3];
  assign dlv0_flit_o = rx[0][PW-1:0];
  assign dlv1_flit_o = rx[1][PW-1:0];
  assign dlv2_flit_o = rx[2][PW-1:0];
  assign dlv3_flit_o = rx[3][PW-1:0];

  // ---- faults and state ---------------------------------------------------------------------------
  wire fault = (|lane_err) | (in_p1 & (|rxd)) | (p2 & ~p2_first & (|rxc)) | (inj_we_i & mbox_busy);
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q <= 1'b0; done_q <= 1'b0; err_q <= 1'b0; act_q <= 1'b0; p2seen_q <= 1'b0; first_q <= 1'b0;
      st_q <= ST1; txv_q <= 4'b0000;
    end else if (take) begin
      run_q <= 1'b1; done_q <= 1'b0; err_q <= 1'b0; act_q <= bcast_i; p2seen_q <= 1'b0;
      st_q <= ST1; txv_q <= 4'b0000;
    end else begin
      err_q <= err_q | fault;
      txv_q <= send | ctx;
      if (run_q) begin
        if (st_q != SP) st_q <= st_q + ST1;
        if (p2) begin
          p2seen_q <= 1'b1;
          first_q <= first;
          done_q <= ~(|send);
        end
      end
    end
  end
endmodule
`default_nettype wire
