// tb_icarus_io.cpp — the C++ half of the Icarus Verilog bench (sim/tb_icarus.v, make sim
// SIM=icarus). Icarus cannot run Verilator's $c, so the Verilog bench cannot call tb_common the
// way romnoc_sim_node does; instead this program, built per design against its sim_config.h,
// writes what the bench reads before the run and turns what it wrote into the verdict after it,
// through the same tb::Bench as the Verilator and SystemC benches (same flits, same logs, same
// diff, same PASS/FAIL line):
//   tb_icarus_io design FILE.vh            the sizes, the per-node arrays and romnoc_fabric wired
//                                          to them (included by tb_icarus.v)
//   tb_icarus_io own FILE.hex +seed=S      every own packet a router can ask for: entry
//                                          u * 2^(id_width+1) + v is the flit node u's processor
//                                          answers to the request {broadcast, dest} = v
//   tb_icarus_io finish TRANSCRIPT +seed=S +golden=DIR +out=DIR
//                                          replays the bench's transcript (below) into tb::Bench,
//                                          writes DIR/wire.tsv and DIR/deliveries.tsv, diffs them
//                                          against the golden files; exit status as the C++ bench
// Transcript lines (tb_icarus.v): "L cycle node lane tx_valid tx_flit dlv_valid dlv_flit"
// (valid bits in binary, flits in hex as $fwrite's %h writes them) for every lane that shows a
// transfer or a delivery at a rising edge, "X cycle node lane" for a valid bit that is x or z
// after reset, and last "E done err cycles".
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "tb_design.h"

namespace {

const tb::Config cfg = tb::design_config();
const int dest_width = RN_ID_WIDTH + 1;  // a request: {broadcast, dest[id_width-1:0]}

int usage() {
  std::fprintf(stderr, "usage: tb_icarus_io design FILE.vh | own FILE.hex +seed=S | finish TRANSCRIPT +seed=S +golden=DIR +out=DIR\n");
  return 2;
}

bool write_design(const std::string& path) {
  std::ofstream out(path);
  out << "// " << path.substr(path.rfind('/') + 1) << " - written by tb_icarus_io for topo=" << cfg.topo << " task=" << cfg.task
      << " model=" << cfg.model << ":\n"
      << "// the fabric's sizes, one array entry per node for each of its per-node ports, and\n"
      << "// romnoc_fabric wired to them (included by sim/tb_icarus.v)\n"
      << "localparam integer Nodes = " << cfg.nodes << ";\n"
      << "localparam integer Ports = " << cfg.ports << ";\n"
      << "localparam integer FlitWidth = " << cfg.flit_width << ";\n"
      << "localparam integer DestWidth = " << dest_width << ";\n"
      << "localparam integer Cycles = " << cfg.cycles << ";\n"
      << "wire [Ports-1:0] tx_valid [0:Nodes-1];\n"
      << "wire [Ports*FlitWidth-1:0] tx_flit [0:Nodes-1];\n"
      << "wire [Ports-1:0] inj_req [0:Nodes-1];\n"
      << "wire [Ports*DestWidth-1:0] inj_dest [0:Nodes-1];\n"
      << "reg  [Ports*FlitWidth-1:0] inj_q [0:Nodes-1];  // the own packets, registered at each edge\n"
      << "wire [Ports-1:0] dlv_valid [0:Nodes-1];\n"
      << "wire [Ports*FlitWidth-1:0] dlv_flit [0:Nodes-1];\n"
      << "romnoc_fabric u_fabric (\n"
      << "  .clk_i(clk_i),\n  .rst_ni(rst_ni),\n  .start_i(start_i),\n  .done_o(done_o),\n  .err_o(err_o)";
  static const char* const ports[][2] = {{"tx_valid_o", "tx_valid"}, {"tx_flit_o", "tx_flit"},   {"inj_req_o", "inj_req"},
                                         {"inj_dest_o", "inj_dest"}, {"inj_flit_i", "inj_q"},    {"dlv_valid_o", "dlv_valid"},
                                         {"dlv_flit_o", "dlv_flit"}};
  for (uint32_t u = 0; u < cfg.nodes; u++)
    for (const auto& p : ports) out << ",\n  .n" << u << '_' << p[0] << '(' << p[1] << '[' << u << "])";
  out << "\n);\n";
  return (bool)out;
}

bool write_own(const std::string& path, uint32_t seed) {
  tb::Bench bench(cfg, seed);
  std::ofstream out(path);
  out << "// own packets of topo=" << cfg.topo << " task=" << cfg.task << " seed=" << seed << ": entry u*" << (1u << dest_width)
      << "+v is node u's answer to the request v = {broadcast, dest}\n";
  tb::Bits dest(dest_width), flit(cfg.flit_width);
  for (uint32_t u = 0; u < cfg.nodes; u++)
    for (uint32_t v = 0; v < (1u << dest_width); v++) {
      dest.set(0, dest_width, v);
      bench.answer_lane(u, 0, true, dest, &flit);
      out << flit.hex(0, cfg.flit_width) << '\n';
    }
  return (bool)out;
}

// A flit as %h wrote it (most significant digit first); false on a digit that is not 0-9a-f
// (x or z bits) or the wrong length.
bool parse_flit(const std::string& s, tb::Bits* b) { return tb::Bits::from_hex(s, cfg.flit_width, b); }

int finish(const std::string& transcript, uint32_t seed, const std::string& golden, const std::string& out_dir) {
  tb::Bench bench(cfg, seed);
  std::ifstream in(transcript);
  std::string line, bad;
  bool ended = false, done = false, err = false;
  uint32_t cycles = 0;
  long number = 0;
  while (!ended && std::getline(in, line)) {
    number++;
    std::istringstream f(line);
    std::string kind, txv, txf, dv, df;
    uint32_t cycle = 0, node = 0;
    int lane = 0, d = 0, e = 0;
    f >> kind;
    tb::Bits tx_flit, dlv_flit;
    if (kind == "L" && f >> cycle >> node >> lane >> txv >> txf >> dv >> df && node < cfg.nodes && lane >= 0 &&
        lane < cfg.ports && (txv == "0" || txv == "1") && (dv == "0" || dv == "1")) {
      bool tx = txv == "1", dlv = dv == "1";
      if ((tx && !parse_flit(txf, &tx_flit)) || (dlv && !parse_flit(df, &dlv_flit))) {
        bad = "node " + std::to_string(node) + " lane " + std::to_string(lane) + " showed a valid flit with x or z bits in cycle " +
              std::to_string(cycle);
        break;
      }
      if (!tx) tx_flit = tb::Bits(cfg.flit_width);
      if (!dlv) dlv_flit = tb::Bits(cfg.flit_width);
      bench.observe_lane(cycle, RN_WIRE_DELAY, node, lane, tx, tx_flit, dlv, dlv_flit);
    } else if (kind == "X" && f >> cycle >> node >> lane) {
      bad = "node " + std::to_string(node) + " lane " + std::to_string(lane) + " had a valid bit at x or z in cycle " +
            std::to_string(cycle) + " (after reset)";
      break;
    } else if (kind == "E" && f >> d >> e >> cycles) {
      ended = true, done = d == 1, err = e == 1;
    } else {
      bad = transcript + " line " + std::to_string(number) + " is not a transcript line: '" + line.substr(0, 80) + "'";
      break;
    }
  }
  if (bad.empty() && !ended) bad = transcript + " ends before the bench's last line (did vvp run to the end?)";
  if (!bad.empty()) {
    std::printf("FAIL topo=%s task=%s model=%s: %s\n", cfg.topo.c_str(), cfg.task.c_str(), cfg.model.c_str(), bad.c_str());
    std::fflush(stdout);
    return 1;
  }
  return bench.finish(golden, out_dir, done, err, cycles);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  const std::string mode = argv[1], file = argv[2];
  const uint32_t seed = (uint32_t)std::stoul(tb::plusarg(argc, argv, "seed", "1"));  // as tb_main.cpp
  if (mode == "design" && argc == 3) {
    if (write_design(file)) return 0;
  } else if (mode == "own") {
    if (write_own(file, seed)) return 0;
  } else if (mode == "finish") {
    return finish(file, seed, tb::plusarg(argc, argv, "golden", "golden"), tb::plusarg(argc, argv, "out", "."));
  } else {
    return usage();
  }
  std::fprintf(stderr, "tb_icarus_io: cannot write %s\n", file.c_str());
  return 1;
}
