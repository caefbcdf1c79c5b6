/* shift_symmetry.c — the symmetries of template formulas (see shift_symmetry.h). */
#include "shift_symmetry.h"

#include <stdio.h>

/* coordinate i becomes coordinate i + 1 */
static uint32_t shift_node(const topo *t, uint32_t v) {
  uint32_t w = 0;
  for (int i = 0; i < t->ndims; i++) w += topo_coord(t, v, i) * t->stride[(i + 1) % t->ndims];
  return w;
}

static int shift_fits(const topo *t) {
  int ok = t->ndims >= 2;
  for (int i = 1; i < t->ndims; i++) ok &= t->radix[i] == t->radix[0];
  return ok;
}

/* (a, b) becomes (-b, a) */
static uint32_t turn_node(const topo *t, uint32_t v) {
  uint32_t k = t->radix[0];
  return (k - topo_coord(t, v, 1)) % k * t->stride[0] + topo_coord(t, v, 0) * t->stride[1];
}

static int turn_fits(const topo *t) {
  return t->kind == TOPO_TORUS && t->ndims == 2 && t->radix[0] == t->radix[1] && t->radix[0] >= 3;
}

typedef struct {
  symmetry_kind kind;
  uint32_t (*image)(const topo *t, uint32_t v);
  int (*fits)(const topo *t);
  int order; /* the nodes of a full orbit; 0: the dimensions */
  const char *refusal; /* printf format, the topology's name */
} symmetry;

static const symmetry table[] = {
    {.kind = SYMMETRY_SHIFT, .image = shift_node, .fits = shift_fits, .order = 0,
     .refusal = "--rotate on '%s': the coordinate shift needs two or more dimensions of one size"},
    {.kind = SYMMETRY_TURN, .image = turn_node, .fits = turn_fits, .order = 4,
     .refusal = "--turn on '%s': the quarter turn needs a 2-D torus of equal sizes (3 or more)"},
};

static const symmetry *find(symmetry_kind kind) {
  for (size_t i = 0; i < sizeof table / sizeof *table; i++)
    if (table[i].kind == kind) return &table[i];
  return NULL;
}

static int order_of(const topo *t, const symmetry *s) { return s->order ? s->order : t->ndims; }

/* 1 if v's orbit is full (no power of the map below its order fixes v). */
static int full_orbit(const topo *t, const symmetry *s, uint32_t v) {
  uint32_t w = v;
  for (int k = 1; k < order_of(t, s); k++)
    if ((w = s->image(t, w)) == v) return 0;
  return 1;
}

uint32_t shift_image(const topo *t, symmetry_kind kind, uint32_t v) { return find(kind)->image(t, v); }

int shift_order(const topo *t, symmetry_kind kind) { return order_of(t, find(kind)); }

int shift_check(const topo *t, symmetry_kind kind, char *err, size_t errlen) {
  const symmetry *s = find(kind);
  if (!s) snprintf(err, errlen, "symmetry %d: unknown", (int)kind);
  else if (s->fits(t)) return 0;
  else snprintf(err, errlen, s->refusal, t->name);
  return -1;
}

void shift_symmetry_clauses(cnf *f, const topo *t, symmetry_kind kind, const int *port, int ngens, uint32_t slots,
                            const int *vars) {
  const symmetry *s = find(kind);
  int image[2 * TOPO_MAX_DIMS]; /* the generator the map makes of generator g */
  for (int g = 0; g < ngens; g++) {
    int64_t to = s->image(t, (uint32_t)topo_neighbor(t, 0, port[g]));
    image[g] = g;
    for (int h = 0; h < ngens; h++)
      if (topo_neighbor(t, 0, port[h]) == to) image[g] = h;
  }
  for (uint32_t v = 1; v < t->nodes; v++) {
    if (!full_orbit(t, s, v)) continue;
    const int *row = &vars[(size_t)(v - 1) * slots * (size_t)ngens];
    const int *img = &vars[(size_t)(s->image(t, v) - 1) * slots * (size_t)ngens];
    for (size_t k = 0; k < (size_t)slots * (size_t)ngens; k += (size_t)ngens)
      for (int g = 0; g < ngens; g++)
        if (row[k + (size_t)g]) cnf_2(f, -row[k + (size_t)g], img[k + (size_t)image[g]]);
  }
}
