/* port_model.h — what each port model of the golden model (cmodel/model/schedule.h) means for the
 * hardware: how the fabric wires a link between two routers, and which router architecture
 * runs its schedules unless --arch says otherwise. A new model is a row in port_model.c.
 *
 * The models (cmodel/verify/verify.c checks them): mla — every directed link once per slot (all-port,
 * full duplex); oneway — every undirected link once per slot, in either direction; sp-full —
 * a node sends at most one and receives at most one packet per slot; sp-half — a node sends
 * or receives one packet per slot; s4noc, s4noc-bufferless — mla's links and one local port,
 * one packet per slot each way (a bufferless schedule needs no packet memory: the banked router
 * then has none). The combining tasks run on the combining router under every
 * model (its lanes are the all-port router's; a single-port model uses one at a time). */
#ifndef ROMNOC_PORT_MODEL_H
#define ROMNOC_PORT_MODEL_H

#include <stdbool.h>

#include "model/schedule.h"

/* How a link between two router lanes is built (rtl_gen/links.h). */
typedef enum {
  LINKS_DIRECTED, /* one wire per direction: lane p of u drives what the far lane receives */
  LINKS_ONEWAY,   /* one channel per undirected link, driven by whichever end sends */
  LINKS_PIPELINED, /* directed, through link_delay - 1 registers (rtl_gen --link-delay) */
  LINKS_COUNT
} link_style;

typedef struct {
  model_kind model;
  link_style links;
  const char *default_arch; /* the architecture rtl_gen picks when --arch is not given */
  const char *combine_arch; /* the same for the combining tasks (reduce, allreduce, ...) */
  /* the node reaches its router through one local port, one packet per slot each way (the
   * S4NOC models), not one per lane */
  bool one_local_port;
} port_model_info;

/* The row of model m (every model_kind has one). */
const port_model_info *port_model_of(model_kind m);

#endif
