/* svg.h — a tiny SVG writer: the document's header and end, and the few elements romnoc's
 * pictures use (rect, line, path, circle, text), every number printed the same way and every
 * text escaped, so the same picture is always the same bytes (no timestamps, no locale). */
#ifndef ROMNOC_SVG_H
#define ROMNOC_SVG_H

#include <stdio.h>

typedef struct {
  FILE *f;
} svg;

/* The colour of bold edges and of the arrowhead marker "arrow" that ends them. */
#define SVG_EDGE_COLOUR "#b0302a"

/* Starts a document of width x height pixels on f: the XML declaration, <svg> with its
 * namespace, a <desc> holding desc (escaped), the arrowhead marker "arrow" and a white
 * background. */
void svg_begin(svg *w, FILE *f, double width, double height, const char *desc);

/* Ends the document. Returns 0, or -1 if any write failed (ferror on f). */
int svg_end(svg *w);

/* Writes s escaped for XML text or an attribute value (&, <, >, ", '). */
void svg_escape(svg *w, const char *s);

/* <rect> at (x, y) of w x h filled with fill; attrs (may be NULL) are extra attributes,
 * written as given (the caller's own literals, never user text). */
void svg_rect(svg *w, double x, double y, double width, double height, const char *fill, const char *attrs);

/* <line> from (x1, y1) to (x2, y2). */
void svg_line(svg *w, double x1, double y1, double x2, double y2, const char *stroke, double stroke_width,
              const char *attrs);

/* <circle> of radius r at (cx, cy). */
void svg_circle(svg *w, double cx, double cy, double r, const char *fill, const char *stroke, const char *attrs);

/* <text> at (x, y), anchored start, middle or end, of size px, its content text escaped. */
void svg_text(svg *w, double x, double y, const char *anchor, double size, const char *attrs, const char *text);

/* <text> as svg_text with printf-formatted content (escaped after formatting; up to 1 KiB). */
__attribute__((format(printf, 7, 8))) void svg_textf(svg *w, double x, double y, const char *anchor, double size,
                                                     const char *attrs, const char *fmt, ...);

/* Opens a group <g attrs> and closes it. */
void svg_group(svg *w, const char *attrs);
void svg_group_end(svg *w);

/* A colour of hue h (degrees), saturation s and lightness l (0..1) as "#rrggbb" into buf[8]. */
void svg_hsl(double h, double s, double l, char buf[8]);

/* A distinct colour for key k (hues a golden angle apart, three lightnesses), "#rrggbb". */
void svg_key_colour(unsigned k, char buf[8]);

#endif
