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

static int bram_cost(int width, uint32_t entries) { return ((width + 15) / 16) * (int)((entries + 255) / 256); }

/* Block RAM for the memories that save the most logic (bits stored), largest first, while the
 * budget lasts; a memory of one entry's worth of bits or less stays in logic. */
static void choose_block_rams(rom_layout *l) {
  int budget = LAYOUT_BRAM_BUDGET;
  for (;;) {
    int best_p = -2, best_k = 0;
    uint64_t best_bits = 0;
    uint64_t rom_bits = (uint64_t)l->word_width * l->rom_entries;
    if (!l->rom_block_ram && rom_bits > best_bits && bram_cost(l->word_width, l->rom_entries) <= budget) {
      best_p = -1;
      best_bits = rom_bits;
    }
    for (int p = 0; p < l->ports; p++)
      for (int k = 0; k < l->subbanks[p]; k++) {
        const bank_fields *b = &l->bank[p][k];
        uint64_t bits = (uint64_t)l->flit_width * (uint64_t)b->entries;
        if (!b->block_ram && bits > best_bits && bram_cost(l->flit_width, (uint32_t)b->entries) <= budget) {
          best_p = p;
          best_k = k;
          best_bits = bits;
        }
      }
    if (best_p == -2) return;
    if (best_p == -1) {
      l->rom_block_ram = 1;
      budget -= bram_cost(l->word_width, l->rom_entries);
    } else {
      l->bank[best_p][best_k].block_ram = 1;
      budget -= bram_cost(l->flit_width, (uint32_t)l->bank[best_p][best_k].entries);
    }
  }
}

/* Banked arch: the sources of each port's multiplexer, the sub-banks and the word layout. */
static void layout_banked(rom_layout *l, const ir_fabric *f) {
  int next = 0, aw = l->id_width;
  l->delayed_lanes = f->delayed_lanes;
  l->cycle_width = layout_clog2((uint64_t)f->cycles + 1); /* the counter runs 0..cycles */
  l->rom_entries = 1u << layout_clog2((uint64_t)f->cycles + 1); /* words 0..cycles */
  for (int p = 0; p < l->ports; p++) {
    port_sources *s = &l->src[p];
    if (f->uses_local[p]) s->kind[s->count++] = IR_SRC_LOCAL;
    for (int q = 0; q < l->ports; q++)
      if (f->uses_rx[p] >> q & 1) {
        s->kind[s->count] = IR_SRC_RX;
        s->arg[s->count++] = (uint8_t)q;
      }
    for (int q = 0; q < l->ports; q++)
      if (f->uses_rxd[p] >> q & 1) {
        s->kind[s->count] = IR_SRC_RXD;
        s->arg[s->count++] = (uint8_t)q;
      }
    l->subbanks[p] = (int)f->subbanks[p];
    for (int k = 0; k < l->subbanks[p]; k++) {
      s->kind[s->count] = IR_SRC_BANK;
      s->arg[s->count++] = (uint8_t)k;
      bank_fields *b = &l->bank[p][k];
      b->entries = 2;
      while ((uint32_t)b->entries < f->bank_depth[p][k]) b->entries *= 2;
      b->addr_width = layout_clog2((uint64_t)b->entries);
      for (int q = 0; q < l->ports; q++)
        if (f->bank_lanes[p][k] >> q & 1) b->lane[b->nlanes++] = (uint8_t)q;
    }
    l->sel[p] = take(&next, s->count ? layout_clog2((uint64_t)s->count + 1) : 0);
    l->req[p] = take(&next, f->uses_local[p] ? 1 : 0);
    l->req_bcast[p] = take(&next, f->uses_local[p] ? 1 : 0);
    l->req_dest[p] = take(&next, f->uses_local[p] ? aw : 0);
    l->expect[p] = take(&next, 1);
    l->deliver[p] = take(&next, 1);
    for (int k = 0; k < l->subbanks[p]; k++) {
      bank_fields *b = &l->bank[p][k];
      b->we = take(&next, 1);
      b->wlane = take(&next, layout_clog2((uint64_t)b->nlanes));
      b->waddr = take(&next, b->addr_width);
      b->raddr = take(&next, b->addr_width);
    }
  }
  l->word_width = next;
  choose_block_rams(l);
}

void layout_compute(rom_layout *l, const ir_fabric *f, int payload_width) {
  *l = (rom_layout){0};
  l->arch = f->arch;
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
  if (f->arch == IR_ARCH_BANKED) {
    layout_banked(l, f);
    return;
  }
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

static int source_index(const port_sources *s, uint8_t kind, uint32_t arg) {
  for (int i = 0; i < s->count; i++)
    if (s->kind[i] == kind && (kind == IR_SRC_LOCAL || s->arg[i] == arg)) return i;
  return -1; /* cannot happen: the sources are collected from the same IR */
}

static uint32_t lane_index(const bank_fields *b, uint8_t lane) {
  uint32_t i = 0;
  while (b->lane[i] != lane) i++;
  return i;
}

void layout_pack(const rom_layout *l, const ir_fabric *f, uint32_t p, uint32_t r, uint32_t *words) {
  const ir_program *prog = &f->programs[p];
  if (l->arch == IR_ARCH_SIMPLE) {
    if (r < 1 || r > f->cycles) return;
    const ir_word *w = &prog->words[r];
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
    return;
  }
  if (r > f->cycles) return;
  for (int q = 0; q < l->ports; q++) {
    if (r >= 1 && r <= f->slots) { /* slot r's transmission */
      const ir_out *o = &prog->words[r].out[q];
      if (o->src != IR_SRC_NONE) put(words, l->sel[q], (uint32_t)source_index(&l->src[q], o->src, o->arg) + 1);
    }
    if (r + 1 <= f->slots && prog->words[r + 1].out[q].src == IR_SRC_LOCAL) { /* slot r+1's own packets */
      const ir_out *o = &prog->words[r + 1].out[q];
      put(words, l->req[q], 1);
      put(words, l->req_bcast[q], o->inj_bcast);
      put(words, l->req_dest[q], o->inj_dest);
    }
    if (r >= 1) { /* slot r-1's receptions */
      put(words, l->expect[q], prog->words[r].in[q].expect);
      put(words, l->deliver[q], prog->words[r].in[q].deliver);
    }
  }
  for (size_t i = 0; i < prog->nbank_ops; i++) {
    const ir_bank_op *op = &prog->bank_ops[i];
    const bank_fields *b = &l->bank[op->port][op->sub];
    if (op->is_write && op->slot + 1 == r) {
      put(words, b->we, 1);
      put(words, b->wlane, lane_index(b, op->lane));
      put(words, b->waddr, op->addr);
    } else if (!op->is_write && op->slot == r + 1) {
      put(words, b->raddr, op->addr);
    }
  }
}
