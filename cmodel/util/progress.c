/* progress.c — the progress line on stderr (see progress.h). */
#include "util/progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "util/cli.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* n rows as "950", "12.6K", "67.1M" */
static void rows_human(uint64_t n, char *buf, size_t len) {
  if (n < 10000) snprintf(buf, len, "%llu", (unsigned long long)n);
  else if (n < 10000000) snprintf(buf, len, "%.1fK", n / 1e3);
  else snprintf(buf, len, "%.1fM", n / 1e6);
}

static void draw(const progress *p, uint64_t done, const char *end) {
  char d[24], t[24];
  rows_human(done, d, sizeof d);
  double secs = now() - p->start;
  rows_human(p->total, t, sizeof t);
  fprintf(stderr, "\r%s: %s %s of %s rows (%u%%), %.1f s\033[K%s", p->prog, p->what, d, t,
          (unsigned)(done >= p->total ? 100 : done * 100 / p->total), secs, end);
  fflush(stderr);
}

void progress_begin(progress *p, const char *prog, const char *what, uint64_t total) {
  uint64_t min = PROGRESS_MIN_ROWS;
  const char *env = getenv("ROMNOC_PROGRESS_MIN_ROWS");
  if (env) cli_uint(env, 0, UINT64_MAX >> 1, &min); /* a bad value keeps the default */
  p->prog = prog;
  p->what = what;
  p->total = total;
  p->on = total > 0 && total >= min && isatty(STDERR_FILENO);
  if (!p->on) return;
  p->start = now();
  p->next = p->start + 0.5;
  draw(p, 0, "");
}

void progress_update(progress *p, uint64_t done) {
  if (!p->on) return;
  double t = now();
  if (t < p->next) return;
  p->next = t + 0.5;
  draw(p, done, "");
}

void progress_end(progress *p, uint64_t done) {
  if (p->on) draw(p, done, "\n");
}
