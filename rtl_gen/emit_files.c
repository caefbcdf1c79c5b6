/* emit_files.c — non-Verilog generated files (see emit_files.h). */
#include "emit_files.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "emit_verilog.h"
#include "grow.h"
#include "payload.h"
#include "tsv.h"

void emit_rom_hex(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l, uint32_t program) {
  size_t nwords = (size_t)(l->word_width + 31) / 32;
  uint32_t *bits = calloc(nwords, sizeof *bits);
  if (!bits) {
    w->failed = 1;
    return;
  }
  vw_raw(w, "%s", header); /* $readmemh accepts // comments */
  vw_line(w, "// %s ROM of %s %s: %d-bit words, entry c = cycle c (slot c's transmissions).",
          f->shared ? "Shared (XOR-translated)" : "Per-node", f->topo.name, task_name(f->task), l->word_width);
  if (l->arch == IR_ARCH_SIMPLE) {
    vw_line(w, "// Per port p from bit 0 up: src(2: 0 none, 1 local, 2 receive register arg, 3 memory[arg]),");
    vw_line(w, "// arg(%d), inj_bcast(%d), inj_dest(%d, XOR the node id), expect(1), deliver(1), store(%d), addr(%d).",
            l->port[0].arg.width, l->port[0].inj_bcast.width, l->port[0].inj_dest.width, l->port[0].store.width,
            l->port[0].addr.width);
  } else {
    vw_line(w, "// Word r: per port p from bit 0 up: sel (slot r: 0 nothing, i = source i of the port, see the");
    vw_line(w, "// router), req, req_bcast, req_dest (own packet of slot r+1, dest XOR the node id), expect,");
    vw_line(w, "// deliver (slot r-1's reception), then per sub-bank of the port: we, wlane, waddr (slot r-1's");
    vw_line(w, "// reception), raddr (slot r+1). Field positions are in the router's part selects.");
  }
  int digits = (l->word_width + 3) / 4;
  for (uint32_t c = 0; c < l->rom_entries; c++) {
    memset(bits, 0, nwords * sizeof *bits);
    layout_pack(l, f, program, c, bits);
    for (int d = digits - 1; d >= 0; d--) vw_raw(w, "%x", (unsigned)(bits[d / 8] >> (4 * (d % 8)) & 0xf));
    vw_raw(w, "\n");
  }
  free(bits);
}

void emit_file_list(vwriter *w, const char *header) {
  vw_raw(w, "%s", header);
  vw_line(w, "%s.v", ROM_MODULE);
  vw_line(w, "%s.v", ROUTER_MODULE);
  vw_line(w, "%s.v", FABRIC_MODULE);
}

void emit_verilator_config(vwriter *w, const char *header) {
  vw_line(w, "`verilator_config");
  vw_raw(w, "%s", header);
  vw_line(w, "// One C++ copy of the router however many instances (see docs/ARCHITECTURE.md).");
  vw_line(w, "no_inline -module \"%s\"", ROUTER_MODULE);
  static const char *const inputs[] = {"clk_i", "rst_ni", "start_i", "node_id_i", "rom_data_i", "rx_valid_i", "rx_flit_i",
                                       "inj_flit_i"};
  for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
    vw_line(w, "public -module \"%s\" -var \"%s\"", ROUTER_MODULE, inputs[i]);
}

/* The facts about a design that sim_config.h (as RN_<NAME>) and design.txt (as name=value) give. */
typedef struct {
  const char *name;
  char value[sizeof ((topo *)0)->name + 8];
} design_fact;

static size_t design_facts(const ir_fabric *f, const rom_layout *l, design_fact *out) {
  size_t n = 0;
#define FACT(key, fmt, v) snprintf(out[n].value, sizeof out[n].value, fmt, v), out[n++].name = key
  FACT("topo", "%s", f->topo.name);
  FACT("task", "%s", task_name(f->task));
  FACT("arch", "%s", f->arch == IR_ARCH_BANKED ? "banked" : "simple");
  FACT("root", "%lld", (long long)f->root);
  FACT("nodes", "%u", (unsigned)f->topo.nodes);
  FACT("ports", "%d", l->ports);
  FACT("id_width", "%d", l->id_width);
  FACT("payload_width", "%d", l->payload_width);
  FACT("flit_width", "%d", l->flit_width);
  FACT("slots", "%u", (unsigned)f->slots);
  FACT("cycles", "%u", (unsigned)f->cycles);
  FACT("deliveries", "%llu", (unsigned long long)f->deliveries);
  /* cycles from the start of a run to the cycle in which slot 1 is on the wires, minus one */
  FACT("wire_delay", "%d", f->arch == IR_ARCH_BANKED ? 1 : 0);
  FACT("mem_depth", "%d", l->mem_depth);
  FACT("rom_words", "%u", (unsigned)l->rom_entries);
  FACT("rom_width", "%d", l->word_width);
  FACT("shared_rom", "%d", f->shared ? 1 : 0);
#undef FACT
  return n;
}

void emit_sim_config(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l) {
  design_fact facts[32];
  size_t n = design_facts(f, l, facts);
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
  vw_line(w, "/* X(u) for every node u: the fabric's per-node ports are n<u>_* */");
  vw_raw(w, "#define RN_FOR_EACH_NODE(X)");
  for (uint32_t u = 0; u < f->topo.nodes; u++) vw_raw(w, " X(%u)", (unsigned)u);
  vw_raw(w, "\n");
  vw_line(w, "#endif");
}

void emit_design_summary(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l) {
  design_fact facts[32];
  size_t n = design_facts(f, l, facts);
  vw_raw(w, "%s", header);
  for (size_t i = 0; i < n; i++) vw_line(w, "%s=%s", facts[i].name, facts[i].value);
}

int emit_golden_wire(vwriter *w, const char *header, const sched *s) {
  vw_raw(w, "%s", header);
  fflush(w->f);
  return tsv_write(w->f, s, false);
}

typedef struct {
  sched_row *rows;
  size_t n, cap;
  uint32_t nodes;
  uint64_t *seen; /* broadcast: bit (node, origin) already received */
  bool personalized;
} delivery_ctx;

static int collect_delivery(void *ctx, const sched_row *r) {
  delivery_ctx *d = ctx;
  if (d->personalized) {
    if (r->dest != (int32_t)r->dst) return 0;
  } else {
    uint64_t bit = (uint64_t)r->dst * d->nodes + r->origin;
    if (d->seen[bit / 64] >> (bit % 64) & 1) return 0;
    d->seen[bit / 64] |= 1ull << (bit % 64);
  }
  sched_row *rows = grow_array(d->rows, &d->cap, d->n, sizeof *rows, 1024);
  if (!rows) return 1;
  d->rows = rows;
  d->rows[d->n++] = *r;
  return 0;
}

static int by_delivery(const void *a, const void *b) {
  const sched_row *x = a, *y = b;
  if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
  if (x->dst != y->dst) return x->dst < y->dst ? -1 : 1;
  if (x->origin != y->origin) return x->origin < y->origin ? -1 : 1;
  return x->dest < y->dest ? -1 : x->dest > y->dest;
}

int emit_golden_deliveries(vwriter *w, const char *header, const sched *s, uint32_t seed, int payload_width) {
  delivery_ctx d = {NULL, 0, 0, s->topo.nodes, NULL, task_is_personalized(s->task)};
  if (!d.personalized) {
    d.seen = calloc(((uint64_t)s->topo.nodes * s->topo.nodes + 63) / 64, sizeof *d.seen);
    if (!d.seen) return -1;
  }
  int rc = sched_foreach(s, collect_delivery, &d) ? -1 : 0;
  if (!rc) {
    qsort(d.rows, d.n, sizeof *d.rows, by_delivery);
    vw_raw(w, "%s", header);
    vw_line(w, "# topo=%s", s->topo.name);
    vw_line(w, "# task=%s", task_name(s->task));
    vw_line(w, "# seed=%u", (unsigned)seed);
    vw_line(w, "# width=%d", payload_width);
    vw_line(w, "slot\tnode\torigin\tdest\tpayload");
    char *hex = malloc((size_t)payload_width / 4 + 2);
    if (!hex) rc = -1;
    for (size_t i = 0; i < d.n && !rc; i++) {
      const sched_row *r = &d.rows[i];
      vw_line(w, "%u\t%u\t%u\t%d\t%s", (unsigned)r->slot, (unsigned)r->dst, (unsigned)r->origin, (int)r->dest,
              romnoc_payload_hex(seed, r->origin, r->dest, (unsigned)payload_width, hex));
    }
    free(hex);
  }
  free(d.rows);
  free(d.seen);
  return rc;
}
