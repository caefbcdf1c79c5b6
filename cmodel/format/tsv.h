/* tsv.h — the schedule exchange format.
 *
 *   # key=value            any number of comment lines (metadata: topo, task, model, root, slots,
 *                          rows, alg; template=xor|add for a template;
 *                          active= and k= or m= for the tasks of an active set; fraction=F
 *                          when slots are 1/F of a packet's time and rows carry pieces)
 *   slot<TAB>src<TAB>dst<TAB>origin<TAB>dest
 *   1<TAB>0<TAB>1<TAB>0<TAB>-1
 *
 * One row per transmission, sorted by (slot, src, dst); dest is -1 for broadcast packets.
 */
#ifndef ROMNOC_TSV_H
#define ROMNOC_TSV_H

#include <stdbool.h>
#include <stdio.h>

#include "util/progress.h"
#include "model/schedule.h"

#define TSV_HEADER "slot\tsrc\tdst\torigin\tdest"

/* The longest line the reader takes; a longer one is refused, never split. */
#define TSV_MAX_LINE (16 << 20)

/* Writes s to f: metadata, header, rows; only the template rows when template_only (which
 * needs s->is_template; the metadata then says template=<the topology's translation>). Returns 0, or -1 on a write error or when memory runs out. */
int tsv_write(FILE *f, const sched *s, bool template_only);
/* The same, updating progress (progress.h; begun and ended by the caller) as rows go out. */
int tsv_write_progress(FILE *f, const sched *s, bool template_only, progress *progress);

typedef struct tsv_reader tsv_reader;

/* Reads the metadata lines and the header from f (not closed by the reader): every
 * "# key = value" line is kept (spaces around key and value dropped; the last of a key wins),
 * any number of them. Returns the reader, or NULL with a message in err (malformed header, a
 * NUL byte, a line over TSV_MAX_LINE, read error, out of memory). */
tsv_reader *tsv_open(FILE *f, char *err, size_t errlen);

/* The value of a metadata key, or NULL. */
const char *tsv_meta(const tsv_reader *r, const char *key);

/* Reads the next row: 1, or 0 at the end, or -1 with a message in err naming the line and
 * what is wrong (the number of fields, the bad field, a NUL byte), bytes that are not
 * printable shown escaped. Checks only the syntax; the order of rows is the verifier's. */
int tsv_next(tsv_reader *r, sched_row *row, char *err, size_t errlen);

void tsv_close(tsv_reader *r);

/* A whole schedule in memory from a TSV: schedule_load (schedule_reader.h) with the format
 * "tsv", which reads every format the same way. */

#endif
