/* template_sources.h — what the banked router's output multiplexers choose from, counted on a
 * translation template (docs/ARCHITECTURE.md, "What a banked router costs"). Every node runs the
 * template translated (003 Thm 4.5), so this is what every router needs: for each port g, the
 * distinct (port the forwarded packet arrived by, wait of 1, 2 or 3+ slots — receive wire, delay
 * register, bank) of the rows that leave a node other than a source by g, plus the own packet
 * when a source sends by g. Broadcast packets: a source is a node no row reaches (node 0, and a
 * second origin). Unicast packets (te): a row from the packet's origin is its own packet, any
 * other forwards what the packet's previous row brought, so the rows of each unicast packet must
 * come in the order of their slots (as sched_finish sorts them, or as a decoder adds them).
 * Fewer sources mean smaller multiplexers; cayley_mnb picks by it, te_search --task mnb and
 * --task te --lanes report it.
 */
#ifndef ROMNOC_TEMPLATE_SOURCES_H
#define ROMNOC_TEMPLATE_SOURCES_H

#include <stdint.h>

#include "model/schedule.h"

#define TEMPLATE_SOURCE_PORTS (2 * TOPO_MAX_DIMS)

/* The sources of template tpl on t. in_slot and in_port are scratch of t->nodes entries (passed
 * in so that a search can count many templates without allocating). Fills per_port[p] for every
 * port p < t->ports (per_port may be NULL) and, if longest_wait is not NULL, the longest wait of a
 * forwarded packet; returns the total over the ports. */
uint32_t template_sources(const topo *t, const sched *tpl, uint32_t *in_slot, uint8_t *in_port, uint32_t *per_port,
                          uint32_t *longest_wait);

#endif
