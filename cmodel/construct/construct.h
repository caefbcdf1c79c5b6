/* construct.h — the schedule constructions, one file each, behind one entry point so that
 * build.c can list them in a table (topology family, task, model, name).
 *
 * Each fills a schedule that sched_init() prepared (topology, task, model and root are in it)
 * and returns 0, or -1 if memory runs out (the schedule then holds a partial row set that the
 * caller frees). A construction that stores a template sets s->is_template. Rows need not be
 * sorted: the caller runs sched_finish().
 */
#ifndef ROMNOC_CONSTRUCT_H
#define ROMNOC_CONSTRUCT_H

#include <stddef.h>

#include "model/schedule.h"

typedef int (*construct_fn)(sched *s);

/* ---- stored templates (stored_templates.h) ---- */

/* The template found by te_search for this topology, task and model (cmodel/templates/);
 * stored_schedule_applies says whether there is one. */
int stored_schedule(sched *s);
int stored_schedule_applies(const sched *s, char *why, size_t len);

/* The broadcast template stored for s's combining task (a file reduce_scatter_TOPO.tsv holds
 * the mnb template its reversal starts from) into b, initialised for that broadcast's task on
 * s's topology and model, and finished. 0; -1 if none is stored or it is of another task. */
int stored_broadcast(const sched *s, sched *b);

/* ---- hypercube, paper 000 (mla) ---- */

/* Single-node broadcast along the binomial tree: in slot k every node that has the packet
 * sends it across dimension k-1. d slots, 2^d - 1 transmissions. */
int hc_snb(sched *s);

/* 000 §2: template (origin 0) of the multinode broadcast: the link sets A_i built from the
 * rotation classes, every A_i with links of distinct types. ceil((2^d-1)/d) slots. */
int hc_mnb(sched *s);

/* 000 §3: scatter from the root over the perfectly balanced shortest-path spanning tree built
 * from compatible classes, farthest destinations first. ceil((2^d-1)/d) slots. */
int hc_scatter(sched *s);

/* 000 §4: template (origin 0) of the total exchange, built recursively in three phases.
 * 2^(d-1) slots, d*2^(2d-1) transmissions. */
int hc_te(sched *s);

/* ---- hypercube, one-way (003 §6) ---- */

/* 003 §6 Thm 6.3: one-way multinode broadcast on the d-cube in ceil(2(2^d-1)/d) slots, as a
 * parity template (origins 0 and 1, schedule.h): 000 §2's template doubled (origin 0 in odd
 * slots, origin 1 = its XOR-1 translate in even slots; Lemma 7.4, Cor 7.5) and, when
 * r = (2^d-1) mod d has 1 <= r <= d/2, both origins' last partial blocks merged into one slot
 * on distinct dimensions (the fix-up of Thm 6.3's proof, Lemmas 7.6-7.7). 2(2^d-1) rows. */
int hc_oneway_mnb(sched *s);

/* ---- any topology (mla) ---- */

/* Single-node broadcast along a breadth-first spanning tree: a node at distance r from the
 * root receives in slot r from a neighbour at distance r-1. ecc(root) slots, N-1 rows. */
int tree_snb(sched *s);

/* Scatter over a shortest-path spanning tree whose root subtrees are balanced (at most
 * ceil((N-1)/deg(root)) nodes each where the search finds it), farthest first (000 §3's
 * pipelining). Slots = the largest root subtree. */
int tree_scatter(sched *s);

/* Gather as the time reversal of the best scatter (003 Thm 2.10-2.11): same slots and
 * transmissions. */
int reverse_gather(sched *s);

/* ---- rings and tori: Cayley-graph templates (003 §4) ---- */

/* Template of the multinode broadcast from slot-by-slot matchings of generators to unreached
 * nodes whose parent is reached (a regular order, 003 Def 4.3). ceil((N-1)/deg) slots where
 * the search reaches it. */
int cayley_mnb(sched *s);

/* Template of a broadcast from node 0 and its neighbour through port (a generator that is not
 * its own inverse), as cayley_mnb: ceil((N-2)/deg) slots where the search reaches it. */
int cayley_edge_broadcast(sched *s, int port);

/* Template of the total exchange: every packet of origin 0 on a shortest path, the hops
 * coloured (slots) by König's edge colouring of the packet x generator multigraph. Slots =
 * max(longest path, heaviest generator). */
int cayley_te(sched *s);

/* Under oneway a translation template may use each dimension once per slot (both ways
 * together) and never a generator that is its own inverse: the Cayley constructions then need
 * every size above 2. 0 if t qualifies under s's model, else -1 with the reason. */
int cayley_applies(const sched *s, char *why, size_t len);

/* ---- meshes ---- */

/* Multinode broadcast on a Hamiltonian cycle (the ring algorithm, N even, at least two
 * dimensions) or, on a linear array, along the array: ceil((N-1)/2) or N-1 slots. */
int mesh_mnb_cycle(sched *s);
int mesh_mnb_cycle_applies(const sched *s, char *why, size_t len);

/* Multinode broadcast by folding: the torus of the same sizes simulated at half speed (004
 * §2), redundant copies pruned. 2 * (torus mnb slots). */
int mesh_mnb_fold(sched *s);

/* ---- single-port models (paper 002) ---- */

/* Multinode broadcast by the ring algorithm on a Hamiltonian cycle (002 §3): sp-full n-1,
 * sp-half 2(n-1) for even n and 2n for odd n slots, each the lower bound. */
int sp_ring_mnb(sched *s);
int sp_ring_mnb_applies(const sched *s, char *why, size_t len);

/* Multinode broadcast on a product of dimensions by composition (002 §4, Thm 2): T_B + n_B T_A
 * slots, the factors built by the table. */
int product_mnb(sched *s);
int product_mnb_applies(const sched *s, char *why, size_t len);

/* Total exchange at the single-port bounds on a hypercube, ring or torus: a template with one
 * row per slot (sp-full, DALL/N slots), split by colour on bipartite ones (sp-half, DALL/(N/2)). */
int sp_serial_te(sched *s);
int sp_serial_te_applies(const sched *s, char *why, size_t len);

/* Single-node broadcast, one send per node and slot: a maximum matching of informed nodes to
 * uninformed neighbours each slot. */
int greedy_snb(sched *s);
/* The same on a 2-D torus of two odd sizes (one at least 5) in ecc(root) + 1 slots, the
 * single-port bound there: a trunk, an arm each way per line, two corners fed across a wrap. */
int sp_odd_torus_snb(sched *s);
int sp_odd_torus_snb_applies(const sched *s, char *why, size_t len);

/* ---- one-way links (paper 003 §6) ---- */

/* Any task: the mla schedule doubled, each slot split into one slot per wire direction (003
 * §6). 2T slots; a parity template on the d-cube, a translation template on tori with every
 * size above 2. */
int oneway_double(sched *s);

/* ---- per node, any topology ---- */

/* Multinode broadcast: each slot every directed link sends the rarest packet its receiver
 * lacks. A heuristic where no construction reaches the bound. */
int greedy_mnb(sched *s);


/* Every packet on a shortest path (dimension order, antipodal directions balanced); each slot
 * every directed link sends the waiting packet with the most hops to go. */
int greedy_te(sched *s);

/* Dimension-ordered exchange: the same paths, dimension i's hops only after every packet has
 * finished dimension i-1 (the baseline a torus te must never exceed). */
int dimorder_te(sched *s);

/* Scatter with greedy_te's routing and priorities: the root's packets on shortest paths, the
 * farthest first, each hop taken where the port model has room (the single-port models). */
int greedy_scatter(sched *s);

/* ---- combining tasks (003 §2, §5; schedule.h says what their rows carry) ---- */

/* The broadcast bcast (snb from root, or mnb) under s's topology and model, cut down to first
 * arrivals (a spanning tree per origin) and reversed in time into s: every partial moves to
 * its parent in the tree of its chunk (chunk -1: the tree's origin, else that chunk); with
 * spread, the sums are then copied back out along the same trees (slots T+1..2T). 0, or -1. */
int combine_from_broadcast(sched *s, task_kind bcast, int64_t root, int32_t chunk, bool spread);

/* Reduce to the root: the snb reversed in time (003 Thm 2.10-2.11), the same slots. */
int reduce_reverse(sched *s);

/* Reduce-scatter: the mnb reversed in time (universal accumulation, 003 §1), the same slots. */
int reduce_scatter_reverse(sched *s);

/* Reduce-scatter: the mnb template stored for it reversed in time (stored_broadcast; applies
 * where stored_schedule_applies): the template te_search found for the smallest combining
 * router among those at the mnb's slot bound (issue 40; docs/REDUCTIONS.md). */
int reduce_scatter_stored(sched *s);

/* Allreduce: the reduce-scatter, then the all-gather of the sums along the same trees: twice
 * the mnb's slots. */
int allreduce_rs_ag(sched *s);

/* Allreduce on a ring, torus or hypercube (mla): each chunk summed at both ends of an edge, the sums
 * exchanged across it and copied back: 2 ceil((N-2)/deg) + 1 slots where the search reaches
 * it. */
int allreduce_edge(sched *s);
int allreduce_edge_applies(const sched *s, char *why, size_t len);

/* ---- all-reduce baselines: the algorithms in use today, for comparison (by --alg only) ---- */

/* The ring all-reduce on a Hamiltonian cycle, one direction: reduce-scatter in N-1 steps, then
 * all-gather in N-1 steps. 2(N-1) slots (mla, oneway with N > 2, sp-full). */
int allreduce_ring(sched *s);
int allreduce_ring_applies(const sched *s, char *why, size_t len);

/* The dimension-ordered all-reduce: reduce-scatter along the lines of dimension 0, 1, ..., then
 * all-gather in the reverse order; lines of more than two nodes use both directions under mla.
 * 2 sum_i L_i slots, L_i = ceil(B_i (K_i-1)/2) (mla, K_i > 2) or B_i (K_i-1), B_i the product of
 * the sizes after dimension i. On the hypercube: recursive halving then doubling, 2(N-1). */
int allreduce_dimorder(sched *s);
int allreduce_dimorder_applies(const sched *s, char *why, size_t len);

/* Recursive doubling on the d-cube: the whole N-chunk vector exchanged and added across one
 * dimension per step. d N slots, d N^2 transmissions (mla, sp-full). */
int allreduce_recursive_doubling(sched *s);

/* Global sum one dimension after another: exchange on lines of two, two streams on longer
 * lines; the diameter under mla. */
int global_sum_lines(sched *s);
int global_sum_lines_applies(const sched *s, char *why, size_t len);

/* Global sum as a reduce to a centre and a broadcast from it: 2 ecc(centre) slots. */
int global_sum_reduce_bcast(sched *s);

/* ---- hypercube, paper 001: K simultaneous broadcasts (kbcast; docs/KBCAST.md) ---- */

/* 001 §3.2: prefix ranks, gather to the d roots by rank mod d, broadcast down the d
 * arc-disjoint binomial trees with termination packets: 2 ceil(K/d) + 4d slots. */
int kbcast_001(sched *s);

/* 001 §3.2, K = N: ranks known (r_x = N - x), no prefix: 2 ceil(N/d) + 2d - 1 slots. */
int kbcast_001_mnb(sched *s);
int kbcast_001_mnb_applies(const sched *s, char *why, size_t len);

/* 001 §3.2, randomized: roots drawn at random, no prefix, phase 2 until the last arrival. */
int kbcast_random(sched *s);

/* 001 §3.3.1: same-order completely unbalanced trees, first come first served: <= d + K - 1. */
int kbcast_same_order(sched *s);

/* 001 §3.3.2: K = 2 with the complement-first priority: d slots. */
int kbcast_pair(sched *s);
int kbcast_pair_applies(const sched *s, char *why, size_t len);

/* 001 §3.3.3: K <= d ranks known, a dimension per rank and slot: d slots; with the 2d-slot
 * prefix that computes the ranks: 3d. */
int kbcast_ranked(sched *s);
int kbcast_ranked_prefix(sched *s);
int kbcast_ranked_applies(const sched *s, char *why, size_t len);

/* ---- the tasks of an active set known in advance (kbcast, pmnb) ---- */

/* Offline: the golden model's best MNB on the topology without the inactive origins' rows
 * (000's ceil((N-1)/d) on the hypercube; on a torus 003's Cayley template), never more slots
 * than that MNB; pieces in consecutive slots under pmnb's split model. (The other offline
 * construction is greedy_mnb over the active packets.) */
int mnb_subset(sched *s);

/* ---- rings, tori and meshes, paper 004: partial multinode broadcast (pmnb; docs/PMNB.md) ---- */

/* 004 §3: rank, pack (Thm 3), broadcast one dimension after another (Thm 5) in d lockstep
 * classes on rotated dimensions: split into pieces (s->fraction = pmnb_pieces, Thm 6) or whole
 * packets by rank mod d (§3.2). <= bounds (7)/(8) and §3.2's (docs/PMNB.md). */
int pmnb_004(sched *s);
int pmnb_004_applies(const sched *s, char *why, size_t len);

/* The same after the rank phase as counter rows (pmnb_prefix.h; t_p = 1): 2d(p-1) more
 * packet times split, 4d(p-1) whole. */
int pmnb_004_prefix(sched *s);

/* 004-prefix as the run-time active-set router runs it (docs/ARCHITECTURE.md, rtl_gen/pmnbrt):
 * every packing window lasts pmnb_prefix_span slots, not its farthest move (which would take
 * one more reduction to learn). Whole packets only (pmnb_004_whole_applies). */
int pmnb_004_runtime(sched *s);

/* 004 Lemma 2's A_0: one class, whole packets, one dimension in use at a time (a baseline). */
int pmnb_a0(sched *s);

/* 0 if '004' applies and the packets are whole (a0, 004-runtime), else -1 with the reason. */
int pmnb_004_whole_applies(const sched *s, char *why, size_t len);

/* 0 for a pmnb of whole packets (fraction 1), else -1 with the reason. */
int pmnb_whole_applies(const sched *s, char *why, size_t len);

/* ---- 2-D meshes and tori, paper 004: partial exchange (pexchange; docs/PEXCHANGE.md) ---- */

/* 004 §4 phase 2: the active nodes split into R (r_i <= c_j, row-first) and C (column-first),
 * R first on horizontal links and C on vertical ones, non-wasting: <= 2m(N-p) + 2(p-1) slots
 * on a p x p array or torus, m = floor(sqrt(M)). Phase 1 (the sums, p t_p) is not in the
 * schedule: the set is known. */
int pexchange_004(sched *s);
/* The baseline: every packet row-first, otherwise as pexchange_004. */
int pexchange_row_first(sched *s);
/* 0 on a 2-D mesh or torus, else -1 with the topology named in why. */
int pexchange_004_applies(const sched *s, char *why, size_t len);
/* As the run-time active-set router runs it (pexchange_fifo.c): phase 1 as counter rows
 * (pexchange_sums.h), then phase 2 with the order a router's FIFOs keep. */
int pexchange_004_runtime(sched *s);
/* 0 on a 2-D mesh or a 2-D torus of radix >= 3 (a ring of two has one neighbour both ways). */
int pexchange_runtime_applies(const sched *s, char *why, size_t len);

/* ---- the partial gather (pgather; docs/PEXCHANGE.md): pexchange reversed (reverse.c) ---- */

/* pexchange_004's schedule of the same set with every arrow reversed and slot s relabelled
 * S+1-s (004 §2: the dual task, with the same complexity). */
int pgather_004(sched *s);
/* The baseline: pexchange_row_first reversed. */
int pgather_row_first(sched *s);

/* ---- the MPI library's algorithms as baselines (by --alg only; mpi_route.h runs them) ---- */

/* snb: MPICH's binomial tree over the ranks relative to the root, the farthest subtree first. */
int mpi_bcast_binomial(sched *s);
/* mnb: the ring all-gather, N-1 steps to r+1; recursive doubling, N a power of two
 * (mpi_pow2_applies). */
int mpi_allgather_ring(sched *s);
int mpi_allgather_recdbl(sched *s);
/* scatter, gather: the root sends (receives) every packet directly; MPICH's binomial tree. */
int mpi_scatter_linear(sched *s);
int mpi_scatter_binomial(sched *s);
int mpi_gather_linear(sched *s);
int mpi_gather_binomial(sched *s);
/* te: pairwise exchange in N-1 steps; Bruck's ceil(log2 N) steps. */
int mpi_alltoall_pairwise(sched *s);
int mpi_alltoall_bruck(sched *s);
int mpi_pow2_applies(const sched *s, char *why, size_t len);

/* ---- the S4NOC models (schedule.h: mla's links, one packet per slot each way through the
 * local port) ---- */

/* Template of the total exchange under s4noc and s4noc-bufferless: packets placed farthest
 * first on shortest paths, one leaving and one reaching node 0 per slot (s4noc_te.c). */
int local_port_te(sched *s);
/* The same with every hop at its first free slot after the previous one (packets wait in the
 * routers' memory), never the bufferless placement: s4noc only. */
int local_port_te_waits(sched *s);
/* Scatter under both S4NOC models: one packet per slot, farthest first, each moving every slot
 * on a shortest path: the injection bound (s4noc_scatter.c). */
int local_port_scatter(sched *s);
/* 0 if t's paths fit the construction's tables (diameter <= 4096), else -1 with the reason. */
int local_port_te_applies(const sched *s, char *why, size_t len);

#endif
