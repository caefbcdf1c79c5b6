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
    {HC, TASK_SNB, ALL_MODELS, "binomial", hc_snb, NULL, 0, false,
     "binomial tree, one dimension per slot (000)", false},
    {ANY, TASK_SNB, MLA | ONEWAY | S4NOC, "bfs-tree", tree_snb, NULL, 0, false,
     "breadth-first tree, ecc(root) slots", false},
    {ANY, TASK_SNB, SP, "greedy", greedy_snb, NULL, 0, false,
     "a maximum matching of informed to uninformed nodes per slot", false},
    {ANY, TASK_SNB, MLA, "mpi-binomial", mpi_bcast_binomial, NULL, 0, false,
     "baseline, by name only: MPICH's binomial tree over the ranks, routed (mpi_route.h)", true},
    {HC | RING | TORUS, TASK_MNB, MLA, "stored", stored_schedule, stored_schedule_applies, 0, true,
     "where one is stored (cmodel/templates/): te_search's template, no packet memory", false},
    {HC, TASK_MNB, MLA, "classes", hc_mnb, NULL, 0, true,
     "rotation classes, a template (000 s2)", false},
    {HC, TASK_MNB, ONEWAY, "parity", hc_oneway_mnb, NULL, 0, true,
     "000 s2's template doubled, the last blocks merged (003 Thm 6.3)", false},
    {RING | TORUS, TASK_MNB, MLA | ONEWAY, "cayley", cayley_mnb, cayley_applies, 0, true,
     "a translation template by matching generators (003 s4)", false},
    {ANY, TASK_MNB, SP | S4NOC, "ring", sp_ring_mnb, sp_ring_mnb_applies, 0, false,
     "ring algorithm on a Hamiltonian cycle (002 s3); S4NOC: one delivery per slot, N-1", false},
    {ANY, TASK_MNB, SP, "product", product_mnb, product_mnb_applies, 0, false,
     "composition of the dimensions, T_B + n_B T_A (002 s4)", false},
    {MESH, TASK_MNB, MLA, "cycle", mesh_mnb_cycle, mesh_mnb_cycle_applies, 0, false,
     "ring algorithm on a Hamiltonian cycle, or a line", false},
    {MESH, TASK_MNB, MLA, "fold", mesh_mnb_fold, NULL, 0, false,
     "the torus folded onto the mesh (004 s2)", false},
    {ANY, TASK_MNB, ONEWAY, "double", oneway_double, NULL, 0, true,
     "the mla schedule, a slot per wire direction (003 s6)", false},
    {ANY, TASK_MNB, ALL_MODELS, "greedy", greedy_mnb, NULL, 1024, false,
     "per link, rarest packet first", false},
    {ANY, TASK_MNB, MLA, "mpi-ring", mpi_allgather_ring, NULL, 0, false,
     "baseline, by name only: MPI's ring all-gather, N-1 steps to rank r+1, routed", true},
    {ANY, TASK_MNB, MLA, "mpi-recursive-doubling", mpi_allgather_recdbl, mpi_pow2_applies, 0, false,
     "baseline, by name only: MPI's recursive-doubling all-gather (N a power of two), routed", true},
    {HC, TASK_SCATTER, MLA | ONEWAY, "classes", hc_scatter, NULL, 0, false,
     "balanced tree of compatible classes (000 s3)", false},
    {ANY, TASK_SCATTER, MLA | ONEWAY, "balanced-tree", tree_scatter, NULL, 0, false,
     "balanced shortest-path tree, farthest first", false},
    {ANY, TASK_SCATTER, SP, "greedy", greedy_scatter, NULL, 0, false,
     "shortest paths, farthest first, as the model allows", false},
    {ANY, TASK_SCATTER, S4NOC, "farthest-first", local_port_scatter, NULL, 0, false,
     "one packet per slot, farthest first, each moving every slot (S4NOC)", false},
    {ANY, TASK_SCATTER, MLA, "mpi-linear", mpi_scatter_linear, NULL, 0, false,
     "baseline, by name only: the root sends every packet directly, routed", true},
    {ANY, TASK_SCATTER, MLA, "mpi-binomial", mpi_scatter_binomial, NULL, 0, false,
     "baseline, by name only: MPICH's binomial scatter, halves down the tree, routed", true},
    {ANY, TASK_GATHER, ALL_MODELS | S4NOC, "reverse", reverse_gather, NULL, 0, false,
     "the scatter reversed in time (003 Thm 2.10)", false},
    {ANY, TASK_GATHER, MLA, "mpi-linear", mpi_gather_linear, NULL, 0, false,
     "baseline, by name only: every rank sends its packet directly to the root, routed", true},
    {ANY, TASK_GATHER, MLA, "mpi-binomial", mpi_gather_binomial, NULL, 0, false,
     "baseline, by name only: MPICH's binomial gather, subtrees up the tree, routed", true},
    {HC | RING | TORUS, TASK_TE, MLA, "stored", stored_schedule, stored_schedule_applies, 0, true,
     "where one is stored (cmodel/templates/): te_search's template, no packet memory", false},
    {HC, TASK_TE, MLA, "recursive", hc_te, NULL, 0, true,
     "three recursive phases, a template (000 s4)", false},
    {RING | TORUS, TASK_TE, MLA | ONEWAY, "coloring", cayley_te, cayley_applies, 0, true,
     "a translation template by edge colouring", false},
    {HC | RING | TORUS, TASK_TE, SP, "serial", sp_serial_te, sp_serial_te_applies, 0, true,
     "node 0's packets one hop per slot, a template (sp-half: split by colour)", false},
    {HC | RING | TORUS, TASK_TE, S4NOC, "staggered", local_port_te, local_port_te_applies, 4096, true,
     "farthest first, one injection and one delivery per slot, a template (S4NOC)", false},
    {HC | RING | TORUS, TASK_TE, 1u << MODEL_S4NOC, "staggered-wait", local_port_te_waits, local_port_te_applies, 4096, true,
     "the same, packets waiting in the routers' memory between hops (S4NOC)", false},
    {ANY, TASK_TE, ONEWAY, "double", oneway_double, NULL, 0, true,
     "the mla schedule, a slot per wire direction (003 s6)", false},
    {ANY, TASK_TE, ALL_MODELS, "greedy", greedy_te, NULL, 512, false,
     "per node, most hops to go first", false},
    {ANY, TASK_TE, ALL_MODELS, "dimorder", dimorder_te, NULL, 512, false,
     "dimension-ordered exchange (the baseline)", false},
    {ANY, TASK_TE, MLA, "mpi-pairwise", mpi_alltoall_pairwise, NULL, 0, false,
     "baseline, by name only: MPI's pairwise exchange, N-1 steps (r XOR k, or r+k), routed", true},
    {ANY, TASK_TE, MLA, "mpi-bruck", mpi_alltoall_bruck, NULL, 0, false,
     "baseline, by name only: Bruck's all-to-all, ceil(log2 N) steps to r+2^k, routed", true},
    {ANY, TASK_REDUCE, ALL_MODELS, "reverse", reduce_reverse, NULL, 0, false,
     "the snb reversed in time (003 Thm 2.10-2.11)", false},
    {ANY, TASK_REDUCE_SCATTER, ALL_MODELS, "reverse", reduce_scatter_reverse, NULL, 0, false,
     "the mnb reversed in time (003 s1: universal accumulation)", false},
    {HC | RING | TORUS, TASK_ALLREDUCE, MLA, "edge", allreduce_edge, allreduce_edge_applies, 0, false,
     "each chunk summed at both ends of an edge, then copied back", false},
    {ANY, TASK_ALLREDUCE, ALL_MODELS, "rs-ag", allreduce_rs_ag, NULL, 0, false,
     "reduce-scatter, then all-gather along the same trees", false},
    {ANY, TASK_ALLREDUCE, MLA | ONEWAY | SP_FULL, "ring", allreduce_ring, allreduce_ring_applies, 0, false,
     "baseline, by name only: ring reduce-scatter then all-gather on a Hamiltonian cycle, 2(N-1)", true},
    {HC, TASK_ALLREDUCE, MLA | SP_FULL, "halving-doubling", allreduce_dimorder, NULL, 0, false,
     "baseline, by name only: recursive halving, then doubling, a dimension per step, 2(N-1)", true},
    {HC, TASK_ALLREDUCE, MLA | SP_FULL, "recursive-doubling", allreduce_recursive_doubling, NULL, 0,
     false, "baseline, by name only: the whole vector exchanged and added, a dimension per step, d N", true},
    {RING | TORUS, TASK_ALLREDUCE, MLA | ONEWAY | SP_FULL, "dimorder", allreduce_dimorder,
     allreduce_dimorder_applies, 0, false,
     "baseline, by name only: reduce-scatter by dimension, then all-gather in reverse, both ways round each line", true},
    {ANY, TASK_GLOBAL_SUM, ALL_MODELS, "lines", global_sum_lines, global_sum_lines_applies, 0, false,
     "one dimension after another: exchange, or two streams per line", false},
    {ANY, TASK_GLOBAL_SUM, ALL_MODELS, "reduce-bcast", global_sum_reduce_bcast, NULL, 0, false,
     "reduce to a centre, broadcast from it (003 Def 2.20)", false},
    {HC, TASK_KBCAST, MLA, "ranked", kbcast_ranked, kbcast_ranked_applies, 0, false,
     "K <= d with ranks known: a dimension per rank and slot, d slots (001 s3.3.3)", false},
    {HC, TASK_KBCAST, MLA, "pair", kbcast_pair, kbcast_pair_applies, 0, false,
     "K = 2: same-order trees, complement first, d slots (001 s3.3.2)", false},
    {HC, TASK_KBCAST, MLA, "mnb-subset", mnb_subset, NULL, 0, false,
     "the active set known in advance: 000's MNB without the inactive origins, <= ceil((N-1)/d)", false},
    {HC, TASK_KBCAST, MLA, "same-order", kbcast_same_order, NULL, 0, false,
     "every source's unbalanced tree in one dimension order, <= d+K-1 (001 s3.3.1)", false},
    {HC, TASK_KBCAST, MLA, "001", kbcast_001, NULL, 0, false,
     "prefix ranks, gather to d roots, broadcast down d trees: 2ceil(K/d)+4d (001 s3.2)", false},
    {HC, TASK_KBCAST, MLA, "001-mnb", kbcast_001_mnb, kbcast_001_mnb_applies, 0, false,
     "K = N without the prefix: 2ceil(N/d)+2d-1 (001 s3.2)", false},
    {HC, TASK_KBCAST, MLA, "ranked-prefix", kbcast_ranked_prefix, kbcast_ranked_applies, 0, false,
     "K <= d: the prefix computes the ranks, then 'ranked': 3d (001 s3.3.3)", false},
    {HC, TASK_KBCAST, MLA, "random", kbcast_random, NULL, 0, false,
     "roots drawn at random, no prefix, phase 2 until the last arrival (001 s3.2)", false},
    {HC, TASK_KBCAST, MLA, "offline", greedy_mnb, NULL, 1024, false,
     "the active set known in advance: rarest-first search over its packets", false},
    {RING | TORUS | MESH, TASK_PMNB, MLA, "004", pmnb_004, pmnb_004_applies, 0, false,
     "rank, pack, broadcast a dimension at a time in d rotated classes; --split: pieces (004 s3)", false},
    {RING | TORUS | MESH, TASK_PMNB, MLA, "004-prefix", pmnb_004_prefix, pmnb_004_applies, 0, false,
     "the same after the rank phase as counter rows, t_p = 1: +2d(p-1), whole +4d(p-1) (004 s3)", false},
    {RING | TORUS | MESH, TASK_PMNB, MLA, "a0", pmnb_a0, pmnb_a0_applies, 0, false,
     "baseline, by name only: one class, whole packets, one dimension at a time (004 Lemma 2)", true},
    {RING | TORUS | MESH, TASK_PMNB, MLA, "mnb-subset", mnb_subset, NULL, 0, false,
     "the active set known in advance: the best MNB without the inactive origins", false},
    {RING | TORUS | MESH, TASK_PMNB, MLA, "offline", greedy_mnb, pmnb_whole_applies, 1024, false,
     "the active set known in advance: rarest-first search over its packets (whole packets)", false},
    {TORUS | MESH, TASK_PEXCHANGE, MLA, "004", pexchange_004, pexchange_004_applies, 0, false,
     "classes R (row-first) and C (column-first), each first on its own links, non-wasting (004 s4)", false},
    {TORUS | MESH, TASK_PEXCHANGE, MLA, "row-first", pexchange_row_first, pexchange_004_applies, 0, false,
     "baseline, by name only: every packet row-first, otherwise as 004", true},
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

static int build(sched *s, const topo *t, task_kind task, model_kind model, int64_t root, const active_set *active,
                 uint32_t fraction, const char *alg, char *err, size_t errlen) {
  int automatic = !alg || !strcmp(alg, "auto");
  int64_t r = task_has_root(task) ? root : -1;
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
    if (c->applies && c->applies(&cand, why, sizeof why)) {
      sched_free(&cand);
      continue;
    }
    /* the rows it will store, checked against the memory limit before it runs (whole
     * schedules may hold twice the minimum on the way: the fold's relays before pruning; a
     * parity template holds two origins' rows) */
    uint64_t rows = c->makes_template ? 2 * min_tx / t->nodes + t->nodes : 2 * min_tx, bytes;
    char what[160];
    snprintf(what, sizeof what, "construction '%s' of %s on %s", c->alg, task_name(task), t->name);
    if (mem_check(rows, sizeof(sched_row), what, &bytes, why, sizeof why)) {
      sched_free(&cand);
      continue;
    }
    if (c->max_nodes && t->nodes > c->max_nodes) {
      snprintf(why, sizeof why, "construction '%s' (%s) is limited to %u nodes (its time grows as N^3); %s has %u", c->alg,
               task_name(task), (unsigned)c->max_nodes, t->name, (unsigned)t->nodes);
      sched_free(&cand);
      continue;
    }
    if (c->build(&cand)) {
      sched_free(&cand);
      return oom(err, errlen, task, t, have ? &best : NULL);
    }
    sched_finish(&cand);
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
  if (!listed && automatic && (task == TASK_PMNB || task == TASK_PEXCHANGE) && model != MODEL_MLA) {
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
