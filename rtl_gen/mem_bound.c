/* mem_bound.c — the lifetime minimum of packet memory (see mem_bound.h). */
#include "mem_bound.h"

#include <stdlib.h>

/* The most packets program u holds at once; last[] and delta[] are scratch arrays of
 * (slots+1)*ports and slots+2 entries. */
static uint32_t program_peak(const ir_fabric *f, uint32_t u, uint32_t *last, int32_t *delta) {
  int ports = f->fd->ports;
  size_t arrivals = ((size_t)f->slots + 1) * (size_t)ports;
  for (size_t i = 0; i < arrivals; i++) last[i] = 0;
  for (uint32_t s = 1; s <= f->slots; s++) /* the last slot each arrival (slot, lane) is sent in */
    for (int p = 0; p < ports; p++) {
      const ir_send *o = ir_send_at(f, u, s, p);
      if (o->kind != IR_SEND_FORWARD || s < o->from_slot + 3 || ir_sent_before(f, u, s, o) >= 0)
        continue; /* wire, delay register, or an output register (sent the slot before) */
      uint32_t *l = &last[(size_t)o->from_slot * ports + o->from_lane];
      if (s > *l) *l = s;
    }
  for (uint32_t c = 0; c <= f->slots + 1; c++) delta[c] = 0;
  for (size_t i = 0; i < arrivals; i++)
    if (last[i]) { /* held in cycles a+1 .. last-1 */
      delta[i / (size_t)ports + 1]++;
      delta[last[i]]--;
    }
  uint32_t held = 0, peak = 0;
  for (uint32_t c = 0; c <= f->slots + 1; c++) {
    held += (uint32_t)delta[c];
    if (held > peak) peak = held;
  }
  return peak;
}

uint32_t mem_lifetime_min(const ir_fabric *f) {
  uint32_t *last = malloc(((size_t)f->slots + 1) * (size_t)f->fd->ports * sizeof *last);
  int32_t *delta = malloc(((size_t)f->slots + 2) * sizeof *delta);
  uint32_t peak = 0;
  if (!last || !delta) peak = UINT32_MAX;
  for (uint32_t u = 0; u < f->nprograms && peak != UINT32_MAX; u++) {
    uint32_t p = program_peak(f, u, last, delta);
    if (p > peak) peak = p;
  }
  free(last);
  free(delta);
  return peak;
}
