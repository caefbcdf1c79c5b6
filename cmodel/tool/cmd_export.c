/* cmd_export.c — `cmodel export`: a schedule, read from a file of any format or built as
 * `cmodel schedule` builds it, written in another format (schedule_reader.h, docs/EXPORT.md). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tool/commands.h"
#include "util/memlimit.h"
#include "util/outfile.h"
#include "format/schedule_reader.h"

static const char usage_export[] =
    "usage: cmodel export --format tsv|json|msccl-xml [-o FILE] [--template] [--max-mem B]\n"
    "                     (SCHEDULE|- [--from tsv|json|msccl-xml] [--topo T] [--task K] [--model M] [--root R]\n"
    "                      | --topo T --task K [--model M] [--root R] [--alg A] [--active LIST | --k K | --m M\n"
    "                        [--seed S]] [--split])\n"
    "\n"
    "Writes a schedule in another format: the one in SCHEDULE (format --from, default tsv; its\n"
    "metadata, overridden by --topo, --task, --model, --root), or the one 'cmodel schedule' builds\n"
    "from the same options. Formats (docs/EXPORT.md):\n"
    "  tsv        the exchange format (cmodel schedule's output)\n"
    "  json       romnoc's JSON layout: {\"format\": \"romnoc-schedule\", \"version\": 1, \"meta\": {...},\n"
    "             \"rows\": [[slot, src, dst, origin, dest], ...]}\n"
    "  msccl-xml  the MSCCL XML of GPU collective runtimes: one GPU per node, one thread block per\n"
    "             directed link at each end, step s = slot s+1 (nop steps in idle slots); snb\n"
    "             (broadcast), mnb (allgather), scatter, gather, te (alltoall) only. Read back, every\n"
    "             step takes the earliest slot its thread block, its data and its partner allow\n"
    "  --template built from options, a translation template: its template rows (metadata\n"
    "             template=...), as 'cmodel schedule --template' writes them, not every row. A\n"
    "             schedule file is written with the rows it holds (a template stays one)\n"
    "  -o FILE    write to FILE instead of standard output: through FILE.tmp.PID beside it, renamed\n"
    "             when complete (nothing is written on a refusal); - is standard output\n";

/* Replaces template s by its whole schedule (every row, as 'cmodel schedule' writes it): 0, or
 * the bad-input exit code (s freed) when the rows would pass the memory limit. */
static int expand(sched *s, char *err, size_t errlen) {
  uint64_t bytes;
  err[0] = '\0';
  char what[160];
  snprintf(what, sizeof what, "the whole %s on %s (--template writes its template)", task_name(s->task), s->topo.name);
  sched whole;
  sched_init(&whole, &s->topo, s->task, s->model, s->root);
  if (mem_check(sched_transmissions(s), sizeof(sched_row), what, &bytes, err, errlen) || sched_expand(s, &whole)) {
    if (!err[0]) snprintf(err, errlen, "out of memory expanding %s", what);
    sched_free(&whole);
    sched_free(s);
    return bad_input("%s", err);
  }
  snprintf(whole.alg, sizeof whole.alg, "%s", s->alg);
  sched_free(s);
  *s = whole;
  return 0;
}

int cmd_export(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv,
                         TAKES(O_TOPO, O_TASK, O_MODEL, O_ROOT, O_ALG, O_OUT, O_MAX_MEM, O_ACTIVE, O_K, O_SEED, O_M,
                               O_SPLIT, O_FORMAT, O_FROM, O_TEMPLATE),
                         1, usage_export, &o);
  if (rc) return rc < 0 ? 0 : rc;
  if (!o.format) return bad_input("missing --format (%s)", schedule_format_list());
  const schedule_format *to = schedule_format_find(o.format);
  if (!to) return bad_input("unknown --format '%s' (expected %s)", o.format, schedule_format_list());
  char err[256];
  sched s;
  const char *what;
  if ((rc = cmd_load_schedule(&o, NULL, NULL, &s, &what))) return rc;
  /* built from options: the rows 'cmodel schedule' writes (every row, or the template with
   * --template); read from a file: the file's own rows */
  if (o.is_template && (o.nwords || !s.is_template)) {
    sched_free(&s);
    return bad_input("--template applies to schedules built as translation templates (mnb, te on a hypercube, ring or "
                     "torus), not to %s", what);
  }
  if (!o.nwords && s.is_template && !o.is_template && (rc = expand(&s, err, sizeof err))) return rc;
  outfile out;
  if (o.out && outfile_open(&out, o.out, err, sizeof err)) {
    sched_free(&s);
    return bad_input("%s", err);
  }
  /* a refusal (1) is known before anything is written: the writers check first */
  int wrc = to->write(o.out ? out.f : stdout, &s, err, sizeof err);
  sched_free(&s);
  if (wrc == 1) {
    if (o.out) outfile_abort(&out);
    return bad_input("%s", err);
  }
  if (!o.out) return wrc ? bad_input("cannot write the schedule to standard output") : 0;
  if (wrc) {
    outfile_abort(&out);
    return bad_input("cannot write '%s': %s", o.out, strerror(errno ? errno : EIO));
  }
  return outfile_commit(&out, err, sizeof err) ? bad_input("%s", err) : 0;
}
