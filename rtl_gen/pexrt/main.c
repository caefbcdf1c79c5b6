/* main.c — rtl_gen_pexrt: the run-time active-set router of paper 004's partial exchange (§4) on
 * a P x P torus or mesh, and the golden files a run is checked against.
 *   rtl_gen_pexrt --topo torus:PxP|mesh:PxP [--width W] [--depth D] -o DIR     the design
 *   rtl_gen_pexrt --golden F.tsv [--seed S] [--width W] -o DIR                  DIR/wire.tsv, DIR/deliveries.tsv
 * The router is hand-written Verilog (romnoc_pexrt_router.v and romnoc_pexrt_seq.v, copied as they
 * are: parameters LOGP, TORUS, W, LOGD); the command line and the files around it are
 * rt_program.h's. */
#include <stdio.h>

#include "rt_program.h"
#include "sources.h"

static const char usage[] =
    "usage: rtl_gen_pexrt --topo torus:PxP|mesh:PxP [--width W] [--depth D] -o DIR\n"
    "       rtl_gen_pexrt --golden SCHEDULE.tsv [--seed S] [--width W] -o DIR\n"
    "\n"
    "The first form writes into DIR the run-time active-set router of paper 004's partial exchange\n"
    "(task pexchange; docs/PEXCHANGE.md, docs/ARCHITECTURE.md): romnoc_pexrt_router.v and\n"
    "romnoc_pexrt_seq.v (one router for every node; its coordinates are its configuration word),\n"
    "romnoc_pexrt_fabric.v (every node's local port as ports), romnoc_pexrt_sim_node.v and\n"
    "romnoc_pexrt_sim_fabric.v (the test bench plays the local ports through DPI),\n"
    "romnoc_pexrt_synth_top.v, files.f, files_sim.f, romnoc.vlt, sim_config.h and design.txt. The\n"
    "active set is not needed: each node's bcast_i says it at start, and an active node's packets\n"
    "are written into its router's mailbox before (inj_we_i, inj_flit_i = {dest, payload}). A run\n"
    "executes the golden model's schedule `cmodel schedule --task pexchange --alg 004-runtime` for\n"
    "that set. The second form writes the golden files of one run from such a schedule: wire.tsv\n"
    "(the schedule) and deliveries.tsv (every packet at its destination, payloads for seed S).\n"
    "\n"
    "  --topo T     torus:PxP or mesh:PxP, P = 4, 8 or 16\n"
    "  --width W    payload bits, log2(P)+1..1024 (default 32; a counter travels in the payload)\n"
    "  --depth D    packets each of a router's 4 FIFOs (second legs, one per out-lane) holds, a\n"
    "               power of two 2..1024 (default: the most measured on one out-link,\n"
    "               docs/BENCHMARKS.md \"The partial exchange's queues at run time\", rounded up: 8\n"
    "               on torus:4x4, 16 on mesh:4x4, 64 on torus:8x8, 128 on mesh:8x8; 256 on a 16x16,\n"
    "               not measured); a FIFO written beyond it raises err_o\n"
    "  --seed S     payload seed of deliveries.tsv (default 1)\n"
    "  -o DIR       output directory (the design: new, empty or a design rtl_gen wrote)\n"
    "Exit status 0, or 2 with one line on stderr naming the bad value.\n";

/* sim_config.h: the run bound is 004-runtime's phase 1 (S = P-1 slots) plus 004 §4's bound on
 * phase 2, 2m(N-P) + 2(P-1) with m = floor(sqrt(K)), plus the cycle the last slot takes on the
 * wires. Flits {dest, first, kind, origin, payload}: the dest above the kind and class bits. */
static void sim_config(vwriter *w, const rt_design *p) {
  int P = 1 << p->logp, N = P * P, A = 2 * p->logp;
  vw_line(w, "#define RN_COUNT_WIDTH %d", p->logp + 1);
  vw_line(w, "#define RN_DEST_LSB %d  /* personalized packets: the flit's dest field */", A + p->width + 3);
  vw_line(w, "static inline unsigned rn_isqrt(unsigned k) {");
  vw_line(w, "  unsigned m = 0;");
  vw_line(w, "  while ((m + 1u) * (m + 1u) <= k) m++;");
  vw_line(w, "  return m;");
  vw_line(w, "}");
  vw_line(w, "/* cycles of a run with K active nodes: phase 1, 004 s4's bound on phase 2, the last slot on the wires */");
  vw_line(w, "#define RN_RUN_BOUND(K) (%du + 2u * rn_isqrt(K) * %du + %du + 1u)", P - 1, N - P, 2 * (P - 1));
  vw_line(w, "#define RN_BOUND_TEXT \"(P-1)+2m(N-P)+2(P-1)+1 with P=%d, m=floor(sqrt(K))\"", P);
}

/* {dest, first, kind, origin, payload}; a packet {origin, payload} (a mailbox write {dest, payload}) */
static void widths(const rt_design *p, int *flit, int *packet, int *inj) {
  int A = 2 * p->logp;
  *packet = A + p->width;
  *flit = 2 * A + p->width + 3;
  *inj = 0; /* as a packet */
}

static int min_width(int logp) { return logp + 1; }

/* The measured depths (bench/pexchange_queues.sh), as powers of two. */
static int default_logd(const rt_design *p) {
  if (p->logp == 2) return p->torus ? 3 : 4;
  if (p->logp == 3) return p->torus ? 6 : 7;
  return 8;
}

static int check_golden(const sched *s, const char *shown, char *why, size_t len) {
  if (!s->nrows || s->rows[0].dest != -2) {
    snprintf(why, len, "'%s' has no phase-1 counters: a schedule of --alg 004-runtime is what the run-time router runs",
             shown);
    return -1;
  }
  return 0;
}

static const char *const subs[] = {"romnoc_pexrt_seq", NULL};

static const rt_program pexrt = {
    .name = "rtl_gen_pexrt", .task = "pexchange", .arch = "pexchange-runtime", .prefix = "romnoc_pexrt", .usage = usage,
    .sources = pexrt_sources, .sub_modules = subs, .inj_write = true, .min_width = min_width,
    .min_width_why = "a counter of 0..P travels in the payload", .default_logd = default_logd, .widths = widths,
    .sim_config = sim_config, .check_golden = check_golden};

int main(int argc, char **argv) { return rt_program_main(&pexrt, argc, argv); }
