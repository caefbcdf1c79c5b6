/* sources.h — the hand-written Verilog of the run-time partial-exchange router (rtl_gen/pexrt/, the
 * .v files), built into rtl_gen_pexrt as text (scripts/verilog_text_c.awk) so that the generator
 * needs no file beside it. */
#ifndef ROMNOC_PEXRT_SOURCES_H
#define ROMNOC_PEXRT_SOURCES_H

#include "rt_program.h"

/* every module, ended by {0, 0} */
extern const verilog_source pexrt_sources[];

#endif
