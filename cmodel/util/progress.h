/* progress.h — a progress line on stderr for long runs (issue 15): "cmodel: WHAT 12.6M of 67.1M
 * rows (18%), 3.1 s", redrawn in place at most twice a second, and a last line when done. It
 * is shown only when stderr is a terminal and the run has at least PROGRESS_MIN_ROWS rows
 * (the environment variable ROMNOC_PROGRESS_MIN_ROWS overrides the threshold, for tests);
 * otherwise every call does nothing, so piped and logged runs stay byte-for-byte as before. */
#ifndef ROMNOC_PROGRESS_H
#define ROMNOC_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#define PROGRESS_MIN_ROWS 10000000u

typedef struct {
  bool on;
  const char *prog, *what; /* "cmodel", "writing hypercube:14 mnb" (not copied) */
  uint64_t total;
  double start, next;      /* seconds (monotonic) */
} progress;

/* Starts a run of total rows (0 if unknown: nothing is shown) and, when shown, draws its first
 * line. */
void progress_begin(progress *p, const char *prog, const char *what, uint64_t total);
/* done rows so far: redraws the line if half a second has passed since the last one. Cheap
 * when not shown; call it every few thousand rows. */
void progress_update(progress *p, uint64_t done);
/* The last line (done rows, the time taken) and a newline. */
void progress_end(progress *p, uint64_t done);

#endif
