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
#include "cli.h"
#include "job.h"
#include "memlimit.h"
#include "outfile.h"
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
    "  table     generate and verify a range of schedules: slots and transmissions against\n"
    "            their lower bounds (paper 000's Table 1 for the hypercube)\n"
    "\n"
    "Run 'cmodel <command> --help' for a command's options. Options are '--name value' or\n"
    "'--name=value', spelled out and given once. Exit status: 0 done, 1 a schedule violates its\n"
    "task or model (verify, table), 2 bad input, one line on stderr (docs/ERRORS.md).\n";

static const char usage_schedule[] =
    "usage: cmodel schedule --topo T --task K [--model M] [--root R] [--alg A] [--template]\n"
    "                       [--max-mem B] [-o FILE]\n"
    "\n"
    "  --topo T      hypercube:D (1..16), ring:N, torus:K1xK2[x...], mesh:K1xK2[x...] (sizes >= 2)\n"
    "  --task K      snb | mnb | scatter | gather | te | reduce | reduce_scatter | allreduce |\n"
    "                global_sum (the last four combine partial sums: docs/SCHEDULES.md)\n"
    "  --model M     port model: mla (default; all ports, full duplex), oneway, sp-full, sp-half\n"
    "  --root R      root node of snb, scatter, gather, reduce (default 0)\n"
    "  --alg A       construction (default auto: the one with the fewest slots); the metadata\n"
    "                line '# alg=' names the one used. Per task: name, topologies; models:\n"
    "@ALGS@"
    "  --template    write only the template rows (origin 0; origins 0 and 1 of a parity\n"
    "                template, template=xor-parity: the one-way hypercube) of mnb, te on a\n"
    "                hypercube, ring or torus; 'cmodel verify' certifies the whole schedule\n"
    "  -o FILE       write to FILE instead of standard output: through FILE.tmp.PID beside it,\n"
    "                renamed when complete (a FIFO or device is written directly)\n"
    "  --max-mem B   refuse a table that grows with the topology beyond B bytes (suffix K, M,\n"
    "                G or T; default 4G) instead of allocating it\n";

static const char usage_verify[] =
    "usage: cmodel verify [--topo T] [--task K] [--model M] [--root R] [--template] [--max-mem B]\n"
    "                     FILE|-\n"
    "\n"
    "Checks every row (a real link, within the model's per-slot capacity, a packet the sender\n"
    "holds) and that the task completes. Options default to the file's '# key=value' metadata.\n"
    "Prints 'OK slots=S lb=L tx=T txlb=X' (exit 0) or 'FAIL <first violation>' (exit 1).\n"
    "  --template    FILE holds the origin-0 rows of an mnb or te schedule on a hypercube, ring or\n"
    "                torus (metadata template=xor or template=add; template=xor-parity: origins\n"
    "                0 and 1, translated by even ids), under mla or oneway; certify all its\n"
    "                translates without expanding them (000 s2, 003 Thm 4.5, Lemma 7.4)\n"
    "  --max-mem B   refuse a table that grows with the topology beyond B bytes (suffix K, M,\n"
    "                G or T; default 4G) instead of allocating it\n";

static const char usage_info[] = "usage: cmodel info --topo T\n";

static const char usage_table[] =
    "usage: cmodel table [--topo RANGE] [--task all|K] [--model M] [--alg A] [--max-mem B]\n"
    "\n"
    "Generates and verifies each schedule (root 0) and prints its slots, the lower bound, the\n"
    "gap between them, transmissions, minimum transmissions, the verdict and the construction.\n"
    "RANGE is a topology or a box of them: hypercube:A..B, ring:A..B, torus:3x3..16x16 (every\n"
    "K1 in 3..16 and K2 in 3..16), torus:2x2x2..8x8x8, mesh:2x2..8x8 (default hypercube:1..12).\n"
    "Templates of more than 4096 nodes are certified from the template.\n";

/* Prints one diagnostic line and returns the bad-input exit code. */
__attribute__((format(printf, 1, 2))) static int bad_input(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cli_report("cmodel", fmt, ap);
  va_end(ap);
  return EXIT_BAD_INPUT;
}

typedef struct {
  const char *topo, *task, *model, *root, *alg, *out, *max_mem;
  const char *words[1]; /* the input file of verify */
  int nwords;
  bool is_template, help;
} options;

/* The options of every command: a command takes a set of them (bit k = option k). */
enum { O_TOPO, O_TASK, O_MODEL, O_ROOT, O_ALG, O_OUT, O_MAX_MEM, O_TEMPLATE, O_COUNT };
#define TAKES(...) (build_mask((const int[]){__VA_ARGS__, -1}))
static unsigned build_mask(const int *ks) {
  unsigned m = 0;
  for (; *ks >= 0; ks++) m |= 1u << *ks;
  return m;
}

/* Parses a command's options (and up to max_words words); prints usage and returns -1 for
 * --help, otherwise returns 0 or the bad-input exit code. Applies --max-mem. */
static int begin_command(int argc, char **argv, unsigned takes, int max_words, const char *usage, options *o) {
  memset(o, 0, sizeof *o);
  const cli_option all[O_COUNT] = {
      {"--topo", &o->topo, NULL}, {"--task", &o->task, NULL}, {"--model", &o->model, NULL},
      {"--root", &o->root, NULL}, {"--alg", &o->alg, NULL},   {"-o", &o->out, NULL},
      {"--max-mem", &o->max_mem, NULL}, {"--template", NULL, &o->is_template},
  };
  cli_option opts[O_COUNT];
  size_t n = 0;
  for (int k = 0; k < O_COUNT; k++)
    if (takes >> k & 1) opts[n++] = all[k];
  char err[256];
  if (cli_parse(argc, argv, opts, n, o->words, max_words, &o->nwords, &o->help, err, sizeof err))
    return bad_input("%s", err);
  if (o->help) {
    /* a usage text may hold @ALGS@: the construction table's lines */
    const char *algs = strstr(usage, "@ALGS@");
    if (algs) {
      fwrite(usage, 1, (size_t)(algs - usage), stdout);
      schedule_alg_help(stdout);
      fputs(algs + 6, stdout);
    } else {
      fputs(usage, stdout);
    }
    return -1;
  }
  if (o->max_mem) {
    uint64_t bytes;
    if (cli_bytes(o->max_mem, &bytes)) return bad_input("--max-mem '%s' is not a size (e.g. 4G, 512M, 100000000)", o->max_mem);
    mem_set_limit(bytes);
  }
  return 0;
}

/* Turns option strings into a job; returns 0 or the bad-input exit code. */
static int resolve_job(const char *topo_s, const char *task_s, const char *model_s, const char *root_s,
                       int root_from_cli, job *j) {
  char err[256];
  return job_parse(j, topo_s, task_s, model_s, root_s, root_from_cli, err, sizeof err) ? bad_input("%s", err) : 0;
}

static int cmd_schedule(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, TAKES(O_TOPO, O_TASK, O_MODEL, O_ROOT, O_ALG, O_OUT, O_MAX_MEM, O_TEMPLATE), 0,
                         usage_schedule, &o);
  if (rc) return rc < 0 ? 0 : rc;
  job j;
  if ((rc = resolve_job(o.topo, o.task, o.model, o.root, 1, &j))) return rc;
  char err[256];
  outfile out; /* opened before the construction, which may take seconds: a bad -o fails fast */
  if (o.out && outfile_open(&out, o.out, err, sizeof err)) return bad_input("%s", err);
  sched s;
  if (schedule_build(&s, &j.topo, j.task, j.model, j.root, o.alg, err, sizeof err)) {
    rc = bad_input("%s", err);
  } else if (o.is_template && !s.is_template) {
    sched_free(&s);
    rc = bad_input("--template applies to schedules built as translation templates (mnb, te on a hypercube, ring "
                   "or torus), not %s on %s (construction %s)",
                   task_name(j.task), j.topo.name, s.alg);
  }
  if (rc) {
    if (o.out) outfile_abort(&out);
    return rc;
  }
  int wrc = tsv_write(o.out ? out.f : stdout, &s, o.is_template);
  sched_free(&s);
  if (!o.out) return wrc ? bad_input("cannot write the schedule to standard output") : 0;
  if (wrc) {
    outfile_abort(&out);
    return bad_input("cannot write '%s': %s", o.out, strerror(errno ? errno : EIO));
  }
  return outfile_commit(&out, err, sizeof err) ? bad_input("%s", err) : 0;
}

static int cmd_verify(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, TAKES(O_TOPO, O_TASK, O_MODEL, O_ROOT, O_MAX_MEM, O_TEMPLATE), 1, usage_verify, &o);
  if (rc) return rc < 0 ? 0 : rc;
  if (!o.nwords) return bad_input("missing input file (a TSV path, or - for standard input)");
  const char *file = o.words[0];
  FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
  if (!f) return bad_input("cannot read '%s': %s", file, strerror(errno));
  char err[256];
  tsv_reader *r = tsv_open(f, err, sizeof err);
  if (!r) {
    if (f != stdin) fclose(f);
    return bad_input("%s: %s", file, err);
  }
  const char *meta_root = tsv_meta(r, "root");
  if (meta_root && !strcmp(meta_root, "-1")) meta_root = NULL;
  const char *meta_template = tsv_meta(r, "template");
  int is_template = o.is_template || meta_template;
  template_kind tpl = is_template ? TEMPLATE_TRANSLATION : TEMPLATE_NONE;
  job j;
  verifier *v = NULL;
  rc = resolve_job(o.topo ? o.topo : tsv_meta(r, "topo"), o.task ? o.task : tsv_meta(r, "task"),
                   o.model ? o.model : tsv_meta(r, "model"), o.root ? o.root : meta_root, o.root != NULL, &j);
  if (!rc && meta_template) {
    int kind = template_kind_of(&j.topo, meta_template);
    if (kind < 0)
      rc = bad_input("%s: metadata template=%s does not match %s (its translation is %s%s)", file, meta_template,
                     j.topo.name, topo_translation_name(topo_translation_of(&j.topo)),
                     j.topo.kind == TOPO_HYPERCUBE ? ", or xor-parity" : "");
    else
      tpl = (template_kind)kind;
  }
  if (!rc) {
    v = verifier_new(&j.topo, j.task, j.model, j.root, tpl, err, sizeof err);
    if (!v) rc = bad_input("%s", err);
  }
  if (!rc) {
    sched_row row;
    int got;
    while (rc == 0 && (got = tsv_next(r, &row, err, sizeof err)) == 1) rc = verifier_feed(v, &row);
    verify_summary sum;
    if (rc == VERIFY_BAD_INPUT) rc = bad_input("%s: %s", file, verifier_message(v));
    else if (rc == VERIFY_OK && got < 0) rc = bad_input("%s: %s", file, err);
    else if (rc == VERIFY_OK) rc = verifier_finish(v, &sum);
    if (rc == VERIFY_VIOLATION) {
      printf("FAIL %s\n", verifier_message(v));
      rc = EXIT_VIOLATION;
    } else if (rc == VERIFY_OK) {
      printf("OK slots=%u lb=%u tx=%llu txlb=%llu%s%s\n", (unsigned)sum.slots, (unsigned)sum.lb,
             (unsigned long long)sum.tx, (unsigned long long)sum.txlb, is_template ? " template=" : "",
             tpl == TEMPLATE_PARITY ? "xor-parity" : is_template ? topo_translation_name(topo_translation_of(&j.topo)) : "");
    }
  }
  verifier_free(v);
  tsv_close(r);
  if (f != stdin) fclose(f);
  return rc;
}

static int cmd_info(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, TAKES(O_TOPO), 0, usage_info, &o);
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
static int feed_row(void *ctx, const sched_row *row) { return verifier_feed(ctx, row); }

static const char table_format[] = "%-8s %-14s %7s %7s %4s %15s %15s  %-12s %s\n";

/* Generates and verifies one table row; returns 0, 1 (a violation) or the bad-input exit code. */
static int table_row(const topo *t, task_kind task, model_kind model, const char *alg) {
  char err[256];
  sched s;
  if (schedule_build(&s, t, task, model, 0, alg, err, sizeof err)) return bad_input("%s", err);
  /* beyond 4096 nodes a whole mnb/te is too many rows: certify its template instead */
  int by_template = s.is_template && t->nodes > 4096;
  verifier *v = verifier_new(t, task, model, s.root, by_template ? sched_template_kind(&s) : TEMPLATE_NONE, err, sizeof err);
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
  if (rc == VERIFY_BAD_INPUT || rc < 0) {
    snprintf(err, sizeof err, "%s on %s: %s", task_name(task), t->name, rc < 0 ? "out of memory" : verifier_message(v));
    verifier_free(v);
    sched_free(&s);
    return bad_input("%s", err);
  }
  if (rc) {
    printf("%-8s %-14s FAIL %s\n", task_name(task), t->name, verifier_message(v));
  } else {
    char slots[16], lb[16], gap[16], tx[24], txlb[24];
    snprintf(slots, sizeof slots, "%u", (unsigned)sum.slots);
    snprintf(lb, sizeof lb, "%u", (unsigned)sum.lb);
    snprintf(gap, sizeof gap, "%u", (unsigned)(sum.slots - sum.lb));
    snprintf(tx, sizeof tx, "%llu", (unsigned long long)sum.tx);
    snprintf(txlb, sizeof txlb, "%llu", (unsigned long long)sum.txlb);
    printf(table_format, task_name(task), t->name, slots, lb, gap, tx, txlb, by_template ? "OK(template)" : "OK", s.alg);
  }
  fflush(stdout);
  verifier_free(v);
  sched_free(&s);
  return rc ? EXIT_VIOLATION : 0;
}

/* A range of topologies: one family, per dimension a range of sizes. */
typedef struct {
  char kind[16];
  int ndims;
  uint32_t lo[TOPO_MAX_DIMS], hi[TOPO_MAX_DIMS];
} topo_range;

/* Parses the sizes "AxBx..." (or "D" for a hypercube) of one end of a range into out; returns
 * the count, or the bad-input exit code negated after naming the bad size. Each size is at
 * most 9 digits, checked before it is converted. */
static int parse_sizes(const char *spec, const char *s, size_t len, uint32_t *out) {
  int n = 0;
  size_t i = 0;
  char shown[80];
  while (i <= len) {
    size_t j = i;
    while (j < len && s[j] >= '0' && s[j] <= '9') j++;
    if (j == i || j - i > 9 || n == TOPO_MAX_DIMS || (j < len && s[j] != 'x')) {
      size_t end = i;
      while (end < len && s[end] != 'x') end++;
      snprintf(shown, sizeof shown, "%.*s", (int)(end - i), s + i);
      char safe[200];
      return -bad_input("size '%s' in topology range '%s' is not a number from 1 to 999999999",
                        cli_printable(shown, 40, safe, sizeof safe), spec);
    }
    uint32_t v = 0;
    for (size_t k = i; k < j; k++) v = v * 10 + (uint32_t)(s[k] - '0');
    out[n++] = v;
    i = j + 1;
  }
  return n;
}

/* "kind:LO..HI" or a single topology; returns 0 or the bad-input exit code. */
static int parse_range(const char *spec, topo_range *r) {
  const char *colon = strchr(spec, ':'), *dots = strstr(spec, "..");
  memset(r, 0, sizeof *r);
  topo t;
  char err[256];
  if (!dots) {
    if (topo_parse(spec, &t, err, sizeof err)) return bad_input("%s", err);
    snprintf(r->kind, sizeof r->kind, "%.*s", (int)(strchr(t.name, ':') - t.name), t.name);
    r->ndims = t.kind == TOPO_HYPERCUBE ? 1 : t.ndims;
    for (int i = 0; i < r->ndims; i++) r->lo[i] = r->hi[i] = t.kind == TOPO_HYPERCUBE ? (uint32_t)t.ndims : t.radix[i];
    return 0;
  }
  if (!colon || colon > dots || (size_t)(colon - spec) >= sizeof r->kind)
    return bad_input("bad topology range '%s' (expected e.g. hypercube:1..8, ring:3..64, torus:3x3..16x16)", spec);
  snprintf(r->kind, sizeof r->kind, "%.*s", (int)(colon - spec), spec);
  int a = parse_sizes(spec, colon + 1, (size_t)(dots - colon - 1), r->lo);
  if (a < 0) return -a;
  int b = parse_sizes(spec, dots + 2, strlen(dots + 2), r->hi);
  if (b < 0) return -b;
  if (a != b) return bad_input("bad topology range '%s' (both ends need the same number of sizes, e.g. torus:3x3..16x16)", spec);
  r->ndims = a;
  for (int i = 0; i < a; i++)
    if (r->lo[i] > r->hi[i]) return bad_input("topology range '%s' is empty (%u > %u)", spec, r->lo[i], r->hi[i]);
  /* both corners must be valid topologies: that checks the kind and every size */
  for (int corner = 0; corner < 2; corner++) {
    char name[160];
    int off = snprintf(name, sizeof name, "%s:", r->kind);
    for (int i = 0; i < a; i++)
      off += snprintf(name + off, sizeof name - (size_t)off, i ? "x%u" : "%u", corner ? r->hi[i] : r->lo[i]);
    if (topo_parse(name, &t, err, sizeof err)) return bad_input("topology range '%s': %s", spec, err);
  }
  return 0;
}

static int cmd_table(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, TAKES(O_TOPO, O_TASK, O_MODEL, O_ALG, O_MAX_MEM), 0, usage_table, &o);
  if (rc) return rc < 0 ? 0 : rc;
  topo_range range;
  if ((rc = parse_range(o.topo ? o.topo : "hypercube:1..12", &range))) return rc;
  int only = -1;
  if (o.task && strcmp(o.task, "all")) {
    only = task_from_name(o.task);
    if (only < 0) return bad_input("unknown task '%s' (expected all, snb, mnb, scatter, gather, te, reduce, reduce_scatter, allreduce or global_sum)", o.task);
  }
  int model = model_from_name(o.model ? o.model : "mla");
  if (model < 0) return bad_input("unknown model '%s' (expected mla, oneway, sp-full or sp-half)", o.model);
  printf(table_format, "task", "topo", "slots", "lb", "gap", "tx", "txlb", "check", "alg");
  int worst = 0;
  for (int k = 0; k < TASK_COUNT; k++) {
    if (only >= 0 && k != only) continue;
    uint32_t size[TOPO_MAX_DIMS];
    memcpy(size, range.lo, sizeof size);
    for (;;) { /* every size in the box, the first dimension slowest */
      char name[160];
      int off = snprintf(name, sizeof name, "%s:", range.kind);
      for (int i = 0; i < range.ndims; i++)
        off += snprintf(name + off, sizeof name - (size_t)off, i ? "x%u" : "%u", size[i]);
      topo t;
      char err[256];
      if (topo_parse(name, &t, err, sizeof err)) return bad_input("%s", err);
      rc = table_row(&t, (task_kind)k, (model_kind)model, o.alg);
      if (rc == EXIT_BAD_INPUT) return rc;
      if (rc > worst) worst = rc;
      int i = range.ndims - 1;
      while (i >= 0 && size[i] == range.hi[i]) size[i] = range.lo[i], i--;
      if (i < 0) break;
      size[i]++;
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
