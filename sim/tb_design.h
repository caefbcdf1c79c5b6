// tb_design.h — the generated design's facts (sim_config.h, from rtl_gen) as the benches'
// tb::Config: one place for the C++ bench (tb_main.cpp), the SystemC bench (tb_sc_main.cpp)
// and the Icarus bench's C++ half (tb_icarus_io.cpp).
#ifndef ROMNOC_TB_DESIGN_H
#define ROMNOC_TB_DESIGN_H

#include "sim_config.h"
#include "tb_common.h"
#ifndef RN_ACTIVE
#define RN_ACTIVE ""  // sim_config.h defines it for the tasks of an active set only
#endif
#ifndef RN_FRACTION
#define RN_FRACTION 1  // sim_config.h defines it for a pmnb split into pieces only
#endif
#ifndef RN_LINK_DELAY
#define RN_LINK_DELAY 1  // designs written before rtl_gen --link-delay: one-cycle links
#endif
#ifndef RN_SLOT_CYCLES
#define RN_SLOT_CYCLES RN_LINK_DELAY  // designs written before rtl_gen --combine-stages
#endif
#ifndef RN_WORDS
#define RN_WORDS 1  // sim_config.h defines it for a network interface's blocks of several words only
#endif

namespace tb {

// The payload as the benches see it is RN_PATTERN_WIDTH bits, the pseudo-random pattern of
// golden/deliveries.tsv: all of RN_PAYLOAD_WIDTH in a tagged flit; in a bare one (rtl_gen
// --flit bare) the bits below {broadcast, dest, origin}, which the benches carry in the
// payload's top 2A+1 bits and no router reads. Seen this way, a bare flit has the layout of a
// tagged one (model/flit_layout.h), and the rest of the benches need not know which it is.
// The benches built on this header (SystemC, Icarus) run one-cycle links: a slot per clock cycle.
#if RN_SLOT_CYCLES != 1
#error "slots of several cycles (rtl_gen --link-delay L > 1, --combine-stages P > 0) run under the C++ Verilator bench only (sim/tb_main.cpp)"
#endif
inline Config design_config() {
  return Config{RN_TOPO,        RN_TASK,     RN_MODEL,          RN_OP,         RN_ROOT,      RN_NODES,
                RN_PORTS,       RN_ID_WIDTH, RN_PATTERN_WIDTH,  RN_FLIT_WIDTH, RN_SLOTS,     RN_CYCLES,
                RN_TRANSLATION, RN_RADICES,  RN_NEIGHBORS,     RN_ACTIVE,     RN_FRACTION,  RN_WIRE_DELAY,
                RN_LINK_DELAY,  RN_SLOT_CYCLES, RN_FLIT,   RN_WORDS};
}

}  // namespace tb

#endif
