/* xml_scan.c — a tag-at-a-time XML scanner (see xml_scan.h). */
#include "format/xml_scan.h"

#include <stdio.h>
#include <string.h>

#include "format/schedule_reader.h"

void xml_scan_init(xml_scan *s, const char *buf, size_t len) {
  s->buf = buf;
  s->len = len;
  s->pos = 0;
  s->line = s->col = 1;
}

static int at_end(const xml_scan *s) { return s->pos >= s->len; }
static char peek(const xml_scan *s) { return at_end(s) ? '\0' : s->buf[s->pos]; }
static void advance(xml_scan *s) {
  if (at_end(s)) return;
  if (s->buf[s->pos++] == '\n') s->line++, s->col = 1;
  else s->col++;
}
static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static int is_name(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '.' || c == ':';
}
static void skip_space(xml_scan *s) {
  while (is_space(peek(s))) advance(s);
}
static int starts(const xml_scan *s, const char *lit) {
  size_t n = strlen(lit);
  return s->len - s->pos >= n && !memcmp(s->buf + s->pos, lit, n);
}

/* A character shown in a message. */
static const char *shown(const xml_scan *s, char *buf) {
  char c = peek(s);
  if (at_end(s)) return "end of file";
  if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f) snprintf(buf, 8, "\\x%02x", (unsigned char)c);
  else snprintf(buf, 8, "'%c'", c);
  return buf;
}

/* Skips to just past lit; -1 if it never comes. */
static int skip_past(xml_scan *s, const char *lit) {
  while (!at_end(s) && !starts(s, lit)) advance(s);
  if (at_end(s)) return -1;
  for (size_t i = strlen(lit); i; i--) advance(s);
  return 0;
}

static int read_name(xml_scan *s, char *out, const char *what, char *err, size_t errlen) {
  unsigned long line = s->line, col = s->col;
  size_t n = 0;
  char b[8];
  if (!is_name(peek(s)) || peek(s) == '-' || peek(s) == '.')
    return reader_error_at(line, col, err, errlen, "expected %s, found %s", what, shown(s, b));
  while (is_name(peek(s))) {
    if (n + 1 >= XML_MAX_NAME) return reader_error_at(line, col, err, errlen, "%s longer than %d characters", what, XML_MAX_NAME - 1);
    out[n++] = peek(s);
    advance(s);
  }
  out[n] = '\0';
  return 0;
}

static int read_value(xml_scan *s, char *out, const char *attr, char *err, size_t errlen) {
  unsigned long line = s->line, col = s->col;
  char q = peek(s), b[8];
  if (q != '"' && q != '\'')
    return reader_error_at(line, col, err, errlen, "attribute %s: expected a quoted value, found %s", attr, shown(s, b));
  advance(s);
  size_t n = 0;
  for (;;) {
    if (at_end(s)) return reader_error_at(line, col, err, errlen, "attribute %s: unterminated value", attr);
    char c = peek(s);
    if (c == q) break;
    if (c == '<') return reader_error_at(s->line, s->col, err, errlen, "attribute %s: '<' in a value", attr);
    if (c == '&') {
      static const char *const ent[5][2] = {{"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}, {"&quot;", "\""}, {"&apos;", "'"}};
      int k = -1;
      for (int i = 0; i < 5; i++)
        if (starts(s, ent[i][0])) k = i;
      if (k < 0) return reader_error_at(s->line, s->col, err, errlen, "attribute %s: an entity other than &lt; &gt; &amp; &quot; &apos;", attr);
      for (size_t i = strlen(ent[k][0]); i; i--) advance(s);
      c = ent[k][1][0];
    } else {
      advance(s);
    }
    if (n + 1 >= XML_MAX_VALUE)
      return reader_error_at(line, col, err, errlen, "attribute %s: a value longer than %d characters", attr, XML_MAX_VALUE - 1);
    out[n++] = c;
  }
  advance(s);
  out[n] = '\0';
  return 0;
}

int xml_next(xml_scan *s, xml_tag *t, char *err, size_t errlen) {
  char b[8];
  for (;;) {
    skip_space(s);
    if (at_end(s)) return 0;
    unsigned long line = s->line, col = s->col;
    if (peek(s) != '<') return reader_error_at(line, col, err, errlen, "text outside a tag (found %s)", shown(s, b));
    if (starts(s, "<!--")) {
      if (skip_past(s, "-->")) return reader_error_at(line, col, err, errlen, "unterminated comment");
      continue;
    }
    if (starts(s, "<?")) {
      if (skip_past(s, "?>")) return reader_error_at(line, col, err, errlen, "unterminated <?...?>");
      continue;
    }
    if (starts(s, "<!")) return reader_error_at(line, col, err, errlen, "DOCTYPE and CDATA are not taken");
    advance(s);
    t->line = line;
    t->col = col;
    t->nattr = 0;
    t->kind = XML_OPEN;
    if (peek(s) == '/') {
      advance(s);
      t->kind = XML_CLOSE;
    }
    if (read_name(s, t->name, "a tag name", err, errlen)) return -1;
    for (;;) {
      int had_space = is_space(peek(s));
      skip_space(s);
      if (at_end(s)) return reader_error_at(line, col, err, errlen, "unclosed tag <%s%s", t->kind == XML_CLOSE ? "/" : "", t->name);
      if (peek(s) == '>') {
        advance(s);
        return 1;
      }
      if (peek(s) == '/' && t->kind == XML_OPEN) {
        advance(s);
        if (peek(s) != '>') return reader_error_at(s->line, s->col, err, errlen, "expected '>' after '/', found %s", shown(s, b));
        advance(s);
        t->kind = XML_EMPTY;
        return 1;
      }
      if (t->kind == XML_CLOSE) return reader_error_at(s->line, s->col, err, errlen, "expected '>' in </%s, found %s", t->name, shown(s, b));
      if (!had_space) return reader_error_at(s->line, s->col, err, errlen, "expected a space, '>' or '/>' in <%s, found %s", t->name, shown(s, b));
      if (t->nattr == XML_MAX_ATTRS) return reader_error_at(s->line, s->col, err, errlen, "more than %d attributes in <%s", XML_MAX_ATTRS, t->name);
      unsigned long aline = s->line, acol = s->col;
      char *name = t->attr[t->nattr];
      if (read_name(s, name, "an attribute name", err, errlen)) return -1;
      for (int i = 0; i < t->nattr; i++)
        if (!strcmp(t->attr[i], name)) return reader_error_at(aline, acol, err, errlen, "attribute %s given twice in <%s", name, t->name);
      skip_space(s);
      if (peek(s) != '=') return reader_error_at(s->line, s->col, err, errlen, "attribute %s: expected '=', found %s", name, shown(s, b));
      advance(s);
      skip_space(s);
      if (read_value(s, t->value[t->nattr], name, err, errlen)) return -1;
      t->nattr++;
    }
  }
}

const char *xml_attr(const xml_tag *t, const char *name) {
  for (int i = 0; i < t->nattr; i++)
    if (!strcmp(t->attr[i], name)) return t->value[i];
  return NULL;
}
