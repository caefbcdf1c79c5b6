/* draw_tree.c — the tree view (draw_tree.h). */
#include "draw/draw_tree.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw_layout.h"

#define TITLE_H 44.0
#define FOOT_H 44.0
#define LABEL_OFF 9.0 /* a slot label's distance from its edge, on the right of the direction */

int64_t draw_tree_default(const sched *s) {
  switch (s->task) {
    case TASK_GATHER: case TASK_REDUCE: case TASK_GLOBAL_SUM: return -1;
    default: break;
  }
  if (task_has_root(s->task) && s->root >= 0) return s->root;
  if (task_has_active_set(s->task) && s->active.n) return s->active.ids[0];
  return 0;
}

bool draw_tree_takes_origin(task_kind task) { return task != TASK_REDUCE && task != TASK_GLOBAL_SUM; }

bool draw_tree_selects(const sched *s, int64_t v, const sched_row *r) {
  if (v < 0) return true;
  if (task_combines(s->task)) return r->dest == v; /* the chunk */
  if (s->task == TASK_KBCAST && r->dest < -1) return false; /* a counter or a termination */
  return r->origin == (uint64_t)v;
}

/* What the bold edges of node v are, for the title. */
static void selection_text(const sched *s, int64_t v, char *buf, size_t len) {
  if (task_combines(s->task)) {
    if (v < 0) snprintf(buf, len, "every partial sum (chunk 0), toward the nodes that end with the sum");
    else snprintf(buf, len, "the partial sums of chunk %lld", (long long)v);
  } else if (v < 0) {
    snprintf(buf, len, "every packet, toward the root %lld", (long long)s->root);
  } else if (task_is_personalized(s->task)) {
    snprintf(buf, len, "the packets of origin %lld, to every destination", (long long)v);
  } else {
    snprintf(buf, len, "the packet of origin %lld: its broadcast tree%s", (long long)v, s->fraction > 1 ? " (every piece)" : "");
  }
}

int draw_tree_size(const draw_input *in, double *width, double *height) {
  draw_layout l;
  if (draw_layout_new(&l, &in->s->topo)) return -1;
  *width = l.width > 640 ? l.width : 640;
  *height = TITLE_H + l.height + FOOT_H;
  draw_layout_free(&l);
  return 0;
}

static draw_point towards(draw_point a, draw_point b, double d) {
  double dx = b.x - a.x, dy = b.y - a.y, n = hypot(dx, dy);
  if (n == 0) return a;
  return (draw_point){a.x + d * dx / n, a.y + d * dy / n};
}

/* The path of shape e, its ends cut back by cut_a and cut_b (outside the nodes' circles). */
static void path_d(const edge_shape *e, double cut_a, double cut_b, char *buf, size_t len) {
  switch (e->kind) {
    case EDGE_LINE: {
      draw_point a = towards(e->a, e->b, cut_a), b = towards(e->b, e->a, cut_b);
      snprintf(buf, len, "M%.1f,%.1f L%.1f,%.1f", a.x, a.y, b.x, b.y);
      break;
    }
    case EDGE_CURVE: {
      draw_point a = towards(e->a, e->c, cut_a), b = towards(e->b, e->c, cut_b);
      snprintf(buf, len, "M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f", a.x, a.y, e->c.x, e->c.y, b.x, b.y);
      break;
    }
    case EDGE_STUBS: {
      draw_point a = towards(e->a, e->sa, cut_a), b = towards(e->b, e->sb, cut_b);
      snprintf(buf, len, "M%.1f,%.1f L%.1f,%.1f M%.1f,%.1f L%.1f,%.1f", a.x, a.y, e->sa.x, e->sa.y, e->sb.x, e->sb.y, b.x,
               b.y);
      break;
    }
  }
}

/* Where the label of shape e goes: beside its middle (the source's stub for a wrap-around),
 * on the right of the direction of travel, so the two directions' labels do not meet. */
static draw_point label_at(const edge_shape *e) {
  draw_point m, from, to;
  if (e->kind == EDGE_CURVE) {
    m = (draw_point){(e->a.x + 2 * e->c.x + e->b.x) / 4, (e->a.y + 2 * e->c.y + e->b.y) / 4};
    from = e->a, to = e->b;
  } else if (e->kind == EDGE_STUBS) {
    m = (draw_point){(e->a.x + 2 * e->sa.x) / 3, (e->a.y + 2 * e->sa.y) / 3};
    from = e->a, to = e->sa;
  } else {
    m = (draw_point){(e->a.x + e->b.x) / 2, (e->a.y + e->b.y) / 2};
    from = e->a, to = e->b;
  }
  double dx = to.x - from.x, dy = to.y - from.y, n = hypot(dx, dy);
  if (n == 0) return m;
  return (draw_point){m.x - LABEL_OFF * dy / n, m.y + LABEL_OFF * dx / n + 4}; /* +4: the text's baseline */
}

static int by_link(const void *pa, const void *pb) {
  const sched_row *a = pa, *b = pb;
  if (a->src != b->src) return a->src < b->src ? -1 : 1;
  if (a->dst != b->dst) return a->dst < b->dst ? -1 : 1;
  if (a->slot != b->slot) return a->slot < b->slot ? -1 : 1;
  if (a->origin != b->origin) return a->origin < b->origin ? -1 : 1;
  return a->dest < b->dest ? -1 : a->dest > b->dest;
}

static bool is_active(const sched *s, uint32_t u) {
  for (uint32_t i = 0; i < s->active.n; i++)
    if (s->active.ids[i] == u) return true;
  return false;
}

int draw_tree(svg *w, double x, double y, const draw_input *in, int64_t v, uint64_t *edges) {
  const sched *s = in->s;
  const topo *t = &s->topo;
  draw_layout l;
  if (draw_layout_new(&l, t)) return -1;
  size_t n = 0;
  for (size_t i = 0; i < in->nrows; i++) n += draw_tree_selects(s, v, &in->rows[i]);
  sched_row *sel = malloc((n ? n : 1) * sizeof *sel);
  if (!sel) {
    draw_layout_free(&l);
    return -1;
  }
  n = 0;
  for (size_t i = 0; i < in->nrows; i++)
    if (draw_tree_selects(s, v, &in->rows[i])) sel[n++] = in->rows[i];
  qsort(sel, n, sizeof *sel, by_link);
  char title[256], what[160], d[160], attrs[256];
  draw_title(s, title, sizeof title);
  selection_text(s, v, what, sizeof what);
  svg_group(w, "class=\"tree\"");
  svg_textf(w, x + 20, y + 18, "start", 15, NULL, "tree view: %s", title);
  svg_textf(w, x + 20, y + 36, "start", 12, "fill=\"#555555\"", "bold arrows: %s; labels: the %s that carry it", what,
            s->fraction > 1 ? "mini-slots" : "slots");
  double ox = x, oy = y + TITLE_H;
  snprintf(attrs, sizeof attrs, "transform=\"translate(%.1f,%.1f)\"", ox, oy);
  svg_group(w, attrs);
  /* every link of the topology, once, faint */
  for (uint32_t u = 0; u < t->nodes; u++)
    for (int p = 0; p < t->ports; p++) {
      int64_t nb = topo_neighbor(t, u, p);
      if (nb < 0 || nb < u || topo_port_to(t, u, (uint32_t)nb) != p) continue;
      edge_shape e;
      draw_layout_edge(&l, u, (uint32_t)nb, &e);
      path_d(&e, 0, 0, d, sizeof d);
      fprintf(w->f, "<path class=\"link\" d=\"%s\" fill=\"none\" stroke=\"#c8c8c8\" stroke-width=\"1.2\"/>\n", d);
    }
  /* the rows drawn, each its own element; then one label per directed link */
  uint32_t first = 0, last = 0;
  for (size_t i = 0; i < n; i++) {
    edge_shape e;
    draw_layout_edge(&l, sel[i].src, sel[i].dst, &e);
    path_d(&e, DRAW_NODE_R + 1, DRAW_NODE_R + 2, d, sizeof d);
    fprintf(w->f,
            "<path class=\"tree-edge\" data-src=\"%u\" data-dst=\"%u\" data-slot=\"%u\" d=\"%s\" fill=\"none\" "
            "stroke=\"" SVG_EDGE_COLOUR "\" stroke-width=\"2.5\" marker-end=\"url(#arrow)\"/>\n",
            (unsigned)sel[i].src, (unsigned)sel[i].dst, (unsigned)sel[i].slot, d);
    if (!first || sel[i].slot < first) first = sel[i].slot;
    if (sel[i].slot > last) last = sel[i].slot;
  }
  /* the nodes over the edges' ends; yellow: the origin, the root, or the node that ends with
   * the chunk drawn (reduce_scatter) */
  int64_t mark = v < 0 ? s->root : task_combines(s->task) && s->task != TASK_REDUCE_SCATTER ? -1 : v;
  for (uint32_t u = 0; u < t->nodes; u++) {
    bool chosen = u == mark;
    const char *fill = chosen ? "#ffd866" : task_has_active_set(s->task) && is_active(s, u) ? "#cfe3f7" : "white";
    svg_circle(w, l.pos[u].x, l.pos[u].y, DRAW_NODE_R, fill, chosen ? SVG_EDGE_COLOUR : "#555555",
               chosen ? "class=\"node origin\" stroke-width=\"2\"" : "class=\"node\"");
    svg_textf(w, l.pos[u].x, l.pos[u].y + 3.5, "middle", u >= 100 ? 8 : 10, NULL, "%u", (unsigned)u);
  }
  /* the labels on top, with a white halo */
  for (size_t i = 0; i < n;) {
    size_t j = i;
    char text[256];
    int len = 0;
    for (; j < n && sel[j].src == sel[i].src && sel[j].dst == sel[i].dst; j++)
      if (len < (int)sizeof text - 16)
        len += snprintf(text + len, sizeof text - (size_t)len, j > i ? ",%u" : "%u", (unsigned)sel[j].slot);
    edge_shape e;
    draw_layout_edge(&l, sel[i].src, sel[i].dst, &e);
    draw_point at = label_at(&e);
    snprintf(attrs, sizeof attrs,
             "class=\"slot-label\" data-src=\"%u\" data-dst=\"%u\" fill=\"" SVG_EDGE_COLOUR
             "\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\"",
             (unsigned)sel[i].src, (unsigned)sel[i].dst);
    svg_text(w, at.x, at.y, "middle", 10, attrs, text);
    i = j;
  }
  svg_group_end(w);
  double fy = oy + l.height + 16;
  if (n)
    svg_textf(w, x + 20, fy, "start", 12, "class=\"figures\"", "%zu transmissions drawn, in %s %u..%u of %u", n,
              s->fraction > 1 ? "mini-slots" : "slots", (unsigned)first, (unsigned)last, (unsigned)in->slots);
  else
    svg_text(w, x + 20, fy, "start", 12, "class=\"figures\"", "no transmission carries it");
  fy += 16;
  char key[96] = "";
  if (mark >= 0)
    snprintf(key, sizeof key, "yellow: %s %lld", v < 0 ? "the root" : task_combines(s->task) ? "the node that ends with chunk" : "the origin", (long long)mark);
  if (task_has_active_set(s->task)) snprintf(key + strlen(key), sizeof key - strlen(key), "%sblue: the other active nodes", mark >= 0 ? "; " : "");
  if (key[0]) svg_text(w, x + 20, fy, "start", 12, "fill=\"#555555\"", key);
  svg_group_end(w);
  free(sel);
  draw_layout_free(&l);
  *edges = n;
  return 0;
}
