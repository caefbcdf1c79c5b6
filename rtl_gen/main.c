/* main.c — rtl_gen: a verified schedule -> the router, ROM and fabric Verilog, the ROM
 * contents and the golden files a simulation is checked against. Exit 0, or 2 with one line
 * on stderr naming the bad value (nothing is written before all input is validated). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build.h"
#include "emit_files.h"
#include "emit_verilog.h"
#include "ir.h"
#include "layout.h"
#include "verify.h"
#include "version.h"
#include "vwriter.h"

static const char usage[] =
    "usage: rtl_gen --topo hypercube:D --task K [--root R] [--width W] [--seed S] [--arch A] -o DIR\n"
    "\n"
    "Writes into DIR the schedule-ROM router, ROM and fabric Verilog (one module per file),\n"
    "the ROM contents (rom*.hex), files.f, romnoc.vlt (Verilator config), sim_config.h, and the\n"
    "golden files golden/wire.tsv (what every link must carry) and golden/deliveries.tsv (what\n"
    "every local port must hand over, with payloads for seed S).\n"
    "\n"
    "  --topo T    hypercube:D, 1 <= D <= 12\n"
    "  --task K    snb | mnb | scatter | gather | te\n"
    "  --root R    root of snb, scatter, gather (default 0)\n"
    "  --width W   payload bits per packet, 1..1024 (default 32)\n"
    "  --seed S    seed of the pseudo-random payloads in golden/deliveries.tsv (default 1)\n"
    "  --arch A    banked (default: registered outputs, per-port 1R1W memory banks, synchronous\n"
    "              ROM) or simple (the first design, kept as the area baseline)\n"
    "  -o DIR      output directory (created; files that would not change are left alone)\n";

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

/* Verifies s in-process: rtl_gen only turns verified schedules into hardware. */
static int verify_schedule(const sched *s, char *err, size_t errlen) {
  verifier *v = verifier_new(&s->topo, s->task, s->model, s->root, false, err, errlen);
  if (!v) return -1;
  int rc = sched_foreach(s, feed_row, v);
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
  const char *dir;
  char path[4096];
} out_dir;

static const char *out_path(out_dir *o, const char *name) {
  snprintf(o->path, sizeof o->path, "%s/%s", o->dir, name);
  return o->path;
}

int main(int argc, char **argv) {
  const char *topo_s = NULL, *task_s = NULL, *root_s = NULL, *dir = NULL;
  unsigned long width = 32, seed = 1;
  const char *arch_s = "banked";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return 0;
    }
    if (!strcmp(a, "--version")) {
      puts("romnoc-rtl_gen " ROMNOC_VERSION);
      return 0;
    }
    const char **slot = !strcmp(a, "--topo") ? &topo_s : !strcmp(a, "--task") ? &task_s : !strcmp(a, "--root") ? &root_s
                      : !strcmp(a, "--arch") ? &arch_s : !strcmp(a, "-o") ? &dir : NULL;
    int is_width = !strcmp(a, "--width"), is_seed = !strcmp(a, "--seed");
    if (!slot && !is_width && !is_seed) return bad_input("unknown argument '%s' (see rtl_gen --help)", a);
    if (i + 1 >= argc) return bad_input("option %s needs a value", a);
    const char *value = argv[++i];
    if (slot) *slot = value;
    else if (is_width && parse_uint(value, 1, 1024, &width))
      return bad_input("width '%s' is out of range (expected 1..1024 payload bits)", value);
    else if (is_seed && parse_uint(value, 0, 0xffffffffu, &seed))
      return bad_input("seed '%s' is not a 32-bit unsigned number", value);
  }
  if (!topo_s) return bad_input("missing --topo (e.g. --topo hypercube:4)");
  if (!task_s) return bad_input("missing --task (snb, mnb, scatter, gather or te)");
  if (!dir) return bad_input("missing -o DIR");
  ir_arch arch;
  if (!strcmp(arch_s, "banked")) arch = IR_ARCH_BANKED;
  else if (!strcmp(arch_s, "simple")) arch = IR_ARCH_SIMPLE;
  else return bad_input("unknown architecture '%s' (expected banked or simple)", arch_s);
  char err[512];
  topo t;
  if (topo_parse(topo_s, &t, err, sizeof err)) return bad_input("%s", err);
  if (t.kind != TOPO_HYPERCUBE || t.ndims > 12)
    return bad_input("topology '%s' is not supported by rtl_gen (hypercube:1 .. hypercube:12)", topo_s);
  int task = task_from_name(task_s);
  if (task < 0) return bad_input("unknown task '%s' (expected snb, mnb, scatter, gather or te)", task_s);
  int64_t root = -1;
  if (task_has_root((task_kind)task)) {
    unsigned long r = 0;
    if (root_s && parse_uint(root_s, 0, t.nodes - 1, &r))
      return bad_input("root '%s' is not a node of %s (0..%u)", root_s, t.name, (unsigned)t.nodes - 1);
    root = (int64_t)r;
  } else if (root_s) {
    return bad_input("--root '%s' does not apply to task %s (it has no root)", root_s, task_s);
  }

  sched s;
  if (schedule_build(&s, &t, (task_kind)task, MODEL_MLA, root, NULL, err, sizeof err)) return bad_input("%s", err);
  ir_fabric f;
  int rc = verify_schedule(&s, err, sizeof err) || ir_build(&f, &s, arch, err, sizeof err);
  if (rc) {
    sched_free(&s);
    return bad_input("%s", err);
  }
  rom_layout l;
  layout_compute(&l, &f, (int)width);

  /* every file starts with the generator version and the full command line */
  size_t cmd_len = 1;
  for (int i = 0; i < argc; i++) cmd_len += strlen(argv[i]) + 1;
  char *cmd = calloc(cmd_len, 1), *hdr_slash = malloc(cmd_len + 128), *hdr_hash = malloc(cmd_len + 128);
  if (!cmd || !hdr_slash || !hdr_hash) return bad_input("out of memory");
  for (int i = 0; i < argc; i++) {
    if (i) strcat(cmd, " ");
    strcat(cmd, i ? argv[i] : "rtl_gen");
  }
  snprintf(hdr_slash, cmd_len + 128, "// Generated by romnoc rtl_gen %s: %s\n", ROMNOC_VERSION, cmd);
  snprintf(hdr_hash, cmd_len + 128, "# Generated by romnoc rtl_gen %s: %s\n", ROMNOC_VERSION, cmd);

  out_dir o = {dir, ""};
  char golden[4096];
  snprintf(golden, sizeof golden, "%s/golden", dir);
  if (make_dirs(golden)) return bad_input("cannot create '%s': %s", golden, strerror(errno));
  vwriter w;
  const char *failed = NULL;
#define WRITE(name, call)                                                        \
  do {                                                                           \
    if (!failed) {                                                               \
      if (vw_begin(&w)) failed = name;                                           \
      else {                                                                     \
        call;                                                                    \
        if (vw_commit(&w, out_path(&o, name))) failed = name;                    \
      }                                                                          \
    }                                                                            \
  } while (0)
  WRITE(ROUTER_MODULE ".v", emit_router(&w, hdr_slash, &f, &l));
  WRITE(ROM_MODULE ".v", emit_rom(&w, hdr_slash, &l));
  WRITE(FABRIC_MODULE ".v", emit_fabric(&w, hdr_slash, &f, &l));
  WRITE(SYNTH_TOP_MODULE ".v", emit_synth_top(&w, hdr_slash, &f, &l));
  WRITE("design.txt", emit_design_summary(&w, hdr_hash, &f, &l));
  for (uint32_t p = 0; p < f.nprograms && !failed; p++) {
    char name[64];
    rom_file_name(&f, p, name, sizeof name);
    WRITE(name, emit_rom_hex(&w, hdr_slash, &f, &l, p));
  }
  WRITE("files.f", emit_file_list(&w, hdr_slash));
  WRITE("romnoc.vlt", emit_verilator_config(&w, hdr_slash));
  WRITE("sim_config.h", emit_sim_config(&w, hdr_slash, &f, &l));
  WRITE("golden/wire.tsv", if (emit_golden_wire(&w, hdr_hash, &s)) w.failed = 1);
  WRITE("golden/deliveries.tsv", if (emit_golden_deliveries(&w, hdr_hash, &s, (uint32_t)seed, (int)width)) w.failed = 1);
#undef WRITE
  ir_free(&f);
  sched_free(&s);
  free(cmd);
  free(hdr_slash);
  free(hdr_hash);
  if (failed) return bad_input("cannot write '%s/%s': %s", dir, failed, strerror(errno));
  return 0;
}
