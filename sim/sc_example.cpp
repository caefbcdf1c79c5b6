// sc_example.cpp — the smallest SystemC platform around a generated fabric (docs/SYSTEMC.md).
// `make sc-example` builds it for hypercube:2 mnb: one processor per node answers its router's
// requests with its own packet and counts the packets its local port hands over.
#include <systemc.h>

#include <cstdio>
#include <memory>
#include <vector>

#include "Vromnoc_fabric.h"
#include "sim_config.h"  // RN_NODES, RN_PORTS, RN_FLIT_WIDTH, ... of the generated fabric

constexpr int kLanes = RN_PORTS;             // one local-port lane per router port
constexpr int kFlit = RN_FLIT_WIDTH;         // {broadcast, dest, origin, payload}
using LaneBus = sc_bv<kLanes * kFlit>;       // inj_flit / dlv_flit (sc_bv: wider than 64 bits)

// A node's processor. Requests seen in a cycle (inj_req/inj_dest) are answered on inj_flit in
// the next cycle; deliveries (dlv_valid/dlv_flit) are valid in the cycle they are shown.
SC_MODULE(Processor) {
  sc_in<bool> clk;
  sc_in<bool> running;
  sc_in<uint32_t> inj_req, inj_dest, dlv_valid;
  sc_out<LaneBus> inj_flit;
  sc_in<LaneBus> dlv_flit;
  unsigned node = 0, received = 0;

  SC_CTOR(Processor) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
  }

  void on_edge() {  // at a rising edge the inputs still hold the cycle that ends
    if (running.read())
      for (int p = 0; p < kLanes; p++) received += dlv_valid.read() >> p & 1;
    LaneBus flits = 0;
    for (int p = 0; p < kLanes; p++) {
      if (!(inj_req.read() >> p & 1)) continue;
      unsigned dest_field = inj_dest.read() >> (p * (RN_ID_WIDTH + 1)) & ((1u << (RN_ID_WIDTH + 1)) - 1);
      int base = p * kFlit;
      flits.range(base + 31, base) = 0xc0de0000u | node;                              // payload
      flits.range(base + RN_PAYLOAD_WIDTH + RN_ID_WIDTH - 1, base + RN_PAYLOAD_WIDTH) = node;  // origin
      flits.range(base + kFlit - 1, base + RN_PAYLOAD_WIDTH + RN_ID_WIDTH) = dest_field;   // {broadcast, dest}
    }
    inj_flit.write(flits);
  }
};

int sc_main(int argc, char* argv[]) {
  Verilated::commandArgs(argc, argv);
  sc_clock clk("clk", 10, SC_NS);
  sc_signal<bool> rst_n, start, done, err, running;
  Vromnoc_fabric fabric("fabric");
  fabric.clk_i(clk);
  fabric.rst_ni(rst_n);
  fabric.start_i(start);
  fabric.done_o(done);
  fabric.err_o(err);

  // per node: the local port goes to a processor; the link monitor outputs go to signals
  std::vector<std::unique_ptr<Processor>> cpu;
  std::vector<std::unique_ptr<sc_signal<uint32_t>>> u32;
  std::vector<std::unique_ptr<sc_signal<LaneBus>>> bus;
  auto sig32 = [&]() -> sc_signal<uint32_t>& { u32.emplace_back(new sc_signal<uint32_t>); return *u32.back(); };
  auto sigbus = [&]() -> sc_signal<LaneBus>& { bus.emplace_back(new sc_signal<LaneBus>); return *bus.back(); };
#define BIND_NODE(u)                                                                   \
  {                                                                                    \
    cpu.emplace_back(new Processor("cpu" #u));                                         \
    Processor& c = *cpu.back();                                                        \
    c.node = u;                                                                        \
    c.clk(clk);                                                                        \
    c.running(running);                                                                \
    auto &req = sig32(), &dest = sig32(), &dlv = sig32(), &txv = sig32();              \
    auto &inj = sigbus(), &dflit = sigbus(), &tx = sigbus();                           \
    fabric.n##u##_inj_req_o(req);   c.inj_req(req);                                    \
    fabric.n##u##_inj_dest_o(dest); c.inj_dest(dest);                                  \
    fabric.n##u##_inj_flit_i(inj);  c.inj_flit(inj);                                   \
    fabric.n##u##_dlv_valid_o(dlv); c.dlv_valid(dlv);                                  \
    fabric.n##u##_dlv_flit_o(dflit); c.dlv_flit(dflit);                                \
    fabric.n##u##_tx_valid_o(txv);                                                     \
    fabric.n##u##_tx_flit_o(tx);                                                       \
  }
  RN_FOR_EACH_NODE(BIND_NODE)
#undef BIND_NODE

  // reset for a few cycles, a one-cycle start pulse, then run until done
  rst_n.write(false);
  sc_start(30, SC_NS);
  rst_n.write(true);
  sc_start(10, SC_NS);
  start.write(true);
  sc_start(10, SC_NS);
  start.write(false);
  running.write(true);
  int cycles = 0;
  while (!done.read() && cycles < RN_CYCLES + 8) {
    sc_start(10, SC_NS);
    cycles++;
  }
  running.write(false);
  sc_start(10, SC_NS);
  unsigned delivered = 0;
  for (auto& c : cpu) delivered += c->received;
  std::printf("example: %s %s done=%d after %d cycles, err=%d, %u packets delivered (expected %llu)\n", RN_TOPO, RN_TASK,
              (int)done.read(), cycles, (int)err.read(), delivered, (unsigned long long)RN_DELIVERIES);
  fabric.final();
  return done.read() && !err.read() && delivered == RN_DELIVERIES ? 0 : 1;
}
