// kbrt_tb.cpp — Verilator harness of the run-time kbcast fabric (romnoc_kbrt_sim_fabric, after
// Verilator's examples/make_tracing_c/sim_main.cpp). One build, many runs: for each run of the
// list it resets nothing but the run (the fabric is reset once), raises bcast_i on the run's
// active set, pulses start, clocks until done (failing beyond (2*ceil(K/d)+4d+1)*C cycles, C the
// cycles of a slot (RN_SLOT_CYCLES: 1, or 2 with --stages 1): the last slot 2*ceil(K/d)+4d is on
// the wires one slot later), and compares its wire log and its deliveries line by line with the
// run's golden files (rtl_gen_kbrt --golden). The lanes are reported in a slot's last cycle.
//   Vromnoc_kbrt_sim_fabric +runs=FILE +seed=S [+trace=FILE.vcd]
// FILE: one run directory a line, holding golden/wire.tsv (a kbcast schedule whose '# active='
// line names the set) and golden/deliveries.tsv; the bench writes wire.tsv and deliveries.tsv
// beside golden/. Prints "ok run=DIR k=K cycles=C bound=B" or "FAIL run=DIR: ..." per run and
// one line "PASS|FAIL topo=... runs=N failed=F max_cycles=C max_bound=B" at the end.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "Vromnoc_kbrt_sim_fabric.h"
#include "Vromnoc_kbrt_sim_fabric__Dpi.h"
#include "model/payload.h"
#include "sim_config.h"
#include "tb_common.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_vcd_c.h"
#endif

namespace {

enum Kind { kCounter = 0, kDataUp = 1, kDataDown = 2, kEnd = 3 };

struct WireRow {
  uint32_t slot, src, dst;
  long long origin;
  int dest;
};
struct DeliveryRow {
  uint32_t slot, node, origin;
  std::string payload;
};

// What the DPI callbacks need.
struct Harness {
  uint32_t seed = 1, cycle = 0;
  std::vector<bool> active;
  std::vector<WireRow> wires;
  std::vector<DeliveryRow> deliveries;
  tb::Bits flit{RN_FLIT_WIDTH}, packet{RN_PACKET_WIDTH};
};
Harness g;

// "0,3,5-9" -> the set; false on a malformed list
bool parse_active(const std::string& list, std::vector<bool>* set) {
  set->assign(RN_NODES, false);
  std::stringstream in(list);
  std::string part;
  while (std::getline(in, part, ',')) {
    size_t dash = part.find('-');
    unsigned long lo, hi;
    try {
      lo = std::stoul(part.substr(0, dash));
      hi = dash == std::string::npos ? lo : std::stoul(part.substr(dash + 1));
    } catch (...) {
      return false;
    }
    if (lo > hi || hi >= RN_NODES) return false;
    for (unsigned long u = lo; u <= hi; u++) (*set)[u] = true;
  }
  return true;
}

}  // namespace

// Every rising edge, per node: the own packet asked for in the cycle that ends (driven in the
// next), and whether the node broadcasts in the next run.
void kbrt_local(unsigned int node, svBit inj_req, svBitVecVal* inj_flit, svBit* bcast) {
  tb::Bits p(RN_PACKET_WIDTH);
  if (inj_req) {
    for (int i = 0; i < RN_PAYLOAD_WIDTH; i += 32)
      p.set(i, std::min(32, RN_PAYLOAD_WIDTH - i), romnoc_payload_word(g.seed, node, -1, (uint32_t)i / 32));
    p.set(RN_PAYLOAD_WIDTH, RN_ID_WIDTH, node);
  }
  std::copy(p.words.begin(), p.words.end(), inj_flit);
  *bcast = g.active[node];
}

// At the end of every slot (its last cycle, cycle = (s+1)*C), per node and lane: what the lane's
// link carried (slot s) and what it handed to the local port (a reception of slot s).
void kbrt_lane(unsigned int node, unsigned int lane, svBit tx_valid, const svBitVecVal* tx_flit, svBit dlv_valid,
               const svBitVecVal* dlv_flit) {
  uint32_t slot = g.cycle ? g.cycle / RN_SLOT_CYCLES - RN_WIRE_DELAY : 0;  // 0 outside a run: breaks the diff
  if (tx_valid) {
    std::copy(tx_flit, tx_flit + g.flit.words.size(), g.flit.words.begin());
    int kind = (int)g.flit.get(RN_PACKET_WIDTH, 2);
    uint32_t origin = (uint32_t)g.flit.get(RN_PAYLOAD_WIDTH, RN_ID_WIDTH);
    long long shown = kind == kCounter ? (long long)g.flit.get(0, RN_COUNT_WIDTH) : (long long)origin;
    int dest = kind == kCounter ? -2 : kind == kEnd ? -3 : -1;
    g.wires.push_back({slot, node, node ^ (1u << lane), shown, dest});
  }
  if (dlv_valid) {
    std::copy(dlv_flit, dlv_flit + g.packet.words.size(), g.packet.words.begin());
    g.deliveries.push_back({slot, node, (uint32_t)g.packet.get(RN_PAYLOAD_WIDTH, RN_ID_WIDTH),
                            g.packet.hex(0, RN_PAYLOAD_WIDTH)});
  }
}

namespace {

// Writes the logs of the run in the golden files' formats, with the golden wire file's metadata
// (topo, task, model, the active set) so that cmodel verify can check the wire log alone.
bool write_logs(const std::string& dir, const std::vector<std::string>& meta) {
  std::sort(g.wires.begin(), g.wires.end(), [](const WireRow& a, const WireRow& b) {
    if (a.slot != b.slot) return a.slot < b.slot;
    if (a.src != b.src) return a.src < b.src;
    return a.dst < b.dst;
  });
  std::sort(g.deliveries.begin(), g.deliveries.end(), [](const DeliveryRow& a, const DeliveryRow& b) {
    if (a.slot != b.slot) return a.slot < b.slot;
    if (a.node != b.node) return a.node < b.node;
    return a.origin < b.origin;
  });
  std::ofstream w(dir + "/wire.tsv"), d(dir + "/deliveries.tsv");
  w << "# wire log of the simulated run-time kbcast fabric\n";
  for (const std::string& m : meta) w << m << "\n";
  w << "slot\tsrc\tdst\torigin\tdest\n";
  for (const WireRow& r : g.wires) w << r.slot << '\t' << r.src << '\t' << r.dst << '\t' << r.origin << '\t' << r.dest << '\n';
  d << "# packets handed to the local ports: reception slot, node, packet, payload\nslot\tnode\torigin\tdest\tpayload\n";
  for (const DeliveryRow& r : g.deliveries)
    d << r.slot << '\t' << r.node << '\t' << r.origin << "\t-1\t" << r.payload << '\n';
  return (bool)w && (bool)d;
}

// The golden wire file's metadata lines ("# key=value", the generator's lines aside) and its
// active set.
bool read_meta(const std::string& path, std::vector<std::string>* meta, std::string* active) {
  std::ifstream in(path);
  std::string line;
  meta->clear();
  active->clear();
  while (std::getline(in, line) && !line.empty() && line[0] == '#') {
    if (line.rfind("# Generated", 0) == 0 || line.rfind("# generator", 0) == 0 || line.find('=') == std::string::npos) continue;
    meta->push_back(line);
    if (line.rfind("# active=", 0) == 0) *active = line.substr(9);
  }
  return !active->empty();
}

}  // namespace

int main(int argc, char** argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  auto top = std::make_unique<Vromnoc_kbrt_sim_fabric>(ctx.get(), "TOP");
  g.seed = (uint32_t)std::stoul(tb::plusarg(argc, argv, "seed", "1"));
  const std::string runs_file = tb::plusarg(argc, argv, "runs", "runs.txt");
  const std::string trace_file = tb::plusarg(argc, argv, "trace", "");
  g.active.assign(RN_NODES, false);
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

  std::ifstream list(runs_file);
  if (!list) {
    std::printf("FAIL topo=%s task=kbcast arch=kbcast-runtime: cannot read %s\n", RN_TOPO, runs_file.c_str());
    return 1;
  }
  std::string dir;
  int runs = 0, failed = 0;
  uint32_t max_cycles = 0, max_bound = 0;
  while (std::getline(list, dir)) {
    if (dir.empty()) continue;
    runs++;
    std::vector<std::string> meta;
    std::string active, why, reasons;
    auto add = [&reasons](const std::string& r) { reasons += (reasons.empty() ? "" : "; ") + r; };
    if (!read_meta(dir + "/golden/wire.tsv", &meta, &active) || !parse_active(active, &g.active)) {
      std::printf("FAIL run=%s: no usable '# active=' line in golden/wire.tsv\n", dir.c_str());
      failed++;
      continue;
    }
    const uint32_t k = (uint32_t)std::count(g.active.begin(), g.active.end(), true);
    // 001 §3.2: 2*ceil(K/d) + 4d slots; slot s is on the wires in slot s+1, a slot C cycles
    const uint32_t bound = (2 * ((k + RN_DIM - 1) / RN_DIM) + 4 * RN_DIM + 1) * RN_SLOT_CYCLES;
    g.wires.clear();
    g.deliveries.clear();
    for (int i = 0; i < 2; i++) cycle(0);  // bcast_i takes the set
    top->start_i = 1;
    cycle(0);
    top->start_i = 0;
    uint32_t c = 0;
    bool done = false;
    while (!done && c < bound + 8) {
      cycle(++c);
      done = top->done_o;
    }
    if (!write_logs(dir, meta)) add("cannot write the logs in " + dir);
    if (!tb::same_lines(dir + "/golden/wire.tsv", dir + "/wire.tsv", &why)) add(why);
    if (!tb::same_lines(dir + "/golden/deliveries.tsv", dir + "/deliveries.tsv", &why)) add(why);
    if (!done) add("the fabric did not raise done within " + std::to_string(c) + " cycles");
    else if (c > bound)
      add("done after " + std::to_string(c) + " cycles, beyond (2*ceil(K/d)+4d+1)*" + std::to_string(RN_SLOT_CYCLES) + " = " +
          std::to_string(bound));
    if (top->err_o) add("a router raised err_o (FIFO overflow or traffic the protocol rules out)");
    max_cycles = std::max(max_cycles, c);
    max_bound = std::max(max_bound, bound);
    if (reasons.empty()) std::printf("ok run=%s k=%u cycles=%u bound=%u\n", dir.c_str(), k, c, bound);
    else {
      std::printf("FAIL run=%s k=%u: %s\n", dir.c_str(), k, reasons.c_str());
      failed++;
    }
  }
  top->final();
#if VM_TRACE
  if (vcd) vcd->close();
#endif
  std::printf("%s topo=%s task=kbcast arch=kbcast-runtime runs=%d failed=%d max_cycles=%u max_bound=%u\n",
              failed || !runs ? "FAIL" : "PASS", RN_TOPO, runs, failed, max_cycles, max_bound);
  return failed || !runs ? 1 : 0;
}
