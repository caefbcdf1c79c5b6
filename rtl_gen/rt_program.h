/* rt_program.h — the command line every generator of a hand-written run-time router on a P x P
 * torus or mesh shares (rtl_gen_pmnbrt: 004's pmnb; rtl_gen_pexrt: 004's partial exchange):
 *   PROG --topo torus:PxP|mesh:PxP [--width W] [--depth D] [--split] -o DIR     the design
 *   PROG --golden F.tsv [--seed S] [--width W] -o DIR                  DIR/wire.tsv, DIR/deliveries.tsv
 * The router is Verilog text built into the program (scripts/verilog_text_c.awk), copied as it
 * is with its parameters LOGP, TORUS, W (and LOGD); the program writes the files around it
 * (rt_fabric.h), sim_config.h and design.txt. A generator is one rt_program: its names, its
 * sources, its flit and packet widths and its sim_config.h lines. Exit 0, or 2 with one line on
 * stderr naming the bad value; nothing is written before every input has been checked. */
#ifndef ROMNOC_RT_PROGRAM_H
#define ROMNOC_RT_PROGRAM_H

#include <stdbool.h>

#include "model/topo.h"
#include "rt_fabric.h"
#include "rt_golden.h"
#include "vwriter.h"

typedef struct {
  const char *module; /* the module and file name (without .v) */
  const char *text;   /* the file as written, `default_nettype lines included */
} verilog_source;

/* One design: the topology and the router's parameters. */
typedef struct {
  topo t;
  int logp, torus, width, logd; /* logd: log2 of the FIFO depth, or 0 (no FIFOs) */
  bool split;                   /* --split: packets cut into pieces (004 §3.1) */
  char params[128];
} rt_design;

typedef struct {
  const char *name, *task, *arch, *prefix; /* "rtl_gen_pmnbrt", "pmnb", "pmnb-runtime", "romnoc_pmnbrt" */
  const char *usage;                       /* --help's text */
  const verilog_source *sources;           /* every module, ended by {0, 0} */
  const char *const *sub_modules;          /* what the router instantiates (rt_fabric) */
  bool inj_write;                          /* the router has inj_we_i (rt_fabric) */
  /* the smallest payload a design of 2^logp nodes a line takes, and why, for the error line */
  int (*min_width)(int logp);
  const char *min_width_why;
  /* --depth: the default log2 depth of the router's FIFOs for a design, or 0 for a router
   * without (then --depth is refused) */
  int (*default_logd)(const rt_design *p);
  bool split;                              /* the router takes --split (parameter SPLIT) */
  /* a flit, a delivered packet and the own packet(s) on inj_flit_i */
  void (*widths)(const rt_design *p, int *flit, int *packet, int *inj);
  /* sim_config.h's lines of this router beyond rt_emit_sim_config_common's */
  void (*sim_config)(vwriter *w, const rt_design *p);
  rt_golden_check check_golden; /* or NULL */
} rt_program;

int rt_program_main(const rt_program *prog, int argc, char **argv);

#endif
