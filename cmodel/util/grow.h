/* grow.h — room for one more element in a growing array. */
#ifndef ROMNOC_GROW_H
#define ROMNOC_GROW_H

#include <stddef.h>
#include <stdlib.h>

#include "util/memlimit.h"

/* Returns items with room for element n: the same array while n < *cap, else a copy of
 * doubled capacity (starting at `first` elements of elem_size bytes) with *cap updated.
 * Returns NULL if memory runs out or the array would pass the memory limit (memlimit.h)
 * (items and *cap untouched). */
static inline void *grow_array(void *items, size_t *cap, size_t n, size_t elem_size, size_t first) {
  if (n < *cap) return items;
  size_t want = *cap ? 2 * *cap : first;
  if (want > mem_limit() / elem_size) return NULL;
  void *p = realloc(items, want * elem_size);
  if (p) *cap = want;
  return p;
}

#endif
