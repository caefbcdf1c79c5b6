/* ni.h — the network interface of a node (romnoc_ni, printed by emit_ni.c): what a user's
 * accelerator talks to instead of the router's cycle-exact local port.
 *
 * The user fills the node's send buffer through a stream, in the order MPI defines for the
 * task's sendbuf, and drains the receive buffer in the order of its recvbuf (the table in
 * ni.c, docs/ARCHITECTURE.md "The network interface"); it never sees slots, lanes or the
 * translation. The NI plays the local port from a per-node program of its own, indexed by
 * the router's cycle like the router's ROM: in cycle c, which send-buffer entry each lane's
 * own-packet request reads (and the flit's real tags), and where each lane's delivery is
 * filed (and the tags the flit must carry). Both are fixed here from the IR, so bare flits
 * work through the NI as tagged ones do.
 *
 * Memories, each with one writer and one reader (the shape of a block RAM): the send buffer is
 * kept as one copy per lane that ever asks for an own packet (a copy is read by its lane
 * only); the receive buffer is one bank per lane that ever delivers, written by that lane
 * only, in the order of its deliveries. The drain map says, per receive-buffer block, which
 * bank holds it, or that it is the node's own block (MPI's recvbuf holds the node's own
 * contribution, which no link brings), kept in a memory of its own as the send stream passes
 * it (so that the drain never reads a send-buffer copy the next message's run reads).
 *
 * Every memory holds two messages (a bit of its address): one fills while the one before runs
 * and drains, and consecutive messages of a task run back to back.
 */
#ifndef ROMNOC_NI_H
#define ROMNOC_NI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch.h"
#include "ir.h"

/* What lane p of a node's local port does in cycle c, as the NI's program word says. */
typedef struct {
  bool req;           /* the router asks for an own packet (for the next cycle) */
  bool req_bcast;     /* its tags: a broadcast packet, */
  uint32_t req_dest;  /* its real destination (0 for a broadcast packet) */
  uint32_t rd_addr;   /* the send-buffer block it is */
  bool next;          /* a merged word (runs back to back): the request is the next run's */
  bool dlv;           /* the router hands over a packet */
  uint32_t wr_addr;   /* filed at this entry of lane p's receive bank */
  bool exp_bcast;     /* the tags it must carry (tagged flits) */
  uint32_t exp_dest, exp_origin;
} ni_lane_word;

/* Per task k of the fabric (ir.h, ir_run; one unless several were joined, ir_tasks.h). */
typedef struct {
  uint32_t send_count[IR_MAX_TASKS], recv_count[IR_MAX_TASKS]; /* blocks of the node's sendbuf and recvbuf */
  ni_lane_word *words;             /* [c * ports + p], c = 0..cycles: the ROM's cycles, task k's from its base */
  uint8_t *drain_src[IR_MAX_TASKS]; /* [j]: the receive bank (a lane) of recvbuf block j, or
                                    * ports: the node's own block, from the send buffer */
  uint32_t *drain_addr[IR_MAX_TASKS]; /* [j]: its entry there */
  uint32_t own_block[IR_MAX_TASKS];   /* the sendbuf block that is the node's own recvbuf block,
                                       * send_count[k] if none */
} ni_node;

typedef struct {
  const ir_fabric *f;
  const router_arch *arch; /* the router and its plan (router_arch.local_request) */
  const void *plan;
  uint32_t prog_words;        /* program words per node: cycles + 1 (and the two merged words) */
  uint32_t message_words;     /* M: words per block; a message is M runs back to back, run m
                               * carrying word m of every block (router_shape.overlap) */
  uint32_t send_max, recv_max; /* the most blocks any node's sendbuf and recvbuf have, in any task */
  uint32_t send_lanes;        /* bit p: lane p asks for own packets at some node (a copy) */
  uint32_t recv_depth[RTL_MAX_PORTS]; /* entries of lane p's receive bank (the most of any task's
                                       * run), 0 if it never delivers */
  bool own_blocks;            /* some node's recvbuf holds its own block in some task */
  int send_addr_width, recv_addr_width, index_width; /* bits of rd_addr, wr_addr, a block index */
  ni_node *nodes;
} ni_plan;

/* Plans the NI of f, whose router a (planned: plan) has shape s. Returns 0, or -1 with the
 * reason in err: a router, port model or task the NI does not serve yet (it needs the banked
 * or combine router's local port, one per lane, and a task with an MPI buffer layout), or a
 * block of a receive buffer that no delivery and no own block fills (or two that fill it). */
int ni_plan_build(ni_plan *n, const ir_fabric *f, const router_arch *a, const void *plan, const router_shape *s,
                  uint32_t message_words, char *err, size_t errlen);

/* Lane p's word of node u's program at ROM address c = {task k, cycle}: a cycle <= task k's
 * cycles as planned; the merged entries of a design that runs back to back (arch.h) take the
 * deliveries (and requests) of word cycles or cycles - 1, and the requests of word 1 (cycle =
 * cycles + 1) or 0 (cycles + 2, the next run's) where that word makes one; none beyond. */
ni_lane_word ni_word_at(const ni_plan *n, const router_shape *s, uint32_t u, uint32_t c, int p);
void ni_plan_free(ni_plan *n);

/* MPI's layout of packet task t (the table in ni.c): recvbuf block i of node u is node i's
 * sendbuf block (recv_per_origin) or the root's; and it is that sendbuf's block u (a block per
 * destination: send_per_dest) or its block 0. False for a task without a row, or one that
 * combines (its blocks are sums, not any node's sendbuf block). */
bool ni_packet_layout(task_kind t, bool *recv_per_origin, bool *send_per_dest);

/* The bits of lane p's fields in a program word, and the word's width (emit_ni.c packs and
 * decodes with the same layout). */
typedef struct {
  rom_field req, req_bcast, req_dest, rd_addr, next, dlv, wr_addr, exp_tag; /* exp_tag: {bcast, dest, origin}, tagged only;
                                                                             * next: runs back to back only */
} ni_lane_fields;
int ni_word_layout(const ni_plan *n, const router_shape *s, ni_lane_fields *lanes);

#endif
