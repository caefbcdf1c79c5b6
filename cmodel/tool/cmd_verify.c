/* cmd_verify.c — cmodel verify: a schedule file of any format (schedule_reader.h) streamed
 * through the verifier (verify.h) against the task and model its metadata or the options name. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/schedule_reader.h"
#include "tool/commands.h"
#include "util/cli.h"
#include "util/progress.h"
#include "verify/verify.h"

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
    "pexchange every active node's packet for every other node must reach it, for pgather every node's\n"
    "packet for every other active node (docs/PMNB.md, docs/PEXCHANGE.md).\n"
    "  --format F    FILE's format: tsv (default), json (romnoc's JSON layout) or msccl-xml (an MSCCL\n"
    "                XML from any tool: --topo is needed unless it has romnoc_topo=; its coll= names\n"
    "                the task; each step is given the earliest slot its thread block, its data and\n"
    "                its partner allow; a transfer without a partner or a deadlock is a FAIL;\n"
    "                docs/EXPORT.md)\n"
    "  --template    FILE holds the origin-0 rows of an mnb or te schedule on a hypercube, ring,\n"
    "                torus or complete:N (metadata template=xor or template=add;\n"
    "                template=xor-parity: origins 0 and 1, translated by even ids), under mla or\n"
    "                oneway; certify all its translates without expanding them (000 s2, 003 Thm\n"
    "                4.5, Lemma 7.4)\n"
    "  --max-mem B   refuse a table that grows with the topology beyond B bytes (suffix K, M,\n"
    "                G or T; default 4G) instead of allocating it\n";

/* What a file is checked against: the job its metadata and the options name (its active set
 * already freed), how its rows are stored, and the verifier made for them. */
typedef struct {
  job j;
  int is_template;
  template_kind tpl;
  verifier *v;
} verify_target;

/* Resolves the job of the file read by r (options first, then its metadata) and makes its
 * verifier into *t; returns 0, or the bad-input exit code (t->v is then NULL). */
static int open_target(const options *o, const schedule_format *fmt, void *r, const char *file, verify_target *t) {
  char err[256];
  const char *meta_root = fmt->meta(r, "root");
  if (meta_root && !strcmp(meta_root, "-1")) meta_root = NULL;
  const char *meta_template = fmt->meta(r, "template");
  t->is_template = o->is_template || meta_template;
  t->tpl = t->is_template ? TEMPLATE_TRANSLATION : TEMPLATE_NONE;
  t->v = NULL;
  job *j = &t->j;
  int rc = cmd_resolve_job(o->topo ? o->topo : fmt->meta(r, "topo"), o->task ? o->task : fmt->meta(r, "task"),
                           o->model ? o->model : fmt->meta(r, "model"), o->root ? o->root : meta_root, o->root != NULL, j);
  if (!rc && meta_template) {
    int kind = template_kind_of(&j->topo, meta_template);
    if (kind < 0)
      rc = bad_input("%s: metadata template=%s does not match %s (its translation is %s%s)", file, meta_template,
                     j->topo.name, topo_translation_name(topo_translation_of(&j->topo)),
                     j->topo.kind == TOPO_HYPERCUBE ? ", or xor-parity" : "");
    else
      t->tpl = (template_kind)kind;
  }
  const char *ngpus = fmt->meta(r, "ngpus");
  if (!rc && ngpus && strtoull(ngpus, NULL, 10) != j->topo.nodes)
    rc = bad_input("%s: the schedule has %s GPUs, %s has %u nodes", file, ngpus, j->topo.name, (unsigned)j->topo.nodes);
  if (!rc && job_parse_active(j, o->active || o->k || o->seed ? o->active : fmt->meta(r, "active"), o->k, o->seed, true,
                              err, sizeof err))
    rc = bad_input("%s", err);
  if (!rc && job_parse_fraction(j, false, fmt->meta(r, "fraction"), true, err, sizeof err))
    rc = bad_input("%s: metadata %s", file, err);
  if (!rc && task_has_active_set(j->task) && t->is_template)
    rc = bad_input("--template does not apply to task %s (its schedules are whole)", task_name(j->task));
  if (!rc) {
    t->v = task_has_active_set(j->task)
               ? verifier_new_active(&j->topo, j->task, j->model, &j->active, j->fraction, err, sizeof err)
               : verifier_new(&j->topo, j->task, j->model, j->root, t->tpl, err, sizeof err);
    if (!t->v) rc = bad_input("%s", err);
  }
  active_free(&j->active);
  return rc;
}

/* Streams every row r reads into t's verifier, then prints the verdict: 'OK ...' (returns
 * 0) or 'FAIL ...' (returns 1); or returns the bad-input exit code. */
static int check_rows(const schedule_format *fmt, void *r, const char *file, const verify_target *t) {
  char err[256];
  sched_row row;
  int rc = 0, got;
  uint64_t total = 0, done = 0;
  const char *rows_s = fmt->meta(r, "rows");
  if (rows_s) cli_uint(rows_s, 0, UINT64_MAX >> 1, &total); /* only for the progress line */
  char what[160];
  snprintf(what, sizeof what, "verifying %s %s", t->j.topo.name, task_name(t->j.task));
  progress p;
  progress_begin(&p, "cmodel", what, total);
  while (rc == 0 && (got = fmt->next(r, &row, err, sizeof err)) == 1) {
    rc = verifier_feed(t->v, &row);
    if (!(++done & 0xffff)) progress_update(&p, done);
  }
  progress_end(&p, done);
  verify_summary sum;
  int unrunnable = rc == VERIFY_OK && got == READER_VIOLATION; /* an MSCCL file that cannot run */
  if (rc == VERIFY_BAD_INPUT) rc = bad_input("%s: %s", file, verifier_message(t->v));
  else if (unrunnable) rc = VERIFY_VIOLATION;
  else if (rc == VERIFY_OK && got < 0) rc = bad_input("%s: %s", file, err);
  else if (rc == VERIFY_OK) rc = verifier_finish(t->v, &sum);
  if (rc == VERIFY_VIOLATION) {
    printf("FAIL %s\n", unrunnable ? err : verifier_message(t->v));
    rc = EXIT_VIOLATION;
  } else if (rc == VERIFY_OK) {
    printf("OK slots=%u lb=%u tx=%llu txlb=%llu%s%s\n", (unsigned)sum.slots, (unsigned)sum.lb,
           (unsigned long long)sum.tx, (unsigned long long)sum.txlb, t->is_template ? " template=" : "",
           t->tpl == TEMPLATE_PARITY ? "xor-parity"
           : t->is_template          ? topo_translation_name(topo_translation_of(&t->j.topo))
                                     : "");
  }
  return rc;
}

int cmd_verify(int argc, char **argv) {
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
  verify_target t;
  rc = open_target(&o, fmt, r, file, &t);
  if (!rc) rc = check_rows(fmt, r, file, &t);
  verifier_free(t.v);
  fmt->close(r);
  if (f != stdin) fclose(f);
  return rc;
}
