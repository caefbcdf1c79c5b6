/* draw_layout.h — where the tree view (draw_tree.h) puts a topology's nodes and how it draws a
 * link between two of them, in pixels:
 *   hypercube  bits 0 and 1 pick a corner of a square, bit 2 the outer or the inner of two
 *              nested squares (d = 1 a line, 2 a square, 3 the cube as nested squares); bits 3,
 *              4 and 5 place copies of that drawing right, below, and right again (d <= 6);
 *              the links of bits 3..5 are drawn as arcs between the copies
 *   ring       a circle, node 0 at the top, ids clockwise
 *   complete   the same circle, every link a straight chord
 *   torus/mesh one dimension a row, two a grid (coordinate 0 to the right, 1 down), three a row
 *              of 2-D grids (coordinate 2 picks the slice, links between slices as arcs); a
 *              torus's wrap-around link is two stubs, out of one border and into the other */
#ifndef ROMNOC_DRAW_LAYOUT_H
#define ROMNOC_DRAW_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "model/topo.h"

#define DRAW_TREE_MAX_HYPERCUBE_DIM 6
#define DRAW_TREE_MAX_NODES 256
#define DRAW_NODE_R 11.0 /* a node's circle */

typedef struct {
  double x, y;
} draw_point;

/* A link's shape from a to b: a straight line, a quadratic curve through control point c, or
 * two stubs (a to sa, then sb to b: a torus's wrap-around link). */
typedef enum { EDGE_LINE, EDGE_CURVE, EDGE_STUBS } edge_shape_kind;
typedef struct {
  edge_shape_kind kind;
  draw_point a, b, c, sa, sb;
} edge_shape;

typedef struct {
  const topo *t;
  draw_point *pos; /* per node, with the margins applied: every coordinate >= 0 */
  double width, height;
} draw_layout;

/* 0 if t has a layout (above, within the limits), or -1 with a message naming the topology and
 * the limit in err. */
int draw_layout_check(const topo *t, char *err, size_t errlen);

/* Lays t out (draw_layout_check must have passed). Returns 0, or -1 if memory runs out (l
 * owns nothing). */
int draw_layout_new(draw_layout *l, const topo *t);

/* The shape of the link from u to v (adjacent nodes). */
void draw_layout_edge(const draw_layout *l, uint32_t u, uint32_t v, edge_shape *e);

void draw_layout_free(draw_layout *l);

#endif
