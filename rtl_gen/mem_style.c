/* mem_style.c — how synthesis maps the memories rtl_gen writes (see mem_style.h). */
#include "mem_style.h"

#include <stdio.h>
#include <string.h>

static mem_style rom_style = MEM_STYLE_AUTO, ram_style = MEM_STYLE_AUTO;

static const char *const style_names[] = {[MEM_STYLE_AUTO] = "auto", [MEM_STYLE_LOGIC] = "logic", [MEM_STYLE_BLOCK] = "block",
                                          [MEM_STYLE_FAMILY] = "family"};
/* per kind (0 ROM, 1 RAM) and resolved style (AUTO: none): the style, and it as an attribute */
static const char *const style_of[2][3] = {
    {NULL, "rom_style = \"logic\"", "rom_style = \"block\""},
    {NULL, "ram_style = \"logic\"", "ram_style = \"block\""},
};
static const char *const attribute_of[2][3] = {
    {"", "(* rom_style = \"logic\" *) ", "(* rom_style = \"block\" *) "},
    {"", "(* ram_style = \"logic\" *) ", "(* ram_style = \"block\" *) "},
};

bool mem_style_parse(const char *name, mem_style *out) {
  for (int i = 0; i < (int)(sizeof style_names / sizeof style_names[0]); i++)
    if (!strcmp(name, style_names[i])) {
      *out = (mem_style)i;
      return true;
    }
  return false;
}

void mem_style_set(mem_style rom, mem_style ram) { rom_style = rom, ram_style = ram; }

/* The FPGA families auto chooses for: a new family is a row. lutram_depth: the depth of one LUT
 * RAM primitive (0: none), up to which auto leaves a planned memory to the family's LUT RAM
 * rather than a block RAM of 4 kbit (iCE40) or 18 kbit (the others) for a few words. */
typedef struct {
  const char *name;
  uint32_t lutram_depth;
} family;
static const family families[] = {
    {"ice40", 0},  /* SB_RAM40_4K only: the router's plan decides (arch_choose_block_rams) */
    {"xilinx", 64}, /* RAM64M / RAM64X1D: 64 deep per LUT6 */
    {"ecp5", 16},  /* TRELLIS_DPR16X4 */
    {"gowin", 16}, /* RAM16SDP4 */
};
static const family *target = &families[0];

bool mem_style_set_family(const char *name) {
  for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
    if (!strcmp(name, families[i].name)) {
      target = &families[i];
      return true;
    }
  return false;
}

const char *mem_style_families(void) {
  static char names[96];
  size_t n = sizeof families / sizeof families[0], used = 0;
  for (size_t i = 0; i < n; i++)
    used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
                             families[i].name);
  return names;
}

/* What a memory of this style becomes: logic or block, or AUTO (no style: left to synthesis). */
static mem_style resolved(mem_style style, const mem_shape *m) {
  if (style == MEM_STYLE_LOGIC) return style;
  if (!m->sync_read || style == MEM_STYLE_FAMILY) return MEM_STYLE_AUTO; /* none (no block RAM reads without a register) */
  if (style == MEM_STYLE_BLOCK) return style;
  bool lutram = m->entries && m->entries <= target->lutram_depth; /* the family's LUT RAM holds it */
  return m->planned_block && !lutram ? MEM_STYLE_BLOCK : MEM_STYLE_AUTO;
}

const char *mem_style_ram(mem_shape m) { return style_of[1][resolved(ram_style, &m)]; }
const char *mem_style_rom_attribute(mem_shape m) { return attribute_of[0][resolved(rom_style, &m)]; }
const char *mem_style_ram_attribute(mem_shape m) { return attribute_of[1][resolved(ram_style, &m)]; }
