/* ring_phase.c — a reduce-scatter or all-gather phase along one cycle (see ring_phase.h). */
#include "construct/ring_phase.h"

/* Hops of chunk t the + way round. */
static uint32_t plus_hops(const ring_line *l, uint32_t t) {
  if (!l->both || l->k <= 2) return l->k - 1;
  return t % 2 ? (l->k - 1) / 2 : l->k / 2;
}

uint32_t ring_phase_slots(const ring_line *l) {
  uint32_t slots = 0;
  for (uint32_t t = 0; t < l->nblock; t++) slots += plus_hops(l, t);
  return slots;
}

int ring_phase(sched *s, const ring_line *l, uint32_t base, bool gather) {
  uint32_t k = l->k, plus_at = base, minus_at = base; /* each stream's last slot before chunk t */
  uint32_t word = gather ? ORIGIN_COPY : ORIGIN_MOVE;
  for (uint32_t t = 0; t < l->nblock; t++) {
    uint32_t a = plus_hops(l, t), b = k - 1 - a;
    for (uint32_t p = 0; p < k; p++) {
      int32_t chunk = (int32_t)(l->cyc[p] % l->mod + t * l->mod);
      /* + stream, hop h: reduce-scatter from p-a+h-1 to p-a+h (ends at p); all-gather from
       * p+h-1 to p+h (starts at p) */
      for (uint32_t h = 1; h <= a; h++) {
        uint32_t from = gather ? (p + h - 1) % k : (p + k - a + h - 1) % k;
        if (sched_add(s, plus_at + h, l->cyc[from], l->cyc[(from + 1) % k], word, chunk)) return -1;
      }
      /* - stream, hop h: from p+b-h+1 to p+b-h, or from p-h+1 to p-h */
      for (uint32_t h = 1; h <= b; h++) {
        uint32_t from = gather ? (p + k - h + 1) % k : (p + b - h + 1) % k;
        if (sched_add(s, minus_at + h, l->cyc[from], l->cyc[(from + k - 1) % k], word, chunk)) return -1;
      }
    }
    plus_at += a;
    minus_at += b;
  }
  return 0;
}
