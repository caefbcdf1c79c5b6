/* emit_verilog.h — prints the router, ROM and fabric modules (one module per file) from the IR
 * and its ROM layout. Plain Verilog-2005 for Verilator 5.006 (-Wall clean) and Yosys 0.23. */
#ifndef ROMNOC_EMIT_VERILOG_H
#define ROMNOC_EMIT_VERILOG_H

#include "ir.h"
#include "layout.h"
#include "vwriter.h"

#define ROUTER_MODULE "romnoc_router"
#define ROM_MODULE "romnoc_rom"
#define FABRIC_MODULE "romnoc_fabric"
#define SYNTH_TOP_MODULE "romnoc_synth_top"

/* Each writes one module into w, after the header lines given (the generator and command line).
 * emit_router prints the architecture of l (emit_router_banked for IR_ARCH_BANKED). */
void emit_router_banked(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l);
/* The opening of both router files: a new identifier scope, the header, what the router is. */
void emit_router_header(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l, const char *kind);
void emit_router(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l);
void emit_rom(vwriter *w, const char *header, const rom_layout *l);
void emit_fabric(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l);

/* The synthesis wrapper of one router: node 0's ROM and router, every other router input
 * driven from a scan chain (sin_i) and every output captured into one (load_i, sout_o), so
 * that place and route sees a handful of pins and no logic can be optimised away. */
void emit_synth_top(vwriter *w, const char *header, const ir_fabric *f, const rom_layout *l);

/* "sig[hi:lo]", or "sig[b]" for one bit: width bits of sig from bit lsb, written into buf. */
const char *slice(char *buf, size_t len, const char *sig, int lsb, int width);

/* The ROM file name of node u ("rom.hex" when one program serves every node). */
void rom_file_name(const ir_fabric *f, uint32_t u, char *buf, size_t len);

#endif
