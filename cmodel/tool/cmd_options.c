/* cmd_options.c — the options every cmodel command shares, and the job and schedule they name
 * (see commands.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "construct/build.h"
#include "util/cli.h"
#include "tool/commands.h"
#include "util/memlimit.h"
#include "format/schedule_reader.h"

unsigned cmd_option_mask(const int *ks) {
  unsigned m = 0;
  for (; *ks >= 0; ks++) m |= 1u << *ks;
  return m;
}

int begin_command(int argc, char **argv, unsigned takes, int max_words, const char *usage, options *o) {
  memset(o, 0, sizeof *o);
  const cli_option all[O_COUNT] = {
      {"--topo", &o->topo, NULL}, {"--task", &o->task, NULL}, {"--model", &o->model, NULL},
      {"--root", &o->root, NULL}, {"--alg", &o->alg, NULL},   {"-o", &o->out, NULL},
      {"--max-mem", &o->max_mem, NULL}, {"--template", NULL, &o->is_template},
      {"--active", &o->active, NULL}, {"--k", &o->k, NULL}, {"--seed", &o->seed, NULL},
      {"--c", &o->c, NULL}, {"--runs", &o->runs, NULL}, {"--m", &o->m, NULL}, {"--split", NULL, &o->split},
      {"--view", &o->view, NULL}, {"--origin", &o->origin, NULL},
      {"--format", &o->format, NULL}, {"--from", &o->from, NULL},
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
  if (o->k && o->m) return bad_input("give the active set's size once: --k (kbcast) or --m (pmnb, pexchange)");
  if (o->m) o->k = o->m; /* one size: job_parse_active names it after the task */
  if (o->max_mem) {
    uint64_t bytes;
    if (cli_bytes(o->max_mem, &bytes)) return bad_input("--max-mem '%s' is not a size (e.g. 4G, 512M, 100000000)", o->max_mem);
    mem_set_limit(bytes);
  }
  return 0;
}

int cmd_resolve_job(const char *topo_s, const char *task_s, const char *model_s, const char *root_s,
                       int root_from_cli, job *j) {
  char err[256];
  return job_parse(j, topo_s, task_s, model_s, root_s, root_from_cli, err, sizeof err) ? bad_input("%s", err) : 0;
}


int cmd_job(const options *o, job *j) {
  int rc = cmd_resolve_job(o->topo, o->task, o->model, o->root, 1, j);
  if (rc) return rc;
  char err[256];
  if (job_parse_active(j, o->active, o->k, o->seed, true, err, sizeof err) ||
      job_parse_fraction(j, o->split, NULL, true, err, sizeof err)) {
    active_free(&j->active); /* a set parsed before --split was refused */
    return bad_input("%s", err);
  }
  return 0;
}

int cmd_build(job *j, const char *alg, sched *s) {
  char err[256];
  int rc = task_has_active_set(j->task)
               ? schedule_build_active(s, &j->topo, j->task, j->model, &j->active, j->fraction, alg, err, sizeof err)
               : schedule_build(s, &j->topo, j->task, j->model, j->root, alg, err, sizeof err);
  active_free(&j->active);
  return rc ? bad_input("%s", err) : 0;
}

int cmd_load_schedule(const options *o, int (*check)(const job *j, const void *ctx), const void *ctx, sched *s,
                      const char **what) {
  int rc;
  if (!o->nwords) {
    if (o->from) return bad_input("--from names the format of a schedule file, and none is given");
    job j;
    if ((rc = cmd_job(o, &j))) return rc;
    if (check && (rc = check(&j, ctx))) {
      active_free(&j.active);
      return rc;
    }
    *what = "the schedule built";
    return cmd_build(&j, o->alg, s);
  }
  const char *file = o->words[0];
  const schedule_format *from = schedule_format_find(o->from ? o->from : "tsv");
  if (!from) return bad_input("unknown --from '%s' (expected %s)", o->from, schedule_format_list());
  const char *build_only = o->alg      ? "--alg"
                           : o->active ? "--active"
                           : o->k      ? (o->m ? "--m" : "--k")
                           : o->seed   ? "--seed"
                           : o->split  ? "--split"
                                       : NULL;
  if (build_only) return bad_input("%s builds a schedule: give a schedule file ('%s') or build options, not both", build_only, file);
  *what = file;
  FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
  if (!f) return bad_input("cannot read '%s': %s", file, strerror(errno));
  reader_hints h = {o->task, o->root, o->topo, o->model};
  char err[256];
  rc = schedule_load(from, f, &h, s, err, sizeof err);
  if (f != stdin) fclose(f);
  if (rc == READER_VIOLATION) return bad_input("%s: the schedule cannot run: %s", file, err);
  return rc ? bad_input("%s: %s", file, err) : 0;
}
