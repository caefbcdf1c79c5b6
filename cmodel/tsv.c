/* tsv.c — exchange format I/O (see tsv.h). Rows are formatted and parsed by hand: the
 * largest schedules have hundreds of millions of rows, and printf/scanf would dominate. */
#include "tsv.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "job.h"
#include "version.h"

/* ---- writing ---- */

typedef struct {
  FILE *f;
  size_t len;
  int failed;
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
  if (o->len > sizeof o->buf - 64) out_flush(o);
  char *p = o->buf + o->len;
  p = put_u32(p, r->slot);
  *p++ = '\t';
  p = put_u32(p, r->src);
  *p++ = '\t';
  p = put_u32(p, r->dst);
  *p++ = '\t';
  p = put_u32(p, r->origin);
  *p++ = '\t';
  if (r->dest < 0) {
    *p++ = '-';
    *p++ = '1';
  } else {
    p = put_u32(p, (uint32_t)r->dest);
  }
  *p++ = '\n';
  o->len = (size_t)(p - o->buf);
  return o->failed;
}

int tsv_write(FILE *f, const sched *s, bool template_only) {
  uint64_t rows = template_only ? s->nrows : sched_transmissions(s);
  fprintf(f, "# generator=romnoc-cmodel %s\n# topo=%s\n# task=%s\n# model=%s\n# root=%lld\n# slots=%u\n# rows=%llu\n",
          ROMNOC_VERSION, s->topo.name, task_name(s->task), model_name(s->model), (long long)s->root,
          (unsigned)s->slots, (unsigned long long)rows);
  if (s->alg[0]) fprintf(f, "# alg=%s\n", s->alg);
  if (template_only) fprintf(f, "# template=%s\n", topo_translation_name(topo_translation_of(&s->topo)));
  fputs(TSV_HEADER "\n", f);
  out_buf *o = malloc(sizeof *o);
  if (!o) return -1;
  o->f = f;
  o->len = 0;
  o->failed = 0;
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

#define META_MAX 32

struct tsv_reader {
  FILE *f;
  uint64_t line;
  size_t start, end; /* unread bytes are buf[start..end) */
  int eof;
  int nmeta;
  char *meta_key[META_MAX], *meta_val[META_MAX];
  char buf[1 << 20];
};

/* Returns the next line without its newline (NUL-terminated in place), or NULL at the end.
 * A line longer than the buffer is returned cut; the row parser then rejects it. */
static char *next_line(tsv_reader *r, size_t *len) {
  for (;;) {
    char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);
    if (nl || (r->eof && r->end > r->start) || (r->start == 0 && r->end == sizeof r->buf - 1)) {
      char *line = r->buf + r->start;
      size_t n = nl ? (size_t)(nl - line) : r->end - r->start;
      r->start += n + (nl ? 1 : 0);
      if (n && line[n - 1] == '\r') n--;
      line[n] = '\0';
      *len = n;
      r->line++;
      return line;
    }
    if (r->eof) return NULL;
    memmove(r->buf, r->buf + r->start, r->end - r->start);
    r->end -= r->start;
    r->start = 0;
    size_t got = fread(r->buf + r->end, 1, sizeof r->buf - 1 - r->end, r->f);
    r->end += got;
    if (got == 0) r->eof = 1;
  }
}

tsv_reader *tsv_open(FILE *f, char *err, size_t errlen) {
  tsv_reader *r = calloc(1, sizeof *r);
  if (!r) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  r->f = f;
  size_t len;
  char *line;
  while ((line = next_line(r, &len)) && line[0] == '#') {
    char *eq = strchr(line, '=');
    if (!eq || r->nmeta == META_MAX) continue; /* a plain comment */
    char *key = line + 1;
    while (*key == ' ') key++;
    *eq = '\0';
    r->meta_key[r->nmeta] = strdup(key);
    r->meta_val[r->nmeta] = strdup(eq + 1);
    if (!r->meta_key[r->nmeta] || !r->meta_val[r->nmeta]) {
      snprintf(err, errlen, "out of memory");
      tsv_close(r);
      return NULL;
    }
    r->nmeta++;
  }
  if (ferror(f)) {
    snprintf(err, errlen, "read error");
  } else if (!line) {
    snprintf(err, errlen, "line %llu: missing header line '%s'", (unsigned long long)r->line + 1,
             "slot<TAB>src<TAB>dst<TAB>origin<TAB>dest");
  } else if (strcmp(line, TSV_HEADER) != 0) {
    snprintf(err, errlen, "line %llu: bad header '%.60s' (expected slot<TAB>src<TAB>dst<TAB>origin<TAB>dest)",
             (unsigned long long)r->line, line);
  } else {
    return r;
  }
  tsv_close(r);
  return NULL;
}

const char *tsv_meta(const tsv_reader *r, const char *key) {
  for (int i = r->nmeta - 1; i >= 0; i--)
    if (!strcmp(r->meta_key[i], key)) return r->meta_val[i];
  return NULL;
}

/* Parses one field ending at a tab (or the line end for the last); returns the position after
 * the separator, or NULL. allow_minus_one admits the literal -1. */
static const char *parse_field(const char *p, int last, int allow_minus_one, int64_t *out) {
  int neg = 0;
  if (allow_minus_one && *p == '-') {
    neg = 1;
    p++;
  }
  if (*p < '0' || *p > '9') return NULL;
  int64_t v = 0;
  int digits = 0;
  while (*p >= '0' && *p <= '9') {
    v = v * 10 + (*p++ - '0');
    if (++digits > 10) return NULL;
  }
  if (neg && v != 1) return NULL;
  if (v > UINT32_MAX) return NULL;
  *out = neg ? -1 : v;
  if (last) return *p == '\0' ? p : NULL;
  return *p == '\t' ? p + 1 : NULL;
}

int tsv_next(tsv_reader *r, sched_row *row, char *err, size_t errlen) {
  static const char *const names[5] = {"slot", "src", "dst", "origin", "dest"};
  size_t len;
  char *line;
  do {
    line = next_line(r, &len);
  } while (line && len == 0); /* blank lines, e.g. a trailing one, carry nothing */
  if (!line) {
    if (ferror(r->f)) {
      snprintf(err, errlen, "read error");
      return -1;
    }
    return 0;
  }
  int64_t v[5];
  const char *p = line;
  for (int i = 0; i < 5; i++) {
    const char *q = parse_field(p, i == 4, i == 4, &v[i]);
    if (!q) {
      const char *tab = strchr(p, '\t');
      int flen = tab ? (int)(tab - p) : (int)strlen(p);
      snprintf(err, errlen, "line %llu: bad %s field '%.*s' (expected %s)", (unsigned long long)r->line, names[i],
               flen > 40 ? 40 : flen, p, i == 4 ? "a node id or -1, as the last of 5 fields" : "a non-negative integer");
      return -1;
    }
    p = q;
  }
  if (v[0] == 0) {
    snprintf(err, errlen, "line %llu: bad slot field '0' (slots count from 1)", (unsigned long long)r->line);
    return -1;
  }
  *row = (sched_row){(uint32_t)v[0], (uint32_t)v[1], (uint32_t)v[2], (uint32_t)v[3], (int32_t)v[4]};
  if (v[4] > INT32_MAX) {
    snprintf(err, errlen, "line %llu: bad dest field '%lld'", (unsigned long long)r->line, (long long)v[4]);
    return -1;
  }
  return 1;
}

void tsv_close(tsv_reader *r) {
  if (!r) return;
  for (int i = 0; i < r->nmeta; i++) {
    free(r->meta_key[i]);
    free(r->meta_val[i]);
  }
  free(r);
}

int tsv_load(FILE *f, sched *s, char *err, size_t errlen) {
  char why[256];
  tsv_reader *r = tsv_open(f, why, sizeof why);
  if (!r) {
    snprintf(err, errlen, "%s", why);
    return -1;
  }
  const char *root = tsv_meta(r, "root"), *tpl = tsv_meta(r, "template"), *alg = tsv_meta(r, "alg");
  job j;
  int rc = job_parse(&j, tsv_meta(r, "topo"), tsv_meta(r, "task"), tsv_meta(r, "model"),
                     root && strcmp(root, "-1") ? root : NULL, false, why, sizeof why);
  if (rc) {
    snprintf(err, errlen, "metadata: %s", why);
  } else if (tpl && strcmp(tpl, topo_translation_name(topo_translation_of(&j.topo)))) {
    snprintf(err, errlen, "metadata template=%s does not match %s (its translation is %s)", tpl, j.topo.name,
             topo_translation_name(topo_translation_of(&j.topo)));
    rc = -1;
  }
  sched_init(s, &j.topo, j.task, j.model, j.root);
  s->is_template = tpl != NULL;
  if (alg) snprintf(s->alg, sizeof s->alg, "%s", alg);
  sched_row row;
  int got = 0;
  while (!rc && (got = tsv_next(r, &row, why, sizeof why)) == 1) {
    if (sched_add(s, row.slot, row.src, row.dst, row.origin, row.dest)) {
      snprintf(err, errlen, "out of memory reading the schedule");
      rc = -1;
    }
  }
  if (!rc && got < 0) {
    snprintf(err, errlen, "%s", why);
    rc = -1;
  }
  tsv_close(r);
  if (rc) {
    sched_free(s);
    return -1;
  }
  s->slots = s->nrows ? s->rows[s->nrows - 1].slot : 0;
  return 0;
}
