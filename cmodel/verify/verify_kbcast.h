/* verify_kbcast.h — the verifier's bookkeeping for kbcast (001; docs/KBCAST.md).
 *
 * Data rows (dest -1): the origin must be active and held by the sender at the start of the
 * slot; at the end every node must hold every active node's packet. Counter rows (dest -2,
 * origin = value) must be exactly the prefix protocol of docs/KBCAST.md phase 1 — its links,
 * its slots, and values equal to the counts of active nodes over the id intervals the
 * protocol names, counted here from the active set — all of them, all but the K sent to the
 * roots (a schedule that needs no roots), or none. Termination rows
 * (dest -3, origin = r): sent by r or by a node that received r's termination in an earlier
 * slot; if any exist, every node must receive every started termination, and no node may
 * receive its last one before it holds all K packets (it would stop early).
 *
 * Memory: a bit per (node, active packet), a bit per (node, termination origin), a few words
 * per node.
 */
#ifndef ROMNOC_VERIFY_KBCAST_H
#define ROMNOC_VERIFY_KBCAST_H

#include <stddef.h>

#include "model/schedule.h"

typedef struct kbcast_state kbcast_state;

/* NULL with a message in err (not a hypercube, an empty set, over the memory limit). */
kbcast_state *kbcast_new(const topo *t, const active_set *a, char *err, size_t errlen);

/* Checks and records row r (capacity and order already checked). 0, or 1 with the reason in
 * msg, or 2 if memory runs out. */
int kbcast_feed(kbcast_state *k, const sched_row *r, char *msg, size_t len);

/* Ends the current slot (receptions are held from its end on). */
void kbcast_end_slot(kbcast_state *k);

/* After the last slot: 0, or 1 with a message (an undelivered packet, a missing counter, a
 * termination missing or early). */
int kbcast_finish(kbcast_state *k, char *msg, size_t len);

/* K: the active nodes it was made for. */
uint32_t kbcast_active_count(const kbcast_state *k);

void kbcast_free(kbcast_state *k);

#endif
