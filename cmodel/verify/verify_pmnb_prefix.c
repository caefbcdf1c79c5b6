/* verify_pmnb_prefix.c — see verify_pmnb_prefix.h. The slot layout comes from pmnb_prefix.h;
 * the values are counted here over sorted member numbers, not accumulated as the generator
 * does. */
#include "verify/verify_pmnb_prefix.h"

#include <stdio.h>
#include <stdlib.h>

#include "model/pmnb_order.h"
#include "model/pmnb_prefix.h"

struct pmnb_prefix_check {
  topo t;
  sched layout;      /* topology and fraction, for pmnb_prefix.h's layout */
  int d, instances;
  uint32_t *numbers; /* per (instance, class): its members' numbers in the class's order, sorted */
  uint32_t *count;   /* per (instance, class): how many */
  uint64_t seen, expected;
  uint32_t first_packet_slot;
};

static int by_value(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* Members of (instance, class) with numbers below v. */
static uint32_t below(const pmnb_prefix_check *k, int inst, int c, uint32_t v) {
  size_t slot = (size_t)inst * (size_t)k->d + (size_t)c;
  const uint32_t *a = k->numbers + slot * k->t.nodes;
  uint32_t lo = 0, hi = k->count[slot];
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

pmnb_prefix_check *pmnb_prefix_check_new(const topo *t, const active_set *a, uint32_t fraction) {
  pmnb_prefix_check *k = calloc(1, sizeof *k);
  if (!k) return NULL;
  k->t = *t;
  sched_init(&k->layout, t, TASK_PMNB, MODEL_MLA, -1);
  k->layout.fraction = fraction;
  k->d = t->ndims;
  k->instances = (int)pmnb_prefix_instances(&k->layout);
  size_t groups = (size_t)k->instances * (size_t)k->d;
  k->numbers = malloc(groups * t->nodes * sizeof *k->numbers);
  k->count = calloc(groups, sizeof *k->count);
  if (!k->numbers || !k->count) {
    pmnb_prefix_check_free(k);
    return NULL;
  }
  /* the members: every active node (split; the whole-packet first instance, class 0 only),
   * or those of rank r with r mod d = c (whole packets, second instance) */
  for (int inst = 0; inst < k->instances; inst++)
    for (int c = 0; c < k->d; c++) {
      size_t g = (size_t)inst * (size_t)k->d + (size_t)c;
      if (k->instances == 2 && inst == 0 && c > 0) continue;
      for (uint32_t r = 0; r < a->n; r++)
        if (k->instances == 1 || inst == 0 || (int)(r % (uint32_t)k->d) == c)
          k->numbers[g * t->nodes + k->count[g]++] = pmnb_class_number(t, c, a->ids[r]);
      qsort(k->numbers + g * t->nodes, k->count[g], sizeof *k->numbers, by_value);
      /* every line of every level sends K-1 counters forward and K-1 back */
      uint64_t lines_below = t->nodes;
      for (int j = 0; j < k->d; j++) {
        uint32_t radix = t->radix[pmnb_class_dim(k->d, c, j)];
        lines_below /= radix;
        k->expected += 2 * lines_below * (radix - 1);
      }
    }
  return k;
}

void pmnb_prefix_check_free(pmnb_prefix_check *k) {
  if (!k) return;
  free(k->numbers);
  free(k->count);
  free(k);
}

void pmnb_prefix_note_packet(pmnb_prefix_check *k, uint32_t slot) {
  if (!k->first_packet_slot || slot < k->first_packet_slot) k->first_packet_slot = slot;
}

int pmnb_prefix_check_counter(pmnb_prefix_check *k, const sched_row *r, char *why, size_t len) {
  const topo *t = &k->t;
  uint32_t f = k->layout.fraction, span = pmnb_prefix_span(t), width = 2 * (uint32_t)k->d * span;
  if ((r->slot - 1) % f) {
    snprintf(why, len, "a counter of the rank phase must start a prefix step (slots 1, %u, %u, ...)", f + 1, 2 * f + 1);
    return 1;
  }
  uint32_t step = (r->slot - 1) / f, inst = step / width, within = step % width;
  if (inst >= (uint32_t)k->instances) {
    snprintf(why, len, "a counter after the rank phase (%u steps of %u slots)", k->instances * width, f);
    return 1;
  }
  int reverse = within >= width / 2, sub = (int)(within % (width / 2) / span), j = reverse ? k->d - 1 - sub : sub;
  uint32_t step_in = within % span + 1;
  int port = topo_port_to(t, r->src, r->dst), i = port / 2, c = ((i - j) % k->d + k->d) % k->d;
  if (k->instances == 2 && inst == 0 && c != 0) {
    snprintf(why, len, "the first prefix (ranks in the usual order, 004 s3.2) uses dimension %d in this step, not %d", j, i);
    return 1;
  }
  for (int lo = 0; lo < j; lo++) {
    int di = pmnb_class_dim(k->d, c, lo);
    if (topo_coord(t, r->src, di) != t->radix[di] - 1) {
      snprintf(why, len, "node %u is not on a level-%d line of class %d's prefix tree (its digit %d is not %u)", r->src, j, c,
               di, t->radix[di] - 1);
      return 1;
    }
  }
  uint32_t k_i = t->radix[i], pos = topo_coord(t, r->src, i), want_pos = reverse ? k_i - step_in : step_in - 1;
  if (step_in > k_i - 1 || (port & 1) != reverse || pos != want_pos) {
    snprintf(why, len, "step %u of %s subphase %d (class %d) is sent %s from position %u of its line, not here",
             step_in, reverse ? "reverse" : "forward", j, c, reverse ? "down" : "up", want_pos);
    return 1;
  }
  uint32_t width_j = 1; /* numbers per position of a level-j line */
  for (int lo = 0; lo < j; lo++) width_j *= t->radix[pmnb_class_dim(k->d, c, lo)];
  uint32_t num = pmnb_class_number(t, c, r->src), line = num - num % (width_j * k_i);
  uint32_t want = reverse ? below(k, (int)inst, c, line) : below(k, (int)inst, c, line + step_in * width_j) - below(k, (int)inst, c, line);
  if (r->origin != want) {
    snprintf(why, len, "the counter is %u; the %s value here is %u (class %d's members %s)", r->origin,
             reverse ? "line's offset" : "count so far", want, c, reverse ? "before the line" : "in the positions before");
    return 1;
  }
  k->seen++;
  return 0;
}

int pmnb_prefix_check_finish(const pmnb_prefix_check *k, char *msg, size_t len) {
  if (!k->seen) return 0;
  if (k->seen != k->expected) {
    snprintf(msg, len, "incomplete: the rank phase has %llu of its %llu counters", (unsigned long long)k->seen,
             (unsigned long long)k->expected);
    return 1;
  }
  uint32_t end = pmnb_prefix_slots(&k->layout);
  if (k->first_packet_slot && k->first_packet_slot <= end) {
    snprintf(msg, len, "a packet moves in slot %u, during the rank phase (slots 1..%u): its rank is not known yet",
             k->first_packet_slot, end);
    return 1;
  }
  return 0;
}
