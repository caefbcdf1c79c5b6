/* hc_classes.c — rotation classes of paper 000 §2 (see hc_classes.h). */
#include "construct/hc_classes.h"

#include <stdlib.h>

uint32_t hc_rotl(uint32_t x, int d, unsigned k) {
  uint32_t mask = (d == 32) ? 0xffffffffu : ((1u << d) - 1);
  k %= (unsigned)d;
  if (k == 0) return x & mask;
  return ((x << k) | (x >> ((unsigned)d - k))) & mask;
}

static int class_order(const void *a, const void *b) {
  const hc_class *x = a, *y = b;
  if (x->weight != y->weight) return x->weight < y->weight ? -1 : 1;
  int x_first = x->rep == (1u << x->weight) - 1, y_first = y->rep == (1u << y->weight) - 1;
  if (x_first != y_first) return x_first ? -1 : 1;
  return x->rep < y->rep ? -1 : x->rep > y->rep;
}

int hc_classes_build(hc_classes *c, int d) {
  uint32_t n = 1u << d;
  c->d = d;
  c->nclasses = 0;
  c->classes = malloc(n * sizeof *c->classes);
  c->class_of = malloc(n * sizeof *c->class_of);
  if (!c->classes || !c->class_of) {
    hc_classes_free(c);
    return -1;
  }
  for (uint32_t x = 0; x < n; x++) {
    uint32_t rep = x, size = (uint32_t)d;
    for (unsigned k = 1; k < (unsigned)d; k++) {
      uint32_t r = hc_rotl(x, d, k);
      if (r == x && size == (uint32_t)d) size = k;
      if (r < rep) rep = r;
    }
    if (rep == x) c->classes[c->nclasses++] = (hc_class){x, size, (uint32_t)__builtin_popcount(x), 0};
  }
  qsort(c->classes, c->nclasses, sizeof *c->classes, class_order);
  /* class_of[rep] first, then every member takes its rep's class */
  uint32_t next_n = 0;
  for (size_t i = 0; i < c->nclasses; i++) {
    c->classes[i].first_n = next_n;
    next_n += c->classes[i].size;
    c->class_of[c->classes[i].rep] = (uint32_t)i;
  }
  for (uint32_t x = 0; x < n; x++) {
    uint32_t rep = x;
    for (unsigned k = 1; k < (unsigned)d; k++) {
      uint32_t r = hc_rotl(x, d, k);
      if (r < rep) rep = r;
    }
    c->class_of[x] = c->class_of[rep];
  }
  return 0;
}

void hc_classes_free(hc_classes *c) {
  free(c->classes);
  free(c->class_of);
  c->classes = NULL;
  c->class_of = NULL;
  c->nclasses = 0;
}
