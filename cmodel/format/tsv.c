/* tsv.c — exchange format I/O (see tsv.h). Rows are formatted and parsed by hand: the
 * largest schedules have hundreds of millions of rows, and printf/scanf would dominate. */
#include "format/tsv.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/cli.h"
#include "util/grow.h"
#include "model/job.h"
#include "util/version.h"

/* ---- writing ---- */

typedef struct {
  FILE *f;
  size_t len;
  int failed;
  uint64_t rows;       /* written so far */
  progress *progress;  /* or NULL */
  char buf[1 << 16];
} out_buf;

static void out_flush(out_buf *o) {
  if (o->len && fwrite(o->buf, 1, o->len, o->f) != o->len) o->failed = 1;
  o->len = 0;
}

static char *put_u32(char *p, uint32_t v) {
  char tmp[10];
  int n = 0;
  do {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) *p++ = tmp[--n];
  return p;
}

static int write_row(void *ctx, const sched_row *r) {
  out_buf *o = ctx;
  if (o->len > sizeof o->buf - 64) {
    out_flush(o);
    if (o->progress) progress_update(o->progress, o->rows);
  }
  o->rows++;
  char *p = o->buf + o->len;
  p = put_u32(p, r->slot);
  *p++ = '\t';
  p = put_u32(p, r->src);
  *p++ = '\t';
  p = put_u32(p, r->dst);
  *p++ = '\t';
  if (r->origin >= ORIGIN_COPY) { /* a combining task's partial: -1 moved, -2 copied */
    *p++ = '-';
    *p++ = r->origin == ORIGIN_MOVE ? '1' : '2';
  } else {
    p = put_u32(p, r->origin);
  }
  *p++ = '\t';
  if (r->dest < 0) { /* -1 broadcast; kbcast's -2 counter, -3 termination */
    *p++ = '-';
    *p++ = (char)('0' - r->dest);
  } else {
    p = put_u32(p, (uint32_t)r->dest);
  }
  *p++ = '\n';
  o->len = (size_t)(p - o->buf);
  return o->failed;
}

int tsv_write(FILE *f, const sched *s, bool template_only) { return tsv_write_progress(f, s, template_only, NULL); }

int tsv_write_progress(FILE *f, const sched *s, bool template_only, progress *progress) {
  uint64_t rows = template_only ? s->nrows : sched_transmissions(s);
  fprintf(f, "# generator=romnoc-cmodel %s\n# topo=%s\n# task=%s\n# model=%s\n# root=%lld\n# slots=%u\n# rows=%llu\n",
          ROMNOC_VERSION, s->topo.name, task_name(s->task), model_name(s->model), (long long)s->root,
          (unsigned)s->slots, (unsigned long long)rows);
  if (s->alg[0]) fprintf(f, "# alg=%s\n", s->alg);
  if (task_has_active_set(s->task)) { /* its size, as kbcast's K or 004's M, and the set */
    char *list = active_format(&s->active);
    if (!list) return -1;
    fprintf(f, "# %s=%u\n# active=%s\n", s->task == TASK_KBCAST ? "k" : "m", (unsigned)s->active.n, list);
    free(list);
  }
  if (s->fraction > 1) fprintf(f, "# fraction=%u\n", (unsigned)s->fraction);
  if (template_only) fprintf(f, "# template=%s\n", sched_template_name(s));
  fputs(TSV_HEADER "\n", f);
  out_buf *o = malloc(sizeof *o);
  if (!o) return -1;
  o->f = f;
  o->len = 0;
  o->failed = 0;
  o->rows = 0;
  o->progress = progress;
  int rc = 0;
  if (template_only) {
    for (size_t i = 0; i < s->nrows && !rc; i++) rc = write_row(o, &s->rows[i]);
  } else {
    rc = sched_foreach(s, write_row, o);
  }
  out_flush(o);
  rc = rc || o->failed || fflush(f) != 0 || ferror(f);
  free(o);
  return rc ? -1 : 0;
}

/* ---- reading ---- */

typedef struct {
  char *key, *val;
} meta_pair;

struct tsv_reader {
  FILE *f;
  uint64_t line;
  char *buf;         /* unread bytes are buf[start..end) */
  size_t cap, start, end;
  int eof;
  size_t nmeta, cap_meta;
  meta_pair *meta; /* the "# key = value" lines, in file order */
};

static int line_too_long(uint64_t line, char *err, size_t errlen) {
  snprintf(err, errlen, "line %llu: longer than %d MiB", (unsigned long long)line, TSV_MAX_LINE >> 20);
  return -1;
}

/* -1 with the message if the line holds a NUL byte (checked where a line is taken as it is:
 * metadata, header, and a data line that fails to parse — one that parses is digits and tabs
 * only), else 0. */
static int nul_error(const tsv_reader *r, const char *line, size_t len, char *err, size_t errlen) {
  if (!memchr(line, '\0', len)) return 0;
  snprintf(err, errlen, "line %llu: a NUL byte (the exchange format is text)", (unsigned long long)r->line);
  return -1;
}

/* Reads the next line whole, without its newline (and a CR before it), NUL-terminated in place:
 * 1 with *line and *len set, 0 at the end, or -1 with a message in err (a line longer than
 * TSV_MAX_LINE, a read error, out of memory). A NUL byte inside is the caller's to refuse
 * (nul_error). */
static int next_line(tsv_reader *r, char **line, size_t *len, char *err, size_t errlen) {
  for (;;) {
    char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);
    if (nl || (r->eof && r->end > r->start)) {
      char *p = r->buf + r->start;
      size_t n = nl ? (size_t)(nl - p) : r->end - r->start;
      r->start += n + (nl ? 1 : 0);
      r->line++;
      if (n > TSV_MAX_LINE) return line_too_long(r->line, err, errlen);
      if (n && p[n - 1] == '\r') n--;
      p[n] = '\0';
      *line = p;
      *len = n;
      return 1;
    }
    if (r->eof) return 0;
    if (r->end - r->start > TSV_MAX_LINE) return line_too_long(r->line + 1, err, errlen);
    memmove(r->buf, r->buf + r->start, r->end - r->start);
    r->end -= r->start;
    r->start = 0;
    char *grown = grow_buffer(r->buf, &r->cap, r->end + 65536 + 1, 1 << 16); /* a read and the NUL */
    if (!grown) {
      snprintf(err, errlen, "out of memory reading line %llu", (unsigned long long)r->line + 1);
      return -1;
    }
    r->buf = grown;
    size_t got = fread(r->buf + r->end, 1, r->cap - 1 - r->end, r->f);
    r->end += got;
    if (got == 0) {
      if (ferror(r->f)) {
        snprintf(err, errlen, "read error after line %llu", (unsigned long long)r->line);
        return -1;
      }
      r->eof = 1;
    }
  }
}

/* A copy of [s, s+n) without the spaces at either end. */
static char *trimmed_copy(const char *s, size_t n) {
  while (n && *s == ' ') s++, n--;
  while (n && s[n - 1] == ' ') n--;
  char *c = malloc(n + 1);
  if (c) {
    memcpy(c, s, n);
    c[n] = '\0';
  }
  return c;
}

/* Keeps "# key = value" (spaces around either are dropped); a comment without '=' says
 * nothing. Returns 0, or -1 if memory runs out. */
static int add_meta(tsv_reader *r, const char *line) {
  const char *eq = strchr(line, '=');
  if (!eq) return 0;
  meta_pair *m = grow_array(r->meta, &r->cap_meta, r->nmeta, sizeof *m, 16);
  if (!m) return -1;
  r->meta = m;
  char *key = trimmed_copy(line + 1, (size_t)(eq - line - 1)), *val = trimmed_copy(eq + 1, strlen(eq + 1));
  if (!key || !val) {
    free(key);
    free(val);
    return -1;
  }
  r->meta[r->nmeta++] = (meta_pair){key, val};
  return 0;
}

tsv_reader *tsv_open(FILE *f, char *err, size_t errlen) {
  tsv_reader *r = calloc(1, sizeof *r);
  if (r) r->buf = malloc(r->cap = 1 << 16); /* grown for longer lines */
  if (!r || !r->buf) {
    snprintf(err, errlen, "out of memory");
    if (r) free(r);
    return NULL;
  }
  r->f = f;
  size_t len;
  char *line;
  int got;
  while ((got = next_line(r, &line, &len, err, errlen)) == 1) {
    if (nul_error(r, line, len, err, errlen)) {
      got = -1;
      break;
    }
    if (line[0] != '#') break;
    if (add_meta(r, line)) {
      snprintf(err, errlen, "out of memory");
      got = -1;
      break;
    }
  }
  char shown[200];
  if (got < 0) {
    /* err says why */
  } else if (!got) {
    snprintf(err, errlen, "line %llu: missing header line '%s'", (unsigned long long)r->line + 1,
             "slot<TAB>src<TAB>dst<TAB>origin<TAB>dest");
  } else if (strcmp(line, TSV_HEADER) != 0) {
    snprintf(err, errlen, "line %llu: bad header '%s' (expected slot<TAB>src<TAB>dst<TAB>origin<TAB>dest)",
             (unsigned long long)r->line, cli_printable(line, 60, shown, sizeof shown));
  } else {
    return r;
  }
  tsv_close(r);
  return NULL;
}

const char *tsv_meta(const tsv_reader *r, const char *key) {
  for (size_t i = r->nmeta; i-- > 0;)
    if (!strcmp(r->meta[i].key, key)) return r->meta[i].val;
  return NULL;
}

/* Parses one field of digits, or the literal -1 (and -2 when most_negative is -2) where
 * most_negative allows it; returns 0 or -1. */
static int parse_field(const char *p, size_t n, int most_negative, int64_t *out) {
  if (most_negative < 0 && n == 2 && p[0] == '-' && p[1] >= '1' && p[1] <= '0' - most_negative) {
    *out = -(p[1] - '0');
    return 0;
  }
  if (n == 0 || n > 10) return -1;
  int64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (p[i] < '0' || p[i] > '9') return -1;
    v = v * 10 + (p[i] - '0');
  }
  if (v > UINT32_MAX) return -1;
  *out = v;
  return 0;
}

int tsv_next(tsv_reader *r, sched_row *row, char *err, size_t errlen) {
  static const char *const names[5] = {"slot", "src", "dst", "origin", "dest"};
  size_t len;
  char *line;
  int got;
  while ((got = next_line(r, &line, &len, err, errlen)) == 1 && len == 0) {} /* blank lines carry nothing */
  if (got <= 0) return got;
  const char *field[6], *end = line + len;
  size_t flen[6], nf = 0;
  field[0] = line;
  for (const char *p = line; p < end; p++) /* a byte loop: memchr per short field costs more */
    if (*p == '\t') {
      if (nf < 5) {
        flen[nf] = (size_t)(p - field[nf]);
        field[nf + 1] = p + 1;
      }
      nf++;
    }
  if (nf < 5) flen[nf] = (size_t)(end - field[nf]);
  nf++;
  int64_t v[5];
  int bad_field = -1; /* the first field that is not a number, if any */
  for (int i = 0; i < 5 && nf == 5 && bad_field < 0; i++)
    if (parse_field(field[i], flen[i], i == 4 ? KBCAST_END : i == 3 ? -2 : 0, &v[i]) || (i == 3 && v[i] >= ORIGIN_COPY))
      bad_field = i;
  if (nf == 5 && bad_field < 0 && v[0] != 0 && v[4] <= INT32_MAX) {
    /* origin -1 and -2: a combining task's partial, moved or copied (schedule.h) */
    uint32_t origin = v[3] == -1 ? ORIGIN_MOVE : v[3] == -2 ? ORIGIN_COPY : (uint32_t)v[3];
    *row = (sched_row){(uint32_t)v[0], (uint32_t)v[1], (uint32_t)v[2], origin, (int32_t)v[4]};
    return 1;
  }
  /* the error, named: a NUL byte, the field count, a field, slot 0, dest out of range */
  if (nul_error(r, line, len, err, errlen)) return -1;
  char shown[200];
  if (nf != 5) {
    snprintf(err, errlen, "line %llu: %llu field%s, expected 5 (slot, src, dst, origin, dest): '%s'",
             (unsigned long long)r->line, (unsigned long long)nf, nf == 1 ? "" : "s",
             cli_printable(line, 60, shown, sizeof shown));
  } else if (bad_field >= 0) {
    char f[64];
    int i = bad_field;
    snprintf(f, sizeof f, "%.*s", (int)(flen[i] < 40 ? flen[i] : 40), field[i]);
    snprintf(err, errlen, "line %llu: bad %s field '%s' (expected %s)", (unsigned long long)r->line, names[i],
             cli_printable(f, 40, shown, sizeof shown), i == 4   ? "a node id, -1, -2 or -3"
                                                                                        : i == 3 ? "a node id, -1 or -2"
                                                                                                 : "a non-negative integer");
  } else if (v[0] == 0) {
    snprintf(err, errlen, "line %llu: bad slot field '0' (slots count from 1)", (unsigned long long)r->line);
  } else {
    snprintf(err, errlen, "line %llu: bad dest field '%lld'", (unsigned long long)r->line, (long long)v[4]);
  }
  return -1;
}

void tsv_close(tsv_reader *r) {
  if (!r) return;
  for (size_t i = 0; i < r->nmeta; i++) {
    free(r->meta[i].key);
    free(r->meta[i].val);
  }
  free(r->meta);
  free(r->buf);
  free(r);
}
