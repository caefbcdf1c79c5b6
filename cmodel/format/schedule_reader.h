/* schedule_reader.h — the schedule formats behind one small interface, so that a command reads
 * and writes a TSV (tsv.h), the romnoc JSON layout (json_format.h) or an MSCCL XML
 * (msccl_xml.h) the same way: a table of formats, each a reader (open, meta, next, close) and a
 * writer. docs/EXPORT.md describes the JSON layout and the MSCCL mapping.
 */
#ifndef ROMNOC_SCHEDULE_READER_H
#define ROMNOC_SCHEDULE_READER_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "model/schedule.h"

/* What a reader may need that only the command line knows: a format without metadata of its
 * own (MSCCL XML) takes the task and root from here first (NULL: not given). */
typedef struct {
  const char *task, *root;
  const char *topo, *model; /* used by schedule_load only */
} reader_hints;

/* next's results besides 1 (a row) and 0 (the end): bad input, or a schedule that is read
 * but cannot run (an MSCCL send nobody receives, steps waiting on each other): err then says
 * what, and the caller reports it as a violation. */
enum { READER_BAD_INPUT = -1, READER_VIOLATION = -2 };

typedef struct {
  const char *name; /* as --format spells it */
  /* Reads f (not closed by the reader) far enough to answer meta; NULL with a one-line
   * message in err (naming the line, and the column where the format has them). */
  void *(*open)(FILE *f, const reader_hints *h, char *err, size_t errlen);
  /* The value of a metadata key (as the TSV's '# key=value'), or NULL. */
  const char *(*meta)(const void *r, const char *key);
  /* The next row in (slot, src, dst) order for a format that fixes it (MSCCL XML), in file
   * order otherwise: 1, 0 at the end, READER_BAD_INPUT or READER_VIOLATION with err set. */
  int (*next)(void *r, sched_row *row, char *err, size_t errlen);
  void (*close)(void *r);
  /* Writes s whole (a template as its rows and template= for the formats that keep
   * templates, expanded for those that do not). Returns 0, 1 with err set when the format
   * cannot express s (nothing written), or -1 on a write error or out of memory. */
  int (*write)(FILE *f, const sched *s, char *err, size_t errlen);
} schedule_format;

/* The format named, or NULL. */
const schedule_format *schedule_format_find(const char *name);

/* The format named (a known name), else the one a file's name suggests: *.xml msccl-xml,
 * *.json json, anything else tsv. */
const schedule_format *schedule_format_of(const char *name, const char *path);

/* "tsv, json or msccl-xml", for a refusal. */
const char *schedule_format_list(void);

/* Reads a whole schedule through format fmt into s: topology,
 * task, model, root, alg, active set, fraction and template from the metadata (overridden by
 * h's fields where given; a metadata ngpus= must be the topology's node count), then every
 * row in the reader's order. Returns 0; or
 * READER_BAD_INPUT or READER_VIOLATION with a one-line message in err (s then owns nothing). */
int schedule_load(const schedule_format *fmt, FILE *f, const reader_hints *h, sched *s, char *err, size_t errlen);

/* Reads all of f into a NUL-terminated buffer (owned by the caller; *len without the NUL).
 * Returns it, or NULL with a message in err (a read error, more than max bytes, a NUL byte,
 * out of memory). */
char *read_all(FILE *f, size_t max, size_t *len, char *err, size_t errlen);

/* Sets err to "line L col C: <message>", the message formatted from fmt and its arguments (ap),
 * cut at 199 characters: how every reader places a refusal in its file. Returns -1. */
int reader_verror_at(unsigned long line, unsigned long col, char *err, size_t errlen, const char *fmt, va_list ap);
__attribute__((format(printf, 5, 6))) int reader_error_at(unsigned long line, unsigned long col, char *err, size_t errlen,
                                                          const char *fmt, ...);

#endif
