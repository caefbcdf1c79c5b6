/* svg.c — the tiny SVG writer (svg.h). Coordinates are printed with one decimal ("%.1f"):
 * enough for a picture, and the same bytes for the same numbers. */
#include "draw/svg.h"

#include <math.h>
#include <stdarg.h>

void svg_escape(svg *w, const char *s) {
  for (; *s; s++) switch (*s) {
      case '&': fputs("&amp;", w->f); break;
      case '<': fputs("&lt;", w->f); break;
      case '>': fputs("&gt;", w->f); break;
      case '"': fputs("&quot;", w->f); break;
      case '\'': fputs("&apos;", w->f); break;
      default:
        /* control characters are not allowed in XML 1.0: shown as '?' */
        fputc((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n' ? '?' : *s, w->f);
    }
}

void svg_begin(svg *w, FILE *f, double width, double height, const char *desc) {
  w->f = f;
  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  fprintf(f,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
          "font-family=\"sans-serif\" font-size=\"12\">\n",
          ceil(width), ceil(height), ceil(width), ceil(height));
  fputs("<desc>", f);
  svg_escape(w, desc);
  fputs("</desc>\n", f);
  /* the arrowhead of a bold edge (SVG 1.1 has no context-stroke: one colour, SVG_EDGE_COLOUR) */
  fputs("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" "
        "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"" SVG_EDGE_COLOUR "\"/></marker></defs>\n",
        f);
  fputs("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n", f);
}

int svg_end(svg *w) {
  fputs("</svg>\n", w->f);
  return ferror(w->f) ? -1 : 0;
}

static void attrs_out(svg *w, const char *attrs) {
  if (attrs && *attrs) fprintf(w->f, " %s", attrs);
}

void svg_rect(svg *w, double x, double y, double width, double height, const char *fill, const char *attrs) {
  fprintf(w->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"", x, y, width, height, fill);
  attrs_out(w, attrs);
  fputs("/>\n", w->f);
}

void svg_line(svg *w, double x1, double y1, double x2, double y2, const char *stroke, double stroke_width,
              const char *attrs) {
  fprintf(w->f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"", x1, y1, x2,
          y2, stroke, stroke_width);
  attrs_out(w, attrs);
  fputs("/>\n", w->f);
}

void svg_circle(svg *w, double cx, double cy, double r, const char *fill, const char *stroke, const char *attrs) {
  fprintf(w->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\"", cx, cy, r, fill, stroke);
  attrs_out(w, attrs);
  fputs("/>\n", w->f);
}

void svg_text(svg *w, double x, double y, const char *anchor, double size, const char *attrs, const char *text) {
  fprintf(w->f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%.0f\"", x, y, anchor, size);
  attrs_out(w, attrs);
  fputc('>', w->f);
  svg_escape(w, text);
  fputs("</text>\n", w->f);
}

void svg_textf(svg *w, double x, double y, const char *anchor, double size, const char *attrs, const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  svg_text(w, x, y, anchor, size, attrs, buf);
}

void svg_group(svg *w, const char *attrs) {
  fputs("<g", w->f);
  attrs_out(w, attrs);
  fputs(">\n", w->f);
}

void svg_group_end(svg *w) { fputs("</g>\n", w->f); }

void svg_hsl(double h, double s, double l, char buf[8]) {
  double c = (1 - fabs(2 * l - 1)) * s, hp = fmod(h, 360) / 60, x = c * (1 - fabs(fmod(hp, 2) - 1)), m = l - c / 2;
  double r = 0, g = 0, b = 0;
  switch ((int)hp) {
    case 0: r = c, g = x; break;
    case 1: r = x, g = c; break;
    case 2: g = c, b = x; break;
    case 3: g = x, b = c; break;
    case 4: r = x, b = c; break;
    default: r = c, b = x; break;
  }
  snprintf(buf, 8, "#%02x%02x%02x", (unsigned)lround((r + m) * 255), (unsigned)lround((g + m) * 255),
           (unsigned)lround((b + m) * 255));
}

void svg_key_colour(unsigned k, char buf[8]) {
  /* the golden angle keeps consecutive keys far apart on the colour wheel */
  static const double lightness[3] = {0.55, 0.40, 0.68}; /* neighbouring hues told apart by lightness too */
  svg_hsl(fmod(k * 137.508, 360), 0.68, lightness[k % 3], buf);
}
