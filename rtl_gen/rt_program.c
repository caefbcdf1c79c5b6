/* rt_program.c — the command line of the run-time routers' generators (rt_program.h). */
#include "rt_program.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/job.h"
#include "outdir.h"
#include "util/cli.h"
#include "util/version.h"

__attribute__((format(printf, 2, 3))) static int bad_input(const rt_program *g, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cli_report(g->name, fmt, ap);
  va_end(ap);
  return 2;
}

/* A node's configuration word: {x1, x0}, which is its id. */
static void cfg_literal(const void *ctx, uint32_t u, char *buf, size_t len) {
  const rt_design *p = ctx;
  snprintf(buf, len, "%d'd%u", 2 * p->logp, (unsigned)u);
}

static int64_t lane_neighbor(const void *ctx, uint32_t u, int lane) {
  const rt_design *p = ctx;
  return topo_neighbor(&p->t, u, lane);
}

static void make_fabric(const rt_program *g, const rt_design *p, rt_fabric *f) {
  int flit = 0, packet = 0, inj = 0;
  g->widths(p, &flit, &packet, &inj);
  *f = (rt_fabric){.prefix = g->prefix, .nodes = p->t.nodes, .lanes = 4, .flit_width = flit, .packet_width = packet,
                   .inj_width = inj,
                   .cfg_width = 2 * p->logp, .lane_xor = 1, .params = p->params, .sub_modules = g->sub_modules,
                   .inj_write = g->inj_write, .cfg = cfg_literal, .neighbor = lane_neighbor, .ctx = p};
  snprintf(f->topo_name, sizeof f->topo_name, "%s", p->t.name);
}

static void emit_sim_config(vwriter *w, const char *header, const rt_program *g, const rt_design *p, const rt_fabric *f) {
  vw_raw(w, "%s", header);
  vw_line(w, "#ifndef ROMNOC_RT_SIM_CONFIG_H");
  vw_line(w, "#define ROMNOC_RT_SIM_CONFIG_H");
  vw_line(w, "#define RN_TOPO \"%s\"", p->t.name);
  vw_line(w, "#define RN_TASK \"%s\"", g->task);
  vw_line(w, "#define RN_ARCH \"%s\"", g->arch);
  vw_line(w, "#define RN_ID_WIDTH %d", 2 * p->logp);
  vw_line(w, "#define RN_PAYLOAD_WIDTH %d", p->width);
  vw_line(w, "#define RN_WIRE_DELAY 1  /* slots */");
  vw_line(w, "#define RN_SLOT_CYCLES 1");
  g->sim_config(w, p);
  rt_emit_sim_config_common(w, f);
  vw_line(w, "#endif");
}

static void emit_summary(vwriter *w, const char *header, const rt_program *g, const rt_design *p, const rt_fabric *f) {
  vw_raw(w, "%s", header);
  vw_line(w, "topo=%s", p->t.name);
  vw_line(w, "task=%s", g->task);
  vw_line(w, "model=mla");
  vw_line(w, "arch=%s", g->arch);
  vw_line(w, "nodes=%u", (unsigned)f->nodes);
  vw_line(w, "ports=%d", f->lanes);
  vw_line(w, "payload_width=%d", p->width);
  vw_line(w, "flit_width=%d", f->flit_width);
  vw_line(w, "cfg_width=%d", f->cfg_width);
  if (p->logd) vw_line(w, "fifo_depth=%d", 1 << p->logd);
  if (p->split) vw_line(w, "fraction=%u", (unsigned)pmnb_pieces(&p->t));
  vw_line(w, "params=%s", p->params);
}

/* The router's parameter overrides into p->params: LOGP, TORUS, W, then LOGD (a router with
 * FIFOs) and SPLIT (a split design). */
static void design_params(rt_design *p) {
  char logd[32] = "", split[32] = "";
  if (p->logd) snprintf(logd, sizeof logd, ", .LOGD(%d)", p->logd);
  if (p->split) snprintf(split, sizeof split, ", .SPLIT(1)");
  snprintf(p->params, sizeof p->params, "#(.LOGP(%d), .TORUS(%d), .W(%d)%s%s) ", p->logp, p->torus, p->width, logd, split);
}

/* --topo: a 2-D square torus or mesh of side 4, 8 or 16; --width; --depth (a power of two);
 * --split. */
static int parse_design(const rt_program *g, const char *topo_s, uint64_t width, const char *depth_s, bool split,
                        rt_design *p) {
  char err[512], shown[160];
  cli_printable(topo_s, 80, shown, sizeof shown);
  if (topo_parse(topo_s, &p->t, err, sizeof err)) return bad_input(g, "%s", err);
  if ((p->t.kind != TOPO_TORUS && p->t.kind != TOPO_MESH) || p->t.ndims != 2 || p->t.radix[0] != p->t.radix[1])
    return bad_input(g, "topology '%s': the run-time %s router runs on torus:PxP and mesh:PxP only", shown, g->task);
  uint32_t side = p->t.radix[0];
  if (side != 4 && side != 8 && side != 16)
    return bad_input(g, "side %u of '%s' is out of range (expected P = 4, 8 or 16)", (unsigned)side, shown);
  for (p->logp = 0; (1u << p->logp) < side;) p->logp++;
  p->torus = p->t.kind == TOPO_TORUS;
  if ((int)width < g->min_width(p->logp))
    return bad_input(g, "width %d is too small for %s (%s: at least %d bits)", (int)width, shown, g->min_width_why,
                     g->min_width(p->logp));
  p->width = (int)width;
  p->logd = 0;
  p->split = split;
  if (split && !g->split) return bad_input(g, "--split: the run-time %s router moves whole packets", g->task);
  if (!g->default_logd) {
    if (depth_s) return bad_input(g, "--depth '%s': the %s router has no FIFOs", cli_printable(depth_s, 40, shown, sizeof shown), g->task);
    design_params(p);
    return 0;
  }
  p->logd = g->default_logd(p);
  if (depth_s) {
    uint64_t d = 0;
    if (cli_uint(depth_s, 2, 1024, &d) || (d & (d - 1)))
      return bad_input(g, "--depth '%s' is not a power of two in 2..1024", cli_printable(depth_s, 40, shown, sizeof shown));
    for (p->logd = 0; (1ull << p->logd) < d;) p->logd++;
  }
  design_params(p);
  return 0;
}

static int write_design(const rt_program *g, const rt_design *p, const char *dir) {
  char err[512];
  rt_fabric f;
  make_fabric(g, p, &f);
  outdir out;
  if (outdir_begin(&out, dir, NULL, 0, 12, err, sizeof err)) return bad_input(g, "%s", err);
  char hs[256], hv[300], hh[256];
  snprintf(hs, sizeof hs, "// Generated by romnoc rtl_gen %s for topo=%s task=%s model=mla arch=%s width=%d\n",
           ROMNOC_VERSION, p->t.name, g->task, g->arch, p->width);
  snprintf(hh, sizeof hh, "# Generated by romnoc rtl_gen %s for topo=%s task=%s model=mla arch=%s width=%d\n",
           ROMNOC_VERSION, p->t.name, g->task, g->arch, p->width);
  snprintf(hv, sizeof hv, "%s" VERILOG_OPEN, hs);
  char path[PATH_MAX], previous[PATH_MAX], name[PATH_MAX];
  const char *prev;
  vwriter w;
  int rc = 0;
#define WRITE(file, call)                                                                                     \
  do {                                                                                                        \
    if (rc) break;                                                                                            \
    outdir_file(&out, file, path, sizeof path, previous, sizeof previous, &prev);                             \
    if (vw_begin(&w)) { rc = bad_input(g, "out of memory writing '%s/%s'", dir, file); break; }               \
    call;                                                                                                     \
    if (vw_commit(&w, path, prev)) rc = bad_input(g, "cannot write '%s/%s': %s", dir, file, strerror(errno)); \
  } while (0)
  WRITE("design.txt", emit_summary(&w, hh, g, p, &f));
  for (const verilog_source *v = g->sources; v->module; v++) {
    snprintf(name, sizeof name, "%s.v", v->module);
    WRITE(name, (vw_raw(&w, "%s", hs), vw_raw(&w, "%s", v->text)));
  }
  if (!rc && rt_write_shared(&out, &f, hv, hs, err, sizeof err)) rc = bad_input(g, "%s", err);
  WRITE("sim_config.h", emit_sim_config(&w, hs, g, p, &f));
#undef WRITE
  if (rc) {
    outdir_abort(&out);
    return rc;
  }
  return outdir_commit(&out, err, sizeof err) ? bad_input(g, "%s", err) : 0;
}

int rt_program_main(const rt_program *g, int argc, char **argv) {
  const char *topo_s = NULL, *width_s = NULL, *seed_s = NULL, *dir = NULL, *golden = NULL, *depth_s = NULL;
  bool help, split = false;
  if (argc == 2 && !strcmp(argv[1], "--version")) {
    printf("romnoc-%s %s\n", g->name, ROMNOC_VERSION);
    return 0;
  }
  const cli_option opts[] = {
      {.name = "--topo", .value = &topo_s}, {.name = "--width", .value = &width_s}, {.name = "--seed", .value = &seed_s},
      {.name = "-o", .value = &dir},        {.name = "--golden", .value = &golden}, {.name = "--depth", .value = &depth_s},
      {.name = "--split", .flag = &split},
  };
  const char *words[1];
  int nwords;
  char err[512], shown[160];
  if (cli_parse(argc - 1, argv + 1, opts, sizeof opts / sizeof opts[0], words, 0, &nwords, &help, err, sizeof err))
    return bad_input(g, "%s (see %s --help)", err, g->name);
  if (help) {
    fputs(g->usage, stdout);
    return 0;
  }
  uint64_t width = 32, seed = 1;
  if (seed_s && cli_seed(seed_s, &seed))
    return bad_input(g, "--seed '%s' is not a seed (" CLI_SEED_RANGE ")", cli_printable(seed_s, 40, shown, sizeof shown));
  if (width_s && cli_uint(width_s, 1, 1024, &width))
    return bad_input(g, "width '%s' is out of range (expected 1..1024 payload bits)", cli_printable(width_s, 40, shown, sizeof shown));
  if (!dir) return bad_input(g, "missing -o DIR");
  if (golden) {
    if (topo_s) return bad_input(g, "--golden '%s' comes with its own topology: drop --topo", cli_printable(golden, 80, shown, sizeof shown));
    if (split) return bad_input(g, "--golden '%s' says whether it is split (# fraction=): drop --split", cli_printable(golden, 80, shown, sizeof shown));
    return rt_write_golden(g->name, golden, g->task, g->check_golden, seed, (int)width, dir);
  }
  if (!topo_s) return bad_input(g, "missing --topo torus:PxP or mesh:PxP");
  rt_design p;
  int rc = parse_design(g, topo_s, width, depth_s, split, &p);
  return rc ? rc : write_design(g, &p, dir);
}
