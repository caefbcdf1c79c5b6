/* draw_occupancy.h — the link x slot occupancy map of a schedule (docs/DRAW.md): every
 * directed link a row (grouped by port), every slot a column, a cell filled in the colour of
 * the word the link carries in that slot (draw.h's key); a footer with the slots, the
 * verifier's lower bound and the links' utilization (busy cells of all cells). */
#ifndef ROMNOC_DRAW_OCCUPANCY_H
#define ROMNOC_DRAW_OCCUPANCY_H

#include <stddef.h>
#include <stdint.h>

#include "draw/draw.h"
#include "draw/svg.h"

/* The largest map drawn: directed links (rows), slots (columns) and cells. */
#define DRAW_MAX_LINKS 4096
#define DRAW_MAX_SLOTS 1024
#define DRAW_MAX_CELLS 131072

/* Directed links of t (the map's rows). */
uint64_t draw_directed_links(const topo *t);

/* 0 if the map of t fits the limits (slots 0: not known yet, only the links checked), or -1
 * with a message naming the figure and its limit in err. */
int draw_occupancy_check(const topo *t, uint32_t slots, char *err, size_t errlen);

/* The panel's width and height in pixels. */
void draw_occupancy_size(const draw_input *in, double *width, double *height);

/* Draws the panel with its top-left corner at (x, y). Each busy cell is a
 * <rect class="busy" data-slot="S" data-link="U-V" data-key="K">. Sets *busy and *cells (the
 * figures of the footer). Returns 0, or -1 if memory runs out (nothing written). */
int draw_occupancy(svg *w, double x, double y, const draw_input *in, uint64_t *busy, uint64_t *cells);

#endif
