/* json_format.h — a schedule in romnoc's JSON layout (docs/EXPORT.md):
 *
 *   {
 *     "format": "romnoc-schedule",
 *     "version": 1,
 *     "meta": {"topo": "hypercube:3", "task": "mnb", "model": "mla", "root": -1, "slots": 7, ...},
 *     "rows": [
 *       [1, 0, 1, 0, -1],          slot, src, dst, origin, dest: a TSV row (tsv.h)
 *       ...
 *     ]
 *   }
 *
 * The meta keys are the TSV's metadata keys (generator, topo, task, model, root, slots, rows,
 * alg, k, m, active, fraction, template); the counts are numbers, the rest strings. The writer's
 * layout is fixed (one row a line, keys in that order); the reader takes any whitespace and key
 * order and refuses unknown keys, duplicates and anything malformed with the line and column.
 * The schedule_format functions of the JSON (schedule_reader.h).
 */
#ifndef ROMNOC_JSON_FORMAT_H
#define ROMNOC_JSON_FORMAT_H

#include <stddef.h>
#include <stdio.h>

#include "format/schedule_reader.h"

void *json_open(FILE *f, const reader_hints *h, char *err, size_t errlen);
const char *json_meta(const void *r, const char *key);
int json_next(void *r, sched_row *row, char *err, size_t errlen);
void json_close(void *r);
int json_write(FILE *f, const sched *s, char *err, size_t errlen);

#endif
