/* draw_tree.h — one packet's tree on the topology's layout (draw_layout.h; docs/DRAW.md):
 * every link faint, the transmissions of the chosen packets bold with arrowheads, each
 * directed link labelled with the slots in which it carries them. Which rows are drawn for
 * node v (draw_tree_selects):
 *   snb, mnb, kbcast, pmnb      origin v's packet (its broadcast tree; every piece of it when
 *                               split); not kbcast's counters or termination packets
 *   scatter, te, pexchange      origin v's packets to every destination
 *   gather                      every packet toward the root (v = -1, the default), or
 *                               origin v's packet alone
 *   reduce, global_sum          every partial sum (of the one chunk; v = -1)
 *   reduce_scatter, allreduce   the partial sums of chunk v */
#ifndef ROMNOC_DRAW_TREE_H
#define ROMNOC_DRAW_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "draw/draw.h"
#include "draw/svg.h"

/* The node drawn when none is named: the root of snb and scatter; every packet (-1) for
 * gather, reduce and global_sum; the first active node of kbcast, pmnb and pexchange; else 0. */
int64_t draw_tree_default(const sched *s);

/* True if the task's tree is of one node's packets (--origin applies): all but reduce and
 * global_sum. */
bool draw_tree_takes_origin(task_kind task);

/* True if the tree view of node v (-1: every packet) draws row r. */
bool draw_tree_selects(const sched *s, int64_t v, const sched_row *r);

/* The panel's width and height in pixels; -1 if memory runs out. */
int draw_tree_size(const draw_input *in, double *width, double *height);

/* Draws the panel with its top-left corner at (x, y): links as <path class="link">, each row
 * drawn as <path class="tree-edge" data-src="U" data-dst="V" data-slot="S">, each directed
 * link's slots as <text class="slot-label">. Sets *edges to the rows drawn. Returns 0, or -1
 * if memory runs out (nothing written). */
int draw_tree(svg *w, double x, double y, const draw_input *in, int64_t v, uint64_t *edges);

#endif
