/* mem_style.c — how synthesis maps the memories rtl_gen writes (see mem_style.h). */
#include "mem_style.h"

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

/* What a memory of this style becomes: logic or block, or AUTO (no style: left to synthesis). */
static mem_style resolved(mem_style style, const mem_shape *m) {
  if (style == MEM_STYLE_LOGIC) return style;
  if (!m->sync_read || style == MEM_STYLE_FAMILY) return MEM_STYLE_AUTO; /* none (no block RAM reads without a register) */
  if (style == MEM_STYLE_BLOCK) return style;
  return m->planned_block ? MEM_STYLE_BLOCK : MEM_STYLE_AUTO;
}

const char *mem_style_ram(mem_shape m) { return style_of[1][resolved(ram_style, &m)]; }
const char *mem_style_rom_attribute(mem_shape m) { return attribute_of[0][resolved(rom_style, &m)]; }
const char *mem_style_ram_attribute(mem_shape m) { return attribute_of[1][resolved(ram_style, &m)]; }
