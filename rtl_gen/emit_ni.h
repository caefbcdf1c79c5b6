/* emit_ni.h — the network interface's files (ni.h): the module romnoc_ni, the system top
 * romnoc_system (the fabric and an NI per node, with AXI4-Stream ports a generate loop can
 * index), and per node the NI's program and drain map as $readmemh files. */
#ifndef ROMNOC_EMIT_NI_H
#define ROMNOC_EMIT_NI_H

#include "names.h"
#include "arch.h"
#include "ni.h"
#include "vwriter.h"

#define NI_MODULE module_name("ni")
#define SYSTEM_MODULE module_name("system")
#define NI_SYNTH_TOP_MODULE module_name("ni_synth_top")
#define NI_CMD_WIDTH 8    /* a command's tdata: the task's index in the fabric (0: its one task) */
#define NI_STATUS_WIDTH 8 /* a status's tdata: the error bits (docs/ARCHITECTURE.md) */

void emit_ni_module(vwriter *w, const char *header, const ni_plan *n, const router_shape *s);
void emit_system(vwriter *w, const char *header, const ni_plan *n, const router_shape *s);
/* The synthesis wrapper of node 0's interface (romnoc_ni_synth_top.v: its ports on scan chains,
 * six pins, for place and route; scan_wrapper.h). Not part of the system. */
void emit_ni_synth_top(vwriter *w, const char *header, const ni_plan *n, const router_shape *s);
/* ni_n<u>.hex (the program, a word per cycle) and ni_drain_n<u>.hex (the drain map). */
void ni_file_names(uint32_t u, char *program, char *drain, size_t len);
void emit_ni_program_hex(vwriter *w, const char *header, const ni_plan *n, const router_shape *s, uint32_t u);
void emit_ni_drain_hex(vwriter *w, const char *header, const ni_plan *n, uint32_t u);
/* files_system.f: the fabric's sources, the NI, the system top last. */
void emit_system_file_list(vwriter *w, const char *header, const fabric_desc *fd);

#endif
