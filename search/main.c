/* te_search — does a translation template of the total exchange on a ring or torus fit in S
 * slots (or one of te or the multinode broadcast with few sources per router port)? Builds the
 * formula of the task and port model (formulas.h: te under mla, te_template_cnf.h; te under
 * mla with --lanes, te_lean_cnf.h, with --extend, te_extend_cnf.h, and with --diagonals
 * --by-window one window at a time, window_search.h; te under
 * s4noc-bufferless, s4noc_template_cnf.h; mnb under mla, mnb_lean_cnf.h; snb under sp-full and
 * sp-half over whole schedules, snb_sp_cnf.h; te and mnb --general, te_any_cnf.h and mnb_any_cnf.h;
 * allreduce and global_sum, a relaxation over whole schedules, allreduce_gossip_cnf.h; te under
 * s4noc-bufferless --periodic, a TDM period), solves it with CaDiCaL
 * and, unless --no-confirm, with MiniSat on the same clauses written as DIMACS, and prints one
 * line (docs/SCHEDULES.md, "te templates: the solver's certificates", "S4NOC, head to head", "mnb
 * templates for small routers", "te templates for small routers" and "te on the 8-cube";
 * bench/tables/te_search_table.sh runs it over every size of the first table).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/cli.h"
#include "util/outfile.h"
#include "solvers.h"
#include "formulas.h"
#include "lane_sources.h"
#include "orbit_chain.h"
#include "format/schedule_reader.h"
#include "model/job.h"
#include "model/topo.h"
#include "window_search.h"

static const char *usage =
    "usage: te_search --topo T --slots S [--task te|mnb|snb] [--model M] [--lanes] [--max-wait W]\n"
    "                 [--sources K] [--rotate | --turn] [--chain] [--extend FILE]\n"
    "                 [--diagonals [--by-window]] [--general [--shortest]]\n"
    "                 [--task allreduce|global_sum] [--periodic] [--dim-order] [--from L]\n"
    "                 [--task kbcast (--active LIST | --k K [--seed S])]\n"
    "                 [-o FILE] [--cnf FILE] [--time-limit SEC] [--no-confirm]\n"
    "\n"
    "te: decides whether a translation template of the total exchange on ring or torus T\n"
    "takes at most S slots. Under mla: S is at least the diameter and every generator carries\n"
    "at most S hops (the template is then an edge colouring of packets against generators, by\n"
    "Konig's theorem). Under s4noc-bufferless: every packet a shortest path and a start slot,\n"
    "moving every slot, each generator once per slot, one packet leaving and one arriving per\n"
    "slot (docs/SCHEDULES.md).\n"
    "mnb (mla only): decides whether a translation template of the multinode broadcast on\n"
    "hypercube, ring or torus T takes at most S slots when every packet is forwarded 1..W slots\n"
    "after it arrives (no packet memory in the router) and every output port of the banked\n"
    "router has at most K sources (own packet, receive wire, delay register).\n"
    "te --lanes (mla): the same question for the total exchange on hypercube, ring or torus T,\n"
    "its packets on shortest paths.\n"
    "te --lanes --extend FILE: the same on hypercube:D+1, where FILE's te template of\n"
    "hypercube:D runs twice and the solver places the moves by the new dimension (S: twice\n"
    "FILE's slots). The 8-cube needs 5 sources (docs/SCHEDULES.md, \"te on the 8-cube\").\n"
    "mnb --chain (with --rotate or --turn): the same question for the symmetric templates whose\n"
    "full orbits hang from full orbits, a chain of one orbit a slot, answered by a depth-first\n"
    "search instead of a formula: sat, none (no such template) or unknown (out of time).\n"
    "A template-level answer only: schedules that are not templates are not covered.\n"
    "mnb --general (mla or oneway): decides whether ANY mnb schedule on T (not a template)\n"
    "takes at most S slots: a variable per packet, node and slot and per packet, link and\n"
    "slot; UNSAT is a proof for every schedule (small sizes: N^2 S ports variables).\n"
    "te --general (mla, oneway, sp-full or sp-half): the same for ANY te schedule on T, a\n"
    "variable per packet (a, b), node and slot and per packet, link and slot, only where a path\n"
    "from a to b in S slots can be (small sizes: about N^3 S ports map entries).\n"
    "snb --model sp-full|sp-half: decides whether ANY broadcast schedule from node 0 of T (not\n"
    "a template) takes at most S slots under the single-port model: a variable per node and\n"
    "slot and per link and slot; UNSAT is a proof for every schedule (docs/PORT_MODELS.md).\n"
    "\n"
    "  --topo T          te: ring:N or torus:K1xK2[x...]; mnb and te --lanes: also hypercube:D;\n"
    "                    snb, mnb --general and te --general: any topology\n"
    "  --slots S         the slots to fit in (0..1000000)\n"
    "  --task TASK       te (default), mnb or snb\n"
    "  --model M         te: mla (default) or s4noc-bufferless (--general: mla, oneway, sp-full or\n"
    "                    sp-half); mnb: mla (--general: or oneway); snb: sp-full or sp-half\n"
    "  --lanes           te: the formula of waits and sources per port (mnb has only this one)\n"
    "  --max-wait W      mnb, te --lanes: a packet leaves 1..W slots after it arrives, W 1 or 2\n"
    "                    (default 2)\n"
    "  --sources K       mnb, te --lanes: at most K sources per output port, 1..64 (default 4)\n"
    "  --rotate          mnb, te --lanes: only templates symmetric under the coordinate shift\n"
    "                    (all sizes equal, two or more dimensions; the d-cube's bit rotation):\n"
    "                    much faster, but unsat then covers symmetric templates only\n"
    "  --turn            mnb, te --lanes on a KxK torus: the same with the quarter turn (a, b) ->\n"
    "                    (-b, a), orbits of 4 (docs/SCHEDULES.md, \"mnb on the 16x16 torus\")\n"
    "  --chain           mnb with --rotate or --turn: walk the symmetry's orbits depth first\n"
    "                    instead of solving a formula; prints chain= chain_s= type_sets= steps=\n"
    "                    and on sat types=(delta,w)... (docs/SCHEDULES.md, \"mnb on the 8-cube\")\n"
    "  --task allreduce|global_sum  (mla or oneway) the gossip relaxation over whole schedules\n"
    "                    (allreduce_gossip_cnf.h): UNSAT at S is a lower bound of S+1 for every\n"
    "                    combining schedule; sat proves nothing (prints relaxation=sat words=W)\n"
    "  --task kbcast     (mla, hypercube) K broadcasts of an active set over whole schedules\n"
    "                    (mnb_any_cnf.h, its origins the active nodes; -o: the verified schedule)\n"
    "  --active LIST, --k K, --seed S  kbcast: the active set, as cmodel takes it (ids and\n"
    "                    ranges, or K nodes drawn from seed S, default 1; docs/KBCAST.md)\n"
    "  --periodic        te --model s4noc-bufferless: --slots is the period P of a TDM table;\n"
    "                    slots are shared modulo P (prints period=P periodic=verified)\n"
    "  --dim-order       te --model s4noc-bufferless: every packet on a dimension-order path (its\n"
    "                    hops dimension by dimension, in any order of dimensions): far fewer\n"
    "                    variables; sat is still a template, unsat then covers those paths only\n"
    "  --general         mnb, te: the formula over whole schedules, not templates (mnb_any_cnf.h,\n"
    "                    te_any_cnf.h)\n"
    "  --shortest        te --general: every packet on a shortest path (far fewer variables; sat is\n"
    "                    still a schedule, unsat then covers shortest-path schedules only)\n"
    "  --from L          te --general, allreduce, global_sum: incremental over the slot count: one\n"
    "                    formula for --slots with a selector per slot count L..S, solved at L,\n"
    "                    L+1, ... by one CaDiCaL under that selector (what it learned kept) and\n"
    "                    MiniSat on the DIMACS with the selector a unit clause; a line each, up\n"
    "                    to the first sat (--time-limit per slot count)\n"
    "  --extend FILE     te --lanes on hypercube:D+1: build on FILE, a te template of hypercube:D\n"
    "                    (a schedule TSV, as -o writes it)\n"
    "  --diagonals       te --lanes on a KxK torus, K even: the packets of diagonals c and c+K/2\n"
    "                    move only in window c, K*K/4 slots (S: K/2 windows); unsat then covers\n"
    "                    such templates only (docs/SCHEDULES.md, \"te on the 16x16 torus\")\n"
    "  --by-window       with --diagonals: one window at a time, each next one keeping the\n"
    "                    sources the ones before it need (CaDiCaL only; --time-limit per window;\n"
    "                    unsat only if window 0 is, else unknown; prints window_s=s0,s1,...)\n"
    "  -o FILE           on sat, te --lanes, te under s4noc-bufferless, mnb and snb: the verified\n"
    "                    template (snb, --general: schedule) as a schedule TSV (rtl_gen --schedule,\n"
    "                    cmodel verify)\n"
    "  --cnf FILE        also keep the formula, in DIMACS, in FILE\n"
    "  --time-limit SEC  per solver, the formula's build counted in it, or for --chain's search\n"
    "                    (default 600; 0: none); one that runs out says unknown\n"
    "  --no-confirm      CaDiCaL only (by default MiniSat solves the same DIMACS as well)\n"
    "\n"
    "Prints: topo= [task=] [model=] [paths=shortest|dim-order] slots= vars= clauses= cadical= cadical_s=\n"
    "[minisat= minisat_s=],\n"
    "and on sat, from CaDiCaL's model: mla, the loads of each dimension's +e_i and -e_i\n"
    "(loads=L+/L-,...); the others, the template checked by the golden model's verifier\n"
    "(template=verified template_slots=N, or template=FAIL(...)); mnb and te --lanes, the sources\n"
    "of the busiest output port and of all (sources_most= sources_total=).\n"
    "Exit 0 when the solvers ran (answers sat, unsat or unknown); 1 if they disagree, a found\n"
    "template fails the verifier or a file cannot be written; 2 on a bad argument.\n";

static int refuse(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cli_report("te_search", fmt, ap);
  va_end(ap);
  return 2;
}

/* Writes f as DIMACS to path (through a temporary and a rename), with the unit clause of literal
 * unit unless 0. Returns 0; 2 if path cannot be opened (a bad argument); 1 on a write error; err
 * says which. */
static int write_cnf(const cnf *f, const char *path, const char *comment, int unit, char *err, size_t errlen) {
  outfile o;
  if (outfile_open(&o, path, err, errlen)) return 2;
  if (cnf_write_dimacs(f, comment, unit, o.f)) {
    outfile_abort(&o);
    snprintf(err, errlen, "cannot write %s", path);
    return 1;
  }
  return outfile_commit(&o, err, errlen) ? 1 : 0;
}

/* Reads the schedule TSV at path into s. 0, or -1 with "PATH: reason" in err. */
static int load_base(const char *path, sched *s, char *err, size_t errlen) {
  char why[400], shown[64];
  FILE *f = fopen(path, "r");
  int rc = f ? schedule_load(schedule_format_find("tsv"), f, NULL, s, why, sizeof why) : -1;
  if (!f) snprintf(why, sizeof why, "cannot be read");
  if (f) fclose(f);
  if (rc) snprintf(err, errlen, "'%s': %s", cli_printable(path, 40, shown, sizeof shown), why);
  return rc ? -1 : 0;
}

/* The command line as given (NULL or false: absent). */
typedef struct {
  const char *topo, *slots, *cnf, *limit, *model, *out, *task, *wait, *sources, *extend, *from, *active, *k, *seed;
  bool no_confirm, help, rotate, turn, lanes, diagonals, by_window, chain, general, shortest, periodic, dim_order;
} options;

/* Parses argv into *o (zeroed first). Returns 0, or 2 after refusing. */
static int parse_options(int argc, char **argv, options *o) {
  *o = (options){0};
  const cli_option opts[] = {
      {.name = "--topo", .value = &o->topo},         {.name = "--slots", .value = &o->slots},
      {.name = "--cnf", .value = &o->cnf},           {.name = "--time-limit", .value = &o->limit},
      {.name = "--no-confirm", .flag = &o->no_confirm}, {.name = "--model", .value = &o->model},
      {.name = "-o", .value = &o->out},              {.name = "--task", .value = &o->task},
      {.name = "--max-wait", .value = &o->wait},     {.name = "--sources", .value = &o->sources},
      {.name = "--rotate", .flag = &o->rotate},      {.name = "--lanes", .flag = &o->lanes},
      {.name = "--extend", .value = &o->extend},     {.name = "--diagonals", .flag = &o->diagonals},
      {.name = "--by-window", .flag = &o->by_window}, {.name = "--turn", .flag = &o->turn},
      {.name = "--chain", .flag = &o->chain},        {.name = "--general", .flag = &o->general},
      {.name = "--shortest", .flag = &o->shortest},      {.name = "--periodic", .flag = &o->periodic},
      {.name = "--dim-order", .flag = &o->dim_order},   {.name = "--from", .value = &o->from},
      {.name = "--active", .value = &o->active},        {.name = "--k", .value = &o->k},
      {.name = "--seed", .value = &o->seed},
  };
  char err[512];
  int nwords = 0;
  if (cli_parse(argc - 1, argv + 1, opts, sizeof opts / sizeof *opts, NULL, 0, &nwords, &o->help, err, sizeof err))
    return refuse("%s (try --help)", err);
  return 0;
}

/* Refuses the options no formula reads together; on success sets *formula to the one that
 * answers (task and model defaulted). Returns 0, or 2 after refusing. */
static int choose_formula(const options *o, const search_formula **formula) {
  char shown[64];
  const char *task = o->task ? o->task : "te", *model = o->model ? o->model : "mla";
  bool combining = !strcmp(task, "allreduce") || !strcmp(task, "global_sum"), kbcast = !strcmp(task, "kbcast");
  if (strcmp(task, "te") && strcmp(task, "mnb") && strcmp(task, "snb") && !combining && !kbcast)
    return refuse("--task '%s': not a task te_search knows (expected te, mnb, snb, allreduce, global_sum or kbcast)",
                  cli_printable(task, 40, shown, sizeof shown));
  if ((o->active || o->k || o->seed) && !kbcast)
    return refuse("%s: only --task kbcast reads an active set", o->active ? "--active" : o->k ? "--k" : "--seed");
  if (o->extend && (strcmp(task, "te") || strcmp(model, "mla") || !o->lanes))
    return refuse("--extend: only te --lanes (under mla) builds on a template");
  if (o->rotate && o->turn) return refuse("--turn: one symmetry at a time (--rotate or --turn)");
  const char *symmetry_opt = o->rotate ? "--rotate" : "--turn";
  if (o->extend && (o->rotate || o->turn)) return refuse("%s: --extend keeps its base template as it is", symmetry_opt);
  if (o->diagonals && (!o->lanes || o->extend || o->rotate || o->turn || strcmp(task, "te") || strcmp(model, "mla")))
    return refuse("--diagonals: only te --lanes (under mla) reads it, without --rotate, --turn and --extend");
  if (o->by_window && !o->diagonals) return refuse("--by-window: only with --diagonals (the windows it solves one at a time)");
  if (o->by_window && o->cnf) return refuse("--cnf: --by-window solves one formula per window, not one to keep");
  if (o->chain && (strcmp(task, "mnb") || !(o->rotate || o->turn)))
    return refuse("--chain: only mnb with --rotate or --turn (the symmetry whose orbits it walks)");
  if (o->chain && o->cnf) return refuse("--cnf: --chain searches without a formula");
  bool general = o->general || !strcmp(task, "snb") || combining || kbcast; /* over whole schedules */
  if (o->general && (o->lanes || o->extend || o->rotate || o->turn || o->chain))
    return refuse("--general: a formula over whole schedules, without --lanes, --extend, --rotate, --turn or --chain");
  if (o->shortest && !(o->general && !strcmp(task, "te")))
    return refuse("--shortest: only te --general reads it (its packets on shortest paths)");
  if (o->periodic && (strcmp(task, "te") || strcmp(model, "s4noc-bufferless") || o->general || o->lanes))
    return refuse("--periodic: only te --model s4noc-bufferless reads it (a template whose slots repeat)");
  if (o->dim_order && (strcmp(task, "te") || strcmp(model, "s4noc-bufferless") || o->general || o->lanes))
    return refuse("--dim-order: only te --model s4noc-bufferless reads it (its packets on dimension-order paths)");
  *formula = search_formula_find(task, model, o->lanes, o->extend != NULL, general);
  if (!*formula)
    return refuse("--model '%s': no %s%s formula for this model (expected %s)", cli_printable(model, 40, shown, sizeof shown),
                  task, o->lanes ? " --lanes" : o->general ? " --general" : "", search_formula_names());
  if (o->from && !(*formula)->selector)
    return refuse("--from: only the formulas over whole schedules with a slot count to grow read it (te --general, "
                  "allreduce, global_sum)");
  if (o->out && !(*formula)->writes_template)
    return refuse("-o: the %s %s formula's models are not a schedule (-o needs --lanes, --model s4noc-bufferless, "
                  "--task mnb, --task snb or te --general)",
                  (*formula)->task, (*formula)->model);
  if ((o->wait || o->sources || o->rotate || o->turn) && !(*formula)->reads_lanes)
    return refuse("%s: only the mnb formula and te --lanes read it",
                  o->wait ? "--max-wait" : o->sources ? "--sources" : symmetry_opt);
  return 0;
}

/* Reads the numbers, the topology and -o's writability into *t, *q (base not set) and *limit.
 * Returns 0, or 2 after refusing. */
static int read_arguments(const options *o, topo *t, search_params *q, uint64_t *limit) {
  char err[512], shown[64];
  uint64_t max_wait = 2, sources = 4, slots;
  if (o->wait && cli_uint(o->wait, 1, LANE_MAX_WAIT, &max_wait))
    return refuse("--max-wait '%s': not a wait in 1..%d", cli_printable(o->wait, 40, shown, sizeof shown), LANE_MAX_WAIT);
  if (o->sources && cli_uint(o->sources, 1, 64, &sources))
    return refuse("--sources '%s': not a number of sources in 1..64", cli_printable(o->sources, 40, shown, sizeof shown));
  const char *to_stdout = o->out && !strcmp(o->out, "-") ? "-o" : o->cnf && !strcmp(o->cnf, "-") ? "--cnf" : NULL;
  if (to_stdout) return refuse("%s -: te_search prints its answer on standard output; name a file", to_stdout);
  if (o->out) { /* a path that cannot be written is a bad argument, found before the solving */
    outfile probe;
    if (outfile_open(&probe, o->out, err, sizeof err)) return refuse("-o: %s", err);
    outfile_abort(&probe);
  }
  if (topo_parse(o->topo, t, err, sizeof err)) return refuse("%s", err);
  *limit = 600;
  if (cli_uint(o->slots, 0, 1000000, &slots))
    return refuse("--slots '%s': not a number of slots in 0..1000000", cli_printable(o->slots, 40, shown, sizeof shown));
  uint64_t from = 0;
  if (o->from && (cli_uint(o->from, 1, slots, &from) || slots == 0))
    return refuse("--from '%s': not a first slot count in 1..%llu (--slots)", cli_printable(o->from, 40, shown, sizeof shown),
                  (unsigned long long)slots);
  if (o->limit && cli_uint(o->limit, 0, 86400, limit))
    return refuse("--time-limit '%s': not a number of seconds in 0..86400", cli_printable(o->limit, 40, shown, sizeof shown));
  symmetry_kind symmetry = o->rotate ? SYMMETRY_SHIFT : o->turn ? SYMMETRY_TURN : SYMMETRY_NONE;
  *q = (search_params){.slots = (uint32_t)slots, .from = (uint32_t)from, .max_wait = (int)max_wait, .sources = (int)sources,
                       .symmetry = symmetry, .diagonals = o->diagonals, .shortest = o->shortest, .periodic = o->periodic,
                       .dim_order = o->dim_order};
  return 0;
}

/* What every slot count's answer shares: the formula, its solvers and where MiniSat reads it. */
typedef struct {
  const search_formula *formula;
  void *state;
  const cnf *f;
  const topo *t;
  const options *o;
  cadical_session *cadical;
  const char *dimacs; /* MiniSat's DIMACS: --cnf's file or a temporary one; NULL with --no-confirm */
  bool rewrite;       /* write dimacs again for every slot count, its selector a unit clause (--from) */
  uint64_t limit;
} solving;

/* The answers at q->slots slots (assumed through the formula's selector with --from): CaDiCaL on
 * the open session, MiniSat on the DIMACS; prints the line. *answer: CaDiCaL's. Returns 0, or 1
 * if the solvers disagree, a found schedule fails or a file cannot be written. */
static int solve_slots(const solving *z, const search_params *q, solver_answer *answer) {
  char err[512];
  const options *o = z->o;
  int assume = q->from ? z->formula->selector(z->state, q->slots) : 0, *value = NULL, status = 0;
  if (z->rewrite && write_cnf(z->f, z->dimacs, "romnoc te_search: one slot count of --from", assume, err, sizeof err)) {
    fprintf(stderr, "te_search: %s\n", err);
    return 1;
  }
  double cad_s = 0, mini_s = 0;
  *answer = cadical_solve_assuming(z->cadical, assume, z->f->nvars, (double)z->limit, &value, &cad_s);
  printf("topo=%s%s%s%s%s%s slots=%llu vars=%d clauses=%zu cadical=%s cadical_s=%.3f", z->t->name, o->task ? " task=" : "",
         o->task ? o->task : "", o->model ? " model=" : "", o->model ? o->model : "",
         q->shortest ? " paths=shortest" : q->dim_order ? " paths=dim-order" : "", (unsigned long long)q->slots,
         z->f->nvars, z->f->nclauses, solver_answer_name(*answer), cad_s);
  if (z->dimacs) {
    solver_answer mini = solve_minisat(z->dimacs, (double)z->limit, &mini_s);
    printf(" minisat=%s minisat_s=%.3f", solver_answer_name(mini), mini_s);
    if (*answer != SOLVER_UNKNOWN && mini != SOLVER_UNKNOWN && *answer != mini) status = 1;
  }
  int bad_model = *answer == SOLVER_SAT && value ? z->formula->report(z->t, q, z->state, value, o->out) : 0;
  printf("\n");
  fflush(stdout);
  if (status && !bad_model)
    fprintf(stderr, "te_search: CaDiCaL and MiniSat disagree on %s at %llu slots\n", z->t->name,
            (unsigned long long)q->slots);
  free(value);
  return status || bad_model;
}

/* Where MiniSat reads z's formula (none with --no-confirm): --cnf's file, written here once, or
 * a temporary file made from tmp_path (a mkstemp template), written here, or with incremental
 * (--from) rewritten for every slot count by solve_slots. Returns write_cnf's status (0; 2: --cnf's
 * path cannot be opened; 1), the reason in err. */
static int prepare_dimacs(solving *z, const char *comment, bool incremental, char *tmp_path, char *err,
                          size_t errlen) {
  const options *o = z->o;
  int wrote = o->cnf ? write_cnf(z->f, o->cnf, comment, 0, err, errlen) : 0;
  if (wrote || o->no_confirm) return wrote;
  z->dimacs = o->cnf;
  if (o->cnf && !incremental) return 0;
  int fd = mkstemp(tmp_path);
  if (fd < 0 || close(fd)) {
    snprintf(err, errlen, "cannot make a temporary DIMACS file in /tmp");
    return 1;
  }
  z->dimacs = tmp_path;
  z->rewrite = incremental;
  return incremental ? 0 : write_cnf(z->f, tmp_path, comment, 0, err, errlen);
}

/* Solves the formula's CNF f (built, with its decoding state) with CaDiCaL and, unless
 * --no-confirm, MiniSat on the DIMACS (--cnf's file or a temporary one), and prints the line;
 * with --from, a line per slot count from q->from up to the first sat (or q->slots), one
 * CaDiCaL keeping what it learned. Frees f and state. Returns the exit status. */
static int solve(const search_formula *formula, void *state, cnf *f, const topo *t, const search_params *q,
                 const options *o, uint64_t limit) {
  char err[512], comment[320];
  snprintf(comment, sizeof comment,
           "romnoc te_search: %s on %s in at most %llu slots (docs/SCHEDULES.md)%s", formula->what, t->name,
           (unsigned long long)q->slots, q->from ? "\nwith --from: assume a slot count's selector (te_search --help)" : "");
  char tmp_path[] = "/tmp/te_search.XXXXXX";
  solving z = {formula, state, f, t, o, NULL, NULL, false, limit};
  int wrote = prepare_dimacs(&z, comment, q->from != 0, tmp_path, err, sizeof err), status = 0;
  if (!wrote && !(z.cadical = cadical_open(f))) {
    snprintf(err, sizeof err, "out of memory loading CaDiCaL");
    wrote = 1;
  }
  search_params at = *q;
  solver_answer answer = SOLVER_UNKNOWN;
  for (at.slots = q->from ? q->from : q->slots; !wrote && !status && at.slots <= q->slots && answer != SOLVER_SAT;
       at.slots++)
    status = solve_slots(&z, &at, &answer);
  if (z.dimacs == tmp_path) unlink(tmp_path);
  cadical_close(z.cadical);
  formula->release(state);
  cnf_free(f);
  if (wrote == 2) return refuse("--cnf: %s", err);
  if (wrote) fprintf(stderr, "te_search: %s\n", err);
  return wrote ? 1 : status;
}

/* Builds the formula and solves it (or runs --by-window's or --chain's search). Returns the
 * exit status. */
static int search(const options *o, const search_formula *formula, const topo *t, search_params *q, uint64_t limit) {
  char err[512];
  sched base;
  if (o->extend && load_base(o->extend, &base, err, sizeof err)) return refuse("--extend %s", err);
  q->base = o->extend ? &base : NULL;
  q->model = (model_kind)model_from_name(formula->model);
  if (o->by_window) return window_search(t, q, (double)limit, o->out);
  if (o->chain) return orbit_chain_search(t, q, (double)limit, o->out);
  cnf f = {0};
  struct timespec t0, t1; /* the build counts against --time-limit */
  clock_gettime(CLOCK_MONOTONIC, &t0);
  void *state = formula->build(t, q, &f, err, sizeof err);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double built_s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  if (limit) limit = built_s + 1 < (double)limit ? limit - (uint64_t)built_s : 1;
  if (o->extend) sched_free(&base); /* the formula keeps what it needs */
  if (!state) {
    cnf_free(&f);
    return refuse("%s", err);
  }
  return solve(formula, state, &f, t, q, o, limit);
}

int main(int argc, char **argv) {
  options o;
  int rc = parse_options(argc, argv, &o);
  if (rc) return rc;
  if (o.help) {
    fputs(usage, stdout);
    return 0;
  }
  if (!o.topo) return refuse("--topo is required (try --help)");
  if (!o.slots) return refuse("--slots is required (try --help)");
  const search_formula *formula = NULL;
  topo t;
  search_params q;
  uint64_t limit = 0;
  if ((rc = choose_formula(&o, &formula)) || (rc = read_arguments(&o, &t, &q, &limit))) return rc;
  job kbcast = {.topo = t, .task = TASK_KBCAST, .model = MODEL_MLA, .root = -1};
  if (!strcmp(formula->task, "kbcast")) {
    char err[512];
    if (job_parse_active(&kbcast, o.active, o.k, o.seed, true, err, sizeof err)) return refuse("%s", err);
    q.active = &kbcast.active;
  }
  rc = search(&o, formula, &t, &q, limit);
  active_free(&kbcast.active);
  return rc;
}
