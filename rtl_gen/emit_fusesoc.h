/* emit_fusesoc.h — romnoc.core: the generated fabric as a FuseSoC core (CAPI 2), so that it
 * drops into FuseSoC-based SoC flows: the sources, the ROM files (copied next to them, where
 * $readmemh looks), the top modules and three targets (default: the fabric; lint: Verilator
 * -Wall; synth: node 0's router in its synthesis wrapper, Yosys for iCE40). */
#ifndef ROMNOC_EMIT_FUSESOC_H
#define ROMNOC_EMIT_FUSESOC_H

#include <stdint.h>

#include "arch.h"
#include "ir.h"
#include "vwriter.h"

/* header: the generator line in '#' comments; width: the payload width asked for. */
void emit_fusesoc_core(vwriter *w, const char *header, const ir_fabric *f, const router_shape *s, uint64_t width);

#endif
