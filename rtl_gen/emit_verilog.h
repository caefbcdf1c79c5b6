/* emit_verilog.h — prints the modules every architecture shares: the schedule ROM, the fabric
 * and the synthesis wrapper (one module per file), from the fabric description, the design's
 * shape and the router port table; and the helpers the architectures' router printers use.
 * Plain Verilog-2005 for Verilator 5.006 (-Wall clean) and Yosys 0.23. */
#ifndef ROMNOC_EMIT_VERILOG_H
#define ROMNOC_EMIT_VERILOG_H

#include "names.h"
#include "arch.h"
#include "fabric.h"
#include "ir.h"
#include "router_ports.h"
#include "vwriter.h"

#define ROM_MODULE module_name("rom")
#define FABRIC_MODULE module_name("fabric")
#define SYNTH_TOP_MODULE module_name("synth_top")
#define SIM_NODE_MODULE module_name("sim_node")
#define SIM_FABRIC_MODULE module_name("sim_fabric")

/* The bench's side of romnoc_sim_node: the header its `systemc_header block includes and the
 * two functions it calls through $c, which that header declares and the Verilator bench
 * defines (sim/tb_lane.h, sim/tb_main.cpp). The only names of the bench the generator
 * knows; a bench that renames them renames them here. */
#define SIM_BENCH_HEADER "tb_lane.h"
#define SIM_BENCH_LANE_FN "romnoc_lane_c"
#define SIM_BENCH_INJ_FN "romnoc_inj_word"

/* The opening of a router file: a new identifier scope, the header, what the router is. */
void emit_router_header(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s, const char *kind);

/* The head of a router's clocked block without reset, "always @(posedge clk_i)", followed on
 * pipelined links (router_shape.slot_cycles > 1) by " if (slot_en_i)": every register of a router
 * moves once a slot, in the slot's last cycle. */
const char *clocked(const router_shape *sh);
/* The update branch of a clocked block with reset: "else", or "else if (slot_en_i)". */
const char *reset_else(const router_shape *sh);

/* The run control of a router with a synchronous ROM (banked, single): emit_run_counter
 * declares the cycle counter cyc_q (0 idle, 1..cycles running), done_q, err_q, idle, running
 * (a register running_q under router_shape.lean_run_control), last (cyc_q is LastCycle) and the
 * next count cyc_d, which is the ROM address; the caller then declares the wire `mismatch`
 * (traffic its ROM word did not announce) and emit_run_state prints the registers' update (done
 * from the last cycle until the next start, err sticky until then) and drives done_o and err_o.
 * The mismatch is registered (mismatch_q) before the sticky flag takes it, and err_o is err_q |
 * mismatch_q: high from the same edge as before, the ROM's comparison off the flag's enable path
 * (issue 40: 129 -> 175 MHz on the bare hypercube:5 mnb router). */
void emit_run_counter(vwriter *w, const router_shape *sh);
/* The next count cyc_d from cyc_q, start_i, the expressions idle (cyc_q is 0) and last (cyc_q is
 * LastCycle); for a router that runs back to back also the caller's SharedCycle, ContinueCycle,
 * PenultimateSlot, and `acting` (the cycle of the run the count stands for): arch.h,
 * router_shape.overlap. The network interface counts with the same. */
void emit_next_cycle(vwriter *w, const router_shape *sh, const char *idle, const char *last);
/* LastCycle (and for a router that runs back to back SharedCycle, ContinueCycle and
 * PenultimateSlot) of a run of the task the expression `task` names: localparams for one
 * task, wires that select the task's for several (router_shape.tasks). */
void emit_cycle_constants(vwriter *w, const router_shape *sh, const char *task);
/* Prints "decl = task == 0 ? v0 : task == 1 ? v1 : ... : v(tasks-1);" (decl: e.g. "wire [3:0]
 * LastCycle"), value(k) giving task k's expression: a value per task of a router or network
 * interface of several tasks (router_shape.tasks > 1). */
void emit_task_select(vwriter *w, const char *decl, const char *task, int task_width, uint32_t tasks,
                      const char *(*value)(char *buf, size_t len, uint32_t k, const void *ctx), const void *ctx);
void emit_run_state(vwriter *w, const router_shape *sh);

/* The output register of lane p of a router with registered outputs (banked, combine), in two
 * parts around what the caller prints: emit_lane_register declares the flit register tx<p>_q
 * (fw bits, its name returned) and the valid register tx<p>_valid_q (reset low; set in the
 * cycle after one where the router runs and the select field sel — sel_width bits of
 * rom_data_i — is not `nothing`, the code that sends nothing); a lane with no sources
 * (sources == 0, sel unused) never sends and keeps its flit at zero, else the caller then
 * prints what tx<p>_q takes. emit_lane_outputs drives tx<p>_valid_o and tx<p>_flit_o from
 * them. */
const char *emit_lane_register(vwriter *w, const router_shape *sh, int p, int sources, const char *sel, int sel_width,
                               uint32_t nothing);
void emit_lane_outputs(vwriter *w, int p);

/* The attributes of a packet memory's declaration ("(* ... *) ", never empty): its style
 * (mem_style.h, rtl_gen --mem-style; auto: block RAM where block_ram asks for it and the
 * family has no LUT RAM of `entries` words), and
 * no_rw_check on every one. The address allocators (banks.c,
 * arch_colour_intervals) free an entry only after the cycle of its last read address, so no
 * cycle reads an entry that it writes; no_rw_check tells Yosys so, and it then maps a memory
 * to a block RAM without the collision bypass (a register and a LUT per bit) it otherwise
 * adds: ring:8 te, 258 -> 178 LUT4. */
const char *memory_attributes(bool block_ram, uint32_t entries);

/* The ROM module: $readmemh of the file named by its parameter FILE, synchronous or not. */
void emit_rom(vwriter *w, const char *header, const router_shape *s);

/* The fabric: a ROM and a router per node, lanes wired by the link table. With sim false,
 * romnoc_fabric: every node's local port and link monitor are ports of the fabric (what a
 * platform instantiates). With sim true, romnoc_sim_fabric: the same ROMs, routers and links,
 * each router inside a romnoc_sim_node that hands its local port to the test bench through
 * Verilator $c calls, so the fabric has no per-node ports — those cost Verilator more than
 * everything else together (docs/ARCHITECTURE.md). */
void emit_fabric(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s, bool sim);

/* romnoc_sim_node: a router whose local port and link monitor are read, and whose own
 * packets are supplied, by the bench's SIM_BENCH_LANE_FN and SIM_BENCH_INJ_FN (above),
 * once per lane and rising edge, called with $c: one copy of the node's code in Verilator,
 * where a DPI import made one per instance. Where the link style's monitor is a channel
 * (links.h), the node takes it as mon<p>_flit_i. */
void emit_sim_node(vwriter *w, const char *header, const fabric_desc *fd, const router_shape *s);

/* The synthesis wrapper of one router: node 0's ROM and router, every other router input
 * driven from a scan chain (sin_i) and every output captured into one (load_i, sout_o), so
 * that place and route sees a handful of pins and no logic can be optimised away. */
void emit_synth_top(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s);

/* The ROM file name of node u ("rom.hex" when one program serves every node). */
void rom_file_name(const ir_fabric *f, uint32_t u, char *buf, size_t len);

#endif
