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
  for (size_t i = 0; i < w->nidents; i++) free(w->idents[i]);
  free(w->idents);
  w->idents = NULL;
  w->nidents = 0;
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

int vw_commit(vwriter *w, const char *path) {
  int rc = 0;
  if (fclose(w->f) != 0 || w->failed) {
    rc = -1;
    if (!errno) errno = EINVAL;
  }
  w->f = NULL;
  if (!rc && !same_content(path, w->buf, w->len)) {
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    FILE *f = tmp ? (snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid()), fopen(tmp, "wb")) : NULL;
    if (!f || fwrite(w->buf, 1, w->len, f) != w->len || fclose(f) != 0 || rename(tmp, path) != 0) {
      int saved = errno;
      if (tmp) unlink(tmp);
      errno = saved;
      rc = -1;
    }
    free(tmp);
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
  for (size_t i = 0; i < w->nidents; i++)
    if (!strcmp(w->idents[i], name)) {
      w->failed = 1; /* two objects would share a name: the printer has a bug */
      return w->idents[i];
    }
  char **grown = realloc(w->idents, (w->nidents + 1) * sizeof *grown);
  char *copy = strdup(name);
  if (!grown || !copy) {
    free(copy);
    if (grown) w->idents = grown;
    w->failed = 1;
    return "";
  }
  w->idents = grown;
  w->idents[w->nidents++] = copy;
  return copy;
}
