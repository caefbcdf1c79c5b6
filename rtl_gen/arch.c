/* arch.c — the table of router architectures (see arch.h). */
#include "arch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_tasks.h"

extern const router_arch arch_banked, arch_simple, arch_single, arch_combine, arch_mixed;

static const router_arch *const table[] = {&arch_banked, &arch_simple, &arch_single, &arch_combine, &arch_mixed};

const router_arch *arch_find(const char *name) {
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (!strcmp(table[i]->name, name)) return table[i];
  return NULL;
}

int arch_supports(const router_arch *a, const ir_fabric *f, char *why, size_t len) {
  if (f->fd->ports > RTL_MAX_PORTS) {
    snprintf(why, len, "the %s router has at most %d lanes, %s has %d", a->name, RTL_MAX_PORTS, f->fd->topo_name,
             f->fd->ports);
    return -1;
  }
  uint32_t combining = ir_combining_runs(f);
  arch_serves kind = !combining ? ARCH_PACKET_TASKS : combining == f->ntasks ? ARCH_COMBINING_TASKS : ARCH_BOTH_KINDS;
  if (kind != a->serves) {
    static const char *const router_does[] = {"forwards packets", "combines partial sums",
                                              "runs packet tasks beside combining tasks"};
    static const char *const tasks_do[][2] = {{"forwards packets", "forward packets"},
                                              {"combines partial sums", "combine partial sums"},
                                              {"", "forward packets and combine partial sums"}};
    static const char *const use[] = {"banked, single or simple", "combine", "mixed"};
    char tasks[IR_MAX_TASKS * 24];
    snprintf(why, len, "the %s router %s; task%s %s %s (use --arch %s)", a->name, router_does[a->serves],
             f->ntasks > 1 ? "s" : "", ir_task_names(f, tasks, sizeof tasks), tasks_do[kind][f->ntasks > 1], use[kind]);
    return -1;
  }
  if (f->tagged && !a->control_words) {
    snprintf(why, len, "the %s router sends no constant control words; this %s schedule has counters or terminations "
             "(use --arch banked)", a->name, task_name(f->task));
    return -1;
  }
  if (f->back_to_back && (!a->rom_parts || ir_shortest_run(f) < 2)) {
    if (!a->rom_parts) snprintf(why, len, "the %s router does not run back to back (use --arch banked)", a->name);
    else snprintf(why, len, "a schedule of %u slot cannot run back to back (messages of one word only)",
                  (unsigned)ir_shortest_run(f));
    return -1;
  }
  if (f->ntasks > 1 && !a->rom_parts) {
    snprintf(why, len, "the %s router runs one task; several tasks need --arch banked", a->name);
    return -1;
  }
  return a->supports ? a->supports(f, why, len) : 0;
}

/* The value of field f of a word. */
static uint32_t field_get(const uint32_t *words, rom_field f) {
  uint32_t v = 0;
  for (int b = 0; b < f.width; b++) v |= (words[(f.lsb + b) / 32] >> ((f.lsb + b) % 32) & 1u) << b;
  return v;
}

/* Takes the fields of one part that donor sets (nonzero) into word, which keeps its own where
 * the donor's are zero: the two words' requests (or receptions) together. Returns 0, 1 if a
 * field is set in both (*clash: its lsb), or -1 if memory runs out. */
static int take_part(const router_arch *a, const void *plan, int part, const uint32_t *donor, uint32_t *word, int *clash) {
  size_t n = a->rom_parts(plan, part, NULL, 0);
  rom_field *fields = malloc((n ? n : 1) * sizeof *fields);
  if (!fields) return -1;
  a->rom_parts(plan, part, fields, n);
  int rc = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t mine = field_get(word, fields[i]), theirs = field_get(donor, fields[i]);
    if (!theirs) continue;
    if (mine && !rc) rc = 1, *clash = fields[i].lsb;
    for (int b = 0; b < fields[i].width; b++) word[(fields[i].lsb + b) / 32] &= ~(1u << ((fields[i].lsb + b) % 32));
    rom_field_put(word, fields[i], theirs);
  }
  free(fields);
  return rc;
}

/* arch_pack_word, and *clash (the lsb of a field both merged words set) when it returns 1. */
static int pack_word(const router_arch *a, const void *plan, const router_shape *s, uint32_t program, uint32_t c,
                     uint32_t *words, int *clash) {
  /* word {k, local}: cycle local of a run of task k, whose program starts at base (ir_tasks.h) */
  uint32_t k = c >> s->cycle_width, local = c & ((1u << s->cycle_width) - 1), base = c - local;
  if (k >= s->tasks) return 0;
  uint32_t cycles = s->task_cycles[k], slots = cycles - 1;
  if (local > cycles + (s->overlap ? 2 : 0)) return 0;
  if (local <= cycles) {
    a->pack(plan, program, c, words);
    return 0;
  }
  size_t n = (size_t)(s->word_width + 31) / 32;
  uint32_t *donor = calloc(n, sizeof *donor);
  if (!donor) return -1;
  bool first = local == cycles + 1; /* the shared cycle: word 1, and slot `slots`'s receptions */
  a->pack(plan, program, base + (first ? 1 : slots), words);
  a->pack(plan, program, base + (first ? cycles : 0), donor);
  int rc = take_part(a, plan, first ? ROM_PART_RX : ROM_PART_REQ, donor, words, clash);
  free(donor);
  return rc;
}

int arch_pack_word(const router_arch *a, const void *plan, const router_shape *s, uint32_t program, uint32_t c,
                   uint32_t *words) {
  int clash;
  return pack_word(a, plan, s, program, c, words, &clash) < 0 ? -1 : 0;
}

int arch_check_merges(const router_arch *a, const void *plan, const router_shape *s, uint32_t nprograms, char *err,
                      size_t errlen) {
  if (!s->overlap) return 0;
  uint32_t *words = calloc((size_t)(s->word_width + 31) / 32, sizeof *words);
  int rc = words ? 0 : -1, clash = 0;
  for (uint32_t u = 0; u < nprograms && !rc; u++)
    for (uint32_t k = 0; k < s->tasks && !rc; k++)
      for (uint32_t m = 1; m <= 2 && !rc; m++) {
        uint32_t c = (k << s->cycle_width) + s->task_cycles[k] + m;
        memset(words, 0, (size_t)(s->word_width + 31) / 32 * sizeof *words);
        if ((rc = pack_word(a, plan, s, u, c, words, &clash)) > 0)
          snprintf(err, errlen, "router %u cannot run back to back: the merged ROM word %u (cycle %u of a run) needs the "
                   "field at bit %d from both words it joins (a local port or bank used by both runs)", (unsigned)u,
                   (unsigned)c, (unsigned)(s->task_cycles[k] + m), clash);
      }
  if (rc < 0) snprintf(err, errlen, "out of memory checking the merged ROM words");
  free(words);
  return rc ? -1 : 0;
}

const char *arch_names(void) {
  static char names[128];
  if (!names[0])
    for (size_t i = 0, o = 0; i < sizeof table / sizeof table[0]; i++)
      o += (size_t)snprintf(names + o, sizeof names - o, "%s%s", i ? ", " : "", table[i]->name);
  return names;
}

int rtl_clog2(uint64_t n) {
  int b = 0;
  while ((1ull << b) < n) b++;
  return b;
}

int rtl_popcount(uint32_t x) {
  int n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

void *arch_plan_all(void *plan, uint32_t nprograms, int (*plan_program)(void *plan, uint32_t u, char *err, size_t errlen),
                    void (*layout)(void *plan), void (*free_plan)(void *plan), const router_shape *planned,
                    router_shape *shape, char *err, size_t errlen) {
  for (uint32_t u = 0; u < nprograms; u++)
    if (plan_program(plan, u, err, errlen)) {
      free_plan(plan);
      return NULL;
    }
  layout(plan);
  *shape = *planned;
  return plan;
}

void *arch_plan_oom(void *plan, char *err, size_t errlen) {
  free(plan);
  snprintf(err, errlen, "out of memory planning the routers");
  return NULL;
}

/* The first of f's tasks that combines (f has one). */
static task_kind first_combining(const ir_fabric *f) {
  uint32_t k = 0;
  while (!task_combines(f->runs[k].task)) k++;
  return f->runs[k].task;
}

int flit_format_check(const ir_fabric *f, const flit_format *flit, char *why, size_t len) {
  if (!flit->bare) return 0;
  int tags = romnoc_flit_tag_bits(f->fd->id_width);
  if (ir_combining_runs(f))
    snprintf(why, len, "--flit bare: task %s's flits carry a chunk and how the partial moved in their tags (use "
             "--flit tagged)", task_name(first_combining(f)));
  else if (f->tagged)
    snprintf(why, len, "--flit bare: this %s schedule has counters or terminations, whose values travel in the tags "
             "(use --flit tagged)", task_name(f->task));
  else if (flit->payload_width <= tags)
    snprintf(why, len, "--flit bare with --width %d on %s: the test benches carry %d bits of tags in the payload, so "
             "the width must be at least %d", flit->payload_width, f->fd->topo_name, tags, tags + 1);
  else
    return 0;
  return -1;
}

void router_shape_init(router_shape *s, const char *arch, const ir_fabric *f, const flit_format *flit) {
  *s = (router_shape){0};
  s->arch = arch;
  s->ports = f->fd->ports;
  s->id_width = f->fd->id_width;
  s->payload_width = flit->payload_width;
  s->kind_width = f->tagged ? IR_WORD_KIND_BITS : 0;
  s->bare_flit = flit->bare;
  s->flit_width = romnoc_flit_width(s->id_width, flit->payload_width, s->kind_width, flit->bare);
  s->cycles = f->slots + 1;
  s->slot_cycles = f->fd->link_delay + f->combine_stages; /* the combiner's stages: arch_combine.c */
  s->tasks = f->ntasks;
  s->task_width = rtl_clog2(f->ntasks);
  for (uint32_t k = 0; k < f->ntasks; k++) s->task_cycles[k] = f->runs[k].slots + 1;
}

void router_shape_init_sync(router_shape *s, const char *arch, const ir_fabric *f, const flit_format *flit) {
  router_shape_init(s, arch, f, flit);
  s->overlap = f->back_to_back && ir_shortest_run(f) >= 2;
  /* the counter runs 0..cycles, and to cycles+2 when runs follow each other (the merged words),
   * of the longest run: within the stride of the tasks' programs (ir_tasks.h) */
  s->cycle_width = rtl_clog2(ir_task_stride(f->runs, f->ntasks, s->overlap));
  s->rom_entries = 1u << shape_rom_addr_width(s);
  s->sync_rom = true;
  s->wire_delay = 1; /* registered outputs: slot s is on the wires in cycle s+1 */
}

void arch_sources_add(arch_sources *l, arch_source s) {
  if (!s.kind) return;
  int i = 0;
  while (i < l->count && !(l->src[i].kind == s.kind && l->src[i].arg == s.arg)) i++;
  if (i == l->count) l->src[l->count++] = s;
}

static int source_order(const void *a, const void *b) {
  const arch_source *x = a, *y = b;
  if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
  return x->arg < y->arg ? -1 : x->arg > y->arg;
}

void arch_sources_sort(arch_sources *l) { qsort(l->src, (size_t)l->count, sizeof l->src[0], source_order); }

uint32_t arch_sources_select(const arch_sources *l, arch_source s) {
  if (!s.kind) return 0;
  uint32_t i = 0;
  while (!(l->src[i].kind == s.kind && l->src[i].arg == s.arg)) i++; /* collected from the same plan */
  return i + 1;
}

uint32_t arch_sources_code(const arch_sources *l, arch_source s) {
  return s.kind ? arch_sources_select(l, s) - 1 : (uint32_t)l->count;
}

static int bram_cost(int width, uint32_t entries) { return ((width + 15) / 16) * (int)((entries + 255) / 256); }

static int bram_budget = ARCH_BRAM_BUDGET;

void arch_set_bram_budget(int budget) { bram_budget = budget; }

void arch_choose_block_rams(arch_memory *m, size_t n) {
  int budget = bram_budget;
  for (size_t i = 0; i < n; i++) *m[i].block_ram = false;
  for (;;) {
    size_t best = n;
    uint64_t best_bits = 0;
    for (size_t i = 0; i < n; i++) {
      uint64_t bits = (uint64_t)m[i].width * m[i].entries;
      if (!*m[i].block_ram && bits > best_bits && bram_cost(m[i].width, m[i].entries) <= budget) {
        best = i;
        best_bits = bits;
      }
    }
    if (best == n) return;
    *m[best].block_ram = true;
    budget -= bram_cost(m[best].width, m[best].entries);
  }
}

int arch_colour_intervals(arch_interval *iv, size_t n, uint32_t *depth) {
  uint32_t *busy_until = malloc((n ? n : 1) * sizeof *busy_until);
  if (!busy_until) return -1;
  uint32_t used = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t a = 0;
    while (a < used && busy_until[a] >= iv[i].start) a++;
    if (a == used) used++;
    busy_until[a] = iv[i].end;
    iv[i].addr = a;
  }
  free(busy_until);
  *depth = used;
  return 0;
}
