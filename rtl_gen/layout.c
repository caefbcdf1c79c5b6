/* layout.c — datapath widths and ROM word layout (see layout.h). */
#include "layout.h"

int layout_clog2(uint64_t n) {
  int b = 0;
  while ((1ull << b) < n) b++;
  return b;
}

static field take(int *next, int width) {
  field f = {*next, width};
  *next += width;
  return f;
}

void layout_compute(rom_layout *l, const ir_fabric *f, int payload_width) {
  *l = (rom_layout){0};
  l->ports = f->topo.ports;
  l->id_width = f->topo.ndims;
  l->payload_width = payload_width;
  l->flit_width = 1 + 2 * l->id_width + payload_width;
  l->mem_depth = (int)f->mem_depth;
  if (f->mem_depth) {
    l->mem_entries = 2;
    while ((uint32_t)l->mem_entries < f->mem_depth) l->mem_entries *= 2;
    l->mem_addr_width = layout_clog2((uint64_t)l->mem_entries);
  }
  l->lane_width = layout_clog2((uint64_t)l->ports);
  for (uint32_t p = 0; p < f->nprograms; p++)
    for (uint32_t c = 1; c <= f->cycles; c++)
      for (int q = 0; q < l->ports; q++) {
        uint8_t src = f->programs[p].words[c].out[q].src;
        l->has_local |= src == IR_SRC_LOCAL;
        l->has_rx_forward |= src == IR_SRC_RX;
      }
  l->cycle_width = layout_clog2((uint64_t)f->cycles + 2);
  l->rom_entries = 1u << l->cycle_width;
  int arg_width = l->has_rx_forward ? l->lane_width : 0;
  if (l->mem_addr_width > arg_width) arg_width = l->mem_addr_width;
  int next = 0;
  for (int q = 0; q < l->ports; q++) {
    port_fields *pf = &l->port[q];
    pf->src = take(&next, 2);
    pf->arg = take(&next, arg_width);
    pf->inj_bcast = take(&next, l->has_local ? 1 : 0);
    pf->inj_dest = take(&next, l->has_local ? l->id_width : 0);
    pf->expect = take(&next, 1);
    pf->deliver = take(&next, 1);
    pf->store = take(&next, l->mem_depth ? 1 : 0);
    pf->addr = take(&next, l->mem_addr_width);
  }
  l->word_width = next;
}

static void put(uint32_t *words, field f, uint32_t value) {
  for (int b = 0; b < f.width; b++)
    if (value >> b & 1) words[(f.lsb + b) / 32] |= 1u << ((f.lsb + b) % 32);
}

void layout_pack(const rom_layout *l, const ir_word *w, uint32_t *words) {
  for (int q = 0; q < l->ports; q++) {
    const port_fields *pf = &l->port[q];
    put(words, pf->src, w->out[q].src);
    put(words, pf->arg, w->out[q].arg);
    put(words, pf->inj_bcast, w->out[q].inj_bcast);
    put(words, pf->inj_dest, w->out[q].inj_dest);
    put(words, pf->expect, w->in[q].expect);
    put(words, pf->deliver, w->in[q].deliver);
    put(words, pf->store, w->in[q].store);
    put(words, pf->addr, w->in[q].addr);
  }
}
