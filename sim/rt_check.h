// rt_check.h — what the two benches of a run-time active-set fabric check (the kbcast router of
// rtl_gen_kbrt, the pmnb router of rtl_gen_pmnbrt), written once: the C++ harness rt_tb.cpp
// (<prefix>_sim_fabric, local ports through DPI) and the SystemC bench rt_sc_main.cpp
// (<prefix>_fabric, every node's ports bound). The run list, each
// run's active set and bound from its golden files, the own packets, a lane's link and delivery
// recorded from its flit bits, the logs, the per-run "ok"/"FAIL" lines and the final line.
// Needs the design's sim_config.h (RN_*: RN_TASK, RN_ARCH, RN_RUN_BOUND(K) and RN_BOUND_TEXT,
// the lanes' destinations RN_LANE_DST) on the include path.
#ifndef ROMNOC_RT_CHECK_H
#define ROMNOC_RT_CHECK_H

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "sim_config.h"
#include "tb_common.h"
#ifndef RN_INJ_WRITE
#define RN_INJ_WRITE 0  // the router has no mailbox
#endif

namespace rt {

// A link transfer in the exchange format, and a packet handed to a local port.
struct WireRow {
  uint32_t slot, src, dst;
  long long origin;
  int dest;
};
struct DeliveryRow {
  uint32_t slot, node, origin;
  int piece;  // RN_PIECES: the piece; else -1
  std::string payload;
};

// "0,3,5-9" -> the set over RN_NODES nodes; false on a malformed list.
bool parse_active(const std::string& list, std::vector<bool>* set);

// The golden wire file's metadata lines ("# key=value", the generator's lines aside) and its
// active set; false without a '# active=' line.
bool read_meta(const std::string& path, std::vector<std::string>* meta, std::string* active);

// The runs of one bench process, one after the other: next() starts a run, the bench clocks it
// (feeding local() and active() to the local ports, lane() the lanes at a slot's last edge)
// and hands its end to verdict(); finish() prints the final line.
class Runs {
 public:
  // seed: the payloads'; tag: appended to the final line ("" for the C++ harness)
  Runs(uint32_t seed, std::string tag);

  // Opens the run list (one run directory a line); false, with the FAIL line printed, if not.
  bool open(const std::string& runs_file);
  // The next run of the list: its active set, K and bound; the logs emptied. A run without a
  // usable '# active=' line in golden/wire.tsv is counted failed (its FAIL line printed) and
  // skipped. False at the end of the list.
  bool next();
  uint32_t k() const { return k_; }
  // RN_RUN_BOUND(K): the cycles of a run with K active nodes (kbcast: 001 §3.2's
  // 2*ceil(K/d)+4d slots, the last one on the wires a slot later)
  uint32_t bound() const { return bound_; }
  // Whether node broadcasts in the run (all false before the first).
  bool active(uint32_t node) const { return active_[node]; }

  // The local port of node at an edge, what it drives for the next cycle: the own packet,
  // RN_INJ_WIDTH bits {origin, payload} (RN_PIECES: {origin, piece F-1, .., piece 0}), into *p —
  // zeros unless req (the kbcast router reads it in the cycle after inj_req_o), or for a router
  // that samples it with bcast_i at start (RN_OWN_AT_START), the packet whenever the node is
  // active in the run. A router with a
  // mailbox (RN_INJ_WRITE) is written instead, in the pre-start cycles pre = 0, 1, ... (-1
  // outside them): *we set and *p = {dest pre, payload} for every dest of an active node.
  void local(uint32_t node, bool req, int pre, bool* we, tb::Bits* p) const;
  // The cycles before a run's start edge: the set settles on bcast_i (2), and a mailbox is
  // written, one packet a cycle and node.
  static constexpr int kPreCycles = RN_INJ_WRITE ? (int)RN_NODES + 2 : 2;
  // Lane `lane` of node at the edge that ends cycle `cycle` of a run (0 outside a run: slot 0,
  // which breaks the diff), in a slot's last cycle: what its link carried (the flit at bit
  // tx_lsb of tx, if tx_valid) in slot cycle/RN_SLOT_CYCLES - RN_WIRE_DELAY, and the packet it
  // handed to the local port (at bit dlv_lsb of dlv, if dlv_valid), a reception of that slot.
  void lane(uint32_t cycle, uint32_t node, uint32_t lane, bool tx_valid, const tb::Bits& tx, int tx_lsb, bool dlv_valid,
            const tb::Bits& dlv, int dlv_lsb);

  // The end of the run: writes wire.tsv and deliveries.tsv beside golden/, diffs them against
  // the golden files, checks done within bound() (cycles: the cycles counted from the start
  // edge) and err; prints "ok run=DIR k=K cycles=C bound=B" or "FAIL run=DIR k=K: why".
  void verdict(bool done, uint32_t cycles, bool err);
  // Prints "PASS|FAIL topo=... task=T arch=A runs=N failed=F max_cycles=C
  // max_bound=B" (and the tag); returns the exit status.
  int finish() const;

 private:
  bool write_logs();

  uint32_t seed_;
  std::string tag_;
  std::ifstream list_;
  std::string dir_;
  std::vector<std::string> meta_;
  std::vector<bool> active_;
  uint32_t k_ = 0, bound_ = 0;
  std::vector<WireRow> wires_;
  std::vector<DeliveryRow> deliveries_;
  int runs_ = 0, failed_ = 0;
  uint32_t max_cycles_ = 0, max_bound_ = 0;
};

}  // namespace rt

#endif
