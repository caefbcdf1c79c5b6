/* verify_pexchange_sums.c — see verify_pexchange_sums.h. The slot layout comes from
 * pexchange_sums.h; the values are counted here over the line's positions, not accumulated as
 * the generator does. */
#include "verify/verify_pexchange_sums.h"

#include <stdio.h>
#include <stdlib.h>

#include "model/pexchange_sums.h"

struct pexchange_sums_check {
  topo t;
  unsigned char *active; /* a byte per node */
  uint64_t seen, expected;
  uint32_t first_packet_slot;
};

pexchange_sums_check *pexchange_sums_check_new(const topo *t, const active_set *a) {
  pexchange_sums_check *k = calloc(1, sizeof *k);
  if (!k || !(k->active = calloc(t->nodes, 1))) {
    free(k);
    return NULL;
  }
  k->t = *t;
  for (uint32_t j = 0; j < a->n; j++) k->active[a->ids[j]] = 1;
  for (int i = 0; i < t->ndims; i++) /* every line sends k-1 counters each way */
    k->expected += (uint64_t)(t->nodes / t->radix[i]) * 2 * (t->radix[i] - 1);
  return k;
}

void pexchange_sums_check_free(pexchange_sums_check *k) {
  if (!k) return;
  free(k->active);
  free(k);
}

void pexchange_sums_note_packet(pexchange_sums_check *k, uint32_t slot) {
  if (!k->first_packet_slot || slot < k->first_packet_slot) k->first_packet_slot = slot;
}

int pexchange_sums_check_counter(pexchange_sums_check *k, const sched_row *r, char *why, size_t len) {
  const topo *t = &k->t;
  uint32_t span = pexchange_sums_slots(t);
  if (r->slot > span) {
    snprintf(why, len, "a counter after phase 1 (the row and column counts, slots 1..%u)", span);
    return 1;
  }
  int port = topo_port_to(t, r->src, r->dst), i = port / 2, reverse = port & 1;
  uint32_t radix = t->radix[i], pos = topo_coord(t, r->src, i), step = r->slot;
  uint32_t want_pos = reverse ? radix - step : step - 1;
  if (step > radix - 1 || pos != want_pos) {
    snprintf(why, len, "in slot %u a line of dimension %d sends its %s counter from position %s, not from %u", step, i,
             reverse ? "reverse (-1)" : "forward (+1)", step > radix - 1 ? "none (its sweep is over)" : "another", pos);
    return 1;
  }
  uint32_t lo = reverse ? radix - step : 0, hi = reverse ? radix : step, want = 0;
  uint32_t line = r->src - pos * t->stride[i];
  for (uint32_t x = lo; x < hi; x++) want += k->active[line + x * t->stride[i]];
  if (r->origin != want) {
    snprintf(why, len, "the counter is %u; the line of dimension %d has %u active nodes in positions %u..%u", r->origin,
             i, want, lo, hi - 1);
    return 1;
  }
  k->seen++;
  return 0;
}

int pexchange_sums_check_finish(const pexchange_sums_check *k, char *msg, size_t len) {
  if (!k->seen) return 0;
  if (k->seen != k->expected) {
    snprintf(msg, len, "incomplete: phase 1 (the row and column counts) has %llu of its %llu counters",
             (unsigned long long)k->seen, (unsigned long long)k->expected);
    return 1;
  }
  uint32_t end = pexchange_sums_slots(&k->t);
  if (k->first_packet_slot && k->first_packet_slot <= end) {
    snprintf(msg, len, "a packet moves in slot %u, during phase 1 (slots 1..%u): its class is not known yet",
             k->first_packet_slot, end);
    return 1;
  }
  return 0;
}
