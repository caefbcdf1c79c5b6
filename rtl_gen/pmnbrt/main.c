/* main.c — rtl_gen_pmnbrt: the run-time active-set router of paper 004's partial multinode
 * broadcast (whole packets, or split into pieces) on a P x P torus or mesh, and the golden files
 * a run is checked against.
 *   rtl_gen_pmnbrt --topo torus:PxP|mesh:PxP [--width W] [--split] -o DIR     the design
 *   rtl_gen_pmnbrt --golden F.tsv [--seed S] [--width W] -o DIR      DIR/wire.tsv, DIR/deliveries.tsv
 * The router is hand-written Verilog (romnoc_pmnbrt_router.v, romnoc_pmnbrt_prefix.v, copied
 * as they are: parameters LOGP, TORUS, W, SPLIT); the command line and the files around it are
 * rt_program.h's. */
#include <stdio.h>

#include "model/job.h"

#include "rt_program.h"
#include "sources.h"

static const char usage[] =
    "usage: rtl_gen_pmnbrt --topo torus:PxP|mesh:PxP [--width W] [--split] -o DIR\n"
    "       rtl_gen_pmnbrt --golden SCHEDULE.tsv [--seed S] [--width W] -o DIR\n"
    "\n"
    "The first form writes into DIR the run-time active-set router of paper 004's partial multinode\n"
    "broadcast (task pmnb, whole packets or with --split 004 s3.1's pieces; docs/PMNB.md,\n"
    "docs/ARCHITECTURE.md): romnoc_pmnbrt_router.v\n"
    "and romnoc_pmnbrt_prefix.v (one router for every node; its coordinates are its configuration\n"
    "word), romnoc_pmnbrt_fabric.v (every node's local port and bcast_i as ports),\n"
    "romnoc_pmnbrt_sim_node.v and romnoc_pmnbrt_sim_fabric.v (the test bench plays the local ports\n"
    "through DPI), romnoc_pmnbrt_synth_top.v, files.f, files_sim.f, romnoc.vlt, sim_config.h and\n"
    "design.txt. The active set is not needed: each node's bcast_i says it at start. A run executes\n"
    "the golden model's schedule `cmodel schedule --task pmnb --alg 004-runtime [--split]` for that\n"
    "set. Split, a packet is F pieces of W bits (F = 2 on a mesh, 4 on a torus): inj_flit_i is\n"
    "{origin, piece F-1, .., piece 0} and a delivery {piece, origin, payload}.\n"
    "The second form writes the golden files of one run from such a schedule: wire.tsv (the\n"
    "schedule) and deliveries.tsv (every packet a node receives for the first time, payloads for\n"
    "seed S).\n"
    "\n"
    "  --topo T     torus:PxP or mesh:PxP, P = 4, 8 or 16\n"
    "  --width W    payload bits (of a piece, split), 2*log2(P)+1..1024 (default 32; a counter travels\n"
    "               in the payload)\n"
    "  --split      cut every packet into pieces (004 s3.1), as `cmodel schedule --split` does\n"
    "  --seed S     payload seed of deliveries.tsv (default 1)\n"
    "  -o DIR       output directory (the design: new, empty or a design rtl_gen wrote)\n"
    "Exit status 0, or 2 with one line on stderr naming the bad value.\n";

/* Pieces of a packet (004 §3.1, pmnb_pieces: 2 on a mesh, 4 on a torus), 1 whole; the bits of
 * a piece's index. */
static int pieces(const rt_design *p) { return p->split ? (int)pmnb_pieces(&p->t) : 1; }
static int piece_bits(const rt_design *p) { return pieces(p) / 2; } /* log2 of 1, 2 or 4 */

/* sim_config.h: the run bound is the slot count of 004-runtime
 * (cmodel/construct/pmnb_pack_broadcast.c) plus the cycle its last slot takes on the wires:
 *   whole  8S rank slots, 2S of packing, a round of RS slots for subphase 1 and
 *          ceil(ceil(K/2)/P) rounds for subphase 2 (S = P-1; RS = P/2 on a torus, P-1 on a mesh);
 *   split  4S rank steps of F slots, 2S packing slots per half (H halves: 2 on a torus, F = 2H),
 *          a round of S slots for subphase 1 and ceil(K/P) rounds for subphase 2. */
static void sim_config(vwriter *w, const rt_design *p) {
  int P = 1 << p->logp, S = P - 1, RS = p->torus ? P / 2 : P - 1, F = pieces(p), H = F / 2;
  vw_line(w, "#define RN_COUNT_WIDTH %d", 2 * p->logp + 1);
  vw_line(w, "#define RN_OWN_AT_START 1  /* the own packet is sampled with bcast_i at start */");
  vw_line(w, "/* cycles of a run with K active nodes: 004-runtime's slots, the last on the wires a slot later */");
  if (p->split) {
    vw_line(w, "#define RN_PIECES %d  /* a packet is cut into pieces: inj_flit_i {origin, pieces}, a flit's top bits and a delivery's {piece, ...} */", F);
    vw_line(w, "#define RN_PIECE_WIDTH %d", piece_bits(p));
    vw_line(w, "#define RN_RUN_BOUND(K) (%du + %du * (1u + (((K) + %du) / %du)) + 1u)", 4 * S * F + 2 * S * H, S, P - 1, P);
    vw_line(w, "#define RN_BOUND_TEXT \"4(P-1)F+2(P-1)H+(P-1)(1+ceil(K/P))+1 with P=%d, F=%d, H=%d\"", P, F, H);
    return;
  }
  vw_line(w, "#define RN_RUN_BOUND(K) (%du + %du * (1u + ((((K) + 1u) / 2u + %du) / %du)) + 1u)", 10 * S, RS, P - 1, P);
  vw_line(w, "#define RN_BOUND_TEXT \"10(P-1)+RS*(1+ceil(ceil(K/2)/P))+1 with P=%d, RS=%d\"", P, RS);
}

/* {piece (split), aux (a count), kind, origin, payload}; a delivery {piece (split), origin,
 * payload}; the own packet {origin, payload} or {origin, F payloads} */
static void widths(const rt_design *p, int *flit, int *packet, int *inj) {
  int A = 2 * p->logp;
  *packet = piece_bits(p) + A + p->width;
  *flit = *packet + 2 + A + 1;
  *inj = A + pieces(p) * p->width;
}

static int min_width(int logp) { return 2 * logp + 1; }

static int check_golden(const sched *s, const char *shown, char *why, size_t len) {
  if (s->fraction != 1 && s->fraction != pmnb_pieces(&s->topo)) {
    snprintf(why, len, "'%s' splits packets into %u pieces: the run-time pmnb router cuts them into %u on %s", shown,
             (unsigned)s->fraction, (unsigned)pmnb_pieces(&s->topo), s->topo.name);
    return -1;
  }
  return 0;
}

static const char *const subs[] = {"romnoc_pmnbrt_prefix", NULL};

static const rt_program pmnbrt = {
    .name = "rtl_gen_pmnbrt", .task = "pmnb", .arch = "pmnb-runtime", .prefix = "romnoc_pmnbrt", .usage = usage,
    .sources = pmnbrt_sources, .sub_modules = subs, .split = true, .min_width = min_width,
    .min_width_why = "a counter of 0..N travels in the payload", .widths = widths, .sim_config = sim_config,
    .check_golden = check_golden};

int main(int argc, char **argv) { return rt_program_main(&pmnbrt, argc, argv); }
