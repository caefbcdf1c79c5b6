/* ni.c — the network interface's plan (see ni.h): the MPI buffer layout of each task, and
 * per node the program that files every request and delivery of the router's local port. */
#include "ni.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The MPI buffers of a packet task (MPI 4.0 s6): which nodes have a sendbuf and a recvbuf,
 * and whether either holds one block or one block per node (in rank order: a block per
 * destination in a sendbuf, per origin in a recvbuf). A task is a row. */
typedef enum { AT_NONE, AT_ALL, AT_ROOT } buffer_at;
typedef struct {
  task_kind task;
  buffer_at send_at, recv_at;
  bool send_per_dest, recv_per_origin;
} mpi_buffers;

static const mpi_buffers buffer_table[] = {
    /* MPI_Bcast: the root's buffer, every node ends with it */
    {TASK_SNB, AT_ROOT, AT_ALL, false, false},
    /* MPI_Allgather: one block in, every node's block out */
    {TASK_MNB, AT_ALL, AT_ALL, false, true},
    /* MPI_Scatter: the root's block per destination in, one block out */
    {TASK_SCATTER, AT_ROOT, AT_ALL, true, false},
    /* MPI_Gather: one block in, the root gets one per origin */
    {TASK_GATHER, AT_ALL, AT_ROOT, false, true},
    /* MPI_Alltoall: a block per destination in, a block per origin out */
    {TASK_TE, AT_ALL, AT_ALL, true, true},
};

static const mpi_buffers *buffers_of(task_kind t) {
  for (size_t i = 0; i < sizeof buffer_table / sizeof buffer_table[0]; i++)
    if (buffer_table[i].task == t) return &buffer_table[i];
  return NULL;
}

static bool has_buffer(buffer_at at, const ir_fabric *f, uint32_t u) {
  return at == AT_ALL || (at == AT_ROOT && (int64_t)u == f->root);
}

static uint32_t block_count(buffer_at at, bool per_node, const ir_fabric *f, uint32_t u) {
  return has_buffer(at, f, u) ? (per_node ? f->fd->nodes : 1) : 0;
}

/* The id node u's program names by x: node 0's offset translated by u when the program is
 * shared, x itself when every node has a program of its own. */
static uint32_t real_id(const ir_fabric *f, uint32_t u, uint32_t x) { return f->shared ? fabric_translate(f->fd, u, x) : x; }

static int refuse(char *err, size_t errlen, const char *fmt, const char *a, const char *b) {
  snprintf(err, errlen, fmt, a, b);
  return -1;
}

static int supported(const ir_fabric *f, const router_shape *s, char *err, size_t errlen) {
  if (!buffers_of(f->task) || f->fraction > 1)
    return refuse(err, errlen, "--ni does not serve task %s yet (it serves %s)", task_name(f->task),
                  "snb, mnb, scatter, gather and te: MPI's bcast, allgather, scatter, gather and alltoall");
  if (strcmp(s->arch, "banked"))
    return refuse(err, errlen, "--ni needs the banked router's local port, not the %s router's%s", s->arch, "");
  if (f->fd->one_local_port)
    return refuse(err, errlen, "--ni does not serve port model %s yet (one local port per node)%s",
                  model_name(f->model), "");
  return 0;
}

/* Fills node u's program and drain map; -1 with err if a recvbuf block is filled by nothing
 * or twice. */
static int plan_node(ni_plan *n, uint32_t u, char *err, size_t errlen) {
  const ir_fabric *f = n->f;
  const mpi_buffers *b = buffers_of(f->task);
  int ports = f->fd->ports;
  ni_node *nd = &n->nodes[u];
  uint32_t prog = f->shared ? 0 : u;
  uint32_t next[RTL_MAX_PORTS] = {0};
  for (uint32_t s = 1; s <= f->slots; s++)
    for (int p = 0; p < ports; p++) {
      const ir_send *o = ir_send_at(f, prog, s, p);
      if (o->kind == IR_SEND_LOCAL) { /* asked for in cycle s - 1 (banked: slot s on the wires in cycle s + 1) */
        ni_lane_word *w = &nd->words[(size_t)(s - 1) * ports + p];
        uint32_t dest = o->bcast ? 0 : real_id(f, u, o->dest);
        w->req = true; /* the word's delivery fields may be set already */
        w->req_bcast = o->bcast;
        w->req_dest = dest;
        w->rd_addr = b->send_per_dest ? dest : 0;
        n->send_lanes |= 1u << p;
      }
      const ir_recv *in = ir_recv_at(f, prog, s, p);
      if (!in->deliver) continue;
      ni_lane_word *w = &nd->words[(size_t)(s + 1) * ports + p]; /* handed over in cycle s + 1 */
      uint32_t origin = real_id(f, u, in->origin);
      uint32_t j = b->recv_per_origin ? origin : 0;
      if (j >= nd->recv_count || nd->drain_src[j] != 0xff) {
        snprintf(err, errlen, "--ni: node %u's recvbuf block %u is %s (slot %u, lane %d)", (unsigned)u, (unsigned)j,
                 j >= nd->recv_count ? "not in its recvbuf" : "delivered twice", (unsigned)s, p);
        return -1;
      }
      w->dlv = true;
      w->wr_addr = next[p]++;
      w->exp_bcast = in->dest < 0;
      w->exp_dest = in->dest < 0 ? 0 : real_id(f, u, (uint32_t)in->dest);
      w->exp_origin = origin;
      nd->drain_src[j] = (uint8_t)p;
      nd->drain_addr[j] = w->wr_addr;
    }
  for (int p = 0; p < ports; p++)
    if (next[p] > n->recv_depth[p]) n->recv_depth[p] = next[p];
  if (nd->send_count && nd->recv_count) { /* the node's own block: packet (u, u) */
    uint32_t j = b->recv_per_origin ? u : 0;
    if (nd->drain_src[j] == 0xff) {
      nd->drain_src[j] = (uint8_t)ports;
      nd->drain_addr[j] = b->send_per_dest ? u : 0;
    }
  }
  for (uint32_t j = 0; j < nd->recv_count; j++)
    if (nd->drain_src[j] == 0xff) {
      snprintf(err, errlen, "--ni: node %u's recvbuf block %u is never delivered", (unsigned)u, (unsigned)j);
      return -1;
    }
  return 0;
}

int ni_plan_build(ni_plan *n, const ir_fabric *f, const router_shape *s, uint32_t message_words, char *err,
                  size_t errlen) {
  *n = (ni_plan){.f = f, .prog_words = s->cycles + 1, .message_words = message_words};
  if (supported(f, s, err, errlen)) return -1;
  const mpi_buffers *b = buffers_of(f->task);
  uint32_t nodes = f->fd->nodes;
  int ports = f->fd->ports;
  n->nodes = calloc(nodes, sizeof *n->nodes);
  if (!n->nodes) goto oom;
  for (uint32_t u = 0; u < nodes; u++) {
    ni_node *nd = &n->nodes[u];
    nd->send_count = block_count(b->send_at, b->send_per_dest, f, u);
    nd->recv_count = block_count(b->recv_at, b->recv_per_origin, f, u);
    nd->words = calloc((size_t)n->prog_words * ports, sizeof *nd->words);
    nd->drain_src = malloc(nd->recv_count + 1);
    nd->drain_addr = calloc(nd->recv_count + 1, sizeof *nd->drain_addr);
    if (!nd->words || !nd->drain_src || !nd->drain_addr) goto oom;
    memset(nd->drain_src, 0xff, nd->recv_count + 1);
    if (nd->send_count > n->send_max) n->send_max = nd->send_count;
    if (nd->recv_count > n->recv_max) n->recv_max = nd->recv_count;
    if (plan_node(n, u, err, errlen)) {
      ni_plan_free(n);
      return -1;
    }
  }
  n->self_lane = n->send_lanes ? __builtin_ctz(n->send_lanes) : 0;
  n->send_lanes |= 1u << n->self_lane; /* a copy to read own blocks from, even if no lane sends */
  uint32_t depth = 1;
  for (int p = 0; p < ports; p++)
    if (n->recv_depth[p] > depth) depth = n->recv_depth[p];
  n->send_addr_width = rtl_clog2(n->send_max) ? rtl_clog2(n->send_max) : 1;
  n->recv_addr_width = rtl_clog2(depth) ? rtl_clog2(depth) : 1;
  n->index_width = rtl_clog2(nodes) ? rtl_clog2(nodes) : 1;
  return 0;
oom:
  ni_plan_free(n);
  snprintf(err, errlen, "out of memory planning the network interfaces of %s", f->fd->topo_name);
  return -1;
}

ni_lane_word ni_word_at(const ni_plan *n, const router_shape *s, uint32_t u, uint32_t c, int p) {
  const ni_lane_word *words = n->nodes[u].words;
  int ports = s->ports;
  ni_lane_word none = {0};
  if (c < n->prog_words) return words[(size_t)c * ports + p];
  if (!s->overlap || c > s->cycles + 2) return none;
  bool shared = c == s->cycles + 1;
  ni_lane_word w = words[(size_t)(shared ? s->cycles : s->cycles - 1) * ports + p]; /* the deliveries */
  const ni_lane_word *r = &words[(size_t)(shared ? 1 : 0) * ports + p];               /* the requests */
  w.req = r->req, w.req_bcast = r->req_bcast, w.req_dest = r->req_dest, w.rd_addr = r->rd_addr;
  return w;
}

void ni_plan_free(ni_plan *n) {
  if (n->nodes)
    for (uint32_t u = 0; u < n->f->fd->nodes; u++) {
      free(n->nodes[u].words);
      free(n->nodes[u].drain_src);
      free(n->nodes[u].drain_addr);
    }
  free(n->nodes);
  n->nodes = NULL;
}

int ni_word_layout(const ni_plan *n, const router_shape *s, ni_lane_fields *lanes) {
  int next = 0, a = s->id_width;
  for (int p = 0; p < s->ports; p++) {
    ni_lane_fields *l = &lanes[p];
    l->req = rom_field_take(&next, 1);
    l->req_bcast = rom_field_take(&next, s->bare_flit ? 0 : 1);
    l->req_dest = rom_field_take(&next, s->bare_flit ? 0 : a);
    l->rd_addr = rom_field_take(&next, n->send_addr_width);
    l->dlv = rom_field_take(&next, 1);
    l->wr_addr = rom_field_take(&next, n->recv_addr_width);
    l->exp_tag = rom_field_take(&next, s->bare_flit ? 0 : 2 * a + 1);
  }
  return next;
}
