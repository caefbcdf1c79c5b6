// tb_ni_check.h — what the system benches (sim/tb_ni.cpp under Verilator, sim/tb_icarus_ni.v
// with sim/tb_icarus_ni_io.cpp under Icarus) check, whatever drives the system top, over a
// session of several messages in flight: the users' sendbufs (fresh random data per message),
// MPI's expectation of every recvbuf word (computed here from the sendbufs, not read from the
// generator: MPI 4.0 s6), the statuses, the wire log of every word's run (from the system's link
// monitor) against the task's golden file, and the exact cycle each message starts.
// Run r runs task (r / N) % T (N runs per task), so a fabric of several tasks runs each one N
// times in a row (a,a,b,b,...: back-to-back pairs, then a task switch).
// A driver tells it, cycle by cycle, what it saw: link transfers, acceptances (of which message),
// recvbuf beats, statuses and the start signal. Per node the messages are taken, run, drained and
// reported in order, so a recvbuf beat or status of node u belongs to u's oldest message still
// owed one; a transfer belongs to a message by the start times (NiChecker::transfer). Starts:
// mon_start_o seen in cycle g while no message runs starts the next one in g+1; seen in cycle
// M*S-1 of a running message (message cycles count from 1 at its start), the next one follows
// back to back in g+2 (the running one's cycle M*S+1 is its cycle 1); any other start while a
// message runs continues it with its next word. Where a_r is the cycle of message r's last
// acceptance (command or sendbuf word, over all nodes), r starts in cycle
//   a_0 + 3                                 for r = 0,
//   start_{r-1} + M*S_{r-1}                 if r runs r-1's task and a_r + 2 <= start_{r-1} + M*S_{r-1} - 2,
//   max(a_r + 3, start_{r-1} + M*S_{r-1} + 2)   otherwise, if r runs r-1's task,
//   max(a_r + 3, start_{r-1} + M*S_{r-1} + 3)   otherwise (a task switch: the routers and the
//                                               interfaces read word 0 of the new task first),
// or it FAILs (not checked under WrongTask::kSkew). NiChecker::finish then diffs the logs and
// prints one line a message, in order:
//   PASS topo=T task=K words=M run=R cycles=C slots=S gap=G log=FILE
// where C = status_r - max(a_r, start_r - 3) - 1 counts the cycles from the moment the message
// could start to its status (M*S + 3; status_r: the cycle the last node's status showed, its last
// recvbuf word then filed) and G = start_r - (start_{r-1} + M*S_{r-1}) the idle cycles before it
// (0: back to back; "-" for run 0).
#ifndef ROMNOC_TB_NI_CHECK_H
#define ROMNOC_TB_NI_CHECK_H

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "tb_common.h"

namespace tb {

// MPI's buffers of a task: which nodes send and receive how many blocks, and which sendbuf
// blocks recvbuf block j of node u is made of. The combining tasks (Config::combines:
// MPI_Reduce, MPI_Reduce_scatter_block, MPI_Allreduce of N words and of one) send a contribution
// per chunk (or one) and receive chunks' sums under the op.
struct Mpi {
  std::string task;
  uint32_t nodes = 0, root = 0;
  bool rooted_send() const;
  bool send_per_dest() const;
  bool recv_per_origin() const;
  uint32_t send_count(uint32_t u) const;
  uint32_t recv_count(uint32_t u) const;
  // a combining task: recvbuf block j of node u is the sum of chunk *chunk, whose contributions
  // are every node's sendbuf block *block
  void chunk_of(uint32_t u, uint32_t j, uint32_t* chunk, uint32_t* block) const;
  // a packet task: recvbuf block j of node u is sendbuf block *block of node *from
  void source(uint32_t u, uint32_t j, uint32_t* from, uint32_t* block) const;
};

// A command that names a wrong task: every node names one beyond the fabric's tasks, or node 0
// names the next task while the others name the run's (several tasks).
enum class WrongTask { kNone, kBadIndex, kSkew };

// The system benches' arguments: the facts of each task of the design (+config=sim_config.h,
// and per task sim_config_t<k>.h when it has several), +seed=S, and the messages (+runs=N per
// task, default 2: runs = N*T). False after a FAIL line, also for blocks wider than the benches'
// 64 bits.
struct NiBenchArgs {
  std::vector<Config> tasks;
  uint32_t seed = 1;
  int runs = 2;
};
bool read_ni_bench_args(int argc, char** argv, NiBenchArgs* args);

class NiChecker {
 public:
  // The session's messages, runs = N*T of them (N per task), each with fresh sendbufs.
  NiChecker(const std::vector<Config>& tasks, uint32_t seed, int runs, bool misframe, WrongTask wrong);
  uint32_t tasks() const { return (uint32_t)tasks_.size(); }
  int runs() const { return (int)msgs_.size(); }
  uint32_t nodes() const { return tasks_[0].nodes; }
  int block_width() const { return w_; }
  int index_width() const { return a_; }
  int flit_width() const { return tasks_[0].flit_width; }
  // The task of run r (N runs of each task in turn; task 0 when every command names a bad index).
  uint32_t task_of_run(int run) const;
  // What node u's user sends for message r: its command's index, its sendbuf words, tlast on
  // word k; and how many recvbuf words it gets back (0 at gather's non-roots, say).
  uint32_t command(int run, uint32_t u) const;
  const std::vector<uint64_t>& send(int run, uint32_t u) const { return msgs_[(size_t)run].users[u].send; }
  size_t recv_words(int run, uint32_t u) const { return msgs_[(size_t)run].users[u].recv_words; }
  bool tlast(int run, uint32_t u, size_t k) const;
  // Events of the current cycle g, the driver's global count (0: the first cycle after reset,
  // +1 a clock), which is also the number of end_cycle calls so far.
  void transfer(uint32_t u, int p, const Bits& flit);  // lane p of node u sends flit
  void accepted(int run, uint64_t g);                   // message run's command or sendbuf word taken
  void recv_beat(uint32_t u, uint64_t data, uint64_t index, bool last);
  void status_valid(uint32_t u, uint64_t g);            // node u's status shows
  void status_taken(uint32_t u, uint64_t tdata);
  void end_cycle(bool start);                           // the cycle ends; start: mon_start_o was high
  // Every message's statuses and recvbuf words came; the cycles the session may take at most.
  bool done() const;
  uint64_t limit() const;
  // The session's verdict: a PASS line per message in order, or false after the session's FAIL
  // line (a message not done by then FAILs here).
  bool finish(const std::string& golden_dir, const std::string& out);
  // The session's first failure prints its FAIL line, for the oldest message not done.
  bool fail(const std::string& why);
  bool failed() const { return failed_ > 0; }

 private:
  struct User {
    std::vector<uint64_t> send;
    size_t recv_words = 0, received = 0;
    bool status = false, status_shown = false;
  };
  // A message: its task's facts, its users and a wire log per word. Cycles are global ones;
  // -1 not yet seen.
  struct Message {
    int run = 0;
    uint32_t task = 0;
    Config cfg;
    Mpi mpi, skewed;  // skewed: node 0's under WrongTask::kSkew
    std::string head;
    std::vector<User> users;
    std::vector<Bench> benches;
    uint64_t span = 0;  // M*S: its cycles 1..span+1 are start..start+span
    int64_t accepted_at = -1, start = -1, status_at = -1;  // a_r, start_r (its cycle 1), status_r
    bool failed = false;
    bool done() const;
  };
  Message make_message(int run);
  void fill(Message* m);
  const Mpi& mpi(const Message& m, uint32_t u) const;
  Message* owed_words(uint32_t u);
  Message* owed_status(uint32_t u);
  void begin_message(int64_t start);
  int64_t expected_start(const Message& m) const;
  bool fail(Message* m, const std::string& why);
  bool finish_message(Message& m, const std::string& golden_dir, const std::string& out);
  uint64_t expect_block(const Message& msg, uint32_t u, uint32_t j, uint32_t m) const;
  uint64_t sum(const Message& msg, uint32_t u, uint32_t j, uint32_t m) const;

  std::vector<Config> tasks_;
  uint32_t words_, seed_;
  bool misframe_, bare_;
  WrongTask wrong_;
  int a_, w_, runs_per_task_ = 1;
  std::mt19937_64 data_rng_;
  std::vector<Message> msgs_;
  size_t started_ = 0;  // messages whose start was seen (they start in order)
  int64_t now_ = 0;     // the current cycle g
  int failed_ = 0;
};

}  // namespace tb

#endif
