// The own-packet sequencer of one out-lane of the run-time partial-exchange router
// (romnoc_pexrt_router), combinational: for the element (sd, sa, ss) — sd hops in all, sa of
// them along the lane's dimension, the rest along the other one the +1 way (ss = 0) or the -1
// way (ss = 1) — its destination, and the element after it in the order of the golden model's
// own_key (cmodel/construct/pexchange_fifo.c): the most hops first, then the most along the
// lane's dimension, then +1 before -1. lvl0: the lane's dimension is the class's first, so the
// other leg may have hops (else the destinations lie on the lane's line only). first_i: take the
// lane's first element (the most hops) instead of (sd, sa, ss); empty_o: the lane has none.
`default_nettype none
module romnoc_pexrt_seq #(
    parameter LOGP = 2,
    parameter TORUS = 1,
    parameter DIM = 0,    // the lane's dimension
    parameter UP = 1      // the lane goes the +1 way
) (
    input  wire [LOGP-1:0]     xi_i,    // the node's coordinate along the lane's dimension
    input  wire [LOGP-1:0]     xj_i,    // and along the other
    input  wire                lvl0_i,
    input  wire                first_i,
    input  wire [LOGP:0]       sd_i,
    input  wire [LOGP-1:0]     sa_i,
    input  wire                ss_i,
    output wire [2*LOGP+2:0]   next_o,  // {sd, sa, ss, done}: done, no element after this one
    output wire [2*LOGP-1:0]   dest_o,
    output wire                empty_o
);
  localparam P = 1 << LOGP;
  localparam [LOGP-1:0] HALF = P / 2;
  localparam [LOGP-1:0] TOP = P - 1;
  localparam [LOGP-1:0] ONE = 1;
  localparam [LOGP-1:0] ZERO = 0;
  localparam [LOGP:0] ONE_W = 1;
  localparam [LOGP:0] ZERO_W = 0;
  // the ranges: hops along the lane's dimension, along the other the +1 and the -1 way
  wire [LOGP-1:0] av = (TORUS != 0) ? ((UP != 0) ? HALF : HALF - ONE) : ((UP != 0) ? TOP - xi_i : xi_i);
  wire [LOGP-1:0] bp = ~lvl0_i ? ZERO : (TORUS != 0) ? HALF : TOP - xj_i;
  wire [LOGP-1:0] bm = ~lvl0_i ? ZERO : (TORUS != 0) ? HALF - ONE : xj_i;
  wire [LOGP-1:0] bx = (bp > bm) ? bp : bm;
  assign empty_o = av == ZERO;
  // the element: given, or the first
  wire [LOGP:0] sd = first_i ? {1'b0, av} + {1'b0, bx} : sd_i;
  wire [LOGP-1:0] sa = first_i ? av : sa_i;
  wire ss = first_i ? bx > bp : ss_i;
  wire [LOGP:0] sb = sd - {1'b0, sa};  // hops along the other dimension
  // the element after: the other way, one hop less along, or one hop less in all
  wire alt = ~ss & (sb != ZERO_W) & (sb <= {1'b0, bm});
  wire step_a = (sa > ONE) & (sb + ONE_W <= {1'b0, bx});
  wire step_d = sd > ONE_W;
  wire [LOGP:0] d1 = sd - ONE_W;
  wire [LOGP-1:0] a1 = (d1 < {1'b0, av}) ? d1[LOGP-1:0] : av;
  wire [LOGP:0] b1 = d1 - {1'b0, a1}, b2 = sb + ONE_W;
  wire s1 = (b1 != ZERO_W) & (b1 > {1'b0, bp});
  wire s2 = b2 > {1'b0, bp};
  assign next_o = alt ? {sd, sa, 1'b1, 1'b0} : step_a ? {sd, sa - ONE, s2, 1'b0} :
                  step_d ? {d1, a1, s1, 1'b0} : {sd, sa, ss, 1'b1};
  wire [LOGP-1:0] yi = (UP != 0) ? xi_i + sa : xi_i - sa;
  wire [LOGP-1:0] yj = ss ? xj_i - sb[LOGP-1:0] : xj_i + sb[LOGP-1:0];
  assign dest_o = (DIM == 0) ? {yj, yi} : {yi, yj};
endmodule
`default_nettype wire
