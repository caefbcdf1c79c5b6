// tb_ni_check.h — what the system benches (sim/tb_ni.cpp under Verilator, sim/tb_icarus_ni.v
// with sim/tb_icarus_ni_io.cpp under Icarus) check, whatever drives the system top: the users'
// sendbufs (fresh random data per message), MPI's expectation of every recvbuf word (computed
// here from the sendbufs, not read from the generator: MPI 4.0 s6), the statuses, and the wire
// log of every word's run (from the system's link monitor) against the task's golden file.
// A driver tells it, cycle by cycle, what it saw: link transfers, acceptances, recvbuf beats,
// statuses and the start; NiChecker::finish then diffs the logs and prints one line a message:
//   PASS topo=T task=K words=M run=R cycles=C slots=S log=FILE
// where C counts the cycles from the last command or sendbuf word accepted to the status (the
// last word is then in the recvbuf).
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
// task, default 2). False after a FAIL line, also for blocks wider than the benches' 64 bits.
struct NiBenchArgs {
  std::vector<Config> tasks;
  uint32_t seed = 1;
  int runs = 2;
};
bool read_ni_bench_args(int argc, char** argv, NiBenchArgs* args);

class NiChecker {
 public:
  NiChecker(const std::vector<Config>& tasks, uint32_t seed, bool misframe, WrongTask wrong);
  uint32_t tasks() const { return (uint32_t)tasks_.size(); }
  uint32_t words() const { return words_; }
  uint32_t nodes() const { return cfg_.nodes; }
  int block_width() const { return w_; }
  int index_width() const { return a_; }
  const std::string& head() const { return head_; }
  // The task of run r (each task in turn; task 0 when every command names a bad index).
  uint32_t task_of_run(int run) const;
  // A new message, run r: its task, fresh sendbufs, empty logs.
  void begin(int run);
  // What node u's user sends: its command's index, its sendbuf words, tlast on word k.
  uint32_t command(uint32_t u) const;
  const std::vector<uint64_t>& send(uint32_t u) const { return users_[u].send; }
  size_t recv_words(uint32_t u) const { return users_[u].recv_words; }
  int flit_width() const { return cfg_.flit_width; }
  bool tlast(uint32_t u, size_t k) const;
  // Events of the current cycle, c counting from the run's first (the driver's count).
  void transfer(uint32_t u, int p, const Bits& flit);  // lane p of node u sends flit
  void accepted(uint64_t c);                            // a command or sendbuf word taken
  void recv_beat(uint32_t u, uint64_t data, uint64_t index, bool last);
  void status_valid(uint32_t u, uint64_t c);            // node u's status shows
  void status_taken(uint32_t u, uint64_t tdata);
  void end_cycle(bool start);                           // the cycle ends; start: every node was ready
  // Every status and recvbuf word came; the cycles a run may take at most.
  bool done() const;
  uint64_t limit() const;
  // The message's verdict: its PASS line, or false after its FAIL line.
  bool finish(const std::string& golden_dir, const std::string& out);
  bool fail(const std::string& why);
  bool failed() const { return failed_ > 0; }

 private:
  struct User {
    std::vector<uint64_t> send;
    size_t recv_words = 0, received = 0;
    bool status = false, status_shown = false;
  };
  const Mpi& mpi(uint32_t u) const;
  void fill();
  uint64_t expect_block(uint32_t u, uint32_t j, uint32_t m) const;
  uint64_t sum(uint32_t u, uint32_t j, uint32_t m) const;

  std::vector<Config> tasks_;
  uint32_t words_, seed_;
  bool misframe_, bare_;
  WrongTask wrong_;
  int a_, w_;
  std::mt19937_64 data_rng_;
  // the run
  int run_ = 0;
  uint32_t task_ = 0;
  Config cfg_;
  Mpi mpi_, skewed_;
  std::string head_;
  std::vector<User> users_;
  std::vector<Bench> benches_;  // a wire log per word of the message
  uint64_t accepted_at_ = 0, status_at_ = 0, message_cycle_ = 0;
  int failed_ = 0;
};

}  // namespace tb

#endif
