/* rt_golden.h — the golden files one run of a run-time active-set router is checked against
 * (rtl_gen_kbrt --golden, rtl_gen_pmnbrt --golden): from a schedule of the golden model,
 * DIR/wire.tsv (the schedule) and DIR/deliveries.tsv (format/golden.h: every data packet a node
 * receives for the first time, payloads for the seed). */
#ifndef ROMNOC_RT_GOLDEN_H
#define ROMNOC_RT_GOLDEN_H

#include <stdint.h>

#include "model/schedule.h"

/* Checks a loaded schedule: 0, or -1 with one line in why naming what does not fit. */
typedef int (*rt_golden_check)(const sched *s, const char *shown, char *why, size_t len);

/* Reads the TSV schedule, checks its task is `task` (and check, if not NULL), writes the two
 * files (each under a temporary name, then renamed). Returns 0, or 2 with one line on stderr
 * prefixed by prog. */
int rt_write_golden(const char *prog, const char *schedule, const char *task, rt_golden_check check, uint64_t seed,
                    int width, const char *dir);

#endif
