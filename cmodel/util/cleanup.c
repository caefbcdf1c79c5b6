/* cleanup.c — removal of temporaries on interruption (see cleanup.h). */
#include "util/cleanup.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Written only outside the handler, and the count only after its path: the handler sees
 * complete entries. */
static char **paths;
static size_t room;
static volatile sig_atomic_t count;

static void on_signal(int sig) {
  for (sig_atomic_t i = count; i-- > 0;)
    if (unlink(paths[i]) != 0) rmdir(paths[i]);
  signal(sig, SIG_DFL);
  raise(sig);
}

int cleanup_reserve(size_t n) {
  cleanup_clear();
  char **p = calloc(n ? n : 1, sizeof *p);
  if (!p) return -1;
  free(paths);
  paths = p;
  room = n;
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], on_signal);
  return 0;
}

void cleanup_push(const char *path) {
  if ((size_t)count >= room) return;
  char *copy = strdup(path);
  if (!copy) return;
  paths[count] = copy;
  count = count + 1;
}

void cleanup_clear(void) {
  size_t n = (size_t)count;
  count = 0;
  for (size_t i = 0; i < n; i++) {
    free(paths[i]);
    paths[i] = NULL;
  }
}
