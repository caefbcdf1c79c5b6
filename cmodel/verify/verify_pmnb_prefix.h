/* verify_pmnb_prefix.h — the verifier's check of pmnb's rank phase (pmnb_prefix.h; 004 §3.1
 * Phase 1, §3.2). A counter row (dest -2, origin = value) must sit at the first slot of a
 * prefix step, on a link of the protocol for that step (the class follows from the link's
 * dimension and the subphase), and carry the value the protocol gives there, counted here
 * from the active set: forward, the members of the class whose numbers in the class's order
 * lie in the line's positions 0..t-1; reverse, the members before the line. If a schedule has
 * counters, it must have every one of them, and no packet may move before the rank phase
 * ends. A schedule without counters (ranks known when it is made) is checked without. */
#ifndef ROMNOC_VERIFY_PMNB_PREFIX_H
#define ROMNOC_VERIFY_PMNB_PREFIX_H

#include <stddef.h>

#include "model/schedule.h"

typedef struct pmnb_prefix_check pmnb_prefix_check;

/* NULL if memory runs out. */
pmnb_prefix_check *pmnb_prefix_check_new(const topo *t, const active_set *a, uint32_t fraction);

/* A counter row: 0, or 1 with the reason in why. */
int pmnb_prefix_check_counter(pmnb_prefix_check *k, const sched_row *r, char *why, size_t len);

/* Notes a packet row's slot (for the end: none during the rank phase). */
void pmnb_prefix_note_packet(pmnb_prefix_check *k, uint32_t slot);

/* After the last row: 0, or 1 with a message (a missing counter, a packet during the rank
 * phase). */
int pmnb_prefix_check_finish(const pmnb_prefix_check *k, char *msg, size_t len);

void pmnb_prefix_check_free(pmnb_prefix_check *k);

#endif
