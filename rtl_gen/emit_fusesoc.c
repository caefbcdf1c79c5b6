/* emit_fusesoc.c — the design as a FuseSoC core (see emit_fusesoc.h). */
#include "emit_fusesoc.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "emit_files.h"
#include "emit_verilog.h"
#include "util/version.h"

/* s with every character FuseSoC's names do not take (anything but letters, digits, '_', '-'
 * and '.') written as '-': torus:4x4 -> torus-4x4. */
static void core_word(const char *s, char *buf, size_t len) {
  size_t n = 0;
  for (; *s && n + 1 < len; s++)
    buf[n++] = isalnum((unsigned char)*s) || *s == '_' || *s == '-' || *s == '.' ? *s : '-';
  buf[n] = '\0';
}

/* text in lines of at most YAML_WIDTH characters (yamllint's default line length), each after
 * `lead` ("# " for a comment, "  " for a folded scalar), broken at spaces. */
#define YAML_WIDTH 80
static void wrapped(vwriter *w, const char *lead, const char *text) {
  size_t room = YAML_WIDTH - strlen(lead) - 2 * (size_t)w->indent;
  while (*text) {
    size_t n = strlen(text);
    if (n > room) { /* the last space that fits, else the first one (a word longer than a line) */
      size_t cut = room;
      while (cut > 0 && text[cut] != ' ') cut--;
      if (!cut) cut = strcspn(text, " ");
      n = cut;
    }
    vw_line(w, "%s%.*s", lead, (int)n, text);
    text += n;
    while (*text == ' ') text++;
  }
}

/* What tells this design's fabric from another's: FNV-1a over the generator's header (topology,
 * tasks, model, roots, algorithms, schedule fingerprints, architecture, width, flit format, op),
 * the words of a block and whether runs go back to back (their routers differ). */
static uint32_t design_fingerprint(const char *header, const ir_fabric *f) {
  char text[1200];
  snprintf(text, sizeof text, "%s words=%u back_to_back=%d", header, (unsigned)f->message_words, (int)f->back_to_back);
  uint64_t h = 0xcbf29ce484222325ull;
  for (const char *p = text; *p; p++) h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
  return (uint32_t)(h ^ h >> 32);
}

static void fileset(vwriter *w, const char *name, const char *const *files, size_t n, const char *type) {
  vw_line(w, "  %s:", name);
  vw_line(w, "    files:");
  for (size_t i = 0; i < n; i++) vw_line(w, "      - %s", files[i]);
  vw_line(w, "    file_type: %s", type);
}

void emit_fusesoc_core(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s, uint64_t width) {
  const fabric_desc *fd = f->fd;
  char topo[sizeof fd->topo_name], sources[DESIGN_SOURCES_MAX][64], tasks[IR_MAX_TASKS * 24], task_word[sizeof tasks];
  char slots[IR_MAX_TASKS * 12] = "";
  core_word(fd->topo_name, topo, sizeof topo);
  core_word(ir_task_names(f, tasks, sizeof tasks), task_word, sizeof task_word); /* several: a-b-c */
  if (f->ntasks == 1)
    snprintf(slots, sizeof slots, "%u slots in %u cycles", (unsigned)f->slots, (unsigned)s->cycles);
  for (uint32_t k = 0; f->ntasks > 1 && k < f->ntasks; k++) /* several: each run's slots */
    snprintf(slots + strlen(slots), sizeof slots - strlen(slots), "%s%u%s", k ? "," : "runs of ", (unsigned)f->runs[k].slots,
             k + 1 == f->ntasks ? " slots" : "");
  vw_line(w, "CAPI=2:"); /* FuseSoC reads the first line for the format */
  char text[1200];
  snprintf(text, sizeof text, "%.*s", (int)strcspn(header + 2, "\n"), header + 2); /* without "# " and the newline */
  wrapped(w, "# ", text);
  wrapped(w, "# ", "The fabric as a FuseSoC core (docs/ARCHITECTURE.md, \"Packaging\"). Its sizes are fixed at "
                   "generation, because the ROMs depend on them: the generator's parameters are in the description "
                   "and in design.txt (fileset facts). Its one Verilog parameter, ROM_DIR, says where the ROM files are.");
  /* the name tells designs apart: the module prefix (rtl_gen --prefix), what the design is, and
   * a fingerprint of everything else (roots, schedules, flit format, words) */
  char prefix[NAMES_PREFIX_MAX + 2] = "";
  if (strcmp(names_prefix(), NAMES_DEFAULT_PREFIX)) snprintf(prefix, sizeof prefix, "%s_", names_prefix());
  char name[sizeof text];
  snprintf(name, sizeof name, "romnoc:fabric:%s%s_%s_%s_%s_%s_w%llu_%08x:%s", prefix, topo, task_word, model_name(f->model),
           s->arch, s->bare_flit ? "bare" : "tagged", (unsigned long long)width, (unsigned)design_fingerprint(header, f),
           ROMNOC_VERSION);
  if (strlen("name: ") + strlen(name) <= YAML_WIDTH) vw_line(w, "name: %s", name);
  else vw_line(w, "name: >-\n  %s", name); /* a word alone on its line may pass the width */
  vw_line(w, "description: >-");
  snprintf(text, sizeof text, "romnoc %s on %s, port model %s, %s routers, %d-bit payload: %s", tasks, fd->topo_name,
           model_name(f->model), s->arch, s->payload_width, slots);
  wrapped(w, "  ", text);
  vw_raw(w, "\n");
  vw_line(w, "filesets:");
  size_t n = design_sources(fd, false, sources);
  const char *src[DESIGN_SOURCES_MAX];
  for (size_t i = 0; i < n; i++) src[i] = sources[i];
  fileset(w, "rtl", src, n, "verilogSource");
  /* the ROM contents, read by $readmemh from the simulator's or synthesizer's work directory */
  vw_line(w, "  rom:");
  vw_line(w, "    files:");
  for (uint32_t p = 0; p < f->nprograms; p++) {
    char name[64];
    rom_file_name(f, p, name, sizeof name);
    vw_line(w, "      - %s: {copyto: %s}", name, name);
  }
  vw_line(w, "    file_type: user");
  char wrapper[64];
  snprintf(wrapper, sizeof wrapper, "%s.v", SYNTH_TOP_MODULE);
  fileset(w, "synth_wrapper", (const char *const[]){wrapper}, 1, "verilogSource");
  fileset(w, "verilator_config", (const char *const[]){"romnoc.vlt"}, 1, "vlt");
  fileset(w, "facts", (const char *const[]){"design.txt"}, 1, "user");
  vw_raw(w, "\n");
  vw_line(w, "targets:");
  vw_line(w, "  default:");
  vw_line(w, "    filesets: [rtl, rom]");
  vw_line(w, "    toplevel: %s", FABRIC_MODULE);
  vw_line(w, "  lint:");
  vw_line(w, "    default_tool: verilator");
  vw_line(w, "    filesets: [rtl, rom, verilator_config]");
  vw_line(w, "    toplevel: %s", FABRIC_MODULE);
  vw_line(w, "    tools:");
  vw_line(w, "      verilator:");
  vw_line(w, "        mode: lint-only");
  vw_line(w, "        verilator_options: [-Wall]");
  vw_line(w, "  synth:");
  vw_line(w, "    description: >-");
  w->indent += 2;
  wrapped(w, "  ", "node 0's router behind six pins (scan chains), as make synth builds it");
  w->indent -= 2;
  vw_line(w, "    default_tool: yosys");
  vw_line(w, "    filesets: [rtl, rom, synth_wrapper]");
  vw_line(w, "    toplevel: %s", SYNTH_TOP_MODULE);
  vw_line(w, "    tools:");
  vw_line(w, "      yosys:");
  vw_line(w, "        arch: ice40");
}
