// tb_sc_main.cpp — SystemC test bench of a generated fabric (verilator --sc). The same checks
// as the C++ harness, written once in tb_common: a stimulus thread resets the fabric, pulses
// start and plays every node's processor (own packets with payloads from +seed); a monitor
// method logs every link transfer and delivery at each rising edge; at the end both logs are
// diffed against the golden files.
//   Vromnoc_fabric +seed=1 +golden=DIR +out=DIR
#include <systemc.h>

#include <memory>
#include <string>
#include <vector>

#include "Vromnoc_fabric.h"
#include "sc_bits.h"
#include "tb_design.h"
#include "verilated.h"

namespace {

// The signals bound to one node's fabric ports n<u>_*.
struct NodeSignals {
  sc_signal<tb::port_value_t<decltype(Vromnoc_fabric::n0_tx_valid_o)>> tx_valid;
  sc_signal<tb::port_value_t<decltype(Vromnoc_fabric::n0_tx_flit_o)>> tx_flit;
  sc_signal<tb::port_value_t<decltype(Vromnoc_fabric::n0_inj_req_o)>> inj_req;
  sc_signal<tb::port_value_t<decltype(Vromnoc_fabric::n0_inj_dest_o)>> inj_dest;
  sc_signal<tb::port_value_t<decltype(Vromnoc_fabric::n0_inj_flit_i)>> inj_flit;
  sc_signal<tb::port_value_t<decltype(Vromnoc_fabric::n0_dlv_valid_o)>> dlv_valid;
  sc_signal<tb::port_value_t<decltype(Vromnoc_fabric::n0_dlv_flit_o)>> dlv_flit;
};

template <class T>
void read(const sc_signal<T>& s, tb::Bits* b) {
  tb::load(s.read(), b);
}

SC_MODULE(FabricBench) {
  sc_in<bool> clk;
  sc_signal<bool> rst_n, start, done, err;
  std::vector<std::unique_ptr<NodeSignals>> nodes;
  tb::Bench& bench;
  uint32_t cycle = 0;  // cycle of the run, 0 outside it
  uint32_t run_cycles = 0;
  bool run_done = false;

  SC_HAS_PROCESS(FabricBench);
  FabricBench(sc_module_name name, tb::Bench& b) : sc_module(name), bench(b) {
    for (uint32_t u = 0; u < bench.config().nodes; u++) nodes.emplace_back(new NodeSignals);
    SC_THREAD(stimulus);
    sensitive << clk.pos();
    SC_METHOD(monitor);
    sensitive << clk.pos();
    dont_initialize();
  }

  // At each rising edge the signals still hold the values of the cycle that ends: log them.
  // done seen during cycle k means the run ended with cycle k-1 (as the C++ harness counts).
  void monitor() {
    const tb::Config& c = bench.config();
    if (cycle && done.read() && !run_done) {
      run_done = true;
      run_cycles = cycle - 1;
      cycle = 0;
    }
    tb::Bits tx_valid(c.ports), tx_flit(c.ports * c.flit_width), dlv_valid(c.ports), dlv_flit(c.ports * c.flit_width);
    for (uint32_t u = 0; u < c.nodes; u++) {
      read(nodes[u]->tx_valid, &tx_valid);
      read(nodes[u]->tx_flit, &tx_flit);
      read(nodes[u]->dlv_valid, &dlv_valid);
      read(nodes[u]->dlv_flit, &dlv_flit);
      bench.observe(cycle, RN_WIRE_DELAY, u, tx_valid, tx_flit, dlv_valid, dlv_flit);
    }
    if (cycle) run_cycles = cycle;
    // the next cycle: the first of a run once start has been sampled, else the next one
    if (start.read() && !cycle && !run_done) cycle = 1;
    else if (cycle) cycle++;
  }

  // Reset, start, and the processors: requests seen in a cycle are answered in the next.
  void stimulus() {
    const tb::Config& c = bench.config();
    tb::Bits inj_req(c.ports), inj_dest(c.ports * (c.id_width + 1));
    std::vector<tb::Bits> next(c.nodes, tb::Bits(c.ports * c.flit_width));
    auto answer_requests = [&]() {
      for (uint32_t u = 0; u < c.nodes; u++) {
        read(nodes[u]->inj_req, &inj_req);
        read(nodes[u]->inj_dest, &inj_dest);
        bench.answer(u, inj_req, inj_dest, &next[u]);
        tb::port_value_t<decltype(Vromnoc_fabric::n0_inj_flit_i)> v;
        tb::store(next[u], &v);
        nodes[u]->inj_flit.write(v);
      }
    };
    rst_n.write(false);
    start.write(false);
    for (int i = 0; i < 3; i++) wait();
    rst_n.write(true);
    wait();
    answer_requests();
    start.write(true);
    wait();
    answer_requests();
    start.write(false);
    for (uint32_t i = 0; i < c.cycles + 8 && !run_done; i++) {
      wait();
      answer_requests();
    }
    wait();  // let the monitor see one more edge
    sc_stop();
  }
};

}  // namespace

int sc_main(int argc, char* argv[]) {
  Verilated::commandArgs(argc, argv);
  const uint32_t seed = (uint32_t)std::stoul(tb::plusarg(argc, argv, "seed", "1"));
  const std::string golden = tb::plusarg(argc, argv, "golden", "golden");
  const std::string out = tb::plusarg(argc, argv, "out", ".");
  const tb::Config cfg = tb::design_config();
  tb::Bench bench(cfg, seed);

  sc_clock clk("clk", 10, SC_NS);
  FabricBench tbm("bench", bench);
  tbm.clk(clk);
  Vromnoc_fabric top("top");
  top.clk_i(clk);
  top.rst_ni(tbm.rst_n);
  top.start_i(tbm.start);
  top.done_o(tbm.done);
  top.err_o(tbm.err);
#define RN_BIND(u)                                 \
  top.n##u##_tx_valid_o(tbm.nodes[u]->tx_valid);   \
  top.n##u##_tx_flit_o(tbm.nodes[u]->tx_flit);     \
  top.n##u##_inj_req_o(tbm.nodes[u]->inj_req);     \
  top.n##u##_inj_dest_o(tbm.nodes[u]->inj_dest);   \
  top.n##u##_inj_flit_i(tbm.nodes[u]->inj_flit);   \
  top.n##u##_dlv_valid_o(tbm.nodes[u]->dlv_valid); \
  top.n##u##_dlv_flit_o(tbm.nodes[u]->dlv_flit);
  RN_FOR_EACH_NODE(RN_BIND)
#undef RN_BIND

  sc_start();
  const bool err = tbm.err.read();
  top.final();
  return bench.finish(golden, out, tbm.run_done, err, tbm.run_cycles);
}
