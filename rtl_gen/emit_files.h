/* emit_files.h — the generated files other than Verilog modules: ROM contents, the file list,
 * the Verilator configuration, and the design's facts for the test benches (sim_config.h) and
 * for scripts (design.txt). Each takes its header (generator version and design) already in
 * the file's comment syntax. The golden traces are the golden model's (cmodel/format/golden.h). */
#ifndef ROMNOC_EMIT_FILES_H
#define ROMNOC_EMIT_FILES_H

#include <stddef.h>
#include <stdint.h>

#include "arch.h"
#include "ir.h"
#include "vwriter.h"

/* The ROM of program `program`: one hex word per line, entry c = cycle c, all rom_entries. */
void emit_rom_hex(vwriter *w, const char *header, const ir_fabric *f, const router_arch *a, const void *plan,
                  const router_shape *s, uint32_t program);

/* The Verilog sources of the fabric with per-node ports (or of the simulation fabric, sim):
 * names[0..n), the link module where fd's links have one, the top last. Returns n (at most DESIGN_SOURCES_MAX). */
#define DESIGN_SOURCES_MAX 5 /* ROM, router, link, simulation node, top */
size_t design_sources(const fabric_desc *fd, bool sim, char names[DESIGN_SOURCES_MAX][64]);

/* files.f (the fabric with per-node ports) or files_sim.f (the simulation fabric): the
 * Verilog sources, one per line (the link module where fd's links have one), the top last. */
void emit_file_list(vwriter *w, const char *header, const fabric_desc *fd, bool sim);

/* romnoc.vlt: keep one shared copy of the router (no_inline, every input public). */
void emit_verilator_config(vwriter *w, const char *header, const router_shape *s);

/* sim_config.h: the design's facts as RN_<NAME> and the fabric description (radices, link
 * table, node list) for the simulation harnesses. */
void emit_sim_config(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s);

/* design.txt: the same facts as key=value lines for scripts. */
void emit_design_summary(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s);

#endif
