/* bounds.c — lower bounds (see bounds.h). */
#include "model/bounds.h"

#include <stdbool.h>

#include "model/bounds_s4noc.h"

static uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
static uint64_t max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* packets one node can send (or receive) in one slot */
static uint64_t node_capacity(const topo *t, model_kind model, uint32_t u) {
  return (model == MODEL_MLA || model == MODEL_ONEWAY) ? (uint64_t)topo_degree(t, u) : 1;
}

/* transmissions the whole network can carry in one slot */
static uint64_t network_capacity(const topo *t, model_kind model) {
  switch (model) {
  case MODEL_MLA: return 2 * topo_links(t);
  case MODEL_ONEWAY: return topo_links(t);
  case MODEL_SP_FULL: return t->nodes;
  default: return t->nodes / 2;
  }
}

/* Total exchange, a cut per dimension: split every line of dimension i into halves of
 * floor(K/2) and ceil(K/2) positions. (N/K) * floor(K^2/4) * (N/K) packets go from the first
 * half to the second, each over a link of the cut in that direction: N/K of them on a path (a
 * mesh, or K = 2), 2N/K on a cycle. For a torus this equals the dimension's hops over its
 * links; for a mesh it is twice that, and stronger than the total-hops bound. Under oneway
 * the packets crossing the other way share those links: twice the packets, the same links.
 * complete:N is no product of lines: a cut of A and B nodes has a directed link for each of the
 * |A||B| packets crossing it each way, a bound no stronger than the total hops' (0 here). */
static uint64_t te_cut_bound(const topo *t, model_kind model) {
  uint64_t lb = 0, n = t->nodes;
  if (t->kind == TOPO_COMPLETE) return 0;
  for (int i = 0; i < t->ndims; i++) {
    uint64_t k = t->radix[i], lines = n / k, crossing = lines * (k * k / 4) * lines;
    bool cycle = (t->kind == TOPO_TORUS || t->kind == TOPO_RING) && k > 2;
    lb = max_u64(lb, ceil_div(model == MODEL_ONEWAY ? 2 * crossing : crossing, cycle ? 2 * lines : lines));
  }
  return lb;
}

/* Single-port snb: call a node on time if it holds the packet by slot dist(root, it). The root
 * sends once in slot 1, so at most one node at distance 1 is on time; an on-time node at
 * distance r got the packet in slot r from one at distance r-1 that held it by slot r-1, i.e.
 * an on-time one, which sends once per slot: by induction at most one node per distance is on
 * time. With two or more nodes at distance ecc(root) (an odd cycle in some dimension: both
 * ends of its longest arc) one of them is late: ecc(root) + 1 slots. A reduce is a broadcast
 * reversed in time (003 Thm 2.10-2.11), sends and receptions swapped, which keeps both
 * single-port models: the same bound. */
static uint64_t single_port_far_bound(const topo *t, uint32_t root) {
  uint32_t ecc = topo_eccentricity(t, root), far = 0;
  for (uint32_t v = 0; v < t->nodes && far < 2; v++) far += topo_dist(t, root, v) == ecc;
  return (uint64_t)ecc + (far >= 2);
}

uint32_t bound_slots(const topo *t, task_kind task, model_kind model, uint32_t root) {
  if (model_limits_local_port(model)) { /* mla's links and a local port (bounds_s4noc.h) */
    uint32_t links = bound_slots(t, task, MODEL_MLA, root), local = bound_local_port_slots(t, task, root);
    return links > local ? links : local;
  }
  uint64_t n = t->nodes, cap = network_capacity(t, model), lb = 0;
  uint64_t min_node_cap = (model == MODEL_MLA || model == MODEL_ONEWAY) ? (uint64_t)topo_min_degree(t) : 1;
  if (n == 1 || cap == 0) return 0;
  switch (task) {
  case TASK_SNB:
  case TASK_REDUCE: { /* a reduce reversed in time is a broadcast (003 Thm 2.10-2.11) */
    /* each informed node informs at most (ports it may use) others per slot */
    uint64_t grow = (model == MODEL_MLA || model == MODEL_ONEWAY) ? (uint64_t)t->ports : 1, informed = 1;
    while (informed < n) {
      informed += informed * grow;
      lb++;
    }
    lb = max_u64(lb, topo_eccentricity(t, root));
    if (model == MODEL_SP_FULL || model == MODEL_SP_HALF) lb = max_u64(lb, single_port_far_bound(t, root));
    break;
  }
  case TASK_MNB:
  case TASK_REDUCE_SCATTER: /* universal accumulation reversed is universal broadcast (003 Thm 2.11) */
    lb = max_u64(topo_diameter(t), ceil_div(n - 1, min_node_cap));
    lb = max_u64(lb, ceil_div(n * (n - 1), cap));
    if (model == MODEL_SP_HALF) lb = max_u64(lb, n); /* receive n-1, send at least once */
    break;
  case TASK_SCATTER:
  case TASK_GATHER:
    lb = max_u64(topo_eccentricity(t, root), ceil_div(n - 1, node_capacity(t, model, root)));
    lb = max_u64(lb, ceil_div(topo_dist_sum_from(t, root), cap));
    break;
  case TASK_TE:
    lb = max_u64(topo_diameter(t), ceil_div(n - 1, min_node_cap));
    lb = max_u64(lb, ceil_div(topo_dist_sum_all(t), cap));
    if (model == MODEL_MLA || model == MODEL_ONEWAY) lb = max_u64(lb, te_cut_bound(t, model));
    if (model == MODEL_SP_HALF) lb = max_u64(lb, 2 * (n - 1)); /* send n-1, receive n-1 */
    break;
  case TASK_ALLREDUCE:
  case TASK_GLOBAL_SUM: {
    /* every chunk's sum must reach every node: 2(N-1) words per chunk at least (the one-way
     * gossip bound of Harary and Schwenk) over the network's capacity; a node's partial holds
     * at most (1 + the words it receives per slot)^s contributions after s slots; the
     * diameter; and for allreduce every node sends and receives a word of every chunk */
    uint64_t chunks = task_chunks(task, (uint32_t)n), recv = node_capacity(t, model, 0), held = 1;
    if (model == MODEL_MLA || model == MODEL_ONEWAY) recv = (uint64_t)t->ports;
    lb = max_u64(topo_diameter(t), ceil_div(2 * chunks * (n - 1), cap));
    uint64_t grow = 0;
    while (held < n) {
      held += held * recv;
      grow++;
    }
    lb = max_u64(lb, grow);
    if (task == TASK_ALLREDUCE) lb = max_u64(lb, model == MODEL_SP_HALF ? 2 * n : ceil_div(n, min_node_cap));
    break;
  }
  case TASK_KBCAST: return bound_kbcast_slots(t, 1);
  case TASK_PMNB:
  case TASK_PEXCHANGE:
  case TASK_PGATHER: /* bound_active_slots knows the set */
  case TASK_COUNT: break;
  }
  return (uint32_t)lb;
}

uint32_t bound_kbcast_slots(const topo *t, uint32_t k) {
  uint64_t n = t->nodes, links = 2 * topo_links(t); /* directed */
  if (n == 1 || links == 0) return 0;
  return (uint32_t)max_u64(topo_diameter(t), ceil_div((n - 1) * k, links));
}

uint64_t bound_kbcast_transmissions(const topo *t, uint32_t k) { return (uint64_t)k * (t->nodes - 1); }

uint64_t bound_transmissions(const topo *t, task_kind task, uint32_t root) {
  uint64_t n = t->nodes;
  switch (task) {
  case TASK_SNB:
  case TASK_REDUCE: return n - 1;
  case TASK_MNB:
  case TASK_REDUCE_SCATTER: return n * (n - 1);
  case TASK_ALLREDUCE: return 2 * n * (n - 1);
  case TASK_GLOBAL_SUM: return 2 * (n - 1);
  case TASK_KBCAST: return bound_kbcast_transmissions(t, 1);
  case TASK_PMNB: return n - 1;
  case TASK_SCATTER:
  case TASK_GATHER: return topo_dist_sum_from(t, root);
  default: return topo_dist_sum_all(t);
  }
}

/* pexchange: for each dimension i and each cut between positions k and k+1 of its lines, the
 * packets from the active nodes on one side to every node on the other cross the cut in that
 * direction, over one link per line (a path, or K = 2) or two (a cycle: the cut and the wrap). */
static uint64_t pexchange_cut_bound(const topo *t, const active_set *a) {
  uint64_t lb = 0, n = t->nodes;
  if (t->kind == TOPO_COMPLETE) return 0; /* not a product of lines: a link per pair crosses */
  for (int i = 0; i < t->ndims; i++) {
    uint32_t k = t->radix[i];
    uint64_t lines = n / k, below = 0;
    bool cycle = (t->kind == TOPO_TORUS || t->kind == TOPO_RING) && k > 2;
    uint64_t links = cycle ? 2 * lines : lines, total = a->n;
    for (uint32_t cut = 0; cut + 1 < k; cut++) {
      for (uint32_t j = 0; j < a->n; j++) below += topo_coord(t, a->ids[j], i) == cut;
      uint64_t nodes_below = (uint64_t)(cut + 1) * lines, nodes_above = n - nodes_below;
      lb = max_u64(lb, ceil_div(below * nodes_above, links));
      lb = max_u64(lb, ceil_div((total - below) * nodes_below, links));
    }
  }
  return lb;
}

uint32_t bound_active_slots(const topo *t, task_kind task, const active_set *a, uint32_t fraction) {
  if (task == TASK_KBCAST) return bound_kbcast_slots(t, a->n);
  /* pgather is pexchange with every arrow reversed (004 s2, 003 Thm 2.10): an active node
   * receives N-1 packets where it sent them, a node sends one per active node where it
   * received one, and a cut carries the same count the other way. */
  if (task == TASK_PGATHER) task = TASK_PEXCHANGE;
  uint64_t lb = 0, m = a->n, n = t->nodes, f = fraction ? fraction : 1;
  if (n == 1 || m == 0) return 0;
  for (uint32_t j = 0; j < a->n; j++) { /* the farthest node from an active one */
    uint32_t o = a->ids[j];
    lb = max_u64(lb, topo_eccentricity(t, o));
    if (task == TASK_PEXCHANGE) lb = max_u64(lb, ceil_div(n - 1, (uint64_t)topo_degree(t, o)));
  }
  for (uint32_t v = 0, j = 0; v < n; v++) { /* what node v must receive, over its in-links */
    uint64_t is_active = j < a->n && a->ids[j] == v;
    j += (uint32_t)is_active;
    lb = max_u64(lb, ceil_div((m - is_active) * (task == TASK_PMNB ? f : 1), (uint64_t)topo_degree(t, v)));
  }
  if (task == TASK_PEXCHANGE) lb = max_u64(lb, pexchange_cut_bound(t, a));
  return (uint32_t)lb;
}

uint64_t bound_active_transmissions(const topo *t, task_kind task, const active_set *a, uint32_t fraction) {
  if (task == TASK_KBCAST) return bound_kbcast_transmissions(t, a->n);
  if (task == TASK_PMNB) return (uint64_t)a->n * (t->nodes - 1) * (fraction ? fraction : 1);
  uint64_t sum = 0;
  for (uint32_t j = 0; j < a->n; j++) sum += topo_dist_sum_from(t, a->ids[j]);
  return sum;
}
