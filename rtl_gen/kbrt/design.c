/* design.c — the run-time kbcast router's sizes and configuration words (design.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "design.h"

static int clog2(uint64_t n) {
  int b = 0;
  while ((1ull << b) < n) b++;
  return b;
}

int kbrt_design_init(kbrt_design *k, int d, int payload_width, char *err, size_t errlen) {
  *k = (kbrt_design){.d = d, .nodes = 1u << d, .id_width = d, .payload_width = payload_width};
  k->packet_width = d + payload_width;
  k->flit_width = 2 + k->packet_width;
  k->count_width = d + 1;
  k->port_width = clog2((uint64_t)d);
  k->lvl_width = clog2((uint64_t)d + 1);
  uint32_t per_root = kbrt_ceil_div(k->nodes, (uint32_t)d);
  k->max_slots = 2 * per_root + 4 * (uint32_t)d + 1;
  k->cycle_width = clog2((uint64_t)k->max_slots + 2); /* never reaches all ones in a run */
  k->node = calloc(k->nodes, sizeof *k->node);
  if (!k->node) {
    snprintf(err, errlen, "out of memory for the tables of %u nodes", (unsigned)k->nodes);
    return -1;
  }
  for (uint32_t u = 0; u < k->nodes; u++) {
    if (kbrt_node_tables(d, u, &k->node[u], err, errlen)) return -1;
    for (int q = 0; q < d; q++)
      if (k->node[u].fifo_bound[q] > k->fifo_depth) k->fifo_depth = k->node[u].fifo_bound[q];
  }
  if (k->fifo_depth < 1) k->fifo_depth = 1;
  k->fifo_bound = k->fifo_depth;
  k->fifo_count_width = clog2((uint64_t)k->fifo_depth + 1);
  int next = 0, pw = k->port_width;
  k->f_node = next, next += d;
  k->f_lvl = next, next += k->lvl_width;
  k->f_root = next, next += 1;
  k->f_own = next, next += d * pw;
  k->f_inv = next, next += d;
  k->f_in = next, next += d * pw;
  k->f_p3v = next, next += d;
  k->f_p3 = next, next += d * pw;
  k->f_mask = next, next += d * d;
  k->cfg_width = next;
  return 0;
}

void kbrt_design_free(kbrt_design *k) {
  free(k->node);
  k->node = NULL;
}

static void put(uint8_t *bits, int lsb, int width, uint32_t v) {
  for (int b = 0; b < width; b++) bits[lsb + b] = v >> b & 1;
}

void kbrt_cfg_hex(const kbrt_design *k, uint32_t u, char *buf) {
  uint8_t bits[1024] = {0};
  const kbrt_node *t = &k->node[u];
  int d = k->d, pw = k->port_width;
  put(bits, k->f_node, d, u);
  put(bits, k->f_lvl, k->lvl_width, (uint32_t)t->lvl);
  put(bits, k->f_root, 1, t->is_root);
  for (int i = 0; i < d; i++) {
    put(bits, k->f_own + i * pw, pw, (uint32_t)t->own_fifo[i]);
    put(bits, k->f_inv + i, 1, t->in_fifo[i] != KBRT_NONE);
    put(bits, k->f_in + i * pw, pw, t->in_fifo[i] == KBRT_NONE ? 0 : (uint32_t)t->in_fifo[i]);
    put(bits, k->f_p3v + i, 1, t->p3_src[i] != KBRT_NONE);
    put(bits, k->f_p3 + i * pw, pw, t->p3_src[i] == KBRT_NONE ? 0 : (uint32_t)t->p3_src[i]);
    put(bits, k->f_mask + i * d, d, t->dmask[i]);
  }
  int digits = (k->cfg_width + 3) / 4;
  for (int i = 0; i < digits; i++) {
    int v = 0, base = 4 * (digits - 1 - i);
    for (int b = 0; b < 4; b++) v |= bits[base + b] << b;
    buf[i] = "0123456789abcdef"[v];
  }
  buf[digits] = '\0';
}
