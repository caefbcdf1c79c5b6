/* emit_files.h — the generated files other than Verilog modules: ROM contents, the file list,
 * the Verilator configuration, the harness configuration header and the golden files.
 * Each takes its header (generator version and command line) already in the file's comment
 * syntax: "// ..." for hex, .f, .vlt and C; "# ..." for TSV. */
#ifndef ROMNOC_EMIT_FILES_H
#define ROMNOC_EMIT_FILES_H

#include <stdint.h>

#include "ir.h"
#include "layout.h"
#include "schedule.h"
#include "vwriter.h"

/* The ROM of program `program`: one hex word per line, entry c = cycle c, all rom_entries. */
void emit_rom_hex(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l, uint32_t program);

/* files.f: the Verilog sources, one per line, fabric last. */
void emit_file_list(vwriter *w, const char *header);

/* romnoc.vlt: keep one shared copy of the router (no_inline, public inputs). */
void emit_verilator_config(vwriter *w, const char *header);

/* sim_config.h: constants and per-node port lists for the simulation harnesses. */
void emit_sim_config(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l);

/* design.txt: key=value facts about the design for scripts (sizes, memory, ROM). */
void emit_design_summary(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l);

/* golden/wire.tsv: the schedule every link must carry, in the exchange format. Returns 0 or -1. */
int emit_golden_wire(vwriter *w, const char *header, const sched *s);

/* golden/deliveries.tsv: per reception slot and node, the packets the local port hands over,
 * with their payloads for seed. Returns 0, or -1 if memory runs out. */
int emit_golden_deliveries(vwriter *w, const char *header, const sched *s, uint32_t seed, int payload_width);

#endif
