/* golden.h — the golden traces a simulated fabric is checked against, written by the golden
 * model from a verified schedule: what every link must carry (the schedule itself) and what
 * every local port must hand over, with the payloads of payload.h (combined by the operation
 * of reduce_op.h for the combining tasks). */
#ifndef ROMNOC_GOLDEN_H
#define ROMNOC_GOLDEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model/schedule.h"

/* wire.tsv: header lines ("# ..." each, may be NULL), then the whole schedule in the exchange
 * format (templates expanded). Returns 0, or -1 on a write error or out of memory. */
int golden_write_wire(FILE *f, const char *header, const sched *s);

/* 0 if the delivery list of golden_write_deliveries (and, for a combining task, the partial
 * sums golden_completions simulates) fits the memory limit (memlimit.h), else -1 with the
 * figure in err: checked before anything is written. */
int golden_deliveries_fit(const sched *s, char *err, size_t errlen);

/* A (node, chunk) a combining task leaves with the whole sum, and the slot at whose end its
 * partial became complete for the last time. */
typedef struct {
  uint32_t slot, node, chunk;
} golden_completion;

/* Combining tasks: every (node, chunk) that task_result_at names, with the slot from whose end
 * on its partial holds all N contributions, sorted by (slot, node, chunk), into *out (malloc'd;
 * the caller frees it) and *n. The partial sums are simulated as counts of contributions,
 * which suffices for a verified schedule (the verifier checks that the sets a node adds are
 * disjoint); the rows follow schedule.h (moved partials leave first, then every word of the
 * slot is added). Returns 0, or -1 if memory runs out or the memory limit is passed (*out
 * NULL). */
int golden_completions(const sched *s, golden_completion **out, size_t *n);

/* deliveries.tsv: header lines, metadata (topo, task, model, seed, width, and op for a
 * combining task), then one line per delivery, sorted:
 *   packets (snb .. te, kbcast, pmnb, pexchange): "slot node origin dest payload" for every
 *     packet a local port hands over: a personalized packet at its destination, a broadcast
 *     packet the first time a node receives it (a split pmnb packet: each piece, dest = the
 *     piece, the first time); sorted by (slot, node, origin, dest);
 *   combining tasks: "slot node chunk value" for every (node, chunk) of golden_completions,
 *     in its slot, value = op over every node u of u's contribution to the chunk
 *     (romnoc_contribution: the payload of packet (u, chunk)); sorted by (slot, node, chunk).
 * op is a romnoc_op (reduce_op.h), ignored for the other tasks. Payloads and values are
 * ceil(width/4) hex digits. Returns 0, or -1 on a write error or out of memory. */
int golden_write_deliveries(FILE *f, const char *header, const sched *s, uint32_t seed, int payload_width, int op);

#endif
