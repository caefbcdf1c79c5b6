/* build.c — the construction table (see build.h). A new construction is a new file and a row
 * here. */
#include "construct/build.h"

#include <stdio.h>
#include <string.h>

#include "model/bounds.h"
#include "construct/construct.h"
#include "util/memlimit.h"

#define HC (1u << TOPO_HYPERCUBE)
#define RING (1u << TOPO_RING)
#define TORUS (1u << TOPO_TORUS)
#define MESH (1u << TOPO_MESH)
#define ANY (HC | RING | TORUS | MESH)
#define MLA (1u << MODEL_MLA)
#define ONEWAY (1u << MODEL_ONEWAY)
#define SP_FULL (1u << MODEL_SP_FULL)
#define SP (SP_FULL | (1u << MODEL_SP_HALF))
#define ALL_MODELS (MLA | ONEWAY | SP)
#define S4NOC ((1u << MODEL_S4NOC) | (1u << MODEL_S4NOC_BUFFERLESS))

typedef struct {
  unsigned topos; /* bit 1 << topo_kind for each topology family it runs on */
  task_kind task;
  unsigned models; /* bit 1 << model_kind for each port model its schedules respect */
  const char *alg;
  construct_fn build;
  /* NULL, or 0 if the construction applies to the schedule s that sched_init prepared
   * (topology, model, root, active set), else -1 with the reason in why */
  int (*applies)(const sched *s, char *why, size_t len);
  /* 0, or the most nodes it takes: the per-node searches grow as N^3 (about 2 s for mnb at
   * 1024 nodes, 12 s for te at 512) */
  uint32_t max_nodes;
  bool makes_template; /* it stores the origin-0 rows only: N times fewer rows */
  const char *about;   /* one line for --help */
  /* a baseline, built only when --alg names it: never faster than the construction it is
   * compared with, and auto would pay for it (recursive-doubling holds d N^2 rows) */
  bool by_name;
} construction;

/* For `auto`, rows are tried in this order and the first with the fewest slots wins. */
static const construction table[] = {
    {.topos = HC, .task = TASK_SNB, .models = ALL_MODELS, .alg = "binomial", .build = hc_snb,
     .about = "binomial tree, one dimension per slot (000)"},
    {.topos = ANY, .task = TASK_SNB, .models = MLA | ONEWAY | S4NOC, .alg = "bfs-tree", .build = tree_snb,
     .about = "breadth-first tree, ecc(root) slots"},
    {.topos = ANY, .task = TASK_SNB, .models = SP, .alg = "greedy", .build = greedy_snb,
     .about = "a maximum matching of informed to uninformed nodes per slot"},
    {.topos = ANY, .task = TASK_SNB, .models = SP, .alg = "stored", .build = stored_schedule,
     .applies = stored_schedule_applies,
     .about = "where one is stored (cmodel/templates/): te_search's schedule from root 0, translated"},
    {.topos = TORUS, .task = TASK_SNB, .models = SP, .alg = "odd-torus", .build = sp_odd_torus_snb,
     .applies = sp_odd_torus_snb_applies,
     .about = "2-D torus, both sizes odd: a trunk and arms, ecc(root) + 1 slots (the bound)"},
    {.topos = ANY, .task = TASK_SNB, .models = MLA, .alg = "mpi-binomial", .build = mpi_bcast_binomial,
     .by_name = true,
     .about = "baseline, by name only: MPICH's binomial tree over the ranks, routed (mpi_route.h)"},
    {.topos = ANY, .task = TASK_MNB, .models = MLA | ONEWAY, .alg = "stored", .build = stored_schedule,
     .applies = stored_schedule_applies, .makes_template = true,
     .about = "where one is stored (cmodel/templates/): te_search's template, or its --general schedule"},
    {.topos = HC, .task = TASK_MNB, .models = MLA, .alg = "classes", .build = hc_mnb, .makes_template = true,
     .about = "rotation classes, a template (000 s2)"},
    {.topos = HC, .task = TASK_MNB, .models = ONEWAY, .alg = "parity", .build = hc_oneway_mnb, .makes_template = true,
     .about = "000 s2's template doubled, the last blocks merged (003 Thm 6.3)"},
    {.topos = RING | TORUS, .task = TASK_MNB, .models = MLA | ONEWAY, .alg = "cayley", .build = cayley_mnb,
     .applies = cayley_applies, .makes_template = true,
     .about = "a translation template by matching generators (003 s4)"},
    {.topos = ANY, .task = TASK_MNB, .models = SP | S4NOC, .alg = "ring", .build = sp_ring_mnb,
     .applies = sp_ring_mnb_applies,
     .about = "ring algorithm on a Hamiltonian cycle (002 s3); S4NOC: one delivery per slot, N-1"},
    {.topos = ANY, .task = TASK_MNB, .models = SP, .alg = "product", .build = product_mnb,
     .applies = product_mnb_applies,
     .about = "composition of the dimensions, T_B + n_B T_A (002 s4)"},
    {.topos = MESH, .task = TASK_MNB, .models = MLA, .alg = "cycle", .build = mesh_mnb_cycle,
     .applies = mesh_mnb_cycle_applies,
     .about = "ring algorithm on a Hamiltonian cycle, or a line"},
    {.topos = MESH, .task = TASK_MNB, .models = MLA, .alg = "fold", .build = mesh_mnb_fold,
     .about = "the torus folded onto the mesh (004 s2)"},
    {.topos = ANY, .task = TASK_MNB, .models = ONEWAY, .alg = "double", .build = oneway_double, .makes_template = true,
     .about = "the mla schedule, a slot per wire direction (003 s6)"},
    {.topos = ANY, .task = TASK_MNB, .models = ALL_MODELS, .alg = "greedy", .build = greedy_mnb, .max_nodes = 1024,
     .about = "per link, rarest packet first"},
    {.topos = ANY, .task = TASK_MNB, .models = MLA, .alg = "mpi-ring", .build = mpi_allgather_ring, .by_name = true,
     .about = "baseline, by name only: MPI's ring all-gather, N-1 steps to rank r+1, routed"},
    {.topos = ANY, .task = TASK_MNB, .models = MLA, .alg = "mpi-recursive-doubling", .build = mpi_allgather_recdbl,
     .applies = mpi_pow2_applies, .by_name = true,
     .about = "baseline, by name only: MPI's recursive-doubling all-gather (N a power of two), routed"},
    {.topos = HC, .task = TASK_SCATTER, .models = MLA | ONEWAY, .alg = "classes", .build = hc_scatter,
     .about = "balanced tree of compatible classes (000 s3)"},
    {.topos = ANY, .task = TASK_SCATTER, .models = MLA | ONEWAY, .alg = "balanced-tree", .build = tree_scatter,
     .about = "balanced shortest-path tree, farthest first"},
    {.topos = ANY, .task = TASK_SCATTER, .models = SP, .alg = "greedy", .build = greedy_scatter,
     .about = "shortest paths, farthest first, as the model allows"},
    {.topos = ANY, .task = TASK_SCATTER, .models = S4NOC, .alg = "farthest-first", .build = local_port_scatter,
     .about = "one packet per slot, farthest first, each moving every slot (S4NOC)"},
    {.topos = ANY, .task = TASK_SCATTER, .models = MLA, .alg = "mpi-linear", .build = mpi_scatter_linear,
     .by_name = true,
     .about = "baseline, by name only: the root sends every packet directly, routed"},
    {.topos = ANY, .task = TASK_SCATTER, .models = MLA, .alg = "mpi-binomial", .build = mpi_scatter_binomial,
     .by_name = true,
     .about = "baseline, by name only: MPICH's binomial scatter, halves down the tree, routed"},
    {.topos = ANY, .task = TASK_GATHER, .models = ALL_MODELS | S4NOC, .alg = "reverse", .build = reverse_gather,
     .about = "the scatter reversed in time (003 Thm 2.10)"},
    {.topos = ANY, .task = TASK_GATHER, .models = MLA, .alg = "mpi-linear", .build = mpi_gather_linear,
     .by_name = true,
     .about = "baseline, by name only: every rank sends its packet directly to the root, routed"},
    {.topos = ANY, .task = TASK_GATHER, .models = MLA, .alg = "mpi-binomial", .build = mpi_gather_binomial,
     .by_name = true,
     .about = "baseline, by name only: MPICH's binomial gather, subtrees up the tree, routed"},
    {.topos = ANY, .task = TASK_TE, .models = MLA | SP, .alg = "stored", .build = stored_schedule,
     .applies = stored_schedule_applies, .makes_template = true,
     .about = "where one is stored (cmodel/templates/): te_search's template, or its --general schedule"},
    {.topos = HC, .task = TASK_TE, .models = MLA, .alg = "recursive", .build = hc_te, .makes_template = true,
     .about = "three recursive phases, a template (000 s4)"},
    {.topos = RING | TORUS, .task = TASK_TE, .models = MLA | ONEWAY, .alg = "coloring", .build = cayley_te,
     .applies = cayley_applies, .makes_template = true,
     .about = "a translation template by edge colouring"},
    {.topos = HC | RING | TORUS, .task = TASK_TE, .models = SP, .alg = "serial", .build = sp_serial_te,
     .applies = sp_serial_te_applies, .makes_template = true,
     .about = "node 0's packets one hop per slot, a template (sp-half: split by colour)"},
    {.topos = HC | RING | TORUS, .task = TASK_TE, .models = S4NOC, .alg = "stored", .build = stored_schedule,
     .applies = stored_schedule_applies, .makes_template = true,
     .about = "where one is stored (cmodel/templates/): a bufferless TDM table of te_search, run once"},
    {.topos = HC | RING | TORUS, .task = TASK_TE, .models = S4NOC, .alg = "staggered", .build = local_port_te,
     .applies = local_port_te_applies, .max_nodes = 4096, .makes_template = true,
     .about = "farthest first, one injection and one delivery per slot, a template (S4NOC)"},
    {.topos = HC | RING | TORUS, .task = TASK_TE, .models = 1u << MODEL_S4NOC, .alg = "staggered-wait",
     .build = local_port_te_waits, .applies = local_port_te_applies, .max_nodes = 4096, .makes_template = true,
     .about = "the same, packets waiting in the routers' memory between hops (S4NOC)"},
    {.topos = ANY, .task = TASK_TE, .models = ONEWAY, .alg = "double", .build = oneway_double, .makes_template = true,
     .about = "the mla schedule, a slot per wire direction (003 s6)"},
    {.topos = ANY, .task = TASK_TE, .models = ALL_MODELS, .alg = "greedy", .build = greedy_te, .max_nodes = 512,
     .about = "per node, most hops to go first"},
    {.topos = ANY, .task = TASK_TE, .models = ALL_MODELS, .alg = "dimorder", .build = dimorder_te, .max_nodes = 512,
     .about = "dimension-ordered exchange (the baseline)"},
    {.topos = ANY, .task = TASK_TE, .models = MLA, .alg = "mpi-pairwise", .build = mpi_alltoall_pairwise,
     .by_name = true,
     .about = "baseline, by name only: MPI's pairwise exchange, N-1 steps (r XOR k, or r+k), routed"},
    {.topos = ANY, .task = TASK_TE, .models = MLA, .alg = "mpi-bruck", .build = mpi_alltoall_bruck, .by_name = true,
     .about = "baseline, by name only: Bruck's all-to-all, ceil(log2 N) steps to r+2^k, routed"},
    {.topos = ANY, .task = TASK_REDUCE, .models = ALL_MODELS, .alg = "reverse", .build = reduce_reverse,
     .about = "the snb reversed in time (003 Thm 2.10-2.11)"},
    {.topos = HC | RING | TORUS, .task = TASK_REDUCE_SCATTER, .models = MLA, .alg = "stored",
     .build = reduce_scatter_stored, .applies = stored_schedule_applies,
     .about = "where one is stored (cmodel/templates/): te_search's mnb template reversed, for a small combining router"},
    {.topos = ANY, .task = TASK_REDUCE_SCATTER, .models = ALL_MODELS, .alg = "reverse",
     .build = reduce_scatter_reverse,
     .about = "the mnb reversed in time (003 s1: universal accumulation)"},
    {.topos = HC | RING | TORUS, .task = TASK_ALLREDUCE, .models = MLA, .alg = "edge", .build = allreduce_edge,
     .applies = allreduce_edge_applies,
     .about = "each chunk summed at both ends of an edge, then copied back"},
    {.topos = ANY, .task = TASK_ALLREDUCE, .models = ALL_MODELS, .alg = "rs-ag", .build = allreduce_rs_ag,
     .about = "reduce-scatter, then all-gather along the same trees"},
    {.topos = ANY, .task = TASK_ALLREDUCE, .models = MLA | ONEWAY | SP_FULL, .alg = "ring", .build = allreduce_ring,
     .applies = allreduce_ring_applies, .by_name = true,
     .about = "baseline, by name only: ring reduce-scatter then all-gather on a Hamiltonian cycle, 2(N-1)"},
    {.topos = HC, .task = TASK_ALLREDUCE, .models = MLA | SP_FULL, .alg = "halving-doubling",
     .build = allreduce_dimorder, .by_name = true,
     .about = "baseline, by name only: recursive halving, then doubling, a dimension per step, 2(N-1)"},
    {.topos = HC, .task = TASK_ALLREDUCE, .models = MLA | SP_FULL, .alg = "recursive-doubling",
     .build = allreduce_recursive_doubling, .by_name = true,
     .about = "baseline, by name only: the whole vector exchanged and added, a dimension per step, d N"},
    {.topos = RING | TORUS, .task = TASK_ALLREDUCE, .models = MLA | ONEWAY | SP_FULL, .alg = "dimorder",
     .build = allreduce_dimorder, .applies = allreduce_dimorder_applies, .by_name = true,
     .about = "baseline, by name only: reduce-scatter by dimension, then all-gather in reverse, both ways round each line"},
    {.topos = ANY, .task = TASK_GLOBAL_SUM, .models = ALL_MODELS, .alg = "lines", .build = global_sum_lines,
     .applies = global_sum_lines_applies,
     .about = "one dimension after another: exchange, or two streams per line"},
    {.topos = ANY, .task = TASK_GLOBAL_SUM, .models = ALL_MODELS, .alg = "reduce-bcast",
     .build = global_sum_reduce_bcast,
     .about = "reduce to a centre, broadcast from it (003 Def 2.20)"},
    {.topos = HC, .task = TASK_KBCAST, .models = MLA, .alg = "ranked", .build = kbcast_ranked,
     .applies = kbcast_ranked_applies,
     .about = "K <= d with ranks known: a dimension per rank and slot, d slots (001 s3.3.3)"},
    {.topos = HC, .task = TASK_KBCAST, .models = MLA, .alg = "pair", .build = kbcast_pair,
     .applies = kbcast_pair_applies,
     .about = "K = 2: same-order trees, complement first, d slots (001 s3.3.2)"},
    {.topos = HC, .task = TASK_KBCAST, .models = MLA, .alg = "mnb-subset", .build = mnb_subset,
     .about = "the active set known in advance: 000's MNB without the inactive origins, <= ceil((N-1)/d)"},
    {.topos = HC, .task = TASK_KBCAST, .models = MLA, .alg = "same-order", .build = kbcast_same_order,
     .about = "every source's unbalanced tree in one dimension order, <= d+K-1 (001 s3.3.1)"},
    {.topos = HC, .task = TASK_KBCAST, .models = MLA, .alg = "001", .build = kbcast_001,
     .about = "prefix ranks, gather to d roots, broadcast down d trees: 2ceil(K/d)+4d (001 s3.2)"},
    {.topos = HC, .task = TASK_KBCAST, .models = MLA, .alg = "001-mnb", .build = kbcast_001_mnb,
     .applies = kbcast_001_mnb_applies,
     .about = "K = N without the prefix: 2ceil(N/d)+2d-1 (001 s3.2)"},
    {.topos = HC, .task = TASK_KBCAST, .models = MLA, .alg = "ranked-prefix", .build = kbcast_ranked_prefix,
     .applies = kbcast_ranked_applies,
     .about = "K <= d: the prefix computes the ranks, then 'ranked': 3d (001 s3.3.3)"},
    {.topos = HC, .task = TASK_KBCAST, .models = MLA, .alg = "random", .build = kbcast_random,
     .about = "roots drawn at random, no prefix, phase 2 until the last arrival (001 s3.2)"},
    {.topos = HC, .task = TASK_KBCAST, .models = MLA, .alg = "offline", .build = greedy_mnb, .max_nodes = 1024,
     .about = "the active set known in advance: rarest-first search over its packets"},
    {.topos = RING | TORUS | MESH, .task = TASK_PMNB, .models = MLA, .alg = "004", .build = pmnb_004,
     .applies = pmnb_004_applies,
     .about = "rank, pack, broadcast a dimension at a time in d rotated classes; --split: pieces (004 s3)"},
    {.topos = RING | TORUS | MESH, .task = TASK_PMNB, .models = MLA, .alg = "004-prefix", .build = pmnb_004_prefix,
     .applies = pmnb_004_applies,
     .about = "the same after the rank phase as counter rows, t_p = 1: +2d(p-1), whole +4d(p-1) (004 s3)"},
    {.topos = RING | TORUS | MESH, .task = TASK_PMNB, .models = MLA, .alg = "004-runtime", .build = pmnb_004_runtime,
     .applies = pmnb_004_applies, .by_name = true,
     .about = "by name only: 004-prefix as the run-time set router runs it: packing windows of p-1"},
    {.topos = RING | TORUS | MESH, .task = TASK_PMNB, .models = MLA, .alg = "a0", .build = pmnb_a0,
     .applies = pmnb_004_whole_applies, .by_name = true,
     .about = "baseline, by name only: one class, whole packets, one dimension at a time (004 Lemma 2)"},
    {.topos = RING | TORUS | MESH, .task = TASK_PMNB, .models = MLA, .alg = "mnb-subset", .build = mnb_subset,
     .about = "the active set known in advance: the best MNB without the inactive origins"},
    {.topos = RING | TORUS | MESH, .task = TASK_PMNB, .models = MLA, .alg = "offline", .build = greedy_mnb,
     .applies = pmnb_whole_applies, .max_nodes = 1024,
     .about = "the active set known in advance: rarest-first search over its packets (whole packets)"},
    {.topos = TORUS | MESH, .task = TASK_PEXCHANGE, .models = MLA, .alg = "004", .build = pexchange_004,
     .applies = pexchange_004_applies,
     .about = "classes R (row-first) and C (column-first), each first on its own links, non-wasting (004 s4)"},
    {.topos = TORUS | MESH, .task = TASK_PEXCHANGE, .models = MLA, .alg = "004-runtime", .build = pexchange_004_runtime,
     .applies = pexchange_runtime_applies, .by_name = true,
     .about = "by name only: the sums as counter rows, then 004 with a router's FIFO order (2-D)"},
    {.topos = TORUS | MESH, .task = TASK_PEXCHANGE, .models = MLA, .alg = "row-first", .build = pexchange_row_first,
     .applies = pexchange_004_applies, .by_name = true,
     .about = "baseline, by name only: every packet row-first, otherwise as 004"},
    {.topos = TORUS | MESH, .task = TASK_PGATHER, .models = MLA, .alg = "004", .build = pgather_004,
     .applies = pexchange_004_applies,
     .about = "pexchange's 004 with every arrow reversed, slot s as S+1-s (004 s2: the dual task)"},
    {.topos = TORUS | MESH, .task = TASK_PGATHER, .models = MLA, .alg = "row-first", .build = pgather_row_first,
     .applies = pexchange_004_applies, .by_name = true,
     .about = "baseline, by name only: pexchange's row-first reversed"},
};
#define NROWS (sizeof table / sizeof table[0])

static int matches(const construction *c, const topo *t, task_kind task, model_kind model) {
  return (c->topos >> t->kind & 1) && c->task == task && (c->models >> model & 1);
}

void schedule_algs(const topo *t, task_kind task, model_kind model, char *buf, size_t len) {
  size_t off = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < NROWS; i++)
    if (matches(&table[i], t, task, model) && off < len)
      off += (size_t)snprintf(buf + off, len - off, "%s%s", off ? ", " : "", table[i].alg);
}

static void put_family(FILE *f, unsigned bits, const char *const *names, int count, unsigned all, const char *every) {
  if (bits == all) {
    fputs(every, f);
    return;
  }
  for (int i = 0, first = 1; i < count; i++)
    if (bits >> i & 1) {
      fprintf(f, "%s%s", first ? "" : ",", names[i]);
      first = 0;
    }
}

void schedule_alg_help(FILE *f) {
  static const char *const families[] = {"hypercube", "ring", "torus", "mesh"};
  const char *models[MODEL_COUNT];
  for (int m = 0; m < MODEL_COUNT; m++) models[m] = model_name((model_kind)m);
  for (size_t i = 0; i < NROWS; i++) {
    const construction *c = &table[i];
    fprintf(f, "                  %-14s %-18s ", i && table[i - 1].task == c->task ? "" : task_name(c->task), c->alg);
    put_family(f, c->topos, families, 4, ANY, "any");
    fputs("; ", f);
    put_family(f, c->models, models, MODEL_COUNT, ALL_MODELS, "all");
    fprintf(f, ": %s\n", c->about);
  }
}

/* The models under which task has a construction on t, for the message when it has none. */
static void models_of(const topo *t, task_kind task, char *buf, size_t len) {
  size_t off = 0;
  buf[0] = '\0';
  for (int m = 0; m < MODEL_COUNT; m++) {
    int any = 0;
    for (size_t i = 0; i < NROWS; i++) any |= matches(&table[i], t, task, (model_kind)m);
    if (any && off < len) off += (size_t)snprintf(buf + off, len - off, "%s%s", off ? ", " : "", model_name((model_kind)m));
  }
}

static int build(sched *s, const topo *t, task_kind task, model_kind model, int64_t root, const active_set *active,
                 uint32_t fraction, const char *alg, char *err, size_t errlen);

/* The message when a construction runs out of memory; frees best if not NULL. Returns -1. */
static int oom(char *err, size_t errlen, task_kind task, const topo *t, sched *best) {
  if (best) sched_free(best);
  char limit[32];
  snprintf(err, errlen, "out of memory (or over the memory limit of %s, --max-mem) building %s on %s",
           mem_human(mem_limit(), limit, sizeof limit), task_name(task), t->name);
  return -1;
}

int schedule_build(sched *s, const topo *t, task_kind task, model_kind model, int64_t root, const char *alg,
                   char *err, size_t errlen) {
  if (task_has_active_set(task)) {
    snprintf(err, errlen, "task %s needs its active set (schedule_build_active)", task_name(task));
    return -1;
  }
  return build(s, t, task, model, root, NULL, 1, alg, err, errlen);
}

int schedule_build_active(sched *s, const topo *t, task_kind task, model_kind model, const active_set *active,
                          uint32_t fraction, const char *alg, char *err, size_t errlen) {
  return build(s, t, task, model, -1, active, fraction, alg, err, errlen);
}

/* Runs construction c into cand (initialised for it): 0 built; 1 skipped, with the reason in
 * why (it does not apply, its rows (min_tx, the minimum it stores) would pass the memory limit,
 * or it is limited in nodes); -1 out of memory or over the limit while it ran, with the reason
 * (the size it asked for, when the limit refused it) in why. cand is freed unless built. */
static int try_construction(const construction *c, sched *cand, uint64_t min_tx, char *why, size_t whylen) {
  const topo *t = &cand->topo;
  if (c->applies && c->applies(cand, why, whylen)) {
    sched_free(cand);
    return 1;
  }
  /* the rows it will store, checked against the memory limit before it runs (whole
   * schedules may hold twice the minimum on the way: the fold's relays before pruning; a
   * parity template holds two origins' rows) */
  uint64_t rows = c->makes_template ? 2 * min_tx / t->nodes + t->nodes : 2 * min_tx, bytes;
  char what[160], need[32], limit[32];
  snprintf(what, sizeof what, "construction '%s' of %s on %s", c->alg, task_name(cand->task), t->name);
  if (mem_check(rows, sizeof(sched_row), what, &bytes, why, whylen)) {
    sched_free(cand);
    return 1;
  }
  if (c->max_nodes && t->nodes > c->max_nodes) {
    snprintf(why, whylen, "construction '%s' (%s) is limited to %u nodes (its time grows as N^3); %s has %u", c->alg,
             task_name(cand->task), (unsigned)c->max_nodes, t->name, (unsigned)t->nodes);
    sched_free(cand);
    return 1;
  }
  mem_clear_refused();
  if (c->build(cand)) {
    sched_free(cand);
    if (mem_last_refused())
      snprintf(why, whylen, "%s asked for %s, over the memory limit of %s (--max-mem)", what,
               mem_human(mem_last_refused(), need, sizeof need), mem_human(mem_limit(), limit, sizeof limit));
    else
      snprintf(why, whylen, "out of memory running %s", what);
    return -1;
  }
  sched_finish(cand);
  return 0;
}

int schedule_topo_buildable(const topo *t, char *err, size_t errlen) {
  if (t->kind != TOPO_COMPLETE) return 0;
  snprintf(err, errlen,
           "romnoc builds no schedules on %s (a complete graph is there to verify, draw and simulate schedules made "
           "elsewhere, e.g. MSCCL's: cmodel verify --topo %s FILE)",
           t->name, t->name);
  return -1;
}

static int build(sched *s, const topo *t, task_kind task, model_kind model, int64_t root, const active_set *active,
                 uint32_t fraction, const char *alg, char *err, size_t errlen) {
  int automatic = !alg || !strcmp(alg, "auto");
  int64_t r = task_has_root(task) ? root : -1;
  if (schedule_topo_buildable(t, err, errlen)) { /* no row of the table runs on it */
    sched_init(s, t, task, model, r);
    return -1;
  }
  uint32_t lb = active ? bound_active_slots(t, task, active, fraction) : bound_slots(t, task, model, r < 0 ? 0 : (uint32_t)r);
  char why[256] = "", names[160];
  int listed = 0, have = 0;
  sched best;
  /* the rows a construction stores: an active set's packets cross every link about once each,
   * plus kbcast's counters and terminations */
  uint64_t min_tx = active ? bound_active_transmissions(t, task, active, fraction) + 3 * (uint64_t)t->nodes * (uint64_t)t->ports
                           : bound_transmissions(t, task, r < 0 ? 0 : (uint32_t)r);
  for (size_t i = 0; i < NROWS; i++) {
    const construction *c = &table[i];
    if (!matches(c, t, task, model) || (automatic ? c->by_name : strcmp(c->alg, alg) != 0)) continue;
    listed = 1;
    sched cand;
    sched_init(&cand, t, task, model, r);
    cand.fraction = fraction;
    snprintf(cand.alg, sizeof cand.alg, "%s", c->alg);
    if (active && active_copy(&cand.active, active)) return oom(err, errlen, task, t, have ? &best : NULL);
    int tried = try_construction(c, &cand, min_tx, why, sizeof why);
    if (tried < 0 && !automatic) { /* the one named: its reason */
      snprintf(err, errlen, "%s", why);
      return -1;
    }
    if (tried) continue; /* auto: the next one may fit; the last reason is reported if none does */
    if (have && cand.slots >= best.slots) {
      sched_free(&cand);
    } else {
      if (have) sched_free(&best);
      best = cand;
      have = 1;
    }
    if (best.slots <= lb) break;
  }
  if (have) {
    *s = best;
    return 0;
  }
  sched_init(s, t, task, model, r);
  if (!listed && automatic && task == TASK_KBCAST && (t->kind != TOPO_HYPERCUBE || model != MODEL_MLA)) {
    snprintf(err, errlen, "task kbcast is defined on the hypercube under mla (001), not on %s under %s", t->name,
             model_name(model));
    return -1;
  }
  if (!listed && automatic && (task == TASK_PMNB || task == TASK_PEXCHANGE || task == TASK_PGATHER) && model != MODEL_MLA) {
    snprintf(err, errlen, "task %s is defined under mla (004's all-port model), not %s", task_name(task), model_name(model));
    return -1;
  }
  if (!listed && automatic) {
    models_of(t, task, names, sizeof names);
    if (names[0])
      snprintf(err, errlen, "task %s is not available for model %s on %s (available: %s)", task_name(task),
               model_name(model), t->name, names);
    else
      snprintf(err, errlen, "task %s is not available on topology %s", task_name(task), t->name);
  } else if (!listed) {
    schedule_algs(t, task, model, names, sizeof names);
    snprintf(err, errlen, "unknown construction '%s' for %s on %s under %s (expected auto%s%s)", alg, task_name(task),
             t->name, model_name(model), names[0] ? ", " : "", names);
  } else {
    snprintf(err, errlen, "%s", why);
  }
  return -1;
}
