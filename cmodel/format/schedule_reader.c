/* schedule_reader.c — the table of schedule formats and what every format shares (see
 * schedule_reader.h). */
#include "format/schedule_reader.h"

#include <stdlib.h>
#include <string.h>

#include "model/job.h"
#include "format/json_format.h"
#include "format/msccl_xml.h"
#include "format/tsv.h"
#include "util/grow.h"

/* ---- the TSV through the interface: tsv.h as it is ---- */

static void *tsv_open_fmt(FILE *f, const reader_hints *h, char *err, size_t errlen) {
  (void)h;
  return tsv_open(f, err, errlen);
}
static const char *tsv_meta_fmt(const void *r, const char *key) { return tsv_meta(r, key); }
static int tsv_next_fmt(void *r, sched_row *row, char *err, size_t errlen) { return tsv_next(r, row, err, errlen); }
static void tsv_close_fmt(void *r) { tsv_close(r); }
static int tsv_write_fmt(FILE *f, const sched *s, char *err, size_t errlen) {
  (void)err;
  (void)errlen;
  return tsv_write(f, s, s->is_template);
}

static const schedule_format formats[] = {
    {.name = "tsv", .open = tsv_open_fmt, .meta = tsv_meta_fmt, .next = tsv_next_fmt, .close = tsv_close_fmt,
     .write = tsv_write_fmt},
    {.name = "json", .open = json_open, .meta = json_meta, .next = json_next, .close = json_close, .write = json_write},
    {.name = "msccl-xml", .open = msccl_open, .meta = msccl_meta, .next = msccl_next, .close = msccl_close,
     .write = msccl_write},
};

const schedule_format *schedule_format_find(const char *name) {
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
    if (!strcmp(formats[i].name, name)) return &formats[i];
  return NULL;
}

const schedule_format *schedule_format_of(const char *name, const char *path) {
  if (name) return schedule_format_find(name);
  size_t n = strlen(path);
  if (n > 4 && !strcmp(path + n - 4, ".xml")) return schedule_format_find("msccl-xml");
  if (n > 5 && !strcmp(path + n - 5, ".json")) return schedule_format_find("json");
  return schedule_format_find("tsv");
}

const char *schedule_format_list(void) { return "tsv, json or msccl-xml"; }

int schedule_load(const schedule_format *fmt, FILE *f, const reader_hints *h, sched *s, char *err, size_t errlen) {
  char why[256];
  void *r = fmt->open(f, h, why, sizeof why);
  if (!r) {
    snprintf(err, errlen, "%s", why);
    return READER_BAD_INPUT;
  }
  const char *root = h && h->root ? h->root : fmt->meta(r, "root"), *tpl = fmt->meta(r, "template");
  const char *alg = fmt->meta(r, "alg");
  job j;
  int rc = 0;
  if (job_parse(&j, h && h->topo ? h->topo : fmt->meta(r, "topo"), h && h->task ? h->task : fmt->meta(r, "task"),
                h && h->model ? h->model : fmt->meta(r, "model"), root && strcmp(root, "-1") ? root : NULL, false, why,
                sizeof why)) {
    snprintf(err, errlen, "metadata: %s", why);
    fmt->close(r);
    return READER_BAD_INPUT;
  }
  const char *ngpus = fmt->meta(r, "ngpus");
  if (ngpus && strtoull(ngpus, NULL, 10) != j.topo.nodes) {
    snprintf(err, errlen, "the schedule has %s GPUs, %s has %u nodes", ngpus, j.topo.name, (unsigned)j.topo.nodes);
    fmt->close(r);
    return READER_BAD_INPUT;
  }
  if (job_parse_active(&j, fmt->meta(r, "active"), NULL, NULL, false, why, sizeof why) ||
      job_parse_fraction(&j, false, fmt->meta(r, "fraction"), true, why, sizeof why)) {
    snprintf(err, errlen, "metadata: %s", why);
    rc = READER_BAD_INPUT;
  }
  sched_init(s, &j.topo, j.task, j.model, j.root);
  s->active = j.active;
  s->fraction = j.fraction;
  if (!rc && tpl && sched_set_template(s, tpl)) {
    snprintf(err, errlen, "metadata template=%s does not match %s (its translation is %s%s)", tpl, j.topo.name,
             topo_translation_name(topo_translation_of(&j.topo)), j.topo.kind == TOPO_HYPERCUBE ? ", or xor-parity" : "");
    rc = READER_BAD_INPUT;
  }
  if (alg) snprintf(s->alg, sizeof s->alg, "%s", alg);
  sched_row row;
  int got = 0;
  while (!rc && (got = fmt->next(r, &row, why, sizeof why)) == 1) {
    if (row.src >= j.topo.nodes || row.dst >= j.topo.nodes) {
      snprintf(err, errlen, "row slot=%u src=%u dst=%u: a node beyond %s's %u", (unsigned)row.slot, (unsigned)row.src,
               (unsigned)row.dst, j.topo.name, (unsigned)j.topo.nodes);
      rc = READER_BAD_INPUT;
    } else if (sched_add(s, row.slot, row.src, row.dst, row.origin, row.dest)) {
      snprintf(err, errlen, "out of memory reading the schedule");
      rc = READER_BAD_INPUT;
    }
  }
  if (!rc && got < 0) {
    snprintf(err, errlen, "%s", why);
    rc = got;
  }
  fmt->close(r);
  if (rc) {
    sched_free(s);
    return rc;
  }
  s->slots = 0;
  for (size_t i = 0; i < s->nrows; i++)
    if (s->rows[i].slot > s->slots) s->slots = s->rows[i].slot;
  return 0;
}

char *read_all(FILE *f, size_t max, size_t *len, char *err, size_t errlen) {
  size_t cap = 0, n = 0;
  char *buf = NULL;
  for (;;) {
    if (cap - n < 4096 + 1) { /* room for a read and the NUL; a buffer past max is not grown */
      char *grown = cap <= max ? grow_buffer(buf, &cap, n + 4096 + 1, 1 << 16) : NULL;
      if (!grown) {
        free(buf);
        if (cap > max) snprintf(err, errlen, "longer than %zu MiB", max >> 20);
        else snprintf(err, errlen, "out of memory");
        return NULL;
      }
      buf = grown;
    }
    size_t got = fread(buf + n, 1, cap - 1 - n, f);
    n += got;
    if (n > max) {
      free(buf);
      snprintf(err, errlen, "longer than %zu MiB", max >> 20);
      return NULL;
    }
    if (got == 0) break;
  }
  if (ferror(f)) {
    free(buf);
    snprintf(err, errlen, "read error");
    return NULL;
  }
  buf[n] = '\0';
  if (memchr(buf, '\0', n)) {
    size_t line = 1;
    for (const char *p = buf; *p; p++) line += *p == '\n';
    free(buf);
    snprintf(err, errlen, "line %zu: a NUL byte (the format is text)", line);
    return NULL;
  }
  *len = n;
  return buf;
}

int reader_verror_at(unsigned long line, unsigned long col, char *err, size_t errlen, const char *fmt, va_list ap) {
  char msg[200];
  vsnprintf(msg, sizeof msg, fmt, ap);
  snprintf(err, errlen, "line %lu col %lu: %s", line, col, msg);
  return -1;
}

int reader_error_at(unsigned long line, unsigned long col, char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  reader_verror_at(line, col, err, errlen, fmt, ap);
  va_end(ap);
  return -1;
}
