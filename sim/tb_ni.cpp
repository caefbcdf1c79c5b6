// tb_ni.cpp — Verilator bench of the system top (romnoc_system, rtl_gen --ni): it plays each
// node's user through the network interface's AXI4-Stream ports only — the command, the
// sendbuf, the recvbuf and the status — with random tvalid and tready stalls on both sides,
// and keeps several messages in flight: each node offers its next message's command and sendbuf
// as soon as it has handed over the previous one's, and the interface's tready decides when it
// takes them (into its second message buffer while the first runs or drains). Messages have fresh data, in blocks of M words (RN_WORDS, rtl_gen --words: a message
// is M runs of the schedule back to back, run m carrying word m of every block). Every recvbuf
// word is checked against what MPI says it holds (computed here from the sendbufs, not read from
// the generator), with its block index (tuser) and tlast; every status must be clean; the wire
// log of each word's run (from the system's link monitor) must equal golden/wire.tsv, and the
// flow runs cmodel verify on the first of each message; every message must start in the exact
// cycle tb_ni_check.h's rule gives (back to back after the previous one of its task when it was
// handed over early enough). The checks are tb_ni_check.h's, shared with the Icarus bench.
// A fabric of several tasks (RN_TASKS, rtl_gen --task a,b,...) runs +runs=N messages of each task
// in turn, task (r / N) mod T in run r (a,a,b,b,... for N = 2: back-to-back pairs, then a task
// switch), each checked against its own facts and golden files (sim_config_t<k>.h,
// golden/wire_t<k>.tsv). One line per message, in order:
//   PASS topo=T task=K words=M run=R cycles=C slots=S gap=G log=FILE
// where C counts the cycles from the moment the message could start (its last command or
// sendbuf word accepted, or 3 cycles before its start when it waited for the previous message)
// to its status (the last word is then in the recvbuf): M*S + 3; G the idle cycles between the
// previous message's end and its start (0 back to back, "-" for run 0). The users stall at
// random in even runs (a command offered with 40% a cycle, a sendbuf word 60%) and offer every
// cycle in odd ones (so that pairs can run back to back); recvbuf and status tready 70%. The
// user's words, at most 64 bits, carry in a bare flit's top 2A+1 bits the tags {broadcast,
// dest, origin} of the packet, so that the wire log still names every packet
// (docs/ARCHITECTURE.md, "Flits").
// Every node offers its first command in the first cycle after reset. +misframe=1: node 0's
// last sendbuf block comes without tlast in every run, and its status must then say so (bit 4)
// while the data still arrive (an error reported, not swallowed). Commands that name a wrong
// task must be reported too (status bit 3): +badtask=1, every command names index T (one beyond
// the fabric's tasks), which runs task 0 (its data checked as usual); +skew=1 (several tasks),
// node 0's command names the next task while the others name the run's, and every node's status
// must then say so (the data, wire logs and start cycles are not checked: node 0's router runs
// another task). +eager=1 (bench/ni_bench.sh: the sustained period): no stalls at all, every
// user offers every cycle and takes every recvbuf word and status at once.
//   Vromnoc_system [+config=sim_config.h] +seed=1 +golden=DIR +out=DIR [+runs=2] [+misframe=1]
//                  [+badtask=1 | +skew=1] [+eager=1]
#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vromnoc_system.h"
#include "tb_common.h"
#include "tb_ni_check.h"
#include "verilated.h"

namespace {

// Bits of a Verilated port: an integer up to 64 bits, or a VlWide above.
template <typename T>
uint64_t get_bits(const T& v, int lsb, int width) {
  uint64_t x = (uint64_t)v >> lsb;
  return width >= 64 ? x : x & ((1ull << width) - 1);
}
template <std::size_t N>
uint64_t get_bits(const VlWide<N>& v, int lsb, int width) {
  uint64_t x = 0;
  for (int b = 0; b < width; b++) x |= (uint64_t)(v[(size_t)(lsb + b) / 32] >> ((lsb + b) % 32) & 1u) << b;
  return x;
}
template <typename T>
void put_bits(T& v, int lsb, int width, uint64_t x) {
  uint64_t mask = (width >= 64 ? ~0ull : (1ull << width) - 1) << lsb;
  v = (T)(((uint64_t)v & ~mask) | (x << lsb & mask));
}
template <std::size_t N>
void put_bits(VlWide<N>& v, int lsb, int width, uint64_t x) {
  for (int b = 0; b < width; b++) {
    uint32_t& word = v[(size_t)(lsb + b) / 32];
    uint32_t bit = 1u << ((lsb + b) % 32);
    word = (x >> b & 1) ? (word | bit) : (word & ~bit);
  }
}

// The driver: the system top and its users' handshakes; NiChecker checks what it sees.
class SystemBench {
 public:
  SystemBench(VerilatedContext* ctx, tb::NiChecker* check, const tb::Config& cfg, uint32_t seed, bool eager)
      : ports_(cfg.ports), flit_width_(cfg.flit_width), ctx_(ctx), top_(new Vromnoc_system(ctx, "TOP")), check_(check),
        rng_(seed * 0x2545f4914f6cdd1dull + 7), eager_(eager) {}
  ~SystemBench() { top_->final(); }

  // Reset; the first command may come at the next edge.
  void reset() {
    top_->clk_i = 0;
    top_->rst_ni = 0;
    top_->eval();
    clock();
    top_->rst_ni = 1;
    top_->eval();
  }

  // Every message of the session, each node fed as its interface takes them: false after the
  // session's FAIL line.
  bool run(const std::string& golden_dir, const std::string& out) {
    feeds_.assign(check_->nodes(), Feed());
    for (uint64_t g = 0; !check_->done() && g < check_->limit() && !check_->failed(); g++) {
      drive(g);
      top_->eval();
      watch();
      handshakes(g);
      const bool start = top_->mon_start_o;
      clock();
      check_->end_cycle(start);
    }
    return check_->finish(golden_dir, out);
  }

 private:
  struct Feed {  // what node u's user hands over: message msg, its offers held until taken
    int msg = 0;
    size_t sent = 0;
    bool cmd = false, offer_cmd = false, offer_send = false;
  };

  void clock() {
    top_->clk_i = 1;
    top_->eval();
    ctx_->timeInc(1);
    top_->clk_i = 0;
    top_->eval();
    ctx_->timeInc(1);
  }
  bool chance(int percent) { return eager_ || (int)(rng_() % 100) < percent; }
  // A new offer for message r: at random in even runs, every cycle in odd ones.
  bool offer(int r, int percent) { return r % 2 == 1 || chance(percent); }

  // The inputs of cycle g: what is offered stays until taken; new offers and tready at random.
  void drive(uint64_t g) {
    const int w = check_->block_width();
    for (uint32_t u = 0; u < check_->nodes(); u++) {
      Feed& f = feeds_[u];
      const std::vector<uint64_t>& send = check_->send(f.msg, u);
      if (!f.cmd && !f.offer_cmd) f.offer_cmd = (f.msg == 0 && g == 0) || offer(f.msg, 40);
      if (f.sent < send.size() && !f.offer_send) f.offer_send = offer(f.msg, 60);
      put_bits(top_->s_axis_cmd_tvalid, (int)u, 1, f.offer_cmd);
      put_bits(top_->s_axis_cmd_tdata, (int)u * 8, 8, check_->command(f.msg, u));
      put_bits(top_->s_axis_send_tvalid, (int)u, 1, f.offer_send);
      put_bits(top_->s_axis_send_tdata, (int)u * w, w, f.offer_send ? send[f.sent] : 0);
      put_bits(top_->s_axis_send_tlast, (int)u, 1, f.offer_send && check_->tlast(f.msg, u, f.sent));
      put_bits(top_->m_axis_recv_tready, (int)u, 1, chance(70));
      put_bits(top_->m_axis_status_tready, (int)u, 1, chance(70));
    }
  }

  // The links in the cycle.
  void watch() {
    const int p = ports_, fw = flit_width_;
    tb::Bits flit(fw);
    for (uint32_t u = 0; u < check_->nodes(); u++)
      for (int q = 0; q < p; q++) {
        const int lane = (int)u * p + q;
        if (!get_bits(top_->mon_tx_valid_o, lane, 1)) continue;
        for (int k = 0; k < fw; k += 32) flit.set(k, std::min(32, fw - k), get_bits(top_->mon_tx_flit_o, lane * fw + k, std::min(32, fw - k)));
        check_->transfer(u, q, flit);
      }
  }

  // The handshakes of cycle g: commands and sendbuf words taken (node u moves on to its next
  // message once both are), recvbuf words and statuses.
  void handshakes(uint64_t g) {
    const int w = check_->block_width(), a = check_->index_width();
    for (uint32_t u = 0; u < check_->nodes(); u++) {
      Feed& f = feeds_[u];
      if (f.offer_cmd && get_bits(top_->s_axis_cmd_tready, (int)u, 1)) f.cmd = true, f.offer_cmd = false, check_->accepted(f.msg, g);
      if (f.offer_send && get_bits(top_->s_axis_send_tready, (int)u, 1)) f.sent++, f.offer_send = false, check_->accepted(f.msg, g);
      if (f.cmd && f.sent == check_->send(f.msg, u).size() && f.msg + 1 < check_->runs()) {
        const int next = f.msg + 1;
        f = Feed();
        f.msg = next;
      }
      if (get_bits(top_->m_axis_recv_tvalid, (int)u, 1) && get_bits(top_->m_axis_recv_tready, (int)u, 1))
        check_->recv_beat(u, get_bits(top_->m_axis_recv_tdata, (int)u * w, w), get_bits(top_->m_axis_recv_tuser, (int)u * a, a),
                          get_bits(top_->m_axis_recv_tlast, (int)u, 1));
      if (!get_bits(top_->m_axis_status_tvalid, (int)u, 1)) continue;
      check_->status_valid(u, g);
      if (get_bits(top_->m_axis_status_tready, (int)u, 1)) check_->status_taken(u, get_bits(top_->m_axis_status_tdata, (int)u * 8, 8));
    }
  }

  int ports_, flit_width_;
  VerilatedContext* ctx_;
  std::unique_ptr<Vromnoc_system> top_;
  tb::NiChecker* check_;
  std::mt19937_64 rng_;  // the users' stalls
  std::vector<Feed> feeds_;
  bool eager_;  // +eager=1: no stalls
};

}  // namespace

int main(int argc, char** argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  tb::NiBenchArgs args;
  if (!tb::read_ni_bench_args(argc, argv, &args)) return 1;
  const bool skew = tb::plusarg(argc, argv, "skew", "0") == "1";
  if (skew && args.tasks.size() < 2) {
    std::printf("FAIL +skew=1 needs a fabric of several tasks\n");
    return 1;
  }
  const auto wrong = skew ? tb::WrongTask::kSkew
                          : tb::plusarg(argc, argv, "badtask", "0") == "1" ? tb::WrongTask::kBadIndex : tb::WrongTask::kNone;
  tb::NiChecker check(args.tasks, args.seed, args.runs, tb::plusarg(argc, argv, "misframe", "0") == "1", wrong);
  SystemBench sb(ctx.get(), &check, args.tasks[0], args.seed, tb::plusarg(argc, argv, "eager", "0") == "1");
  sb.reset();
  const std::string golden = tb::plusarg(argc, argv, "golden", "golden"), out = tb::plusarg(argc, argv, "out", ".");
  return sb.run(golden, out) ? 0 : 1;
}
