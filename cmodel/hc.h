/* hc.h — the hypercube schedules of paper 000 under the all-port full-duplex model (mla).
 * Each function fills a schedule that sched_init() prepared for hypercube:d and returns 0,
 * or -1 if memory runs out (the schedule then holds a partial row set the caller frees).
 */
#ifndef ROMNOC_HC_H
#define ROMNOC_HC_H

#include <stdint.h>

#include "schedule.h"

/* Single-node broadcast from root along the binomial tree: in slot k every node that has
 * the packet sends it across dimension k-1. d slots, 2^d - 1 transmissions. */
int hc_snb(sched *s, int d, uint32_t root);

/* 000 §2: template (origin 0) of the multinode broadcast: the link sets A_i built from the
 * rotation classes, every A_i with links of distinct types. ceil((2^d-1)/d) slots. */
int hc_mnb_template(sched *s, int d);

/* 000 §3: scatter from root over the perfectly balanced shortest-path spanning tree built from
 * compatible classes, farthest destinations first. ceil((2^d-1)/d) slots, d*2^(d-1) rows. */
int hc_scatter(sched *s, int d, uint32_t root);

/* Gather to root: the scatter run backwards in time (003, Thm 2.10-2.11: time reversal maps
 * a schedule onto its dual with the same slots and transmissions). */
int hc_gather(sched *s, int d, uint32_t root);

/* 000 §4: template (origin 0) of the total exchange, built recursively in three phases.
 * 2^(d-1) slots, d*2^(d-1) template rows (d*2^(2d-1) in the whole schedule). */
int hc_te_template(sched *s, int d);

#endif
