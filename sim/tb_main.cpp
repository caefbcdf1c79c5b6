// tb_main.cpp — Verilator harness of a generated fabric (after Verilator's
// examples/make_tracing_c/sim_main.cpp). It plays every node's processor: provides the own
// packets the routers request (payloads from +seed), pulses start, clocks until done (with a
// cycle limit), records every transfer on the link wires and every delivery to a local port,
// and diffs both against the generator's golden files.
//   Vromnoc_fabric +seed=1 +golden=DIR +out=DIR [+trace=FILE.vcd] [+repeat=N]
// +repeat=N runs the schedule N times back to back (benchmarks): the first run is recorded and
// diffed, every run must finish without error, and a line "PERF runs=N cycles=C seconds=S
// cycles_per_s=R" reports the speed of the cycle loops.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "Vromnoc_fabric.h"
#include "sim_config.h"
#include "tb_common.h"
#include "verilated.h"
#include "vl_bits.h"
#if VM_TRACE
#include "verilated_vcd_c.h"
#endif

namespace {

template <class T>
using port_t = typename std::remove_reference<T>::type;

// Pointers to one node's fabric ports n<u>_*.
struct NodePorts {
  port_t<decltype(Vromnoc_fabric::n0_tx_valid_o)>* tx_valid;
  port_t<decltype(Vromnoc_fabric::n0_tx_flit_o)>* tx_flit;
  port_t<decltype(Vromnoc_fabric::n0_inj_req_o)>* inj_req;
  port_t<decltype(Vromnoc_fabric::n0_inj_dest_o)>* inj_dest;
  port_t<decltype(Vromnoc_fabric::n0_inj_flit_i)>* inj_flit;
  port_t<decltype(Vromnoc_fabric::n0_dlv_valid_o)>* dlv_valid;
  port_t<decltype(Vromnoc_fabric::n0_dlv_flit_o)>* dlv_flit;
};

}  // namespace

int main(int argc, char** argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  auto top = std::make_unique<Vromnoc_fabric>(ctx.get(), "TOP");
  const uint32_t seed = (uint32_t)std::stoul(tb::plusarg(argc, argv, "seed", "1"));
  const std::string golden = tb::plusarg(argc, argv, "golden", "golden");
  const std::string out = tb::plusarg(argc, argv, "out", ".");
  const std::string trace_file = tb::plusarg(argc, argv, "trace", "");
  const int runs = std::max(1, std::stoi(tb::plusarg(argc, argv, "repeat", "1")));

  const tb::Config cfg{RN_TOPO, RN_TASK, RN_ROOT, RN_NODES, RN_PORTS, RN_ID_WIDTH, RN_PAYLOAD_WIDTH, RN_FLIT_WIDTH,
                       RN_SLOTS, RN_CYCLES};
  tb::Bench bench(cfg, seed);
  std::vector<NodePorts> nodes;
#define RN_NODE_PORTS(u)                                                                                      \
  nodes.push_back({&top->n##u##_tx_valid_o, &top->n##u##_tx_flit_o, &top->n##u##_inj_req_o, &top->n##u##_inj_dest_o, \
                   &top->n##u##_inj_flit_i, &top->n##u##_dlv_valid_o, &top->n##u##_dlv_flit_o});
  RN_FOR_EACH_NODE(RN_NODE_PORTS)
#undef RN_NODE_PORTS

#if VM_TRACE
  std::unique_ptr<VerilatedVcdC> vcd;
  if (!trace_file.empty()) {
    ctx->traceEverOn(true);
    vcd = std::make_unique<VerilatedVcdC>();
    top->trace(vcd.get(), 99);
    vcd->open(trace_file.c_str());
  }
#endif
  auto dump = [&]() {
#if VM_TRACE
    if (vcd) vcd->dump(ctx->time());
#endif
  };

  const int ports = cfg.ports, fw = cfg.flit_width;
  tb::Bits tx_valid(ports), tx_flit(ports * fw), dlv_valid(ports), dlv_flit(ports * fw);
  tb::Bits inj_req(ports), inj_dest(ports * (cfg.id_width + 1));
  std::vector<tb::Bits> next_inj(cfg.nodes, tb::Bits(ports * fw));

  // One clock cycle: inputs were set after the previous edge; evaluate with the clock low,
  // observe, compute the next cycle's own packets, then the rising edge.
  // cycle 0 marks the cycles outside a run: any transfer seen there breaks the diff.
  bool record = true;
  auto cycle = [&](uint32_t cycle_no) {
    top->clk_i = 0;
    top->eval();
    ctx->timeInc(1);
    dump();
    for (uint32_t u = 0; u < cfg.nodes; u++) {
      const NodePorts& n = nodes[u];
      if (record) {
        tb::load(*n.tx_valid, &tx_valid);
        tb::load(*n.tx_flit, &tx_flit);
        tb::load(*n.dlv_valid, &dlv_valid);
        tb::load(*n.dlv_flit, &dlv_flit);
        bench.observe(cycle_no, RN_WIRE_DELAY, u, tx_valid, tx_flit, dlv_valid, dlv_flit);
      }
      // the router asks now for the own packets it sends in the next cycle
      tb::load(*n.inj_req, &inj_req);
      tb::load(*n.inj_dest, &inj_dest);
      bench.answer(u, inj_req, inj_dest, &next_inj[u]);
    }
    top->clk_i = 1;
    top->eval();
    ctx->timeInc(1);
    dump();
    for (uint32_t u = 0; u < cfg.nodes; u++) tb::store(next_inj[u], nodes[u].inj_flit);
  };

  // reset, then a start pulse per run; cycle c = 1.. of a run carries slot c
  top->start_i = 0;
  top->rst_ni = 0;
  for (int i = 0; i < 2; i++) cycle(0);
  top->rst_ni = 1;
  cycle(0);
  const uint32_t limit = cfg.cycles + 8;
  uint32_t cycles = 0;  // of the first run
  uint64_t total = 0;
  bool done = true, err = false;
  const auto t0 = std::chrono::steady_clock::now();
  for (int run = 0; run < runs && done; run++) {
    record = run == 0;
    top->start_i = 1;
    cycle(0);  // the edge that samples start
    top->start_i = 0;
    uint32_t c = 0;
    bool run_done = false;
    while (!run_done && c < limit) {
      cycle(++c);
      run_done = top->done_o;
    }
    if (run == 0) cycles = c;
    total += c + 1;
    done = run_done;
    err = err || top->err_o;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (runs > 1)
    std::printf("PERF runs=%d cycles=%llu seconds=%.3f cycles_per_s=%.0f\n", runs, (unsigned long long)total, seconds,
                seconds > 0 ? (double)total / seconds : 0.0);
  top->final();
#if VM_TRACE
  if (vcd) vcd->close();
#endif
  return bench.finish(golden, out, done, err, cycles);
}
