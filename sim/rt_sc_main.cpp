// rt_sc_main.cpp — SystemC bench of a run-time active-set router's platform fabric
// (<prefix>_fabric of rtl_gen_kbrt or rtl_gen_pmnbrt, verilator --sc --prefix Vrt_top): every
// node's ports bound to signals, as a platform would, and the same runs, checks and lines as the C++ harness rt_tb.cpp (rt_check.h).
// One thread clocks the run list edge by edge as rt_tb.cpp does: it plays each node's local
// port (the own packet asked for in the cycle that ends, driven in the next; bcast_i from the
// run's active set) and records every lane at the edges where slot_o (the last cycle of a
// slot) was high. Woken at a rising edge, it reads the values of the cycle that ends, and what
// it writes the fabric samples at the next edge: so done_o and err_o, registered, show how cycle
// c ended only at the edge after it, which the thread then takes as the next run's first.
//   Vrt_top +runs=FILE +seed=S [+trace=FILE.vcd]
// Prints "ok run=DIR k=K cycles=C bound=B" or "FAIL run=DIR ..." per run, and
// "PASS|FAIL topo=... task=... arch=... runs=N failed=F max_cycles=C
// max_bound=B bench=sc" at the end.
#include <systemc.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "Vrt_top.h"
#include "rt_check.h"
#include "sc_bits.h"
#include "sim_config.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_vcd_sc.h"
#endif

namespace {

// The signals bound to one node's fabric ports n<u>_*.
struct NodeSignals {
  sc_signal<tb::port_value_t<decltype(Vrt_top::n0_bcast_i)>> bcast;
  sc_signal<tb::port_value_t<decltype(Vrt_top::n0_inj_req_o)>> inj_req;
  sc_signal<tb::port_value_t<decltype(Vrt_top::n0_inj_flit_i)>> inj_flit;
#if RN_INJ_WRITE
  sc_signal<tb::port_value_t<decltype(Vrt_top::n0_inj_we_i)>> inj_we;
#endif
  sc_signal<tb::port_value_t<decltype(Vrt_top::n0_dlv_valid_o)>> dlv_valid;
  sc_signal<tb::port_value_t<decltype(Vrt_top::n0_dlv_flit_o)>> dlv_flit;
  sc_signal<tb::port_value_t<decltype(Vrt_top::n0_tx_valid_o)>> tx_valid;
  sc_signal<tb::port_value_t<decltype(Vrt_top::n0_tx_flit_o)>> tx_flit;
};

SC_MODULE(RtBench) {
  sc_in<bool> clk;
  sc_signal<bool> rst_n, start, done, slot, err;
  std::vector<std::unique_ptr<NodeSignals>> nodes;
  rt::Runs& runs;
  const std::string runs_file;
  int status = 1;
  bool pending = false;  // the thread stands at an edge no cycle has taken yet
  int pre = -1;          // the pre-start cycle of a run (rt::Runs::local), or -1

  SC_HAS_PROCESS(RtBench);
  RtBench(sc_module_name name, rt::Runs& r, std::string file) : sc_module(name), runs(r), runs_file(std::move(file)) {
    for (uint32_t u = 0; u < RN_NODES; u++) nodes.emplace_back(new NodeSignals);
    SC_THREAD(bench);
    sensitive << clk.pos();
  }

  // What the simulation node does at a rising edge (<prefix>_sim_node: rt_local, then
  // rt_lane in a slot's last cycle), cycle the cycle of the run that ends (0 outside one).
  void at_edge(uint32_t cycle) {
    const bool report = slot.read();
    tb::Bits own(RN_INJ_WIDTH), tx_valid(RN_PORTS), tx_flit(RN_PORTS * RN_FLIT_WIDTH), dlv_valid(RN_PORTS),
        dlv_flit(RN_PORTS * RN_PACKET_WIDTH);
    for (uint32_t u = 0; u < RN_NODES; u++) {
      NodeSignals& n = *nodes[u];
      bool we = false;
      runs.local(u, n.inj_req.read(), pre, &we, &own);
      tb::port_value_t<decltype(Vrt_top::n0_inj_flit_i)> v;
      tb::store(own, &v);
      n.inj_flit.write(v);
#if RN_INJ_WRITE
      n.inj_we.write(we);
#endif
      n.bcast.write(runs.active(u));
      if (!report) continue;
      tb::load(n.tx_valid.read(), &tx_valid);
      tb::load(n.tx_flit.read(), &tx_flit);
      tb::load(n.dlv_valid.read(), &dlv_valid);
      tb::load(n.dlv_flit.read(), &dlv_flit);
      for (int p = 0; p < RN_PORTS; p++)
        runs.lane(cycle, u, (uint32_t)p, tx_valid.get(p, 1), tx_flit, p * RN_FLIT_WIDTH, dlv_valid.get(p, 1), dlv_flit,
                  p * RN_PACKET_WIDTH);
    }
  }

  // rt_tb.cpp's cycle(n): the edge that samples what was written before, then the node's work.
  void edge(uint32_t cycle) {
    if (!pending) wait();
    pending = false;
    at_edge(cycle);
  }

  // rt_tb.cpp's main loop. Its "cycle(++c); done = done_o" becomes: wait for the edge after
  // cycle c, where done_o and err_o hold what that cycle's edge loaded; if the run is over, that
  // edge is the next run's first (pending) and no cycle of this run.
  void bench() {
    rst_n.write(false);
    start.write(false);
    for (int i = 0; i < 2; i++) edge(0);
    rst_n.write(true);
    edge(0);
    if (runs.open(runs_file)) {
      while (runs.next()) {
        for (pre = 0; pre < rt::Runs::kPreCycles; pre++) edge(0);  // bcast_i takes the set, a mailbox its packets
        pre = -1;
        start.write(true);
        edge(0);
        start.write(false);
        uint32_t c = 0;
        bool finished = false;
        for (;;) {
          wait();
          if (c && done.read()) finished = true;
          if (finished || c >= runs.bound() + 8) break;
          at_edge(++c);
        }
        pending = true;
        runs.verdict(finished, c, err.read());
      }
      status = runs.finish();
    }
    sc_stop();
  }
};

}  // namespace

int sc_main(int argc, char* argv[]) {
  Verilated::commandArgs(argc, argv);
  // sc_stop's "Info: /OSCI/SystemC: Simulation stopped by user." is no line of the bench's
  sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING);
  const uint32_t seed = (uint32_t)std::stoul(tb::plusarg(argc, argv, "seed", "1"));
  const std::string trace_file = tb::plusarg(argc, argv, "trace", "");
  rt::Runs runs(seed, " bench=sc");
#if VM_TRACE
  if (!trace_file.empty()) Verilated::traceEverOn(true);
#else
  (void)trace_file;  // a build without --trace writes no waveform
#endif

  sc_clock clk("clk", 10, SC_NS);
  RtBench tbm("bench", runs, tb::plusarg(argc, argv, "runs", "runs.txt"));
  tbm.clk(clk);
  Vrt_top top("top");
  top.clk_i(clk);
  top.rst_ni(tbm.rst_n);
  top.start_i(tbm.start);
  top.done_o(tbm.done);
  top.slot_o(tbm.slot);
  top.err_o(tbm.err);
#if RN_INJ_WRITE
#define RN_BIND_WE(u) top.n##u##_inj_we_i(tbm.nodes[u]->inj_we);
#else
#define RN_BIND_WE(u)
#endif
#define RN_BIND(u)                                 \
  top.n##u##_bcast_i(tbm.nodes[u]->bcast);         \
  top.n##u##_inj_req_o(tbm.nodes[u]->inj_req);     \
  top.n##u##_inj_flit_i(tbm.nodes[u]->inj_flit);   \
  RN_BIND_WE(u)                                    \
  top.n##u##_dlv_valid_o(tbm.nodes[u]->dlv_valid); \
  top.n##u##_dlv_flit_o(tbm.nodes[u]->dlv_flit);   \
  top.n##u##_tx_valid_o(tbm.nodes[u]->tx_valid);   \
  top.n##u##_tx_flit_o(tbm.nodes[u]->tx_flit);
  RN_FOR_EACH_NODE(RN_BIND)
#undef RN_BIND
#undef RN_BIND_WE

#if VM_TRACE
  std::unique_ptr<VerilatedVcdSc> vcd;
  if (!trace_file.empty()) {
    sc_start(SC_ZERO_TIME);  // elaborated before the trace attaches (Verilator's make_tracing_sc)
    vcd = std::make_unique<VerilatedVcdSc>();
    top.trace(vcd.get(), 99);
    vcd->open(trace_file.c_str());
  }
#endif
  sc_start();
  top.final();
#if VM_TRACE
  if (vcd) vcd->close();
#endif
  return tbm.status;
}
