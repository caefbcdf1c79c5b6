/* ni.c — the network interface's plan (see ni.h): the MPI buffer layout of each task, and
 * per node the program that files every request and delivery of the router's local port. */
#include "ni.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The MPI buffers of a task (MPI 4.0 s6): which nodes have a sendbuf and a recvbuf, and
 * whether either holds one block or one block per node, in rank order: for a packet task a
 * block per destination in a sendbuf, per origin in a recvbuf; for a combining task a block per
 * chunk in both (the node's contribution to the chunk in, the chunk's whole sum out). A task is
 * a row. */
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
    /* MPI_Reduce: a contribution in, the root gets the sum */
    {TASK_REDUCE, AT_ALL, AT_ROOT, false, false},
    /* MPI_Reduce_scatter_block: a contribution per chunk in, the sum of chunk u out */
    {TASK_REDUCE_SCATTER, AT_ALL, AT_ALL, true, false},
    /* MPI_Allreduce of N words: a contribution per chunk in, every chunk's sum out */
    {TASK_ALLREDUCE, AT_ALL, AT_ALL, true, true},
    /* MPI_Allreduce of one word */
    {TASK_GLOBAL_SUM, AT_ALL, AT_ALL, false, false},
};

static const mpi_buffers *buffers_of(task_kind t) {
  for (size_t i = 0; i < sizeof buffer_table / sizeof buffer_table[0]; i++)
    if (buffer_table[i].task == t) return &buffer_table[i];
  return NULL;
}

bool ni_packet_layout(task_kind t, bool *recv_per_origin, bool *send_per_dest) {
  const mpi_buffers *b = buffers_of(t);
  if (!b || task_combines(t)) return false;
  *recv_per_origin = b->recv_per_origin, *send_per_dest = b->send_per_dest;
  return true;
}

static bool has_buffer(buffer_at at, const ir_run *run, uint32_t u) {
  return at == AT_ALL || (at == AT_ROOT && (int64_t)u == run->root);
}

static uint32_t block_count(buffer_at at, bool per_node, const ir_fabric *f, const ir_run *run, uint32_t u) {
  return has_buffer(at, run, u) ? (per_node ? f->fd->nodes : 1) : 0;
}

/* The id node u's program names by x: node 0's offset translated by u when the program is
 * shared, x itself when every node has a program of its own. */
static uint32_t real_id(const ir_fabric *f, uint32_t u, uint32_t x) { return f->shared ? fabric_translate(f->fd, u, x) : x; }

static int refuse(char *err, size_t errlen, const char *fmt, const char *a, const char *b) {
  snprintf(err, errlen, fmt, a, b);
  return -1;
}

static int supported(const ir_fabric *f, const router_arch *a, const router_shape *s, char *err, size_t errlen) {
  for (uint32_t k = 0; k < f->ntasks; k++)
    if (!buffers_of(f->runs[k].task) || f->fraction > 1)
      return refuse(err, errlen, "--ni does not serve task %s yet (it serves %s)", task_name(f->runs[k].task),
                    "snb, mnb, scatter, gather, te, reduce, reduce_scatter, allreduce and global_sum: MPI's");
  if (!a->ni_local_port)
    return refuse(err, errlen, "--ni needs the banked (combine, mixed) router's local port, not the %s router's%s", s->arch, "");
  if (f->fd->one_local_port)
    return refuse(err, errlen, "--ni does not serve port model %s yet (one local port per node)%s",
                  model_name(f->model), "");
  return 0;
}

/* The own packet lane p asks for in word c (for slot c+1) of program prog: from the router's
 * plan where it plans them (router_arch.local_request: a combining task's contributions, dest
 * = the chunk), else (or where it says ARCH_REQUEST_IR) the IR's LOCAL send. False if none. */
static bool request_at(const ni_plan *n, uint32_t prog, uint32_t c, int p, bool *bcast, uint32_t *dest) {
  const ir_fabric *f = n->f;
  int32_t chunk = n->arch->local_request ? n->arch->local_request(n->plan, prog, c, p) : ARCH_REQUEST_IR;
  if (chunk != ARCH_REQUEST_IR) {
    *bcast = false, *dest = chunk < 0 ? 0 : (uint32_t)chunk;
    return chunk >= 0;
  }
  if (c + 1 > f->slots) return false;
  const ir_send *o = ir_send_at(f, prog, c + 1, p);
  *bcast = o->bcast, *dest = o->dest;
  return o->kind == IR_SEND_LOCAL;
}

/* The packet lane p hands over in cycle s+1 (slot s's), if it delivers: a packet's origin and
 * dest (-1: broadcast), or a combining task's whole sum of a chunk (origin 0, dest the chunk:
 * the combiner's flit). */
static void delivered(const ir_fabric *f, bool combines, uint32_t prog, uint32_t s, int p, uint32_t *origin,
                      int32_t *dest) {
  if (combines) {
    *origin = 0, *dest = (int32_t)ir_combine_at(f, prog, s, p)->chunk;
    return;
  }
  const ir_recv *in = ir_recv_at(f, prog, s, p);
  *origin = in->origin, *dest = in->dest;
}

/* Files the deliveries of node u's task k in its program and drain map; -1 with err if a
 * recvbuf block is filled by nothing or twice. */
static int file_deliveries(ni_plan *n, uint32_t u, uint32_t k, char *err, size_t errlen) {
  const ir_fabric *f = n->f;
  const ir_run *run = &f->runs[k];
  const mpi_buffers *b = buffers_of(run->task);
  bool combines = task_combines(run->task);
  int ports = f->fd->ports;
  ni_node *nd = &n->nodes[u];
  uint8_t *drain_src = nd->drain_src[k];
  uint32_t *drain_addr = nd->drain_addr[k], recv_count = nd->recv_count[k];
  uint32_t prog = f->shared ? 0 : u, next[RTL_MAX_PORTS] = {0};
  for (uint32_t s = run->base + 1; s <= run->base + run->slots; s++)
    for (int p = 0; p < ports; p++) {
      if (!ir_recv_at(f, prog, s, p)->deliver) continue;
      uint32_t origin;
      int32_t dest;
      delivered(f, combines, prog, s, p, &origin, &dest);
      ni_lane_word *w = &nd->words[(size_t)(s + 1) * ports + p]; /* handed over in cycle s + 1 */
      origin = combines ? 0 : real_id(f, u, origin);
      uint32_t real_dest = dest < 0 ? 0 : real_id(f, u, (uint32_t)dest);
      uint32_t j = !b->recv_per_origin ? 0 : combines ? real_dest : origin; /* by chunk, or by origin */
      if (j >= recv_count || drain_src[j] != 0xff) {
        snprintf(err, errlen, "--ni: node %u's recvbuf block %u of task %s is %s (slot %u, lane %d)", (unsigned)u,
                 (unsigned)j, task_name(run->task), j >= recv_count ? "not in its recvbuf" : "delivered twice",
                 (unsigned)(s - run->base), p);
        return -1;
      }
      w->dlv = true;
      w->wr_addr = next[p]++;
      w->exp_bcast = dest < 0;
      w->exp_dest = real_dest;
      w->exp_origin = origin;
      drain_src[j] = (uint8_t)p;
      drain_addr[j] = w->wr_addr;
    }
  for (int p = 0; p < ports; p++)
    if (next[p] > n->recv_depth[p]) n->recv_depth[p] = next[p];
  return 0;
}

/* Fills node u's program and drain map for task k: the requests and deliveries, and the
 * node's own block where its recvbuf holds it (a packet task's packet (u, u), which no link
 * brings); -1 with err if a recvbuf block is filled by nothing or twice. */
static int plan_node(ni_plan *n, uint32_t u, uint32_t k, char *err, size_t errlen) {
  const ir_fabric *f = n->f;
  const ir_run *run = &f->runs[k];
  const mpi_buffers *b = buffers_of(run->task);
  int ports = f->fd->ports;
  ni_node *nd = &n->nodes[u];
  uint32_t prog = f->shared ? 0 : u;
  for (uint32_t c = run->base; c <= run->base + run->slots; c++) /* word c asks for cycle c + 1 */
    for (int p = 0; p < ports; p++) {
      bool bcast;
      uint32_t dest;
      if (!request_at(n, prog, c, p, &bcast, &dest)) continue;
      ni_lane_word *w = &nd->words[(size_t)c * ports + p];
      dest = bcast ? 0 : real_id(f, u, dest);
      w->req = true; /* the word's delivery fields may be set already */
      w->req_bcast = bcast;
      w->req_dest = dest;
      w->rd_addr = b->send_per_dest ? dest : 0;
      n->send_lanes |= 1u << p;
    }
  if (file_deliveries(n, u, k, err, errlen)) return -1;
  uint8_t *drain_src = nd->drain_src[k];
  nd->own_block[k] = nd->send_count[k];
  if (!task_combines(run->task) && nd->send_count[k] && nd->recv_count[k]) { /* the node's own block */
    uint32_t j = b->recv_per_origin ? u : 0;
    if (drain_src[j] == 0xff) {
      drain_src[j] = (uint8_t)ports;
      nd->drain_addr[k][j] = 0; /* the own block's memory holds one block */
      nd->own_block[k] = b->send_per_dest ? u : 0;
      n->own_blocks = true;
    }
  }
  for (uint32_t j = 0; j < nd->recv_count[k]; j++)
    if (drain_src[j] == 0xff) {
      snprintf(err, errlen, "--ni: node %u's recvbuf block %u of task %s is never delivered", (unsigned)u, (unsigned)j,
               task_name(run->task));
      return -1;
    }
  return 0;
}

/* Node u's buffers and maps for every task; -1 if memory runs out. */
static int alloc_node(ni_plan *n, uint32_t u) {
  const ir_fabric *f = n->f;
  ni_node *nd = &n->nodes[u];
  nd->words = calloc((size_t)n->prog_words * f->fd->ports, sizeof *nd->words);
  if (!nd->words) return -1;
  for (uint32_t k = 0; k < f->ntasks; k++) {
    const mpi_buffers *b = buffers_of(f->runs[k].task);
    nd->send_count[k] = block_count(b->send_at, b->send_per_dest, f, &f->runs[k], u);
    nd->recv_count[k] = block_count(b->recv_at, b->recv_per_origin, f, &f->runs[k], u);
    nd->drain_src[k] = malloc(nd->recv_count[k] + 1);
    nd->drain_addr[k] = calloc(nd->recv_count[k] + 1, sizeof *nd->drain_addr[k]);
    if (!nd->drain_src[k] || !nd->drain_addr[k]) return -1;
    memset(nd->drain_src[k], 0xff, nd->recv_count[k] + 1);
    if (nd->send_count[k] > n->send_max) n->send_max = nd->send_count[k];
    if (nd->recv_count[k] > n->recv_max) n->recv_max = nd->recv_count[k];
  }
  return 0;
}

int ni_plan_build(ni_plan *n, const ir_fabric *f, const router_arch *a, const void *plan, const router_shape *s,
                  uint32_t message_words, char *err, size_t errlen) {
  *n = (ni_plan){.f = f, .arch = a, .plan = plan, .prog_words = s->cycles + 1, .message_words = message_words};
  if (supported(f, a, s, err, errlen)) return -1;
  uint32_t nodes = f->fd->nodes;
  int ports = f->fd->ports;
  n->nodes = calloc(nodes, sizeof *n->nodes);
  if (!n->nodes) goto oom;
  for (uint32_t u = 0; u < nodes; u++) {
    if (alloc_node(n, u)) goto oom;
    for (uint32_t k = 0; k < f->ntasks; k++)
      if (plan_node(n, u, k, err, errlen)) {
        ni_plan_free(n);
        return -1;
      }
  }
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
  /* {k, cycle}: task k's cycle, from its base (ir_tasks.h; as arch_pack_word) */
  uint32_t k = c >> s->cycle_width, local = c & ((1u << s->cycle_width) - 1), base = c - local;
  if (k >= s->tasks) return none;
  uint32_t cycles = s->task_cycles[k];
  if (local <= cycles) return words[(size_t)c * ports + p];
  if (!s->overlap || local > cycles + 2) return none;
  bool shared = local == cycles + 1;
  ni_lane_word w = words[(size_t)(base + (shared ? cycles : cycles - 1)) * ports + p]; /* the deliveries */
  const ni_lane_word *r = &words[(size_t)(base + (shared ? 1 : 0)) * ports + p];        /* the requests */
  if (!r->req) return w; /* the lane's own request, if any (arch_check_merges: never both) */
  w.req = r->req, w.req_bcast = r->req_bcast, w.req_dest = r->req_dest, w.rd_addr = r->rd_addr;
  w.next = !shared; /* word 0's: for the next run's slot 1 */
  return w;
}

void ni_plan_free(ni_plan *n) {
  if (n->nodes)
    for (uint32_t u = 0; u < n->f->fd->nodes; u++) {
      free(n->nodes[u].words);
      for (uint32_t k = 0; k < IR_MAX_TASKS; k++) {
        free(n->nodes[u].drain_src[k]);
        free(n->nodes[u].drain_addr[k]);
      }
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
    l->next = rom_field_take(&next, s->overlap ? 1 : 0);
    l->dlv = rom_field_take(&next, 1);
    l->wr_addr = rom_field_take(&next, n->recv_addr_width);
    l->exp_tag = rom_field_take(&next, s->bare_flit ? 0 : 2 * a + 1);
  }
  return next;
}
