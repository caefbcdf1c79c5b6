/* draw_layout.c — the tree view's layouts of the topologies (draw_layout.h). */
#include "draw/draw_layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define UNIT 80.0   /* hypercube: half the outer square's side */
#define INNER 0.45  /* hypercube: the inner square's size, relative to the outer */
#define BLOCK 3.3   /* hypercube: the offset of a copy, in units */
#define GRID 72.0   /* torus, mesh: the distance between neighbours */
#define STUB 0.42   /* a wrap-around stub, in grid units */
#define MARGIN 46.0 /* around the nodes: stubs, labels */
#define RING_GAP 72.0
#define PI 3.14159265358979323846

int draw_layout_check(const topo *t, char *err, size_t errlen) {
  if (t->kind == TOPO_HYPERCUBE && t->ndims > DRAW_TREE_MAX_HYPERCUBE_DIM) {
    snprintf(err, errlen, "the tree view draws hypercubes up to hypercube:%d, not %s", DRAW_TREE_MAX_HYPERCUBE_DIM, t->name);
    return -1;
  }
  if ((t->kind == TOPO_TORUS || t->kind == TOPO_MESH) && t->ndims > 3) {
    snprintf(err, errlen, "the tree view draws tori and meshes of up to 3 dimensions, not %s", t->name);
    return -1;
  }
  if (t->nodes > DRAW_TREE_MAX_NODES) {
    snprintf(err, errlen, "the tree view draws up to %u nodes, not %s's %u", DRAW_TREE_MAX_NODES, t->name, (unsigned)t->nodes);
    return -1;
  }
  return 0;
}

/* The position of u before the margins (may be negative). */
static draw_point place(const topo *t, uint32_t u) {
  draw_point p = {0, 0};
  if (t->kind == TOPO_HYPERCUBE) {
    double r = t->ndims >= 3 && (u >> 2 & 1) ? INNER : 1;
    p.x = (u & 1 ? 1 : -1) * r * UNIT;
    p.y = (t->ndims >= 2 ? (u >> 1 & 1 ? 1 : -1) : 0) * r * UNIT;
    if (u >> 3 & 1) p.x += BLOCK * UNIT;
    if (u >> 4 & 1) p.y += BLOCK * UNIT;
    if (u >> 5 & 1) p.x += 2 * BLOCK * UNIT;
  } else if (t->kind == TOPO_RING || t->kind == TOPO_COMPLETE) {
    double rad = t->nodes * RING_GAP / (2 * PI);
    if (rad < 90) rad = 90;
    double a = -PI / 2 + 2 * PI * u / t->nodes;
    p.x = rad * cos(a);
    p.y = rad * sin(a);
  } else {
    p.x = topo_coord(t, u, 0) * GRID;
    if (t->ndims >= 2) p.y = topo_coord(t, u, 1) * GRID;
    if (t->ndims >= 3) p.x += topo_coord(t, u, 2) * (t->radix[0] + 1.0) * GRID;
  }
  return p;
}

/* Widens the box [lo, hi] to take p. */
static void take(draw_point p, draw_point *lo, draw_point *hi) {
  if (p.x < lo->x) lo->x = p.x;
  if (p.y < lo->y) lo->y = p.y;
  if (p.x > hi->x) hi->x = p.x;
  if (p.y > hi->y) hi->y = p.y;
}

int draw_layout_new(draw_layout *l, const topo *t) {
  l->t = t;
  l->pos = malloc((size_t)t->nodes * sizeof *l->pos);
  if (!l->pos) return -1;
  for (uint32_t u = 0; u < t->nodes; u++) l->pos[u] = place(t, u);
  /* the box of the nodes, the arcs' apexes and the stubs' ends */
  draw_point lo = place(t, 0), hi = lo;
  for (uint32_t u = 0; u < t->nodes; u++) {
    take(l->pos[u], &lo, &hi);
    for (int p = 0; p < t->ports; p++) {
      int64_t v = topo_neighbor(t, u, p);
      if (v < 0) continue;
      edge_shape e;
      draw_layout_edge(l, u, (uint32_t)v, &e);
      if (e.kind == EDGE_CURVE) take((draw_point){(e.a.x + 2 * e.c.x + e.b.x) / 4, (e.a.y + 2 * e.c.y + e.b.y) / 4}, &lo, &hi);
      if (e.kind == EDGE_STUBS) take(e.sa, &lo, &hi), take(e.sb, &lo, &hi);
    }
  }
  for (uint32_t u = 0; u < t->nodes; u++) {
    l->pos[u].x += MARGIN - lo.x;
    l->pos[u].y += MARGIN - lo.y;
  }
  l->width = hi.x - lo.x + 2 * MARGIN;
  l->height = hi.y - lo.y + 2 * MARGIN;
  return 0;
}

/* The dimension in which u and v differ (adjacent nodes differ in one). */
static int dim_of(const topo *t, uint32_t u, uint32_t v) {
  if (t->kind == TOPO_HYPERCUBE) return __builtin_ctz(u ^ v);
  for (int i = 0; i < t->ndims; i++)
    if (topo_coord(t, u, i) != topo_coord(t, v, i)) return i;
  return 0;
}

void draw_layout_edge(const draw_layout *l, uint32_t u, uint32_t v, edge_shape *e) {
  const topo *t = l->t;
  e->a = l->pos[u];
  e->b = l->pos[v];
  e->kind = EDGE_LINE;
  e->c = e->sa = e->sb = e->a;
  int i = dim_of(t, u, v);
  if (t->kind == TOPO_RING || t->kind == TOPO_COMPLETE) return; /* complete: chords of the circle */
  double dx = e->b.x - e->a.x, dy = e->b.y - e->a.y;
  if (t->kind == TOPO_HYPERCUBE) {
    if (i < 3) return;
    /* between copies: an arc bowed to one side (up for the copies side by side, left for
     * those one above the other), the more the farther */
    double bow = 0.22 + 0.06 * (i - 3);
    e->kind = EDGE_CURVE;
    e->c.x = (e->a.x + e->b.x) / 2 + (i == 4 ? -bow * fabs(dy) : 0);
    e->c.y = (e->a.y + e->b.y) / 2 + (i == 4 ? 0 : -bow * fabs(dx));
    return;
  }
  uint32_t cu = topo_coord(t, u, i), cv = topo_coord(t, v, i);
  int wrap = (cu > cv ? cu - cv : cv - cu) > 1;
  if (wrap) {
    /* out of u's border and into v's: +1 from the last coordinate leaves to the right (down,
     * up-right for dimension 2) and enters 0 from the left */
    double sx = i == 0 ? STUB * GRID : i == 2 ? 0.7 * STUB * GRID : 0;
    double sy = i == 1 ? STUB * GRID : i == 2 ? -0.7 * STUB * GRID : 0;
    double sign = cu > cv ? 1 : -1; /* u the last coordinate: going +1 round the ring */
    e->kind = EDGE_STUBS;
    e->sa.x = e->a.x + sign * sx;
    e->sa.y = e->a.y + sign * sy;
    e->sb.x = e->b.x - sign * sx;
    e->sb.y = e->b.y - sign * sy;
    return;
  }
  if (i == 2) { /* between slices: an arc over the slice between */
    e->kind = EDGE_CURVE;
    e->c.x = (e->a.x + e->b.x) / 2;
    e->c.y = (e->a.y + e->b.y) / 2 - 0.25 * fabs(dx);
  }
}

void draw_layout_free(draw_layout *l) {
  free(l->pos);
  l->pos = NULL;
}
