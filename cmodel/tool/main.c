/* main.c — the cmodel command: the table of its commands, and those kept here (schedule, verify,
 * info, table, kbcast-random, dynbcast).
 * The only place that prints diagnostics and chooses exit codes: 0 success, 1 a schedule
 * violates its task or model, 2 bad input (one line on stderr naming the bad value). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/bounds.h"
#include "construct/build.h"
#include "util/cli.h"
#include "tool/commands.h"
#include "study/dynbcast.h"
#include "model/job.h"
#include "study/kbcast_study.h"
#include "util/memlimit.h"
#include "util/outfile.h"
#include "format/schedule_reader.h"
#include "format/tsv.h"
#include "verify/verify.h"
#include "util/version.h"


static const char usage_schedule[] =
    "usage: cmodel schedule --topo T --task K [--model M] [--root R] [--alg A] [--template]\n"
    "                       [--active LIST | --k K | --m M [--seed S]] [--split] [--max-mem B] [-o FILE]\n"
    "\n"
    "  --topo T      hypercube:D (1..16), ring:N, torus:K1xK2[x...], mesh:K1xK2[x...] (sizes >= 2)\n"
    "  --task K      snb | mnb | scatter | gather | te | reduce | reduce_scatter | allreduce |\n"
    "                global_sum (these four combine partial sums: docs/REDUCTIONS.md) |\n"

    "                kbcast (K of N nodes broadcast at once, hypercube, mla: docs/KBCAST.md) |\n"
    "                pmnb (M of N nodes broadcast, tori and meshes, mla: docs/PMNB.md) |\n"
    "                pexchange (M nodes send a packet to every node, 2-D tori and meshes, mla:\n"
    "                docs/PEXCHANGE.md). MPI's names work too: bcast (= snb), allgather (= mnb),\n"
    "                alltoall (= te); scatter, gather, reduce, reduce_scatter, allreduce are MPI's\n"
    "  --model M     port model: mla (default; all ports, full duplex), oneway, sp-full, sp-half,\n"
    "                s4noc (mla's links, one packet per slot in and out of a node's local port),\n"
    "                s4noc-bufferless (s4noc, and a packet moves every slot once injected)\n"
    "  --root R      root node of snb, scatter, gather, reduce (default 0)\n"
    "  --alg A       construction (default auto: the one with the fewest slots); the metadata\n"
    "                line '# alg=' names the one used. Per task: name, topologies; models:\n"
    "@ALGS@"
    "  --active LIST kbcast, pmnb, pexchange: the active nodes, ids and ranges (e.g. 0,3,5-9)\n"
    "  --k K, --m M  kbcast (K), pmnb and pexchange (M): that many active nodes drawn\n"
    "                pseudo-randomly from --seed S (default 1); the same size and S give the same\n"
    "                set everywhere. The metadata line '# active=' lists the set either way\n"
    "  --split       pmnb: each packet split into pieces (004 s3.1: d mini-packets, halved on a\n"
    "                torus for the two ways round a ring); slots are 1/pieces of a packet's time\n"
    "                (metadata '# fraction=') and a row's dest is its piece\n"
    "  --template    write only the template rows (origin 0; origins 0 and 1 of a parity\n"
    "                template, template=xor-parity: the one-way hypercube) of mnb, te on a\n"
    "                hypercube, ring or torus; 'cmodel verify' certifies the whole schedule\n"
    "  -o FILE       write to FILE instead of standard output: through FILE.tmp.PID beside it,\n"
    "                renamed when complete (a FIFO or device is written directly)\n"
    "  --max-mem B   refuse a table that grows with the topology beyond B bytes (suffix K, M,\n"
    "                G or T; default 4G) instead of allocating it\n";

static const char usage_verify[] =
    "usage: cmodel verify [--topo T] [--task K] [--model M] [--root R] [--template] [--max-mem B]\n"
    "                     [--active LIST | --k K | --m M [--seed S]] [--format F] FILE|-\n"
    "\n"
    "Checks every row (a real link, within the model's per-slot capacity, a packet the sender\n"
    "holds) and that the task completes. Options default to the file's '# key=value' metadata.\n"
    "Prints 'OK slots=S lb=L tx=T txlb=X' (exit 0) or 'FAIL <first violation>' (exit 1).\n"
    "For reduce, reduce_scatter, allreduce and global_sum a row carries a partial sum of chunk\n"
    "'dest' (origin -1: the sender's, forwarded; -2: a copy of it; w: the word received from\n"
    "neighbour w in the previous slot); every contribution must be counted exactly once and\n"
    "every node must end with the sums it must hold (docs/REDUCTIONS.md).\n"
    "For kbcast (docs/KBCAST.md) every node must receive every active node's packet; rows of\n"
    "dest -2 are the prefix phase's counters (origin = the value), checked against the counts\n"
    "of the active set (metadata '# active=', or --active / --k --seed); rows of dest -3 are\n"
    "termination packets, which no node may receive all of before it holds every packet.\n"
    "For pmnb every node must receive every active node's packet (dest -1), or with metadata\n"
    "'# fraction=F' every piece of it (dest 0..F-1; slots are 1/F of a packet's time); for\n"
    "pexchange every active node's packet for every other node must reach it (docs/PMNB.md, docs/PEXCHANGE.md).\n"
    "  --format F    FILE's format: tsv (default), json (romnoc's JSON layout) or msccl-xml (an MSCCL\n"
    "                XML from any tool: --topo is needed unless it has romnoc_topo=; its coll= names\n"
    "                the task; each step is given the earliest slot its thread block, its data and\n"
    "                its partner allow; a transfer without a partner or a deadlock is a FAIL;\n"
    "                docs/EXPORT.md)\n"
    "  --template    FILE holds the origin-0 rows of an mnb or te schedule on a hypercube, ring or\n"
    "                torus (metadata template=xor or template=add; template=xor-parity: origins\n"
    "                0 and 1, translated by even ids), under mla or oneway; certify all its\n"
    "                translates without expanding them (000 s2, 003 Thm 4.5, Lemma 7.4)\n"
    "  --max-mem B   refuse a table that grows with the topology beyond B bytes (suffix K, M,\n"
    "                G or T; default 4G) instead of allocating it\n";

static const char usage_random[] =
    "usage: cmodel kbcast-random --topo hypercube:D (--k K [--seed S] | --active LIST) [--c C] [--runs R]\n"
    "\n"
    "001 s3.2's randomized variant, Monte-Carlo version: each broadcaster picks one of the d\n"
    "roots at random (no prefix), phase 2 runs ceil(C K/d) + d - 1 slots and phase 3\n"
    "ceil(C K/d) + d. Runs R trials (default 1000; trial i draws the roots from seed i) and\n"
    "prints how many succeeded (every packet at its root within phase 2, no root with more than\n"
    "ceil(C K/d)), the largest and mean root load and phase-2 length seen, and the Chernoff\n"
    "bound d (e^(C-1)/C^C)^(K/d) on the failure probability that 001 relies on (C > e; default\n"
    "C = 3). C is a decimal number such as 3 or 2.72.\n";

static const char usage_info[] =
    "usage: cmodel info --topo T | --task K\n"
    "\n"
    "  --topo T   print the topology's nodes, ports, links and diameter\n"
    "  --task K   print the task's name, its MPI name (or -) and what it needs: a root, an active\n"
    "             set; K may be either name (bcast prints task=snb mpi=bcast)\n";

static const char usage_table[] =
    "usage: cmodel table [--topo RANGE] [--task all|K] [--model M] [--alg A] [--max-mem B]\n"
    "       cmodel table --task kbcast [--topo hypercube:A..B] [--k all|LIST] [--seed S]\n"
    "\n"
    "Generates and verifies each schedule (root 0) and prints its slots, the lower bound, the\n"
    "gap between them, transmissions, minimum transmissions, the verdict and the construction.\n"
    "RANGE is a topology or a box of them: hypercube:A..B, ring:A..B, torus:3x3..16x16 (every\n"
    "K1 in 3..16 and K2 in 3..16), torus:2x2x2..8x8x8, mesh:2x2..8x8 (default hypercube:1..12).\n"
    "Templates of more than 4096 nodes are certified from the template.\n"
    "\n"
    "kbcast (001, docs/KBCAST.md; not part of 'all'): per hypercube:d (default 3..8) and K (--k:\n"
    "all of 1..2^d, or a list; default 1, 2, 3, d, 2d, 3d, d^2, the powers of two and 2^d-1),\n"
    "a K-subset drawn with --seed S (default 1), every construction built, verified and\n"
    "checked against 001's figures: 001 = 2ceil(K/d)+4d, same-order <= d+K-1, pair and\n"
    "ranked = d, ranked-prefix = 3d, 001-mnb = 2ceil(N/d)+2d-1 ('-': does not apply). Columns:\n"
    "d, K, the lower bound max(d, ceil((N-1)K/(dN))), each construction's slots, auto's choice.\n";

int cmodel_bad_input(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cli_report("cmodel", fmt, ap);
  va_end(ap);
  return EXIT_BAD_INPUT;
}

static int cmd_schedule(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv,
                         TAKES(O_TOPO, O_TASK, O_MODEL, O_ROOT, O_ALG, O_OUT, O_MAX_MEM, O_TEMPLATE, O_ACTIVE, O_K, O_SEED,
                               O_M, O_SPLIT),
                         0, usage_schedule, &o);
  if (rc) return rc < 0 ? 0 : rc;
  job j;
  if ((rc = cmd_job(&o, &j))) return rc;
  outfile out; /* opened before the construction, which may take seconds: a bad -o fails fast */
  char err[256];
  if (o.out && outfile_open(&out, o.out, err, sizeof err)) {
    active_free(&j.active);
    return bad_input("%s", err);
  }
  sched s;
  if ((rc = cmd_build(&j, o.alg, &s))) {
    if (o.out) outfile_abort(&out);
    return rc;
  }
  if (o.is_template && !s.is_template) {
    rc = bad_input("--template applies to schedules built as translation templates (mnb, te on a hypercube, ring "
                   "or torus), not %s on %s (construction %s)",
                   task_name(s.task), s.topo.name, s.alg);
    sched_free(&s);
    if (o.out) outfile_abort(&out);
    return rc;
  }
  char what[160];
  snprintf(what, sizeof what, "writing %s %s", s.topo.name, task_name(s.task));
  progress p;
  uint64_t rows = o.is_template ? s.nrows : sched_transmissions(&s);
  progress_begin(&p, "cmodel", what, rows);
  int wrc = tsv_write_progress(o.out ? out.f : stdout, &s, o.is_template, &p);
  progress_end(&p, rows);
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
  int rc = begin_command(argc, argv, TAKES(O_TOPO, O_TASK, O_MODEL, O_ROOT, O_MAX_MEM, O_TEMPLATE, O_ACTIVE, O_K, O_SEED, O_M,
                               O_FORMAT),
                         1, usage_verify, &o);
  if (rc) return rc < 0 ? 0 : rc;
  const schedule_format *fmt = schedule_format_find(o.format ? o.format : "tsv");
  if (!fmt) return bad_input("unknown --format '%s' (expected %s)", o.format, schedule_format_list());
  if (!o.nwords) return bad_input("missing input file (a TSV path, or - for standard input)");
  const char *file = o.words[0];
  FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
  if (!f) return bad_input("cannot read '%s': %s", file, strerror(errno));
  char err[256];
  const reader_hints hints = {o.task, o.root, o.topo, o.model};
  void *r = fmt->open(f, &hints, err, sizeof err);
  if (!r) {
    if (f != stdin) fclose(f);
    return bad_input("%s: %s", file, err);
  }
  const char *meta_root = fmt->meta(r, "root");
  if (meta_root && !strcmp(meta_root, "-1")) meta_root = NULL;
  const char *meta_template = fmt->meta(r, "template");
  int is_template = o.is_template || meta_template;
  template_kind tpl = is_template ? TEMPLATE_TRANSLATION : TEMPLATE_NONE;
  job j;
  verifier *v = NULL;
  rc = cmd_resolve_job(o.topo ? o.topo : fmt->meta(r, "topo"), o.task ? o.task : fmt->meta(r, "task"),
                   o.model ? o.model : fmt->meta(r, "model"), o.root ? o.root : meta_root, o.root != NULL, &j);
  if (!rc && meta_template) {
    int kind = template_kind_of(&j.topo, meta_template);
    if (kind < 0)
      rc = bad_input("%s: metadata template=%s does not match %s (its translation is %s%s)", file, meta_template,
                     j.topo.name, topo_translation_name(topo_translation_of(&j.topo)),
                     j.topo.kind == TOPO_HYPERCUBE ? ", or xor-parity" : "");
    else
      tpl = (template_kind)kind;
  }
  const char *ngpus = fmt->meta(r, "ngpus");
  if (!rc && ngpus && strtoull(ngpus, NULL, 10) != j.topo.nodes)
    rc = bad_input("%s: the schedule has %s GPUs, %s has %u nodes", file, ngpus, j.topo.name, (unsigned)j.topo.nodes);
  if (!rc && job_parse_active(&j, o.active || o.k || o.seed ? o.active : fmt->meta(r, "active"), o.k, o.seed, true, err,
                              sizeof err))
    rc = bad_input("%s", err);
  if (!rc && job_parse_fraction(&j, false, fmt->meta(r, "fraction"), true, err, sizeof err))
    rc = bad_input("%s: metadata %s", file, err);
  if (!rc && task_has_active_set(j.task) && is_template)
    rc = bad_input("--template does not apply to task %s (its schedules are whole)", task_name(j.task));
  if (!rc) {
    v = task_has_active_set(j.task) ? verifier_new_active(&j.topo, j.task, j.model, &j.active, j.fraction, err, sizeof err)
                                    : verifier_new(&j.topo, j.task, j.model, j.root, tpl, err, sizeof err);
    if (!v) rc = bad_input("%s", err);
  }
  active_free(&j.active);
  if (!rc) {
    sched_row row;
    int got;
    uint64_t total = 0, done = 0;
    const char *rows_s = fmt->meta(r, "rows");
    if (rows_s) cli_uint(rows_s, 0, UINT64_MAX >> 1, &total); /* only for the progress line */
    char what[160];
    snprintf(what, sizeof what, "verifying %s %s", j.topo.name, task_name(j.task));
    progress p;
    progress_begin(&p, "cmodel", what, total);
    while (rc == 0 && (got = fmt->next(r, &row, err, sizeof err)) == 1) {
      rc = verifier_feed(v, &row);
      if (!(++done & 0xffff)) progress_update(&p, done);
    }
    progress_end(&p, done);
    verify_summary sum;
    int unrunnable = rc == VERIFY_OK && got == READER_VIOLATION; /* an MSCCL file that cannot run */
    if (rc == VERIFY_BAD_INPUT) rc = bad_input("%s: %s", file, verifier_message(v));
    else if (unrunnable) rc = VERIFY_VIOLATION;
    else if (rc == VERIFY_OK && got < 0) rc = bad_input("%s: %s", file, err);
    else if (rc == VERIFY_OK) rc = verifier_finish(v, &sum);
    if (rc == VERIFY_VIOLATION) {
      printf("FAIL %s\n", unrunnable ? err : verifier_message(v));
      rc = EXIT_VIOLATION;
    } else if (rc == VERIFY_OK) {
      printf("OK slots=%u lb=%u tx=%llu txlb=%llu%s%s\n", (unsigned)sum.slots, (unsigned)sum.lb,
             (unsigned long long)sum.tx, (unsigned long long)sum.txlb, is_template ? " template=" : "",
             tpl == TEMPLATE_PARITY ? "xor-parity" : is_template ? topo_translation_name(topo_translation_of(&j.topo)) : "");
    }
  }
  verifier_free(v);
  fmt->close(r);
  if (f != stdin) fclose(f);
  return rc;
}

static int cmd_info(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, TAKES(O_TOPO, O_TASK), 0, usage_info, &o);
  if (rc) return rc < 0 ? 0 : rc;
  if (o.topo && o.task) return bad_input("give --topo or --task, not both");
  if (o.task) {
    int k = task_from_name(o.task);
    if (k < 0) return bad_input("unknown task '%s' (expected %s)", o.task, task_name_list());
    const char *mpi = task_mpi_name((task_kind)k);
    printf("task=%s mpi=%s root=%s active_set=%s combines=%s\n", task_name((task_kind)k), mpi ? mpi : "-",
           task_has_root((task_kind)k) ? "yes" : "no", task_has_active_set((task_kind)k) ? "yes" : "no",
           task_combines((task_kind)k) ? "yes" : "no");
    return 0;
  }
  if (!o.topo) return bad_input("missing --topo (e.g. --topo torus:4x4) or --task");
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

/* kbcast's constructions in the table's column order, and 001's figure for each (0: none). */
static const char *const kbcast_algs[] = {"001", "001-mnb", "same-order", "pair", "ranked", "ranked-prefix",
                                          "random", "mnb-subset", "offline"};
#define NKB (sizeof kbcast_algs / sizeof kbcast_algs[0])

/* 001's figure for construction a at (d, K): exact, or an upper bound (*upper), or 0. */
static uint32_t kbcast_figure(const char *a, uint32_t d, uint32_t k, int *upper) {
  uint32_t n = 1u << d, per = (k + d - 1) / d;
  *upper = 0;
  if (!strcmp(a, "001")) return 2 * per + 4 * d;                   /* §3.2 */
  if (!strcmp(a, "001-mnb")) return 2 * ((n + d - 1) / d) + 2 * d - 1; /* §3.2, K = N */
  if (!strcmp(a, "pair") || !strcmp(a, "ranked")) return d;        /* §3.3.2, §3.3.3 */
  if (!strcmp(a, "ranked-prefix")) return 3 * d;                   /* §3.3.3 with the prefix */
  *upper = 1;
  if (!strcmp(a, "same-order")) return d + k - 1;                  /* §3.3.1 */
  if (!strcmp(a, "mnb-subset")) return (n - 2 + d) / d;            /* 000 §2: ceil((N-1)/d) */
  return 0;
}

/* One construction of one table row: its slots, 0 if it does not apply; -1 after printing a
 * failure; or the bad-input code negated. */
static int64_t kbcast_cell(const topo *t, const active_set *a, const char *alg) {
  char err[256];
  sched s;
  if (schedule_build_active(&s, t, TASK_KBCAST, MODEL_MLA, a, 1, alg, err, sizeof err))
    return strstr(err, "out of memory") ? -EXIT_BAD_INPUT : 0;
  verifier *v = verifier_new_active(t, TASK_KBCAST, MODEL_MLA, a, 1, err, sizeof err);
  if (!v) {
    sched_free(&s);
    return -bad_input("%s", err);
  }
  int rc = sched_foreach(&s, feed_row, v);
  verify_summary sum;
  if (!rc) rc = verifier_finish(v, &sum);
  if (rc) printf("FAIL kbcast %s K=%u alg %s: %s\n", t->name, (unsigned)a->n, alg, verifier_message(v));
  verifier_free(v);
  sched_free(&s);
  return rc ? -1 : (int64_t)sum.slots;
}

/* The K of the kbcast table (index 1..65536, 1 = a row): "all", a list, or NULL for the default
 * spread, which depends on d and is left to the caller (the map is then NULL). Returns 0 or the
 * bad-input exit code naming the bad item. */
#define KBCAST_MAX_K 65536u
static int kbcast_k_list(const char *spec, unsigned char **wanted) {
  *wanted = NULL;
  if (!spec) return 0;
  unsigned char *map = calloc(KBCAST_MAX_K + 1, 1);
  if (!map) return bad_input("out of memory reading --k");
  if (!strcmp(spec, "all")) {
    memset(map, 1, KBCAST_MAX_K + 1);
  } else {
    for (const char *p = spec;;) { /* every item a number of broadcasters */
      size_t len = strcspn(p, ",");
      char item[24];
      uint64_t v;
      snprintf(item, sizeof item, "%.*s", (int)(len < 20 ? len : 20), p);
      if (len == 0 || len > 20 || cli_uint(item, 1, KBCAST_MAX_K, &v)) {
        free(map);
        return bad_input("--k '%s' is not all or a list of numbers from 1 to 65536 (e.g. 1,2,8): bad item '%s'", spec, item);
      }
      map[v] = 1;
      if (!p[len]) break;
      p += len + 1;
    }
  }
  *wanted = map;
  return 0;
}

/* The default K of hypercube:d: 1, 2, 3, d, 2d, 3d, d^2, the powers of two and 2^d - 1. */
static int kbcast_default_k(uint32_t d, uint32_t k) {
  return k <= 3 || k == d || k == 2 * d || k == 3 * d || k == d * d || !(k & (k - 1)) || k == (1u << d) - 1;
}

/* What --alg auto builds for a row whose constructions took slots[i] (kbcast_algs order, 0: does
 * not apply): the first in the construction table's order with the fewest slots (build.h). */
static const char *kbcast_auto(const topo *t, const int64_t *slots) {
  char order[256];
  schedule_algs(t, TASK_KBCAST, MODEL_MLA, order, sizeof order);
  int64_t best = 0;
  for (size_t i = 0; i < NKB; i++)
    if (slots[i] > 0 && (!best || slots[i] < best)) best = slots[i];
  for (char *name = strtok(order, ", "); name; name = strtok(NULL, ", "))
    for (size_t i = 0; i < NKB; i++)
      if (slots[i] == best && best > 0 && !strcmp(name, kbcast_algs[i])) return kbcast_algs[i];
  return "-";
}

static int kbcast_table(const topo_range *range, const char *k_spec, const char *seed_s) {
  uint64_t seed = 1;
  if (seed_s && cli_uint(seed_s, 0, UINT64_MAX >> 1, &seed)) return bad_input("--seed '%s' is not a non-negative integer", seed_s);
  if (strcmp(range->kind, "hypercube")) return bad_input("task kbcast is defined on the hypercube (001), not on %s", range->kind);
  unsigned char *wanted;
  int rc = kbcast_k_list(k_spec, &wanted);
  if (rc) return rc;
  printf("%-3s %-5s %-4s", "d", "K", "lb");
  for (size_t i = 0; i < NKB; i++) printf(" %*s", (int)(strlen(kbcast_algs[i]) > 5 ? strlen(kbcast_algs[i]) : 5), kbcast_algs[i]);
  printf("  auto\n");
  int worst = 0;
  for (uint32_t d = range->lo[0]; d <= range->hi[0] && rc == 0; d++) {
    char name[32], err[256];
    snprintf(name, sizeof name, "hypercube:%u", (unsigned)d);
    topo t;
    if (topo_parse(name, &t, err, sizeof err)) {
      rc = bad_input("%s", err);
      break;
    }
    for (uint32_t k = 1; k <= t.nodes && rc == 0; k++) {
      if (wanted ? !wanted[k] : !kbcast_default_k(d, k)) continue;
      active_set a;
      if (active_random(&a, k, seed, t.nodes)) {
        rc = bad_input("out of memory drawing an active set");
        break;
      }
      printf("%-3u %-5u %-4u", (unsigned)d, (unsigned)k, (unsigned)bound_kbcast_slots(&t, k));
      char note[160] = "";
      int64_t slots[NKB];
      for (size_t i = 0; i < NKB && rc == 0; i++) {
        slots[i] = kbcast_cell(&t, &a, kbcast_algs[i]);
        if (slots[i] < -1) {
          rc = (int)-slots[i];
          break;
        }
        int upper, w = (int)(strlen(kbcast_algs[i]) > 5 ? strlen(kbcast_algs[i]) : 5);
        uint32_t fig = kbcast_figure(kbcast_algs[i], d, k, &upper);
        if (slots[i] == 0) {
          printf(" %*s", w, "-");
          continue;
        }
        printf(" %*lld", w, (long long)slots[i]);
        if (slots[i] < 0 || (fig && (upper ? slots[i] > fig : slots[i] != fig))) {
          if (slots[i] > 0)
            snprintf(note, sizeof note, "  MISMATCH %s: %lld, 001's figure %s%u", kbcast_algs[i], (long long)slots[i],
                     upper ? "<= " : "", fig);
          worst = EXIT_VIOLATION;
        }
      }
      active_free(&a);
      if (rc) break;
      printf("  %s%s\n", kbcast_auto(&t, slots), note);
      fflush(stdout);
    }
  }
  free(wanted);
  return rc ? rc : worst;
}

static int cmd_table(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, TAKES(O_TOPO, O_TASK, O_MODEL, O_ALG, O_MAX_MEM, O_K, O_SEED), 0, usage_table, &o);
  if (rc) return rc < 0 ? 0 : rc;
  if (o.task && !strcmp(o.task, "kbcast")) {
    topo_range kr;
    if ((rc = parse_range(o.topo ? o.topo : "hypercube:3..8", &kr))) return rc;
    if (o.model && strcmp(o.model, "mla")) return bad_input("task kbcast is defined under model mla (001), not %s", o.model);
    if (o.alg) return bad_input("--alg does not apply to the kbcast table (it runs every construction)");
    return kbcast_table(&kr, o.k, o.seed);
  }
  if (o.k || o.seed) return bad_input("%s applies to the kbcast table only (--task kbcast)", o.k ? "--k" : "--seed");
  topo_range range;
  if ((rc = parse_range(o.topo ? o.topo : "hypercube:1..12", &range))) return rc;
  int only = -1;
  if (o.task && strcmp(o.task, "all")) {
    only = task_from_name(o.task);
    if (only < 0 || (only != TASK_KBCAST && task_has_active_set((task_kind)only)))
      return bad_input("unknown task '%s' for the table (expected all, snb or bcast, mnb or allgather, scatter, gather, te "
                       "or alltoall, reduce, reduce_scatter, allreduce, global_sum or kbcast)", o.task);
  }
  int model = model_from_name(o.model ? o.model : "mla");
  if (model < 0) return bad_input("unknown model '%s' (expected %s)", o.model, model_name_list());
  printf(table_format, "task", "topo", "slots", "lb", "gap", "tx", "txlb", "check", "alg");
  int worst = 0;
  for (int k = 0; k < TASK_COUNT; k++) {
    /* the tasks of an active set: kbcast's own table, above; pmnb's in docs/PMNB.md, pexchange's in docs/PEXCHANGE.md */
    if ((only >= 0 && k != only) || task_has_active_set((task_kind)k)) continue;
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

/* A decimal number "D[.D]" in (0, 1000]; 0 or -1. */
static int parse_decimal(const char *s, double *out) {
  double v = 0, scale = 1;
  int digits = 0, dot = 0;
  for (const char *p = s; *p; p++) {
    if (*p == '.' && !dot) {
      dot = 1;
    } else if (*p >= '0' && *p <= '9' && digits < 12) {
      if (dot) scale /= 10;
      v = v * (dot ? 1 : 10) + (*p - '0') * (dot ? scale : 1);
      digits++;
    } else {
      return -1;
    }
  }
  if (!digits || v <= 0 || v > 1000) return -1;
  *out = v;
  return 0;
}

static int cmd_kbcast_random(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, TAKES(O_TOPO, O_ACTIVE, O_K, O_SEED, O_C, O_RUNS, O_MAX_MEM), 0, usage_random, &o);
  if (rc) return rc < 0 ? 0 : rc;
  job j;
  if ((rc = cmd_resolve_job(o.topo, "kbcast", NULL, NULL, 0, &j))) return rc;
  if (j.topo.kind != TOPO_HYPERCUBE) return bad_input("task kbcast is defined on the hypercube (001), not on %s", j.topo.name);
  char err[256];
  double c = 3;
  uint64_t runs = 1000;
  if (o.c && parse_decimal(o.c, &c)) return bad_input("--c '%s' is not a decimal number in (0, 1000] (e.g. 3 or 2.72)", o.c);
  if (o.runs && cli_uint(o.runs, 1, 100000000, &runs)) return bad_input("--runs '%s' is not a number from 1 to 100000000", o.runs);
  if (job_parse_active(&j, o.active, o.k, o.seed, true, err, sizeof err)) return bad_input("%s", err);
  random_study r;
  rc = kbcast_random_study(&j.topo, &j.active, c, (uint32_t)runs, 1, &r);
  uint32_t k = j.active.n;
  active_free(&j.active);
  if (rc) return bad_input("out of memory running the randomized variant on %s", j.topo.name);
  printf("kbcast-random topo=%s K=%u C=%g runs=%u ok=%u (%.2f%%) load_cap=%u phase2_cap=%u max_load=%u "
         "max_phase2=%u mean_load=%.2f mean_phase2=%.2f chernoff=%.3g\n",
         j.topo.name, (unsigned)k, c, (unsigned)r.trials, (unsigned)r.ok, 100.0 * r.ok / r.trials, (unsigned)r.load_cap,
         (unsigned)r.phase2_cap, (unsigned)r.max_load, (unsigned)r.max_phase2, r.mean_load, r.mean_phase2, r.chernoff);
  return 0;
}

static const char usage_dynbcast[] =
    "usage: cmodel dynbcast [--topo T] [--rho LIST] [--tp 0|1] [--split] [--rounds R] [--seed S] [--alg A]\n"
    "\n"
    "004 s5's dynamic broadcasting, simulated (docs/DYNAMIC.md): broadcast requests arrive at every\n"
    "node as a Poisson process of rate lambda; PMNB rounds run back to back, each taking the oldest\n"
    "queued packet of every node that has one (M of them): the rank phase (2d(p-1) t_p split,\n"
    "4d(p-1) t_p whole), then the pmnb schedule of that set. A round without packets lasts the rank\n"
    "phase and one slot. A packet's delay ends with the last slot that delivers a piece of it.\n"
    "Prints a header and one tab-separated line per load: lambda, X and V ((9a)/(10a) split,\n"
    "(9b)/(10b) whole), the mean delay T and its 95% interval (batch means, 30 batches, the\n"
    "first R/10 rounds discarded), the bound (11) or 'unstable', the stability limit rho* ((14),\n"
    "or 1/(1+V/(NX)) whole), 1.5V+X, the mean M and round length, packets measured, the backlog.\n"
    "\n"
    "  --topo T    torus:PxP[x...] or mesh:PxP[x...] (or ring:P), every size p (default torus:8x8)\n"
    "  --rho LIST  loads rho = lambda N X (12), comma-separated, each in (0, 1) (default 0.1)\n"
    "  --tp 0|1    t_p, the time of a prefix step (default 1)\n"
    "  --split     004 s3.1's pieces (d per packet, 2d on a torus); default whole packets (s3.2)\n"
    "  --rounds R  rounds measured, 300..100000000 (default 4000)\n"
    "  --seed S    the arrivals' seed (default 1); each load starts from it\n"
    "  --alg A     the pmnb construction of every round (default " DYNBCAST_DEFAULT_ALG "; 004-prefix holds\n"
    "              the rank phase in its rows at t_p = 1, and the simulator then adds none)\n";

/* cmodel dynbcast: options, then one run per load. */
static int cmd_dynbcast(int argc, char **argv) {
  const char *topo_s = "torus:8x8", *rho_s = "0.1", *tp_s = "1", *rounds_s = NULL, *seed_s = NULL, *alg = NULL;
  const char *words[1];
  bool split = false, help = false;
  const cli_option opts[] = {{"--topo", &topo_s, NULL},     {"--rho", &rho_s, NULL},   {"--tp", &tp_s, NULL},
                             {"--split", NULL, &split},     {"--rounds", &rounds_s, NULL}, {"--seed", &seed_s, NULL},
                             {"--alg", &alg, NULL}};
  char err[256];
  int nwords;
  if (cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], words, 0, &nwords, &help, err, sizeof err))
    return bad_input("%s", err);
  if (help) {
    fputs(usage_dynbcast, stdout);
    return 0;
  }
  topo t;
  if (topo_parse(topo_s, &t, err, sizeof err)) return bad_input("%s", err);
  uint64_t tp, rounds = 4000, seed = 1;
  if (cli_uint(tp_s, 0, 1, &tp)) return bad_input("--tp '%s' is not 0 or 1", tp_s);
  if (rounds_s && cli_uint(rounds_s, DYNBCAST_MIN_ROUNDS, 100000000, &rounds))
    return bad_input("--rounds '%s' is not a number from %u to 100000000", rounds_s, DYNBCAST_MIN_ROUNDS);
  if (seed_s && cli_uint(seed_s, 0, UINT64_MAX >> 1, &seed)) return bad_input("--seed '%s' is not a non-negative integer", seed_s);
  double rho[64];
  size_t nrho = 0;
  for (const char *p = rho_s;; nrho++) { /* every item a decimal load in (0, 1) */
    size_t len = strcspn(p, ",");
    char item[24];
    snprintf(item, sizeof item, "%.*s", (int)(len < 20 ? len : 20), p);
    if (nrho == 64) return bad_input("--rho '%s' has more than 64 loads", rho_s);
    if (len == 0 || len > 20 || parse_decimal(item, &rho[nrho]) || rho[nrho] >= 1)
      return bad_input("--rho '%s': '%s' is not a load in (0, 1) (e.g. 0.1,0.3; rho >= 1 is unstable for any scheme, "
                       "004 (13))", rho_s, item);
    if (!p[len]) break;
    p += len + 1;
  }
  nrho++;
  dynbcast_config c;
  if (dynbcast_config_init(&c, &t, split, (uint32_t)tp, alg, rounds, seed, err, sizeof err)) return bad_input("%s", err);
  dynbcast_write_header(stdout);
  for (size_t i = 0; i < nrho; i++) {
    dynbcast_result r;
    if (dynbcast_run(&c, rho[i], &r, err, sizeof err)) return bad_input("%s", err);
    dynbcast_write_row(stdout, &c, &r);
    fflush(stdout);
  }
  return 0;
}

/* The commands, in the order --help lists them; a command of its own file is declared in commands.h. */
static const struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary; /* --help's lines: wrapped by hand, continuation lines indented */
} commands[] = {
    {"schedule", cmd_schedule, "write the schedule of a task as a TSV (exchange format)"},
    {"verify", cmd_verify, "check a schedule (TSV, JSON or MSCCL XML) against a task and port model"},
    {"export", cmd_export, "write a schedule as JSON or MSCCL XML (or TSV) (docs/EXPORT.md)"},
    {"info", cmd_info, "print a topology's nodes, ports, links and diameter, or a task's names"},
    {"table", cmd_table,
     "generate and verify a range of schedules: slots and transmissions against\n"
     "            their lower bounds (paper 000's Table 1 for the hypercube)"},
    {"kbcast-random", cmd_kbcast_random, "how often 001's randomized K-broadcast meets its C K/d budget"},
    {"dynbcast", cmd_dynbcast,
     "004 s5's dynamic broadcasting: Poisson arrivals served by PMNB rounds; the\n"
     "            mean delay against the bound (11) (docs/DYNAMIC.md)"},
    {"draw", cmd_draw,
     "draw a schedule as SVG: its link x slot occupancy map and a packet's tree\n"
     "            on the topology's layout (docs/DRAW.md)"},
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

/* The names of every command, "a, b or c", for a refusal. */
static const char *command_list(void) {
  static char buf[256];
  size_t n = 0;
  for (int i = 0; i < COMMAND_COUNT; i++)
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i == 0 ? "" : i + 1 == COMMAND_COUNT ? " or " : ", ",
                          commands[i].name);
  return buf;
}

static void print_usage(void) {
  fputs("usage: cmodel <command> [options]\n\n"
        "romnoc golden model " ROMNOC_VERSION ": optimal collective-communication schedules.\n\ncommands:\n",
        stdout);
  for (int i = 0; i < COMMAND_COUNT; i++) {
    int len = (int)strlen(commands[i].name);
    printf("  %-*s%s\n", len < 8 ? 10 : len + 2, commands[i].name, commands[i].summary);
  }
  fputs("\nRun 'cmodel <command> --help' for a command's options. Options are '--name value' or\n"
        "'--name=value', spelled out and given once. Exit status: 0 done, 1 a schedule violates its\n"
        "task or model (verify, table), 2 bad input, one line on stderr (docs/ERRORS.md).\n",
        stdout);
}

int main(int argc, char **argv) {
  if (argc < 2) return bad_input("missing command (%s); see 'cmodel --help'", command_list());
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    print_usage();
    return 0;
  }
  if (!strcmp(argv[1], "--version")) {
    puts("romnoc-cmodel " ROMNOC_VERSION);
    return 0;
  }
  for (int i = 0; i < COMMAND_COUNT; i++)
    if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 2, argv + 2);
  return bad_input("unknown command '%s' (expected %s)", argv[1], command_list());
}
