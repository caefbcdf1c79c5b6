/* verify_combine.h — the verifier's bookkeeping for combining tasks (reduce, reduce_scatter,
 * allreduce, global_sum; schedule.h says what their rows carry).
 *
 * Every node holds, for every chunk, its partial: the set of nodes whose contributions it has
 * added, exactly (a bit per node). A row's word is fixed at the start of its slot (the sender's
 * partial, or the word it received from a neighbour in the previous slot); at the end of the
 * slot moved partials leave their senders and every word is added to its receiver's partial.
 * A word that shares a contribution with the partial it is added to is a double count: a FAIL
 * naming the node, the chunk, the slot and the contribution. At the end every node must hold
 * all N contributions of each chunk it must hold.
 *
 * Memory: N x chunks x N bits of partials (reduce_scatter and allreduce on 1024 nodes: 128 MiB,
 * checked against the memory limit), and two slots' words.
 */
#ifndef ROMNOC_VERIFY_COMBINE_H
#define ROMNOC_VERIFY_COMBINE_H

#include <stddef.h>

#include "model/schedule.h"

typedef struct combine_state combine_state;

/* NULL with a message in err if the partials do not fit the memory limit or memory runs out. */
combine_state *combine_new(const topo *t, task_kind task, int64_t root, char *err, size_t errlen);

/* Checks and records row r (capacity and order already checked; the slot is the current one).
 * 0, or 1 with the reason in msg (without the row, which the caller names), or 2 if memory
 * runs out (msg says so). */
int combine_feed(combine_state *c, const sched_row *r, char *msg, size_t len);

/* Ends the current slot: moved partials leave, words are added. 0, or 1 with a message that
 * names the node, chunk, slot and the contribution counted twice; 2 if memory runs out. */
int combine_end_slot(combine_state *c, char *msg, size_t len);

/* After the last slot: 0 if every node holds the whole sum of every chunk it must hold, else
 * 1 with a message naming the first node, chunk and missing contribution. */
int combine_finish(combine_state *c, char *msg, size_t len);

void combine_free(combine_state *c);

#endif
