/* flit_layout.h — which bits of a link word of the ROM fabric are what, written once for the
 * generator (rtl_gen: the flit's width, the benches' pattern width, the fields its routers
 * print) and the test benches (sim/: decoding and building flits). Header-only C that also
 * compiles as C++, like payload.h; here rather than in rtl_gen/ because the benches are
 * compiled with -Icmodel already.
 *
 * A tagged flit is {kind, broadcast, dest, origin, payload}: the W-bit payload from bit 0,
 * origin and dest of A bits each (A: the id width), the broadcast bit, and a word-kind field of
 * K bits on top (K = 2 in a fabric with kbcast's control words, else 0). A bare flit (rtl_gen
 * --flit bare) is the W-bit payload alone; the benches carry {broadcast, dest, origin} in its
 * top 2A+1 bits, so seen by the benches a bare flit is a tagged one whose payload (the pattern
 * of golden/deliveries.tsv) has W-2A-1 bits and which has no kind field. */
#ifndef ROMNOC_FLIT_LAYOUT_H
#define ROMNOC_FLIT_LAYOUT_H

/* The fields of a flit as the benches see it (see above). */
typedef struct {
  int pattern_width; /* the payload, bits [pattern_width-1:0] */
  int id_width;      /* origin and dest */
  int origin_lsb, dest_lsb, broadcast_bit;
  int kind_lsb, kind_width; /* kind_width 0: no kind field */
  int width;                /* the whole flit */
} romnoc_flit_layout;

/* The tags {broadcast, dest, origin} of a flit with id_width-bit node ids: 2*id_width + 1 bits. */
static inline int romnoc_flit_tag_bits(int id_width) { return 1 + 2 * id_width; }

/* The width of a flit with a payload_width-bit payload: bare (nonzero), the payload alone; else
 * the kind field (kind_width bits), the tags and the payload. */
static inline int romnoc_flit_width(int id_width, int payload_width, int kind_width, int bare) {
  return bare ? payload_width : kind_width + romnoc_flit_tag_bits(id_width) + payload_width;
}

/* The payload bits that are the pseudo-random pattern: all of them in a tagged flit, the ones
 * below the benches' tags in a bare one. */
static inline int romnoc_flit_pattern_width(int id_width, int payload_width, int bare) {
  return bare ? payload_width - romnoc_flit_tag_bits(id_width) : payload_width;
}

/* The layout of a flit_width-bit flit with a pattern_width-bit pattern and id_width-bit ids:
 * the tags above the pattern, the kind field whatever is left above them. */
static inline romnoc_flit_layout romnoc_flit_layout_of(int id_width, int pattern_width, int flit_width) {
  romnoc_flit_layout l;
  l.pattern_width = pattern_width;
  l.id_width = id_width;
  l.origin_lsb = pattern_width;
  l.dest_lsb = pattern_width + id_width;
  l.broadcast_bit = pattern_width + 2 * id_width;
  l.kind_lsb = l.broadcast_bit + 1;
  l.kind_width = flit_width - l.kind_lsb;
  l.width = flit_width;
  return l;
}

#endif
