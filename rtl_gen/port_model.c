/* port_model.c — the port-model table (see port_model.h). */
#include "port_model.h"

#include <stddef.h>

static const port_model_info table[] = {
    /* all-port, full duplex: a wire per direction, the banked router's per-lane datapaths */
    {MODEL_MLA, LINKS_DIRECTED, "banked", "combine"},
    /* one packet per undirected link: half the link wires, a channel whose direction the ROMs
     * of both ends set slot by slot; every lane still sends and receives (not in one slot) */
    {MODEL_ONEWAY, LINKS_ONEWAY, "banked", "combine"},
    /* one send and one receive per node and slot: one transmit and one receive datapath */
    {MODEL_SP_FULL, LINKS_DIRECTED, "single", "combine"},
    /* one send or one receive per node and slot: the same router (it never does both) */
    {MODEL_SP_HALF, LINKS_DIRECTED, "single", "combine"},
};
_Static_assert(sizeof table / sizeof table[0] == MODEL_COUNT, "one row per port model");

const port_model_info *port_model_of(model_kind m) {
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (table[i].model == m) return &table[i];
  return NULL;
}
