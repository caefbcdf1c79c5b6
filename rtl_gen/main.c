/* main.c — rtl_gen: a verified schedule -> the router, ROM and fabric Verilog, the ROM
 * contents, the design's facts, and the golden files a simulation is checked against.
 * Pipeline: schedule (a TSV, or the golden model) -> verify -> fabric description -> IR ->
 * architecture plan -> files. Exit 0, or 2 with one line on stderr naming the bad value
 * (nothing is written before the schedule has been verified and planned). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "construct/build.h"
#include "util/cli.h"
#include "emit_files.h"
#include "emit_fusesoc.h"
#include "emit_ni.h"
#include "emit_selftest.h"
#include "mem_style.h"
#include "emit_verilog.h"
#include "fabric.h"
#include "format/golden.h"
#include "ir.h"
#include "ir_tasks.h"
#include "model/job.h"
#include "links.h"
#include "mem_bound.h"
#include "names.h"
#include "ni.h"
#include "util/memlimit.h"
#include "outdir.h"
#include "port_model.h"
#include "model/reduce_op.h"
#include "format/schedule_reader.h"
#include "verify/verify_schedule.h"
#include "util/version.h"
#include "vwriter.h"

static const char usage[] =
    "usage: rtl_gen --schedule FILE.tsv [options] -o DIR\n"
    "       rtl_gen --topo T --task K [--root R] [--model M] [--alg A] [options] -o DIR\n"
    "       rtl_gen --topo hypercube:D --task kbcast (--active LIST | --k K [--active-seed S]) [--alg A]\n"
    "               [options] -o DIR\n"
    "       rtl_gen --topo T --task pmnb|pexchange|pgather (--active LIST | --m M [--active-seed S])\n"
    "               [--split]\n"
    "               [--alg A] [options] -o DIR\n"
    "\n"
    "Verifies a schedule and writes into DIR the schedule-ROM router, ROM and fabric Verilog (one\n"
    "module per file; romnoc_fabric with every node's local port as ports, and romnoc_sim_fabric\n"
    "for the test benches), the ROM contents (rom*.hex), files.f and files_sim.f, romnoc.vlt\n"
    "(Verilator config), romnoc.core (the fabric as a FuseSoC core: docs/ARCHITECTURE.md),\n"
    "sim_config.h and design.txt (the design's facts), and the golden files golden/wire.tsv\n"
    "(what every link must carry) and golden/deliveries.tsv (what every local port must hand\n"
    "over, with payloads for seed S; for a combining task the whole sums), written by the\n"
    "golden model.\n"
    "\n"
    "  --schedule F  a schedule in the exchange format (any topology, task and model that\n"
    "                'cmodel verify' accepts; a file from another tool too), or - for stdin\n"
    "  --from FMT    the schedule file's format: tsv, json or msccl-xml (docs/EXPORT.md; an MSCCL\n"
    "                XML without romnoc's attributes takes --topo, and --task, --root, --model,\n"
    "                from the command line); default by its name: *.xml, *.json, else tsv\n"
    "  --topo T      shortcut: ask the golden model (hypercube:D, ring:N, torus:K1xK2[x...],\n"
    "  --task K        mesh:K1xK2[x...]; snb | mnb | scatter | gather | te, or a combining\n"
    "                  task: reduce | reduce_scatter | allreduce | global_sum; or a task of an\n"
    "                  active set: kbcast, K of the 2^D nodes of hypercube:D broadcast (001,\n"
    "                  docs/KBCAST.md); pmnb, M nodes broadcast; pexchange, M nodes send a\n"
    "                  packet to every node; pgather, M nodes receive one from every node\n"
    "                  (004, tori and meshes)); MPI's names work too:\n"
    "                  bcast (= snb), allgather (= mnb), alltoall (= te)\n"
    "  --active LIST kbcast, pmnb, pexchange, pgather: the active nodes, fixed in the ROMs (ids and\n"
    "                ranges: 0,3,5-9)\n"
    "  --k K, --m M  kbcast (K), pmnb, pexchange, pgather (M): that many pseudo-random active nodes,\n"
    "                drawn from --active-seed S\n"
    "  --active-seed S  (default 1) as 'cmodel schedule --k K (--m M) --seed S' draws them: the\n"
    "                same set. A schedule file carries its set (# active=): no option needed.\n"
    "                kbcast's counters and terminations are constants of the ROM (banked only)\n"
    "  --split       pmnb: each packet split into pieces (004 s3.1; a schedule file says\n"
    "                '# fraction='): a slot is a mini-slot of one cycle, a flit carries one\n"
    "                piece (W bits) and the local port hands over each piece\n"
    "  --root R      root of snb, scatter, gather, reduce (default 0)\n"
    "  --model M     port model of the schedule (default mla)\n"
    "  --alg A       construction (default auto; see cmodel schedule --help)\n"
    "  --width W     payload bits per packet, 1..1024 (default 32)\n"
    "  --flit F      what a link carries beside its valid bit (default tagged):\n"
    "                tagged  {broadcast, dest, origin, payload}: W + 2*ceil(log2 N) + 1 bits\n"
    "                bare    the payload alone, W bits: the schedule says which packet every\n"
    "                        link carries in every slot, and the router never reads the tags.\n"
    "                        Narrower links, multiplexers and memories. The test benches put\n"
    "                        their tags in the payload's top 2*ceil(log2 N) + 1 bits, so W must\n"
    "                        exceed them; not for combining tasks or kbcast's control words\n"
    "  --seed S      seed of the pseudo-random payloads in golden/deliveries.tsv (default 1)\n"
    "  --op OP       how a combining task combines the W-bit partial sums: add (mod 2^W, the\n"
    "                default), max, min (unsigned), xor or or. Refused for the other tasks, which\n"
    "                combine nothing (exit 2): a schedule file's task decides\n"
    "  --arch A      router architecture (default: the one the schedule's port model asks for):\n"
    "                banked  registered outputs, per-lane 1R1W memory banks, synchronous ROM;\n"
    "                        the default for mla and oneway schedules, runs every model\n"
    "                single  one transmit and one receive datapath, one 1R1W bank; the\n"
    "                        default for sp-full and sp-half, runs only those (under sp-half\n"
    "                        it never sends and receives in one slot)\n"
    "                simple  the first design, the area baseline; runs every model\n"
    "                combine a combiner (--op) per receiving lane, registered outputs, banks;\n"
    "                        the default for the combining tasks under every model, and\n"
    "                        the only router that runs them (the others run only the rest)\n"
    "                mixed   banked and combine side by side, one ROM: the default for\n"
    "                        several tasks (--task a,b,..) of both kinds\n"
    "                An explicit --arch wins if it can run the schedule, else exit 2.\n"
    "  --ni          also write the network interfaces and the system top (romnoc_ni.v,\n"
    "                romnoc_system.v, files_system.f, ni_n<u>.hex, ni_drain_n<u>.hex): per node an\n"
    "                AXI4-Stream sendbuf, recvbuf, command and status in MPI's order\n"
    "                (docs/ARCHITECTURE.md, \"The network interface\"); the packet tasks (banked\n"
    "                router), the combining tasks (combine router), and both together\n"
    "  --words M     with --ni: blocks of M words (1..4096, default 1). A message is M runs of the\n"
    "                schedule back to back, run m carrying word m of every block, one slot\n"
    "                after another with no gap: S*M + 1 cycles for S slots. The routers do not\n"
    "                grow with M; the interfaces' buffers hold M words a block\n"
    "  --task a,b,.. with --ni: several tasks (up to 8) in one fabric, or --schedule\n"
    "                given once per task: one router per node holds every task's program\n"
    "                (ROM word {task, cycle}), the links are shared, and the command's index\n"
    "                picks the task (k = the k-th named). One topology and port model; files\n"
    "                sim_config_t<k>.h and golden/*_t<k>.tsv per task (docs/ARCHITECTURE.md,\n"
    "                \"Several tasks in one fabric\")\n"
    "  --max-mem B   refuse a table that grows with the topology beyond B bytes (suffix K, M,\n"
    "                G or T; default 4G) instead of allocating it\n"
    "  --prefix P    the modules' names begin with P_ instead of romnoc_ (P_router, P_fabric,\n"
    "                P_system, ...) and the files modules read with P_ (P_rom.hex, P_ni_n0.hex):\n"
    "                two fabrics of different prefixes live in one design (their ROMs read\n"
    "                from the fabric's ROM_DIR parameter, default \"./\")\n"
    "  --rom-style S, --mem-style S\n"
    "                how synthesis maps the ROMs (schedule ROM, the interfaces' programs) and\n"
    "                the RAMs (packet memories, the interfaces' buffers), as Yosys' rom_style /\n"
    "                ram_style attributes: auto (default: block RAM where the router's plan puts\n"
    "                a memory, the rest left to synthesis), logic (LUTs and flip-flops), block\n"
    "                (block RAM, every memory read through a register) or family (no style:\n"
    "                the family's synthesis picks, LUTRAM where it has one)\n"
    "  --family F    the FPGA family auto chooses for: ice40 (default), xilinx, ecp5 or gowin. On\n"
    "                a family with LUT RAM, auto leaves a memory the plan puts in block RAM to the\n"
    "                family when it is at most one LUT RAM deep (64 words on Xilinx, 16 on ECP5\n"
    "                and Gowin): a few words do not take a block RAM of 18 kbit\n"
    "  --bram-budget B  block RAMs (of 4 kbit) a router's plan may take, largest memories\n"
    "                first (0..1024, default 32); a whole system on one small device gives 0\n"
    "                (make fpga): its routers' memories of a few words go to flip-flops, the\n"
    "                block RAMs to the network interfaces' buffers\n"
    "  --link-delay L  cycles a link takes (1..64, default 1): L-1 registers on every link after\n"
    "                the router's output register (romnoc_link), for long or chip-to-chip links.\n"
    "                A slot then lasts L cycles (the routers move in its last, slot_o): a run is\n"
    "                (S+1)*L cycles for S slots, the schedule and its slots unchanged. Directed\n"
    "                models only; not with --ni (docs/ARCHITECTURE.md, \"Pipelined links\")\n"
    "  --combine-stages P  combining tasks: P registers in the combiner's path (0..8, default 0),\n"
    "                cutting its op tree (and a lane's own addition) for a faster clock. A slot\n"
    "                then lasts 1+P cycles (L+P with --link-delay L): a run is (S+1)*(L+P)\n"
    "                cycles, the schedule and its slots unchanged. Not with --ni\n"
    "                (docs/ARCHITECTURE.md, \"A pipelined combiner\")\n"
    "  -o DIR        output directory: new, empty, or a design rtl_gen wrote. The design is\n"
    "                written into DIR.tmp.PID beside it and replaces DIR only when complete, so\n"
    "                DIR holds exactly one design; unchanged files keep their timestamps\n"
    "\n"
    "A schedule that is the same at every node up to the topology's translation (hypercube,\n"
    "ring, torus) gets one ROM shared by every router; others get a ROM per node. The same\n"
    "schedule gives byte-identical files whether it comes from a file or from --topo/--task.\n"
    "A oneway schedule gets one flit channel per undirected link (romnoc_link.v), whose\n"
    "direction each slot the ROMs of both ends set; every other model a wire per direction.\n"
    "Options are '--name value' or '--name=value'. Exit status 0, or 2 with one line on stderr\n"
    "naming the bad value (docs/ERRORS.md).\n";

/* The largest fabric: a 12-cube, 64x64 torus (a D=12 fabric takes minutes to verilate). */
#define RTL_MAX_NODES 4096u

__attribute__((format(printf, 1, 2))) static int bad_input(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cli_report("rtl_gen", fmt, ap);
  va_end(ap);
  return 2;
}

/* Verifies s in-process, its template from its rows alone: rtl_gen only turns verified
 * schedules into hardware. */
static int verify_schedule(const sched *s, char *err, size_t errlen) {
  char msg[VERIFY_MESSAGE_LEN];
  verify_summary sum;
  int rc = verify_sched(s, true, &sum, msg, sizeof msg);
  if (rc) snprintf(err, errlen, "%s%s", rc > 0 ? "the schedule fails verification: " : "", msg);
  return rc ? -1 : 0;
}

typedef struct {
  const char *schedule, *topo, *task, *root, *model, *alg, *dir, *arch, *width_s, *seed_s, *max_mem, *op_s, *flit;
  const char *from; /* the schedule file's format (--from), NULL: by its name */
  const char *words_s; /* --words: a block's words (with --ni) */
  const char *link_delay_s; /* --link-delay: cycles per link (fabric_pipeline) */
  const char *combine_stages_s; /* --combine-stages: registers in the combiner (ir_fabric.combine_stages) */
  const char *bram_budget_s; /* --bram-budget: block RAMs a router's plan may take (arch.h) */
  const char *prefix;  /* --prefix: the modules' and data files' (names.h) */
  const char *rom_style, *mem_style, *family; /* --rom-style, --mem-style, --family (mem_style.h) */
  /* several tasks in one fabric (ir_tasks.h): --schedule given once per task, or --task a,b,... */
  const char *schedules[IR_MAX_TASKS];
  char task_list[IR_MAX_TASKS][32];
  uint32_t ntasks;
  uint64_t words, link_delay, combine_stages;
  const char *active, *k, *m, *active_seed; /* the active set (job_parse_active): --k or --m, its size */
  bool split; /* pmnb: packets split into pieces (job_parse_fraction) */
  bool ni;    /* also the network interfaces and the system top (ni.h) */
  uint64_t width, seed;
  int op; /* romnoc_op */
} options;

/* --rom-style, --mem-style and --family into mem_style.h (auto and ice40 unless given; also
 * resets them for the next call). Returns 0, or the bad-input exit code. */
static int set_memory_styles(const options *o) {
  mem_style rom = MEM_STYLE_AUTO, ram = MEM_STYLE_AUTO;
  char shown[64];
  if (o->rom_style && !mem_style_parse(o->rom_style, &rom))
    return bad_input("--rom-style '%s' is not a style (expected auto, logic, block or family)",
                     cli_printable(o->rom_style, 40, shown, sizeof shown));
  if (o->mem_style && !mem_style_parse(o->mem_style, &ram))
    return bad_input("--mem-style '%s' is not a style (expected auto, logic, block or family)",
                     cli_printable(o->mem_style, 40, shown, sizeof shown));
  mem_style_set(rom, ram);
  if (!mem_style_set_family(o->family ? o->family : "ice40")) /* also resets it for the next call */
    return bad_input("--family '%s' is not a family (expected %s)", cli_printable(o->family, 40, shown, sizeof shown),
                     mem_style_families());
  return 0;
}

/* Takes every --schedule but the first out of argv (cli_parse refuses an option given twice)
 * into o->schedules. Returns 0, or the bad-input exit code. */
static int take_schedules(int *argc, char **argv, options *o) {
  int kept = 1;
  for (int i = 1; i < *argc; i++) {
    const char *a = argv[i], *value = NULL;
    bool joined = !strncmp(a, "--schedule=", 11);
    if (joined) value = a + 11;
    else if (!strcmp(a, "--schedule") && i + 1 < *argc) value = argv[i + 1];
    if (value && o->ntasks == IR_MAX_TASKS)
      return bad_input("--schedule given %d times: one fabric runs at most %d tasks", IR_MAX_TASKS + 1, IR_MAX_TASKS);
    if (value) o->schedules[o->ntasks++] = value;
    if (value && o->ntasks > 1) { /* drop it and its value */
      i += !joined;
      continue;
    }
    argv[kept++] = argv[i];
    if (value && !joined) argv[kept++] = argv[++i];
  }
  *argc = kept;
  return 0;
}

/* Splits --task a,b,... into o->task_list. Returns 0, or the bad-input exit code. */
static int split_tasks(options *o) {
  char shown[160];
  const char *t = o->task;
  while (t) {
    const char *comma = strchr(t, ',');
    size_t len = comma ? (size_t)(comma - t) : strlen(t);
    if (o->ntasks == IR_MAX_TASKS)
      return bad_input("--task '%s' names more than %d tasks (one fabric runs at most %d)",
                       cli_printable(o->task, 80, shown, sizeof shown), IR_MAX_TASKS, IR_MAX_TASKS);
    if (!len || len >= sizeof o->task_list[0])
      return bad_input("--task '%s' has an empty or overlong name in its list", cli_printable(o->task, 80, shown, sizeof shown));
    memcpy(o->task_list[o->ntasks], t, len);
    o->task_list[o->ntasks++][len] = '\0';
    t = comma ? comma + 1 : NULL;
  }
  return 0;
}

/* Returns 0, -1 after --help/--version, or the bad-input exit code. */
/* --from, and the options a schedule file brings itself: only an MSCCL XML, whose attributes
 * may lack them, takes --topo, --task, --root and --model. 0 or the bad-input exit code. */
static int check_schedule_format(const options *o) {
  char shown[200];
  if (o->from && !schedule_format_find(o->from))
    return bad_input("unknown --from '%s' (expected %s)", cli_printable(o->from, 40, shown, sizeof shown),
                     schedule_format_list());
  if (o->from && !o->schedule) return bad_input("--from names the format of a --schedule file, and none is given");
  bool hints = o->schedule && !strcmp(schedule_format_of(o->from, o->schedule)->name, "msccl-xml");
  if (o->schedule && (o->alg || (!hints && (o->topo || o->task || o->root || o->model))))
    return bad_input("--schedule '%s' comes with its own topology, task, model and root: drop --topo, --task, --root, "
                     "--model and --alg",
                     cli_printable(o->schedule, 80, shown, sizeof shown));
  return 0;
}

static int parse_options(int argc, char **argv, options *o) {
  *o = (options){.width = 32, .seed = 1, .words = 1, .link_delay = 1};
  int rc = take_schedules(&argc, argv, o);
  if (rc) return rc;
  if (argc == 2 && !strcmp(argv[1], "--version")) {
    puts("romnoc-rtl_gen " ROMNOC_VERSION);
    return -1;
  }
  const cli_option opts[] = {
      {.name = "--schedule", .value = &o->schedule}, {.name = "--from", .value = &o->from},
      {.name = "--topo", .value = &o->topo},
      {.name = "--task", .value = &o->task}, {.name = "--root", .value = &o->root},
      {.name = "--model", .value = &o->model}, {.name = "--alg", .value = &o->alg},
      {.name = "--arch", .value = &o->arch}, {.name = "-o", .value = &o->dir},
      {.name = "--width", .value = &o->width_s}, {.name = "--seed", .value = &o->seed_s},
      {.name = "--max-mem", .value = &o->max_mem}, {.name = "--op", .value = &o->op_s},
      {.name = "--active", .value = &o->active}, {.name = "--k", .value = &o->k},
      {.name = "--active-seed", .value = &o->active_seed}, {.name = "--m", .value = &o->m},
      {.name = "--split", .flag = &o->split}, {.name = "--flit", .value = &o->flit},
      {.name = "--ni", .flag = &o->ni}, {.name = "--words", .value = &o->words_s},
      {.name = "--prefix", .value = &o->prefix}, {.name = "--rom-style", .value = &o->rom_style},
      {.name = "--mem-style", .value = &o->mem_style}, {.name = "--link-delay", .value = &o->link_delay_s},
      {.name = "--family", .value = &o->family}, {.name = "--bram-budget", .value = &o->bram_budget_s},
      {.name = "--combine-stages", .value = &o->combine_stages_s},
  };
  const char *words[1];
  int nwords;
  bool help;
  char err[256], shown[160];
  if (cli_parse(argc - 1, argv + 1, opts, sizeof opts / sizeof opts[0], words, 0, &nwords, &help, err, sizeof err))
    return bad_input("%s (see rtl_gen --help)", err);
  if (help) {
    fputs(usage, stdout);
    return -1;
  }
  if (o->width_s && cli_uint(o->width_s, 1, 1024, &o->width))
    return bad_input("width '%s' is out of range (expected 1..1024 payload bits)",
                     cli_printable(o->width_s, 40, shown, sizeof shown));
  if (o->words_s && cli_uint(o->words_s, 1, 4096, &o->words))
    return bad_input("--words '%s' is out of range (expected 1..4096 words a block)",
                     cli_printable(o->words_s, 40, shown, sizeof shown));
  if (o->words_s && !o->ni) return bad_input("--words %llu applies to the network interfaces: add --ni", (unsigned long long)o->words);
  if (o->link_delay_s && cli_uint(o->link_delay_s, 1, 64, &o->link_delay))
    return bad_input("--link-delay '%s' is out of range (expected 1..64 cycles a link)",
                     cli_printable(o->link_delay_s, 40, shown, sizeof shown));
  if (o->link_delay > 1 && o->ni)
    return bad_input("--link-delay %llu: the network interfaces run on one-cycle links only (drop --ni or the delay)",
                     (unsigned long long)o->link_delay);
  if (o->combine_stages_s && cli_uint(o->combine_stages_s, 0, 8, &o->combine_stages))
    return bad_input("--combine-stages '%s' is out of range (expected 0..8 registers in the combiner)",
                     cli_printable(o->combine_stages_s, 40, shown, sizeof shown));
  if (o->combine_stages && o->ni)
    return bad_input("--combine-stages %llu: the network interfaces run one-cycle slots only (drop --ni or the stages)",
                     (unsigned long long)o->combine_stages);
  uint64_t budget = ARCH_BRAM_BUDGET;
  if (o->bram_budget_s && cli_uint(o->bram_budget_s, 0, 1024, &budget))
    return bad_input("--bram-budget '%s' is out of range (expected 0..1024 block RAMs a router)",
                     cli_printable(o->bram_budget_s, 40, shown, sizeof shown));
  arch_set_bram_budget((int)budget); /* also resets it for the next call */
  if (set_memory_styles(o)) return 2;
  if (!names_set_prefix(o->prefix ? o->prefix : NAMES_DEFAULT_PREFIX)) /* also resets it for the next call */
    return bad_input("--prefix '%s' is not a Verilog identifier (a letter, then letters, digits or '_'; at most %d)",
                     cli_printable(o->prefix, 40, shown, sizeof shown), NAMES_PREFIX_MAX);
  if (o->flit && strcmp(o->flit, "tagged") && strcmp(o->flit, "bare"))
    return bad_input("unknown flit '%s' (expected tagged or bare)", cli_printable(o->flit, 40, shown, sizeof shown));
  if (o->seed_s && cli_seed(o->seed_s, &o->seed))
    return bad_input("--seed '%s' is not a seed (" CLI_SEED_RANGE ")", cli_printable(o->seed_s, 40, shown, sizeof shown));
  if (o->op_s && (o->op = romnoc_op_from_name(o->op_s)) < 0)
    return bad_input("unknown op '%s' (expected add, max, min, xor or or)", cli_printable(o->op_s, 40, shown, sizeof shown));
  if (o->max_mem) {
    uint64_t bytes;
    if (cli_bytes(o->max_mem, &bytes))
      return bad_input("--max-mem '%s' is not a size (e.g. 4G, 512M, 100000000)", cli_printable(o->max_mem, 40, shown, sizeof shown));
    mem_set_limit(bytes);
  }
  if ((rc = check_schedule_format(o))) return rc;
  if (o->k && o->m) return bad_input("give the active set's size once: --k (kbcast) or --m (pmnb, pexchange, pgather)");
  if (o->m) o->k = o->m; /* one size: job_parse_active names it after the task */
  if (o->schedule && (o->active || o->k || o->active_seed))
    return bad_input("--schedule '%s' carries its active set (# active=): drop --active, --k and --active-seed",
                     cli_printable(o->schedule, 80, shown, sizeof shown));
  if (o->schedule && o->split)
    return bad_input("--schedule '%s' says whether its packets are split (# fraction=): drop --split",
                     cli_printable(o->schedule, 80, shown, sizeof shown));
  uint64_t aseed;
  if (o->active_seed && cli_seed(o->active_seed, &aseed))
    return bad_input("--active-seed '%s' is not a seed (" CLI_SEED_RANGE ")", cli_printable(o->active_seed, 40, shown, sizeof shown));
  if (!o->schedule && !o->topo) return bad_input("missing --schedule FILE or --topo (e.g. --topo hypercube:4)");
  if (!o->schedule && (rc = split_tasks(o))) return rc;
  if (o->ntasks > 1 && !o->ni)
    return bad_input("%u tasks in one fabric are chosen by the network interface's command: add --ni", (unsigned)o->ntasks);
  if (!o->dir) return bad_input("missing -o DIR");
  return 0;
}

static int too_large(const topo *t) {
  return bad_input("topology '%s' has %u nodes; rtl_gen builds fabrics of at most %u", t->name, (unsigned)t->nodes,
                   RTL_MAX_NODES);
}

/* Schedule k (of o->ntasks, the first if none is listed): read from a file or built by the golden
 * model. Returns 0 or the exit code. */
static int get_schedule(const options *o, uint32_t k, sched *s) {
  char err[512];
  const char *task_s = o->ntasks ? o->task_list[k] : o->task;
  if (o->schedule) {
    char shown[200];
    const char *path = o->schedules[k];
    cli_printable(path, 120, shown, sizeof shown);
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f) return bad_input("cannot read '%s': %s", shown, strerror(errno));
    reader_hints h = {.task = o->task, .root = o->root, .topo = o->topo, .model = o->model};
    int rc = schedule_load(schedule_format_of(o->from, path), f, &h, s, err, sizeof err);
    if (f != stdin) fclose(f);
    if (rc) return bad_input("%s: %s", shown, err);
    if (s->topo.nodes > RTL_MAX_NODES) {
      sched_free(s);
      return too_large(&s->topo);
    }
    return 0;
  }
  job j = {0};
  if (job_parse(&j, o->topo, task_s, o->model, o->root, o->ntasks <= 1, err, sizeof err)) return bad_input("%s", err);
  if (j.topo.nodes > RTL_MAX_NODES) return too_large(&j.topo);
  /* the active set: job_parse_active, whose seed is rtl_gen's --active-seed (--seed is the payloads') */
  const char *given = o->active ? "--active" : o->k ? "--k" : o->active_seed ? "--active-seed" : NULL;
  const char *count = job_count_option(j.task);
  if (!task_has_active_set(j.task) && given) {
    char shown[160];
    return bad_input("%s '%s' applies to tasks kbcast, pmnb, pexchange and pgather only, not %s", given,
                     cli_printable(o->active ? o->active : o->k ? o->k : o->active_seed, 40, shown, sizeof shown),
                     task_name(j.task));
  }
  if (task_has_active_set(j.task) && o->active && (o->k || o->active_seed))
    return bad_input("give %s's active set as --active LIST or as %s N [--active-seed S], not both", task_name(j.task), count);
  if (task_has_active_set(j.task) && !o->active && !o->k)
    return bad_input("task %s needs its active set: --active LIST (e.g. 0,3,5-9) or %s N [--active-seed S]",
                     task_name(j.task), count);
  if (job_parse_active(&j, o->active, o->k, o->active_seed, true, err, sizeof err) ||
      job_parse_fraction(&j, o->split, NULL, true, err, sizeof err)) {
    active_free(&j.active);
    return bad_input("%s", err);
  }
  int rc = task_has_active_set(j.task)
               ? schedule_build_active(s, &j.topo, j.task, j.model, &j.active, j.fraction, o->alg, err, sizeof err)
               : schedule_build(s, &j.topo, j.task, j.model, j.root, o->alg, err, sizeof err);
  active_free(&j.active);
  if (rc) return bad_input("%s", err);
  return 0;
}

/* Everything main builds, released by one function on every path. */
typedef struct {
  sched s[IR_MAX_TASKS]; /* the schedule, or one per task (the first's decides the topology and model) */
  uint32_t ntasks;
  fabric_desc fd;
  ir_fabric f;
  ir_fabric parts[IR_MAX_TASKS]; /* several tasks: each one's IR, joined into f (ir_tasks.h) */
  const router_arch *arch;
  void *plan;
  router_shape shape;
  ni_plan ni; /* --ni: the network interfaces' plan (ni.nodes NULL without) */
} design;

static void design_free(design *d) {
  if (d->plan) d->arch->free_plan(d->plan);
  ni_plan_free(&d->ni);
  ir_free(&d->f);
  for (uint32_t k = 0; k < d->ntasks; k++) ir_free(&d->parts[k]); /* of several tasks; zero for one */
  fabric_free(&d->fd);
  for (uint32_t k = 0; k < d->ntasks; k++) sched_free(&d->s[k]);
}

/* Verifies schedule s and puts it in the form the IR takes: returns 0 or the bad-input exit code. */
static int prepare_schedule(sched *s) {
  char err[512] = "";
  if (golden_deliveries_fit(s, err, sizeof err)) return bad_input("%s", err);
  if (verify_schedule(s, err, sizeof err)) return bad_input("%s", err);
  if (s->parity_template) { /* two programs (even and odd nodes) are not one shared ROM: a ROM per node */
    sched whole;
    sched_init(&whole, &s->topo, s->task, s->model, s->root);
    if (sched_expand(s, &whole)) {
      sched_free(&whole);
      return bad_input("out of memory expanding the parity template of %s", s->topo.name);
    }
    sched_take_rows(s, &whole);
    s->is_template = s->parity_template = false;
  }
  if (sched_to_template(s) < 0) return bad_input("out of memory looking for the schedule's template");
  return 0;
}

/* Whether d's runs follow each other back to back (arch.h, router_shape.overlap): the M runs of a
 * message of several words, and through the interfaces the runs of consecutive messages, which
 * need a router whose ROM words merge (router_arch.rom_parts) and runs of two slots or more (else
 * the interfaces' messages of one word take turns). */
static bool runs_back_to_back(const design *d, bool ni, uint32_t words) {
  uint32_t shortest = UINT32_MAX;
  for (uint32_t k = 0; k < d->ntasks; k++)
    if (d->s[k].slots < shortest) shortest = d->s[k].slots;
  return words > 1 || (ni && d->arch->rom_parts && shortest >= 2);
}

/* The IR of d's task, or of its several tasks joined (ir_tasks.h): returns 0 or the bad-input
 * exit code. */
static int build_ir(design *d, int op, uint32_t words, bool back_to_back) {
  char err[512] = "";
  if (d->ntasks == 1) return ir_build(&d->f, &d->fd, &d->s[0], op, err, sizeof err) ? bad_input("%s", err) : 0;
  for (uint32_t k = 0; k < d->ntasks; k++) {
    const sched *s = &d->s[k];
    if (strcmp(s->topo.name, d->s[0].topo.name))
      return bad_input("task %s's schedule is on %s, task %s's on %s: every task of one fabric has its topology",
                       task_name(s->task), s->topo.name, task_name(d->s[0].task), d->s[0].topo.name);
    if (ir_build(&d->parts[k], &d->fd, s, op, err, sizeof err)) return bad_input("%s", err);
    d->parts[k].message_words = words;
  }
  return ir_join(&d->f, d->parts, d->ntasks, back_to_back, err, sizeof err) ? bad_input("%s", err) : 0;
}

/* Verifies, describes, builds the IR and plans: returns 0 or the bad-input exit code. */
static int plan_design(design *d, const flit_format *flit, const options *o) {
  char err[512] = "";
  int op = o->op, link_delay = (int)o->link_delay;
  bool ni = o->ni;
  uint32_t words = (uint32_t)o->words;
  int rc;
  for (uint32_t k = 0; k < d->ntasks; k++)
    if ((rc = prepare_schedule(&d->s[k]))) return rc;
  if (fabric_describe(&d->fd, &d->s[0].topo, d->s[0].model))
    return bad_input("out of memory describing the fabric of %s", d->s[0].topo.name);
  if (fabric_pipeline(&d->fd, link_delay, err, sizeof err)) return bad_input("%s", err);
  bool back_to_back = runs_back_to_back(d, ni, words);
  if ((rc = build_ir(d, op, words, back_to_back))) return rc;
  d->f.message_words = words;
  d->f.back_to_back = back_to_back;
  d->f.combine_stages = (int)o->combine_stages;
  if (arch_supports(d->arch, &d->f, err, sizeof err) ||
      flit_format_check(&d->f, flit, err, sizeof err))
    return bad_input("%s", err);
  d->plan = d->arch->plan(&d->f, flit, &d->shape, err, sizeof err);
  if (!d->plan) return bad_input("%s", err);
  if (arch_check_merges(d->arch, d->plan, &d->shape, d->f.nprograms, err, sizeof err)) return bad_input("%s", err);
  bool combines = ir_combining_runs(&d->f) > 0; /* partial sums: no packet lifetimes to bound */
  uint32_t held = combines ? 0 : mem_lifetime_min(&d->f);
  if (held == UINT32_MAX) return bad_input("out of memory bounding the packet memory of %s", d->s[0].topo.name);
  d->shape.mem_lifetime_min = combines ? -1 : (int)held;
  if (ni && ni_plan_build(&d->ni, &d->f, d->arch, d->plan, &d->shape, words, err, sizeof err)) return bad_input("%s", err);
  return 0;
}

/* What design d is, for every file's first line (not the command line, so that a schedule from
 * a file and from --topo/--task give the same files): topology, tasks, model, roots,
 * constructions, schedule fingerprints, architecture, width, and what else sets it apart. */
static void describe_design(const design *d, const options *o, char *design_s, size_t len) {
  const ir_fabric *f = &d->f;
  char active_s[128] = "", delay_s[64] = "";
  if (f->active) /* the set the ROMs fix (shortened in the headers; design.txt has it whole) */
    snprintf(active_s, sizeof active_s, " active=%.*s%s", 64, f->active, strlen(f->active) > 64 ? "..." : "");
  if (f->fraction > 1) /* pmnb split into pieces: a different design from the same rows' whole packets */
    snprintf(active_s + strlen(active_s), sizeof active_s - strlen(active_s), " fraction=%u", (unsigned)f->fraction);
  if (d->fd.link_delay > 1) snprintf(delay_s, sizeof delay_s, " link_delay=%d", d->fd.link_delay);
  if (f->combine_stages) /* a pipelined combiner: another design of the same schedule */
    snprintf(delay_s + strlen(delay_s), sizeof delay_s - strlen(delay_s), " combine_stages=%d", f->combine_stages);
  char tasks_s[IR_MAX_TASKS * 24] = "", roots_s[IR_MAX_TASKS * 12] = "", algs_s[IR_MAX_TASKS * 24] = "",
       prints_s[IR_MAX_TASKS * 24] = "";
  for (uint32_t k = 0, a = 0, b = 0, c = 0, e = 0; k < d->ntasks; k++) { /* several tasks: comma-separated */
    const sched *s = &d->s[k];
    const char *sep = k ? "," : "";
    a += (uint32_t)snprintf(tasks_s + a, sizeof tasks_s - a, "%s%s", sep, task_name(s->task));
    b += (uint32_t)snprintf(roots_s + b, sizeof roots_s - b, "%s%lld", sep, (long long)s->root);
    c += (uint32_t)snprintf(algs_s + c, sizeof algs_s - c, "%s%.16s", sep, s->alg[0] ? s->alg : "-");
    e += (uint32_t)snprintf(prints_s + e, sizeof prints_s - e, "%sfnv1a:%016llx", sep, (unsigned long long)sched_fingerprint(s));
  }
  snprintf(design_s, len, "topo=%s task=%s model=%s root=%s alg=%s schedule=%s arch=%s width=%llu%s%s%s%s%s",
           d->s[0].topo.name, tasks_s, model_name(d->s[0].model), roots_s, algs_s, prints_s, d->arch->name, (unsigned long long)o->width,
           ir_combining_runs(f) ? " op=" : "", ir_combining_runs(f) ? romnoc_op_names[o->op] : "", active_s,
           d->shape.bare_flit ? " flit=bare" : "", delay_s);
}

/* Writes every file of the design into out's temporary directory. Returns 0, or the bad-input
 * exit code after naming the file that could not be written. */
static int write_design(const design *d, const options *o, outdir *out) {
  const ir_fabric *f = &d->f;
  const router_shape *shape = &d->shape;
  /* every file starts with the generator version and what the design is */
  char design_s[1024], hdr_slash[1100], hdr_v[1130], hdr_hash[1100], hdr_golden[1200];
  describe_design(d, o, design_s, sizeof design_s);
  snprintf(hdr_slash, sizeof hdr_slash, "// Generated by romnoc rtl_gen %s for %s\n", ROMNOC_VERSION, design_s);
  snprintf(hdr_v, sizeof hdr_v, "%s" VERILOG_OPEN, hdr_slash); /* a Verilog file's */
  snprintf(hdr_hash, sizeof hdr_hash, "# Generated by romnoc rtl_gen %s for %s\n", ROMNOC_VERSION, design_s);
  snprintf(hdr_golden, sizeof hdr_golden, "# Generated by romnoc rtl_gen %s (golden model) for %s seed=%llu\n",
           ROMNOC_VERSION, design_s, (unsigned long long)o->seed);
  char path[PATH_MAX], previous[PATH_MAX];
  const char *prev;
  vwriter w;
#define WRITE(name, call)                                                                           \
  do {                                                                                              \
    outdir_file(out, name, path, sizeof path, previous, sizeof previous, &prev);                    \
    if (vw_begin(&w)) return bad_input("out of memory writing '%s/%s'", o->dir, name);             \
    call;                                                                                           \
    if (vw_commit(&w, path, prev)) return bad_input("cannot write '%s/%s': %s", o->dir, name, strerror(errno)); \
  } while (0)
#define WRITE_MODULE(module, call)                                                                  \
  do {                                                                                              \
    char file_[NAMES_PREFIX_MAX + 40];                                                              \
    snprintf(file_, sizeof file_, "%s.v", module);                                                  \
    WRITE(file_, call; vw_raw(&w, VERILOG_CLOSE));                                                 \
  } while (0)
  WRITE("design.txt", emit_design_summary(&w, hdr_hash, f, shape));
  WRITE_MODULE(ROUTER_MODULE, d->arch->emit_router(&w, hdr_v, f, d->plan, shape));
  WRITE_MODULE(ROM_MODULE, emit_rom(&w, hdr_v, shape));
  WRITE_MODULE(FABRIC_MODULE, emit_fabric(&w, hdr_v, f, shape, false));
  if (link_module(&d->fd)) WRITE_MODULE(LINK_MODULE, emit_link_module(&w, hdr_v, &d->fd, shape));
  WRITE_MODULE(SIM_NODE_MODULE, emit_sim_node(&w, hdr_v, &d->fd, shape));
  WRITE_MODULE(SIM_FABRIC_MODULE, emit_fabric(&w, hdr_v, f, shape, true));
  WRITE_MODULE(SYNTH_TOP_MODULE, emit_synth_top(&w, hdr_v, f, shape));
  for (uint32_t p = 0; p < f->nprograms; p++) {
    char name[64];
    rom_file_name(f, p, name, sizeof name);
    WRITE(name, emit_rom_hex(&w, hdr_slash, f, d->arch, d->plan, shape, p));
  }
  WRITE("files.f", emit_file_list(&w, hdr_slash, &d->fd, false));
  WRITE("files_sim.f", emit_file_list(&w, hdr_slash, &d->fd, true));
  WRITE("romnoc.vlt", emit_verilator_config(&w, hdr_slash, shape));
  WRITE("romnoc.core", emit_fusesoc_core(&w, hdr_hash, f, shape, o->width));
  WRITE("sim_config.h", emit_sim_config(&w, hdr_slash, f, shape));
  if (d->ni.nodes) {
    WRITE_MODULE(NI_MODULE, emit_ni_module(&w, hdr_v, &d->ni, shape));
    WRITE_MODULE(SYSTEM_MODULE, emit_system(&w, hdr_v, &d->ni, shape));
    WRITE("files_system.f", emit_system_file_list(&w, hdr_slash, &d->fd));
    WRITE_MODULE(NI_SYNTH_TOP_MODULE, emit_ni_synth_top(&w, hdr_v, &d->ni, shape));
    char why[160];
    if (selftest_supported(&d->ni, why, sizeof why)) { /* the board top of make fpga */
      WRITE_MODULE(SELFTEST_NODE_MODULE, emit_selftest_node(&w, hdr_v));
      WRITE_MODULE(SELFTEST_MODULE, emit_selftest(&w, hdr_v, &d->ni, shape));
      WRITE("files_selftest.f", emit_selftest_file_list(&w, hdr_slash, &d->fd));
    }
    for (uint32_t u = 0; u < d->fd.nodes; u++) {
      char prog[64], drain[64];
      ni_file_names(u, prog, drain, sizeof prog);
      WRITE(prog, emit_ni_program_hex(&w, hdr_slash, &d->ni, shape, u));
      WRITE(drain, emit_ni_drain_hex(&w, hdr_slash, &d->ni, u));
    }
  }
  for (uint32_t k = 0; k < d->ntasks; k++) {
    /* one task: golden/wire.tsv, ...; several: each one's, and its facts for the benches */
    char wire[64], deliveries[64], config[64], suffix[16] = "";
    const sched *s = &d->s[k];
    if (d->ntasks > 1) snprintf(suffix, sizeof suffix, "_t%u", (unsigned)k);
    snprintf(wire, sizeof wire, "golden/wire%s.tsv", suffix);
    snprintf(deliveries, sizeof deliveries, "golden/deliveries%s.tsv", suffix);
    snprintf(config, sizeof config, "sim_config_t%u.h", (unsigned)k);
    WRITE(wire, if (golden_write_wire(w.f, hdr_golden, s)) w.failed = 1);
    WRITE(deliveries,
          if (golden_write_deliveries(w.f, hdr_golden, s, (uint32_t)o->seed, shape_pattern_width(shape), o->op)) w.failed = 1);
    if (d->ntasks == 1) continue;
    router_shape one = *shape; /* task k's run, as a design of its own task would have it */
    one.cycles = shape->task_cycles[k];
    WRITE(config, emit_sim_config(&w, hdr_slash, &d->parts[k], &one));
  }
#undef WRITE
  return 0;
}

/* Files a design has besides its ROMs, at most (for the interruption cleanup's room). */
#define FIXED_FILES 15

int main(int argc, char **argv) {
  options o;
  int rc = parse_options(argc, argv, &o);
  if (rc) return rc < 0 ? 0 : rc;
  design d = {0};
  if (o.arch && !(d.arch = arch_find(o.arch)))
    return bad_input("unknown architecture '%s' (expected %s)", o.arch, arch_names());
  d.ntasks = o.ntasks ? o.ntasks : 1;
  for (uint32_t k = 0; k < d.ntasks; k++)
    if ((rc = get_schedule(&o, k, &d.s[k]))) {
      d.ntasks = k;
      design_free(&d);
      return rc;
    }
  uint32_t combining = 0;
  for (uint32_t k = 0; k < d.ntasks; k++) combining += task_combines(d.s[k].task);
  if (o.op_s && !combining) {
    task_kind task = d.s[0].task;
    design_free(&d);
    return bad_input("--op '%s' combines partial sums; task %s combines none (--op is for reduce, reduce_scatter, "
                     "allreduce and global_sum)", romnoc_op_names[o.op], task_name(task));
  }
  if (!d.arch) { /* the model's own; tasks of both kinds: the mixed router */
    const port_model_info *pm = port_model_of(d.s[0].model);
    d.arch = arch_find(!combining ? pm->default_arch : combining == d.ntasks ? pm->combine_arch : "mixed");
  }
  flit_format flit = {(int)o.width, o.flit && !strcmp(o.flit, "bare")};
  if (o.combine_stages && strcmp(d.arch->name, "combine")) {
    const char *arch = d.arch->name;
    design_free(&d);
    return bad_input("--combine-stages %llu pipelines the combine router's combiner; the %s router has none (the "
                     "combining tasks alone, on --arch combine)", (unsigned long long)o.combine_stages, arch);
  }
  if ((rc = plan_design(&d, &flit, &o))) {
    design_free(&d);
    return rc;
  }
  outdir out;
  char err[512];
  static const char *const subdirs[] = {"golden"};
  size_t files = FIXED_FILES + d.f.nprograms + (d.ni.nodes ? 2 * d.fd.nodes + 4 : 0) + 3 * d.ntasks;
  if (outdir_begin(&out, o.dir, subdirs, 1, files, err, sizeof err)) {
    design_free(&d);
    return bad_input("%s", err);
  }
  rc = write_design(&d, &o, &out);
  design_free(&d);
  if (rc) {
    outdir_abort(&out);
    return rc;
  }
  return outdir_commit(&out, err, sizeof err) ? bad_input("%s", err) : 0;
}
