/* topo.c — topology parsing, adjacency and distance sums (see topo.h). */
#include "model/topo.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A dimension is a cycle (torus, ring) or a path (mesh); radix 2 is both a path and a
 * cycle with one link, and a hypercube is radix-2 dimensions with one port each. complete:N is
 * one dimension whose every two positions are adjacent. */
static int dim_is_cycle(const topo *t, int i) {
  return (t->kind == TOPO_TORUS || t->kind == TOPO_RING) && t->radix[i] > 2;
}

static int is_complete(const topo *t) { return t->kind == TOPO_COMPLETE; }

static uint32_t dim_dist(const topo *t, int i, uint32_t a, uint32_t b) {
  if (is_complete(t)) return a != b;
  uint32_t d = a > b ? a - b : b - a;
  if (dim_is_cycle(t, i) && t->radix[i] - d < d) d = t->radix[i] - d;
  return d;
}

static uint32_t dim_ecc(const topo *t, int i, uint32_t a) {
  uint32_t k = t->radix[i];
  if (is_complete(t)) return k > 1;
  if (dim_is_cycle(t, i)) return k / 2;
  return a > k - 1 - a ? a : k - 1 - a;
}

static uint64_t dim_sum_from(const topo *t, int i, uint32_t a) {
  uint64_t k = t->radix[i];
  if (is_complete(t)) return k - 1;
  if (dim_is_cycle(t, i)) return k * k / 4; /* sum over j of min(j, k-j) */
  return (uint64_t)a * (a + 1) / 2 + (k - 1 - a) * (k - a) / 2;
}

static uint64_t dim_sum_all(const topo *t, int i) {
  uint64_t k = t->radix[i];
  if (is_complete(t)) return k * (k - 1);
  if (dim_is_cycle(t, i)) return k * (k * k / 4);
  return (k * k * k - k) / 3; /* sum over a, b of |a - b| */
}

/* Parses a decimal number made of digits only; returns -1 on anything else or overflow. */
static int64_t parse_count(const char *s, size_t len) {
  if (len == 0 || len > 9) return -1;
  int64_t v = 0;
  for (size_t i = 0; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

/* complete:N's size from args into t; 0, or -1 with the message in err. */
static int parse_complete(const char *spec, const char *args, topo *t, char *err, size_t errlen) {
  int64_t n = parse_count(args, strlen(args));
  if (n < 2 || n > TOPO_MAX_COMPLETE) {
    snprintf(err, errlen,
             "size '%s' in topology '%s' is out of range (expected 2..%d: complete:N has N-1 ports per node, at most %d)",
             args, spec, TOPO_MAX_COMPLETE, TOPO_MAX_PORTS);
    return -1;
  }
  t->kind = TOPO_COMPLETE;
  t->ndims = 1;
  t->radix[0] = (uint32_t)n;
  return 0;
}

int topo_parse(const char *spec, topo *t, char *err, size_t errlen) {
  memset(t, 0, sizeof *t);
  const char *colon = strchr(spec, ':');
  if (!colon) {
    snprintf(err, errlen, "bad topology '%s': expected hypercube:D, ring:N, torus:K1xK2..., mesh:K1xK2... or complete:N",
             spec);
    return -1;
  }
  size_t kind_len = (size_t)(colon - spec);
  const char *args = colon + 1;
  if (kind_len == 9 && !strncmp(spec, "hypercube", 9)) {
    int64_t d = parse_count(args, strlen(args));
    if (d < 1 || d > TOPO_MAX_HYPERCUBE_DIM) {
      snprintf(err, errlen, "hypercube dimension '%s' in topology '%s' is out of range (expected 1..%d)", args,
               spec, TOPO_MAX_HYPERCUBE_DIM);
      return -1;
    }
    t->kind = TOPO_HYPERCUBE;
    t->ndims = (int)d;
    for (int i = 0; i < t->ndims; i++) t->radix[i] = 2;
  } else if (kind_len == 8 && !strncmp(spec, "complete", 8)) {
    if (parse_complete(spec, args, t, err, errlen)) return -1;
  } else if ((kind_len == 4 && !strncmp(spec, "ring", 4)) || (kind_len == 5 && !strncmp(spec, "torus", 5)) ||
             (kind_len == 4 && !strncmp(spec, "mesh", 4))) {
    t->kind = spec[0] == 'r' ? TOPO_RING : spec[0] == 't' ? TOPO_TORUS : TOPO_MESH;
    const char *p = args;
    for (;;) {
      const char *x = strchr(p, 'x');
      size_t len = x ? (size_t)(x - p) : strlen(p);
      int64_t k = parse_count(p, len);
      if (k < 2) {
        snprintf(err, errlen, "size '%.*s' in topology '%s' is out of range (expected a number >= 2)", (int)len, p, spec);
        return -1;
      }
      if (t->ndims == TOPO_MAX_DIMS) {
        snprintf(err, errlen, "topology '%s' has more than %d dimensions", spec, TOPO_MAX_DIMS);
        return -1;
      }
      t->radix[t->ndims++] = (uint32_t)k;
      if (!x) break;
      p = x + 1;
    }
    if (t->kind == TOPO_RING && t->ndims != 1) {
      snprintf(err, errlen, "ring topology '%s' takes one size (ring:N)", spec);
      return -1;
    }
  } else {
    snprintf(err, errlen, "unknown topology kind '%.*s' in '%s' (expected hypercube, ring, torus, mesh or complete)",
             (int)kind_len, spec, spec);
    return -1;
  }
  uint64_t n = 1;
  for (int i = 0; i < t->ndims; i++) {
    t->stride[i] = (uint32_t)n;
    n *= t->radix[i];
    if (n > TOPO_MAX_NODES) {
      snprintf(err, errlen, "topology '%s' has more than %u nodes", spec, TOPO_MAX_NODES);
      return -1;
    }
  }
  t->nodes = (uint32_t)n;
  t->ports = t->kind == TOPO_HYPERCUBE ? t->ndims : is_complete(t) ? (int)n - 1 : 2 * t->ndims;
  int off = snprintf(t->name, sizeof t->name, "%.*s:", (int)kind_len, spec);
  if (t->kind == TOPO_HYPERCUBE) {
    snprintf(t->name + off, sizeof t->name - (size_t)off, "%d", t->ndims);
  } else {
    for (int i = 0; i < t->ndims; i++)
      off += snprintf(t->name + off, sizeof t->name - (size_t)off, i ? "x%u" : "%u", (unsigned)t->radix[i]);
  }
  return 0;
}

int64_t topo_neighbor(const topo *t, uint32_t u, int port) {
  if (u >= t->nodes || port < 0 || port >= t->ports) return -1;
  if (t->kind == TOPO_HYPERCUBE) return u ^ (1u << port);
  if (is_complete(t)) return (u + (uint32_t)port + 1) % t->nodes;
  int i = port / 2;
  uint32_t k = t->radix[i], a = topo_coord(t, u, i), b;
  int wraps = t->kind == TOPO_TORUS || t->kind == TOPO_RING;
  if (port % 2 == 0) { /* +1 */
    if (a + 1 < k) b = a + 1;
    else if (wraps) b = 0;
    else return -1;
  } else { /* -1; absent when radix 2 (it would duplicate the +1 link) */
    if (k == 2 && t->kind != TOPO_MESH) return -1;
    if (a > 0) b = a - 1;
    else if (wraps) b = k - 1;
    else return -1;
  }
  return (int64_t)u - (int64_t)a * t->stride[i] + (int64_t)b * t->stride[i];
}

int topo_in_links(const topo *t, uint32_t v, uint32_t *from, int *port) {
  int n = 0;
  for (int p = 0; p < t->ports; p++) {
    int64_t w = topo_neighbor(t, v, p);
    bool seen = w < 0; /* each neighbour once: on a size-2 cycle both of v's ports lead to it */
    for (int p0 = 0; p0 < p && !seen; p0++) seen = topo_neighbor(t, v, p0) == w;
    for (int q = 0; !seen && q < t->ports; q++)
      if (topo_neighbor(t, (uint32_t)w, q) == (int64_t)v) from[n] = (uint32_t)w, port[n++] = q;
  }
  return n;
}

int topo_port_to(const topo *t, uint32_t u, uint32_t v) {
  if (u >= t->nodes || v >= t->nodes || u == v) return -1;
  if (t->kind == TOPO_HYPERCUBE) {
    uint32_t x = u ^ v;
    return (x & (x - 1)) ? -1 : __builtin_ctz(x);
  }
  if (is_complete(t)) return (int)((v + t->nodes - u) % t->nodes) - 1;
  /* the id difference of a link of dimension i is +-stride_i, or +-(K_i-1)*stride_i across a wrap */
  int64_t diff = (int64_t)v - (int64_t)u;
  uint64_t mag = (uint64_t)(diff < 0 ? -diff : diff);
  for (int i = 0; i < t->ndims; i++) {
    if (mag != t->stride[i] && mag != (uint64_t)(t->radix[i] - 1) * t->stride[i]) continue;
    for (int p = 2 * i; p <= 2 * i + 1; p++)
      if (topo_neighbor(t, u, p) == (int64_t)v) return p;
  }
  return -1;
}

int topo_degree(const topo *t, uint32_t u) {
  int deg = 0;
  for (int p = 0; p < t->ports; p++) deg += topo_neighbor(t, u, p) >= 0;
  return deg;
}

int topo_min_degree(const topo *t) {
  int deg = 0;
  if (is_complete(t)) return t->ports;
  for (int i = 0; i < t->ndims; i++) deg += dim_is_cycle(t, i) ? 2 : 1;
  return deg;
}

uint64_t topo_links(const topo *t) {
  uint64_t links = 0;
  for (int i = 0; i < t->ndims; i++) {
    uint64_t k = t->radix[i], per_line = is_complete(t) ? k * (k - 1) / 2 : dim_is_cycle(t, i) ? k : k - 1;
    links += per_line * (t->nodes / t->radix[i]);
  }
  return links;
}

uint32_t topo_dist(const topo *t, uint32_t u, uint32_t v) {
  if (t->kind == TOPO_HYPERCUBE) return (uint32_t)__builtin_popcount(u ^ v);
  uint32_t d = 0;
  for (int i = 0; i < t->ndims; i++) d += dim_dist(t, i, topo_coord(t, u, i), topo_coord(t, v, i));
  return d;
}

uint32_t topo_eccentricity(const topo *t, uint32_t u) {
  uint32_t e = 0;
  for (int i = 0; i < t->ndims; i++) e += dim_ecc(t, i, topo_coord(t, u, i));
  return e;
}

uint32_t topo_diameter(const topo *t) {
  uint32_t e = 0;
  for (int i = 0; i < t->ndims; i++) e += dim_ecc(t, i, 0); /* coordinate 0 is a farthest-reaching end */
  return e;
}

uint64_t topo_dist_sum_from(const topo *t, uint32_t u) {
  uint64_t s = 0;
  for (int i = 0; i < t->ndims; i++) s += (t->nodes / t->radix[i]) * dim_sum_from(t, i, topo_coord(t, u, i));
  return s;
}

uint64_t topo_dist_sum_all(const topo *t) {
  uint64_t s = 0;
  for (int i = 0; i < t->ndims; i++) {
    uint64_t lines = t->nodes / t->radix[i];
    s += lines * lines * dim_sum_all(t, i);
  }
  return s;
}

topo_translation topo_translation_of(const topo *t) {
  switch (t->kind) {
  case TOPO_HYPERCUBE: return TRANS_XOR;
  case TOPO_RING:
  case TOPO_TORUS:
  case TOPO_COMPLETE: return TRANS_ADD;
  default: return TRANS_NONE;
  }
}

const char *topo_translation_name(topo_translation tr) {
  static const char *const names[] = {"none", "xor", "add"};
  return names[tr];
}

uint32_t topo_add(const topo *t, uint32_t u, uint32_t x) {
  if (t->kind == TOPO_HYPERCUBE) return u ^ x;
  uint32_t r = 0;
  for (int i = 0; i < t->ndims; i++) {
    uint32_t k = t->radix[i], c = topo_coord(t, u, i) + topo_coord(t, x, i);
    r += (c >= k ? c - k : c) * t->stride[i];
  }
  return r;
}

uint32_t topo_sub(const topo *t, uint32_t u, uint32_t v) {
  if (t->kind == TOPO_HYPERCUBE) return u ^ v;
  uint32_t r = 0;
  for (int i = 0; i < t->ndims; i++) {
    uint32_t k = t->radix[i], a = topo_coord(t, u, i), b = topo_coord(t, v, i);
    r += (a >= b ? a - b : a + k - b) * t->stride[i];
  }
  return r;
}

void topo_port_name(const topo *t, int port, char *buf, size_t len) {
  if (t->kind == TOPO_HYPERCUBE) snprintf(buf, len, "e%d", port);
  else if (is_complete(t)) snprintf(buf, len, "+%d", port + 1);
  else snprintf(buf, len, "%ce%d", port % 2 ? '-' : '+', port / 2);
}

uint32_t topo_colour(const topo *t, uint32_t u) {
  if (t->kind == TOPO_HYPERCUBE) return (uint32_t)__builtin_parity(u); /* on the template expansion's hot path */
  uint32_t c = 0;
  for (int i = 0; i < t->ndims; i++) c += topo_coord(t, u, i);
  return c % 2;
}
