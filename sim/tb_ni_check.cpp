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

NiChecker::NiChecker(const std::vector<Config>& tasks, uint32_t seed, int runs, bool misframe, WrongTask wrong)
    : tasks_(tasks), words_(tasks[0].words), seed_(seed), misframe_(misframe), bare_(tasks[0].flit == "bare"),
      wrong_(wrong), a_(tasks[0].id_width), data_rng_(seed * 0x9e3779b97f4a7c15ull + 1) {
  const Config& c = tasks_[0];
  w_ = bare_ ? c.flit_width : c.flit_width - 2 * a_ - 1;  // the user's block: the flit's payload
  runs_per_task_ = std::max(1, runs / (int)tasks_.size());
  for (int r = 0; r < runs; r++) msgs_.push_back(make_message(r));
}

uint32_t NiChecker::task_of_run(int run) const {
  return wrong_ == WrongTask::kBadIndex ? 0 : (uint32_t)(run / runs_per_task_) % tasks();
}

// Message r: its task, fresh sendbufs (drawn in message order), empty logs.
NiChecker::Message NiChecker::make_message(int run) {
  Message m;
  m.run = run;
  m.task = task_of_run(run);
  m.cfg = tasks_[m.task];
  m.mpi = mpi_of(m.cfg);
  m.skewed = mpi_of(tasks_[(m.task + 1) % tasks()]);
  m.head = "topo=" + m.cfg.topo + " task=" + m.cfg.task;
  m.benches.assign(words_, Bench(m.cfg, seed_));
  m.span = (uint64_t)words_ * m.cfg.slots;
  fill(&m);
  return m;
}

const Mpi& NiChecker::mpi(const Message& m, uint32_t u) const {
  return wrong_ == WrongTask::kSkew && u == 0 ? m.skewed : m.mpi;
}

uint32_t NiChecker::command(int run, uint32_t u) const {
  if (wrong_ == WrongTask::kBadIndex) return tasks();
  const uint32_t task = msgs_[(size_t)run].task;
  return wrong_ == WrongTask::kSkew && u == 0 ? (task + 1) % tasks() : task;
}

bool NiChecker::tlast(int run, uint32_t u, size_t k) const {
  return k + 1 == send(run, u).size() && !(misframe_ && u == 0);
}

// Every node's sendbuf for a message: random blocks; with bare flits the packet's tags
// {broadcast, dest, origin} in the top 2A+1 bits, where the wire log looks for them.
void NiChecker::fill(Message* m) {
  const uint64_t wmask = w_ >= 64 ? ~0ull : (1ull << w_) - 1;
  const Config& cfg = m->cfg;
  m->users.assign(cfg.nodes, User());
  for (uint32_t u = 0; u < cfg.nodes; u++) {
    User& us = m->users[u];
    us.send.resize((size_t)mpi(*m, u).send_count(u) * words_);
    for (uint32_t k = 0; k < us.send.size(); k++) {
      const uint32_t i = k / words_;  // block i, word k % M
      uint64_t data = data_rng_() & wmask;
      if (bare_) {
        bool bcast = cfg.task == "snb" || cfg.task == "mnb";
        uint64_t dest = m->mpi.send_per_dest() ? i : cfg.task == "gather" ? m->mpi.root : 0;
        uint64_t tags = (uint64_t)bcast << (2 * a_) | dest << a_ | u;
        data = (data & ((1ull << (w_ - 2 * a_ - 1)) - 1)) | tags << (w_ - 2 * a_ - 1);
      }
      us.send[k] = data;
    }
    us.recv_words = (size_t)mpi(*m, u).recv_count(u) * words_;
  }
}

// A transfer in cycle g belongs to the latest-started message r whose cycle k = g - start_r + 1
// is past its wire delay (k - wire_delay - 1 >= 0): slot s of word m is on the wires in the
// message's cycle m*S + s + wire_delay. A transfer outside every message (before the first, or
// past the last word of the one it falls in) goes to cycle 0 of word 0, which breaks the diff.
void NiChecker::transfer(uint32_t u, int p, const Bits& flit) {
  Message* m = &msgs_[0];
  for (size_t r = started_; r-- > 0;)
    if (now_ - msgs_[r].start - msgs_[r].cfg.wire_delay >= 0) {
      m = &msgs_[r];
      break;
    }
  const Config& cfg = m->cfg;
  const int64_t k = m->start >= 0 ? now_ - m->start - cfg.wire_delay : -1;  // the message's cycle - wire_delay - 1
  const uint32_t word = k >= 0 ? (uint32_t)(k / cfg.slots) : 0;
  const uint32_t cycle = k >= 0 && word < words_ ? (uint32_t)(k % cfg.slots) + 1 + cfg.wire_delay : 0;
  const Bits none(cfg.flit_width);
  m->benches[word < words_ ? word : 0].observe_lane(cycle, cfg.wire_delay, u, p, true, flit, false, none);
}

void NiChecker::accepted(int run, uint64_t g) {
  Message& m = msgs_[(size_t)run];
  if (m.start >= 0 && wrong_ != WrongTask::kSkew)
    fail(&m, "a command or sendbuf word accepted in cycle " + std::to_string(g) + ", after the message started in cycle " +
                 std::to_string(m.start));
  m.accepted_at = (int64_t)g;
}

// Node u's oldest message still owed a recvbuf word (a status), or null.
NiChecker::Message* NiChecker::owed_words(uint32_t u) {
  for (Message& m : msgs_)
    if (m.users[u].received < m.users[u].recv_words) return &m;
  return nullptr;
}
NiChecker::Message* NiChecker::owed_status(uint32_t u) {
  for (Message& m : msgs_)
    if (!m.users[u].status) return &m;
  return nullptr;
}

void NiChecker::status_valid(uint32_t u, uint64_t g) {
  Message* m = owed_status(u);
  if (!m) {
    fail("node " + std::to_string(u) + " shows a status beyond its " + std::to_string(runs()) + " messages'");
    return;
  }
  if (m->users[u].status_shown) return;
  m->users[u].status_shown = true;
  m->status_at = std::max(m->status_at, (int64_t)g);
}

void NiChecker::status_taken(uint32_t u, uint64_t got) {
  static constexpr uint64_t kMisframe = 1u << 4, kTask = 1u << 3;  // docs/ARCHITECTURE.md's status bits
  Message* m = owed_status(u);
  if (!m) return;  // status_valid failed already
  User& us = m->users[u];
  const uint64_t want = (misframe_ && u == 0 && !us.send.empty() ? kMisframe : 0) | (wrong_ != WrongTask::kNone ? kTask : 0);
  // when the routers ran different tasks the other error bits may rise as well
  const uint64_t seen = wrong_ == WrongTask::kSkew ? got & kTask : got;
  if (seen != want)
    fail(m, "node " + std::to_string(u) + " status " + std::to_string(got) + ", expected " + std::to_string(want) + " (error bits)");
  us.status = true;
}

// The start of the message after the last started one, given what has been accepted (the rule
// in tb_ni_check.h).
int64_t NiChecker::expected_start(const Message& m) const {
  if (m.run == 0) return m.accepted_at + 3;
  const Message& prev = msgs_[(size_t)m.run - 1];
  const int64_t end = prev.start + (int64_t)prev.span;  // prev's cycle M*S+1
  if (m.task == prev.task && m.accepted_at + 2 <= end - 2) return end;
  return std::max(m.accepted_at + 3, end + (m.task == prev.task ? 2 : 3));
}

// The next message's cycle 1 is the global cycle start.
void NiChecker::begin_message(int64_t start) {
  if (started_ == msgs_.size()) {
    if (wrong_ != WrongTask::kSkew) fail("a start in cycle " + std::to_string(start - 1) + " after every message started");
    return;
  }
  Message& m = msgs_[started_++];
  m.start = start;
  const int64_t want = expected_start(m);
  if (wrong_ != WrongTask::kSkew && start != want)
    fail(&m, "started in cycle " + std::to_string(start) + ", expected cycle " + std::to_string(want) + " (last acceptance in cycle " +
                 std::to_string(m.accepted_at) + ")");
}

// A start seen in cycle g: while message r runs (start_r <= g <= start_r + M*S_r) only its cycle
// M*S_r - 1 starts the next message, back to back; its other starts continue it word by word.
void NiChecker::end_cycle(bool start) {
  const int64_t g = now_++;
  if (!start) return;
  for (size_t r = started_; r-- > 0;) {
    const Message& m = msgs_[r];
    if (m.start > g) continue;  // starts back to back in g+1: the one before still runs
    if (g > m.start + (int64_t)m.span) break;
    if (g - m.start + 1 == (int64_t)m.span - 1) begin_message(g + 2);
    return;
  }
  begin_message(g + 1);
}

bool NiChecker::Message::done() const {
  for (const User& us : users)
    if (!us.status || us.received != us.recv_words) return false;
  return true;
}

bool NiChecker::done() const {
  return std::all_of(msgs_.begin(), msgs_.end(), [](const Message& m) { return m.done(); });
}

uint64_t NiChecker::limit() const {
  uint64_t sum = 0;
  for (const Message& m : msgs_) sum += 40ull * (m.span + m.cfg.nodes * words_ + 8) + 200;
  return sum;
}

bool NiChecker::fail(Message* m, const std::string& why) {
  m->failed = true;
  if (!failed_++) std::printf("FAIL %s run=%d: %s\n", m->head.c_str(), m->run, why.c_str());
  return false;
}

bool NiChecker::fail(const std::string& why) {
  for (Message& m : msgs_)
    if (!m.done()) return fail(&m, why);
  return fail(&msgs_.back(), why);
}

// Word m of recvbuf block j of a packet task at node u: the sendbuf word it is.
uint64_t NiChecker::expect_block(const Message& msg, uint32_t u, uint32_t j, uint32_t m) const {
  uint32_t from, block;
  msg.mpi.source(u, j, &from, &block);
  return msg.users[from].send[(size_t)block * words_ + m];
}

// Word m of recvbuf block j of a combining task at node u: the op over every node's contribution.
uint64_t NiChecker::sum(const Message& msg, uint32_t u, uint32_t j, uint32_t m) const {
  uint32_t chunk, block;
  msg.mpi.chunk_of(u, j, &chunk, &block);
  const uint64_t mask = w_ >= 64 ? ~0ull : (1ull << w_) - 1;
  const std::string& op = msg.cfg.op;
  uint64_t acc = msg.users[0].send[(size_t)block * words_ + m];
  for (uint32_t v = 1; v < msg.cfg.nodes; v++) {
    const uint64_t x = msg.users[v].send[(size_t)block * words_ + m];
    if (op == "add") acc = (acc + x) & mask;
    else if (op == "max") acc = std::max(acc, x);
    else if (op == "min") acc = std::min(acc, x);
    else if (op == "xor") acc ^= x;
    else acc |= x;  // "or"
  }
  return acc;
}

// A recvbuf word node u took, for its oldest message still owed one: MPI's, with its block
// index (tuser) and tlast.
void NiChecker::recv_beat(uint32_t u, uint64_t got, uint64_t index, bool last) {
  Message* msg = owed_words(u);
  if (!msg) {
    fail("node " + std::to_string(u) + " gave a recvbuf word beyond its " + std::to_string(runs()) + " messages' words");
    return;
  }
  User& us = msg->users[u];
  const uint32_t beat = (uint32_t)us.received++, j = beat / words_;
  if (wrong_ == WrongTask::kSkew) return;  // the routers ran different tasks: only the count is checked
  const uint64_t want = msg->cfg.combines() ? sum(*msg, u, j, beat % words_) : expect_block(*msg, u, j, beat % words_);
  const bool want_last = beat + 1 == us.recv_words;
  if (index != j || last != want_last || got != want) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "node %u recvbuf beat %u: index %llu last %d data %llx, expected index %u last %d data %llx", u,
                  beat, (unsigned long long)index, (int)last, (unsigned long long)got, j, (int)want_last,
                  (unsigned long long)want);
    fail(msg, buf);
  }
}

// One message's verdict, after every earlier one passed: its wire logs, then its PASS line.
bool NiChecker::finish_message(Message& m, const std::string& golden_dir, const std::string& out) {
  const int r = m.run;
  if (wrong_ == WrongTask::kSkew) {  // the links carried two tasks at once: nothing to diff
    std::printf("PASS %s words=%u run=%d skew: node 0 named task %u, every status has bit 3\n", m.head.c_str(), words_, r,
                command(r, 0));
    return true;
  }
  // every word's wire log equals the golden one; the first word's is kept for cmodel verify
  const std::string golden = golden_dir + (tasks() > 1 ? "/wire_t" + std::to_string(m.task) + ".tsv" : "/wire.tsv");
  const std::string log = out + "/wire_r" + std::to_string(r) + ".tsv", other = out + "/wire_word.tsv";
  for (uint32_t w = 0; w < words_; w++) {
    std::string why, path = w ? other : log;
    if (!m.benches[w].write_wire_log(path) || !same_lines(golden, path, &why))
      return fail(&m, "word " + std::to_string(w) + "'s wire log " + path + ": " + why);
  }
  std::remove(other.c_str());
  // from the cycle the message could start (its last acceptance, or 3 before its start when it
  // waited for the previous one) to the one that files the last block (and raises the status)
  const int64_t from = std::max(m.accepted_at, m.start - 3);
  const std::string gap = r ? std::to_string(m.start - msgs_[(size_t)r - 1].start - (int64_t)msgs_[(size_t)r - 1].span) : "-";
  std::printf("PASS %s words=%u run=%d cycles=%lld slots=%u gap=%s log=%s\n", m.head.c_str(), words_, r,
              (long long)(m.status_at - from - 1), m.cfg.slots, gap.c_str(), log.c_str());
  return true;
}

bool NiChecker::finish(const std::string& golden_dir, const std::string& out) {
  for (Message& m : msgs_) {
    if (m.failed) return false;
    if (!m.done())
      return fail(&m, "not every status and recvbuf word came within the bench's limit of " + std::to_string(limit()) + " cycles");
    if (!finish_message(m, golden_dir, out)) return false;
  }
  return !failed_;
}

}  // namespace tb
