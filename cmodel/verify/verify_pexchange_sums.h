/* verify_pexchange_sums.h — the verifier's check of the partial exchange's phase 1 (004 §4:
 * the row and column counts; pexchange_sums.h). A counter row (dest -2, origin = value) must
 * sit in a slot t of phase 1, on the +1 link of position t-1 of its line (forward) or the -1
 * link of position k-t (reverse), and carry the active nodes of its line among positions
 * 0..t-1 or k-t..k-1, counted here from the active set. A schedule with counters must have
 * every one of them, and no packet may move before phase 1 ends; one without (the set known
 * when it was made, '004') is checked without. */
#ifndef ROMNOC_VERIFY_PEXCHANGE_SUMS_H
#define ROMNOC_VERIFY_PEXCHANGE_SUMS_H

#include <stddef.h>

#include "model/schedule.h"

typedef struct pexchange_sums_check pexchange_sums_check;

/* NULL if memory runs out. */
pexchange_sums_check *pexchange_sums_check_new(const topo *t, const active_set *a);

/* A counter row: 0, or 1 with the reason in why. */
int pexchange_sums_check_counter(pexchange_sums_check *k, const sched_row *r, char *why, size_t len);

/* Notes a packet row's slot (for the end: none during phase 1). */
void pexchange_sums_note_packet(pexchange_sums_check *k, uint32_t slot);

/* After the last row: 0, or 1 with a message (a missing counter, a packet during phase 1). */
int pexchange_sums_check_finish(const pexchange_sums_check *k, char *msg, size_t len);

void pexchange_sums_check_free(pexchange_sums_check *k);

#endif
