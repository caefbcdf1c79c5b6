/* golden.h — the golden traces a simulated fabric is checked against, written by the golden
 * model from a verified schedule: what every link must carry (the schedule itself) and what
 * every local port must hand over, with the payloads of payload.h. */
#ifndef ROMNOC_GOLDEN_H
#define ROMNOC_GOLDEN_H

#include <stdint.h>
#include <stdio.h>

#include "schedule.h"

/* wire.tsv: header lines ("# ..." each, may be NULL), then the whole schedule in the exchange
 * format (templates expanded). Returns 0, or -1 on a write error or out of memory. */
int golden_write_wire(FILE *f, const char *header, const sched *s);

/* deliveries.tsv: header lines, metadata (topo, task, model, seed, width), then
 * "slot node origin dest payload" for every packet a local port hands over: a personalized
 * packet at its destination, a broadcast packet the first time a node receives it; sorted by
 * (slot, node, origin, dest). Returns 0, or -1 on a write error or out of memory. */
int golden_write_deliveries(FILE *f, const char *header, const sched *s, uint32_t seed, int payload_width);

#endif
