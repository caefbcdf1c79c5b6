/* json_format.c — romnoc's JSON layout of a schedule, written and read (see json_format.h).
 * The reader is not a general JSON parser: it knows the layout, so it parses the rows straight
 * into an array and needs no tree. */
#include "format/json_format.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/active.h"
#include "util/cli.h"
#include "util/version.h"
#include "util/grow.h"

/* The largest file the reader takes. */
#define JSON_MAX_BYTES ((size_t)1 << 31)

/* The meta keys, in the order the writer puts them; counts are numbers. */
static const struct {
  const char *key;
  int number;
} meta_keys[] = {
    {.key = "generator"}, {.key = "topo"}, {.key = "task"}, {.key = "model"},
    {.key = "root", .number = 1}, {.key = "slots", .number = 1}, {.key = "rows", .number = 1},
    {.key = "alg"}, {.key = "k", .number = 1}, {.key = "m", .number = 1}, {.key = "active"},
    {.key = "fraction", .number = 1}, {.key = "template"},
};
enum { META_KEYS = sizeof meta_keys / sizeof meta_keys[0] };

/* ---- writing ---- */

/* Writes s as a JSON string (the values written are plain ASCII names; escaped anyway). */
static void put_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20) fprintf(f, "\\u%04x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

static void put_meta(FILE *f, int *first, const char *key, const char *text, long long number, int is_number) {
  fprintf(f, "%s\n    ", *first ? "" : ",");
  *first = 0;
  put_string(f, key);
  fputs(": ", f);
  if (is_number) fprintf(f, "%lld", number);
  else put_string(f, text);
}

int json_write(FILE *f, const sched *s, char *err, size_t errlen) {
  (void)err;
  (void)errlen;
  fputs("{\n  \"format\": \"romnoc-schedule\",\n  \"version\": 1,\n  \"meta\": {", f);
  int first = 1;
  put_meta(f, &first, "generator", "romnoc-cmodel " ROMNOC_VERSION, 0, 0);
  put_meta(f, &first, "topo", s->topo.name, 0, 0);
  put_meta(f, &first, "task", task_name(s->task), 0, 0);
  put_meta(f, &first, "model", model_name(s->model), 0, 0);
  put_meta(f, &first, "root", NULL, (long long)s->root, 1);
  put_meta(f, &first, "slots", NULL, (long long)s->slots, 1);
  put_meta(f, &first, "rows", NULL, (long long)s->nrows, 1);
  if (s->alg[0]) put_meta(f, &first, "alg", s->alg, 0, 0);
  if (task_has_active_set(s->task)) {
    char *list = active_format(&s->active);
    if (!list) return -1;
    put_meta(f, &first, s->task == TASK_KBCAST ? "k" : "m", NULL, (long long)s->active.n, 1);
    put_meta(f, &first, "active", list, 0, 0);
    free(list);
  }
  if (s->fraction > 1) put_meta(f, &first, "fraction", NULL, (long long)s->fraction, 1);
  if (s->is_template) put_meta(f, &first, "template", sched_template_name(s), 0, 0);
  fputs("\n  },\n  \"rows\": [", f);
  /* the rows as stored: a template stays a template (meta "template"), as in the TSV */
  for (size_t i = 0; i < s->nrows; i++) {
    const sched_row *r = &s->rows[i];
    long long origin = r->origin == ORIGIN_MOVE ? -1 : r->origin == ORIGIN_COPY ? -2 : (long long)r->origin;
    fprintf(f, "%s\n    [%u, %u, %u, %lld, %d]", i ? "," : "", (unsigned)r->slot, (unsigned)r->src, (unsigned)r->dst,
            origin, (int)r->dest);
  }
  fputs(s->nrows ? "\n  ]\n}\n" : "]\n}\n", f);
  return fflush(f) != 0 || ferror(f) ? -1 : 0;
}

/* ---- reading ---- */

typedef struct {
  char *buf;
  size_t pos, len;
  char *meta_val[META_KEYS]; /* NULL: not given */
  sched_row *rows;
  size_t nrows, cap, next;
} json_reader;

/* Sets err to "line L col C: <message>" for the position pos. Returns -1. */
__attribute__((format(printf, 5, 6))) static int jerr(const json_reader *r, size_t pos, char *err, size_t errlen,
                                                      const char *fmt, ...) {
  unsigned long line = 1, col = 1;
  for (size_t i = 0; i < pos && i < r->len; i++) {
    if (r->buf[i] == '\n') line++, col = 1;
    else col++;
  }
  va_list ap;
  va_start(ap, fmt);
  reader_verror_at(line, col, err, errlen, fmt, ap);
  va_end(ap);
  return -1;
}

static void skip_ws(json_reader *r) {
  while (r->pos < r->len && strchr(" \t\r\n", r->buf[r->pos]) && r->buf[r->pos]) r->pos++;
}

/* What is at pos, shown for a message: "end of file" or the character. */
static const char *seen(const json_reader *r, char *buf, size_t len) {
  if (r->pos >= r->len) return "end of file";
  char c[2] = {r->buf[r->pos], 0};
  char shown[16];
  snprintf(buf, len, "'%s'", cli_printable(c, 4, shown, sizeof shown));
  return buf;
}

static int expect(json_reader *r, char c, char *err, size_t errlen) {
  skip_ws(r);
  if (r->pos < r->len && r->buf[r->pos] == c) {
    r->pos++;
    return 0;
  }
  char b[24];
  return jerr(r, r->pos, err, errlen, "expected '%c', found %s", c, seen(r, b, sizeof b));
}

/* The length of the well-formed UTF-8 sequence at p (of at most avail bytes) that starts with a
 * byte of 0x80 or more (RFC 3629: no overlong form, no surrogate, at most U+10FFFF), or 0. */
static size_t utf8_sequence(const unsigned char *p, size_t avail) {
  size_t n = p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3 : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
  if (!n || n > avail) return 0;
  for (size_t i = 1; i < n; i++)
    if ((p[i] & 0xc0) != 0x80) return 0;
  if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] > 0x9f)) return 0; /* overlong; a surrogate */
  if ((p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] > 0x8f)) return 0; /* overlong; above U+10FFFF */
  return n;
}

/* A string of printable ASCII or well-formed UTF-8 (escapes \" \\ \/ \n \t and \u00XX decoded)
 * into out. */
static int parse_string(json_reader *r, char *out, size_t outlen, char *err, size_t errlen) {
  skip_ws(r);
  size_t start = r->pos, n = 0;
  if (expect(r, '"', err, errlen)) return -1;
  for (;;) {
    if (r->pos >= r->len) return jerr(r, start, err, errlen, "unterminated string");
    char c = r->buf[r->pos++];
    if (c == '"') break;
    if ((unsigned char)c < 0x20) return jerr(r, r->pos - 1, err, errlen, "a control character in a string");
    if ((unsigned char)c >= 0x80) { /* the first byte of a UTF-8 sequence: kept whole, or refused */
      size_t len = utf8_sequence((const unsigned char *)r->buf + r->pos - 1, r->len - (r->pos - 1));
      if (!len) return jerr(r, r->pos - 1, err, errlen, "invalid UTF-8 in a string");
      if (n + len >= outlen) return jerr(r, start, err, errlen, "a string longer than %zu bytes", outlen - 1);
      memcpy(out + n, r->buf + r->pos - 1, len);
      n += len;
      r->pos += len - 1;
      continue;
    }
    if (c == '\\') {
      char e = r->pos < r->len ? r->buf[r->pos++] : 0;
      if (e == 'n') c = '\n';
      else if (e == 't') c = '\t';
      else if (e == '"' || e == '\\' || e == '/') c = e;
      else if (e == 'u' && r->pos + 4 <= r->len && !strncmp(r->buf + r->pos, "00", 2)) {
        char hex[3] = {r->buf[r->pos + 2], r->buf[r->pos + 3], 0};
        char *end;
        long v = strtol(hex, &end, 16);
        if (*end || v == 0) return jerr(r, r->pos - 2, err, errlen, "bad escape in a string");
        c = (char)v;
        r->pos += 4;
      } else {
        return jerr(r, r->pos - 2, err, errlen, "bad escape in a string (only \\\" \\\\ \\/ \\n \\t \\u00XX)");
      }
    }
    if (n + 1 >= outlen) return jerr(r, start, err, errlen, "a string longer than %zu bytes", outlen - 1);
    out[n++] = c;
  }
  out[n] = '\0';
  return 0;
}

/* An integer in [lo, hi] (no fraction or exponent); its text into text if not NULL. */
static int parse_int(json_reader *r, int64_t lo, int64_t hi, const char *what, int64_t *v, char *err, size_t errlen) {
  skip_ws(r);
  size_t start = r->pos, p = r->pos;
  int neg = p < r->len && r->buf[p] == '-';
  p += neg;
  int64_t x = 0;
  size_t digits = 0;
  while (p < r->len && r->buf[p] >= '0' && r->buf[p] <= '9') {
    if (x > (INT64_MAX - 9) / 10) return jerr(r, start, err, errlen, "%s: a number out of range", what);
    x = x * 10 + (r->buf[p++] - '0');
    digits++;
  }
  if (!digits || (p < r->len && strchr(".eE", r->buf[p]) && r->buf[p])) {
    char b[24];
    r->pos = start;
    return jerr(r, start, err, errlen, "%s: expected an integer, found %s", what, seen(r, b, sizeof b));
  }
  if (digits > 1 && r->buf[start + neg] == '0') /* JSON forbids a leading zero */
    return jerr(r, start, err, errlen, "%s: a number with a leading zero (JSON forbids it)", what);
  if (neg && x == 0) return jerr(r, start, err, errlen, "%s: -0 is not an integer of the layout (write 0)", what);
  if (neg) x = -x;
  if (x < lo || x > hi)
    return jerr(r, start, err, errlen, "%s: %lld is out of range (%lld..%lld)", what, (long long)x, (long long)lo,
                (long long)hi);
  r->pos = p;
  *v = x;
  return 0;
}

/* ',' (1: another item follows) or the closing c (0). */
static int item_sep(json_reader *r, char close, char *err, size_t errlen) {
  skip_ws(r);
  if (r->pos < r->len && r->buf[r->pos] == ',') return r->pos++, 1;
  if (r->pos < r->len && r->buf[r->pos] == close) return r->pos++, 0;
  char b[24];
  jerr(r, r->pos, err, errlen, "expected ',' or '%c', found %s", close, seen(r, b, sizeof b));
  return -1;
}

/* Is the next token c (whitespace skipped)? Consumes it if so. */
static int take(json_reader *r, char c) {
  skip_ws(r);
  if (r->pos < r->len && r->buf[r->pos] == c) return r->pos++, 1;
  return 0;
}

static int parse_meta(json_reader *r, char *err, size_t errlen) {
  if (expect(r, '{', err, errlen)) return -1;
  if (take(r, '}')) return 0;
  for (;;) {
    char key[64], val[4096];
    skip_ws(r);
    size_t at = r->pos;
    if (parse_string(r, key, sizeof key, err, errlen)) return -1;
    int k = -1;
    for (int i = 0; i < META_KEYS; i++)
      if (!strcmp(meta_keys[i].key, key)) k = i;
    char shown[80];
    if (k < 0)
      return jerr(r, at, err, errlen, "unknown key \"%s\" in meta (expected generator, topo, task, model, root, "
                  "slots, rows, alg, k, m, active, fraction or template)", cli_printable(key, 40, shown, sizeof shown));
    if (r->meta_val[k]) return jerr(r, at, err, errlen, "meta key \"%s\" given twice", key);
    if (expect(r, ':', err, errlen)) return -1;
    skip_ws(r);
    if (meta_keys[k].number) {
      int64_t v;
      if (parse_int(r, -1, UINT32_MAX, key, &v, err, errlen)) return -1;
      snprintf(val, sizeof val, "%lld", (long long)v);
    } else if (r->pos < r->len && r->buf[r->pos] == '"') {
      if (parse_string(r, val, sizeof val, err, errlen)) return -1;
    } else {
      char b[24];
      return jerr(r, r->pos, err, errlen, "meta \"%s\": expected a string, found %s", key, seen(r, b, sizeof b));
    }
    if (!(r->meta_val[k] = strdup(val))) return jerr(r, at, err, errlen, "out of memory");
    int more = item_sep(r, '}', err, errlen);
    if (more <= 0) return more;
  }
}

static int parse_rows(json_reader *r, char *err, size_t errlen) {
  static const char *const names[5] = {"slot", "src", "dst", "origin", "dest"};
  static const int64_t lo[5] = {1, 0, 0, -2, KBCAST_END};
  static const int64_t hi[5] = {UINT32_MAX, UINT32_MAX, UINT32_MAX, ORIGIN_COPY - 1, INT32_MAX};
  if (expect(r, '[', err, errlen)) return -1;
  if (take(r, ']')) return 0;
  for (;;) {
    int64_t v[5];
    if (expect(r, '[', err, errlen)) return -1;
    for (int i = 0; i < 5; i++) {
      if (i && expect(r, ',', err, errlen)) return -1;
      if (parse_int(r, lo[i], hi[i], names[i], &v[i], err, errlen)) return -1;
    }
    if (expect(r, ']', err, errlen)) return -1;
    sched_row *g = grow_array(r->rows, &r->cap, r->nrows, sizeof *g, 1024);
    if (!g) return jerr(r, r->pos, err, errlen, "out of memory");
    r->rows = g;
    uint32_t origin = v[3] == -1 ? ORIGIN_MOVE : v[3] == -2 ? ORIGIN_COPY : (uint32_t)v[3];
    r->rows[r->nrows++] = (sched_row){(uint32_t)v[0], (uint32_t)v[1], (uint32_t)v[2], origin, (int32_t)v[4]};
    int more = item_sep(r, ']', err, errlen);
    if (more <= 0) return more;
  }
}

static int parse_top(json_reader *r, char *err, size_t errlen) {
  int have[4] = {0, 0, 0, 0}; /* format, version, meta, rows */
  static const char *const keys[4] = {"format", "version", "meta", "rows"};
  if (expect(r, '{', err, errlen)) return -1;
  if (!take(r, '}'))
    for (;;) {
      char key[64];
      skip_ws(r);
      size_t at = r->pos;
      if (parse_string(r, key, sizeof key, err, errlen)) return -1;
      int k = -1;
      for (int i = 0; i < 4; i++)
        if (!strcmp(keys[i], key)) k = i;
      char shown[80];
      if (k < 0)
        return jerr(r, at, err, errlen, "unknown key \"%s\" (expected format, version, meta or rows)",
                    cli_printable(key, 40, shown, sizeof shown));
      if (have[k]) return jerr(r, at, err, errlen, "key \"%s\" given twice", key);
      have[k] = 1;
      if (expect(r, ':', err, errlen)) return -1;
      skip_ws(r);
      size_t vat = r->pos;
      if (k == 0) {
        char val[64];
        if (parse_string(r, val, sizeof val, err, errlen)) return -1;
        if (strcmp(val, "romnoc-schedule"))
          return jerr(r, vat, err, errlen, "format \"%s\" (expected \"romnoc-schedule\")",
                      cli_printable(val, 40, shown, sizeof shown));
      } else if (k == 1) {
        int64_t v;
        if (parse_int(r, 0, INT32_MAX, "version", &v, err, errlen)) return -1;
        if (v != 1) return jerr(r, vat, err, errlen, "version %lld (this reader takes version 1)", (long long)v);
      } else if (k == 2 ? parse_meta(r, err, errlen) : parse_rows(r, err, errlen)) {
        return -1;
      }
      int more = item_sep(r, '}', err, errlen);
      if (more < 0) return -1;
      if (!more) break;
    }
  skip_ws(r);
  if (r->pos < r->len) return jerr(r, r->pos, err, errlen, "text after the closing '}'");
  for (int k = 0; k < 4; k++)
    if (!have[k]) return jerr(r, r->pos, err, errlen, "missing key \"%s\"", keys[k]);
  return 0;
}

void *json_open(FILE *f, const reader_hints *h, char *err, size_t errlen) {
  (void)h;
  json_reader *r = calloc(1, sizeof *r);
  if (!r) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  if (!(r->buf = read_all(f, JSON_MAX_BYTES, &r->len, err, errlen)) || parse_top(r, err, errlen)) {
    json_close(r);
    return NULL;
  }
  free(r->buf); /* everything is parsed */
  r->buf = NULL;
  return r;
}

const char *json_meta(const void *rv, const char *key) {
  const json_reader *r = rv;
  for (int i = 0; i < META_KEYS; i++)
    if (!strcmp(meta_keys[i].key, key)) return r->meta_val[i];
  return NULL;
}

int json_next(void *rv, sched_row *row, char *err, size_t errlen) {
  (void)err;
  (void)errlen;
  json_reader *r = rv;
  if (r->next == r->nrows) return 0;
  *row = r->rows[r->next++];
  return 1;
}

void json_close(void *rv) {
  json_reader *r = rv;
  if (!r) return;
  for (int i = 0; i < META_KEYS; i++) free(r->meta_val[i]);
  free(r->rows);
  free(r->buf);
  free(r);
}
