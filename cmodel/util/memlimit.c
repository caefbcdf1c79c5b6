/* memlimit.c — the memory limit (see memlimit.h). */
#include "util/memlimit.h"

#include <stdio.h>

static uint64_t limit = MEM_DEFAULT_LIMIT;
static uint64_t refused; /* the largest size the limit refused since mem_clear_refused */

void mem_set_limit(uint64_t bytes) { limit = bytes; }
uint64_t mem_limit(void) { return limit; }
void mem_note_refused(uint64_t bytes) {
  if (bytes > refused) refused = bytes;
}
void mem_clear_refused(void) { refused = 0; }
uint64_t mem_last_refused(void) { return refused; }

const char *mem_human(uint64_t bytes, char *buf, size_t len) {
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = (double)bytes;
  int u = 0;
  while (v >= 1024 && u < 6) v /= 1024, u++;
  if (u == 0) snprintf(buf, len, "%llu B", (unsigned long long)bytes);
  else snprintf(buf, len, "%.1f %s", v, units[u]);
  return buf;
}

int mem_check(uint64_t count, uint64_t size, const char *what, uint64_t *bytes, char *err, size_t errlen) {
  char need[32], have[32];
  if (size && count > UINT64_MAX / size) {
    snprintf(err, errlen, "%s would need more than 2^64 bytes", what);
    mem_note_refused(UINT64_MAX);
    return -1;
  }
  *bytes = count * size;
  if (*bytes <= limit && *bytes <= SIZE_MAX) return 0;
  mem_note_refused(*bytes);
  snprintf(err, errlen, "%s needs %s, over the memory limit of %s (--max-mem)", what, mem_human(*bytes, need, sizeof need),
           mem_human(limit, have, sizeof have));
  return -1;
}
