/* main.c — rtl_gen_kbrt: the run-time active-set router of paper 001's kbcast (no schedule ROM:
 * the active set is an input of the fabric), and the golden files a run is checked against.
 *   rtl_gen_kbrt --topo hypercube:D [--width W] -o DIR       the design
 *   rtl_gen_kbrt --golden F.tsv [--seed S] [--width W] -o DIR  DIR/wire.tsv, DIR/deliveries.tsv
 * Pipeline: hypercube:D -> trees (trees.c) -> design (design.c) -> Verilog and facts (emit_*.c).
 * Exit 0, or 2 with one line on stderr naming the bad value; nothing is written before every
 * input has been checked. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/cli.h"
#include "design.h"
#include "outdir.h"
#include "rt_golden.h"
#include "model/topo.h"
#include "util/version.h"
#include "vwriter.h"

static const char usage[] =
    "usage: rtl_gen_kbrt --topo hypercube:D [--width W] [--stages P] -o DIR\n"
    "       rtl_gen_kbrt --golden SCHEDULE.tsv [--seed S] [--width W] -o DIR\n"
    "\n"
    "The first form writes into DIR the run-time active-set router of paper 001's K simultaneous\n"
    "broadcasts (task kbcast, docs/KBCAST.md): romnoc_kbrt_router.v (one module for every node; the\n"
    "node's trees are a constant configuration word), romnoc_kbrt_fabric.v (every node's local port\n"
    "and bcast_i as ports), romnoc_kbrt_sim_node.v and romnoc_kbrt_sim_fabric.v (the test bench plays\n"
    "the local ports through DPI), romnoc_kbrt_synth_top.v, files.f, files_sim.f, romnoc.vlt,\n"
    "sim_config.h and design.txt. The active set is not needed: each node's bcast_i says it.\n"
    "The second form writes the golden files of one run from a kbcast schedule of the golden model\n"
    "(cmodel schedule --task kbcast --alg 001 ...): wire.tsv (the schedule) and deliveries.tsv (every\n"
    "data packet a node receives for the first time, payloads for seed S).\n"
    "\n"
    "  --topo T     hypercube:D, D = 2..10\n"
    "  --width W    payload bits, D+1..1024 (default 32; a counter travels in the payload)\n"
    "  --seed S     payload seed of deliveries.tsv (default 1)\n"
    "  --stages P   0 (default), 1 or 2: with 1, registers cut every slot's decisions (what each queue\n"
    "               sends, each lane's sources, the end of the run) from the data they move; with 2,\n"
    "               also the arrivals and their priority from the decisions; a slot lasts 1+P cycles\n"
    "               and a run (1+P)(2*ceil(K/D)+4D+1): the router meets a faster clock\n"
    "  --fifo-depth F  bank entries (and F-1 queued slots) instead of the proven bound (tests of the\n"
    "               overflow error)\n"
    "  -o DIR       output directory (the design: new, empty or a design rtl_gen wrote)\n"
    "Exit status 0, or 2 with one line on stderr naming the bad value.\n";

__attribute__((format(printf, 1, 2))) static int bad_input(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cli_report("rtl_gen_kbrt", fmt, ap);
  va_end(ap);
  return 2;
}

int main(int argc, char **argv) {
  const char *topo_s = NULL, *width_s = NULL, *seed_s = NULL, *dir = NULL, *golden = NULL, *depth_s = NULL, *stages_s = NULL;
  if (argc == 2 && !strcmp(argv[1], "--version")) {
    puts("romnoc-rtl_gen_kbrt " ROMNOC_VERSION);
    return 0;
  }
  const cli_option opts[] = {
      {.name = "--topo", .value = &topo_s}, {.name = "--width", .value = &width_s},     {.name = "--seed", .value = &seed_s},
      {.name = "-o", .value = &dir},        {.name = "--golden", .value = &golden},     {.name = "--fifo-depth", .value = &depth_s},
      {.name = "--stages", .value = &stages_s},
  };
  const char *words[1];
  int nwords;
  bool help;
  char err[512], shown[160];
  if (cli_parse(argc - 1, argv + 1, opts, sizeof opts / sizeof opts[0], words, 0, &nwords, &help, err, sizeof err))
    return bad_input("%s (see rtl_gen_kbrt --help)", err);
  if (help) {
    fputs(usage, stdout);
    return 0;
  }
  uint64_t width = 32, seed = 1, depth = 0, stages = 0;
  if (seed_s && cli_seed(seed_s, &seed))
    return bad_input("--seed '%s' is not a seed (" CLI_SEED_RANGE ")", cli_printable(seed_s, 40, shown, sizeof shown));
  if (width_s && cli_uint(width_s, 1, 1024, &width))
    return bad_input("width '%s' is out of range (expected 1..1024 payload bits)", cli_printable(width_s, 40, shown, sizeof shown));
  if (depth_s && cli_uint(depth_s, 1, 4096, &depth))
    return bad_input("--fifo-depth '%s' is out of range (expected 1..4096)", cli_printable(depth_s, 40, shown, sizeof shown));
  if (stages_s && cli_uint(stages_s, 0, 2, &stages))
    return bad_input("--stages '%s' is out of range (expected 0, 1 or 2)", cli_printable(stages_s, 40, shown, sizeof shown));
  if (!dir) return bad_input("missing -o DIR");
  if (golden) {
    if (topo_s) return bad_input("--golden '%s' comes with its own topology: drop --topo", cli_printable(golden, 80, shown, sizeof shown));
    return rt_write_golden("rtl_gen_kbrt", golden, "kbcast", NULL, seed, (int)width, dir);
  }
  if (!topo_s) return bad_input("missing --topo hypercube:D");
  topo t;
  if (topo_parse(topo_s, &t, err, sizeof err)) return bad_input("%s", err);
  if (t.kind != TOPO_HYPERCUBE)
    return bad_input("topology '%s': the kbcast run-time router runs on hypercube:D only", cli_printable(topo_s, 80, shown, sizeof shown));
  int d = t.ndims;
  if (d < KBRT_MIN_DIM || d > KBRT_MAX_DIM)
    return bad_input("dimension %d of '%s' is out of range (expected hypercube:%d..%d)", d,
                     cli_printable(topo_s, 80, shown, sizeof shown), KBRT_MIN_DIM, KBRT_MAX_DIM);
  if ((int)width < d + 1)
    return bad_input("width %d is too small for hypercube:%d (a counter of 0..%u travels in the payload: at least %d bits)",
                     (int)width, d, 1u << d, d + 1);
  kbrt_design k;
  if (kbrt_design_init(&k, d, (int)width, err, sizeof err)) {
    kbrt_design_free(&k);
    return bad_input("%s", err);
  }
  k.stages = (int)stages;
  if (depth) k.fifo_depth = (int)depth; /* a test of the overflow error: below the bound on purpose */
  for (k.fifo_count_width = 1; (1 << k.fifo_count_width) < k.fifo_depth + 1;) k.fifo_count_width++;
  outdir out;
  if (outdir_begin(&out, dir, NULL, 0, 12, err, sizeof err)) {
    kbrt_design_free(&k);
    return bad_input("%s", err);
  }
  char hs[256], hv[300], hh[256];
  snprintf(hs, sizeof hs, "// Generated by romnoc rtl_gen %s for topo=hypercube:%d task=kbcast model=mla arch=kbcast-runtime width=%d\n",
           ROMNOC_VERSION, d, (int)width);
  snprintf(hh, sizeof hh, "# Generated by romnoc rtl_gen %s for topo=hypercube:%d task=kbcast model=mla arch=kbcast-runtime width=%d\n",
           ROMNOC_VERSION, d, (int)width);
  snprintf(hv, sizeof hv, "%s" VERILOG_OPEN, hs); /* a Verilog file's header (vwriter.h) */
  char path[PATH_MAX], previous[PATH_MAX];
  const char *prev;
  vwriter w;
  int rc = 0;
#define WRITE(name, call)                                                                                  \
  do {                                                                                                     \
    if (rc) break;                                                                                         \
    outdir_file(&out, name, path, sizeof path, previous, sizeof previous, &prev);                          \
    if (vw_begin(&w)) { rc = bad_input("out of memory writing '%s/%s'", dir, name); break; }               \
    call;                                                                                                  \
    if (vw_commit(&w, path, prev)) rc = bad_input("cannot write '%s/%s': %s", dir, name, strerror(errno)); \
  } while (0)
#define WRITE_VERILOG(module, call) WRITE(module ".v", call; vw_raw(&w, VERILOG_CLOSE)) /* closes as vwriter.h says */
  WRITE("design.txt", kbrt_emit_summary(&w, hh, &k));
  WRITE_VERILOG(KBRT_ROUTER, kbrt_emit_router(&w, hv, &k));
  rt_fabric f;
  kbrt_fabric(&k, &f);
  if (!rc && rt_write_shared(&out, &f, hv, hs, err, sizeof err)) rc = bad_input("%s", err);
  WRITE("sim_config.h", kbrt_emit_sim_config(&w, hs, &k));
#undef WRITE
#undef WRITE_VERILOG
  kbrt_design_free(&k);
  if (rc) {
    outdir_abort(&out);
    return rc;
  }
  return outdir_commit(&out, err, sizeof err) ? bad_input("%s", err) : 0;
}
