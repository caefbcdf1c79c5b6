// The run-time active-set router of paper 004's partial multinode broadcast (whole packets, §3.2)
// on a P x P torus or mesh, P = 2^LOGP (docs/ARCHITECTURE.md "A run-time active set for PMNB and
// partial exchange"). No schedule ROM: a node learns whether it is active from bcast_i at start
// (its own packet from inj_flit_i, sampled with it), and every router is this module; what
// differs is cfg_i = {x1, x0}, the node's coordinates (its id is x0 + P*x1). A run executes the golden model's `--alg 004-runtime` row for row:
//   slots 1..4S      prefix 1 (romnoc_pmnbrt_prefix, rotation 0) over the active set: the rank r
//                    in the usual order, the class c = r mod 2, and M (S = P-1);
//   slots 4S+1..8S   prefixes 2, both classes at once on rotated dimensions: the rank r_c of the
//                    node among its class in c's order (c's digit 0 along dimension c);
//   slots 8S+1..10S  packing (Thm 3): two windows of S slots; in window j class c moves along
//                    dimension c^j from its digit to its target's (the node numbered r_c in c's
//                    order), one hop a slot, stopping where the digits agree; the target rides in
//                    the flit's aux field;
//   then broadcast (Thm 5): subphase 1 along dimension 1-c, one round; subphase 2 along
//                    dimension c, ceil(ceil(M/2)/P) rounds; a round of RS slots (P/2 on a torus,
//                    P-1 on a mesh) sends one packet both ways along the node's line (torus:
//                    P/2 hops up, (P-1)/2 down; mesh: to the ends), relays passing it on in the
//                    next slot. Subphase 1's arrivals are kept in a store of P entries per class
//                    indexed by the sender's position (the target's digit 1), which subphase 2
//                    reads in round order.
// Lanes: lane 2i sends to the i+ neighbour and receives from it (flits moving i-), lane 2i+1 the
// same with the i- neighbour; a mesh's missing neighbours read as silence and are never sent to.
// Flits: {aux[CW-1:0], kind[1:0], origin[A-1:0], payload[W-1:0]}; kind 0 a counter (value in the
// payload's low CW bits, M in aux), 1 data (aux = the packing target). Slot s is decided in cycle s
// after the start edge and on the wires in cycle s+1 (registered outputs); a run takes its last
// slot + 1 cycles, then done_o. A packet is handed to the local port the first time it arrives
// (a bit per origin), never the node's own. err_o (latched until the next start): two sources
// for one lane in a slot, a packet stopping where one of its class already waits, or one packet
// delivered on two lanes in a slot.
`default_nettype none
module romnoc_pmnbrt_router #(
    parameter LOGP = 2,   // P = 2^LOGP nodes a line: 4, 8 or 16
    parameter TORUS = 1,  // 1 torus, 0 mesh
    parameter W = 32      // payload bits, at least 2*LOGP+1 (a counter travels in the payload)
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
    input  wire [2*LOGP+W-1:0]       inj_flit_i,  // {origin, payload}: sampled with bcast_i at start
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
  localparam CW = A + 1;         // counts 0..P*P
  localparam PW = A + W;         // {origin, payload}
  localparam FW = PW + 2 + CW;   // a flit
  localparam N = P * P;
  localparam [LOGP-1:0] S = P - 1;                     // steps of a prefix subphase, slots of a window
  localparam [LOGP-1:0] RS = (TORUS != 0) ? P / 2 : P - 1;    // slots of a broadcast round
  localparam [LOGP-1:0] UP_HOPS = (TORUS != 0) ? P / 2 : P - 1;       // torus: hops up, hops down
  localparam [LOGP-1:0] DN_HOPS = (TORUS != 0) ? (P - 1) / 2 : P - 1;
  localparam [LOGP-1:0] ONE = 1;
  localparam [LOGP-1:0] TOP = P - 1;
  // phases
  localparam [3:0] IDLE = 4'd0, PK0 = 4'd9, PK1 = 4'd10, B1 = 4'd11, B2 = 4'd12, FIN = 4'd13;

  wire [LOGP-1:0] xc[0:1];  // the coordinates
  assign xc[0] = cfg_i[LOGP-1:0];
  assign xc[1] = cfg_i[2*LOGP-1:LOGP];

  // ---- the run: phase, step (1..), round -------------------------------------------------
  reg run_q, done_q, err_q, act_q, cls_q;
  reg [3:0] ph_q;                  // the phase of this cycle's slot
  // the phase of the slot whose arrivals are seen (the last cycle's), decoded a cycle ahead:
  // prefix 1 or 2 and its subphase, a packing window (the second), broadcast subphase 1 or 2
  reg apf1_q, apf2_q, apk_q, aj_q, ab1_q, ab2_q;
  reg [1:0] asub_q;
  reg [LOGP-1:0] st_q, ast_q;      // the step in the phase (in a broadcast round), likewise
  reg [LOGP-1:0] rnd_q;            // the round of broadcast subphase 2
  reg [CW-1:0] m_q;                // M
  wire [CW-1:0] m0 = {1'b0, m_q[CW-1:1]} + {{(CW - 1) {1'b0}}, m_q[0]};  // ceil(M/2)
  wire [CW-1:0] r2_sum = m0 + {{(CW - LOGP) {1'b0}}, TOP};
  wire [LOGP-1:0] rounds2 = r2_sum[2*LOGP-1:LOGP];  // rounds of subphase 2: ceil(ceil(M/2)/P) <= P/2
  wire in_pf = (ph_q >= 4'd1) & (ph_q <= 4'd8);
  wire phase_end = (ph_q == FIN) | ((in_pf | (ph_q == PK0) | (ph_q == PK1)) & (st_q == S)) |
                   ((ph_q == B1) & (st_q == RS)) | ((ph_q == B2) & (st_q == RS) & (rnd_q == rounds2 - ONE));
  wire [3:0] ph_next = ((ph_q == B1) & (rounds2 == {LOGP{1'b0}})) ? FIN : ph_q + 4'd1;
  assign slot_o = 1'b1;
  assign done_o = done_q;
  // the own packet is taken with the set, at start: no request a local port must answer in a
  // given cycle (it may hold bcast_i and inj_flit_i from any time before start)
  reg [PW-1:0] own_q;
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
  genvar q;
  generate
    for (q = 0; q < 4; q = q + 1) begin : g_rx
      // idle routers send nothing (txv_q is cleared), so a valid flit belongs to the run
      assign rcnt[q] = rxv[q] & (rx[q][PW+1:PW] == 2'd0);
      assign rdat[q] = rxv[q] & (rx[q][PW+1:PW] == 2'd1);
      assign rval[q] = rx[q][CW-1:0];
      assign raux[q] = rx[q][FW-1:FW-CW];
    end
  endgenerate

  // ---- rank phase: prefix e0 over dimensions (0, 1), e1 over (1, 0) ------------------------
  wire pf1 = (ph_q >= 4'd1) & (ph_q <= 4'd4), pf2 = (ph_q >= 4'd5) & (ph_q <= 4'd8);
  wire [1:0] sub = ph_q[1:0] - 2'd1;
  wire [CW-1:0] e0_rank, e0_m, e1_rank, e1_m, e0_val, e0_aux, e1_val, e1_aux;
  wire [3:0] e0_tx, e1_tx;  // bit = lane
  wire cls_now = ((ph_q == 4'd5) & (st_q == ONE)) ? e0_rank[0] : cls_q;  // prefix 1's rank mod 2
  romnoc_pmnbrt_prefix #(.LOGP(LOGP), .CW(CW)) u_e0 (
      .clk_i(clk_i), .run_i(run_q & (pf1 | pf2)), .sub_i(sub), .st_i(st_q), .arun_i(apf1_q | apf2_q),
      .asub_i(asub_q), .ca_i(xc[0]), .cb_i(xc[1]), .x_i(act_q & (pf1 | ~cls_now)),
      .ap_v_i(rcnt[1]), .ap_val_i(rval[1]), .an_v_i(rcnt[0]), .an_val_i(rval[0]), .an_aux_i(raux[0]),
      .bp_v_i(rcnt[3]), .bp_val_i(rval[3]), .bn_v_i(rcnt[2]), .bn_val_i(rval[2]), .bn_aux_i(raux[2]),
      .tap_o(e0_tx[0]), .tan_o(e0_tx[1]), .tbp_o(e0_tx[2]), .tbn_o(e0_tx[3]), .val_o(e0_val), .aux_o(e0_aux),
      .rank_o(e0_rank), .m_o(e0_m));
  romnoc_pmnbrt_prefix #(.LOGP(LOGP), .CW(CW)) u_e1 (
      .clk_i(clk_i), .run_i(run_q & pf2), .sub_i(sub), .st_i(st_q), .arun_i(apf2_q),
      .asub_i(asub_q), .ca_i(xc[1]), .cb_i(xc[0]), .x_i(act_q & cls_now),
      .ap_v_i(rcnt[3]), .ap_val_i(rval[3]), .an_v_i(rcnt[2]), .an_val_i(rval[2]), .an_aux_i(raux[2]),
      .bp_v_i(rcnt[1]), .bp_val_i(rval[1]), .bn_v_i(rcnt[0]), .bn_val_i(rval[0]), .bn_aux_i(raux[0]),
      .tap_o(e1_tx[2]), .tan_o(e1_tx[3]), .tbp_o(e1_tx[0]), .tbn_o(e1_tx[1]), .val_o(e1_val), .aux_o(e1_aux),
      .rank_o(e1_rank), .m_o(e1_m));
  // the node's rank in its class: its packing target (the last counters are seen in packing's first cycle)
  wire [CW-1:0] tgt = cls_q ? e1_rank : e0_rank;
  wire [FW-1:0] e0_flit = {e0_aux, 2'd0, {(PW - CW) {1'b0}}, e0_val};
  wire [FW-1:0] e1_flit = {e1_aux, 2'd0, {(PW - CW) {1'b0}}, e1_val};

  // ---- packing and broadcast: per class c, the packet it holds and its store ----------------
  wire apk = apk_q, aj = aj_q;  // arrivals of a packing window
  wire abc = ab1_q | ab2_q;     // of a broadcast round
  wire pk_start = ((ph_q == PK0) | (ph_q == PK1)) & (st_q == ONE), j = ph_q == PK1;
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

  reg [1:0] hv_q;                // held: the packet of class c this node holds in packing
  reg [A-1:0] ht_q[0:1];         // its target
  reg [PW-1:0] hp_q[0:1];
  wire [1:0] he_v, send_pk, send_b, stop_c;
  wire [A-1:0] he_t[0:1];
  wire [PW-1:0] he_p[0:1];
  wire [3:0] lane_pk[0:1], lane_b[0:1];
  wire [FW-1:0] flit_pk[0:1], flit_b[0:1];
  genvar c;
  generate
    for (c = 0; c < 2; c = c + 1) begin : g_class
      // stops: class c's arrivals in window aj are on the lanes of dimension c^aj
      localparam [0:0] C = c;
      wire [1:0] ds = {C ^ aj, 1'b0};  // the first lane of the dimension class c stopped on
      wire [1:0] sl = {stop[ds+2'd1], stop[ds]};
      assign stop_c[c] = |sl;
      wire own = (ph_q == PK0) & (st_q == ONE) & act_q & (cls_q == c);
      wire [FW-1:0] sf = sl[1] ? rx[ds+2'd1] : rx[ds];
      wire unused_sf = ^{sf[FW-1], sf[PW+1:PW]};  // aux's top bit, the kind
      assign he_v[c] = stop_c[c] | own | hv_q[c];
      assign he_t[c] = stop_c[c] ? sf[FW-CW+A-1:FW-CW] : own ? tgt[A-1:0] : ht_q[c];
      assign he_p[c] = stop_c[c] ? sf[PW-1:0] : own ? own_q : hp_q[c];
      // packing: at a window's first slot, along dimension c^j toward the target's digit j. The
      // move is decided for each source at once and then chosen (not chosen, then decided): in
      // window 0 the only source is the own packet (digit 0 against x_c); in window 1 a packet
      // that stopped in window 0's last slot (it came along dimension c: lanes 2c, 2c+1) or the
      // one held (digit 1 against x_(1-c))
      wire [LOGP-1:0] here = xc[c^j];
      wire [LOGP-1:0] own_d = tgt[LOGP-1:0], held_d = j ? ht_q[c][A-1:LOGP] : ht_q[c][LOGP-1:0];
      wire [LOGP-1:0] s0_d = rtgt[2*c][A-1:LOGP], s1_d = rtgt[2*c+1][A-1:LOGP];
      wire [1:0] mv_own = {own_d != xc[c], xc[c] < own_d};  // {moves, up}
      wire [1:0] mv_held = {held_d != here, here < held_d};
      wire [1:0] mv_stop = sl[1] ? {s1_d != xc[1-c], xc[1-c] < s1_d} : {s0_d != xc[1-c], xc[1-c] < s0_d};
      wire [1:0] mv = stop_c[c] ? mv_stop : own ? mv_own : mv_held;
      assign send_pk[c] = pk_start & he_v[c] & mv[1];
      assign lane_pk[c] = send_pk[c] ? (4'b0001 << {C ^ j, ~mv[0]}) : 4'b0000;
      assign flit_pk[c] = {{(CW - A) {1'b0}}, he_t[c], 2'd1, he_p[c]};
      // subphase 1 (dimension 1-c): the held packet both ways; its arrivals into the store
      wire [LOGP-1:0] x1c = xc[1-c], xcc = xc[c];
      wire b1_go = (ph_q == B1) & (st_q == ONE) & he_v[c];
      wire [1:0] sa = {rdat[2*(1-c)+1], rdat[2*(1-c)]} & {2{ab1_q}};  // arrivals to store
      reg [P*PW-1:0] mem_q;  // subphase 1's packets of class c, entry e (bits e*PW +: PW) by the sender's position
      reg [P-1:0] memv_q;
      // subphase 2 (dimension c): round r sends entry r both ways, the arrival being stored bypassed
      wire [LOGP-1:0] i0 = rtgt[2*(1-c)][A-1:LOGP], i1 = rtgt[2*(1-c)+1][A-1:LOGP];
      wire byp0 = sa[0] & (i0 == rnd_q), byp1 = sa[1] & (i1 == rnd_q);
      reg [PW-1:0] entry;  // entry rnd_q, selected entry by entry (a variable part-select is a shifter)
      integer k;
      always @* begin
        entry = {PW{1'b0}};
        for (k = 0; k < P; k = k + 1) if (rnd_q == k[LOGP-1:0]) entry = mem_q[k*PW +: PW];
      end
      wire [PW-1:0] rd = byp0 ? rx[2*(1-c)][PW-1:0] : byp1 ? rx[2*(1-c)+1][PW-1:0] : entry;
      wire b2_go = (ph_q == B2) & (st_q == ONE) & (byp0 | byp1 | memv_q[rnd_q]);
      wire [LOGP-1:0] bx = b1_go ? x1c : xcc;  // the coordinate along the subphase's dimension
      wire [1:0] ways = {TORUS != 0 || bx != {LOGP{1'b0}}, TORUS != 0 || bx != TOP};  // {down, up}
      localparam [1:0] DIM1 = 1 - c, DIM2 = c;
      wire [1:0] dimb = b1_go ? DIM1 : DIM2;
      assign send_b[c] = b1_go | b2_go;
      assign lane_b[c] = send_b[c] ? ({2'b00, ways} << (2 * dimb)) : 4'b0000;
      assign flit_b[c] = b1_go ? {{(CW - A) {1'b0}}, he_t[c], 2'd1, he_p[c]} : {{CW{1'b0}}, 2'd1, rd};
      genvar e;
      for (e = 0; e < P; e = e + 1) begin : g_entry
        localparam [LOGP-1:0] E = e;
        always @(posedge clk_i) begin
          if (run_q && b1_go && x1c == E) mem_q[e*PW +: PW] <= he_p[c];
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
        ht_q[c] <= he_t[c];
        hp_q[c] <= he_p[c];
      end
    end
  endgenerate

  // ---- the lanes: counters, packing, broadcasts and relays; at most one source a slot -------
  wire [3:0] txv_d;
  wire [FW-1:0] txf_d[0:3];
  reg [6:0] src_q[0:3];  // the lanes' sources of the last cycle, checked in this one (off the data path)
  wire [3:0] clash;
  reg [3:0] txv_q;
  reg [FW-1:0] txf_q[0:3];
  generate
    for (q = 0; q < 4; q = q + 1) begin : g_tx
      wire [6:0] src = {fwd[q^1], lane_b[1][q], lane_b[0][q], lane_pk[1][q], lane_pk[0][q], e1_tx[q], e0_tx[q]};
      assign txv_d[q] = run_q & (|src);
      assign clash[q] = (src_q[q] & (src_q[q] - 7'd1)) != 7'd0;  // two sources or more
      always @(posedge clk_i) src_q[q] <= run_q ? src : 7'd0;
      assign txf_d[q] = ({FW{e0_tx[q]}} & e0_flit) | ({FW{e1_tx[q]}} & e1_flit) | ({FW{lane_pk[0][q]}} & flit_pk[0]) |
                        ({FW{lane_pk[1][q]}} & flit_pk[1]) | ({FW{lane_b[0][q]}} & flit_b[0]) |
                        ({FW{lane_b[1][q]}} & flit_b[1]) | ({FW{fwd[q^1]}} & rx[q^1]);
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

  // ---- deliveries: a packet the first time it arrives --------------------------------------
  reg [N-1:0] seen_q;  // bit o: the local port has had origin o's packet (its own from the start)
  wire [3:0] dlv;
  wire [A-1:0] rorg[0:3];
  generate
    for (q = 0; q < 4; q = q + 1) begin : g_dlv
      assign rorg[q] = rx[q][PW-1:W];
      assign dlv[q] = rdat[q] & ~seen_q[rorg[q]];
    end
    genvar o;
    for (o = 0; o < N; o = o + 1) begin : g_seen  // a decoder per lane, not a shifter
      localparam [A-1:0] O = o;
      wire got = (dlv[0] & (rorg[0] == O)) | (dlv[1] & (rorg[1] == O)) | (dlv[2] & (rorg[2] == O)) |
                 (dlv[3] & (rorg[3] == O));
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) seen_q[o] <= 1'b0;
        else if (!run_q) begin
          if (start_i) seen_q[o] <= cfg_i == O;  // the own packet is never handed back
        end else seen_q[o] <= seen_q[o] | got;
      end
    end
  endgenerate
  assign dlv0_valid_o = dlv[0];
  assign dlv1_valid_o = dlv[1];
  assign dlv2_valid_o = dlv[2];
  assign dlv3_valid_o = dlv[3];
  assign dlv0_flit_o = rx[0][PW-1:0];
  assign dlv1_flit_o = rx[1][PW-1:0];
  assign dlv2_flit_o = rx[2][PW-1:0];
  assign dlv3_flit_o = rx[3][PW-1:0];
  // faults, from registers of the last cycle: one packet delivered on two lanes, a packet stopping
  // where one of its class already waits
  reg [3:0] dlv_q;
  reg [A-1:0] rorg_q[0:3];
  reg [1:0] crowd_q;
  always @(posedge clk_i) begin
    dlv_q <= run_q ? dlv : 4'd0;
    rorg_q[0] <= rorg[0];
    rorg_q[1] <= rorg[1];
    rorg_q[2] <= rorg[2];
    rorg_q[3] <= rorg[3];
    crowd_q <= {2{run_q}} & stop_c & hv_q & ~send_pk;
  end
  wire twice = (dlv_q[0] & dlv_q[1] & (rorg_q[0] == rorg_q[1])) | (dlv_q[0] & dlv_q[2] & (rorg_q[0] == rorg_q[2])) |
               (dlv_q[0] & dlv_q[3] & (rorg_q[0] == rorg_q[3])) | (dlv_q[1] & dlv_q[2] & (rorg_q[1] == rorg_q[2])) |
               (dlv_q[1] & dlv_q[3] & (rorg_q[1] == rorg_q[3])) | (dlv_q[2] & dlv_q[3] & (rorg_q[2] == rorg_q[3]));
  wire fault = (|clash) | twice | (|crowd_q);
  assign err_o = err_q;
  always @(posedge clk_i or negedge rst_ni) begin  // the faults of a run's last cycle count too
    if (!rst_ni) err_q <= 1'b0;
    else if (!run_q && start_i) err_q <= 1'b0;
    else err_q <= err_q | fault;
  end
  wire unused = ^{tgt[CW-1], r2_sum[CW-1], r2_sum[LOGP-1:0], e1_m};

  // ---- state -------------------------------------------------------------------------------
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q <= 1'b0; done_q <= 1'b0; act_q <= 1'b0; cls_q <= 1'b0;
      ph_q <= IDLE; st_q <= ONE; ast_q <= ONE; rnd_q <= {LOGP{1'b0}}; m_q <= {CW{1'b0}};
      hv_q <= 2'b00; txv_q <= 4'b0000;
      {apf1_q, apf2_q, apk_q, aj_q, ab1_q, ab2_q, asub_q} <= 8'd0;
    end else if (!run_q) begin
      txv_q <= 4'b0000;
      {apf1_q, apf2_q, apk_q, aj_q, ab1_q, ab2_q, asub_q} <= 8'd0;
      if (start_i) begin
        run_q <= 1'b1; done_q <= 1'b0; act_q <= bcast_i;
        ph_q <= 4'd1; st_q <= ONE; rnd_q <= {LOGP{1'b0}}; hv_q <= 2'b00;
      end
    end else begin
      txv_q <= txv_d;
      apf1_q <= pf1;
      apf2_q <= pf2;
      asub_q <= sub;
      apk_q <= (ph_q == PK0) | (ph_q == PK1);
      aj_q <= ph_q == PK1;
      ab1_q <= ph_q == B1;
      ab2_q <= ph_q == B2;
      ast_q <= st_q;
      hv_q <= he_v & ~send_pk;
      if ((ph_q == 4'd5) & (st_q == ONE)) begin  // prefix 1 is over: the class and M
        cls_q <= e0_rank[0];
        m_q <= e0_m;
      end
      if (phase_end) begin
        st_q <= ONE;
        rnd_q <= {LOGP{1'b0}};
        if (ph_q == FIN) begin
          run_q <= 1'b0;
          done_q <= 1'b1;
          ph_q <= IDLE;
        end else ph_q <= ph_next;
      end else if ((ph_q == B2) & (st_q == RS)) begin
        st_q <= ONE;
        rnd_q <= rnd_q + ONE;
      end else st_q <= st_q + ONE;
    end
  end
endmodule
`default_nettype wire
