/* schedule.h — a transmission schedule: who sends which packet on which link in which slot.
 *
 * Slots count from 1: a transmission in slot s starts at time s-1 and ends at time s, so a
 * packet received in slot s can be sent on in slot s+1 at the earliest. A packet is named by
 * its origin and, for personalized tasks (scatter, gather, te), its destination; broadcast
 * packets (snb, mnb) have dest -1. Rows of combining tasks carry partial sums (below).
 *
 * A schedule on a topology with a translation group (topo_translation_of: XOR on the
 * hypercube, coordinate-wise addition mod K_i on rings and tori) that is the same for every
 * node up to translation is stored as its template: the transmissions of the packets of
 * origin 0. The whole schedule is every template row translated by every node id t
 * (src+t, dst+t, origin t, dest+t). 000 §2 (hypercube) and 003 Thm 4.5 (any Cayley graph)
 * show the translates are conflict-free when each slot of the template uses each generator
 * (port) at most once.
 *
 * A parity template (hypercube only) holds the transmissions of the packets of origins 0 and
 * 1; the whole schedule is every row of origin 0 translated by every even-weight node id and
 * every row of origin 1 by every even-weight id (node t's packets follow the rows of the
 * origin of t's parity, translated by t XOR that origin). The one-way schedules of 003 §6 are
 * of this kind: an even and an odd source use opposite orientations of the wires (Lemma 7.4,
 * Cor 7.5), so no template of origin 0 alone can describe them.
 */
#ifndef ROMNOC_SCHEDULE_H
#define ROMNOC_SCHEDULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/active.h"
#include "model/topo.h"

typedef enum {
  TASK_SNB, TASK_MNB, TASK_SCATTER, TASK_GATHER, TASK_TE,           /* packets, copied or forwarded */
  TASK_REDUCE, TASK_REDUCE_SCATTER, TASK_ALLREDUCE, TASK_GLOBAL_SUM, /* partial sums, combined */
  TASK_KBCAST,                                                       /* K of N broadcast (001) */
  TASK_PMNB, TASK_PEXCHANGE, TASK_PGATHER,                           /* M of N broadcast, exchange, gather (004) */
  TASK_COUNT
} task_kind;
/* The port models (docs/PORT_MODELS.md): mla, oneway, sp-full and sp-half are the papers'
 * (000, 003 §6, 002); s4noc and s4noc-bufferless are S4NOC's (issue 17): mla's links, and a
 * node's local port injects at most one packet of its own and ejects at most one delivery per
 * slot; under s4noc-bufferless a packet that has left its origin moves in every slot until it
 * is delivered (verify_s4noc.h). */
typedef enum {
  MODEL_MLA, MODEL_ONEWAY, MODEL_SP_FULL, MODEL_SP_HALF, MODEL_S4NOC, MODEL_S4NOC_BUFFERLESS,
  MODEL_COUNT
} model_kind;

/* Names as spelled on the command line and in TSV metadata; lookups return -1 if unknown.
 * task_from_name also takes a task's MPI name (bcast, allgather, alltoall); output always
 * spells the task's own name. */
const char *task_name(task_kind k);
const char *model_name(model_kind m);
int task_from_name(const char *name);
/* The task's MPI collective name (bcast, allgather, scatter, gather, alltoall, reduce,
 * reduce_scatter, allreduce), or NULL for a task MPI has no collective for. */
const char *task_mpi_name(task_kind k);
/* Every name task_from_name takes, "snb or bcast, ..., pexchange or pgather": for a refusal. */
const char *task_name_list(void);
int model_from_name(const char *name);
/* Every model's name, "mla, oneway, ... or s4noc-bufferless": for a refusal. */
const char *model_name_list(void);
/* True for the models whose local port carries one packet per slot each way (s4noc, s4noc-
 * bufferless); their links are mla's. */
bool model_limits_local_port(model_kind m);
/* True if a packet must move in every slot from its injection to its delivery. */
bool model_is_bufferless(model_kind m);

/* True for tasks with a root node (snb, scatter, gather, reduce). */
bool task_has_root(task_kind k);
/* True for tasks whose packets have one destination each (scatter, gather, te). */
bool task_is_personalized(task_kind k);

/* Combining tasks (003 §2, §5): every node holds a vector of chunks, and some nodes must end
 * with the sum (any associative, commutative operation) over all nodes of some chunks:
 *   reduce          chunk 0 at the root                    (MPI_Reduce)
 *   reduce_scatter  chunk v at node v, N chunks             (MPI_Reduce_scatter_block)
 *   allreduce       every chunk at every node, N chunks     (MPI_Allreduce)
 *   global_sum      chunk 0 at every node                   (MPI_Allreduce of one word)
 * A row of a combining task carries one word: a partial sum of chunk `dest` (the set of nodes
 * whose contributions it holds). `origin` says which word (docs/REDUCTIONS.md):
 *   ORIGIN_MOVE (-1 in the TSV)  the sender's partial of the chunk; it leaves the sender
 *                                (forwarded, not copied: 003 Thm 2.10's accumulation)
 *   ORIGIN_COPY (-2)             a copy of the sender's partial; the sender keeps it (the
 *                                exchange-and-add of 003 §1, the spread of finished sums)
 *   w >= 0, a neighbour of src   the word src received from w in the previous slot, passed on
 * Every node starts with its own contribution to every chunk as its partial; a received word
 * is added to the receiver's partial of the chunk, and must share no contribution with it. */
bool task_combines(task_kind k);
#define ORIGIN_MOVE 0xffffffffu
#define ORIGIN_COPY 0xfffffffeu

/* kbcast (001; docs/KBCAST.md): the nodes of an active set each broadcast a packet, rows of
 * dest -1 as for mnb; two more kinds of word travel on the links, told apart by dest:
 *   KBCAST_COUNTER (-2)  a counter of the prefix phase (001 §2.2); origin = its value
 *   KBCAST_END (-3)      a termination packet (001 §3.2); origin = the root whose tree it ends */
#define KBCAST_COUNTER (-2)
#define KBCAST_END (-3)

/* Tasks of an active set (s->active; active.h): kbcast (001), pmnb, pexchange and pgather
 * (004). Only the packets of (pgather: for) the active nodes exist:
 *   pmnb       each active node's packet reaches every node (rows as for mnb: dest -1);
 *              split into pieces (s->fraction > 1, 004 §3.1), a row carries one piece and
 *              dest is its index 0..fraction-1 (docs/PMNB.md)
 *   pexchange  each active node has a packet for every other node (rows as for te)
 *   pgather    every node has a packet for each active node but itself (rows as for te; 004
 *              §2: the dual of pexchange) */
bool task_has_active_set(task_kind k);
/* Chunks per node of a combining task on n nodes: n (reduce_scatter, allreduce) or 1. */
uint32_t task_chunks(task_kind k, uint32_t n);

/* True if node must end with the whole sum of chunk c (combining tasks). */
bool task_result_at(task_kind k, int64_t root, uint32_t node, uint32_t chunk);

/* How a schedule's rows are stored: whole, a translation template, a parity template. */
typedef enum { TEMPLATE_NONE, TEMPLATE_TRANSLATION, TEMPLATE_PARITY } template_kind;

typedef struct {
  uint32_t slot, src, dst, origin;
  int32_t dest; /* -1 for broadcast packets */
} sched_row;

typedef struct {
  topo topo;
  task_kind task;
  model_kind model;
  int64_t root;       /* -1 for tasks without a root */
  uint32_t slots;     /* last slot used */
  bool is_template;   /* rows hold the origin-0 template only (see above) */
  bool parity_template; /* with is_template: rows hold origins 0 and 1 (hypercube, see above) */
  char alg[32];       /* the construction that built it, or "" if unknown */
  active_set active;  /* kbcast, pmnb, pexchange: the active nodes (owned); empty for the other tasks */
  /* pieces per packet (pmnb split, 004 §3.1): slot s is the time (s-1)/fraction..s/fraction
   * and a row carries a piece of 1/fraction of a packet; 1 for whole packets and slots */
  uint32_t fraction;
  sched_row *rows;    /* sorted by (slot, src, dst) */
  size_t nrows, cap;
} sched;

/* qsort's comparison of rows by (slot, src, dst), the order of the exchange format. */
int sched_row_by_slot_link(const void *a, const void *b);

/* Initializes an empty schedule that owns no memory yet (not a template, no alg, fraction 1). */
void sched_init(sched *s, const topo *t, task_kind task, model_kind model, int64_t root);

/* Appends a row; returns 0, or -1 if memory runs out (s untouched). */
int sched_add(sched *s, uint32_t slot, uint32_t src, uint32_t dst, uint32_t origin, int32_t dest);

/* Sorts the rows by (slot, src, dst) and sets s->slots. */
void sched_finish(sched *s);

/* Releases the rows. */
void sched_free(sched *s);

/* Transmissions of the whole schedule (template rows times the node count). */
uint64_t sched_transmissions(const sched *s);

/* Calls fn on every transmission of the whole schedule in (slot, src, dst) order, expanding a
 * template into its translates. Stops at and returns the first non-zero value fn returns;
 * returns 0 after the last row, or -1 if memory runs out. */
typedef int (*sched_row_fn)(void *ctx, const sched_row *row);
int sched_foreach(const sched *s, sched_row_fn fn, void *ctx);

/* How s is stored. */
template_kind sched_template_kind(const sched *s);

/* The template's name in the TSV metadata (template=): its translation's (xor, add), or
 * xor-parity for a parity template. */
const char *sched_template_name(const sched *s);

/* The kind of template that name (as sched_template_name spells it) is on t, or -1 if it
 * names none of t's (a translation t does not have). */
int template_kind_of(const topo *t, const char *name);

/* Marks s a template of the kind named. Returns 0, or -1 if the name is not a template of s's
 * topology (s untouched). */
int sched_set_template(sched *s, const char *name);

/* Appends every transmission of src (a template expanded) to dst, an initialized whole
 * schedule, and sorts dst. Returns 0, or -1 if memory runs out (dst holds some rows). */
int sched_expand(const sched *src, sched *dst);

/* If s is a whole schedule on a topology with a translation and every row is a translate of a
 * row of origin 0 (as many rows as N times those), keeps only the origin-0 rows and marks s a
 * template. The rows must be distinct, as in any verified schedule. A pmnb split into pieces
 * is never made a template: its dest is a piece, not a node that translation would move.
 * Returns 1 if it did, 0 if s is not such a schedule (s untouched), -1 if memory runs out (s
 * untouched). */
int sched_to_template(sched *s);

/* A 64-bit FNV-1a hash of the rows as stored (template or whole) and the template flag: two
 * schedules with the same rows have the same fingerprint. */
uint64_t sched_fingerprint(const sched *s);

/* Moves the rows of src into dst (which is freed first) and leaves src empty; the metadata of
 * dst stays. */
void sched_take_rows(sched *dst, sched *src);

#endif
