// vl_bits.h — copying Verilator port values (CData..QData or VlWide<N>) to and from tb::Bits.
#ifndef ROMNOC_VL_BITS_H
#define ROMNOC_VL_BITS_H

#include <type_traits>

#include "tb_common.h"
#include "verilated.h"

namespace tb {

template <class T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
inline void load(const T& v, Bits* b) {
  uint64_t x = (uint64_t)v;
  b->words[0] = (uint32_t)x;
  if (b->words.size() > 1) b->words[1] = (uint32_t)(x >> 32);
}

template <std::size_t N>
inline void load(const VlWide<N>& v, Bits* b) {
  for (std::size_t i = 0; i < N && i < b->words.size(); i++) b->words[i] = v.at(i);
}

template <class T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
inline void store(const Bits& b, T* v) {
  uint64_t x = b.words[0];
  if (b.words.size() > 1) x |= (uint64_t)b.words[1] << 32;
  *v = (T)x;
}

template <std::size_t N>
inline void store(const Bits& b, VlWide<N>* v) {
  for (std::size_t i = 0; i < N && i < b.words.size(); i++) v->at(i) = b.words[i];
}

}  // namespace tb

#endif
