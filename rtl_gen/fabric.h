/* fabric.h — the fabric description: everything the Verilog printer and the test benches need
 * to know about the network, built once from the topology and the schedule's port model. */
#ifndef ROMNOC_FABRIC_H
#define ROMNOC_FABRIC_H

#include <stddef.h>
#include <stdint.h>

#include "port_model.h"
#include "model/schedule.h"

typedef struct {
  char topo_name[sizeof ((topo *)0)->name];
  uint32_t nodes;
  int ports;     /* router lanes, including lanes that lead nowhere at some nodes */
  int id_width;  /* bits of a node id in a flit: ceil(log2 N), at least 1 */
  /* the link table: lane p of node u meets lane back[u*ports+p] of node neighbor[u*ports+p];
   * neighbor -1: the lane leads nowhere (a mesh border, the second port of a size-2 torus
   * dimension) */
  int32_t *neighbor;
  uint8_t *back;
  /* the translation that maps node 0's program onto node u's when a ROM is shared: XOR, or
   * coordinate-wise addition mod the radices over mixed-radix ids (coordinate 0 least
   * significant); none for a mesh */
  topo_translation translation;
  topo topo; /* the topology itself: its radices, and topo_add for the translation */
  model_kind model; /* the port model the schedule was verified under */
  link_style links; /* how its links are built (port_model.c; LINKS_PIPELINED: fabric_pipeline) */
  /* cycles from a router's output register to the far router's input: 1, or L with L-1 link
   * registers; a slot then lasts L cycles (docs/ARCHITECTURE.md, "Pipelined links") */
  int link_delay;
  bool one_local_port; /* one local port, one packet per slot each way (port_model.h) */
} fabric_desc;

/* Describes the fabric of t for schedules of model. Returns 0, or -1 if memory runs out (fd
 * then owns nothing). */
int fabric_describe(fabric_desc *fd, const topo *t, model_kind model);

/* Pipelines fd's links with delay cycles (1: plain wires, as described). Returns 0, or -1 with
 * the reason in why when the links cannot be pipelined: a one-way channel carries either
 * direction, and registers have one. */
int fabric_pipeline(fabric_desc *fd, int delay, char *why, size_t len);

/* u translated by x under fd's translation (topo_add), x itself without one. */
uint32_t fabric_translate(const fabric_desc *fd, uint32_t u, uint32_t x);

/* The lane of u that leads to v, or -1 if none does. */
int fabric_lane_to(const fabric_desc *fd, uint32_t u, uint32_t v);

void fabric_free(fabric_desc *fd);

#endif
