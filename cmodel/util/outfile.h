/* outfile.h — writing an output file (-o) so that a reader sees the old content or the whole
 * new one, never a part: the text goes to PATH.tmp.PID beside it and is renamed over PATH
 * only when complete (removed on SIGINT/SIGTERM, see cleanup.h). A target that is not a
 * regular file is never renamed over: a device or FIFO (/dev/null, a pipe) is written
 * directly; a symbolic link is followed and its target replaced (the link stays); a
 * directory, a dangling link, an empty name or a path too long for its temporary name is
 * refused. The name "-" is the standard output, written directly and flushed, not closed. */
#ifndef ROMNOC_OUTFILE_H
#define ROMNOC_OUTFILE_H

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct {
  FILE *f;
  bool direct;   /* written in place: not a regular file */
  bool standard; /* the standard output ("-") */
  char path[PATH_MAX], tmp[PATH_MAX];
} outfile;

/* Opens path for writing. Returns 0 with o->f ready, or -1 with a message in err naming
 * the path and the reason (o then holds nothing). */
int outfile_open(outfile *o, const char *path, char *err, size_t errlen);

/* Closes and renames into place. Returns 0, or -1 with a message in err (a write error: the
 * temporary is removed and the old file is untouched). */
int outfile_commit(outfile *o, char *err, size_t errlen);

/* Closes and removes the temporary: the old file is untouched. */
void outfile_abort(outfile *o);

#endif
