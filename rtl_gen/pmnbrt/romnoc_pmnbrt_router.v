// The run-time active-set router of paper 004's partial multinode broadcast (§3.2 whole packets, or
// §3.1 split into pieces with SPLIT = 1) on a P x P torus or mesh, P = 2^LOGP (docs/ARCHITECTURE.md
// "A run-time active set for PMNB and partial exchange"). No schedule ROM: a node learns whether
// it is active from bcast_i at start (its own packet from inj_flit_i, sampled with it), and every
// router is this module; what differs is cfg_i = {x1, x0}, the node's coordinates (its id is
// x0 + P*x1). A run executes the golden model's `--alg 004-runtime` (with `--split` under SPLIT)
// row for row (S = P-1):
//   slots 1..4S      prefix 1 (romnoc_pmnbrt_prefix, rotation 0) over the active set: the rank r
//                    in the usual order, the class c = r mod 2, and M (whole packets only);
//   then 4S steps    prefixes 2, both classes at once on rotated dimensions: the rank r_c of the
//                    node among its class in c's order (c's digit 0 along dimension c); split,
//                    every active node is in both classes and a step is F slots (one packet
//                    time: F = 2 pieces on a mesh, 4 on a torus), its counter in the first;
//   packing (Thm 3): two windows; in window j class c moves along dimension c^j from its digit
//                    to its target's (the node numbered r_c in c's order), one hop a slot,
//                    stopping where the digits agree; the target rides in the flit's aux field.
//                    A window is S slots, or under SPLIT on a torus 2S: the class's two halves
//                    (pieces 2c and 2c+1) one after the other;
//   then broadcast (Thm 5): subphase 1 along dimension 1-c, one round; subphase 2 along
//                    dimension c, R rounds (R = ceil(ceil(M/2)/P) whole, ceil(M/P) split); a
//                    round of RS slots sends a packet both ways along the node's line (mesh:
//                    P-1 slots, to the ends; torus: P/2 slots, P/2 hops up and (P-1)/2 down;
//                    torus split: P-1 slots, half 0 P-1 hops up, half 1 P-1 hops down), relays
//                    passing it on in the next slot. Subphase 1's arrivals are kept in a store
//                    of P entries per class (and half) indexed by the sender's position (the
//                    target's digit 1), which subphase 2 reads in round order.
// Lanes: lane 2i sends to the i+ neighbour and receives from it (flits moving i-), lane 2i+1 the
// same with the i- neighbour; a mesh's missing neighbours read as silence and are never sent to.
// Flits: {piece, aux[CW-1:0], kind[1:0], origin[A-1:0], payload[W-1:0]} (piece: SPLIT only, 1 bit
// on a mesh, 2 on a torus: 2c+half, or c on a mesh); kind 0 a counter (value in the payload's low
// CW bits, M in aux), 1 data (aux = the packing target). Slot s is decided in cycle s after the
// start edge and on the wires in cycle s+1 (registered outputs); a run takes its last slot + 1
// cycles, then done_o. A packet (a piece) is handed to the local port the first time it arrives
// (a bit per origin and piece), never the node's own: dlv flits are {piece, origin, payload}.
// The own packet is inj_flit_i = {origin, payload} (SPLIT: {origin, piece F-1 .. piece 0}, W bits
// each). err_o (latched until the next start): two sources for one lane in a slot, a packet
// stopping where one of its class already waits, or one packet delivered on two lanes in a slot.
`default_nettype none
module romnoc_pmnbrt_router #(
    parameter LOGP = 2,   // P = 2^LOGP nodes a line: 4, 8 or 16
    parameter TORUS = 1,  // 1 torus, 0 mesh
    parameter W = 32,     // payload bits (of a piece under SPLIT), at least 2*LOGP+1 (a counter travels in the payload)
    parameter SPLIT = 0,  // 1: every packet is cut into F pieces (004 §3.1)
    // derived (do not override): pieces a packet, piece bits, flit, delivery and own packet widths
    parameter F = (SPLIT != 0) ? ((TORUS != 0) ? 4 : 2) : 1,
    parameter PBW = (SPLIT != 0) ? ((TORUS != 0) ? 2 : 1) : 0,
    parameter FWP = 4 * LOGP + W + 3 + PBW,
    parameter DWP = 2 * LOGP + W + PBW,
    parameter IWP = 2 * LOGP + F * W
) (
    input  wire                      clk_i,
    input  wire                      rst_ni,      // asynchronous, active low
    input  wire                      start_i,     // while idle: sample bcast_i and run
    output wire                      done_o,      // from the end of a run until the next start
    output wire                      slot_o,      // the last cycle of a slot (always 1: one-cycle slots)
    output wire                      err_o,
    input  wire [2*LOGP-1:0]         cfg_i,       // {x1, x0} (constant)
    input  wire                      bcast_i,     // this node is active: it broadcasts one packet
    output wire                      inj_req_o,   // the own packet is taken at this edge (start, bcast_i high)
    input  wire [IWP-1:0]            inj_flit_i,  // {origin, payload(s)}: sampled with bcast_i at start
    output wire                      tx0_valid_o,
    output wire [FWP-1:0]            tx0_flit_o,
    input  wire                      rx0_valid_i,
    input  wire [FWP-1:0]            rx0_flit_i,
    output wire                      dlv0_valid_o,
    output wire [DWP-1:0]            dlv0_flit_o,
    output wire                      tx1_valid_o,
    output wire [FWP-1:0]            tx1_flit_o,
    input  wire                      rx1_valid_i,
    input  wire [FWP-1:0]            rx1_flit_i,
    output wire                      dlv1_valid_o,
    output wire [DWP-1:0]            dlv1_flit_o,
    output wire                      tx2_valid_o,
    output wire [FWP-1:0]            tx2_flit_o,
    input  wire                      rx2_valid_i,
    input  wire [FWP-1:0]            rx2_flit_i,
    output wire                      dlv2_valid_o,
    output wire [DWP-1:0]            dlv2_flit_o,
    output wire                      tx3_valid_o,
    output wire [FWP-1:0]            tx3_flit_o,
    input  wire                      rx3_valid_i,
    input  wire [FWP-1:0]            rx3_flit_i,
    output wire                      dlv3_valid_o,
    output wire [DWP-1:0]            dlv3_flit_o
);
  localparam P = 1 << LOGP;
  localparam A = 2 * LOGP;       // node ids
  localparam CW = A + 1;         // counts 0..P*P
  localparam PW = A + W;         // {origin, payload}
  localparam FB = PW + 2 + CW;   // a flit without its piece
  localparam FW = FB + PBW;      // a flit
  localparam DW = PW + PBW;      // a delivery
  localparam N = P * P;
  localparam H = (SPLIT != 0 && TORUS != 0) ? 2 : 1;  // halves (pieces) a class
  localparam NK = 2 * H;                               // pieces a node holds: class c's half h is k = c*H + h
  localparam NSRC = 3 + 2 * NK;                        // a lane's sources
  localparam [LOGP-1:0] S = P - 1;                     // steps of a prefix subphase, slots of a window
  localparam [LOGP-1:0] RS = (TORUS != 0 && SPLIT == 0) ? P / 2 : P - 1;  // slots of a broadcast round
  localparam [LOGP-1:0] UP_HOPS = (TORUS != 0 && SPLIT == 0) ? P / 2 : P - 1;  // torus: hops up, hops down
  localparam [LOGP-1:0] DN_HOPS = (TORUS != 0 && SPLIT == 0) ? (P - 1) / 2 : P - 1;
  localparam [LOGP-1:0] ONE = 1;
  localparam [LOGP-1:0] TOP = P - 1;
  localparam integer MN = F - 1, HL = H - 1;
  localparam [1:0] MN_TOP = MN[1:0];  // the last slot of a prefix step
  localparam [0:0] HF_TOP = HL[0:0];  // the last half of a packing window
  // phases
  localparam [3:0] IDLE = 4'd0, PK0 = 4'd9, PK1 = 4'd10, B1 = 4'd11, B2 = 4'd12, FIN = 4'd13;
  localparam [3:0] FIRST = (SPLIT != 0) ? 4'd5 : 4'd1;  // split: prefixes 2 only

  // a flit {piece, aux, kind, payload}, the piece's top bits dropped (all of it without SPLIT)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [FW-1:0] flit_of(input [1:0] pc, input [CW-1:0] aux, input [1:0] kind, input [PW-1:0] pkt);
    reg [FB+1:0] t;
    begin
      t = {pc, aux, kind, pkt};
      flit_of = t[FW-1:0];
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // the flits of the sources a lane has, ORed (one source at most, or err_o)
  function automatic [FW-1:0] selected(input [NSRC-1:0] src, input [NSRC*FW-1:0] flits);
    integer i;
    begin
      selected = {FW{1'b0}};
      for (i = 0; i < NSRC; i = i + 1) selected = selected | ({FW{src[i]}} & flits[i*FW +: FW]);
    end
  endfunction

  wire [LOGP-1:0] xc[0:1];  // the coordinates
  assign xc[0] = cfg_i[LOGP-1:0];
  assign xc[1] = cfg_i[2*LOGP-1:LOGP];

  // ---- the run: phase, step (1..), round -------------------------------------------------
  reg run_q, done_q, err_q, act_q, cls_q;
  reg [3:0] ph_q;                  // the phase of this cycle's slot
  // the phase of the slot whose arrivals are seen (the last cycle's, or under SPLIT in a prefix
  // the last step's), decoded a cycle ahead: prefix 1 or 2 and its subphase, a packing window
  // (the second) and half, broadcast subphase 1 or 2
  reg apf1_q, apf2_q, apk_q, aj_q, ahf_q, ab1_q, ab2_q;
  reg [1:0] asub_q;
  reg [LOGP-1:0] st_q, ast_q;      // the step in the phase (in a broadcast round), likewise
  reg [LOGP-1:0] rnd_q;            // the round of broadcast subphase 2
  reg [1:0] mn_q;                  // the slot in a prefix step (SPLIT)
  reg [0:0] hf_q;                  // the half of a packing window (SPLIT on a torus)
  reg [CW-1:0] m_q;                // M
  // packets per node after subphase 1: ceil(M/2) (the larger class) whole, M split
  wire [CW-1:0] m0 = (SPLIT != 0) ? m_q : {1'b0, m_q[CW-1:1]} + {{(CW - 1) {1'b0}}, m_q[0]};
  wire [CW-1:0] r2_sum = m0 + {{(CW - LOGP) {1'b0}}, TOP};
  wire [LOGP:0] rounds2 = r2_sum[2*LOGP:LOGP];  // rounds of subphase 2: ceil(m0/P) <= P
  wire in_pf = (ph_q >= 4'd1) & (ph_q <= 4'd8);
  wire in_pk = (ph_q == PK0) | (ph_q == PK1);
  wire mn0 = mn_q == 2'd0, step_end = ~in_pf | (mn_q == MN_TOP);
  wire phase_end = (ph_q == FIN) | (in_pf & (st_q == S)) | (in_pk & (st_q == S) & (hf_q == HF_TOP)) |
                   ((ph_q == B1) & (st_q == RS)) | ((ph_q == B2) & (st_q == RS) & ({1'b0, rnd_q} == rounds2 - 1'b1));
  wire [3:0] ph_next = ((ph_q == B1) & (rounds2 == {(LOGP + 1) {1'b0}})) ? FIN : ph_q + 4'd1;
  assign slot_o = 1'b1;
  assign done_o = done_q;
  // the own packet is taken with the set, at start: no request a local port must answer in a
  // given cycle (it may hold bcast_i and inj_flit_i from any time before start)
  reg [IWP-1:0] own_q;
  always @(posedge clk_i) if (!run_q && start_i) own_q <= inj_flit_i;
  assign inj_req_o = ~run_q & start_i & bcast_i;

  // ---- receptions (the slot before this cycle's) ------------------------------------------
  wire [FW-1:0] rx[0:3];
  wire [3:0] rxv = {rx3_valid_i, rx2_valid_i, rx1_valid_i, rx0_valid_i};
  assign rx[0] = rx0_flit_i;
  assign rx[1] = rx1_flit_i;
  assign rx[2] = rx2_flit_i;
  assign rx[3] = rx3_flit_i;
  wire [3:0] rcnt, rdat;
  wire [CW-1:0] rval[0:3], raux[0:3];
  wire [1:0] rpc[0:3];  // a data flit's piece (0 without SPLIT)
  genvar q;
  generate
    for (q = 0; q < 4; q = q + 1) begin : g_rx
      // idle routers send nothing (txv_q is cleared), so a valid flit belongs to the run
      assign rcnt[q] = rxv[q] & (rx[q][PW+1:PW] == 2'd0);
      assign rdat[q] = rxv[q] & (rx[q][PW+1:PW] == 2'd1);
      assign rval[q] = rx[q][CW-1:0];
      assign raux[q] = rx[q][FB-1:FB-CW];
      if (PBW == 0) begin : g_whole
        assign rpc[q] = 2'd0;
      end else begin : g_piece
        assign rpc[q] = (PBW == 1) ? {1'b0, rx[q][FB]} : rx[q][FW-1:FW-2];
      end
    end
  endgenerate
  // the counters the prefixes see: this cycle's arrivals, or under SPLIT those of the step's
  // slot, kept from the cycle they arrive in until the next step's first slot
  reg [3:0] cv_q;
  reg [CW-1:0] cval_q[0:3], caux_q[0:3];
  always @(posedge clk_i) begin
    if (mn_q == 2'd1) begin
      cv_q <= rcnt;
      cval_q[0] <= rval[0]; cval_q[1] <= rval[1]; cval_q[2] <= rval[2]; cval_q[3] <= rval[3];
      caux_q[0] <= raux[0]; caux_q[1] <= raux[1]; caux_q[2] <= raux[2]; caux_q[3] <= raux[3];
    end
  end
  wire [3:0] pv = (SPLIT != 0) ? cv_q : rcnt;
  wire [CW-1:0] pval[0:3], paux[0:3];
  generate
    for (q = 0; q < 4; q = q + 1) begin : g_pf_in
      assign pval[q] = (SPLIT != 0) ? cval_q[q] : rval[q];
      assign paux[q] = (SPLIT != 0) ? caux_q[q] : raux[q];
    end
  endgenerate

  // ---- rank phase: prefix e0 over dimensions (0, 1), e1 over (1, 0) ------------------------
  wire pf1 = (ph_q >= 4'd1) & (ph_q <= 4'd4), pf2 = (ph_q >= 4'd5) & (ph_q <= 4'd8);
  wire [1:0] sub = ph_q[1:0] - 2'd1;
  wire [CW-1:0] e0_rank, e0_m, e1_rank, e1_m, e0_val, e0_aux, e1_val, e1_aux;
  wire [3:0] e0_tx, e1_tx;  // bit = lane
  wire cls_now = ((ph_q == 4'd5) & (st_q == ONE)) ? e0_rank[0] : cls_q;  // prefix 1's rank mod 2
  // members: whole, class 0 (e0) and class 1 (e1) of prefix 1's rank; split, every active node
  wire x0 = act_q & ((SPLIT != 0) | pf1 | ~cls_now), x1 = act_q & ((SPLIT != 0) | cls_now);
  romnoc_pmnbrt_prefix #(.LOGP(LOGP), .CW(CW)) u_e0 (
      .clk_i(clk_i), .run_i(run_q & (pf1 | pf2) & mn0), .sub_i(sub), .st_i(st_q), .arun_i((apf1_q | apf2_q) & mn0),
      .asub_i(asub_q), .ca_i(xc[0]), .cb_i(xc[1]), .x_i(x0),
      .ap_v_i(pv[1]), .ap_val_i(pval[1]), .an_v_i(pv[0]), .an_val_i(pval[0]), .an_aux_i(paux[0]),
      .bp_v_i(pv[3]), .bp_val_i(pval[3]), .bn_v_i(pv[2]), .bn_val_i(pval[2]), .bn_aux_i(paux[2]),
      .tap_o(e0_tx[0]), .tan_o(e0_tx[1]), .tbp_o(e0_tx[2]), .tbn_o(e0_tx[3]), .val_o(e0_val), .aux_o(e0_aux),
      .rank_o(e0_rank), .m_o(e0_m));
  romnoc_pmnbrt_prefix #(.LOGP(LOGP), .CW(CW)) u_e1 (
      .clk_i(clk_i), .run_i(run_q & pf2 & mn0), .sub_i(sub), .st_i(st_q), .arun_i(apf2_q & mn0),
      .asub_i(asub_q), .ca_i(xc[1]), .cb_i(xc[0]), .x_i(x1),
      .ap_v_i(pv[3]), .ap_val_i(pval[3]), .an_v_i(pv[2]), .an_val_i(pval[2]), .an_aux_i(paux[2]),
      .bp_v_i(pv[1]), .bp_val_i(pval[1]), .bn_v_i(pv[0]), .bn_val_i(pval[0]), .bn_aux_i(paux[0]),
      .tap_o(e1_tx[2]), .tan_o(e1_tx[3]), .tbp_o(e1_tx[0]), .tbn_o(e1_tx[1]), .val_o(e1_val), .aux_o(e1_aux),
      .rank_o(e1_rank), .m_o(e1_m));
  wire [FW-1:0] e0_flit = flit_of(2'd0, e0_aux, 2'd0, {{(PW - CW) {1'b0}}, e0_val});
  wire [FW-1:0] e1_flit = flit_of(2'd0, e1_aux, 2'd0, {{(PW - CW) {1'b0}}, e1_val});

  // ---- packing and broadcast: per class c and half h, the piece it holds and its store -------
  wire apk = apk_q, aj = aj_q;  // arrivals of a packing window
  wire abc = ab1_q | ab2_q;     // of a broadcast round
  wire j = ph_q == PK1;
  wire pk_first = in_pk & (st_q == ONE);  // a half window's first slot
  wire [3:0] stop, fwd;  // an arrival stops here (packing), is passed on in this slot (lane q^1)
  wire [A-1:0] rtgt[0:3];
  generate
    for (q = 0; q < 4; q = q + 1) begin : g_arrive
      assign rtgt[q] = raux[q][A-1:0];
      // packing: window j compares the target's digit j with the coordinate of the lane's dimension
      wire [LOGP-1:0] digit = aj ? rtgt[q][A-1:LOGP] : rtgt[q][LOGP-1:0];
      assign stop[q] = rdat[q] & apk & (digit == xc[q/2]);
      wire up = q % 2 == 1;  // lane 2i+1 receives from the i- neighbour: the flit moves up
      wire more = (TORUS != 0) ? (ast_q < (up ? UP_HOPS : DN_HOPS)) : (xc[q/2] != (up ? TOP : {LOGP{1'b0}}));
      assign fwd[q] = rdat[q] & ((apk & ~stop[q]) | (abc & more));
    end
  endgenerate

  reg [NK-1:0] hv_q;             // held: the piece k this node holds in packing
  reg [A-1:0] ht_q[0:NK-1];      // its target
  reg [PW-1:0] hp_q[0:NK-1];
  wire [NK-1:0] he_v, send_pk, send_b, crowd;
  wire [A-1:0] he_t[0:NK-1];
  wire [PW-1:0] he_p[0:NK-1];
  wire [3:0] lane_pk[0:NK-1], lane_b[0:NK-1];
  wire [FW-1:0] flit_pk[0:NK-1], flit_b[0:NK-1];
  genvar c, h;
  generate
    for (c = 0; c < 2; c = c + 1) begin : g_class
      // stops: class c's arrivals in window aj are on the lanes of dimension c^aj
      localparam [0:0] C = c;
      wire [1:0] ds = {C ^ aj, 1'b0};  // the first lane of the dimension class c stopped on
      wire [1:0] sl = {stop[ds+2'd1], stop[ds]};
      wire own = (ph_q == PK0) & pk_first & (hf_q == 1'b0) & act_q & ((SPLIT != 0) | (cls_q == C));
      wire [FW-1:0] sf = sl[1] ? rx[ds+2'd1] : rx[ds];
      wire unused_sf = ^{sf[FW-1:FB-CW+A], sf[PW+1:PW]};  // aux's top bit, the kind, the piece
      // the class's rank: its packing target (the last counters are seen in packing's first cycle)
      wire [A-1:0] tgt = (c == 0) ? e0_rank[A-1:0] : e1_rank[A-1:0];
      // packing: at a half window's first slot, along dimension c^j toward the target's digit j.
      // The move is decided for each source at once and then chosen (not chosen, then decided): in
      // window 0 the own piece (digit 0 against x_c) or one held; in window 1 a piece that stopped
      // in window 0's last slot (it came along dimension c: lanes 2c, 2c+1) or one held (digit 1
      // against x_(1-c))
      wire [LOGP-1:0] here = xc[c^j];
      wire [LOGP-1:0] own_d = tgt[LOGP-1:0];
      wire [LOGP-1:0] s0_d = rtgt[2*c][A-1:LOGP], s1_d = rtgt[2*c+1][A-1:LOGP];
      wire [1:0] mv_own = {own_d != xc[c], xc[c] < own_d};  // {moves, up}
      wire [1:0] mv_stop = sl[1] ? {s1_d != xc[1-c], xc[1-c] < s1_d} : {s0_d != xc[1-c], xc[1-c] < s0_d};
      wire [LOGP-1:0] x1c = xc[1-c], xcc = xc[c];
      wire b1_first = (ph_q == B1) & (st_q == ONE);
      wire b2_first = (ph_q == B2) & (st_q == ONE);
      localparam [1:0] DIM1 = 1 - c, DIM2 = c;
      wire [1:0] dimb = b1_first ? DIM1 : DIM2;
      wire [LOGP-1:0] bx = b1_first ? x1c : xcc;  // the coordinate along the subphase's dimension
      wire [LOGP-1:0] i0 = rtgt[2*(1-c)][A-1:LOGP], i1 = rtgt[2*(1-c)+1][A-1:LOGP];
      for (h = 0; h < H; h = h + 1) begin : g_half
        localparam k = c * H + h;
        localparam [1:0] K = k;
        localparam [0:0] HH = h;
        wire stp = (|sl) & (ahf_q == HH);  // half h's arrival stops here
        localparam KO = (SPLIT != 0) ? k : 0;  // whole: the one packet in either class
        wire [W-1:0] own_pay = own_q[KO*W +: W];
        assign he_v[k] = stp | own | hv_q[k];
        assign he_t[k] = stp ? sf[FB-CW+A-1:FB-CW] : own ? tgt : ht_q[k];
        assign he_p[k] = stp ? sf[PW-1:0] : own ? {own_q[IWP-1:F*W], own_pay} : hp_q[k];
        wire [LOGP-1:0] held_d = j ? ht_q[k][A-1:LOGP] : ht_q[k][LOGP-1:0];
        wire [1:0] mv_held = {held_d != here, here < held_d};
        wire [1:0] mv = stp ? mv_stop : own ? mv_own : mv_held;
        assign send_pk[k] = pk_first & (hf_q == HH) & he_v[k] & mv[1];
        assign lane_pk[k] = send_pk[k] ? (4'b0001 << {C ^ j, ~mv[0]}) : 4'b0000;
        assign flit_pk[k] = flit_of(K, {{(CW - A) {1'b0}}, he_t[k]}, 2'd1, he_p[k]);
        assign crowd[k] = stp & hv_q[k] & ~send_pk[k];
        // subphase 1 (dimension 1-c): the held piece both ways (split torus: half 0 up, half 1
        // down); its arrivals into the store: from both lanes, or the half's lane
        wire b1_go = b1_first & he_v[k];
        wire [1:0] lanes_in = (H == 1) ? 2'b11 : ((h == 0) ? 2'b10 : 2'b01);  // {moving up, moving down}
        wire [1:0] sa = {rdat[2*(1-c)+1], rdat[2*(1-c)]} & {2{ab1_q}} & lanes_in;  // arrivals to store
        reg [P*PW-1:0] mem_q;  // subphase 1's pieces, entry e (bits e*PW +: PW) by the sender's position
        reg [P-1:0] memv_q;
        // subphase 2 (dimension c): round r sends entry r, the arrival being stored bypassed
        wire byp0 = sa[0] & (i0 == rnd_q), byp1 = sa[1] & (i1 == rnd_q);
        reg [PW-1:0] entry;  // entry rnd_q, selected entry by entry (a variable part-select is a shifter)
        integer e2;
        always @* begin
          entry = {PW{1'b0}};
          for (e2 = 0; e2 < P; e2 = e2 + 1) if (rnd_q == e2[LOGP-1:0]) entry = mem_q[e2*PW +: PW];
        end
        wire [PW-1:0] rd = byp0 ? rx[2*(1-c)][PW-1:0] : byp1 ? rx[2*(1-c)+1][PW-1:0] : entry;
        wire b2_go = b2_first & (byp0 | byp1 | memv_q[rnd_q]);
        wire [1:0] ends = {TORUS != 0 || bx != {LOGP{1'b0}}, TORUS != 0 || bx != TOP};  // {down, up}
        wire [1:0] ways = (H == 1) ? ends : ((h == 0) ? 2'b01 : 2'b10);
        assign send_b[k] = b1_go | b2_go;
        assign lane_b[k] = send_b[k] ? ({2'b00, ways} << (2 * dimb)) : 4'b0000;
        assign flit_b[k] = b1_go ? flit_of(K, {{(CW - A) {1'b0}}, he_t[k]}, 2'd1, he_p[k]) : flit_of(K, {CW{1'b0}}, 2'd1, rd);
        genvar e;
        for (e = 0; e < P; e = e + 1) begin : g_entry
          localparam [LOGP-1:0] E = e;
          always @(posedge clk_i) begin
            if (run_q && b1_go && x1c == E) mem_q[e*PW +: PW] <= he_p[k];
            if (run_q && sa[0] && i0 == E) mem_q[e*PW +: PW] <= rx[2*(1-c)][PW-1:0];
            if (run_q && sa[1] && i1 == E) mem_q[e*PW +: PW] <= rx[2*(1-c)+1][PW-1:0];
          end
          always @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni) memv_q[e] <= 1'b0;
            else if (!run_q) memv_q[e] <= memv_q[e] & ~start_i;
            else memv_q[e] <= memv_q[e] | (b1_go && x1c == E) | (sa[0] && i0 == E) | (sa[1] && i1 == E);
          end
        end
        always @(posedge clk_i) begin
          ht_q[k] <= he_t[k];
          hp_q[k] <= he_p[k];
        end
      end
    end
  endgenerate

  // ---- the lanes: counters, packing, broadcasts and relays; at most one source a slot -------
  wire [3:0] txv_d;
  wire [FW-1:0] txf_d[0:3];
  reg [NSRC-1:0] src_q[0:3];  // the lanes' sources of the last cycle, checked in this one (off the data path)
  wire [3:0] clash;
  reg [3:0] txv_q;
  reg [FW-1:0] txf_q[0:3];
  generate
    for (q = 0; q < 4; q = q + 1) begin : g_tx
      wire [NSRC-1:0] src;
      wire [NSRC*FW-1:0] sflit;  // source i's flit at bits i*FW
      assign src[1:0] = {e1_tx[q], e0_tx[q]};
      assign sflit[2*FW-1:0] = {e1_flit, e0_flit};
      for (h = 0; h < NK; h = h + 1) begin : g_src
        assign src[2+h] = lane_pk[h][q];
        assign src[2+NK+h] = lane_b[h][q];
        assign sflit[(2+h)*FW +: FW] = flit_pk[h];
        assign sflit[(2+NK+h)*FW +: FW] = flit_b[h];
      end
      assign src[NSRC-1] = fwd[q^1];
      assign sflit[(NSRC-1)*FW +: FW] = rx[q^1];
      assign txv_d[q] = run_q & (|src);
      assign clash[q] = (src_q[q] & (src_q[q] - 1'b1)) != {NSRC{1'b0}};  // two sources or more
      always @(posedge clk_i) src_q[q] <= run_q ? src : {NSRC{1'b0}};
      assign txf_d[q] = selected(src, sflit);
      always @(posedge clk_i) txf_q[q] <= txf_d[q];
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

  // ---- deliveries: a packet (a piece) the first time it arrives -----------------------------
  reg [F*N-1:0] seen_q;  // bit pc*N + o: the local port has had origin o's piece pc (its own from the start)
  wire [3:0] dlv;
  wire [A-1:0] rorg[0:3];
  wire [DW-1:0] dflit[0:3];
  generate
    for (q = 0; q < 4; q = q + 1) begin : g_dlv
      assign rorg[q] = rx[q][PW-1:W];
      reg had;
      integer pp;
      always @* begin
        had = 1'b0;
        for (pp = 0; pp < F; pp = pp + 1) if (rpc[q] == pp[1:0]) had = seen_q[pp*N + {{(32 - A) {1'b0}}, rorg[q]}];
      end
      assign dlv[q] = rdat[q] & ~had;
      /* verilator lint_off UNUSEDSIGNAL */
      wire [PW+1:0] d2 = {rpc[q], rx[q][PW-1:0]};  // the piece's top bits dropped (all of it without SPLIT)
      /* verilator lint_on UNUSEDSIGNAL */
      assign dflit[q] = d2[DW-1:0];
    end
    genvar o, pc;
    for (pc = 0; pc < F; pc = pc + 1) begin : g_seen_piece
      localparam [1:0] PC = pc;
      for (o = 0; o < N; o = o + 1) begin : g_seen  // a decoder per lane, not a shifter
        localparam [A-1:0] O = o;
        wire got = (dlv[0] & (rorg[0] == O) & (rpc[0] == PC)) | (dlv[1] & (rorg[1] == O) & (rpc[1] == PC)) |
                   (dlv[2] & (rorg[2] == O) & (rpc[2] == PC)) | (dlv[3] & (rorg[3] == O) & (rpc[3] == PC));
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) seen_q[pc*N+o] <= 1'b0;
          else if (!run_q) begin
            if (start_i) seen_q[pc*N+o] <= cfg_i == O;  // the own packet is never handed back
          end else seen_q[pc*N+o] <= seen_q[pc*N+o] | got;
        end
      end
    end
  endgenerate
  assign dlv0_valid_o = dlv[0];
  assign dlv1_valid_o = dlv[1];
  assign dlv2_valid_o = dlv[2];
  assign dlv3_valid_o = dlv[3];
  assign dlv0_flit_o = dflit[0];
  assign dlv1_flit_o = dflit[1];
  assign dlv2_flit_o = dflit[2];
  assign dlv3_flit_o = dflit[3];
  // faults, from registers of the last cycle: one packet delivered on two lanes, a packet stopping
  // where one of its class already waits
  reg [3:0] dlv_q;
  reg [A+1:0] rid_q[0:3];  // {piece, origin}
  reg crowd_q;
  always @(posedge clk_i) begin
    dlv_q <= run_q ? dlv : 4'd0;
    rid_q[0] <= {rpc[0], rorg[0]};
    rid_q[1] <= {rpc[1], rorg[1]};
    rid_q[2] <= {rpc[2], rorg[2]};
    rid_q[3] <= {rpc[3], rorg[3]};
    crowd_q <= run_q & (|crowd);
  end
  wire twice = (dlv_q[0] & dlv_q[1] & (rid_q[0] == rid_q[1])) | (dlv_q[0] & dlv_q[2] & (rid_q[0] == rid_q[2])) |
               (dlv_q[0] & dlv_q[3] & (rid_q[0] == rid_q[3])) | (dlv_q[1] & dlv_q[2] & (rid_q[1] == rid_q[2])) |
               (dlv_q[1] & dlv_q[3] & (rid_q[1] == rid_q[3])) | (dlv_q[2] & dlv_q[3] & (rid_q[2] == rid_q[3]));
  wire fault = (|clash) | twice | crowd_q;
  assign err_o = err_q;
  always @(posedge clk_i or negedge rst_ni) begin  // the faults of a run's last cycle count too
    if (!rst_ni) err_q <= 1'b0;
    else if (!run_q && start_i) err_q <= 1'b0;
    else err_q <= err_q | fault;
  end
  wire unused = ^{r2_sum[LOGP-1:0], e1_m, e0_rank[CW-1], e1_rank[CW-1]};

  // ---- state -------------------------------------------------------------------------------
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q <= 1'b0; done_q <= 1'b0; act_q <= 1'b0; cls_q <= 1'b0;
      ph_q <= IDLE; st_q <= ONE; ast_q <= ONE; rnd_q <= {LOGP{1'b0}}; m_q <= {CW{1'b0}};
      mn_q <= 2'd0; hf_q <= 1'b0; hv_q <= {NK{1'b0}}; txv_q <= 4'b0000;
      {apf1_q, apf2_q, apk_q, aj_q, ahf_q, ab1_q, ab2_q, asub_q} <= 9'd0;
    end else if (!run_q) begin
      txv_q <= 4'b0000;
      {apf1_q, apf2_q, apk_q, aj_q, ahf_q, ab1_q, ab2_q, asub_q} <= 9'd0;
      if (start_i) begin
        run_q <= 1'b1; done_q <= 1'b0; act_q <= bcast_i;
        ph_q <= FIRST; st_q <= ONE; rnd_q <= {LOGP{1'b0}}; mn_q <= 2'd0; hf_q <= 1'b0; hv_q <= {NK{1'b0}};
      end
    end else begin
      txv_q <= txv_d;
      hv_q <= he_v & ~send_pk;
      if (mn0) begin  // the slot whose arrivals the next step sees
        apf1_q <= pf1;
        apf2_q <= pf2;
        asub_q <= sub;
        apk_q <= in_pk;
        aj_q <= ph_q == PK1;
        ahf_q <= hf_q;
        ab1_q <= ph_q == B1;
        ab2_q <= ph_q == B2;
        ast_q <= st_q;
      end
      mn_q <= step_end ? 2'd0 : mn_q + 2'd1;
      if ((SPLIT == 0) & (ph_q == 4'd5) & (st_q == ONE)) begin  // prefix 1 is over: the class and M
        cls_q <= e0_rank[0];
        m_q <= e0_m;
      end
      if ((SPLIT != 0) & (ph_q == PK0) & (st_q == ONE) & (hf_q == 1'b0)) m_q <= e0_m;  // the prefixes are over: M
      if (step_end) begin
        if (phase_end) begin
          st_q <= ONE;
          rnd_q <= {LOGP{1'b0}};
          hf_q <= 1'b0;
          if (ph_q == FIN) begin
            run_q <= 1'b0;
            done_q <= 1'b1;
            ph_q <= IDLE;
          end else ph_q <= ph_next;
        end else if (in_pk & (st_q == S)) begin  // the next half of the window
          st_q <= ONE;
          hf_q <= hf_q + 1'b1;
        end else if ((ph_q == B2) & (st_q == RS)) begin
          st_q <= ONE;
          rnd_q <= rnd_q + ONE;
        end else st_q <= st_q + ONE;
      end
    end
  end
endmodule
`default_nettype wire
