/* cmd_options.c — the options every cmodel command shares, the job and schedule they name, and
 * the helpers several commands use: the bad-input report, decimal numbers (see commands.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "construct/build.h"
#include "util/cli.h"
#include "tool/commands.h"
#include "util/memlimit.h"
#include "format/schedule_reader.h"

int cmodel_bad_input(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cli_report("cmodel", fmt, ap);
  va_end(ap);
  return EXIT_BAD_INPUT;
}

int cmd_parse_decimal(const char *s, double *out) {
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

unsigned cmd_option_mask(const int *ks) {
  unsigned m = 0;
  for (; *ks >= 0; ks++) m |= 1u << *ks;
  return m;
}

int begin_command(int argc, char **argv, unsigned takes, int max_words, const char *usage, options *o) {
  memset(o, 0, sizeof *o);
  const cli_option all[O_COUNT] = {
      [O_TOPO] = {.name = "--topo", .value = &o->topo},
      [O_TASK] = {.name = "--task", .value = &o->task},
      [O_MODEL] = {.name = "--model", .value = &o->model},
      [O_ROOT] = {.name = "--root", .value = &o->root},
      [O_ALG] = {.name = "--alg", .value = &o->alg},
      [O_OUT] = {.name = "-o", .value = &o->out},
      [O_MAX_MEM] = {.name = "--max-mem", .value = &o->max_mem},
      [O_TEMPLATE] = {.name = "--template", .flag = &o->is_template},
      [O_ACTIVE] = {.name = "--active", .value = &o->active},
      [O_K] = {.name = "--k", .value = &o->k},
      [O_SEED] = {.name = "--seed", .value = &o->seed},
      [O_C] = {.name = "--c", .value = &o->c},
      [O_RUNS] = {.name = "--runs", .value = &o->runs},
      [O_M] = {.name = "--m", .value = &o->m},
      [O_SPLIT] = {.name = "--split", .flag = &o->split},
      [O_VIEW] = {.name = "--view", .value = &o->view},
      [O_ORIGIN] = {.name = "--origin", .value = &o->origin},
      [O_FORMAT] = {.name = "--format", .value = &o->format},
      [O_FROM] = {.name = "--from", .value = &o->from},
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
  if (o->k && o->m) return bad_input("give the active set's size once: --k (kbcast) or --m (pmnb, pexchange, pgather)");
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
