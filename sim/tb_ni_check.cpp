// tb_ni_check.cpp — the system benches' checks (see tb_ni_check.h).
#include "tb_ni_check.h"

#include <algorithm>
#include <cstdio>

namespace tb {

bool Mpi::rooted_send() const { return task == "snb" || task == "scatter"; }
bool Mpi::send_per_dest() const {
  return task == "scatter" || task == "te" || task == "reduce_scatter" || task == "allreduce";
}
bool Mpi::recv_per_origin() const { return task == "mnb" || task == "gather" || task == "te" || task == "allreduce"; }
uint32_t Mpi::send_count(uint32_t u) const {
  if (rooted_send() && u != root) return 0;
  return send_per_dest() ? nodes : 1;
}
uint32_t Mpi::recv_count(uint32_t u) const {
  if (task == "gather" || task == "reduce") return u == root ? (task == "gather" ? nodes : 1) : 0;
  return recv_per_origin() ? nodes : 1;
}
void Mpi::chunk_of(uint32_t u, uint32_t j, uint32_t* chunk, uint32_t* block) const {
  *chunk = task == "allreduce" ? j : task == "reduce_scatter" ? u : 0;
  *block = send_per_dest() ? *chunk : 0;
}
void Mpi::source(uint32_t u, uint32_t j, uint32_t* from, uint32_t* block) const {
  *from = recv_per_origin() ? j : root;
  *block = send_per_dest() ? u : 0;
}

bool read_ni_bench_args(int argc, char** argv, NiBenchArgs* args) {
  const std::string config = plusarg(argc, argv, "config", "sim_config.h");
  std::string why;
  std::vector<Config>& tasks = args->tasks;
  tasks.assign(1, Config());
  bool ok = read_config(config, &tasks[0], &why);
  const uint32_t n = ok ? tasks[0].tasks : 1;
  const std::string dir = config.find('/') == std::string::npos ? "" : config.substr(0, config.rfind('/') + 1);
  tasks.resize(n);
  for (uint32_t k = 0; ok && n > 1 && k < n; k++)  // each task's own facts
    ok = read_config(dir + "sim_config_t" + std::to_string(k) + ".h", &tasks[k], &why);
  if (!ok) {
    std::printf("FAIL %s\n", why.c_str());
    return false;
  }
  args->seed = (uint32_t)std::stoul(plusarg(argc, argv, "seed", "1"));
  args->runs = std::max(1, std::stoi(plusarg(argc, argv, "runs", "2"))) * (int)n;
  const Config& c = tasks[0];
  const int width = c.flit == "bare" ? c.flit_width : c.flit_width - 2 * c.id_width - 1;  // a block: the payload
  if (width <= 64) return true;
  std::printf("FAIL topo=%s: the bench drives blocks of at most 64 bits, not %d\n", c.topo.c_str(), width);
  return false;
}

static Mpi mpi_of(const Config& c) { return Mpi{c.task, c.nodes, (uint32_t)(c.root < 0 ? 0 : c.root)}; }

NiChecker::NiChecker(const std::vector<Config>& tasks, uint32_t seed, bool misframe, WrongTask wrong)
    : tasks_(tasks), words_(tasks[0].words), seed_(seed), misframe_(misframe), bare_(tasks[0].flit == "bare"),
      wrong_(wrong), a_(tasks[0].id_width), data_rng_(seed * 0x9e3779b97f4a7c15ull + 1), cfg_(tasks[0]) {
  w_ = bare_ ? cfg_.flit_width : cfg_.flit_width - 2 * a_ - 1;  // the user's block: the flit's payload
}

uint32_t NiChecker::task_of_run(int run) const {
  return wrong_ == WrongTask::kBadIndex ? 0 : (uint32_t)run % tasks();
}

void NiChecker::begin(int run) {
  run_ = run;
  task_ = task_of_run(run);
  cfg_ = tasks_[task_];
  mpi_ = mpi_of(cfg_);
  skewed_ = mpi_of(tasks_[(task_ + 1) % tasks()]);  // node 0's under WrongTask::kSkew
  head_ = "topo=" + cfg_.topo + " task=" + cfg_.task;
  benches_.assign(words_, Bench(cfg_, seed_));
  accepted_at_ = status_at_ = message_cycle_ = 0;
  fill();
}

const Mpi& NiChecker::mpi(uint32_t u) const { return wrong_ == WrongTask::kSkew && u == 0 ? skewed_ : mpi_; }

uint32_t NiChecker::command(uint32_t u) const {
  if (wrong_ == WrongTask::kBadIndex) return tasks();
  return wrong_ == WrongTask::kSkew && u == 0 ? (task_ + 1) % tasks() : task_;
}

bool NiChecker::tlast(uint32_t u, size_t k) const { return k + 1 == users_[u].send.size() && !(misframe_ && u == 0); }

// Every node's sendbuf for a run: random blocks; with bare flits the packet's tags
// {broadcast, dest, origin} in the top 2A+1 bits, where the wire log looks for them.
void NiChecker::fill() {
  const uint64_t wmask = w_ >= 64 ? ~0ull : (1ull << w_) - 1;
  users_.assign(cfg_.nodes, User());
  for (uint32_t u = 0; u < cfg_.nodes; u++) {
    User& us = users_[u];
    us.send.resize((size_t)mpi(u).send_count(u) * words_);
    for (uint32_t k = 0; k < us.send.size(); k++) {
      const uint32_t i = k / words_;  // block i, word k % M
      uint64_t data = data_rng_() & wmask;
      if (bare_) {
        bool bcast = cfg_.task == "snb" || cfg_.task == "mnb";
        uint64_t dest = mpi_.send_per_dest() ? i : cfg_.task == "gather" ? mpi_.root : 0;
        uint64_t tags = (uint64_t)bcast << (2 * a_) | dest << a_ | u;
        data = (data & ((1ull << (w_ - 2 * a_ - 1)) - 1)) | tags << (w_ - 2 * a_ - 1);
      }
      us.send[k] = data;
    }
    us.recv_words = (size_t)mpi(u).recv_count(u) * words_;
  }
}

void NiChecker::transfer(uint32_t u, int p, const Bits& flit) {
  // slot s of word m is on the wires in the message's cycle m*S + s + wire_delay; a transfer
  // outside the message goes to cycle 0, which breaks the diff
  const int64_t k = (int64_t)message_cycle_ - cfg_.wire_delay - 1;
  const uint32_t m = k >= 0 ? (uint32_t)(k / cfg_.slots) : 0;
  const uint32_t cycle = message_cycle_ && k >= 0 && m < words_ ? (uint32_t)(k % cfg_.slots) + 1 + cfg_.wire_delay : 0;
  const Bits none(cfg_.flit_width);
  benches_[m < words_ ? m : 0].observe_lane(cycle, cfg_.wire_delay, u, p, true, flit, false, none);
}

void NiChecker::accepted(uint64_t c) { accepted_at_ = c; }

void NiChecker::status_valid(uint32_t u, uint64_t c) {
  if (users_[u].status_shown) return;
  users_[u].status_shown = true;
  status_at_ = std::max(status_at_, c);
}

void NiChecker::status_taken(uint32_t u, uint64_t got) {
  static constexpr uint64_t kMisframe = 1u << 4, kTask = 1u << 3;  // docs/ARCHITECTURE.md's status bits
  User& us = users_[u];
  const uint64_t want = (misframe_ && u == 0 && !us.send.empty() ? kMisframe : 0) | (wrong_ != WrongTask::kNone ? kTask : 0);
  if (us.status) fail("node " + std::to_string(u) + " gave two statuses");
  // when the routers ran different tasks the other error bits may rise as well
  const uint64_t seen = wrong_ == WrongTask::kSkew ? got & kTask : got;
  if (seen != want)
    fail("node " + std::to_string(u) + " status " + std::to_string(got) + ", expected " + std::to_string(want) + " (error bits)");
  us.status = true;
}

void NiChecker::end_cycle(bool start) {
  // the runs of a message follow each other at period S: word m's cycle k is the message's m*S + k
  const uint64_t end = (uint64_t)words_ * cfg_.slots + 1;
  message_cycle_ = message_cycle_ ? (message_cycle_ < end ? message_cycle_ + 1 : 0) : start ? 1 : 0;
}

bool NiChecker::done() const {
  for (const User& us : users_)
    if (!us.status || us.received != us.recv_words) return false;
  return true;
}

uint64_t NiChecker::limit() const { return 40ull * ((uint64_t)cfg_.slots * words_ + cfg_.nodes * words_ + 8) + 200; }

bool NiChecker::fail(const std::string& why) {
  if (!failed_++) std::printf("FAIL %s run=%d: %s\n", head_.c_str(), run_, why.c_str());
  return false;
}

// Word m of recvbuf block j of a packet task at node u: the sendbuf word it is.
uint64_t NiChecker::expect_block(uint32_t u, uint32_t j, uint32_t m) const {
  uint32_t from, block;
  mpi_.source(u, j, &from, &block);
  return users_[from].send[(size_t)block * words_ + m];
}

// Word m of recvbuf block j of a combining task at node u: the op over every node's contribution.
uint64_t NiChecker::sum(uint32_t u, uint32_t j, uint32_t m) const {
  uint32_t chunk, block;
  mpi_.chunk_of(u, j, &chunk, &block);
  const uint64_t mask = w_ >= 64 ? ~0ull : (1ull << w_) - 1;
  uint64_t acc = users_[0].send[(size_t)block * words_ + m];
  for (uint32_t v = 1; v < cfg_.nodes; v++) {
    const uint64_t x = users_[v].send[(size_t)block * words_ + m];
    if (cfg_.op == "add") acc = (acc + x) & mask;
    else if (cfg_.op == "max") acc = std::max(acc, x);
    else if (cfg_.op == "min") acc = std::min(acc, x);
    else if (cfg_.op == "xor") acc ^= x;
    else acc |= x;  // "or"
  }
  return acc;
}

// A recvbuf word node u took: MPI's, with its block index (tuser) and tlast.
void NiChecker::recv_beat(uint32_t u, uint64_t got, uint64_t index, bool last) {
  User& us = users_[u];
  const uint32_t beat = (uint32_t)us.received++, j = beat / words_;
  if (beat >= us.recv_words) {
    fail("node " + std::to_string(u) + " gave more than its " + std::to_string(us.recv_words) + " recvbuf words");
    return;
  }
  if (wrong_ == WrongTask::kSkew) return;  // the routers ran different tasks: only the count is checked
  const uint64_t want = cfg_.combines() ? sum(u, j, beat % words_) : expect_block(u, j, beat % words_);
  const bool want_last = beat + 1 == us.recv_words;
  if (index != j || last != want_last || got != want) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "node %u recvbuf beat %u: index %llu last %d data %llx, expected index %u last %d data %llx", u,
                  beat, (unsigned long long)index, (int)last, (unsigned long long)got, j, (int)want_last,
                  (unsigned long long)want);
    fail(buf);
  }
}

bool NiChecker::finish(const std::string& golden_dir, const std::string& out) {
  if (failed_) return false;
  if (wrong_ == WrongTask::kSkew) {  // the links carried two tasks at once: nothing to diff
    std::printf("PASS %s words=%u run=%d skew: node 0 named task %u, every status has bit 3\n", head_.c_str(), words_, run_,
                command(0));
    return true;
  }
  // every word's wire log equals the golden one; the first word's is kept for cmodel verify
  const std::string golden = golden_dir + (tasks() > 1 ? "/wire_t" + std::to_string(task_) + ".tsv" : "/wire.tsv");
  const std::string log = out + "/wire_r" + std::to_string(run_) + ".tsv", other = out + "/wire_word.tsv";
  for (uint32_t m = 0; m < words_; m++) {
    std::string why, path = m ? other : log;
    if (!benches_[m].write_wire_log(path) || !same_lines(golden, path, &why))
      return fail("word " + std::to_string(m) + "'s wire log " + path + ": " + why);
  }
  std::remove(other.c_str());
  // the edges from the last acceptance to the one that files the last block (and raises the status)
  std::printf("PASS %s words=%u run=%d cycles=%llu slots=%u log=%s\n", head_.c_str(), words_, run_,
              (unsigned long long)(status_at_ - accepted_at_ - 1), cfg_.slots, log.c_str());
  return true;
}

}  // namespace tb
