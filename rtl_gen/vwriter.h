/* vwriter.h — a tiny text writer for generated files: indentation helpers for Verilog
 * (2 spaces, no tabs), the one place identifiers are made, write-if-changed output, and the
 * few Verilog fragments (vector ranges, slices, endmodule) every printer above it uses. */
#ifndef ROMNOC_VWRITER_H
#define ROMNOC_VWRITER_H

#include <stdio.h>

typedef struct {
  FILE *f;     /* an in-memory stream until vw_commit */
  char *buf;
  size_t len;
  int indent;
  char **idents; /* identifiers made in the current module: an open-addressing hash set */
  size_t nidents, cap_idents;
  int failed;
} vwriter;

/* Starts a file in memory. Returns 0 or -1 (out of memory). */
int vw_begin(vwriter *w);

/* Writes the buffered text to the new file path; if previous (may be NULL) already holds
 * exactly that text, links it to path instead, so that downstream builds see its unchanged
 * timestamp. Frees the buffer. Returns 0, or -1 with errno set. */
int vw_commit(vwriter *w, const char *path, const char *previous);

/* Discards the buffered text. */
void vw_abort(vwriter *w);

/* A line at the current indentation; vw_open also indents what follows, vw_close dedents
 * first. */
void vw_line(vwriter *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void vw_open(vwriter *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void vw_close(vwriter *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* An empty line. */
void vw_blank(vwriter *w);

/* Raw text, no indentation or newline. */
void vw_raw(vwriter *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Forgets the identifiers of the previous module. */
void vw_new_scope(vwriter *w);

/* Makes an identifier from a format: a Verilog keyword gets a trailing '_'; an identifier
 * already made in this scope is an error (w->failed). The result lives until vw_new_scope. */
const char *vw_ident(vwriter *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Every generated Verilog file opens, after its header, with VERILOG_OPEN (an undeclared net is
 * an error, not an implicit wire) and ends with VERILOG_CLOSE, which restores the default for
 * the files a tool reads after it. */
#define VERILOG_OPEN "`default_nettype none\n"
#define VERILOG_CLOSE "`default_nettype wire\n"

/* An empty line and "endmodule" at the left margin. */
void emit_endmodule(vwriter *w);

/* "sig[hi:lo]", or "sig[b]" for one bit: width bits of sig from bit lsb, written into buf. */
const char *slice(char *buf, size_t len, const char *sig, int lsb, int width);

/* "[width-1:0] " */
const char *vector_range(char *buf, size_t len, int width);

#endif
