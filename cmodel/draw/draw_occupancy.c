/* draw_occupancy.c — the link x slot occupancy map (draw_occupancy.h). */
#include "draw/draw_occupancy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Geometry, in pixels. */
#define TITLE_H 44.0 /* two lines of title */
#define HEAD_H 18.0  /* slot numbers above the columns */
#define GROUP_H 16.0 /* a port's heading */
#define ROW_H 12.0
#define LABEL_CH 6.5 /* width of a label character */
#define FOOT_LINE 16.0
#define LEGEND_MAX 24 /* keys listed one by one; more are described in a line */

uint64_t draw_directed_links(const topo *t) {
  uint64_t n = 0;
  for (uint32_t u = 0; u < t->nodes; u++) n += (uint64_t)topo_degree(t, u);
  return n;
}

int draw_occupancy_check(const topo *t, uint32_t slots, char *err, size_t errlen) {
  uint64_t links = draw_directed_links(t);
  if (links > DRAW_MAX_LINKS) {
    snprintf(err, errlen, "the occupancy map of %s would have %llu directed links (rows), more than the %u drawn",
             t->name, (unsigned long long)links, DRAW_MAX_LINKS);
    return -1;
  }
  if (slots > DRAW_MAX_SLOTS || links * slots > DRAW_MAX_CELLS) {
    snprintf(err, errlen,
             "the occupancy map of %s would have %llu links x %u slots = %llu cells, more than the %u slots and %u "
             "cells drawn",
             t->name, (unsigned long long)links, (unsigned)slots, (unsigned long long)(links * slots), DRAW_MAX_SLOTS,
             DRAW_MAX_CELLS);
    return -1;
  }
  return 0;
}

/* Ports of t that lead somewhere from some node (a mesh's border ports lead nowhere from
 * some nodes; the -1 port of a torus dimension of size 2 from none). */
static int port_used(const topo *t, int p) {
  for (uint32_t u = 0; u < t->nodes; u++)
    if (topo_neighbor(t, u, p) >= 0) return 1;
  return 0;
}

/* The columns' width: the map about 720 pixels wide, each column 8..28. */
static double cell_width(uint32_t slots) {
  double cw = slots ? 720.0 / slots : 28;
  return cw < 8 ? 8 : cw > 28 ? 28 : cw;
}

static double label_width(const topo *t) {
  char buf[32];
  int n = snprintf(buf, sizeof buf, "%u→%u", (unsigned)(t->nodes - 1), (unsigned)(t->nodes - 1));
  return 12 + LABEL_CH * (n - 2); /* the arrow is one character of three bytes */
}

/* The distinct keys of the rows, ascending, into a malloc'd array; -1 if memory runs out. */
static int keys_of(const draw_input *in, uint32_t **keys, size_t *n) {
  uint32_t *k = malloc((in->nrows ? in->nrows : 1) * sizeof *k);
  if (!k) return -1;
  for (size_t i = 0; i < in->nrows; i++) k[i] = draw_row_key(in->s, &in->rows[i]);
  size_t m = 0;
  for (size_t i = 0; i < in->nrows; i++) { /* insertion into the sorted prefix, duplicates dropped */
    uint32_t v = k[i];
    size_t lo = 0, hi = m;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (k[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo < m && k[lo] == v) continue;
    if (m > LEGEND_MAX) { /* enough to know the legend is a line: stop sorting */
      m++;
      break;
    }
    memmove(k + lo + 1, k + lo, (m - lo) * sizeof *k);
    k[lo] = v;
    m++;
  }
  *keys = k;
  *n = m;
  return 0;
}

static int footer_lines(const draw_input *in) { return in->s->fraction > 1 ? 4 : 3; }

void draw_occupancy_size(const draw_input *in, double *width, double *height) {
  const topo *t = &in->s->topo;
  int groups = 0;
  for (int p = 0; p < t->ports; p++) groups += port_used(t, p);
  double map_w = label_width(t) + cell_width(in->slots) * in->slots;
  *width = 20 + (map_w > 640 ? map_w : 640) + 20;
  *height = TITLE_H + HEAD_H + groups * GROUP_H + (double)draw_directed_links(t) * ROW_H + 10 +
            FOOT_LINE * (footer_lines(in) + 2) + 10;
}

/* Where the map's parts lie: the grid's left edge and column width, each directed link's row,
 * each port group's top and first row. */
typedef struct {
  double x, y;     /* the map's corner */
  double gx, cw;   /* the grid's left edge, a column's width */
  int32_t *row_of; /* the row of directed link (u, port) at u * ports + port, -1 where it leads nowhere */
  double group_y[2 * TOPO_MAX_DIMS];     /* the top of a port's rows, -1 for an unused port */
  int32_t group_base[2 * TOPO_MAX_DIMS]; /* the row of the group's first link */
} occ_layout;

/* The row of each directed link (u, port), in port-major order, into a malloc'd array. */
static int32_t *link_rows(const topo *t) {
  int32_t *row_of = malloc((size_t)t->nodes * (size_t)t->ports * sizeof *row_of);
  if (!row_of) return NULL;
  int32_t r = 0;
  for (int p = 0; p < t->ports; p++)
    for (uint32_t u = 0; u < t->nodes; u++)
      row_of[(size_t)u * t->ports + p] = topo_neighbor(t, u, p) >= 0 ? r++ : -1;
  return row_of;
}

/* The title, and the slot numbers: every column, or every 5th when the columns are narrow. */
static void draw_heading(svg *w, const occ_layout *l, const draw_input *in) {
  const sched *s = in->s;
  char title[256];
  draw_title(s, title, sizeof title);
  svg_textf(w, l->x + 20, l->y + 18, "start", 15, NULL, "link × slot occupancy: %s", title);
  svg_textf(w, l->x + 20, l->y + 36, "start", 12, "fill=\"#555555\"",
            "a row per directed link (grouped by port), a column per %s; a filled cell: the link carries a word "
            "in that slot", s->fraction > 1 ? "mini-slot" : "slot");
  double top = l->y + TITLE_H + HEAD_H;
  int every = l->cw >= 14 ? 1 : 5;
  for (uint32_t c = 1; c <= in->slots; c++)
    if (c % (uint32_t)every == 0 || c == 1)
      svg_textf(w, l->gx + (c - 0.5) * l->cw, top - 5, "middle", 10, NULL, "%u", (unsigned)c);
}

/* Each port's group: its heading, the empty grid, the labels; group_y and group_base set.
 * Returns the bottom of the last group. */
static double draw_groups(svg *w, occ_layout *l, const draw_input *in) {
  const topo *t = &in->s->topo;
  double gy = l->y + TITLE_H + HEAD_H;
  for (int p = 0; p < t->ports; p++) {
    l->group_y[p] = -1;
    l->group_base[p] = -1;
    for (uint32_t u = 0; u < t->nodes && l->group_base[p] < 0; u++) l->group_base[p] = l->row_of[(size_t)u * t->ports + p];
    if (l->group_base[p] < 0) continue;
    char pname[16];
    topo_port_name(t, p, pname, sizeof pname);
    uint32_t n = 0;
    for (uint32_t u = 0; u < t->nodes; u++) n += topo_neighbor(t, u, p) >= 0;
    svg_textf(w, l->x + 20, gy + 12, "start", 11, "font-weight=\"bold\"", "port %s (%u links)", pname, (unsigned)n);
    gy += GROUP_H;
    l->group_y[p] = gy;
    svg_rect(w, l->gx, gy, l->cw * in->slots, n * ROW_H, "#f3f3f3", "stroke=\"#d0d0d0\" stroke-width=\"0.5\"");
    uint32_t i = 0;
    for (uint32_t u = 0; u < t->nodes; u++) {
      int64_t v = topo_neighbor(t, u, p);
      if (v < 0) continue;
      svg_textf(w, l->gx - 4, gy + i * ROW_H + ROW_H - 2.5, "end", 10, NULL, "%u→%u", (unsigned)u, (unsigned)v);
      i++;
    }
    gy += n * ROW_H;
  }
  return gy;
}

/* The busy cells: the first word on a (link, slot) decides the colour (a verified schedule
 * has at most one per directed link and slot under every port model). 0 with *nbusy set, or
 * -1 if memory runs out. */
static int draw_busy(svg *w, const occ_layout *l, const draw_input *in, uint64_t nlinks, uint64_t *nbusy) {
  const sched *s = in->s;
  const topo *t = &s->topo;
  uint8_t *seen = calloc((size_t)nlinks * in->slots + 1, 1);
  if (!seen) return -1;
  char buf[256], colour[8];
  *nbusy = 0;
  for (size_t i = 0; i < in->nrows; i++) {
    const sched_row *q = &in->rows[i];
    int p = topo_port_to(t, q->src, q->dst);
    if (p < 0 || q->slot < 1 || q->slot > in->slots) continue; /* not drawn: the verifier refuses such rows */
    int32_t lr = l->row_of[(size_t)q->src * t->ports + p];
    size_t cell = (size_t)lr * in->slots + (q->slot - 1);
    if (seen[cell]) continue;
    seen[cell] = 1;
    (*nbusy)++;
    uint32_t k = draw_row_key(s, q);
    draw_key_colour(k, colour);
    double cy = l->group_y[p] + (lr - l->group_base[p]) * ROW_H;
    if (k == DRAW_KEY_COUNTER) snprintf(buf, sizeof buf, "class=\"busy\" data-slot=\"%u\" data-link=\"%u-%u\" data-key=\"counter\"",
                                        (unsigned)q->slot, (unsigned)q->src, (unsigned)q->dst);
    else if (k == DRAW_KEY_END) snprintf(buf, sizeof buf, "class=\"busy\" data-slot=\"%u\" data-link=\"%u-%u\" data-key=\"end\"",
                                         (unsigned)q->slot, (unsigned)q->src, (unsigned)q->dst);
    else snprintf(buf, sizeof buf, "class=\"busy\" data-slot=\"%u\" data-link=\"%u-%u\" data-key=\"%u\"", (unsigned)q->slot,
                  (unsigned)q->src, (unsigned)q->dst, (unsigned)k);
    svg_rect(w, l->gx + (q->slot - 1) * l->cw + 0.5, cy + 0.5, l->cw - 1, ROW_H - 1, colour, buf);
  }
  free(seen);
  return 0;
}

/* The colour key at fy: each key with its swatch, or a line when there are more than LEGEND_MAX. */
static void draw_legend(svg *w, double x, double fy, const sched *s, const uint32_t *keys, size_t nkeys) {
  if (nkeys > LEGEND_MAX) {
    svg_textf(w, x + 20, fy, "start", 12, NULL, "(more than %d: hues a golden angle apart, by %s id)", LEGEND_MAX,
              draw_key_name(s));
    return;
  }
  char buf[256], colour[8];
  double lx = x + 20;
  for (size_t i = 0; i < nkeys; i++) {
    draw_key_colour(keys[i], colour);
    svg_rect(w, lx, fy - 10, 12, 12, colour, "class=\"legend\"");
    if (keys[i] == DRAW_KEY_COUNTER) snprintf(buf, sizeof buf, "counter");
    else if (keys[i] == DRAW_KEY_END) snprintf(buf, sizeof buf, "end");
    else snprintf(buf, sizeof buf, "%u", (unsigned)keys[i]);
    svg_text(w, lx + 15, fy, "start", 11, NULL, buf);
    lx += 22 + LABEL_CH * (double)strlen(buf);
  }
}

/* The footer below the grid (its bottom gy): the figures, what a cell means, the colour key. */
static void draw_footer(svg *w, double x, double gy, const draw_input *in, uint64_t nlinks, uint64_t nbusy,
                        const uint32_t *keys, size_t nkeys) {
  const sched *s = in->s;
  uint64_t ncells = nlinks * in->slots;
  double fy = gy + 10 + FOOT_LINE;
  svg_textf(w, x + 20, fy, "start", 12, "class=\"figures\"",
            "%u %s; lower bound %u (cmodel verify); %llu directed links; %llu of %llu cells busy: utilization %.1f%%",
            (unsigned)in->slots, s->fraction > 1 ? "mini-slots" : "slots", (unsigned)in->lb, (unsigned long long)nlinks,
            (unsigned long long)nbusy, (unsigned long long)ncells, ncells ? 100.0 * (double)nbusy / (double)ncells : 0.0);
  fy += FOOT_LINE;
  if (s->fraction > 1) {
    svg_textf(w, x + 20, fy, "start", 12, NULL,
              "split packets (004 §3.1): a mini-slot is 1/%u of a packet's time, a cell carries one piece; %u mini-slots "
              "= %.2f packet times",
              (unsigned)s->fraction, (unsigned)in->slots, (double)in->slots / s->fraction);
    fy += FOOT_LINE;
  }
  if (s->model == MODEL_ONEWAY)
    svg_text(w, x + 20, fy, "start", 12, NULL, "model oneway: a wire carries one way per slot, so at most half the cells can be busy");
  else
    svg_text(w, x + 20, fy, "start", 12, NULL, "an empty cell: the link is idle in that slot");
  fy += FOOT_LINE;
  svg_textf(w, x + 20, fy, "start", 12, NULL, "colour: the %s of the word%s", draw_key_name(s),
            s->task == TASK_KBCAST ? " (grey: prefix counters, black: termination packets)" : "");
  fy += FOOT_LINE;
  draw_legend(w, x, fy, s, keys, nkeys);
}

int draw_occupancy(svg *w, double x, double y, const draw_input *in, uint64_t *busy, uint64_t *cells) {
  const topo *t = &in->s->topo;
  uint64_t nlinks = draw_directed_links(t), nbusy;
  occ_layout l = {.x = x, .y = y, .gx = x + 20 + label_width(t), .cw = cell_width(in->slots), .row_of = link_rows(t)};
  uint32_t *keys = NULL;
  size_t nkeys = 0;
  if (!l.row_of || keys_of(in, &keys, &nkeys)) {
    free(l.row_of);
    return -1;
  }
  svg_group(w, "class=\"occupancy\"");
  draw_heading(w, &l, in);
  double gy = draw_groups(w, &l, in);
  int rc = draw_busy(w, &l, in, nlinks, &nbusy);
  free(l.row_of);
  if (rc) {
    free(keys);
    return -1;
  }
  draw_footer(w, x, gy, in, nlinks, nbusy, keys, nkeys);
  svg_group_end(w);
  free(keys);
  *busy = nbusy;
  *cells = nlinks * in->slots;
  return 0;
}
