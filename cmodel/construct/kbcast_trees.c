/* kbcast_trees.c — 001 §2.1.3's trees and the gather/broadcast of 001 §3.2 (see
 * kbcast.h and docs/KBCAST.md). */
#include "construct/kbcast.h"

#include <stdlib.h>

/* The place of dimension q in tree j's order (0 first, d-1 last). */
static int order_pos(int d, int j, int q) { return ((q - j - 1) % d + d) % d; }

int kb_tree_up_port(int d, int j, uint32_t y) {
  uint32_t need = y ^ (1u << j);
  int best = -1;
  for (int q = 0; q < d; q++)
    if ((need >> q & 1) && (best < 0 || order_pos(d, j, q) > order_pos(d, j, best))) best = q;
  return best;
}

uint32_t kb_tree_down_ports(int d, int j, uint32_t y) {
  int up = kb_tree_up_port(d, j, y), last = up < 0 ? -1 : order_pos(d, j, up);
  uint32_t ports = 0;
  for (int q = 0; q < d; q++)
    if (order_pos(d, j, q) > last) ports |= 1u << q;
  return ports;
}

int kb_tree_of_up_arc(int d, uint32_t z, int q) {
  for (int j = 0; j < d; j++)
    if (kb_tree_up_port(d, j, z ^ (1u << q)) == q) return j;
  return -1;
}

int kb_gather_broadcast(sched *s, const int *tree_of, uint32_t first, uint32_t phase2_slots, int broadcast,
                        uint32_t *gathered, uint32_t *max_load) {
  int d = s->topo.ndims;
  uint32_t n = s->topo.nodes, k = s->active.n;
  const uint32_t *ids = s->active.ids;
  /* FIFOs as linked lists of packet indices: one per (node, out-port), one list per root */
  int32_t *next = malloc(k * sizeof *next), *head = malloc((size_t)n * d * sizeof *head),
          *tail = malloc((size_t)n * d * sizeof *tail), *sent = malloc((size_t)n * d * sizeof *sent);
  uint32_t *down = malloc(n * sizeof *down); /* phase 3: each node's ports down the current tree */
  int32_t *list_head = malloc(d * sizeof *list_head), *list_tail = malloc(d * sizeof *list_tail);
  int8_t *up = malloc((size_t)n * d), *in_tree = malloc((size_t)n * d);
  uint32_t *load = calloc(d, sizeof *load);
  int rc = -1;
  if (!next || !head || !tail || !sent || !down || !list_head || !list_tail || !up || !in_tree || !load) goto out;
  for (uint32_t z = 0; z < n; z++)
    for (int j = 0; j < d; j++) {
      up[(size_t)z * d + j] = (int8_t)kb_tree_up_port(d, j, z);
      in_tree[(size_t)z * d + j] = (int8_t)kb_tree_of_up_arc(d, z, j); /* here j is the in-port */
      head[(size_t)z * d + j] = tail[(size_t)z * d + j] = -1;
    }
  for (int j = 0; j < d; j++) list_head[j] = list_tail[j] = -1;
#define APPEND(h, t, p) (next[p] = -1, (t) >= 0 ? (next[t] = (p)) : ((h) = (p)), (t) = (p))
  uint32_t in_flight = 0;
  for (uint32_t i = 0; i < k; i++) { /* own packets first: at the root, or queued towards it */
    int j = tree_of[i];
    load[j]++;
    if (ids[i] == 1u << j) {
      APPEND(list_head[j], list_tail[j], (int32_t)i);
    } else {
      size_t f = (size_t)ids[i] * d + (size_t)up[(size_t)ids[i] * d + j];
      APPEND(head[f], tail[f], (int32_t)i);
      in_flight++;
    }
  }
  uint32_t slot = first, last_arrival = first - 1;
  for (; in_flight; slot++) {
    for (size_t f = 0; f < (size_t)n * d; f++) { /* every non-empty FIFO sends its head */
      sent[f] = head[f];
      if (head[f] < 0) continue;
      uint32_t z = (uint32_t)(f / (size_t)d);
      int q = (int)(f % (size_t)d);
      if (sched_add(s, slot, z, z ^ (1u << q), ids[head[f]], -1)) goto out;
      head[f] = next[head[f]];
      if (head[f] < 0) tail[f] = -1;
    }
    for (uint32_t z = 0; z < n; z++) /* arrivals, in the order of the ports they come in on */
      for (int q = 0; q < d; q++) {
        int32_t p = sent[(size_t)(z ^ (1u << q)) * d + (size_t)q];
        if (p < 0) continue;
        int j = in_tree[(size_t)z * d + q];
        if (z == 1u << j) {
          APPEND(list_head[j], list_tail[j], p);
          in_flight--;
          last_arrival = slot;
        } else {
          size_t f = (size_t)z * d + (size_t)up[(size_t)z * d + j];
          APPEND(head[f], tail[f], p);
        }
      }
  }
#undef APPEND
  uint32_t used = last_arrival + 1 - first, most = 0;
  for (int j = 0; j < d; j++) most = load[j] > most ? load[j] : most;
  if (gathered) *gathered = used;
  if (max_load) *max_load = most;
  if (phase2_slots && used > phase2_slots) {
    rc = -2;
    goto out;
  }
  uint32_t p3 = first + (phase2_slots ? phase2_slots : used); /* the first slot of phase 3 */
  for (int j = 0; broadcast && j < d; j++) { /* item i (1..) leaves the root in slot p3-1+i, one level a slot */
    for (uint32_t y = 0; y < n; y++) down[y] = kb_tree_down_ports(d, j, y);
    uint32_t i = 1;
    for (int32_t p = list_head[j];; p = next[p], i++) {
      for (uint32_t y = 0; y < n; y++) {
        uint32_t depth = (uint32_t)__builtin_popcount(y ^ (1u << j)), ports = down[y];
        for (int q = 0; q < d; q++)
          if ((ports >> q & 1) &&
              sched_add(s, p3 - 1 + i + depth, y, y ^ (1u << q), p < 0 ? 1u << j : ids[p], p < 0 ? KBCAST_END : -1))
            goto out;
      }
      if (p < 0) break;
    }
  }
  rc = 0;
out:
  free(next), free(head), free(tail), free(sent), free(down), free(list_head), free(list_tail), free(up), free(in_tree), free(load);
  return rc;
}
