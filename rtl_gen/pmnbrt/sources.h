/* sources.h — the hand-written Verilog modules of the run-time pmnb router (rtl_gen/pmnbrt/, the .v files),
 * built into rtl_gen_pmnbrt as text (scripts/verilog_text_c.awk) so that the generator needs no
 * file beside it. */
#ifndef ROMNOC_PMNBRT_SOURCES_H
#define ROMNOC_PMNBRT_SOURCES_H

typedef struct {
  const char *module; /* the module and file name (without .v) */
  const char *text;   /* the file as written, `default_nettype lines included */
} verilog_source;

/* every module, ended by {0, 0} */
extern const verilog_source pmnbrt_sources[];

#endif
