/* active.h — the active set of kbcast (paper 001): which nodes broadcast. Named on the command
 * line as a list ("0,3,5-9") or as K and a seed (a pseudo-random K-subset), carried in a
 * schedule's metadata as a list of ranges (docs/KBCAST.md). */
#ifndef ROMNOC_ACTIVE_H
#define ROMNOC_ACTIVE_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint32_t *ids; /* ascending, distinct; malloc'd */
  uint32_t n;    /* K */
} active_set;

/* Parses "a,b,c-d,..." (ids and inclusive ranges, any order, no id twice) of nodes 0..nodes-1.
 * Returns 0, or -1 with a message naming the bad item in err (a is then empty). */
int active_parse(active_set *a, const char *list, uint32_t nodes, char *err, size_t errlen);

/* A deterministic pseudo-random k-subset of 0..nodes-1 (partial Fisher-Yates, splitmix64 from
 * seed). Returns 0, or -1 if memory runs out. */
int active_random(active_set *a, uint32_t k, uint64_t seed, uint32_t nodes);

/* The set as ascending ranges ("0,3,5-9") into a malloc'd string, or NULL if memory runs out. */
char *active_format(const active_set *a);

/* A copy of src into dst; 0, or -1 if memory runs out (dst empty). */
int active_copy(active_set *dst, const active_set *src);

void active_free(active_set *a);

#endif
