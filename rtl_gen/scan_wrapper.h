/* scan_wrapper.h — the frame of a synthesis wrapper (rtl_gen's romnoc_synth_top and
 * rtl_gen_kbrt's): six pins — clock, reset, start, done, a scan-in chain that feeds every router
 * input and a scan-out chain that captures every router output — so that place and route needs
 * no more pins than that and synthesis cannot remove logic. */
#ifndef ROMNOC_SCAN_WRAPPER_H
#define ROMNOC_SCAN_WRAPPER_H

#include "vwriter.h"

/* The module header with the six pins; leaves the writer inside the module (indent 1). */
void scan_wrapper_ports(vwriter *w, const char *module);

/* The chains: in_q (in_bits) shifts sin_i in, out_q (out_bits) loads outs on load_i and shifts
 * out to sout_o. The caller declares in_q, out_q and outs. */
void scan_wrapper_chains(vwriter *w, int in_bits, int out_bits);

#endif
