/* emit_files.c — non-Verilog generated files (see emit_files.h). */
#include "emit_files.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_verilog.h"
#include "ir_tasks.h"
#include "links.h"
#include "model/reduce_op.h"
#include "router_ports.h"

void emit_rom_hex(vwriter *w, const char *header, const ir_fabric *f, const router_arch *a, const void *plan,
                  const router_shape *s, uint32_t program) {
  size_t nwords = (size_t)(s->word_width + 31) / 32;
  uint32_t *bits = calloc(nwords, sizeof *bits);
  if (!bits) {
    w->failed = 1;
    return;
  }
  vw_raw(w, "%s", header); /* $readmemh accepts // comments */
  if (f->shared)
    vw_line(w, "// Shared ROM of %s %s (every node runs node 0's program translated by its id, %s): %d-bit words,",
            f->fd->topo_name, task_name(f->task), topo_translation_name(f->fd->translation), s->word_width);
  else
    vw_line(w, "// ROM of node %u of %s %s: %d-bit words,", (unsigned)program, f->fd->topo_name, task_name(f->task),
            s->word_width);
  vw_line(w, "// entry c = cycle c (slot c's transmissions).");
  a->rom_legend(w, plan);
  int digits = (s->word_width + 3) / 4;
  for (uint32_t c = 0; c < s->rom_entries; c++) {
    memset(bits, 0, nwords * sizeof *bits);
    if (arch_pack_word(a, plan, s, program, c, bits)) w->failed = 1;
    for (int d = digits - 1; d >= 0; d--) vw_raw(w, "%x", (unsigned)(bits[d / 8] >> (4 * (d % 8)) & 0xf));
    vw_raw(w, "\n");
  }
  free(bits);
}

size_t design_sources(const fabric_desc *fd, bool sim, char names[DESIGN_SOURCES_MAX][64]) {
  size_t n = 0;
  snprintf(names[n++], 64, "%s.v", ROM_MODULE);
  snprintf(names[n++], 64, "%s.v", ROUTER_MODULE);
  if (link_module(fd)) snprintf(names[n++], 64, "%s.v", link_module(fd));
  if (sim) snprintf(names[n++], 64, "%s.v", SIM_NODE_MODULE);
  snprintf(names[n++], 64, "%s.v", sim ? SIM_FABRIC_MODULE : FABRIC_MODULE);
  return n;
}

void emit_file_list(vwriter *w, const char *header, const fabric_desc *fd, bool sim) {
  char names[DESIGN_SOURCES_MAX][64];
  size_t n = design_sources(fd, sim, names);
  vw_raw(w, "%s", header);
  for (size_t i = 0; i < n; i++) vw_line(w, "%s", names[i]);
}

/* The inputs every router of a fabric shares: one net for all of them. */
static bool fabric_wide(rport_kind kind) {
  return kind == RP_CLK || kind == RP_RST || kind == RP_START || kind == RP_SLOT_EN;
}

void emit_verilator_config(vwriter *w, const char *header, const router_shape *s) {
  vw_line(w, "`verilator_config");
  vw_raw(w, "%s", header);
  vw_line(w, "// One C++ copy of the router (and of the simulation node) however many instances");
  vw_line(w, "// (docs/ARCHITECTURE.md).");
  vw_line(w, "no_inline -module \"%s\"", ROUTER_MODULE);
  vw_line(w, "no_inline -module \"%s\"", SIM_NODE_MODULE);
  router_port ports[ROUTER_PORTS_MAX];
  size_t n = router_ports(s, ports);
  /* public inputs, except the fabric-wide clock, reset and start: a public clock is a clock of
   * its own per instance, and Verilator 5.006 then computes a trigger and calls every port copy
   * per instance (at D=8 more time than the routers themselves; docs/ARCHITECTURE.md) */
  for (size_t i = 0; i < n; i++)
    if (ports[i].input && !fabric_wide(ports[i].kind))
      vw_line(w, "public -module \"%s\" -var \"%s\"", ROUTER_MODULE, ports[i].name);
  /* the simulation node: the router's link inputs and ROM word, and its node id */
  vw_line(w, "public -module \"%s\" -var \"node_i\"", SIM_NODE_MODULE);
  vw_line(w, "public -module \"%s\" -var \"log_i\"", SIM_NODE_MODULE);
  for (size_t i = 0; i < n; i++)
    if (ports[i].input && ports[i].kind != RP_INJ_FLIT && !fabric_wide(ports[i].kind))
      vw_line(w, "public -module \"%s\" -var \"%s\"", SIM_NODE_MODULE, ports[i].name);
}

/* The facts about a design that sim_config.h (as RN_<NAME>) and design.txt (as name=value) give. */
typedef struct {
  const char *name;
  char value[sizeof ((fabric_desc *)0)->topo_name + 8];
} design_fact;

static size_t design_facts(const ir_fabric *f, const router_shape *s, design_fact *out) {
  size_t n = 0;
#define FACT(key, fmt, v) snprintf(out[n].value, sizeof out[n].value, fmt, v), out[n++].name = key
  FACT("topo", "%s", f->fd->topo_name);
  char tasks[sizeof out[0].value], task_slots[sizeof out[0].value] = "";
  uint32_t longest = 0; /* several tasks (ir_tasks.h): the longest run's slots */
  for (uint32_t k = 0; k < f->ntasks; k++) {
    snprintf(task_slots + strlen(task_slots), sizeof task_slots - strlen(task_slots), "%s%u", k ? "," : "",
             (unsigned)f->runs[k].slots);
    if (f->runs[k].slots > longest) longest = f->runs[k].slots;
  }
  FACT("task", "%s", ir_task_names(f, tasks, sizeof tasks)); /* several: their names, in the order of the command's index */
  FACT("model", "%s", model_name(f->model));
  /* how a combining task combines its partial sums (reduce_op.h); none for the others */
  FACT("op", "%s", ir_combining_runs(f) ? romnoc_op_names[f->op] : "none");
  FACT("arch", "%s", s->arch);
  FACT("root", "%lld", (long long)f->root);
  FACT("nodes", "%u", (unsigned)f->fd->nodes);
  FACT("ports", "%d", s->ports);
  FACT("id_width", "%d", s->id_width);
  FACT("payload_width", "%d", s->payload_width);
  FACT("flit_width", "%d", s->flit_width);
  /* tagged, or bare: the payload alone, the test benches' tags in its top 2*id_width+1 bits */
  FACT("flit", "%s", s->bare_flit ? "bare" : "tagged");
  /* the payload bits below the benches' tags: golden/deliveries.tsv's pseudo-random pattern */
  FACT("pattern_width", "%d", shape_pattern_width(s));
  FACT("slots", "%u", (unsigned)(f->ntasks > 1 ? longest : f->slots));
  FACT("cycles", "%u", (unsigned)(f->ntasks > 1 ? longest + 1 : s->cycles));
  if (f->ntasks > 1) { /* each task's (their files: sim_config_t<k>.h, golden/wire_t<k>.tsv) */
    FACT("tasks", "%u", (unsigned)f->ntasks);
    FACT("task_slots", "%s", task_slots);
  }
  FACT("deliveries", "%llu", (unsigned long long)f->deliveries);
  FACT("wire_delay", "%d", s->wire_delay);
  FACT("link_delay", "%d", f->fd->link_delay); /* cycles a link takes: its register stages + 1 */
  FACT("slot_cycles", "%d", s->slot_cycles);   /* cycles a slot lasts: the link's and the combiner's */
  FACT("mem_depth", "%d", s->mem_depth);
  /* the lifetime minimum mem_depth is measured against (mem_bound.h); absent for combining tasks */
  if (s->mem_lifetime_min >= 0) FACT("mem_lifetime_min", "%d", s->mem_lifetime_min);
  /* the inputs of each lane's output multiplexer, lane 0 first (banked); absent elsewhere */
  char sources[sizeof out[0].value] = "";
  int reported = 0;
  for (int p = 0; p < s->ports; p++) reported |= s->lane_sources[p];
  for (int p = 0; p < s->ports && reported; p++)
    snprintf(sources + strlen(sources), sizeof sources - strlen(sources), "%s%d", p ? "," : "", s->lane_sources[p]);
  if (reported) FACT("lane_sources", "%s", sources);
  FACT("rom_words", "%u", (unsigned)s->rom_entries);
  FACT("rom_width", "%d", s->word_width);
  FACT("shared_rom", "%d", f->shared ? 1 : 0);
  /* how a requested own-packet destination becomes a node id: node (+) dest when the ROM is
   * shared, dest itself otherwise */
  FACT("translation", "%s", topo_translation_name(f->shared ? f->fd->translation : TRANS_NONE));
  /* pmnb split into pieces: a slot is a mini-slot, a flit a piece (ir.h); absent for whole packets */
  if (f->fraction > 1) FACT("fraction", "%u", (unsigned)f->fraction);
  if (f->message_words > 1) FACT("words", "%u", (unsigned)f->message_words); /* the network interface's blocks */
#undef FACT
  return n;
}

void emit_sim_config(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s) {
  const fabric_desc *fd = f->fd;
  design_fact facts[32];
  size_t n = design_facts(f, s, facts);
  vw_raw(w, "%s", header);
  vw_line(w, "#ifndef ROMNOC_SIM_CONFIG_H");
  vw_line(w, "#define ROMNOC_SIM_CONFIG_H");
  for (size_t i = 0; i < n; i++) {
    char upper[32];
    size_t k = 0;
    for (; facts[i].name[k] && k + 1 < sizeof upper; k++) upper[k] = (char)toupper((unsigned char)facts[i].name[k]);
    upper[k] = '\0';
    const char *v = facts[i].value + (facts[i].value[0] == '-');
    int number = *v && strspn(v, "0123456789") == strlen(v); /* numbers bare, names as strings */
    vw_line(w, number ? "#define RN_%s %s" : "#define RN_%s \"%s\"", upper, facts[i].value);
  }
  /* kbcast, pmnb, pexchange: the active set its ROMs fix (the test bench's wire log carries it
   * for cmodel verify) */
  if (f->active) vw_line(w, "#define RN_ACTIVE \"%s\"", f->active);
  vw_line(w, "/* the fabric description: sizes of the translation's coordinates (coordinate 0 least");
  vw_line(w, " * significant), and the link table: lane p of node u leads to node RN_NEIGHBORS[u*RN_PORTS+p]");
  vw_line(w, " * (-1: nowhere) */");
  vw_line(w, "#define RN_NDIMS %d", fd->topo.ndims);
  vw_raw(w, "#define RN_RADICES {");
  for (int i = 0; i < fd->topo.ndims; i++) vw_raw(w, "%s%u", i ? ", " : "", (unsigned)fd->topo.radix[i]);
  vw_raw(w, "}\n#define RN_NEIGHBORS {");
  for (size_t i = 0; i < (size_t)fd->nodes * fd->ports; i++) vw_raw(w, "%s%d", i ? "," : "", (int)fd->neighbor[i]);
  vw_raw(w, "}\n");
  vw_line(w, "/* X(u) for every node u: the fabric's per-node ports are n<u>_* */");
  vw_raw(w, "#define RN_FOR_EACH_NODE(X)");
  for (uint32_t u = 0; u < fd->nodes; u++) vw_raw(w, " X(%u)", (unsigned)u);
  vw_raw(w, "\n");
  vw_line(w, "#endif");
}

void emit_design_summary(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s) {
  design_fact facts[32];
  size_t n = design_facts(f, s, facts);
  vw_raw(w, "%s", header);
  for (size_t i = 0; i < n; i++) vw_line(w, "%s=%s", facts[i].name, facts[i].value);
  if (f->active) vw_line(w, "active=%s", f->active); /* tasks of an active set: longer than a fact's room */
}
