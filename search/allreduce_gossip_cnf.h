/* allreduce_gossip_cnf.h — a relaxation of the allreduce (and global_sum) over whole schedules:
 * "every chunk's contributions can reach every node in S slots, one word per link and slot"
 * (te_search --task allreduce --general; issue 43). UNSAT at S slots is a lower bound of S + 1
 * for every combining schedule; SAT says nothing (a model is a gossip, not a schedule).
 *
 * Why it is a relaxation. A combining row moves one word of one chunk, a set of contributions
 * the sender had at the start of the slot (docs/REDUCTIONS.md, "What a row carries": forwarded,
 * copied or passed on, each a subset of what the sender has heard of). Forget the sums and keep
 * only who has *heard of* which contribution: that only grows, and it grows at v in slot s only
 * through a word some neighbour u sent v in slot s, of contributions u had heard of by the end of
 * slot s - 1. Every schedule the combining verifier accepts gives such a gossip with the same
 * words on the same links, and its completion (every node's sum of every chunk holds every
 * contribution) is the gossip's. The exactly-once rule is dropped: more gossips than schedules.
 *
 * Variables, for chunk c, contribution a, node v and slot s = 1..S:
 *   word(c, e, s):   directed link e = (u, port) carries a word of chunk c in slot s;
 *   heard(c, a, v, s): at the end of slot s, v has heard of a's contribution to chunk c — a
 *     constant true for v = a, and no variable (false) when dist(a, v) > s;
 *   via(c, a, e, s): that word of link e holds a's contribution (implies word and heard at the
 *     sender at s - 1).
 * Clauses: heard only grows; heard(c, a, v, s) and not heard(c, a, v, s - 1) imply some via into
 * v; completion: heard(c, a, v, S) for every a and v; capacity (Sinz's counter): mla, at most
 * one chunk per directed link and slot; oneway (003 §6), per link in either direction.
 *
 * Symmetry breaking, sound for every schedule: the allreduce's chunks are interchangeable (each
 * must end at every node, and no constraint names a chunk), so the chunks of any model can be
 * renamed in the order of their first word, links and slots read slot by slot, link by link.
 * The formula asks for that order (value precedence, Law and Lee 2004): a word of chunk c > 0
 * at a link and slot only if chunk c - 1 has a word at an earlier one. No symmetry of the
 * topology is used.
 *
 * Zero slack, an implied constraint. Each chunk needs at least 2N - 2 words: its words,
 * serialized slot by slot, are a one-way gossip among the N nodes (a word carries at most what
 * its sender knew), and one-way gossip takes 2N - 2 calls (Harary and Schwenk 1974: until the
 * first node knows all, each of the other N - 1 has called; after it, each of them is called).
 * When the chunks' 2N - 2 words each fill S slots' capacity exactly (every directed link a word
 * a slot, mla; every link, oneway), every model keeps every link busy in every slot, and the
 * formula says so: a clause per link and slot, which changes no answer and prunes what the
 * solver would otherwise have to refute (torus:3x5 at 7, N = 15, 15 x 28 = 7 x 60).
 *
 * Incremental over the slot count (te_search --from): built for S = slots with a selector d(S')
 * for each S' = from..slots instead of the completion, d(S') implying completion at the end of
 * slot S'. Assuming d(S') is the formula of S' slots: a gossip done by S' is one of S_max slots
 * with no word after S' (value precedence reads the same words), and a model under d(S') keeps
 * a gossip done by S' once its later words are dropped (heard only grows).
 */
#ifndef ROMNOC_ALLREDUCE_GOSSIP_CNF_H
#define ROMNOC_ALLREDUCE_GOSSIP_CNF_H

#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "model/schedule.h"
#include "model/topo.h"

/* At most this many heard and via variables together. */
#define ALLREDUCE_GOSSIP_MAX_VARS 30000000u

typedef struct {
  uint32_t nodes, chunks, slots, from; /* from: the first slot count with a selector (0: none) */
  int ports;
  int oneway; /* the capacity is per link in either direction (oneway), else per directed link */
  int *word; /* [((s - 1) * links + e) * chunks + c], e = u * ports + port; 0 where no link */
  int *selector; /* [S - from], S = from..slots: d(S), assumed to ask for S slots */
} allreduce_gossip_vars;

/* Builds into f (empty) the relaxation of a combining task with `chunks` chunks on t under
 * model (MODEL_MLA or MODEL_ONEWAY) in at most slots slots (from, 1..slots: with the
 * selectors of from..slots; 0: without). 0, or -1 with the reason in err
 * (another model, too many variables, out of memory). Free m with allreduce_gossip_vars_free
 * whatever the result. */
int allreduce_gossip_cnf(const topo *t, model_kind model, uint32_t chunks, uint32_t slots, uint32_t from, cnf *f,
                         allreduce_gossip_vars *m, char *err, size_t errlen);

/* The words a model (value[v] > 0: v true) puts on links in slots 1..slots, all chunks together. */
uint64_t allreduce_gossip_words(const allreduce_gossip_vars *m, const int *value, uint32_t slots);

void allreduce_gossip_vars_free(allreduce_gossip_vars *m);

#endif
