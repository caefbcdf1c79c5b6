/* sources.h — the hand-written Verilog modules of the run-time pmnb router (rtl_gen/pmnbrt/, the .v files),
 * built into rtl_gen_pmnbrt as text (scripts/verilog_text_c.awk) so that the generator needs no
 * file beside it. */
#ifndef ROMNOC_PMNBRT_SOURCES_H
#define ROMNOC_PMNBRT_SOURCES_H

#include "rt_program.h"

/* every module, ended by {0, 0} */
extern const verilog_source pmnbrt_sources[];

#endif
