/* emit_selftest.h — the self-testing top for a real board (romnoc_selftest.v, `make fpga`):
 * the system top (emit_ni.h) and, per node, a user that streams every task's messages through
 * the node's interface and checks every recvbuf word against data it computes itself, with a
 * pass/fail LED and a report line on a UART (docs/ARCHITECTURE.md, "The self test"). */
#ifndef ROMNOC_EMIT_SELFTEST_H
#define ROMNOC_EMIT_SELFTEST_H

#include <stdbool.h>
#include <stddef.h>

#include "names.h"
#include "ni.h"
#include "vwriter.h"

#define SELFTEST_MODULE module_name("selftest")
#define SELFTEST_NODE_MODULE module_name("selftest_node")

/* Whether the design gets a self test: every task a packet task (its recvbuf blocks are other
 * nodes' sendbuf blocks, which the checker recomputes), at most 256 nodes and 16 tasks. If
 * not, the reason in why. */
bool selftest_supported(const ni_plan *n, char *why, size_t len);

/* romnoc_selftest_node.v, the node's user (the same for every design), and romnoc_selftest.v,
 * the board top. */
void emit_selftest_node(vwriter *w, const char *header);
void emit_selftest(vwriter *w, const char *header, const ni_plan *n, const router_shape *s);
/* files_selftest.f: the system's sources, the self test last. */
void emit_selftest_file_list(vwriter *w, const char *header, const fabric_desc *fd);

#endif
