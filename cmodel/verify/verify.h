/* verify.h — an independent, streaming checker of schedules written by anyone.
 *
 * Rows arrive in (slot, src, dst) order. Each must be a link of the topology, stay within the
 * port model's capacity for its slot (mla: each directed link once; oneway: each undirected
 * link once; sp-full: a node sends at most one and receives at most one; sp-half: a node takes
 * part in at most one transmission; s4noc, s4noc-bufferless: mla's, and one packet per slot
 * each way through a node's local port, verify_s4noc.h), and carry a packet of the task that the sender held at
 * the start of the slot. At the end, the task must be complete. Personalized packets are
 * forwarded, not copied: a node that sends one no longer holds it.
 *
 * Memory: a bit per (node, origin) for broadcasts, a 16-bit location per packet for
 * personalized tasks, a stamp per link or node for capacity.
 *
 * Template mode certifies a translated schedule (mnb or te, mla) on a hypercube, ring or torus
 * from its origin-0 rows alone (000 §2, 003 Thm 4.5): the rows must form a valid single-source
 * broadcast (mnb) or scatter (te) from node 0 that uses each generator (port) at most once
 * per slot; then all N translates run together without conflict and complete the task.
 */
#ifndef ROMNOC_VERIFY_H
#define ROMNOC_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/schedule.h"

/* The room that holds any message of the verifier (verifier_message, verify_sched). */
#define VERIFY_MESSAGE_LEN 320

enum { VERIFY_OK = 0, VERIFY_VIOLATION = 1, VERIFY_BAD_INPUT = 2 };

typedef struct {
  uint32_t slots, lb; /* slots used; lower bound */
  uint64_t tx, txlb;  /* transmissions; minimum transmissions */
} verify_summary;

typedef struct verifier verifier;

/* Returns a verifier, or NULL with a message in err (template mode asked for where it does
 * not apply, root out of range, task too large to track, out of memory). root is ignored by
 * tasks without one. With tpl other than TEMPLATE_NONE the rows fed are a template (of mnb or
 * te under mla, oneway or sp-full; schedule.h) and the verifier certifies every translate from them:
 * each origin's rows are checked as a broadcast or scatter from it, and each slot's rows must
 * use each generator at most once (000 §2, 003 Thm 4.5); under oneway each undirected
 * generator (a dimension) at most once, both ways together (003 Lemma 7.4); under sp-full one
 * row per slot. */
verifier *verifier_new(const topo *t, task_kind task, model_kind model, int64_t root, template_kind tpl,
                       char *err, size_t errlen);

/* The verifier of a task of an active set a (task_has_active_set), under model mla (001's and
 * 004's all-port model; others are refused with a message in err): kbcast (verify_kbcast.h);
 * pmnb, every node must receive every piece (fraction per packet, 1 for whole packets: rows
 * of dest -1; else dest is the piece) of every active node's packet; pexchange, every active
 * node's packet for every other node must reach it, forwarded as te's; pgather, every node's
 * packet for every other active node. A row carrying a packet of an inactive node (pgather:
 * for an inactive node) is a violation. */
verifier *verifier_new_active(const topo *t, task_kind task, model_kind model, const active_set *a, uint32_t fraction,
                              char *err, size_t errlen);

/* Checks one row: VERIFY_OK, VERIFY_VIOLATION (the schedule is wrong) or VERIFY_BAD_INPUT
 * (the rows are not in the exchange format's order, or one slot's arrivals pass the memory
 * limit). After anything but VERIFY_OK the
 * verifier is spent; verifier_message() says what happened. */
int verifier_feed(verifier *v, const sched_row *row);

/* Ends the stream: VERIFY_OK with *out filled, or VERIFY_VIOLATION (task incomplete). */
int verifier_finish(verifier *v, verify_summary *out);

/* The last violation: "slot=S src=U dst=V origin=O dest=D: reason", or "incomplete: ...". */
const char *verifier_message(const verifier *v);

void verifier_free(verifier *v);

#endif
