/* verify_s4noc.h — what the S4NOC port models add to mla's links (issue 17; docs/
 * PORT_MODELS.md). S4NOC's routers forward on every link, but a node's processor reaches its
 * router through one local port, which carries one packet per slot each way:
 *
 *   injection  a node sends at most one packet of its own (origin = the node) per slot; the
 *              same packet copied onto several links in that slot is one injection
 *   ejection   a node takes at most one delivery per slot: a packet whose destination it is,
 *              or any broadcast packet it receives
 *   bufferless (s4noc-bufferless only) a packet that has left its origin moves in every slot
 *              until it is delivered: a node sends on only what it received in the slot before
 *
 * In template mode (verify.h) every node does what the template's origin does, so the counts
 * are per slot over the template's rows. verify.c feeds every row whose packet the sender
 * holds, with the keys its own bookkeeping uses for "this packet at this node". */
#ifndef ROMNOC_VERIFY_S4NOC_H
#define ROMNOC_VERIFY_S4NOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/schedule.h"

typedef struct local_port_check local_port_check;

/* A check for t under model m (model_limits_local_port(m)); keys: how many "packet at node"
 * keys the caller uses (for the arrival slots of a bufferless model). NULL if memory runs out. */
local_port_check *local_port_check_new(const topo *t, model_kind m, bool templated, uint64_t keys);
void local_port_check_free(local_port_check *c);

/* Row r, in (slot, src, dst) order, sends the packet the sender holds under key_at_src;
 * packet_id names the packet (the same at every node) and delivery says whether the receiver
 * takes it. Returns 0, or -1 with the broken rule in why. */
int local_port_check_row(local_port_check *c, const sched_row *r, uint64_t key_at_src, uint64_t packet_id,
                         bool delivery, char *why, size_t len);

/* The packet of key reached its node at the end of slot. */
void local_port_note_arrival(local_port_check *c, uint64_t key, uint32_t slot);

#endif
