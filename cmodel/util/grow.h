/* grow.h — room in a growing array. Every array that grows as it is filled grows through
 * these, never through a realloc loop of its own; the arrays are held to the memory limit
 * (memlimit.h), a reader's byte buffer to the reader's own bound. */
#ifndef ROMNOC_GROW_H
#define ROMNOC_GROW_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "util/memlimit.h"

/* The growth itself: items with room for `need` elements of elem_size bytes — the same array
 * while need <= *cap, else a copy whose capacity is *cap (or `first` for an empty array)
 * doubled until need fits (the last doubling cut to `limit`), *cap updated — or NULL if memory
 * runs out or need passes `limit` elements (items and *cap untouched). */
static inline void *grow_within(void *items, size_t *cap, size_t need, size_t elem_size, size_t first, uint64_t limit) {
  if (need <= *cap) return items;
  size_t want = *cap ? *cap : first ? first : 1;
  while (want < need) {
    if (want > limit / 2) { /* the last doubling: up to the limit itself */
      want = (size_t)limit;
      break;
    }
    want *= 2;
  }
  if (want < need || want > limit) return NULL;
  void *p = realloc(items, want * elem_size);
  if (p) *cap = want;
  return p;
}

/* Room for `need` elements (grow_within) within the memory limit: for arrays that take several
 * elements at once (a clause's literals, a slot's sets of words). */
static inline void *grow_array_room(void *items, size_t *cap, size_t need, size_t elem_size, size_t first) {
  void *p = grow_within(items, cap, need, elem_size, first, mem_limit() / elem_size);
  if (!p && (uint64_t)need > mem_limit() / elem_size) mem_note_refused((uint64_t)need * elem_size);
  return p;
}

/* Room for element n, appending one at a time (n: the count so far): the same array while
 * n < *cap, else a copy of doubled capacity (starting at `first` elements) with *cap updated.
 * NULL if memory runs out or the array would pass the memory limit (items and *cap untouched). */
static inline void *grow_array(void *items, size_t *cap, size_t n, size_t elem_size, size_t first) {
  return grow_array_room(items, cap, n + 1, elem_size, first);
}

/* Room for `need` bytes in a reader's buffer (grow_within, starting at `first` bytes). Not
 * held to the memory limit: the reader bounds the buffer itself and checks that bound before
 * it asks (a TSV line's length, a file's largest size), and it needs its buffer whatever the
 * limit — `verify --max-mem 16K` reads its TSV file through a 128 KiB buffer. */
static inline char *grow_buffer(char *buf, size_t *cap, size_t need, size_t first) {
  return grow_within(buf, cap, need, 1, first, SIZE_MAX);
}

#endif
