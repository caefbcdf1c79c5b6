/* golden.h — the golden traces a simulated fabric is checked against, written by the golden
 * model from a verified schedule: what every link must carry (the schedule itself) and what
 * every local port must hand over, with the payloads of payload.h. */
#ifndef ROMNOC_GOLDEN_H
#define ROMNOC_GOLDEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "schedule.h"

/* wire.tsv: header lines ("# ..." each, may be NULL), then the whole schedule in the exchange
 * format (templates expanded). Returns 0, or -1 on a write error or out of memory. */
int golden_write_wire(FILE *f, const char *header, const sched *s);

/* 0 if the delivery list of golden_write_deliveries fits the memory limit (memlimit.h), else
 * -1 with the figure in err: checked before anything is written. */
int golden_deliveries_fit(const sched *s, char *err, size_t errlen);

/* deliveries.tsv: header lines, metadata (topo, task, model, seed, width), then
 * "slot node origin dest payload" for every packet a local port hands over: a personalized
 * packet at its destination, a broadcast packet the first time a node receives it; sorted by
 * (slot, node, origin, dest). Returns 0, or -1 on a write error or out of memory. */
int golden_write_deliveries(FILE *f, const char *header, const sched *s, uint32_t seed, int payload_width);

#endif
