/* mem_style.h — how synthesis maps the memories rtl_gen writes (rtl_gen --rom-style, --mem-style:
 * auto, logic, block or family). ROMs are the schedule ROM and the network interface's program and drain
 * map; RAMs the routers' packet memories and the interface's buffers.
 *
 *   logic  every memory of the kind in LUTs and flip-flops (rom_style/ram_style = "logic");
 *   block  every one read through a register in block RAM (= "block");
 *   auto   block RAM where the router's plan puts a memory (arch_choose_block_rams) and the
 *          family has no LUT RAM of its depth, no style elsewhere (the interface's memories, and
 *          on a family with LUT RAM the planned memories of at most its depth: Xilinx 64
 *          entries, ECP5 and Gowin 16): each family's synthesis picks. On iCE40 (no LUT RAM, the
 *          default family) this is the mapping of every iCE40 figure in docs/BENCHMARKS.md, and
 *          Yosys 0.23 puts a RAM without a style in block RAM unless it is tiny, and a small ROM
 *          in LUTs; on Xilinx, ECP5 and Gowin small ones go to LUT RAM;
 *   family no style on any memory: the family's synthesis picks for every one (LUTRAM where the
 *          family has it, for the small packet memories auto puts in block RAM). */
#ifndef ROMNOC_MEM_STYLE_H
#define ROMNOC_MEM_STYLE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { MEM_STYLE_AUTO, MEM_STYLE_LOGIC, MEM_STYLE_BLOCK, MEM_STYLE_FAMILY } mem_style;

/* Parses "auto", "logic", "block" or "family"; false for anything else. */
bool mem_style_parse(const char *name, mem_style *out);

/* Sets the styles for what follows (both MEM_STYLE_AUTO until set). */
void mem_style_set(mem_style rom, mem_style ram);

/* Sets the FPGA family auto chooses for (rtl_gen --family: ice40, xilinx, ecp5 or gowin; ice40
 * until set). False for a name not in the table. */
bool mem_style_set_family(const char *name);
/* The family names, for messages: "ice40, xilinx, ecp5 or gowin". */
const char *mem_style_families(void);

/* A memory as its printer knows it. */
typedef struct {
  bool sync_read;     /* read through a register (only such a memory can be a block RAM) */
  bool planned_block; /* the router's plan would put it in block RAM (arch_choose_block_rams) */
  uint32_t entries;   /* its depth (0: not known, never LUT RAM by auto) */
} mem_shape;

/* The attribute before a ROM's or RAM's declaration ("(* rom_style = \"block\" *) "), or "";
 * mem_style_ram gives the RAM's style alone ("ram_style = \"logic\"") or NULL. A memory read
 * without a register gets logic or nothing: block RAM cannot serve it. */
const char *mem_style_rom_attribute(mem_shape m);
const char *mem_style_ram_attribute(mem_shape m);
const char *mem_style_ram(mem_shape m);

#endif
