/* main.c — the cmodel command: schedule, verify, info, table.
 * The only place that prints diagnostics and chooses exit codes: 0 success, 1 a schedule
 * violates its task or model, 2 bad input (one line on stderr naming the bad value). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bounds.h"
#include "build.h"
#include "tsv.h"
#include "verify.h"
#include "version.h"

#define EXIT_VIOLATION 1
#define EXIT_BAD_INPUT 2

static const char usage_top[] =
    "usage: cmodel <command> [options]\n"
    "\n"
    "romnoc golden model " ROMNOC_VERSION ": optimal collective-communication schedules.\n"
    "\n"
    "commands:\n"
    "  schedule  write the schedule of a task as a TSV (exchange format)\n"
    "  verify    check a schedule TSV against a task and port model\n"
    "  info      print a topology's nodes, ports, links and diameter\n"
    "  table     generate and verify a range of hypercube schedules (paper 000, Table 1)\n"
    "\n"
    "Run 'cmodel <command> --help' for a command's options.\n";

static const char usage_schedule[] =
    "usage: cmodel schedule --topo T --task K [--model M] [--root R] [--template] [-o FILE]\n"
    "\n"
    "  --topo T      hypercube:D (1..16), ring:N, torus:K1xK2[x...], mesh:K1xK2[x...]\n"
    "  --task K      snb | mnb | scatter | gather | te\n"
    "  --model M     port model: mla (default; all ports, full duplex), oneway, sp-full, sp-half\n"
    "  --root R      root node of snb, scatter, gather (default 0)\n"
    "  --template    write only the origin-0 rows of an XOR-translated schedule (mnb, te)\n"
    "  -o FILE       write to FILE (atomically) instead of standard output\n";

static const char usage_verify[] =
    "usage: cmodel verify [--topo T] [--task K] [--model M] [--root R] [--template] FILE|-\n"
    "\n"
    "Checks every row (a real link, within the model's per-slot capacity, a packet the sender\n"
    "holds) and that the task completes. Options default to the file's '# key=value' metadata.\n"
    "Prints 'OK slots=S lb=L tx=T txlb=X' (exit 0) or 'FAIL <first violation>' (exit 1).\n"
    "  --template    FILE holds the origin-0 rows of an mnb or te hypercube schedule; certify\n"
    "                all XOR translates without expanding them (paper 000 section 2)\n";

static const char usage_info[] = "usage: cmodel info --topo T\n";

static const char usage_table[] =
    "usage: cmodel table [--topo hypercube:A..B] [--task all|K]\n"
    "\n"
    "Generates and verifies each schedule and prints slots, lower bound, transmissions and\n"
    "minimum transmissions per task and dimension (default hypercube:1..12, all tasks).\n"
    "Beyond D=12, mnb and te are certified from their XOR template.\n";

/* Prints one diagnostic line and returns the bad-input exit code. */
__attribute__((format(printf, 1, 2))) static int bad_input(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("cmodel: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return EXIT_BAD_INPUT;
}

typedef struct {
  const char *topo, *task, *model, *root, *out, *file;
  int is_template, help;
} options;

/* Parses "--name value", "--name=value" and flags; returns 0 or the bad-input exit code.
 * allowed lists the option names this command takes. */
static int parse_options(int argc, char **argv, const char *allowed, options *o) {
  memset(o, 0, sizeof *o);
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      o->help = 1;
      return 0;
    }
    if (a[0] != '-' || !strcmp(a, "-")) {
      if (o->file || !strstr(allowed, "FILE")) return bad_input("unexpected argument '%s'", a);
      o->file = a;
      continue;
    }
    char name[32];
    const char *eq = strchr(a, '='), *value = NULL;
    size_t len = eq ? (size_t)(eq - a) : strlen(a);
    if (len >= sizeof name) return bad_input("unknown option '%s'", a);
    memcpy(name, a, len);
    name[len] = '\0';
    char key[40];
    snprintf(key, sizeof key, " %s ", name);
    if (!strstr(allowed, key)) return bad_input("unknown option '%s'", name);
    if (!strcmp(name, "--template")) {
      if (eq) return bad_input("option --template takes no value");
      o->is_template = 1;
      continue;
    }
    if (eq) value = eq + 1;
    else if (i + 1 < argc) value = argv[++i];
    else return bad_input("option %s needs a value", name);
    if (!strcmp(name, "--topo")) o->topo = value;
    else if (!strcmp(name, "--task")) o->task = value;
    else if (!strcmp(name, "--model")) o->model = value;
    else if (!strcmp(name, "--root")) o->root = value;
    else o->out = value; /* -o */
  }
  return 0;
}

/* Parses a command's options; prints usage and returns -1 for --help, otherwise returns 0 or
 * the bad-input exit code. */
static int begin_command(int argc, char **argv, const char *allowed, const char *usage, options *o) {
  int rc = parse_options(argc, argv, allowed, o);
  if (rc) return rc;
  if (o->help) {
    fputs(usage, stdout);
    return -1;
  }
  return 0;
}

typedef struct {
  topo topo;
  task_kind task;
  model_kind model;
  int64_t root; /* -1 for tasks without one */
} job;

/* Turns option strings into a job; returns 0 or the bad-input exit code. */
static int resolve_job(const char *topo_s, const char *task_s, const char *model_s, const char *root_s,
                       int root_from_cli, job *j) {
  char err[256];
  if (!topo_s) return bad_input("missing --topo (e.g. --topo hypercube:4)");
  if (topo_parse(topo_s, &j->topo, err, sizeof err)) return bad_input("%s", err);
  if (!task_s) return bad_input("missing --task (snb, mnb, scatter, gather or te)");
  int task = task_from_name(task_s);
  if (task < 0) return bad_input("unknown task '%s' (expected snb, mnb, scatter, gather or te)", task_s);
  j->task = (task_kind)task;
  int model = model_from_name(model_s ? model_s : "mla");
  if (model < 0) return bad_input("unknown model '%s' (expected mla, oneway, sp-full or sp-half)", model_s);
  j->model = (model_kind)model;
  j->root = -1;
  if (task_has_root(j->task)) {
    j->root = 0;
    if (root_s) {
      char *end;
      errno = 0;
      long long r = strtoll(root_s, &end, 10);
      if (errno || end == root_s || *end || r < 0 || r >= j->topo.nodes)
        return bad_input("root '%s' is not a node of %s (0..%u)", root_s, j->topo.name, (unsigned)j->topo.nodes - 1);
      j->root = r;
    }
  } else if (root_s && root_from_cli) {
    return bad_input("--root '%s' does not apply to task %s (it has no root)", root_s, task_name(j->task));
  }
  return 0;
}

static int cmd_schedule(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, " --topo --task --model --root --template -o ", usage_schedule, &o);
  if (rc) return rc < 0 ? 0 : rc;
  job j;
  if ((rc = resolve_job(o.topo, o.task, o.model, o.root, 1, &j))) return rc;
  char err[256];
  sched s;
  if (schedule_build(&s, &j.topo, j.task, j.model, j.root, err, sizeof err)) return bad_input("%s", err);
  if (o.is_template && !s.xor_template) {
    sched_free(&s);
    return bad_input("--template applies to the XOR-translated hypercube tasks mnb and te, not %s", task_name(j.task));
  }
  FILE *f = stdout;
  char tmp[4096];
  if (o.out) {
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", o.out, (long)getpid());
    f = fopen(tmp, "w");
    if (!f) {
      sched_free(&s);
      return bad_input("cannot write '%s': %s", o.out, strerror(errno));
    }
  }
  int wrc = tsv_write(f, &s, o.is_template);
  sched_free(&s);
  if (o.out) {
    if (fclose(f) != 0) wrc = -1;
    if (wrc == 0 && rename(tmp, o.out) != 0) wrc = -1;
    if (wrc) {
      unlink(tmp);
      return bad_input("cannot write '%s': %s", o.out, strerror(errno));
    }
  } else if (wrc) {
    return bad_input("cannot write the schedule to standard output");
  }
  return 0;
}

static int cmd_verify(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, " --topo --task --model --root --template FILE ", usage_verify, &o);
  if (rc) return rc < 0 ? 0 : rc;
  if (!o.file) return bad_input("missing input file (a TSV path, or - for standard input)");
  FILE *f = strcmp(o.file, "-") ? fopen(o.file, "r") : stdin;
  if (!f) return bad_input("cannot read '%s': %s", o.file, strerror(errno));
  char err[256];
  tsv_reader *r = tsv_open(f, err, sizeof err);
  if (!r) {
    if (f != stdin) fclose(f);
    return bad_input("%s: %s", o.file, err);
  }
  const char *meta_root = tsv_meta(r, "root");
  if (meta_root && !strcmp(meta_root, "-1")) meta_root = NULL;
  const char *meta_template = tsv_meta(r, "template");
  int is_template = o.is_template || (meta_template && !strcmp(meta_template, "xor"));
  job j;
  verifier *v = NULL;
  rc = resolve_job(o.topo ? o.topo : tsv_meta(r, "topo"), o.task ? o.task : tsv_meta(r, "task"),
                   o.model ? o.model : tsv_meta(r, "model"), o.root ? o.root : meta_root, o.root != NULL, &j);
  if (!rc) {
    v = verifier_new(&j.topo, j.task, j.model, j.root, is_template, err, sizeof err);
    if (!v) rc = bad_input("%s", err);
  }
  if (!rc) {
    sched_row row;
    int got;
    while (rc == 0 && (got = tsv_next(r, &row, err, sizeof err)) == 1) rc = verifier_feed(v, &row);
    verify_summary sum;
    if (rc == VERIFY_BAD_INPUT) rc = bad_input("%s: %s", o.file, verifier_message(v));
    else if (rc == VERIFY_OK && got < 0) rc = bad_input("%s: %s", o.file, err);
    else if (rc == VERIFY_OK) rc = verifier_finish(v, &sum);
    if (rc == VERIFY_VIOLATION) {
      printf("FAIL %s\n", verifier_message(v));
      rc = EXIT_VIOLATION;
    } else if (rc == VERIFY_OK) {
      printf("OK slots=%u lb=%u tx=%llu txlb=%llu%s\n", (unsigned)sum.slots, (unsigned)sum.lb,
             (unsigned long long)sum.tx, (unsigned long long)sum.txlb, is_template ? " template=xor" : "");
    }
  }
  verifier_free(v);
  tsv_close(r);
  if (f != stdin) fclose(f);
  return rc;
}

static int cmd_info(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, " --topo ", usage_info, &o);
  if (rc) return rc < 0 ? 0 : rc;
  if (!o.topo) return bad_input("missing --topo (e.g. --topo torus:4x4)");
  topo t;
  char err[256];
  if (topo_parse(o.topo, &t, err, sizeof err)) return bad_input("%s", err);
  printf("topo=%s nodes=%u ports=%d links=%llu diameter=%u\n", t.name, (unsigned)t.nodes, t.ports,
         (unsigned long long)topo_links(&t), (unsigned)topo_diameter(&t));
  return 0;
}

/* Feeds every row of a schedule to a verifier (sched_foreach callback). */
static int feed_row(void *ctx, const sched_row *row) { return verifier_feed(ctx, row) ? 1 : 0; }

/* Generates and verifies one table row; returns 0 or the bad-input exit code. */
static int table_row(const topo *t, task_kind task) {
  char err[256];
  sched s;
  if (schedule_build(&s, t, task, MODEL_MLA, 0, err, sizeof err)) return bad_input("%s", err);
  /* beyond 2^12 nodes the whole mnb/te is billions of rows: certify its template instead */
  int by_template = s.xor_template && t->nodes > 4096;
  verifier *v = verifier_new(t, task, MODEL_MLA, s.root, by_template, err, sizeof err);
  if (!v) {
    sched_free(&s);
    return bad_input("%s", err);
  }
  int rc = 0;
  if (by_template) {
    for (size_t i = 0; i < s.nrows && !rc; i++) rc = verifier_feed(v, &s.rows[i]);
  } else {
    rc = sched_foreach(&s, feed_row, v);
  }
  verify_summary sum = {0, 0, 0, 0};
  if (!rc) rc = verifier_finish(v, &sum);
  if (rc)
    printf("%-8s %2d  FAIL %s\n", task_name(task), t->ndims, verifier_message(v));
  else
    printf("%-8s %2d %7u %7u %15llu %15llu  %s\n", task_name(task), t->ndims, (unsigned)sum.slots, (unsigned)sum.lb,
           (unsigned long long)sum.tx, (unsigned long long)sum.txlb, by_template ? "OK(template)" : "OK");
  fflush(stdout);
  verifier_free(v);
  sched_free(&s);
  return rc ? EXIT_VIOLATION : 0;
}

static int cmd_table(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, " --topo --task ", usage_table, &o);
  if (rc) return rc < 0 ? 0 : rc;
  const char *spec = o.topo ? o.topo : "hypercube:1..12";
  int lo, hi, used = 0;
  if (sscanf(spec, "hypercube:%d..%d%n", &lo, &hi, &used) == 2 && spec[used] == '\0') {
    if (lo < 1 || hi > TOPO_MAX_HYPERCUBE_DIM || lo > hi)
      return bad_input("dimension range '%s' is out of range (expected hypercube:A..B, 1 <= A <= B <= 16)", spec);
  } else {
    topo t;
    char err[256];
    if (topo_parse(spec, &t, err, sizeof err)) return bad_input("%s", err);
    if (t.kind != TOPO_HYPERCUBE) return bad_input("table covers hypercube schedules only, not '%s'", spec);
    lo = hi = t.ndims;
  }
  int only = -1;
  if (o.task && strcmp(o.task, "all")) {
    only = task_from_name(o.task);
    if (only < 0) return bad_input("unknown task '%s' (expected all, snb, mnb, scatter, gather or te)", o.task);
  }
  printf("%-8s %2s %7s %7s %15s %15s  %s\n", "task", "D", "slots", "lb", "tx", "txlb", "check");
  int worst = 0;
  for (int k = 0; k < TASK_COUNT; k++) {
    if (only >= 0 && k != only) continue;
    for (int d = lo; d <= hi; d++) {
      char name[32];
      topo t;
      char err[256];
      snprintf(name, sizeof name, "hypercube:%d", d);
      topo_parse(name, &t, err, sizeof err);
      rc = table_row(&t, (task_kind)k);
      if (rc == EXIT_BAD_INPUT) return rc;
      if (rc > worst) worst = rc;
    }
  }
  return worst;
}

int main(int argc, char **argv) {
  if (argc < 2) return bad_input("missing command (schedule, verify, info or table); see 'cmodel --help'");
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    fputs(usage_top, stdout);
    return 0;
  }
  if (!strcmp(argv[1], "--version")) {
    puts("romnoc-cmodel " ROMNOC_VERSION);
    return 0;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "schedule")) return cmd_schedule(argc - 2, argv + 2);
  if (!strcmp(cmd, "verify")) return cmd_verify(argc - 2, argv + 2);
  if (!strcmp(cmd, "info")) return cmd_info(argc - 2, argv + 2);
  if (!strcmp(cmd, "table")) return cmd_table(argc - 2, argv + 2);
  return bad_input("unknown command '%s' (expected schedule, verify, info or table)", cmd);
}
