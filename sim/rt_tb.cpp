// rt_tb.cpp — Verilator harness of a run-time active-set fabric (<prefix>_sim_fabric of
// rtl_gen_kbrt or rtl_gen_pmnbrt, built with --prefix Vrt_top; after Verilator's
// examples/make_tracing_c/sim_main.cpp). One build, many runs: for each run of the list it
// resets nothing but the run (the fabric is reset once), raises bcast_i on the run's active set,
// pulses start, clocks until done (failing beyond RN_RUN_BOUND(K) cycles: the run's last slot is
// on the wires one slot later), and compares its wire log and its deliveries line by line with
// the run's golden files (rtl_gen_kbrt/rtl_gen_pmnbrt --golden). The lanes are reported in a
// slot's last cycle. The checks are rt_check.h's, shared with the SystemC bench of the platform
// fabric (rt_sc_main.cpp).
//   Vrt_top +runs=FILE +seed=S [+trace=FILE.vcd]
// FILE: one run directory a line, holding golden/wire.tsv (a schedule whose '# active=' line
// names the set) and golden/deliveries.tsv; the bench writes wire.tsv and deliveries.tsv beside
// golden/. Prints "ok run=DIR k=K cycles=C bound=B" or "FAIL run=DIR: ..." per run and one line
// "PASS|FAIL topo=... task=... arch=... runs=N failed=F max_cycles=C max_bound=B" at the end.
#include <algorithm>
#include <memory>
#include <string>

#include "Vrt_top.h"
#include "Vrt_top__Dpi.h"
#include "rt_check.h"
#include "sim_config.h"
#include "tb_common.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_vcd_c.h"
#endif

namespace {

// What the DPI callbacks need.
struct Harness {
  uint32_t cycle = 0;
  int pre = -1;  // the pre-start cycle of a run (rt::Runs::local), or -1
  std::unique_ptr<rt::Runs> runs;
  tb::Bits flit{RN_FLIT_WIDTH}, packet{RN_PACKET_WIDTH};
};
Harness g;

}  // namespace

// Every rising edge, per node: the own packet asked for in the cycle that ends (or the mailbox
// write of a pre-start cycle), driven in the next, and whether the node broadcasts in the next run.
void rt_local(unsigned int node, svBit inj_req, svBitVecVal* inj_flit, svBit* bcast, svBit* inj_we) {
  tb::Bits p(RN_INJ_WIDTH);
  bool we = false;
  g.runs->local(node, inj_req, g.pre, &we, &p);
  std::copy(p.words.begin(), p.words.end(), inj_flit);
  *bcast = g.runs->active(node);
  *inj_we = we;
}

// At the end of every slot (its last cycle, cycle = (s+1)*C), per node and lane: what the lane's
// link carried (slot s) and what it handed to the local port (a reception of slot s).
void rt_lane(unsigned int node, unsigned int lane, svBit tx_valid, const svBitVecVal* tx_flit, svBit dlv_valid,
               const svBitVecVal* dlv_flit) {
  if (tx_valid) std::copy(tx_flit, tx_flit + g.flit.words.size(), g.flit.words.begin());
  if (dlv_valid) std::copy(dlv_flit, dlv_flit + g.packet.words.size(), g.packet.words.begin());
  g.runs->lane(g.cycle, node, lane, tx_valid, g.flit, 0, dlv_valid, g.packet, 0);
}

int main(int argc, char** argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  auto top = std::make_unique<Vrt_top>(ctx.get(), "TOP");
  g.runs = std::make_unique<rt::Runs>((uint32_t)std::stoul(tb::plusarg(argc, argv, "seed", "1")), "");
  const std::string runs_file = tb::plusarg(argc, argv, "runs", "runs.txt");
  const std::string trace_file = tb::plusarg(argc, argv, "trace", "");
#if VM_TRACE
  std::unique_ptr<VerilatedVcdC> vcd;
  if (!trace_file.empty()) {
    ctx->traceEverOn(true);
    vcd = std::make_unique<VerilatedVcdC>();
    top->trace(vcd.get(), 99);
    vcd->open(trace_file.c_str());
  }
#endif
  auto cycle = [&](uint32_t cycle_no) {
    top->clk_i = 0;
    top->eval();
    ctx->timeInc(1);
#if VM_TRACE
    if (vcd) vcd->dump(ctx->time());
#endif
    g.cycle = cycle_no;
    top->clk_i = 1;
    top->eval();
    ctx->timeInc(1);
#if VM_TRACE
    if (vcd) vcd->dump(ctx->time());
#endif
  };
  top->start_i = 0;
  top->rst_ni = 0;
  for (int i = 0; i < 2; i++) cycle(0);
  top->rst_ni = 1;
  cycle(0);

  if (!g.runs->open(runs_file)) return 1;
  while (g.runs->next()) {
    for (g.pre = 0; g.pre < rt::Runs::kPreCycles; g.pre++) cycle(0);  // bcast_i takes the set, a mailbox its packets
    g.pre = -1;
    top->start_i = 1;
    cycle(0);
    top->start_i = 0;
    uint32_t c = 0;
    bool done = false;
    while (!done && c < g.runs->bound() + 8) {
      cycle(++c);
      done = top->done_o;
    }
    g.runs->verdict(done, c, top->err_o);
  }
  top->final();
#if VM_TRACE
  if (vcd) vcd->close();
#endif
  return g.runs->finish();
}
