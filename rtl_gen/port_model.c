/* port_model.c — the port-model table (see port_model.h). */
#include "port_model.h"

#include <stddef.h>

static const port_model_info table[] = {
    /* all-port, full duplex: a wire per direction, the banked router's per-lane datapaths */
    {.model = MODEL_MLA, .links = LINKS_DIRECTED,
     .default_arch = "banked", .combine_arch = "combine", .one_local_port = false},
    /* one packet per undirected link: half the link wires, a channel whose direction the ROMs
     * of both ends set slot by slot; every lane still sends and receives (not in one slot) */
    {.model = MODEL_ONEWAY, .links = LINKS_ONEWAY,
     .default_arch = "banked", .combine_arch = "combine", .one_local_port = false},
    /* one send and one receive per node and slot: one transmit and one receive datapath */
    {.model = MODEL_SP_FULL, .links = LINKS_DIRECTED,
     .default_arch = "single", .combine_arch = "combine", .one_local_port = false},
    /* one send or one receive per node and slot: the same router (it never does both) */
    {.model = MODEL_SP_HALF, .links = LINKS_DIRECTED,
     .default_arch = "single", .combine_arch = "combine", .one_local_port = false},
    /* S4NOC (issue 17): mla's links and one local port each way; the banked router's lanes,
     * its packet memory only where packets wait (none for a bufferless schedule) */
    {.model = MODEL_S4NOC, .links = LINKS_DIRECTED,
     .default_arch = "banked", .combine_arch = "combine", .one_local_port = true},
    {.model = MODEL_S4NOC_BUFFERLESS, .links = LINKS_DIRECTED,
     .default_arch = "banked", .combine_arch = "combine", .one_local_port = true},
};
_Static_assert(sizeof table / sizeof table[0] == MODEL_COUNT, "one row per port model");

const port_model_info *port_model_of(model_kind m) {
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (table[i].model == m) return &table[i];
  return NULL;
}
