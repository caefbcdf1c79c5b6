// tb_lane.h — the two C++ functions romnoc_sim_node calls through Verilator's $c (included into
// the Verilated model by the node's `systemc_header block; defined in tb_main.cpp). The
// generator knows this file's name and the two functions' names from SIM_BENCH_HEADER,
// SIM_BENCH_LANE_FN and SIM_BENCH_INJ_FN in rtl_gen/emit_verilog.h: rename them there too.
//
// Why $c and not a DPI import: Verilator 5.006 gives every call of an imported function
// temporaries numbered per instance (__Vtask_romnoc_lane__<n>__inj_flit), so no two instances'
// code is alike and none is shared: at D=12 the 4096 nodes were 124 MB of C++. A $c statement
// names the node's own variables only, so every instance's code is the same and Verilator keeps
// one copy (D=6: the node's C++ 1007 KB -> 84 KB).
#ifndef ROMNOC_TB_LANE_H
#define ROMNOC_TB_LANE_H

#include <cstddef>
#include <cstdint>

#include "verilated.h"

// A flit as Verilator hands a variable to $c: an integer up to 64 bits, or a VlWide array of
// 32-bit words (least significant first).
struct romnoc_flit_arg {
  uint64_t narrow = 0;
  const uint32_t* wide = nullptr;
  romnoc_flit_arg(uint64_t v) : narrow(v) {}  // NOLINT: implicit on purpose ($c passes the variable)
  template <std::size_t N>
  romnoc_flit_arg(const VlWide<N>& v) : wide(v.data()) {}  // NOLINT
  // words 0..n-1, least significant first
  void copy_to(uint32_t* dst, size_t n) const {
    for (size_t i = 0; i < n; i++) dst[i] = wide ? wide[i] : i < 2 ? (uint32_t)(narrow >> (32 * i)) : 0u;
  }
};

// Lane `lane` of node `node` at a rising edge, with what the cycle that ends showed on its link
// and local port; when inj_req, the bench answers the router's request for an own packet, which
// romnoc_inj_word then reads (word k, least significant first; zeros without a request).
void romnoc_lane_c(uint32_t node, uint32_t lane, bool tx_valid, romnoc_flit_arg tx_flit, bool dlv_valid,
                   romnoc_flit_arg dlv_flit, bool inj_req, uint32_t inj_dest);
uint32_t romnoc_inj_word(uint32_t k);

#endif
