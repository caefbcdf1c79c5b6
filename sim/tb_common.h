// tb_common.h — the parts of a fabric test bench that do not depend on the simulator
// (Verilator C++ or SystemC): the flit layout, the processors' own packets, the wire log and
// delivery log, and the line-by-line comparison with the golden files.
#ifndef ROMNOC_TB_COMMON_H
#define ROMNOC_TB_COMMON_H

#include <cstdint>
#include <string>
#include <vector>

#include "model/flit_layout.h"

namespace tb {

// What the generator's sim_config.h says about the fabric: its facts and its description
// (the link table and the translation that turns a requested destination into a node id).
struct Config {
  std::string topo, task, model;
  std::string op;  // a combining task's operation (add, max, min, xor, or), "none" for the others
  long long root;
  uint32_t nodes;
  int ports, id_width, payload_width, flit_width;
  uint32_t slots, cycles;
  std::string translation;          // "xor", "add" (coordinate-wise, radices below) or "none"
  std::vector<uint32_t> radices;    // coordinate 0 least significant
  std::vector<int32_t> neighbors;   // [u * ports + p]: the node lane p of u leads to, -1 none
  std::string active;               // kbcast, pmnb, pexchange: the active set the ROMs fix ("0,3,5-9"), else ""
  uint32_t fraction;                // pmnb split into pieces: pieces per packet (a flit is a piece), else 1
  int wire_delay;                   // cycles from a slot's start to its transfer on the link
  int link_delay = 1;               // clock cycles a link takes (rtl_gen --link-delay L: pipelined links)
  int slot_cycles = 1;              // clock cycles a slot lasts: L, plus rtl_gen --combine-stages P
  std::string flit;                 // "tagged" or "bare" (the flit's format)
  uint32_t words;                   // the network interface's words a block (rtl_gen --words), else 1
  uint32_t tasks = 1;               // tasks of the fabric (rtl_gen --task a,b,...: each one's facts in
                                    // sim_config_t<k>.h, golden/wire_t<k>.tsv), else 1

  // The node lane p of u leads to (-1: nowhere).
  int32_t neighbor(uint32_t u, int p) const { return neighbors[(size_t)u * (size_t)ports + (size_t)p]; }
  // The destination of an own packet that node u's router requests as dest.
  uint32_t destination(uint32_t u, uint32_t dest) const;
  // True for a combining task: flits carry partial sums of chunks (dest = the chunk).
  bool combines() const { return op != "none"; }
  // True for a pmnb split into pieces: a broadcast flit carries piece `dest` of its packet.
  bool pieces() const { return fraction > 1; }
  // Where the fields of a flit are (model/flit_layout.h): payload_width is the pattern, and the
  // word-kind field above the broadcast bit has 2 bits in a fabric with kbcast's control words
  // (kind 0 a packet, 1 a counter, 2 a termination), else none.
  romnoc_flit_layout layout() const { return romnoc_flit_layout_of(id_width, payload_width, flit_width); }
};

// The same facts read from a generated sim_config.h at run time (its "#define RN_NAME VALUE"
// lines: a number, a "string" or a {list}), so that a bench built from it does not depend on
// the design and its object is shared between designs (ccache). False, with *why naming the
// file and the missing or bad value, if the file cannot be read or lacks one.
bool read_config(const std::string& path, Config* cfg, std::string* why);

// A bit vector held as 32-bit words, least significant first (the layout Verilator uses).
struct Bits {
  std::vector<uint32_t> words;
  explicit Bits(int width = 0) : words((size_t)(width + 31) / 32, 0) {}
  uint64_t get(int lsb, int width) const;   // width <= 64
  void set(int lsb, int width, uint64_t value);
  std::string hex(int lsb, int width) const;  // ceil(width/4) digits, most significant first
  // The inverse of hex(0, width) (a Verilog %h): false on another length or a digit that is not
  // 0-9a-f (an x or z bit) or does not fit.
  static bool from_hex(const std::string& s, int width, Bits* b);
};

// One flit: {kind, broadcast, dest, origin, payload}, as Config::layout() places them. A
// piece of a split pmnb packet is a broadcast flit whose dest field is the piece's index. A
// kbcast control word (kind 1 counter, 2 termination) carries its value in {dest, origin}: it is
// decoded as origin = the value, dest = -2 or -3, the exchange format's rows. A combining task's flit carries a partial sum
// of chunk dest; its broadcast bit marks a word passed on, whose origin field is the lane the
// sender received it on, and otherwise the origin field is 1 for a moved partial, 0 a copy.
struct Flit {
  uint32_t origin;
  int32_t dest;  // -1 for a broadcast packet
  std::string payload_hex;
  bool broadcast;
};

class Bench {
 public:
  Bench(const Config& cfg, uint32_t seed);

  // Decodes lane `lane` of a per-port bus of flits.
  Flit decode(const Bits& bus, int lane) const;

  // One node in one cycle of a run (cycle >= 1; 0 outside a run): records the transfers on its
  // outgoing links (slot = cycle - wire_delay, 0 outside a run so that any stray transfer
  // breaks the diff) and its deliveries (the reception slot, cycle - 1).
  void observe(uint32_t cycle, int wire_delay, uint32_t node, const Bits& tx_valid, const Bits& tx_flit,
               const Bits& dlv_valid, const Bits& dlv_flit);
  // Answers the requests a node shows in a cycle: writes the requested own packets into
  // *next_inj, to be driven on inj_flit in the next cycle.
  void answer(uint32_t node, const Bits& inj_req, const Bits& inj_dest, Bits* next_inj) const;

  // The same for one lane (port) of a node, with single-lane vectors: what its link carried
  // and what its local port delivered in the cycle, and the own packet it requested, written
  // into *flit (zeroed first).
  void observe_lane(uint32_t cycle, int wire_delay, uint32_t node, int port, bool tx_valid, const Bits& tx_flit,
                    bool dlv_valid, const Bits& dlv_flit);
  void answer_lane(uint32_t node, int port, bool req, const Bits& dest, Bits* flit) const;

  // Sorts and writes the logs (wire log in the exchange format; deliveries in the golden
  // file's format: "slot node origin dest payload", or for a combining task "slot node chunk
  // value"; returns false on I/O error).
  bool write_wire_log(const std::string& path) const;
  bool write_deliveries(const std::string& path) const;

  // The verdict: compares both logs with the golden files (comment lines aside), checks every
  // value a combining task delivered against the op over all nodes' contributions, computed
  // here from the seed (reduce_op.h), and checks done and err; prints "PASS topo=... task=...
  // cycles=C slots=S log=PATH", or "FAIL ..." with every check that failed, the first
  // differing lines first. Returns the process exit status.
  int finish(const std::string& golden_dir, const std::string& out_dir, bool done, bool err, uint32_t cycles);

  const Config& config() const { return cfg_; }

 private:
  void own_packet(Bits& bus, int lane, uint32_t node, bool broadcast, uint32_t dest) const;
  // Records port p's transfer (the flit in lane tx_lane of tx_flit) and delivery.
  void record(uint32_t cycle, int wire_delay, uint32_t node, int port, bool tx_valid, const Bits& tx_flit, int tx_lane,
              bool dlv_valid, const Bits& dlv_flit, int dlv_lane);
  // Writes the own packet a request {broadcast, dest} (lane dest_lane of inj_dest) asks for
  // into lane `lane` of *bus.
  void own_request(uint32_t node, const Bits& inj_dest, int dest_lane, Bits* bus, int lane) const;
  // The exchange format's origin of a flit node sent: the packet's origin, or for a
  // combining task -1 (moved), -2 (copied) or the neighbour the word came from.
  long long wire_origin(uint32_t node, const Flit& f) const;
  // A combining task's whole sum of chunk k, as hex digits (computed once per chunk).
  const std::string& expected_sum(uint32_t chunk);
  struct WireRow {
    uint32_t slot, src, dst;
    long long origin;
    int32_t dest;
  };
  struct DeliveryRow {
    uint32_t slot, node, origin;
    int32_t dest;
    std::string payload;
  };
  Config cfg_;
  uint32_t seed_;
  std::vector<WireRow> wires_;
  std::vector<DeliveryRow> deliveries_;
  std::vector<std::string> sums_;  // expected_sum's cache, "" until computed
  std::string wrong_value_;        // the first delivered value that differs from the whole sum
};

// Compares two files line by line, ignoring lines that start with '#'. Returns true when equal;
// otherwise *why names the first differing line of each.
bool same_lines(const std::string& golden, const std::string& got, std::string* why);

// "+name=value" from the command line, or def.
std::string plusarg(int argc, char** argv, const std::string& name, const std::string& def);

}  // namespace tb

#endif
