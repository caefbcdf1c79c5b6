// tb_icarus_ni_io.cpp — the C++ half of the Icarus bench of the system top (sim/tb_icarus_ni.v,
// make sim NI=1 SIM=icarus). The Verilog bench plays the users through romnoc_system's streams
// with random stalls, as sim/tb_ni.cpp does under Verilator; this program writes what it sends
// before the run and replays what it saw into the same checks (tb_ni_check.h: MPI's
// expectation, statuses, a wire log per word diffed against the golden file, the same PASS
// lines). It reads the design's facts at run time (sim_config.h and, for several tasks,
// sim_config_t<k>.h), so one build serves every design:
//   tb_icarus_ni_io stim DIR +runs=N +seed=S [+config=sim_config.h]
//        writes DIR/tb_icarus_ni_design.vh (sizes, run count, the session's cycle limit, the
//        seed of the stalls) and the tables the bench reads: DIR/send.hex (word k of node u's
//        sendbuf in run r at (r*Nodes + u)*MaxSend + k), DIR/plan.hex (per run and node
//        {command, send words, recv words}: 8, 16 and 16 bits)
//   tb_icarus_ni_io finish TRANSCRIPT +runs=N +seed=S +golden=DIR +out=DIR [+config=...]
//        replays the transcript, the whole session, then NiChecker::finish; exit 0 if every
//        message passed
// Transcript lines, in the order the bench saw them within a cycle: "T node lane flit" a link
// transfer (flit in hex); "A run" a command or sendbuf word of message run accepted; "R node
// data index last" a recvbuf word taken; "V node" a status shows; "Q node data" a status taken;
// "C start" the cycle ends (start: mon_start_o was high). The checker routes each event to its
// message itself (tb_ni_check.h), so the transcript has no message boundaries.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tb_ni_check.h"

namespace {

int usage() {
  std::fprintf(stderr, "usage: tb_icarus_ni_io stim DIR +runs=N +seed=S | finish TRANSCRIPT +runs=N +seed=S +golden=DIR +out=DIR\n");
  return 2;
}

bool write_stim(const std::vector<tb::Config>& tasks, const tb::NiChecker& check, uint32_t seed, const std::string& dir) {
  std::vector<uint64_t> plan;  // [run * nodes + u]
  size_t most = 1;
  for (int r = 0; r < check.runs(); r++)
    for (uint32_t u = 0; u < check.nodes(); u++) {
      most = std::max(most, check.send(r, u).size());
      plan.push_back((uint64_t)check.command(r, u) << 32 | (uint64_t)check.send(r, u).size() << 16 | check.recv_words(r, u));
    }
  const tb::Config& cfg = tasks[0];
  std::ofstream vh(dir + "/tb_icarus_ni_design.vh"), send(dir + "/send.hex"), plans(dir + "/plan.hex");
  vh << "// written by tb_icarus_ni_io for topo=" << cfg.topo << " task=" << cfg.task << ": the system's sizes\n"
     << "localparam integer Nodes = " << cfg.nodes << ";\n"
     << "localparam integer Ports = " << cfg.ports << ";\n"
     << "localparam integer W = " << check.block_width() << ";\n"
     << "localparam integer IndexWidth = " << check.index_width() << ";\n"
     << "localparam integer FlitWidth = " << cfg.flit_width << ";\n"
     << "localparam integer Runs = " << check.runs() << ";\n"
     << "localparam integer MaxSend = " << most << ";\n"
     << "localparam integer Limit = " << check.limit() << ";\n"
     << "localparam integer Seed = " << seed << ";\n";
  for (int r = 0; r < check.runs(); r++)
    for (uint32_t u = 0; u < check.nodes(); u++) {
      const std::vector<uint64_t>& s = check.send(r, u);
      for (size_t k = 0; k < most; k++) send << std::hex << (k < s.size() ? s[k] : 0) << "\n";
    }
  for (uint64_t p : plan) plans << std::hex << p << "\n";
  return vh.good() && send.good() && plans.good();
}

// A value of at most 64 bits as %h wrote it; false on an x or z digit.
bool hex_value(const std::string& s, uint64_t* v) {
  tb::Bits b;
  if (s.empty() || s.size() > 16 || !tb::Bits::from_hex(s, 4 * (int)s.size(), &b)) return false;
  *v = b.get(0, 4 * (int)s.size());
  return true;
}

// Replays the transcript, the whole session; 0 if every message passed.
int replay(tb::NiChecker& check, const std::string& transcript, const std::string& golden, const std::string& out) {
  std::ifstream in(transcript);
  if (!in) {
    std::printf("FAIL cannot read the Icarus bench's transcript %s\n", transcript.c_str());
    return 1;
  }
  const int fw = check.flit_width();
  std::string line, tag;
  uint64_t c = 0;  // the bench's cycle: the "C" lines so far
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    ls >> tag;
    uint32_t u = 0;
    if (tag == "T") {
      int p;
      std::string hex;
      ls >> u >> p >> hex;
      tb::Bits flit;
      if (!tb::Bits::from_hex(hex, fw, &flit)) check.fail("node " + std::to_string(u) + " lane " + std::to_string(p) + " sent flit " + hex);
      check.transfer(u, p, flit);
    } else if (tag == "A") {
      int r = -1;
      ls >> r;
      if (r >= 0 && r < check.runs()) check.accepted(r, c);
      else check.fail("the transcript names message " + std::to_string(r) + " of " + std::to_string(check.runs()) + " accepted");
    } else if (tag == "R") {
      std::string data, index;
      int last;
      uint64_t value, block;
      ls >> u >> data >> index >> last;
      if (hex_value(data, &value) && hex_value(index, &block)) check.recv_beat(u, value, block, last == 1);
      else check.fail("node " + std::to_string(u) + " recvbuf word " + data + " index " + index + " (x or z)");
    } else if (tag == "V") {
      ls >> u;
      check.status_valid(u, c);
    } else if (tag == "Q") {
      std::string data;
      uint64_t status;
      ls >> u >> data;
      if (hex_value(data, &status)) check.status_taken(u, status);
      else check.fail("node " + std::to_string(u) + " status " + data + " (x or z)");
    } else if (tag == "C") {
      int start;
      ls >> start;
      check.end_cycle(start == 1);
      c++;
    }
  }
  return check.finish(golden, out) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  const std::string mode = argv[1], file = argv[2];
  tb::NiBenchArgs args;
  if (!tb::read_ni_bench_args(argc, argv, &args)) return 1;
  tb::NiChecker check(args.tasks, args.seed, args.runs, false, tb::WrongTask::kNone);
  if (mode == "stim") {
    if (write_stim(args.tasks, check, args.seed, file)) return 0;
    std::fprintf(stderr, "tb_icarus_ni_io: cannot write into %s\n", file.c_str());
    return 1;
  }
  if (mode == "finish")
    return replay(check, file, tb::plusarg(argc, argv, "golden", "golden"), tb::plusarg(argc, argv, "out", "."));
  return usage();
}
