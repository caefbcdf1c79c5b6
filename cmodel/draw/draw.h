/* draw.h — what romnoc's pictures of a schedule are drawn from (docs/DRAW.md): the schedule's
 * metadata, its every transmission and the verifier's figures. The views are one file each:
 * draw_occupancy.h (the link x slot map), draw_tree.h (one packet's tree on the topology's
 * layout, draw_layout.h); svg.h writes them. */
#ifndef ROMNOC_DRAW_H
#define ROMNOC_DRAW_H

#include <stddef.h>
#include <stdint.h>

#include "model/schedule.h"

typedef struct {
  const sched *s;        /* topology, task, model, root, alg, active set, fraction (not owned) */
  const sched_row *rows; /* every transmission of the whole schedule (a template expanded), in
                          * (slot, src, dst) order, every one on a link (a verified schedule) */
  size_t nrows;
  uint32_t slots, lb;    /* slots used and the lower bound, as 'cmodel verify' prints them */
} draw_input;

/* What a row's colour stands for, and its key: the packet's origin (broadcasts, te, gather,
 * pexchange), its destination (scatter: one origin), the chunk of a partial sum (combining
 * tasks); kbcast's counters and termination packets are kinds of their own (DRAW_KEY_COUNTER,
 * DRAW_KEY_END). */
#define DRAW_KEY_COUNTER 0xfffffffeu
#define DRAW_KEY_END 0xffffffffu
uint32_t draw_row_key(const sched *s, const sched_row *r);
const char *draw_key_name(const sched *s);
/* The fill of key k ("#rrggbb"). */
void draw_key_colour(uint32_t k, char buf[8]);

/* One line naming the schedule: "mnb on hypercube:3, model mla, alg hc-mnb" and its root,
 * active set size and fraction where it has them, into buf. */
void draw_title(const sched *s, char *buf, size_t len);

#endif
