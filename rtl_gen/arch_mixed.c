/* arch_mixed.c — the router of a fabric whose tasks are of both kinds (rtl_gen --task a,b,...
 * naming packet tasks and combining tasks; docs/ARCHITECTURE.md, "Several tasks in one fabric"):
 * the banked router (arch_banked.c) runs the packet tasks and the combine router
 * (arch_combine.c) the combining ones, side by side in one module, reading one ROM.
 *
 * Each is planned over the joined IR (ir_tasks.h) with the other kind's runs emptied
 * (ir_keep_kind), so both count every run's cycles in step, from the same start and task, and
 * each reads its part of the ROM word {combine's word, banked's word}: in a run of the other
 * kind a word that sends, expects, asks for and delivers nothing. The links' words reach only
 * the router of the run's kind (the other would take them for words it did not expect: err_o);
 * a lane sends what the router that sends drives (one at most, in any cycle), and the local
 * port's requests and deliveries are the one's that asks or delivers. The two datapaths share
 * no register: the router costs about the two single-kind routers together, with the links,
 * the ROM and the network interface shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "emit_verilog.h"
#include "ir_tasks.h"
#include "router_ports.h"

extern const router_arch arch_banked, arch_combine;

enum { PACKETS = 0, COMBINES = 1, KINDS = 2 };
static const router_arch *const sub_arch[KINDS] = {&arch_banked, &arch_combine};
static const char *const sub_stem[KINDS] = {"router_packets", "router_combine"};
#define sub_module(i) module_name(sub_stem[i])
static const char *const sub_prefix[KINDS] = {"pk", "cb"};

typedef struct {
  const ir_fabric *f;
  ir_fabric part[KINDS]; /* f with only its packet tasks' runs, and with only its combining ones' */
  void *plan[KINDS];
  router_shape shape[KINDS];
  uint32_t *scratch;     /* a combine word being packed (pack) */
} mixed_plan;

static void free_plan(void *plan) {
  mixed_plan *pl = plan;
  if (!pl) return;
  for (int i = 0; i < KINDS; i++) {
    if (pl->plan[i]) sub_arch[i]->free_plan(pl->plan[i]);
    ir_free(&pl->part[i]);
  }
  free(pl->scratch);
  free(pl);
}

/* 0 if the two routers count the same cycles and ROM addresses and carry the same flits, else
 * -1 with the first fact that differs. */
static int in_step(const router_shape *a, const router_shape *b, char *err, size_t errlen) {
  const char *what = a->cycles != b->cycles || a->cycle_width != b->cycle_width ? "cycles of a run"
                     : a->tasks != b->tasks || a->task_width != b->task_width ||
                             memcmp(a->task_cycles, b->task_cycles, sizeof a->task_cycles) ? "tasks"
                     : a->overlap != b->overlap ? "runs back to back"
                     : a->sync_rom != b->sync_rom || a->wire_delay != b->wire_delay ? "ROM timing"
                     : a->flit_width != b->flit_width || a->ports != b->ports ? "flits"
                                                                                 : NULL;
  if (!what) return 0;
  snprintf(err, errlen, "the %s and %s routers of one fabric differ in their %s", a->arch, b->arch, what);
  return -1;
}

static void *plan(const ir_fabric *f, const flit_format *flit, router_shape *shape, char *err, size_t errlen) {
  mixed_plan *pl = calloc(1, sizeof *pl);
  if (!pl) return arch_plan_oom(NULL, err, errlen);
  pl->f = f;
  for (int i = 0; i < KINDS; i++) {
    if (ir_keep_kind(&pl->part[i], f, i == COMBINES)) {
      free_plan(pl);
      return arch_plan_oom(NULL, err, errlen);
    }
    if (!(pl->plan[i] = sub_arch[i]->plan(&pl->part[i], flit, &pl->shape[i], err, errlen))) {
      free_plan(pl);
      return NULL;
    }
    pl->shape[i].module = sub_module(i);
  }
  const router_shape *p = &pl->shape[PACKETS], *c = &pl->shape[COMBINES];
  if (in_step(p, c, err, errlen)) {
    free_plan(pl);
    return NULL;
  }
  if (!(pl->scratch = calloc((size_t)c->word_width / 32 + 1, sizeof *pl->scratch))) {
    free_plan(pl);
    return arch_plan_oom(NULL, err, errlen);
  }
  *shape = *p;
  shape->arch = "mixed";
  shape->module = NULL;
  shape->word_width = p->word_width + c->word_width;
  shape->rom_block_ram = p->rom_block_ram || c->rom_block_ram;
  shape->mem_depth = p->mem_depth > c->mem_depth ? p->mem_depth : c->mem_depth;
  return pl;
}

/* Word r: the banked router's in the low bits, the combine router's above them. */
static void pack(const void *plan, uint32_t program, uint32_t r, uint32_t *words) {
  const mixed_plan *pl = plan;
  int low = pl->shape[PACKETS].word_width, high = pl->shape[COMBINES].word_width;
  sub_arch[PACKETS]->pack(pl->plan[PACKETS], program, r, words);
  memset(pl->scratch, 0, ((size_t)high / 32 + 1) * sizeof *pl->scratch);
  sub_arch[COMBINES]->pack(pl->plan[COMBINES], program, r, pl->scratch);
  for (int b = 0; b < high; b++)
    if (pl->scratch[b / 32] >> (b % 32) & 1) rom_field_put(words, (rom_field){low + b, 1}, 1);
}

static void rom_legend(vwriter *w, const void *plan) {
  const mixed_plan *pl = plan;
  int low = pl->shape[PACKETS].word_width;
  vw_line(w, "// Bits %d..0: the packet tasks' router (%s):", low - 1, sub_module(PACKETS));
  sub_arch[PACKETS]->rom_legend(w, pl->plan[PACKETS]);
  vw_line(w, "// Bits %d..%d: the combining tasks' router (%s), its bit b at bit %d + b:",
          low + pl->shape[COMBINES].word_width - 1, low, sub_module(COMBINES), low);
  sub_arch[COMBINES]->rom_legend(w, pl->plan[COMBINES]);
}

/* The two routers' fields of the part, the combine router's moved above the banked one's. */
static size_t rom_parts(const void *plan, int part, rom_field *out, size_t max) {
  const mixed_plan *pl = plan;
  size_t n = sub_arch[PACKETS]->rom_parts(pl->plan[PACKETS], part, out, max), kept = n < max ? n : max;
  size_t m = sub_arch[COMBINES]->rom_parts(pl->plan[COMBINES], part, out ? out + kept : NULL, max - kept);
  for (size_t i = kept; i < max && i < kept + m; i++) out[i].lsb += pl->shape[PACKETS].word_width;
  return n + m;
}

/* The run word r belongs to: the last whose stretch starts at or before it. */
static const ir_run *run_of_word(const ir_fabric *f, uint32_t r) {
  uint32_t k = 0;
  while (k + 1 < f->ntasks && f->runs[k + 1].base <= r) k++;
  return &f->runs[k];
}

/* A combining task's contributions are the combine router's plan; a packet task's requests are
 * its IR's LOCAL sends. */
static int32_t local_request(const void *plan, uint32_t program, uint32_t r, int q) {
  const mixed_plan *pl = plan;
  if (!task_combines(run_of_word(pl->f, r)->task)) return ARCH_REQUEST_IR;
  return sub_arch[COMBINES]->local_request(pl->plan[COMBINES], program, r, q);
}

/* The instance of router i: its outputs on wires <prefix>_<port>; the links' words only in the
 * runs of its kind; its part of the ROM word. */
static void emit_instance(vwriter *w, const mixed_plan *pl, int i, const router_port *ports, size_t n) {
  const char *pre = sub_prefix[i];
  for (size_t j = 0; j < n; j++)
    if (ports[j].input) continue;
    else if (ports[j].width == 1) vw_line(w, "wire %s_%s;", pre, ports[j].name);
    else vw_line(w, "wire [%d:0] %s_%s;", ports[j].width - 1, pre, ports[j].name);
  int low = pl->shape[PACKETS].word_width, width = pl->shape[i].word_width;
  vw_open(w, "%s %s (", sub_module(i), vw_ident(w, "u_%s", pre));
  for (size_t j = 0; j < n; j++) {
    const router_port *p = &ports[j];
    const char *sep = j + 1 < n ? "," : "";
    if (!p->input) vw_line(w, ".%s(%s_%s)%s", p->name, pre, p->name, sep);
    else if (p->kind == RP_ROM_DATA) vw_line(w, ".%s(rom_data_i[%d:%d])%s", p->name, (i ? low : 0) + width - 1, i ? low : 0, sep);
    else if (p->kind == RP_RX_VALID) vw_line(w, ".%s(%s & %scombining)%s", p->name, p->name, i ? "" : "!", sep);
    else vw_line(w, ".%s(%s)%s", p->name, p->name, sep);
  }
  vw_close(w, ");");
}

/* What the module drives: a lane's output and the local port's request and delivery from the
 * router that drives them (valid), done and the ROM address from either (they run in step),
 * err_o from both. */
static void emit_outputs(vwriter *w, const router_port *ports, size_t n) {
  static const struct {
    rport_kind data, valid;
  } follows[] = {{RP_TX_FLIT, RP_TX_VALID}, {RP_INJ_DEST, RP_INJ_REQ}, {RP_DLV_FLIT, RP_DLV_VALID}};
  vw_blank(w);
  for (size_t j = 0; j < n; j++) {
    const router_port *p = &ports[j];
    if (p->input) continue;
    const char *name = p->name;
    if (p->kind == RP_ROM_ADDR || p->kind == RP_DONE) {
      vw_line(w, "assign %s = %s_%s;", name, sub_prefix[PACKETS], name);
      continue;
    }
    if (p->kind == RP_ERR || p->kind == RP_TX_VALID || p->kind == RP_INJ_REQ || p->kind == RP_DLV_VALID) {
      vw_line(w, "assign %s = %s_%s | %s_%s;", name, sub_prefix[PACKETS], name, sub_prefix[COMBINES], name);
      continue;
    }
    for (size_t k = 0; k < sizeof follows / sizeof follows[0]; k++)
      if (p->kind == follows[k].data) {
        char valid[24];
        router_port_name(follows[k].valid, p->lane, valid, sizeof valid);
        vw_line(w, "assign %s = %s_%s ? %s_%s : %s_%s;", name, sub_prefix[COMBINES], valid, sub_prefix[COMBINES], name,
                sub_prefix[PACKETS], name);
      }
  }
  vw_line(w, "wire %s = ^{%s_done_o, %s_rom_addr_o};", vw_ident(w, "unused_in_step"), sub_prefix[COMBINES],
          sub_prefix[COMBINES]);
}

static void emit_router(vwriter *w, const char *header, const ir_fabric *f, const void *plan, const router_shape *s) {
  const mixed_plan *pl = plan;
  vw_new_scope(w);
  vw_raw(w, "%s", header);
  char tasks[IR_MAX_TASKS * 24];
  vw_line(w, "// The router of tasks %s on %s (the mixed router):", ir_task_names(f, tasks, sizeof tasks), f->fd->topo_name);
  vw_line(w, "// %s runs the packet tasks and %s the combining ones, in", sub_module(PACKETS), sub_module(COMBINES));
  vw_line(w, "// step (both count every run's cycles); each reads its part of the ROM word and sees the");
  vw_line(w, "// links' words only in the runs of its kind (docs/ARCHITECTURE.md).");
  emit_router_port_list(w, s);
  w->indent = 1;
  uint32_t entries = 1u << s->task_width, kinds = 0;
  for (uint32_t k = 0; k < f->ntasks; k++) kinds |= (uint32_t)task_combines(f->runs[k].task) << k;
  vw_line(w, "// bit k: task k combines; the run's task is the ROM address's (task_i while idle)");
  vw_line(w, "localparam [%u:0] CombiningTasks = %u'h%x;", (unsigned)entries - 1, (unsigned)entries, (unsigned)kinds);
  int cw = s->cycle_width;
  vw_line(w, "wire %s = CombiningTasks[rom_addr_o[%d:%d]];", vw_ident(w, "combining"), cw + s->task_width - 1, cw);
  router_port ports[ROUTER_PORTS_MAX];
  size_t n = router_ports(s, ports);
  for (int i = 0; i < KINDS; i++) {
    router_port own[ROUTER_PORTS_MAX];
    size_t m = router_ports(&pl->shape[i], own);
    vw_blank(w);
    emit_instance(w, pl, i, own, m);
  }
  emit_outputs(w, ports, n);
  emit_endmodule(w);
  for (int i = 0; i < KINDS; i++) { /* in the file of the module they serve */
    vw_blank(w);
    vw_line(w, "// verilator lint_off DECLFILENAME");
    sub_arch[i]->emit_router(w, "", &pl->part[i], pl->plan[i], &pl->shape[i]);
    vw_line(w, "// verilator lint_on DECLFILENAME");
  }
}

/* Both kinds' routers run every model's schedules and back to back; the NI serves the result. */
const router_arch arch_mixed = {
    .name = "mixed",
    .summary = "the banked router beside the combine router, one ROM (several tasks of both kinds)",
    .serves = ARCH_BOTH_KINDS,
    .supports = NULL,
    .plan = plan,
    .free_plan = free_plan,
    .pack = pack,
    .rom_legend = rom_legend,
    .emit_router = emit_router,
    .control_words = false, /* joined fabrics have no control words */
    .local_request = local_request,
    .rom_parts = rom_parts,
    .ni_local_port = true, /* the interface plays its local port */
};
