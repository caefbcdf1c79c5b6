// tb_ni.cpp — Verilator bench of the system top (romnoc_system, rtl_gen --ni): it plays each
// node's user through the network interface's AXI4-Stream ports only — the command, the
// sendbuf, the recvbuf and the status — with random tvalid and tready stalls on both sides,
// and runs the fabric's task +runs=N times back to back with fresh data, in blocks of M words
// (RN_WORDS, rtl_gen --words: a message is M runs of the schedule back to back, run m carrying
// word m of every block). Every recvbuf word is checked against what MPI says it holds
// (computed here from the sendbufs, not read from the generator), with its block index (tuser)
// and tlast; every status must be clean; the wire log of each word's run (from the system's
// link monitor) must equal golden/wire.tsv, and the flow runs cmodel verify on the first. One
// line per message:
//   PASS topo=T task=K words=M run=R cycles=C slots=S log=FILE
// where C counts the cycles from the last command or sendbuf word accepted to the status (the
// last word is then in the recvbuf). The user's words, at most 64 bits, carry in a bare flit's
// top 2A+1 bits the tags {broadcast, dest, origin} of the packet, so that the wire log still
// names every packet (docs/ARCHITECTURE.md, "Flits").
// Every node offers its first command in the first cycle after reset. +misframe=1: node 0's
// last sendbuf block comes without tlast in every run, and its status must then say so (bit 4)
// while the data still arrive (an error reported, not swallowed).
//   Vromnoc_system [+config=sim_config.h] +seed=1 +golden=DIR +out=DIR [+runs=2] [+misframe=1]
#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vromnoc_system.h"
#include "tb_common.h"
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

// MPI's buffers (MPI 4.0 s6), written here independently of the generator: which nodes send
// and receive how many blocks, and which sendbuf block recvbuf block j of node u is.
struct Mpi {
  std::string task;
  uint32_t nodes, root;
  bool rooted_send() const { return task == "snb" || task == "scatter"; }
  bool send_per_dest() const { return task == "scatter" || task == "te"; }
  bool recv_per_origin() const { return task == "mnb" || task == "gather" || task == "te"; }
  uint32_t send_count(uint32_t u) const {
    if (rooted_send() && u != root) return 0;
    return send_per_dest() ? nodes : 1;
  }
  uint32_t recv_count(uint32_t u) const {
    if (task == "gather") return u == root ? nodes : 0;
    return recv_per_origin() ? nodes : 1;
  }
  // recvbuf block j of node u is sendbuf block *block of node *from
  void source(uint32_t u, uint32_t j, uint32_t* from, uint32_t* block) const {
    *from = recv_per_origin() ? j : root;
    *block = send_per_dest() ? u : 0;
  }
};

struct User {
  std::vector<uint64_t> send, recv;
  uint32_t sent = 0, received = 0;
  bool cmd = false, status = false, status_shown = false;
  bool offer_send = false, offer_cmd = false;
};

// The bench: the system, its users and the checks.
class SystemBench {
 public:
  SystemBench(VerilatedContext* ctx, const tb::Config& cfg, bool bare, uint32_t words, uint32_t seed, bool misframe)
      : words_(words), ctx_(ctx), top_(new Vromnoc_system(ctx, "TOP")), cfg_(cfg), seed_(seed), misframe_(misframe),
        mpi_{cfg.task, cfg.nodes, (uint32_t)(cfg.root < 0 ? 0 : cfg.root)}, rng_(seed * 0x9e3779b97f4a7c15ull + 1) {
    a_ = cfg.id_width;
    w_ = bare ? cfg.flit_width : cfg.flit_width - 2 * a_ - 1;  // the user's block: the flit's payload
    bare_ = bare;
    head_ = "topo=" + cfg.topo + " task=" + cfg.task;
  }
  ~SystemBench() { top_->final(); }
  int block_width() const { return w_; }
  const std::string& head() const { return head_; }

  // Reset; the first command may come at the next edge.
  void reset() {
    top_->clk_i = 0;
    top_->rst_ni = 0;
    top_->eval();
    clock();
    top_->rst_ni = 1;
    top_->eval();
  }

  // One run with fresh data: false after its FAIL line.
  bool run(int run, const std::string& golden, const std::string& out) {
    fill();
    std::vector<tb::Bench> benches(words_, tb::Bench(cfg_, seed_));  // a wire log per word of the message
    uint64_t c = 0, accepted_at = 0, status_at = 0;  // the last acceptance; the last status's first cycle
    uint64_t message_cycle = 0;                      // 1.. from the message's start (0 outside it)
    const uint64_t limit = 40ull * ((uint64_t)cfg_.slots * words_ + cfg_.nodes * words_ + 8) + 200;
    bool done = false;
    while (!done && c < limit && !failed_) {
      drive(run, c);
      top_->eval();
      watch(benches, message_cycle);
      handshakes(run, c, &accepted_at, &status_at);
      bool start = top_->mon_start_o;
      clock();
      c++;
      // the runs of a message follow each other at period S: word m's cycle k is the message's m*S + k
      const uint64_t end = (uint64_t)words_ * cfg_.slots + 1;
      message_cycle = message_cycle ? (message_cycle < end ? message_cycle + 1 : 0) : start ? 1 : 0;
      done = true;
      for (const User& us : users_) done = done && us.status && us.received == us.recv.size();
    }
    if (failed_) return false;
    if (!done) return fail(run, "not every status and recvbuf block came within " + std::to_string(limit) + " cycles");
    // every word's wire log equals the golden one; the first word's is kept for cmodel verify
    const std::string log = out + "/wire_r" + std::to_string(run) + ".tsv", other = out + "/wire_word.tsv";
    for (uint32_t m = 0; m < words_; m++) {
      std::string why, path = m ? other : log;
      if (!benches[m].write_wire_log(path) || !tb::same_lines(golden + "/wire.tsv", path, &why))
        return fail(run, "word " + std::to_string(m) + "'s wire log " + path + ": " + why);
    }
    std::remove(other.c_str());
    // the edges from the last acceptance to the one that files the last block (and raises the status)
    std::printf("PASS %s words=%u run=%d cycles=%llu slots=%u log=%s\n", head_.c_str(), words_, run,
                (unsigned long long)(status_at - accepted_at - 1), cfg_.slots, log.c_str());
    return true;
  }

 private:
  static constexpr uint64_t kMisframeStatus = 1u << 4;  // a sendbuf framed wrong (docs/ARCHITECTURE.md)

  void clock() {
    top_->clk_i = 1;
    top_->eval();
    ctx_->timeInc(1);
    top_->clk_i = 0;
    top_->eval();
    ctx_->timeInc(1);
  }
  bool chance(int percent) { return (int)(rng_() % 100) < percent; }
  bool fail(int run, const std::string& why) {
    if (!failed_++) std::printf("FAIL %s run=%d: %s\n", head_.c_str(), run, why.c_str());
    return false;
  }

  // Every node's sendbuf for a run: random blocks; with bare flits the packet's tags
  // {broadcast, dest, origin} in the top 2A+1 bits, where the wire log looks for them.
  void fill() {
    const uint64_t wmask = w_ >= 64 ? ~0ull : (1ull << w_) - 1;
    users_.assign(cfg_.nodes, User());
    for (uint32_t u = 0; u < cfg_.nodes; u++) {
      User& us = users_[u];
      us.send.resize((size_t)mpi_.send_count(u) * words_);
      for (uint32_t k = 0; k < us.send.size(); k++) {
        const uint32_t i = k / words_;  // block i, word k % M
        uint64_t data = rng_() & wmask;
        if (bare_) {
          bool bcast = cfg_.task == "snb" || cfg_.task == "mnb";
          uint64_t dest = mpi_.send_per_dest() ? i : cfg_.task == "gather" ? mpi_.root : 0;
          uint64_t tags = (uint64_t)bcast << (2 * a_) | dest << a_ | u;
          data = (data & ((1ull << (w_ - 2 * a_ - 1)) - 1)) | tags << (w_ - 2 * a_ - 1);
        }
        us.send[k] = data;
      }
      us.recv.assign((size_t)mpi_.recv_count(u) * words_, 0);
    }
  }

  // The inputs of cycle c: what is offered stays until taken; new offers and tready at random.
  void drive(int run, uint64_t c) {
    for (uint32_t u = 0; u < cfg_.nodes; u++) {
      User& us = users_[u];
      if (!us.cmd && !us.offer_cmd) us.offer_cmd = (run == 0 && c == 0) || chance(40);
      if (us.sent < us.send.size() && !us.offer_send) us.offer_send = chance(60);
      const bool last = us.sent + 1 == us.send.size() && !(misframe_ && u == 0);
      put_bits(top_->s_axis_cmd_tvalid, (int)u, 1, us.offer_cmd);
      put_bits(top_->s_axis_cmd_tdata, (int)u * 8, 8, 0);
      put_bits(top_->s_axis_send_tvalid, (int)u, 1, us.offer_send);
      put_bits(top_->s_axis_send_tdata, (int)u * w_, w_, us.offer_send ? us.send[us.sent] : 0);
      put_bits(top_->s_axis_send_tlast, (int)u, 1, us.offer_send && last);
      put_bits(top_->m_axis_recv_tready, (int)u, 1, chance(70));
      put_bits(top_->m_axis_status_tready, (int)u, 1, chance(70));
    }
  }

  // The links in the cycle (run cycle 1.., 0 outside the run: a stray transfer breaks the diff).
  void watch(std::vector<tb::Bench>& benches, uint64_t message_cycle) {
    const int p = cfg_.ports, fw = cfg_.flit_width;
    // slot s of word m is on the wires in the message's cycle m*S + s + wire_delay
    const int64_t k = (int64_t)message_cycle - cfg_.wire_delay - 1;
    const uint32_t m = k >= 0 ? (uint32_t)(k / cfg_.slots) : 0;
    const uint32_t cycle = message_cycle && k >= 0 && m < words_ ? (uint32_t)(k % cfg_.slots) + 1 + cfg_.wire_delay : 0;
    tb::Bench* bench = &benches[m < words_ ? m : 0];
    tb::Bits flit(fw), none(fw);
    for (uint32_t u = 0; u < cfg_.nodes; u++)
      for (int q = 0; q < p; q++) {
        const int lane = (int)u * p + q;
        if (!get_bits(top_->mon_tx_valid_o, lane, 1)) continue;
        for (int k = 0; k < fw; k += 32) flit.set(k, std::min(32, fw - k), get_bits(top_->mon_tx_flit_o, lane * fw + k, std::min(32, fw - k)));
        bench->observe_lane(cycle, cfg_.wire_delay, u, q, true, flit, false, none);
      }
  }

  // The handshakes of cycle c: commands and sendbuf blocks taken, recvbuf blocks and statuses checked.
  void handshakes(int run, uint64_t c, uint64_t* accepted_at, uint64_t* status_at) {
    for (uint32_t u = 0; u < cfg_.nodes; u++) {
      User& us = users_[u];
      if (us.offer_cmd && get_bits(top_->s_axis_cmd_tready, (int)u, 1)) us.cmd = true, us.offer_cmd = false, *accepted_at = c;
      if (us.offer_send && get_bits(top_->s_axis_send_tready, (int)u, 1)) us.sent++, us.offer_send = false, *accepted_at = c;
      if (get_bits(top_->m_axis_recv_tvalid, (int)u, 1) && get_bits(top_->m_axis_recv_tready, (int)u, 1)) receive(run, u);
      const bool status = get_bits(top_->m_axis_status_tvalid, (int)u, 1);
      if (status && !us.status_shown) us.status_shown = true, *status_at = std::max(*status_at, c);
      if (!status || !get_bits(top_->m_axis_status_tready, (int)u, 1)) continue;
      const uint64_t got = get_bits(top_->m_axis_status_tdata, (int)u * 8, 8);
      const uint64_t want = misframe_ && u == 0 && !us.send.empty() ? kMisframeStatus : 0;
      if (us.status) fail(run, "node " + std::to_string(u) + " gave two statuses");
      if (got != want) fail(run, "node " + std::to_string(u) + " status " + std::to_string(got) + ", expected " + std::to_string(want) + " (error bits)");
      us.status = true;
    }
  }

  // A recvbuf block node u took: MPI's block, its index and tlast.
  void receive(int run, uint32_t u) {
    User& us = users_[u];
    const uint32_t beat = us.received++, j = beat / words_;
    const uint64_t got = get_bits(top_->m_axis_recv_tdata, (int)u * w_, w_);
    const uint64_t index = get_bits(top_->m_axis_recv_tuser, (int)u * a_, a_);
    const bool last = get_bits(top_->m_axis_recv_tlast, (int)u, 1);
    if (beat >= us.recv.size()) {
      fail(run, "node " + std::to_string(u) + " gave more than its " + std::to_string(us.recv.size()) + " recvbuf words");
      return;
    }
    uint32_t from, block;
    mpi_.source(u, j, &from, &block);
    const uint64_t want = users_[from].send[(size_t)block * words_ + beat % words_];
    const bool want_last = beat + 1 == us.recv.size();
    char buf[200];
    if (index != j || last != want_last || got != want) {
      std::snprintf(buf, sizeof buf, "node %u recvbuf beat %u: index %llu last %d data %llx, expected index %u last %d data %llx", u,
                    beat, (unsigned long long)index, (int)last, (unsigned long long)got, j, (int)want_last,
                    (unsigned long long)want);
      fail(run, buf);
    }
  }

  uint32_t words_;  // M: words a block, a run per word
  VerilatedContext* ctx_;
  std::unique_ptr<Vromnoc_system> top_;
  tb::Config cfg_;
  uint32_t seed_;
  bool misframe_, bare_ = false;
  Mpi mpi_;
  std::mt19937_64 rng_;
  int a_ = 0, w_ = 0, failed_ = 0;
  std::string head_;
  std::vector<User> users_;
};

}  // namespace

int main(int argc, char** argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  const std::string config = tb::plusarg(argc, argv, "config", "sim_config.h");
  tb::Config cfg;
  std::string why;
  if (!tb::read_config(config, &cfg, &why)) {
    std::printf("FAIL %s\n", why.c_str());
    return 1;
  }
  const uint32_t seed = (uint32_t)std::stoul(tb::plusarg(argc, argv, "seed", "1"));
  const int runs = std::max(1, std::stoi(tb::plusarg(argc, argv, "runs", "2")));
  SystemBench sb(ctx.get(), cfg, cfg.flit == "bare", cfg.words, seed,
                 tb::plusarg(argc, argv, "misframe", "0") == "1");
  if (sb.block_width() > 64) {
    std::printf("FAIL %s: the bench drives blocks of at most 64 bits, not %d\n", sb.head().c_str(), sb.block_width());
    return 1;
  }
  sb.reset();
  const std::string golden = tb::plusarg(argc, argv, "golden", "golden"), out = tb::plusarg(argc, argv, "out", ".");
  for (int run = 0; run < runs; run++)
    if (!sb.run(run, golden, out)) return 1;
  return 0;
}
