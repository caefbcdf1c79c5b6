/* port_budget.h — what a port model lets one slot carry, for the constructions that schedule
 * transmissions one by one (the greedy ones). The verifier checks the same rules with its own
 * code: a construction's mistake must not hide behind a shared one.
 *
 *   mla      one packet per directed link (000, 003 two-way)
 *   oneway   one packet per undirected link, either direction (003 §6)
 *   sp-full  a node sends at most one and receives at most one packet (002)
 *   sp-half  a node sends or receives one packet (002)
 */
#ifndef ROMNOC_PORT_BUDGET_H
#define ROMNOC_PORT_BUDGET_H

#include <stdbool.h>
#include <stdint.h>

#include "model/schedule.h"

typedef struct {
  const topo *t;
  model_kind model;
  uint32_t *link; /* mla, oneway: the last slot each (node, port) was used */
  uint32_t *send, *recv; /* sp: the last slot each node sent, received (sp-half: send only) */
} port_budget;

/* Prepares a budget for t under model; returns 0, or -1 if memory runs out (b owns nothing). */
int port_budget_init(port_budget *b, const topo *t, model_kind model);
void port_budget_free(port_budget *b);

/* True if slot (from 1, non-decreasing over the calls) still has room for src -> dst over
 * src's port `port`; then the room is taken. */
bool port_budget_take(port_budget *b, uint32_t slot, uint32_t src, int port, uint32_t dst);

/* True if src could still send in slot at all (a node-level check that lets a search skip
 * nodes early); under mla and oneway always true. */
bool port_budget_can_send(const port_budget *b, uint32_t slot, uint32_t src);

#endif
