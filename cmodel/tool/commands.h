/* commands.h — what cmodel's commands share. main.c holds the table of commands (name, --help
 * line, entry point); each command is a file of its own (cmodel/tool/cmd_<name>.c, not part of
 * the library rtl_gen links), declared here, and gets one row of that table. The options, the
 * job and schedule they name, and the helpers several commands use are in cmd_options.c.
 * Exit codes: 0 done, 1 a schedule violates its task or model, 2 bad input (docs/ERRORS.md). */
#ifndef ROMNOC_COMMANDS_H
#define ROMNOC_COMMANDS_H

#define EXIT_VIOLATION 1
#define EXIT_BAD_INPUT 2

/* Prints "cmodel: message" on stderr (one line, cli_report) and returns EXIT_BAD_INPUT. */
__attribute__((format(printf, 1, 2))) int cmodel_bad_input(const char *fmt, ...);
#define bad_input cmodel_bad_input

#include <stdbool.h>

#include "model/job.h"
#include "model/schedule.h"

/* Every option of every command; a command takes a set of them (cmd_begin). */
typedef struct {
  const char *topo, *task, *model, *root, *alg, *out, *max_mem, *active, *k, *seed, *c, *runs, *m;
  const char *format, *from; /* export, verify: a schedule format (schedule_reader.h) */
  const char *view, *origin; /* draw */
  const char *words[1];      /* the input file of verify, export, draw */
  int nwords;
  bool is_template, help, split;
} options;

/* The options of every command: a command takes a set of them (bit k = option k). */
enum { O_TOPO, O_TASK, O_MODEL, O_ROOT, O_ALG, O_OUT, O_MAX_MEM, O_TEMPLATE, O_ACTIVE, O_K, O_SEED, O_C, O_RUNS, O_M, O_SPLIT,
       O_VIEW, O_ORIGIN, O_FORMAT, O_FROM, O_COUNT };
#define TAKES(...) (cmd_option_mask((const int[]){__VA_ARGS__, -1}))
/* The mask of the options listed (ending with -1). */
unsigned cmd_option_mask(const int *ks);


/* Parses a command's options (the set takes, and up to max_words words) into *o; prints usage
 * and returns -1 for --help (a usage text's @ALGS@ becomes the construction table's lines),
 * otherwise returns 0 or the bad-input exit code. Applies --max-mem. */
int begin_command(int argc, char **argv, unsigned takes, int max_words, const char *usage, options *o);

/* Turns option strings into a job (job_parse); returns 0 or the bad-input exit code. */
int cmd_resolve_job(const char *topo_s, const char *task_s, const char *model_s, const char *root_s, int root_from_cli,
                    job *j);

/* The job the options --topo, --task, --model, --root, --active, --k/--m, --seed and --split
 * name; returns 0 (j->active is then owned by the caller) or the bad-input exit code. */
int cmd_job(const options *o, job *j);

/* Builds j's schedule with construction alg (NULL: auto) and frees j->active; returns 0 or
 * the bad-input exit code. */
int cmd_build(job *j, const char *alg, sched *s);

/* The schedule a command works on (draw, export): read from the file o->words[0] ("-": standard
 * input) in the format --from names (default tsv), --topo, --task, --model and --root given
 * overriding its metadata (a format without them, MSCCL XML, needs them); otherwise built from
 * the options as cmodel schedule builds it, once check (when not NULL) has accepted the job. A
 * file together with an option only a build takes (--alg, --active, --k, --m, --seed,
 * --split) is refused. *what names the schedule for messages. Returns 0 or the bad-input
 * exit code (s then owns nothing). */
int cmd_load_schedule(const options *o, int (*check)(const job *j, const void *ctx), const void *ctx, sched *s,
                      const char **what);

/* A decimal number "D[.D]" (at most 12 digits) in (0, 1000] into *out; returns 0, or -1 (*out
 * untouched). --c of kbcast-random, --rho of dynbcast. */
int cmd_parse_decimal(const char *s, double *out);

/* The commands, a file each (main.c's table): each takes the words after its name and returns
 * the exit code. */

/* cmodel schedule (cmd_schedule.c): a task's schedule written as a TSV. */
int cmd_schedule(int argc, char **argv);
/* cmodel verify (cmd_verify.c): a schedule file checked against a task and port model. */
int cmd_verify(int argc, char **argv);
/* cmodel info (cmd_info.c): a topology's nodes, ports, links and diameter, or a task's names. */
int cmd_info(int argc, char **argv);
/* cmodel table (cmd_table.c): a range of schedules generated, verified and set against their
 * lower bounds; kbcast's against 001's figures. */
int cmd_table(int argc, char **argv);
/* cmodel kbcast-random (cmd_kbcast_random.c): 001's randomized K-broadcast, Monte-Carlo. */
int cmd_kbcast_random(int argc, char **argv);
/* cmodel dynbcast (cmd_dynbcast.c): 004 s5's dynamic broadcasting simulated (docs/DYNAMIC.md). */
int cmd_dynbcast(int argc, char **argv);
/* cmodel draw (cmd_draw.c): pictures of a schedule as SVG (docs/DRAW.md). */
int cmd_draw(int argc, char **argv);
/* cmodel export (cmd_export.c): a schedule written in another format (docs/EXPORT.md). */
int cmd_export(int argc, char **argv);

#endif
