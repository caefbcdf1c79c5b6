// sc_bits.h — copying SystemC port values (bool, uint32_t, uint64_t, sc_bv<N>) to and from
// tb::Bits, the test benches' common bit-vector form.
#ifndef ROMNOC_SC_BITS_H
#define ROMNOC_SC_BITS_H

#include <systemc.h>

#include <type_traits>

#include "tb_common.h"

namespace tb {

// The value type of a fabric port (sc_in<T> / sc_out<T> -> T), for the signals a bench binds.
template <class Port>
using port_value_t = typename std::remove_reference<Port>::type::data_type;

inline void load(bool v, Bits* b) { b->words[0] = v; }
inline void load(uint32_t v, Bits* b) { b->words[0] = v; }
inline void load(uint64_t v, Bits* b) {
  b->words[0] = (uint32_t)v;
  if (b->words.size() > 1) b->words[1] = (uint32_t)(v >> 32);
}
template <int N>
inline void load(const sc_bv<N>& v, Bits* b) {
  for (int i = 0; i < (N + 31) / 32 && i < (int)b->words.size(); i++) b->words[(size_t)i] = v.get_word(i);
}

inline void store(const Bits& b, bool* v) { *v = b.words[0] & 1; }
inline void store(const Bits& b, uint32_t* v) { *v = b.words[0]; }
inline void store(const Bits& b, uint64_t* v) {
  *v = b.words[0] | (b.words.size() > 1 ? (uint64_t)b.words[1] << 32 : 0);
}
template <int N>
inline void store(const Bits& b, sc_bv<N>* v) {
  for (int i = 0; i < (N + 31) / 32 && i < (int)b.words.size(); i++) v->set_word(i, b.words[(size_t)i]);
}

}  // namespace tb

#endif
