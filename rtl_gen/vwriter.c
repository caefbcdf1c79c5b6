/* vwriter.c — generated-file writer (see vwriter.h). */
#include "vwriter.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int vw_begin(vwriter *w) {
  memset(w, 0, sizeof *w);
  w->f = open_memstream(&w->buf, &w->len);
  return w->f ? 0 : -1;
}

void vw_new_scope(vwriter *w) {
  for (size_t i = 0; i < w->cap_idents; i++) free(w->idents[i]);
  free(w->idents);
  w->idents = NULL;
  w->nidents = w->cap_idents = 0;
}

static size_t name_hash(const char *s) {
  size_t h = 5381;
  while (*s) h = h * 33 + (unsigned char)*s++;
  return h;
}

/* The entry of name in the set, or the empty entry where it would go. */
static char **ident_entry(char **set, size_t cap, const char *name) {
  size_t i = name_hash(name) & (cap - 1);
  while (set[i] && strcmp(set[i], name)) i = (i + 1) & (cap - 1);
  return &set[i];
}

void vw_abort(vwriter *w) {
  if (w->f) fclose(w->f);
  free(w->buf);
  vw_new_scope(w);
  w->f = NULL;
  w->buf = NULL;
}

static int same_content(const char *path, const char *buf, size_t len) {
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  int same = 1;
  char chunk[65536];
  size_t off = 0, got;
  while (same && (got = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (off + got > len || memcmp(chunk, buf + off, got)) same = 0;
    off += got;
  }
  fclose(f);
  return same && off == len;
}

int vw_commit(vwriter *w, const char *path, const char *previous) {
  int rc = 0;
  if (fclose(w->f) != 0 || w->failed) {
    rc = -1;
    if (!errno) errno = EINVAL;
  }
  w->f = NULL;
  if (!rc && !(previous && same_content(previous, w->buf, w->len) && link(previous, path) == 0)) {
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(w->buf, 1, w->len, f) == w->len;
    int saved = errno;
    if (f && fclose(f) != 0 && ok) ok = 0, saved = errno;
    if (!ok) {
      if (f) unlink(path);
      errno = saved ? saved : EIO;
      rc = -1;
    }
  }
  vw_abort(w);
  return rc;
}

static void vline(vwriter *w, const char *fmt, va_list ap) {
  for (int i = 0; i < w->indent; i++) fputs("  ", w->f);
  vfprintf(w->f, fmt, ap);
  fputc('\n', w->f);
}

void vw_blank(vwriter *w) { fputc('\n', w->f); }

void vw_line(vwriter *w, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vline(w, fmt, ap);
  va_end(ap);
}

void vw_open(vwriter *w, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vline(w, fmt, ap);
  va_end(ap);
  w->indent++;
}

void vw_close(vwriter *w, const char *fmt, ...) {
  if (w->indent > 0) w->indent--;
  va_list ap;
  va_start(ap, fmt);
  vline(w, fmt, ap);
  va_end(ap);
}

void vw_raw(vwriter *w, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(w->f, fmt, ap);
  va_end(ap);
}

static const char *const keywords[] = {
    "always", "and", "assign", "begin", "buf", "case", "casex", "casez", "default", "defparam", "disable", "edge",
    "else", "end", "endcase", "endfunction", "endgenerate", "endmodule", "endtask", "event", "for", "force",
    "forever", "function", "generate", "genvar", "if", "initial", "inout", "input", "integer", "localparam",
    "module", "nand", "negedge", "nor", "not", "or", "output", "parameter", "posedge", "real", "reg", "repeat",
    "signed", "specify", "supply0", "supply1", "task", "time", "tri", "wait", "while", "wire", "xor", "xnor",
    "logic", "bit", "byte", "int", "string", "type", "interface", "package", "program", "class", "do", "break"};

const char *vw_ident(vwriter *w, const char *fmt, ...) {
  char name[128];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(name, sizeof name - 1, fmt, ap);
  va_end(ap);
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (!strcmp(name, keywords[i])) {
      strcat(name, "_");
      break;
    }
  if (2 * (w->nidents + 1) > w->cap_idents) { /* keep the set at most half full */
    size_t cap = w->cap_idents ? 2 * w->cap_idents : 256;
    char **set = calloc(cap, sizeof *set);
    if (!set) {
      w->failed = 1;
      return "";
    }
    for (size_t i = 0; i < w->cap_idents; i++)
      if (w->idents[i]) *ident_entry(set, cap, w->idents[i]) = w->idents[i];
    free(w->idents);
    w->idents = set;
    w->cap_idents = cap;
  }
  char **slot = ident_entry(w->idents, w->cap_idents, name);
  if (*slot) {
    w->failed = 1; /* two objects would share a name: the printer has a bug */
    return *slot;
  }
  if (!(*slot = strdup(name))) {
    w->failed = 1;
    return "";
  }
  w->nidents++;
  return *slot;
}

void emit_endmodule(vwriter *w) {
  w->indent = 0;
  vw_blank(w);
  vw_line(w, "endmodule");
}

const char *vector_range(char *buf, size_t len, int width) {
  snprintf(buf, len, "[%d:0] ", width - 1);
  return buf;
}

const char *slice(char *buf, size_t len, const char *sig, int lsb, int width) {
  if (width == 1) snprintf(buf, len, "%s[%d]", sig, lsb);
  else snprintf(buf, len, "%s[%d:%d]", sig, lsb + width - 1, lsb);
  return buf;
}
