/* port_model.c — the port-model table (see port_model.h). */
#include "port_model.h"

#include <stddef.h>

static const port_model_info table[] = {
    /* all-port, full duplex: a wire per direction, the banked router's per-lane datapaths */
    {MODEL_MLA, LINKS_DIRECTED, "banked", "combine", false},
    /* one packet per undirected link: half the link wires, a channel whose direction the ROMs
     * of both ends set slot by slot; every lane still sends and receives (not in one slot) */
    {MODEL_ONEWAY, LINKS_ONEWAY, "banked", "combine", false},
    /* one send and one receive per node and slot: one transmit and one receive datapath */
    {MODEL_SP_FULL, LINKS_DIRECTED, "single", "combine", false},
    /* one send or one receive per node and slot: the same router (it never does both) */
    {MODEL_SP_HALF, LINKS_DIRECTED, "single", "combine", false},
    /* S4NOC (issue 17): mla's links and one local port each way; the banked router's lanes,
     * its packet memory only where packets wait (none for a bufferless schedule) */
    {MODEL_S4NOC, LINKS_DIRECTED, "banked", "combine", true},
    {MODEL_S4NOC_BUFFERLESS, LINKS_DIRECTED, "banked", "combine", true},
};
_Static_assert(sizeof table / sizeof table[0] == MODEL_COUNT, "one row per port model");

const port_model_info *port_model_of(model_kind m) {
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (table[i].model == m) return &table[i];
  return NULL;
}
