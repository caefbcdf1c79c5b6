// tb_main.cpp — Verilator harness of a generated fabric (after Verilator's
// examples/make_tracing_c/sim_main.cpp), built on romnoc_sim_fabric. It plays every node's
// processor through romnoc_lane_c (tb_lane.h), which each node's romnoc_sim_node calls ($c)
// for a lane at a rising edge when the lane has something to report or ask: it records the
// transfer on the lane's outgoing link and the local port's delivery (only while the bench
// records: input log_i), and answers the router's request for an own packet (payloads from
// +seed). The harness pulses start, clocks until done (with a cycle limit), and diffs both logs
// against the generator's golden files. It reads the design's facts from its sim_config.h at
// run time (tb::read_config), not at compile time: its object is the same for every design,
// and ccache compiles it once (the model's header, Vromnoc_sim_fabric.h, is the same for every
// design too: the sim fabric's ports do not depend on it).
//   Vromnoc_sim_fabric [+config=sim_config.h] +seed=1 +golden=DIR +out=DIR [+trace=FILE.vcd] [+repeat=N]
// +repeat=N runs the schedule N times back to back (benchmarks): the first run is recorded and
// diffed, every run must finish without error, and a line "PERF runs=N cycles=C seconds=S
// cycles_per_s=R" reports the speed of the cycle loops.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "Vromnoc_sim_fabric.h"
#include "tb_common.h"
#include "tb_lane.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_vcd_c.h"
#endif

namespace {

// What the lane callback needs: the bench, the cycle of the run (0 outside a run), whether to
// record, single-lane vectors to copy the arguments into, and the own packets answered so far:
// a packet depends only on its node and the request's dest field, and repeated runs ask for the
// same ones. answered[node << dest_width | dest] is 1 + the packet's index in `packets` (0: not
// yet); no memo where that table would pass 16 M entries (D >= 12).
struct Harness {
  tb::Bench* bench = nullptr;
  uint32_t cycle = 0;
  bool record = true;
  tb::Bits tx_flit, dlv_flit, inj_dest, inj;
  int dest_width = 0;  // of the request's dest field: id_width + 1 bits
  std::vector<uint32_t> answered, packets;
  const uint32_t* answer = nullptr;  // the words romnoc_inj_word reads: the last answer, or none
};
Harness g;

}  // namespace

// Called by node `node` for lane `lane` at a rising edge with what the cycle that ends showed,
// when the router asks for an own packet or (log_i) the lane sent or delivered; the own packet
// its router reads on the lane in the next cycle is then read by romnoc_inj_word
// (romnoc_sim_node drives zeros itself when it does not call).
void romnoc_lane_c(uint32_t node, uint32_t lane, bool tx_valid, romnoc_flit_arg tx_flit, bool dlv_valid,
                   romnoc_flit_arg dlv_flit, bool inj_req, uint32_t inj_dest) {
  if (g.record && (tx_valid || dlv_valid)) {
    tx_flit.copy_to(g.tx_flit.words.data(), g.tx_flit.words.size());
    dlv_flit.copy_to(g.dlv_flit.words.data(), g.dlv_flit.words.size());
    g.bench->observe_lane(g.cycle, g.bench->config().wire_delay, node, (int)lane, tx_valid, g.tx_flit, dlv_valid, g.dlv_flit);
  }
  g.answer = nullptr;
  if (!inj_req) return;  // no own packet asked for: the lane reads zeros (answer_lane's answer, without its work)
  g.inj_dest.set(0, g.dest_width, inj_dest);
  const size_t words = g.inj.words.size();
  uint32_t* memo = g.answered.empty() ? nullptr : &g.answered[(size_t)node << g.dest_width | inj_dest];
  if (!memo || !*memo) {
    g.bench->answer_lane(node, (int)lane, true, g.inj_dest, &g.inj);
    g.answer = g.inj.words.data();
    if (!memo) return;
    *memo = (uint32_t)(g.packets.size() / words + 1);
    g.packets.insert(g.packets.end(), g.inj.words.begin(), g.inj.words.end());
  }
  g.answer = &g.packets[(*memo - 1) * words];
}

uint32_t romnoc_inj_word(uint32_t k) { return g.answer && k < g.inj.words.size() ? g.answer[k] : 0u; }

int main(int argc, char** argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  auto top = std::make_unique<Vromnoc_sim_fabric>(ctx.get(), "TOP");
  const uint32_t seed = (uint32_t)std::stoul(tb::plusarg(argc, argv, "seed", "1"));
  const std::string golden = tb::plusarg(argc, argv, "golden", "golden");
  const std::string out = tb::plusarg(argc, argv, "out", ".");
  const std::string trace_file = tb::plusarg(argc, argv, "trace", "");
  const int runs = std::max(1, std::stoi(tb::plusarg(argc, argv, "repeat", "1")));

  tb::Config cfg;
  std::string why;
  if (!tb::read_config(tb::plusarg(argc, argv, "config", "sim_config.h"), &cfg, &why)) {
    std::printf("FAIL %s\n", why.c_str());
    return 1;
  }
  tb::Bench bench(cfg, seed);
  g.bench = &bench;
  g.tx_flit = g.dlv_flit = g.inj = tb::Bits(cfg.flit_width);
  g.dest_width = cfg.id_width + 1;
  g.inj_dest = tb::Bits(g.dest_width);
  if (((size_t)cfg.nodes << g.dest_width) <= (size_t)1 << 24) g.answered.assign((size_t)cfg.nodes << g.dest_width, 0);

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

  // One slot's clock cycles (one, or C = L + P on pipelined links, rtl_gen --link-delay L, or with a
  // pipelined combiner, --combine-stages P: the routers move in the last of every C cycles
  // counted from reset): inputs were set before; evaluate
  // with the clock low, then the rising edge, at which every node reports the cycle that ends
  // (cycle_no, in slots; 0 marks the cycles outside a run: any transfer seen there breaks the
  // diff). The inputs hold for the whole slot, so a start is seen at its end.
  const int per_slot = std::max(1, cfg.slot_cycles);
  auto cycle = [&](uint32_t cycle_no) {
    for (int i = 0; i < per_slot; i++) {
      top->clk_i = 0;
      top->eval();
      ctx->timeInc(1);
      dump();
      g.cycle = cycle_no;
      top->clk_i = 1;
      top->eval();
      ctx->timeInc(1);
      dump();
    }
  };

  // reset, then a start pulse per run; cycle c = 1.. of a run carries slot c
  top->start_i = 0;
  top->log_i = 1;  // the lanes report what they see (romnoc_lane_c) only while the bench records
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
    g.record = run == 0;
    top->log_i = g.record;
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
    total += (uint64_t)(c + 1) * (uint64_t)per_slot;
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
  return bench.finish(golden, out, done, err, cycles * (uint32_t)per_slot);  // clock cycles
}
