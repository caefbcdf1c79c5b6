/* main.c — rtl_gen_pmnbrt: the run-time active-set router of paper 004's partial multinode
 * broadcast (whole packets) on a P x P torus or mesh, and the golden files a run is checked
 * against.
 *   rtl_gen_pmnbrt --topo torus:PxP|mesh:PxP [--width W] -o DIR     the design
 *   rtl_gen_pmnbrt --golden F.tsv [--seed S] [--width W] -o DIR      DIR/wire.tsv, DIR/deliveries.tsv
 * The router is hand-written Verilog (romnoc_pmnbrt_router.v, romnoc_pmnbrt_prefix.v, copied
 * as they are: parameters LOGP, TORUS, W); this program writes the fabrics around it
 * (rt_fabric.h), sim_config.h and design.txt. Exit 0, or 2 with one line on stderr naming the
 * bad value; nothing is written before every input has been checked. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/topo.h"
#include "outdir.h"
#include "rt_fabric.h"
#include "rt_golden.h"
#include "sources.h"
#include "util/cli.h"
#include "util/version.h"
#include "vwriter.h"

#define PMNBRT_PREFIX "romnoc_pmnbrt"

static const char usage[] =
    "usage: rtl_gen_pmnbrt --topo torus:PxP|mesh:PxP [--width W] -o DIR\n"
    "       rtl_gen_pmnbrt --golden SCHEDULE.tsv [--seed S] [--width W] -o DIR\n"
    "\n"
    "The first form writes into DIR the run-time active-set router of paper 004's partial multinode\n"
    "broadcast (task pmnb, whole packets; docs/PMNB.md, docs/ARCHITECTURE.md): romnoc_pmnbrt_router.v\n"
    "and romnoc_pmnbrt_prefix.v (one router for every node; its coordinates are its configuration\n"
    "word), romnoc_pmnbrt_fabric.v (every node's local port and bcast_i as ports),\n"
    "romnoc_pmnbrt_sim_node.v and romnoc_pmnbrt_sim_fabric.v (the test bench plays the local ports\n"
    "through DPI), romnoc_pmnbrt_synth_top.v, files.f, files_sim.f, romnoc.vlt, sim_config.h and\n"
    "design.txt. The active set is not needed: each node's bcast_i says it at start. A run executes\n"
    "the golden model's schedule `cmodel schedule --task pmnb --alg 004-runtime` for that set.\n"
    "The second form writes the golden files of one run from such a schedule: wire.tsv (the\n"
    "schedule) and deliveries.tsv (every packet a node receives for the first time, payloads for\n"
    "seed S).\n"
    "\n"
    "  --topo T     torus:PxP or mesh:PxP, P = 4, 8 or 16\n"
    "  --width W    payload bits, 2*log2(P)+1..1024 (default 32; a counter travels in the payload)\n"
    "  --seed S     payload seed of deliveries.tsv (default 1)\n"
    "  -o DIR       output directory (the design: new, empty or a design rtl_gen wrote)\n"
    "Exit status 0, or 2 with one line on stderr naming the bad value.\n";

__attribute__((format(printf, 1, 2))) static int bad_input(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cli_report("rtl_gen_pmnbrt", fmt, ap);
  va_end(ap);
  return 2;
}

typedef struct {
  topo t;
  int logp, torus, width;
  char params[96];
} pmnbrt_design;

/* A node's configuration word: {x1, x0}, which is its id. */
static void cfg_literal(const void *ctx, uint32_t u, char *buf, size_t len) {
  const pmnbrt_design *p = ctx;
  snprintf(buf, len, "%d'd%u", 2 * p->logp, (unsigned)u);
}

static int64_t lane_neighbor(const void *ctx, uint32_t u, int lane) {
  const pmnbrt_design *p = ctx;
  return topo_neighbor(&p->t, u, lane);
}

static void make_fabric(const pmnbrt_design *p, rt_fabric *f) {
  static const char *const subs[] = {PMNBRT_PREFIX "_prefix", NULL};
  int A = 2 * p->logp, CW = A + 1, PW = A + p->width;
  *f = (rt_fabric){.prefix = PMNBRT_PREFIX, .nodes = p->t.nodes, .lanes = 4,
                   .flit_width = PW + 2 + CW, .packet_width = PW, .cfg_width = A, .lane_xor = 1,
                   .params = p->params, .sub_modules = subs, .cfg = cfg_literal, .neighbor = lane_neighbor, .ctx = p};
  snprintf(f->topo_name, sizeof f->topo_name, "%s", p->t.name);
}

/* sim_config.h: the facts the benches read (rt_check.h). The run bound is the slot count of
 * 004-runtime (cmodel/construct/pmnb_pack_broadcast.c) plus the cycle its last slot takes on the
 * wires: 8S rank slots, 2S of packing, a round of RS slots for
 * subphase 1 and ceil(ceil(K/2)/P) rounds for subphase 2 (S = P-1; RS = P/2 on a torus, P-1 on
 * a mesh). */
static void emit_sim_config(vwriter *w, const char *header, const pmnbrt_design *p, const rt_fabric *f) {
  int P = 1 << p->logp, S = P - 1, RS = p->torus ? P / 2 : P - 1, A = 2 * p->logp;
  vw_raw(w, "%s", header);
  vw_line(w, "#ifndef ROMNOC_PMNBRT_SIM_CONFIG_H");
  vw_line(w, "#define ROMNOC_PMNBRT_SIM_CONFIG_H");
  vw_line(w, "#define RN_TOPO \"%s\"", p->t.name);
  vw_line(w, "#define RN_TASK \"pmnb\"");
  vw_line(w, "#define RN_ARCH \"pmnb-runtime\"");
  vw_line(w, "#define RN_ID_WIDTH %d", A);
  vw_line(w, "#define RN_PAYLOAD_WIDTH %d", p->width);
  vw_line(w, "#define RN_COUNT_WIDTH %d", A + 1);
  vw_line(w, "#define RN_WIRE_DELAY 1  /* slots */");
  vw_line(w, "#define RN_SLOT_CYCLES 1");
  vw_line(w, "#define RN_OWN_AT_START 1  /* the own packet is sampled with bcast_i at start */");
  vw_line(w, "/* cycles of a run with K active nodes: 004-runtime's slots, the last on the wires a slot later */");
  vw_line(w, "#define RN_RUN_BOUND(K) (%du + %du * (1u + ((((K) + 1u) / 2u + %du) / %du)) + 1u)", 10 * S, RS, P - 1, P);
  vw_line(w, "#define RN_BOUND_TEXT \"10(P-1)+RS*(1+ceil(ceil(K/2)/P))+1 with P=%d, RS=%d\"", P, RS);
  rt_emit_sim_config_common(w, f);
  vw_line(w, "#endif");
}

static void emit_summary(vwriter *w, const char *header, const pmnbrt_design *p, const rt_fabric *f) {
  vw_raw(w, "%s", header);
  vw_line(w, "topo=%s", p->t.name);
  vw_line(w, "task=pmnb");
  vw_line(w, "model=mla");
  vw_line(w, "arch=pmnb-runtime");
  vw_line(w, "nodes=%u", (unsigned)f->nodes);
  vw_line(w, "ports=%d", f->lanes);
  vw_line(w, "payload_width=%d", p->width);
  vw_line(w, "flit_width=%d", f->flit_width);
  vw_line(w, "cfg_width=%d", f->cfg_width);
  vw_line(w, "params=%s", p->params);
}

static int check_golden(const sched *s, const char *shown, char *why, size_t len) {
  if (s->fraction != 1) {
    snprintf(why, len, "'%s' splits packets into %u pieces: the run-time pmnb router moves whole packets", shown,
             (unsigned)s->fraction);
    return -1;
  }
  return 0;
}

/* --topo: a 2-D square torus or mesh of side 4, 8 or 16. */
static int parse_design(const char *topo_s, uint64_t width, pmnbrt_design *p) {
  char err[512], shown[160];
  cli_printable(topo_s, 80, shown, sizeof shown);
  if (topo_parse(topo_s, &p->t, err, sizeof err)) return bad_input("%s", err);
  if ((p->t.kind != TOPO_TORUS && p->t.kind != TOPO_MESH) || p->t.ndims != 2 || p->t.radix[0] != p->t.radix[1])
    return bad_input("topology '%s': the run-time pmnb router runs on torus:PxP and mesh:PxP only", shown);
  uint32_t side = p->t.radix[0];
  if (side != 4 && side != 8 && side != 16)
    return bad_input("side %u of '%s' is out of range (expected P = 4, 8 or 16)", (unsigned)side, shown);
  for (p->logp = 0; (1u << p->logp) < side;) p->logp++;
  p->torus = p->t.kind == TOPO_TORUS;
  if ((int)width < 2 * p->logp + 1)
    return bad_input("width %d is too small for %s (a counter of 0..%u travels in the payload: at least %d bits)", (int)width,
                     shown, (unsigned)p->t.nodes, 2 * p->logp + 1);
  p->width = (int)width;
  snprintf(p->params, sizeof p->params, "#(.LOGP(%d), .TORUS(%d), .W(%d)) ", p->logp, p->torus, p->width);
  return 0;
}

static int write_design(const pmnbrt_design *p, const char *dir) {
  char err[512];
  rt_fabric f;
  make_fabric(p, &f);
  outdir out;
  if (outdir_begin(&out, dir, NULL, 0, 12, err, sizeof err)) return bad_input("%s", err);
  char hs[256], hv[300], hh[256];
  snprintf(hs, sizeof hs, "// Generated by romnoc rtl_gen %s for topo=%s task=pmnb model=mla arch=pmnb-runtime width=%d\n",
           ROMNOC_VERSION, p->t.name, p->width);
  snprintf(hh, sizeof hh, "# Generated by romnoc rtl_gen %s for topo=%s task=pmnb model=mla arch=pmnb-runtime width=%d\n",
           ROMNOC_VERSION, p->t.name, p->width);
  snprintf(hv, sizeof hv, "%s" VERILOG_OPEN, hs);
  char path[PATH_MAX], previous[PATH_MAX], name[PATH_MAX];
  const char *prev;
  vwriter w;
  int rc = 0;
#define WRITE(file, call)                                                                                  \
  do {                                                                                                     \
    if (rc) break;                                                                                         \
    outdir_file(&out, file, path, sizeof path, previous, sizeof previous, &prev);                          \
    if (vw_begin(&w)) { rc = bad_input("out of memory writing '%s/%s'", dir, file); break; }               \
    call;                                                                                                  \
    if (vw_commit(&w, path, prev)) rc = bad_input("cannot write '%s/%s': %s", dir, file, strerror(errno)); \
  } while (0)
  WRITE("design.txt", emit_summary(&w, hh, p, &f));
  for (const verilog_source *v = pmnbrt_sources; v->module; v++) {
    snprintf(name, sizeof name, "%s.v", v->module);
    WRITE(name, (vw_raw(&w, "%s", hs), vw_raw(&w, "%s", v->text)));
  }
  if (!rc && rt_write_shared(&out, &f, hv, hs, err, sizeof err)) rc = bad_input("%s", err);
  WRITE("sim_config.h", emit_sim_config(&w, hs, p, &f));
#undef WRITE
  if (rc) {
    outdir_abort(&out);
    return rc;
  }
  return outdir_commit(&out, err, sizeof err) ? bad_input("%s", err) : 0;
}

int main(int argc, char **argv) {
  const char *topo_s = NULL, *width_s = NULL, *seed_s = NULL, *dir = NULL, *golden = NULL;
  if (argc == 2 && !strcmp(argv[1], "--version")) {
    puts("romnoc-rtl_gen_pmnbrt " ROMNOC_VERSION);
    return 0;
  }
  const cli_option opts[] = {
      {.name = "--topo", .value = &topo_s}, {.name = "--width", .value = &width_s}, {.name = "--seed", .value = &seed_s},
      {.name = "-o", .value = &dir},        {.name = "--golden", .value = &golden},
  };
  const char *words[1];
  int nwords;
  bool help;
  char err[512], shown[160];
  if (cli_parse(argc - 1, argv + 1, opts, sizeof opts / sizeof opts[0], words, 0, &nwords, &help, err, sizeof err))
    return bad_input("%s (see rtl_gen_pmnbrt --help)", err);
  if (help) {
    fputs(usage, stdout);
    return 0;
  }
  uint64_t width = 32, seed = 1;
  if (seed_s && cli_seed(seed_s, &seed))
    return bad_input("--seed '%s' is not a seed (" CLI_SEED_RANGE ")", cli_printable(seed_s, 40, shown, sizeof shown));
  if (width_s && cli_uint(width_s, 1, 1024, &width))
    return bad_input("width '%s' is out of range (expected 1..1024 payload bits)", cli_printable(width_s, 40, shown, sizeof shown));
  if (!dir) return bad_input("missing -o DIR");
  if (golden) {
    if (topo_s) return bad_input("--golden '%s' comes with its own topology: drop --topo", cli_printable(golden, 80, shown, sizeof shown));
    return rt_write_golden("rtl_gen_pmnbrt", golden, "pmnb", check_golden, seed, (int)width, dir);
  }
  if (!topo_s) return bad_input("missing --topo torus:PxP or mesh:PxP");
  pmnbrt_design p;
  int rc = parse_design(topo_s, width, &p);
  return rc ? rc : write_design(&p, dir);
}
