/* verify_kbcast.c — kbcast's bookkeeping in the verifier (see verify_kbcast.h). */
#include "verify/verify_kbcast.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"
#include "util/memlimit.h"

#define MAX_END_ORIGINS 64

typedef struct {
  uint32_t node, item; /* item: a packet index, or MAX + an end-origin index */
  bool end;
} kb_arrival;

struct kbcast_state {
  uint32_t n, d, k;
  int32_t *index;        /* the packet index of each active node, -1 for the others */
  uint32_t *below;       /* below[x]: active nodes with id < x (x = 0..n) */
  uint64_t *held;        /* bit node * k + packet */
  uint32_t *nheld;       /* packets each node holds */
  uint32_t *complete_at; /* the slot at whose end the node held all k (0: from the start) */
  uint32_t *last_end_at; /* the slot of the node's last first-reception of a termination */
  uint32_t end_origin[MAX_END_ORIGINS], nend;
  uint64_t *end_held[MAX_END_ORIGINS]; /* bit per node */
  uint64_t counters[3];  /* counter rows seen: up-sweep, down-sweep, K to the roots */
  uint32_t slot;
  kb_arrival *pending;
  size_t npending, cap_pending;
};

static int bit_get(const uint64_t *b, uint64_t i) { return (int)(b[i >> 6] >> (i & 63) & 1); }
static void bit_set(uint64_t *b, uint64_t i) { b[i >> 6] |= 1ull << (i & 63); }

uint32_t kbcast_active_count(const kbcast_state *k) { return k->k; }

void kbcast_free(kbcast_state *k) {
  if (!k) return;
  free(k->index);
  free(k->below);
  free(k->held);
  free(k->nheld);
  free(k->complete_at);
  free(k->last_end_at);
  for (uint32_t i = 0; i < k->nend; i++) free(k->end_held[i]);
  free(k->pending);
  free(k);
}

kbcast_state *kbcast_new(const topo *t, const active_set *a, char *err, size_t errlen) {
  if (t->kind != TOPO_HYPERCUBE) {
    snprintf(err, errlen, "task kbcast is defined on the hypercube (001), not on %s", t->name);
    return NULL;
  }
  if (a->n == 0) {
    snprintf(err, errlen, "task kbcast needs a non-empty active set (--active LIST or --k K)");
    return NULL;
  }
  uint64_t n = t->nodes, bytes;
  char why[200];
  if (mem_check((n * a->n + 63) / 64, sizeof(uint64_t), "a bit per node and active packet", &bytes, why, sizeof why)) {
    snprintf(err, errlen, "kbcast on %s: %s", t->name, why);
    return NULL;
  }
  kbcast_state *k = calloc(1, sizeof *k);
  if (!k) goto oom;
  k->n = (uint32_t)n;
  k->d = (uint32_t)t->ndims;
  k->k = a->n;
  k->index = malloc(n * sizeof *k->index);
  k->below = calloc(n + 1, sizeof *k->below);
  k->held = calloc((n * a->n + 63) / 64, sizeof *k->held);
  k->nheld = calloc(n, sizeof *k->nheld);
  k->complete_at = calloc(n, sizeof *k->complete_at);
  k->last_end_at = calloc(n, sizeof *k->last_end_at);
  if (!k->index || !k->below || !k->held || !k->nheld || !k->complete_at || !k->last_end_at) goto oom;
  for (uint64_t x = 0; x < n; x++) k->index[x] = -1;
  for (uint32_t i = 0; i < a->n; i++) {
    uint32_t x = a->ids[i];
    k->index[x] = (int32_t)i;
    bit_set(k->held, (uint64_t)x * a->n + i);
    k->nheld[x] = 1;
  }
  for (uint64_t x = 0; x < n; x++) k->below[x + 1] = k->below[x] + (k->index[x] >= 0);
  return k;
oom:
  kbcast_free(k);
  snprintf(err, errlen, "out of memory setting up the verifier for kbcast on %s", t->name);
  return NULL;
}

/* Active nodes among ids lo..hi. */
static uint32_t count(const kbcast_state *k, uint32_t lo, uint32_t hi) { return k->below[hi + 1] - k->below[lo]; }

/* The counter the prefix protocol (docs/KBCAST.md phase 1) sends on src->dst in slot s, or -1
 * if it sends none there. */
static int64_t expected_counter(const kbcast_state *k, uint32_t s, uint32_t src, uint32_t dst) {
  uint32_t d = k->d;
  if (s >= 1 && s <= d) { /* up-sweep: the count of the block of 2^(s-1) ids from src */
    uint32_t half = 1u << (s - 1);
    if (src % (2 * half) != half || dst != src - half) return -1;
    return count(k, src, src + half - 1);
  }
  if (s > d && s <= 2 * d) { /* down-sweep: the count above src's block of 2^level ids */
    uint32_t level = 2 * d + 1 - s, half = 1u << (level - 1);
    if (src % (2 * half) != 0 || dst != src + half) return -1;
    return src + 2 * half >= k->n ? 0 : count(k, src + 2 * half, k->n - 1);
  }
  if (s == 2 * d + 1 && src == 0 && dst && !(dst & (dst - 1))) return k->k; /* K to the roots */
  return -1;
}

static int push(kbcast_state *k, uint32_t node, uint32_t item, bool end, char *msg, size_t len) {
  kb_arrival *p = grow_array(k->pending, &k->cap_pending, k->npending, sizeof *p, 256);
  if (!p) {
    snprintf(msg, len, "out of memory holding the words received in one slot");
    return 2;
  }
  k->pending = p;
  k->pending[k->npending++] = (kb_arrival){node, item, end};
  return 0;
}

int kbcast_feed(kbcast_state *k, const sched_row *r, char *msg, size_t len) {
  k->slot = r->slot;
  if (r->dest == KBCAST_COUNTER) {
    int64_t want = expected_counter(k, r->slot, r->src, r->dst);
    if (want < 0) {
      snprintf(msg, len, "no counter of the prefix phase (docs/KBCAST.md: slots 1..%u) travels on %u->%u in slot %u",
               2 * k->d + 1, (unsigned)r->src, (unsigned)r->dst, (unsigned)r->slot);
      return 1;
    }
    if (r->origin != (uint64_t)want) {
      snprintf(msg, len, "the counter is %u, but the prefix protocol carries %lld here for this active set",
               (unsigned)r->origin, (long long)want);
      return 1;
    }
    k->counters[r->slot <= k->d ? 0 : r->slot <= 2 * k->d ? 1 : 2]++;
    return 0;
  }
  if (r->dest == KBCAST_END) {
    uint32_t e = 0;
    while (e < k->nend && k->end_origin[e] != r->origin) e++;
    if (e == k->nend) {
      if (r->origin >= k->n || r->src != r->origin) {
        snprintf(msg, len, "node %u sends a termination of %u that it never received", (unsigned)r->src,
                 (unsigned)r->origin);
        return 1;
      }
      if (k->nend == MAX_END_ORIGINS) {
        snprintf(msg, len, "more than %d nodes start termination packets", MAX_END_ORIGINS);
        return 1;
      }
      k->end_held[e] = calloc((k->n + 63) / 64, sizeof(uint64_t));
      if (!k->end_held[e]) {
        snprintf(msg, len, "out of memory tracking termination packets");
        return 2;
      }
      k->end_origin[e] = r->origin;
      bit_set(k->end_held[e], r->origin);
      k->nend++;
    }
    if (!bit_get(k->end_held[e], r->src)) {
      snprintf(msg, len, "node %u does not hold the termination of %u at the start of slot %u", (unsigned)r->src,
               (unsigned)r->origin, (unsigned)r->slot);
      return 1;
    }
    return push(k, r->dst, e, true, msg, len);
  }
  if (r->dest != -1 || r->origin >= k->n || k->index[r->origin] < 0) {
    snprintf(msg, len, "this word is not part of task kbcast (origin %u is not active, or dest is not -1, -2 or -3)",
             (unsigned)r->origin);
    return 1;
  }
  uint32_t p = (uint32_t)k->index[r->origin];
  if (!bit_get(k->held, (uint64_t)r->src * k->k + p)) {
    snprintf(msg, len, "node %u does not hold the packet at the start of slot %u", (unsigned)r->src, (unsigned)r->slot);
    return 1;
  }
  return push(k, r->dst, p, false, msg, len);
}

void kbcast_end_slot(kbcast_state *k) {
  for (size_t i = 0; i < k->npending; i++) {
    const kb_arrival *a = &k->pending[i];
    if (a->end) {
      if (!bit_get(k->end_held[a->item], a->node)) {
        bit_set(k->end_held[a->item], a->node);
        k->last_end_at[a->node] = k->slot;
      }
    } else if (!bit_get(k->held, (uint64_t)a->node * k->k + a->item)) {
      bit_set(k->held, (uint64_t)a->node * k->k + a->item);
      if (++k->nheld[a->node] == k->k) k->complete_at[a->node] = k->slot;
    }
  }
  k->npending = 0;
}

int kbcast_finish(kbcast_state *k, char *msg, size_t len) {
  kbcast_end_slot(k);
  /* each protocol position is a distinct (slot, src, dst) and was checked: counts suffice */
  uint64_t sweep = (uint64_t)k->n - 1, *c = k->counters;
  if ((c[0] || c[1] || c[2]) && (c[0] != sweep || c[1] != sweep || (c[2] && c[2] != k->d))) {
    snprintf(msg, len,
             "incomplete: the prefix phase's counters are %llu of %llu (up-sweep), %llu of %llu (down-sweep), %llu of "
             "%u (K to the roots; or none)",
             (unsigned long long)c[0], (unsigned long long)sweep, (unsigned long long)c[1], (unsigned long long)sweep,
             (unsigned long long)c[2], (unsigned)k->d);
    return 1;
  }
  for (uint32_t u = 0; u < k->n; u++) {
    if (k->nheld[u] == k->k) continue;
    uint32_t p = 0;
    while (bit_get(k->held, (uint64_t)u * k->k + p)) p++;
    uint32_t origin = 0;
    while (k->index[origin] != (int32_t)p) origin++;
    snprintf(msg, len, "incomplete: node %u never receives the packet of origin %u", (unsigned)u, (unsigned)origin);
    return 1;
  }
  for (uint32_t e = 0; e < k->nend; e++)
    for (uint32_t u = 0; u < k->n; u++)
      if (!bit_get(k->end_held[e], u)) {
        snprintf(msg, len, "incomplete: node %u never receives the termination of %u", (unsigned)u,
                 (unsigned)k->end_origin[e]);
        return 1;
      }
  for (uint32_t u = 0; k->nend && u < k->n; u++)
    if (k->last_end_at[u] && k->last_end_at[u] < k->complete_at[u]) {
      snprintf(msg, len, "node %u receives its last termination in slot %u but its last packet only in slot %u",
               (unsigned)u, (unsigned)k->last_end_at[u], (unsigned)k->complete_at[u]);
      return 1;
    }
  return 0;
}
