/* main.c — rtl_gen: a verified schedule -> the router, ROM and fabric Verilog, the ROM
 * contents, the design's facts, and the golden files a simulation is checked against.
 * Pipeline: schedule (a TSV, or the golden model) -> verify -> fabric description -> IR ->
 * architecture plan -> files. Exit 0, or 2 with one line on stderr naming the bad value
 * (nothing is written before the schedule has been verified and planned). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arch.h"
#include "build.h"
#include "emit_files.h"
#include "emit_verilog.h"
#include "fabric.h"
#include "golden.h"
#include "ir.h"
#include "job.h"
#include "tsv.h"
#include "verify.h"
#include "version.h"
#include "vwriter.h"

static const char usage[] =
    "usage: rtl_gen --schedule FILE.tsv [options] -o DIR\n"
    "       rtl_gen --topo T --task K [--root R] [--model M] [--alg A] [options] -o DIR\n"
    "\n"
    "Verifies a schedule and writes into DIR the schedule-ROM router, ROM and fabric Verilog (one\n"
    "module per file; romnoc_fabric with every node's local port as ports, and romnoc_sim_fabric\n"
    "for the test benches), the ROM contents (rom*.hex), files.f and files_sim.f, romnoc.vlt\n"
    "(Verilator config),\n"
    "sim_config.h and design.txt (the design's facts), and the golden files golden/wire.tsv\n"
    "(what every link must carry) and golden/deliveries.tsv (what every local port must hand\n"
    "over, with payloads for seed S), written by the golden model.\n"
    "\n"
    "  --schedule F  a schedule in the exchange format (any topology, task and model that\n"
    "                'cmodel verify' accepts; a file from another tool too), or - for stdin\n"
    "  --topo T      shortcut: ask the golden model (hypercube:D, ring:N, torus:K1xK2[x...],\n"
    "  --task K        mesh:K1xK2[x...]; snb | mnb | scatter | gather | te)\n"
    "  --root R      root of snb, scatter, gather (default 0)\n"
    "  --model M     port model of the schedule (default mla)\n"
    "  --alg A       construction (default auto; see cmodel schedule --help)\n"
    "  --width W     payload bits per packet, 1..1024 (default 32)\n"
    "  --seed S      seed of the pseudo-random payloads in golden/deliveries.tsv (default 1)\n"
    "  --arch A      router architecture: banked (default: registered outputs, per-lane 1R1W\n"
    "                memory banks, synchronous ROM) or simple (the first design, the baseline)\n"
    "  -o DIR        output directory (created; files that would not change are left alone)\n"
    "\n"
    "A schedule that is the same at every node up to the topology's translation (hypercube,\n"
    "ring, torus) gets one ROM shared by every router; others get a ROM per node. The same\n"
    "schedule gives byte-identical files whether it comes from a file or from --topo/--task.\n";

/* The largest fabric: a 12-cube, 64x64 torus (a D=12 fabric takes minutes to verilate). */
#define RTL_MAX_NODES 4096u

__attribute__((format(printf, 1, 2))) static int bad_input(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("rtl_gen: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return 2;
}

static int parse_uint(const char *s, unsigned long lo, unsigned long hi, unsigned long *out) {
  char *end;
  errno = 0;
  unsigned long v = strtoul(s, &end, 10);
  if (errno || end == s || *end || s[0] == '-' || v < lo || v > hi) return -1;
  *out = v;
  return 0;
}

static int feed_row(void *v, const sched_row *row) { return verifier_feed(v, row) ? 1 : 0; }

/* Verifies s in-process, its template from its rows alone: rtl_gen only turns verified
 * schedules into hardware. */
static int verify_schedule(const sched *s, char *err, size_t errlen) {
  verifier *v = verifier_new(&s->topo, s->task, s->model, s->root, s->is_template, err, errlen);
  if (!v) return -1;
  int rc = 0;
  for (size_t i = 0; i < s->nrows && !rc; i++) rc = feed_row(v, &s->rows[i]);
  verify_summary sum;
  if (!rc) rc = verifier_finish(v, &sum);
  if (rc) snprintf(err, errlen, "the schedule fails verification: %s", verifier_message(v));
  verifier_free(v);
  return rc ? -1 : 0;
}

/* mkdir -p: creates path and its missing parents. Returns 0, or -1 with errno set. */
static int make_dirs(const char *path) {
  char buf[4096];
  if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
    errno = ENAMETOOLONG;
    return -1;
  }
  for (char *p = buf + 1;; p++) {
    if (*p != '/' && *p != '\0') continue;
    char c = *p;
    *p = '\0';
    if (mkdir(buf, 0777) && errno != EEXIST) return -1;
    if (!c) return 0;
    *p = c;
  }
}

typedef struct {
  const char *schedule, *topo, *task, *root, *model, *alg, *dir, *arch;
  unsigned long width, seed;
} options;

/* Returns 0, -1 after --help/--version, or the bad-input exit code. */
static int parse_options(int argc, char **argv, options *o) {
  *o = (options){.width = 32, .seed = 1, .arch = "banked"};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return -1;
    }
    if (!strcmp(a, "--version")) {
      puts("romnoc-rtl_gen " ROMNOC_VERSION);
      return -1;
    }
    const char **slot = !strcmp(a, "--schedule") ? &o->schedule : !strcmp(a, "--topo") ? &o->topo
                      : !strcmp(a, "--task")     ? &o->task     : !strcmp(a, "--root") ? &o->root
                      : !strcmp(a, "--model")    ? &o->model    : !strcmp(a, "--alg")  ? &o->alg
                      : !strcmp(a, "--arch")     ? &o->arch     : !strcmp(a, "-o")     ? &o->dir : NULL;
    int is_width = !strcmp(a, "--width"), is_seed = !strcmp(a, "--seed");
    if (!slot && !is_width && !is_seed) return bad_input("unknown argument '%s' (see rtl_gen --help)", a);
    if (i + 1 >= argc) return bad_input("option %s needs a value", a);
    const char *value = argv[++i];
    if (slot) *slot = value;
    else if (is_width && parse_uint(value, 1, 1024, &o->width))
      return bad_input("width '%s' is out of range (expected 1..1024 payload bits)", value);
    else if (is_seed && parse_uint(value, 0, 0xffffffffu, &o->seed))
      return bad_input("seed '%s' is not a 32-bit unsigned number", value);
  }
  if (o->schedule && (o->topo || o->task || o->root || o->model || o->alg))
    return bad_input("--schedule '%s' comes with its own topology, task, model and root: drop --topo, --task, --root, "
                     "--model and --alg",
                     o->schedule);
  if (!o->schedule && !o->topo) return bad_input("missing --schedule FILE or --topo (e.g. --topo hypercube:4)");
  if (!o->dir) return bad_input("missing -o DIR");
  return 0;
}

static int too_large(const topo *t) {
  return bad_input("topology '%s' has %u nodes; rtl_gen builds fabrics of at most %u", t->name, (unsigned)t->nodes,
                   RTL_MAX_NODES);
}

/* The schedule: read from a file or built by the golden model. Returns 0 or the exit code. */
static int get_schedule(const options *o, sched *s) {
  char err[512];
  if (o->schedule) {
    FILE *f = strcmp(o->schedule, "-") ? fopen(o->schedule, "r") : stdin;
    if (!f) return bad_input("cannot read '%s': %s", o->schedule, strerror(errno));
    int rc = tsv_load(f, s, err, sizeof err);
    if (f != stdin) fclose(f);
    if (rc) return bad_input("%s: %s", o->schedule, err);
    if (s->topo.nodes > RTL_MAX_NODES) {
      sched_free(s);
      return too_large(&s->topo);
    }
    return 0;
  }
  job j;
  if (job_parse(&j, o->topo, o->task, o->model, o->root, true, err, sizeof err)) return bad_input("%s", err);
  if (j.topo.nodes > RTL_MAX_NODES) return too_large(&j.topo);
  if (schedule_build(s, &j.topo, j.task, j.model, j.root, o->alg, err, sizeof err)) return bad_input("%s", err);
  return 0;
}

int main(int argc, char **argv) {
  options o;
  int rc = parse_options(argc, argv, &o);
  if (rc) return rc < 0 ? 0 : rc;
  const router_arch *arch = arch_find(o.arch);
  if (!arch) return bad_input("unknown architecture '%s' (expected %s)", o.arch, arch_names());
  sched s;
  if ((rc = get_schedule(&o, &s))) return rc;
  char err[512] = "";
  fabric_desc fd;
  ir_fabric f;
  if (verify_schedule(&s, err, sizeof err) || sched_to_template(&s) < 0) {
    sched_free(&s);
    return bad_input("%s", err[0] ? err : "out of memory");
  }
  if (fabric_describe(&fd, &s.topo, s.model)) {
    sched_free(&s);
    return bad_input("out of memory describing the fabric of %s", s.topo.name);
  }
  if (ir_build(&f, &fd, &s, err, sizeof err) || arch->supports(&f, err, sizeof err)) {
    if (f.programs) ir_free(&f);
    fabric_free(&fd);
    sched_free(&s);
    return bad_input("%s", err);
  }
  router_shape shape;
  void *plan = arch->plan(&f, (int)o.width, &shape, err, sizeof err);
  if (!plan) {
    ir_free(&f);
    fabric_free(&fd);
    sched_free(&s);
    return bad_input("%s", err);
  }

  /* every file starts with the generator version and what the design is (not the command
   * line, so that a schedule from a file and from --topo/--task give the same files) */
  char design[512], hdr_slash[600], hdr_hash[600], hdr_golden[640];
  snprintf(design, sizeof design, "topo=%s task=%s model=%s root=%lld alg=%s schedule=fnv1a:%016llx arch=%s width=%lu",
           s.topo.name, task_name(s.task), model_name(s.model), (long long)s.root, s.alg[0] ? s.alg : "-",
           (unsigned long long)sched_fingerprint(&s), arch->name, o.width);
  snprintf(hdr_slash, sizeof hdr_slash, "// Generated by romnoc rtl_gen %s for %s\n", ROMNOC_VERSION, design);
  snprintf(hdr_hash, sizeof hdr_hash, "# Generated by romnoc rtl_gen %s for %s\n", ROMNOC_VERSION, design);
  snprintf(hdr_golden, sizeof hdr_golden, "# Generated by romnoc rtl_gen %s (golden model) for %s seed=%lu\n",
           ROMNOC_VERSION, design, o.seed);

  char golden[4096], path[4096];
  snprintf(golden, sizeof golden, "%s/golden", o.dir);
  if (make_dirs(golden)) rc = bad_input("cannot create '%s': %s", golden, strerror(errno));
  vwriter w;
  const char *failed = NULL;
#define WRITE(name, call)                                                                    \
  do {                                                                                       \
    if (!failed && !rc) {                                                                    \
      snprintf(path, sizeof path, "%s/%s", o.dir, name);                                     \
      if (vw_begin(&w)) failed = name;                                                       \
      else {                                                                                 \
        call;                                                                                \
        if (vw_commit(&w, path)) failed = name;                                              \
      }                                                                                      \
    }                                                                                        \
  } while (0)
  WRITE(ROUTER_MODULE ".v", arch->emit_router(&w, hdr_slash, &f, plan, &shape));
  WRITE(ROM_MODULE ".v", emit_rom(&w, hdr_slash, &shape));
  WRITE(FABRIC_MODULE ".v", emit_fabric(&w, hdr_slash, &f, &shape, false));
  WRITE(SIM_NODE_MODULE ".v", emit_sim_node(&w, hdr_slash, &shape));
  WRITE(SIM_FABRIC_MODULE ".v", emit_fabric(&w, hdr_slash, &f, &shape, true));
  WRITE(SYNTH_TOP_MODULE ".v", emit_synth_top(&w, hdr_slash, &f, &shape));
  WRITE("design.txt", emit_design_summary(&w, hdr_hash, &f, &shape));
  for (uint32_t p = 0; p < f.nprograms && !failed; p++) {
    char name[64];
    rom_file_name(&f, p, name, sizeof name);
    WRITE(name, emit_rom_hex(&w, hdr_slash, &f, arch, plan, &shape, p));
  }
  WRITE("files.f", emit_file_list(&w, hdr_slash, false));
  WRITE("files_sim.f", emit_file_list(&w, hdr_slash, true));
  WRITE("romnoc.vlt", emit_verilator_config(&w, hdr_slash, &shape));
  WRITE("sim_config.h", emit_sim_config(&w, hdr_slash, &f, &shape));
  WRITE("golden/wire.tsv", if (golden_write_wire(w.f, hdr_golden, &s)) w.failed = 1);
  WRITE("golden/deliveries.tsv", if (golden_write_deliveries(w.f, hdr_golden, &s, (uint32_t)o.seed, (int)o.width)) w.failed = 1);
#undef WRITE
  arch->free_plan(plan);
  ir_free(&f);
  fabric_free(&fd);
  sched_free(&s);
  if (failed) return bad_input("cannot write '%s/%s': %s", o.dir, failed, strerror(errno));
  return rc;
}
