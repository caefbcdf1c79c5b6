// rt_check.cpp — the checks of the run-time routers' benches (see rt_check.h).
#include "rt_check.h"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <utility>

#include "model/payload.h"
#include "sim_config.h"
#ifndef RN_OWN_AT_START
#define RN_OWN_AT_START 0  // the own packet is asked for with inj_req_o (the kbcast router)
#endif
#ifndef RN_PIECES
#define RN_PIECES 1  // whole packets
#endif

namespace rt {

namespace {
enum Kind { kCounter = 0, kDataUp = 1, kDataDown = 2, kEnd = 3 };
}  // namespace

bool parse_active(const std::string& list, std::vector<bool>* set) {
  set->assign(RN_NODES, false);
  std::stringstream in(list);
  std::string part;
  while (std::getline(in, part, ',')) {
    size_t dash = part.find('-');
    unsigned long lo, hi;
    try {
      lo = std::stoul(part.substr(0, dash));
      hi = dash == std::string::npos ? lo : std::stoul(part.substr(dash + 1));
    } catch (...) {
      return false;
    }
    if (lo > hi || hi >= RN_NODES) return false;
    for (unsigned long u = lo; u <= hi; u++) (*set)[u] = true;
  }
  return true;
}

bool read_meta(const std::string& path, std::vector<std::string>* meta, std::string* active) {
  std::ifstream in(path);
  std::string line;
  meta->clear();
  active->clear();
  while (std::getline(in, line) && !line.empty() && line[0] == '#') {
    if (line.rfind("# Generated", 0) == 0 || line.rfind("# generator", 0) == 0 || line.find('=') == std::string::npos) continue;
    meta->push_back(line);
    if (line.rfind("# active=", 0) == 0) *active = line.substr(9);
  }
  return !active->empty();
}

Runs::Runs(uint32_t seed, std::string tag) : seed_(seed), tag_(std::move(tag)), active_(RN_NODES, false) {}

bool Runs::open(const std::string& runs_file) {
  list_.open(runs_file);
  if (list_) return true;
  std::printf("FAIL topo=%s task=%s arch=%s: cannot read %s\n", RN_TOPO, RN_TASK, RN_ARCH, runs_file.c_str());
  return false;
}

bool Runs::next() {
  std::string active;
  while (std::getline(list_, dir_)) {
    if (dir_.empty()) continue;
    runs_++;
    if (!read_meta(dir_ + "/golden/wire.tsv", &meta_, &active) || !parse_active(active, &active_)) {
      std::printf("FAIL run=%s: no usable '# active=' line in golden/wire.tsv\n", dir_.c_str());
      failed_++;
      continue;
    }
    k_ = (uint32_t)std::count(active_.begin(), active_.end(), true);
    bound_ = RN_RUN_BOUND(k_);
    wires_.clear();
    deliveries_.clear();
    return true;
  }
  return false;
}

void Runs::local(uint32_t node, bool req, int pre, bool* we, tb::Bits* p) const {
  std::fill(p->words.begin(), p->words.end(), 0u);
  *we = RN_INJ_WRITE && pre >= 0 && pre < (int)RN_NODES && (uint32_t)pre != node && active_[node];
  if (!*we && !(req || (RN_OWN_AT_START && active_[node]))) return;
  // the mailbox: {dest, payload}; else {origin, payload}, or {origin, the pieces' payloads}
  const int pieces = *we ? 1 : RN_PIECES;
  for (int k = 0; k < pieces; k++) {
    const int32_t dest = *we ? pre : RN_PIECES > 1 ? k : -1;
    for (int i = 0; i < RN_PAYLOAD_WIDTH; i += 32)
      p->set(k * RN_PAYLOAD_WIDTH + i, std::min(32, RN_PAYLOAD_WIDTH - i),
             romnoc_payload_word(seed_, node, dest, (uint32_t)i / 32));
  }
  p->set(pieces * RN_PAYLOAD_WIDTH, RN_ID_WIDTH, *we ? (uint32_t)pre : node);
}

void Runs::lane(uint32_t cycle, uint32_t node, uint32_t lane, bool tx_valid, const tb::Bits& tx, int tx_lsb, bool dlv_valid,
                const tb::Bits& dlv, int dlv_lsb) {
  uint32_t slot = cycle ? cycle / RN_SLOT_CYCLES - RN_WIRE_DELAY : 0;
  if (tx_valid) {
    int kind = (int)tx.get(tx_lsb + RN_ID_WIDTH + RN_PAYLOAD_WIDTH, 2);  // above {origin, payload}
    uint32_t origin = (uint32_t)tx.get(tx_lsb + RN_PAYLOAD_WIDTH, RN_ID_WIDTH);
    long long shown = kind == kCounter ? (long long)tx.get(tx_lsb, RN_COUNT_WIDTH) : (long long)origin;
    int dest = kind == kCounter ? -2 : kind == kEnd ? -3 : -1;
#ifdef RN_DEST_LSB  // personalized packets carry their destination
    if (kind != kCounter) dest = (int)tx.get(tx_lsb + RN_DEST_LSB, RN_ID_WIDTH);
#endif
#ifdef RN_PIECE_WIDTH  // a piece's index is the flit's top bits
    if (kind != kCounter) dest = (int)tx.get(tx_lsb + RN_FLIT_WIDTH - RN_PIECE_WIDTH, RN_PIECE_WIDTH);
#endif
    static const int64_t dst[] = RN_LANE_DST;
    wires_.push_back({slot, node, (uint32_t)dst[node * RN_PORTS + lane], shown, dest});
  }
#ifdef RN_PIECE_WIDTH  // a delivery is {piece, origin, payload}
  const int piece = dlv_valid ? (int)dlv.get(dlv_lsb + RN_PAYLOAD_WIDTH + RN_ID_WIDTH, RN_PIECE_WIDTH) : -1;
#else
  const int piece = -1;
#endif
  if (dlv_valid)
    deliveries_.push_back({slot, node, (uint32_t)dlv.get(dlv_lsb + RN_PAYLOAD_WIDTH, RN_ID_WIDTH), piece,
                           dlv.hex(dlv_lsb, RN_PAYLOAD_WIDTH)});
}

// The logs of the run in the golden files' formats, with the golden wire file's metadata
// (topo, task, model, the active set) so that cmodel verify can check the wire log alone.
bool Runs::write_logs() {
  std::sort(wires_.begin(), wires_.end(), [](const WireRow& a, const WireRow& b) {
    if (a.slot != b.slot) return a.slot < b.slot;
    if (a.src != b.src) return a.src < b.src;
    return a.dst < b.dst;
  });
  std::sort(deliveries_.begin(), deliveries_.end(), [](const DeliveryRow& a, const DeliveryRow& b) {
    if (a.slot != b.slot) return a.slot < b.slot;
    if (a.node != b.node) return a.node < b.node;
    if (a.origin != b.origin) return a.origin < b.origin;
    return a.piece < b.piece;
  });
  std::ofstream w(dir_ + "/wire.tsv"), d(dir_ + "/deliveries.tsv");
  w << "# wire log of the simulated run-time " RN_TASK " fabric\n";
  for (const std::string& m : meta_) w << m << "\n";
  w << "slot\tsrc\tdst\torigin\tdest\n";
  for (const WireRow& r : wires_) w << r.slot << '\t' << r.src << '\t' << r.dst << '\t' << r.origin << '\t' << r.dest << '\n';
  d << "# packets handed to the local ports: reception slot, node, packet, payload\nslot\tnode\torigin\tdest\tpayload\n";
#ifdef RN_DEST_LSB
  const bool personalized = true;  // a packet is handed over at its destination
#else
  const bool personalized = false;
#endif
  for (const DeliveryRow& r : deliveries_)
    d << r.slot << '\t' << r.node << '\t' << r.origin << '\t' << (personalized ? (long long)r.node : (long long)r.piece) << '\t'
      << r.payload << '\n';
  return (bool)w && (bool)d;
}

void Runs::verdict(bool done, uint32_t cycles, bool err) {
  std::string why, reasons;
  auto add = [&reasons](const std::string& r) { reasons += (reasons.empty() ? "" : "; ") + r; };
  if (!write_logs()) add("cannot write the logs in " + dir_);
  if (!tb::same_lines(dir_ + "/golden/wire.tsv", dir_ + "/wire.tsv", &why)) add(why);
  if (!tb::same_lines(dir_ + "/golden/deliveries.tsv", dir_ + "/deliveries.tsv", &why)) add(why);
  if (!done) add("the fabric did not raise done within " + std::to_string(cycles) + " cycles");
  else if (cycles > bound_)
    add("done after " + std::to_string(cycles) + " cycles, beyond " RN_BOUND_TEXT " = " + std::to_string(bound_));
  if (err) add("a router raised err_o (FIFO overflow or traffic the protocol rules out)");
  max_cycles_ = std::max(max_cycles_, cycles);
  max_bound_ = std::max(max_bound_, bound_);
  if (reasons.empty()) std::printf("ok run=%s k=%u cycles=%u bound=%u\n", dir_.c_str(), k_, cycles, bound_);
  else {
    std::printf("FAIL run=%s k=%u: %s\n", dir_.c_str(), k_, reasons.c_str());
    failed_++;
  }
}

int Runs::finish() const {
  const bool fail = failed_ || !runs_;
  std::printf("%s topo=%s task=%s arch=%s runs=%d failed=%d max_cycles=%u max_bound=%u%s\n", fail ? "FAIL" : "PASS",
              RN_TOPO, RN_TASK, RN_ARCH, runs_, failed_, max_cycles_, max_bound_, tag_.c_str());
  std::fflush(stdout);
  return fail ? 1 : 0;
}

}  // namespace rt
