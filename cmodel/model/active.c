/* active.c — parsing, drawing and printing active sets (see active.h). */
#include "model/active.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/cli.h"

void active_free(active_set *a) {
  free(a->ids);
  a->ids = NULL;
  a->n = 0;
}

/* The ids of a byte map, ascending. */
static int from_map(active_set *a, const unsigned char *map, uint32_t nodes) {
  uint32_t k = 0;
  for (uint32_t x = 0; x < nodes; x++) k += map[x];
  a->ids = malloc((k ? k : 1) * sizeof *a->ids);
  if (!a->ids) return -1;
  a->n = 0;
  for (uint32_t x = 0; x < nodes; x++)
    if (map[x]) a->ids[a->n++] = x;
  return 0;
}

/* One id of a list item: digits only, below nodes. */
static int parse_id(const char *s, size_t len, uint32_t nodes, uint32_t *out) {
  char buf[24];
  uint64_t v;
  if (len == 0 || len >= sizeof buf) return -1;
  memcpy(buf, s, len);
  buf[len] = '\0';
  if (cli_uint(buf, 0, nodes - 1, &v)) return -1;
  *out = (uint32_t)v;
  return 0;
}

int active_parse(active_set *a, const char *list, uint32_t nodes, char *err, size_t errlen) {
  a->ids = NULL;
  a->n = 0;
  unsigned char *map = calloc(nodes, 1);
  if (!map) {
    snprintf(err, errlen, "out of memory reading the active set");
    return -1;
  }
  const char *p = list;
  char shown[64];
  for (;;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    const char *dash = memchr(p, '-', len);
    uint32_t lo, hi;
    int bad = dash ? parse_id(p, (size_t)(dash - p), nodes, &lo) || parse_id(dash + 1, len - (size_t)(dash - p) - 1, nodes, &hi) || lo > hi
                   : parse_id(p, len, nodes, &lo);
    if (!dash) hi = lo;
    if (bad) {
      char item[48];
      snprintf(item, sizeof item, "%.*s", (int)(len < 40 ? len : 40), p);
      snprintf(err, errlen, "active set item '%s' is not a node id or range lo-hi of 0..%u",
               cli_printable(item, 40, shown, sizeof shown), (unsigned)nodes - 1);
      free(map);
      return -1;
    }
    for (uint32_t x = lo; x <= hi; x++) {
      if (map[x]) {
        snprintf(err, errlen, "active set names node %u twice", (unsigned)x);
        free(map);
        return -1;
      }
      map[x] = 1;
    }
    if (!end) break;
    p = end + 1;
  }
  int rc = from_map(a, map, nodes);
  free(map);
  if (rc) snprintf(err, errlen, "out of memory reading the active set");
  return rc;
}

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int active_random(active_set *a, uint32_t k, uint64_t seed, uint32_t nodes) {
  uint32_t *perm = malloc(nodes * sizeof *perm);
  unsigned char *map = calloc(nodes, 1);
  int rc = -1;
  if (perm && map) {
    uint64_t state = seed;
    for (uint32_t x = 0; x < nodes; x++) perm[x] = x;
    for (uint32_t i = 0; i < k; i++) { /* the first k places of a Fisher-Yates shuffle */
      uint32_t j = i + (uint32_t)(splitmix64(&state) % (nodes - i));
      uint32_t t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
      map[perm[i]] = 1;
    }
    rc = from_map(a, map, nodes);
  }
  free(perm);
  free(map);
  return rc;
}

char *active_format(const active_set *a) {
  size_t cap = 24 * (size_t)a->n + 2, off = 0;
  char *s = malloc(cap);
  if (!s) return NULL;
  s[0] = '\0';
  for (uint32_t i = 0; i < a->n;) {
    uint32_t j = i;
    while (j + 1 < a->n && a->ids[j + 1] == a->ids[j] + 1) j++;
    off += (size_t)snprintf(s + off, cap - off, j > i ? "%s%u-%u" : "%s%u", off ? "," : "", (unsigned)a->ids[i],
                            (unsigned)a->ids[j]);
    i = j + 1;
  }
  return s;
}

int active_copy(active_set *dst, const active_set *src) {
  dst->n = 0;
  dst->ids = malloc((src->n ? src->n : 1) * sizeof *dst->ids);
  if (!dst->ids) return -1;
  memcpy(dst->ids, src->ids, src->n * sizeof *dst->ids);
  dst->n = src->n;
  return 0;
}
