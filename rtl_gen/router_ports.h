/* router_ports.h — the one table of a router's ports. It drives the router's port list, the
 * fabric's instances, the synthesis wrapper's scan chains and the Verilator configuration.
 * Every architecture has these ports; lane p (0..ports-1) is the router's port p, one named
 * port per signal and lane (no concatenated buses: ../shared/TOOLCHAIN.md, rule 1). */
#ifndef ROMNOC_ROUTER_PORTS_H
#define ROMNOC_ROUTER_PORTS_H

#include "names.h"
#include <stdbool.h>
#include <stddef.h>

#include "arch.h"
#include "vwriter.h"

#define ROUTER_MODULE module_name("router")

typedef enum {
  RP_CLK, RP_RST, RP_START, RP_SLOT_EN, RP_TASK, RP_DONE, RP_ERR, RP_ROM_ADDR, RP_ROM_DATA, /* router-wide */
  RP_TX_VALID, RP_TX_FLIT, RP_RX_VALID, RP_RX_FLIT,                    /* per lane: the link */
  RP_INJ_REQ, RP_INJ_DEST, RP_INJ_FLIT, RP_DLV_VALID, RP_DLV_FLIT      /* per lane: local port */
} rport_kind; /* RP_TASK: only in a router of several tasks (router_shape.task_width); RP_SLOT_EN:
               * only on pipelined links (router_shape.slot_cycles) */

typedef struct {
  rport_kind kind;
  int lane;      /* -1 for a router-wide port */
  bool input;
  int width;
  char name[24]; /* e.g. "rx3_flit_i" */
} router_port;

/* The most ports a router has: the router-wide ones and every per-lane kind on each of
 * RTL_MAX_PORTS lanes (a table fits on the stack). */
#define ROUTER_PORTS_MAX (RP_TX_VALID + (RP_DLV_FLIT + 1 - RP_TX_VALID) * RTL_MAX_PORTS)

/* The ports of a router of shape s, in declaration order, into out (room for
 * ROUTER_PORTS_MAX); returns how many. */
size_t router_ports(const router_shape *s, router_port *out);

/* The name of the port of that kind on lane `lane` (ignored by a router-wide kind). */
void router_port_name(rport_kind kind, int lane, char *buf, size_t len);

/* Prints "module romnoc_router ( ... );" with every port and a comment per group. */
void emit_router_port_list(vwriter *w, const router_shape *s);

#endif
