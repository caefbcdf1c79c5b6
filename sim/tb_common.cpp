// tb_common.cpp — simulator-independent test bench logic (see tb_common.h).
#include "tb_common.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "model/payload.h"
#include "model/reduce_op.h"

namespace tb {

// Both walk the field a 32-bit word at a time.
uint64_t Bits::get(int lsb, int width) const {
  uint64_t v = 0;
  for (int got = 0; got < width;) {
    int i = lsb + got, off = i % 32, n = std::min(32 - off, width - got);
    uint64_t mask = n == 32 ? 0xffffffffull : ((1ull << n) - 1);
    v |= ((uint64_t)(words[(size_t)i / 32] >> off) & mask) << got;
    got += n;
  }
  return v;
}

void Bits::set(int lsb, int width, uint64_t value) {
  for (int put = 0; put < width;) {
    int i = lsb + put, off = i % 32, n = std::min(32 - off, width - put);
    uint32_t mask = (uint32_t)((n == 32 ? 0xffffffffull : ((1ull << n) - 1)) << off);
    uint32_t& w = words[(size_t)i / 32];
    w = (w & ~mask) | ((uint32_t)((value >> put) << off) & mask);
    put += n;
  }
}

std::string Bits::hex(int lsb, int width) const {
  int digits = (width + 3) / 4;
  std::string s((size_t)digits, '0');
  for (int d = 0; d < digits; d++) {
    int n = std::min(4, width - 4 * d);
    s[(size_t)(digits - 1 - d)] = "0123456789abcdef"[get(lsb + 4 * d, n)];
  }
  return s;
}

bool Bits::from_hex(const std::string& s, int width, Bits* b) {
  if (s.size() != (size_t)(width + 3) / 4) return false;
  *b = Bits(width);
  for (size_t i = 0; i < s.size(); i++) {
    int lsb = 4 * (int)(s.size() - 1 - i), n = std::min(4, width - lsb);
    size_t d = std::string("0123456789abcdef").find(s[i]);
    if (d == std::string::npos || (d >> n) != 0) return false;
    b->set(lsb, n, d);
  }
  return true;
}

uint32_t Config::destination(uint32_t u, uint32_t dest) const {
  if (translation == "xor") return u ^ dest;
  if (translation != "add") return dest;
  uint32_t id = 0, stride = 1;  // coordinate-wise (u_i + dest_i) mod K_i
  for (uint32_t k : radices) {
    id += ((u / stride % k + dest / stride % k) % k) * stride;
    stride *= k;
  }
  return id;
}

namespace {

// The "#define RN_NAME VALUE" lines of a sim_config.h, by NAME (without RN_), VALUE as written.
std::vector<std::pair<std::string, std::string>> config_defines(std::ifstream& in) {
  std::vector<std::pair<std::string, std::string>> defs;
  std::string line;
  const std::string prefix = "#define RN_";
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) != 0) continue;
    const size_t space = line.find(' ', prefix.size());
    if (space == std::string::npos) continue;  // a name without a value
    defs.emplace_back(line.substr(prefix.size(), space - prefix.size()), line.substr(space + 1));
  }
  return defs;
}

// VALUE as a number, a string without its quotes, or a {list} of numbers; false if it is not one.
bool parse_number(const std::string& v, long long* out) {
  size_t used = 0;
  try {
    *out = std::stoll(v, &used);
  } catch (const std::exception&) {
    return false;
  }
  return used == v.size();
}
bool parse_string(const std::string& v, std::string* out) {
  if (v.size() < 2 || v.front() != '"' || v.back() != '"') return false;
  *out = v.substr(1, v.size() - 2);
  return true;
}
template <typename T>
bool parse_list(const std::string& v, std::vector<T>* out) {
  if (v.size() < 2 || v.front() != '{' || v.back() != '}') return false;
  std::stringstream items(v.substr(1, v.size() - 2));
  std::string item;
  long long n = 0;
  out->clear();
  while (std::getline(items, item, ',')) {
    item.erase(0, item.find_first_not_of(' '));
    if (!parse_number(item, &n)) return false;
    out->push_back((T)n);
  }
  return true;
}

}  // namespace

bool read_config(const std::string& path, Config* cfg, std::string* why) {
  std::ifstream in(path);
  if (!in) {
    *why = "cannot read " + path;
    return false;
  }
  const auto defs = config_defines(in);
  auto value = [&](const char* name) -> const std::string* {
    for (const auto& d : defs)
      if (d.first == name) return &d.second;
    return nullptr;
  };
  std::string bad;  // the first value missing or not what the generator writes
  auto need = [&](bool good, const char* name) {
    if (!good && bad.empty()) bad = name;
  };
  // a string or a number; def when the file has no such line (nullptr, -1: the line is required)
  auto text = [&](const char* name, const char* def) {
    const std::string* v = value(name);
    std::string s = def ? def : "";
    need(v ? parse_string(*v, &s) : def != nullptr, name);
    return s;
  };
  auto number = [&](const char* name, long long def) {
    const std::string* v = value(name);
    long long n = def;
    need(v ? parse_number(*v, &n) : def >= 0, name);
    return n;
  };
  auto list = [&](const char* name, auto* out) {
    const std::string* v = value(name);
    need(v && parse_list(*v, out), name);
  };
  cfg->topo = text("TOPO", nullptr);
  cfg->task = text("TASK", nullptr);
  cfg->model = text("MODEL", nullptr);
  cfg->op = text("OP", nullptr);
  cfg->root = number("ROOT", -1);
  cfg->nodes = (uint32_t)number("NODES", -1);
  cfg->ports = (int)number("PORTS", -1);
  cfg->id_width = (int)number("ID_WIDTH", -1);
  cfg->payload_width = (int)number("PATTERN_WIDTH", -1);
  cfg->flit_width = (int)number("FLIT_WIDTH", -1);
  cfg->slots = (uint32_t)number("SLOTS", -1);
  cfg->cycles = (uint32_t)number("CYCLES", -1);
  cfg->translation = text("TRANSLATION", nullptr);
  cfg->active = text("ACTIVE", "");             // only the tasks of an active set have one
  cfg->fraction = (uint32_t)number("FRACTION", 1);  // only a pmnb split into pieces has one
  cfg->flit = text("FLIT", "tagged");
  cfg->words = (uint32_t)number("WORDS", 1);  // only a design with --words M > 1 has one
  cfg->tasks = (uint32_t)number("TASKS", 1);  // only a design of several tasks has one
  cfg->wire_delay = (int)number("WIRE_DELAY", -1);
  cfg->link_delay = (int)number("LINK_DELAY", 1);  // older designs have none: one-cycle links
  cfg->slot_cycles = (int)number("SLOT_CYCLES", cfg->link_delay);  // older designs: the link's
  list("RADICES", &cfg->radices);
  list("NEIGHBORS", &cfg->neighbors);
  need(cfg->neighbors.size() == (size_t)cfg->nodes * (size_t)cfg->ports, "NEIGHBORS");
  if (!bad.empty()) *why = path + ": RN_" + bad + " is missing or not what the generator writes";
  return bad.empty();
}

Bench::Bench(const Config& cfg, uint32_t seed) : cfg_(cfg), seed_(seed) {}

Flit Bench::decode(const Bits& bus, int lane) const {
  const romnoc_flit_layout l = cfg_.layout();
  int base = lane * l.width, aw = l.id_width;
  Flit f;
  f.payload_hex = bus.hex(base, l.pattern_width);
  f.origin = (uint32_t)bus.get(base + l.origin_lsb, aw);
  f.broadcast = bus.get(base + l.broadcast_bit, 1) != 0;
  f.dest = f.broadcast && !cfg_.combines() && !cfg_.pieces() ? -1 : (int32_t)bus.get(base + l.dest_lsb, aw);
  int kind = l.kind_width > 0 ? (int)bus.get(base + l.kind_lsb, l.kind_width) : 0;
  if (kind) {  // a control word: its value fills {dest, origin}; an unknown kind breaks the diff
    f.origin = (uint32_t)bus.get(base + l.origin_lsb, 2 * aw);
    f.dest = kind == 1 ? -2 : kind == 2 ? -3 : -4;
  }
  return f;
}

long long Bench::wire_origin(uint32_t node, const Flit& f) const {
  if (!cfg_.combines()) return f.origin;
  if (f.broadcast) return cfg_.neighbor(node, (int)f.origin);  // passed on: from the lane's neighbour
  return f.origin == 1 ? -1 : f.origin == 0 ? -2 : -3;  // -3: a tag no router writes (breaks the diff)
}

const std::string& Bench::expected_sum(uint32_t chunk) {
  if (sums_.size() <= chunk) sums_.resize(chunk + 1);
  std::string& s = sums_[chunk];
  if (s.empty()) {
    unsigned width = (unsigned)cfg_.payload_width;
    std::vector<uint32_t> acc(romnoc_op_words(width)), x(acc.size());
    std::vector<char> hex(width / 4 + 2);
    romnoc_op op = (romnoc_op)romnoc_op_from_name(cfg_.op.c_str());
    romnoc_op_identity(op, acc.data(), width);
    for (uint32_t u = 0; u < cfg_.nodes; u++) {
      romnoc_contribution(seed_, u, chunk, width, x.data());
      romnoc_op_apply(op, acc.data(), x.data(), width);
    }
    s = romnoc_op_hex(acc.data(), width, hex.data());
  }
  return s;
}

void Bench::own_packet(Bits& bus, int lane, uint32_t node, bool broadcast, uint32_t dest) const {
  const romnoc_flit_layout l = cfg_.layout();
  int base = lane * l.width, w = l.pattern_width, aw = l.id_width;
  // a piece (split pmnb) is named by its index, as the golden model names its payload
  int32_t d = broadcast && !cfg_.pieces() ? -1 : (int32_t)dest;
  for (int i = 0; i < w; i += 32)
    bus.set(base + i, std::min(32, w - i), romnoc_payload_word(seed_, node, d, (uint32_t)i / 32));
  bus.set(base + l.origin_lsb, aw, node);
  bus.set(base + l.dest_lsb, aw, broadcast && !cfg_.pieces() ? 0 : dest);
  bus.set(base + l.broadcast_bit, 1, broadcast);
  if (l.kind_width > 0) bus.set(base + l.kind_lsb, l.kind_width, 0);  // a packet
}

void Bench::record(uint32_t cycle, int wire_delay, uint32_t node, int port, bool tx_valid, const Bits& tx_flit,
                   int tx_lane, bool dlv_valid, const Bits& dlv_flit, int dlv_lane) {
  uint32_t slot = cycle > (uint32_t)wire_delay ? cycle - (uint32_t)wire_delay : 0;
  if (tx_valid) {
    Flit f = decode(tx_flit, tx_lane);
    wires_.push_back({slot, node, (uint32_t)cfg_.neighbor(node, port), wire_origin(node, f), f.dest});
  }
  if (dlv_valid) {
    Flit f = decode(dlv_flit, dlv_lane);
    deliveries_.push_back({cycle ? cycle - 1 : 0, node, f.origin, f.dest, f.payload_hex});
    if (cfg_.combines() && wrong_value_.empty() && f.payload_hex != expected_sum((uint32_t)f.dest))
      wrong_value_ = "node " + std::to_string(node) + " delivered " + f.payload_hex + " as the " + cfg_.op + " of chunk " +
                     std::to_string(f.dest) + ", whose " + cfg_.op + " over every node is " + expected_sum((uint32_t)f.dest);
  }
}

void Bench::observe(uint32_t cycle, int wire_delay, uint32_t node, const Bits& tx_valid, const Bits& tx_flit,
                    const Bits& dlv_valid, const Bits& dlv_flit) {
  for (int p = 0; p < cfg_.ports; p++)
    record(cycle, wire_delay, node, p, tx_valid.get(p, 1) != 0, tx_flit, p, dlv_valid.get(p, 1) != 0, dlv_flit, p);
}

void Bench::observe_lane(uint32_t cycle, int wire_delay, uint32_t node, int port, bool tx_valid, const Bits& tx_flit,
                         bool dlv_valid, const Bits& dlv_flit) {
  record(cycle, wire_delay, node, port, tx_valid, tx_flit, 0, dlv_valid, dlv_flit, 0);
}

void Bench::own_request(uint32_t node, const Bits& inj_dest, int dest_lane, Bits* bus, int lane) const {
  int base = dest_lane * (cfg_.id_width + 1);
  bool broadcast = inj_dest.get(base + cfg_.id_width, 1) != 0;
  uint32_t field = (uint32_t)inj_dest.get(base, cfg_.id_width);  // a piece's index is not translated
  uint32_t dest = broadcast ? (cfg_.pieces() ? field : 0) : cfg_.destination(node, field);
  own_packet(*bus, lane, node, broadcast, dest);
}

void Bench::answer(uint32_t node, const Bits& inj_req, const Bits& inj_dest, Bits* next_inj) const {
  for (int p = 0; p < cfg_.ports; p++)
    if (inj_req.get(p, 1)) own_request(node, inj_dest, p, next_inj, p);
}

void Bench::answer_lane(uint32_t node, int port, bool req, const Bits& dest, Bits* flit) const {
  (void)port;  // the packet does not depend on the lane it leaves on
  std::fill(flit->words.begin(), flit->words.end(), 0u);
  if (req) own_request(node, dest, 0, flit, 0);
}

bool Bench::write_wire_log(const std::string& path) const {
  std::vector<WireRow> rows = wires_;
  std::sort(rows.begin(), rows.end(), [](const WireRow& a, const WireRow& b) {
    if (a.slot != b.slot) return a.slot < b.slot;
    if (a.src != b.src) return a.src < b.src;
    return a.dst < b.dst;
  });
  std::ofstream out(path);
  out << "# wire log of a simulated fabric: every transfer seen on a link\n"
      << "# topo=" << cfg_.topo << "\n# task=" << cfg_.task << "\n# model=" << cfg_.model << "\n# root=" << cfg_.root
      << "\n";
  if (!cfg_.active.empty()) out << "# active=" << cfg_.active << "\n";  // the set cmodel verify checks against
  if (cfg_.pieces()) out << "# fraction=" << cfg_.fraction << "\n";     // what a slot and a row's dest mean
  out << "slot\tsrc\tdst\torigin\tdest\n";
  for (const WireRow& r : rows) out << r.slot << '\t' << r.src << '\t' << r.dst << '\t' << r.origin << '\t' << r.dest << '\n';
  return (bool)out;
}

bool Bench::write_deliveries(const std::string& path) const {
  std::vector<DeliveryRow> rows = deliveries_;
  std::sort(rows.begin(), rows.end(), [](const DeliveryRow& a, const DeliveryRow& b) {
    if (a.slot != b.slot) return a.slot < b.slot;
    if (a.node != b.node) return a.node < b.node;
    if (a.origin != b.origin) return a.origin < b.origin;
    return a.dest < b.dest;
  });
  std::ofstream out(path);
  if (cfg_.combines()) {  // the complete partials: slot, node, chunk, value
    out << "# whole sums handed to the local ports: slot, node, chunk, value\n"
        << "# topo=" << cfg_.topo << "\n# task=" << cfg_.task << "\n# model=" << cfg_.model << "\n# op=" << cfg_.op
        << "\n# seed=" << seed_ << "\n# width=" << cfg_.payload_width << "\nslot\tnode\tchunk\tvalue\n";
    for (const DeliveryRow& r : rows) out << r.slot << '\t' << r.node << '\t' << r.dest << '\t' << r.payload << '\n';
    return (bool)out;
  }
  out << "# packets handed to the local ports: reception slot, node, packet, payload\n"
      << "# topo=" << cfg_.topo << "\n# task=" << cfg_.task << "\n# model=" << cfg_.model << "\n# seed=" << seed_
      << "\n# width=" << cfg_.payload_width
      << "\nslot\tnode\torigin\tdest\tpayload\n";
  for (const DeliveryRow& r : rows)
    out << r.slot << '\t' << r.node << '\t' << r.origin << '\t' << r.dest << '\t' << r.payload << '\n';
  return (bool)out;
}

static bool next_data_line(std::istream& in, std::string* line, long* number) {
  while (std::getline(in, *line)) {
    ++*number;
    if (line->empty() || (*line)[0] != '#') return true;
  }
  return false;
}

bool same_lines(const std::string& golden, const std::string& got, std::string* why) {
  std::ifstream a(golden), b(got);
  if (!a || !b) {
    *why = "cannot read " + (!a ? golden : got);
    return false;
  }
  std::string la, lb;
  long na = 0, nb = 0;
  for (;;) {
    bool ha = next_data_line(a, &la, &na), hb = next_data_line(b, &lb, &nb);
    if (!ha && !hb) return true;
    if (ha && hb && la == lb) continue;
    std::ostringstream s;
    s << got << " differs from " << golden << ": golden line " << na << " '" << (ha ? la : "<end>") << "', got line " << nb
      << " '" << (hb ? lb : "<end>") << "'";
    *why = s.str();
    return false;
  }
}

int Bench::finish(const std::string& golden_dir, const std::string& out_dir, bool done, bool err, uint32_t cycles) {
  std::string wire_log = out_dir + "/wire.tsv", dlv_log = out_dir + "/deliveries.tsv", why, reasons;
  auto add = [&reasons](const std::string& r) { reasons += (reasons.empty() ? "" : "; ") + r; };
  if (!write_wire_log(wire_log) || !write_deliveries(dlv_log)) add("cannot write the logs in " + out_dir);
  else {
    if (!same_lines(golden_dir + "/wire.tsv", wire_log, &why)) add(why);
    if (!same_lines(golden_dir + "/deliveries.tsv", dlv_log, &why)) add(why);
  }
  if (!wrong_value_.empty()) add(wrong_value_);
  if (!done) add("the fabric did not raise done within " + std::to_string(cycles) + " cycles");
  if (err) add("a router raised err_o (a port received when its schedule said nothing would come, or vice versa)");
  std::string head = "topo=" + cfg_.topo + " task=" + cfg_.task + " model=" + cfg_.model;
  if (cfg_.link_delay > 1) head += " link_delay=" + std::to_string(cfg_.link_delay);  // cycles: clock cycles
  if (cfg_.slot_cycles > cfg_.link_delay) head += " slot_cycles=" + std::to_string(cfg_.slot_cycles);  // a pipelined combiner
  if (reasons.empty())
    std::printf("PASS %s cycles=%u slots=%u log=%s\n", head.c_str(), cycles, cfg_.slots, wire_log.c_str());
  else
    std::printf("FAIL %s: %s\n", head.c_str(), reasons.c_str());
  std::fflush(stdout);
  return reasons.empty() ? 0 : 1;
}

std::string plusarg(int argc, char** argv, const std::string& name, const std::string& def) {
  std::string key = "+" + name + "=";
  for (int i = 1; i < argc; i++)
    if (std::string(argv[i]).rfind(key, 0) == 0) return std::string(argv[i]).substr(key.size());
  return def;
}

}  // namespace tb
