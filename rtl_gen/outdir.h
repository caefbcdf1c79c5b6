/* outdir.h — the output directory holds exactly one design, and never a mix of two: the whole
 * design is written into DIR.tmp.PID beside DIR and moved into place only when complete (the
 * previous design is moved aside and removed); an interruption (SIGINT, SIGTERM) removes the
 * temporary directory (cleanup.h). A file whose content is unchanged is hard-linked from the
 * previous design, so it keeps its timestamp and make does not rebuild it. DIR must be new,
 * empty, or a design rtl_gen wrote (its design.txt says so): anything else is refused rather
 * than replaced. */
#ifndef ROMNOC_OUTDIR_H
#define ROMNOC_OUTDIR_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char dir[PATH_MAX], tmp[PATH_MAX];
  bool exists; /* DIR holds a previous design */
} outdir;

/* Checks DIR and creates the temporary directory (with the subdirectories listed, e.g.
 * "golden"), with room to register nfiles files for removal on interruption. Returns 0, or
 * -1 with a message in err naming DIR and the reason. */
int outdir_begin(outdir *d, const char *dir, const char *const *subdirs, size_t nsubdirs, size_t nfiles, char *err,
                 size_t errlen);

/* The path of name in the temporary directory (registered for removal on interruption), and
 * of the same name in the previous design (NULL if there is none), into the buffers. */
const char *outdir_file(outdir *d, const char *name, char *path, size_t len, char *previous, size_t prevlen,
                        const char **prev);

/* Moves the design into place and removes the previous one. Returns 0, or -1 with a message
 * in err (the temporary directory is removed; DIR is as it was). */
int outdir_commit(outdir *d, char *err, size_t errlen);

/* Removes the temporary directory: DIR is as it was. */
void outdir_abort(outdir *d);

#endif
