/* links.h — how the fabric builds a link between two router lanes, one row per link style
 * (port_model.h): the nets a lane receives from, the net the wire log reads as what a lane
 * sent, and the link module and its instances where a link is more than wires. The fabric
 * printer (emit_verilog.c) asks here and knows no model; the routers know none either.
 *
 * directed (mla, sp-full, sp-half): lane p of u drives l<u>_<p>_*, which the far lane
 * receives; the wires are the link.
 * oneway: one flit channel per undirected link, c<u>_<p>_flit, named after the end with the
 * smaller node id, driven through a romnoc_link by whichever end's ROM says it sends in the
 * slot (its registered tx valid bit is the direction bit). Each end receives the far end's
 * valid bit and the channel, so when both ends send, both routers receive in a slot their
 * ROM says they send in, and raise err_o (docs/ARCHITECTURE.md, "One-way links").
 * pipelined (directed links with --link-delay L > 1, fabric_pipeline): lane p of u drives
 * l<u>_<p>_* into a romnoc_link of L-1 registers whose output d<u>_<p>_* the far lane receives;
 * the routers then move once every L cycles (docs/ARCHITECTURE.md, "Pipelined links"). */
#ifndef ROMNOC_LINKS_H
#define ROMNOC_LINKS_H

#include "names.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch.h"
#include "fabric.h"
#include "vwriter.h"

#define LINK_STEM "link"
#define LINK_MODULE module_name(LINK_STEM)

/* The fabric net lane p of node u receives from: its valid bit (flit false) or its flit; a
 * constant zero where the lane leads nowhere. Written into buf. */
const char *link_rx_net(char *buf, size_t len, const fabric_desc *fd, uint32_t u, int p, bool flit, int flit_width);

/* The flit the wire log and the node's link monitor see leaving lane p of u (with the lane's
 * own tx valid bit): the lane's output or the channel it drives. */
const char *link_monitor_flit(char *buf, size_t len, const fabric_desc *fd, uint32_t u, int p);

/* True when the monitor flit is not the lane's own output (the simulation node then takes
 * it as an input). */
bool link_monitor_is_channel(const fabric_desc *fd);

/* The link module's name, or NULL when the links of fd are plain wires. */
const char *link_module(const fabric_desc *fd);

/* The link module (when there is one). */
void emit_link_module(vwriter *w, const char *header, const fabric_desc *fd, const router_shape *s);

/* The channel wires and link instances of the fabric (nothing for plain wires). Lane outputs
 * are the nets l<u>_<p>_valid and l<u>_<p>_flit. */
void emit_link_instances(vwriter *w, const fabric_desc *fd, const router_shape *s);

#endif
