/* banks.c — per-reader 1R1W memory banks (see banks.h). */
#include "banks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_verilog.h"

/* One copy of a value in a bank of the reader that reads it later. */
typedef struct {
  uint32_t written, last; /* written for slot `written`; last read for slot `last` */
  uint8_t reader, writer, sub;
  uint32_t addr;
} bank_copy;

static int by_write(const void *a, const void *b) {
  const bank_copy *x = a, *y = b;
  if (x->reader != y->reader) return x->reader < y->reader ? -1 : 1;
  if (x->written != y->written) return x->written < y->written ? -1 : 1;
  return x->writer < y->writer ? -1 : x->writer > y->writer;
}

/* Sub-banks and addresses for the copies. A copy is written at the end of cycle written+1 and
 * its last read address leaves at the end of cycle last-1. Within a reader a copy takes the
 * lowest sub-bank with no other write in its cycle (one write port per sub-bank; reads never
 * collide, a reader reads one value per slot); within the sub-bank the lowest address whose
 * occupant was last read before this write. Returns 0, -1 (out of memory) or -2 (too many
 * sub-banks). */
static int allocate(bank_copy *c, size_t n, uint32_t depth[BANKS_MAX_READERS][BANKS_MAX_SUB]) {
  qsort(c, n, sizeof *c, by_write);
  uint32_t last_write[BANKS_MAX_SUB];
  for (size_t i = 0; i < n; i++) {
    if (i == 0 || c[i].reader != c[i - 1].reader)
      for (int k = 0; k < BANKS_MAX_SUB; k++) last_write[k] = UINT32_MAX;
    int k = 0;
    while (k < BANKS_MAX_SUB && last_write[k] == c[i].written) k++;
    if (k == BANKS_MAX_SUB) return -2;
    last_write[k] = c[i].written;
    c[i].sub = (uint8_t)k;
  }
  size_t readers = n ? (size_t)c[n - 1].reader + 1 : 1; /* sorted by reader */
  uint32_t *busy_until = malloc(readers * BANKS_MAX_SUB * (n ? n : 1) * sizeof *busy_until);
  if (!busy_until) return -1;
  for (size_t i = 0; i < n; i++) {
    uint32_t *d = &depth[c[i].reader][c[i].sub], a = 0;
    uint32_t *busy = busy_until + (size_t)(c[i].reader * BANKS_MAX_SUB + c[i].sub) * n;
    uint32_t write_cycle = c[i].written + 1;
    while (a < *d && busy[a] >= write_cycle) a++;
    if (a == *d) (*d)++;
    busy[a] = c[i].last - 1; /* the cycle its last read address is sampled */
    c[i].addr = a;
  }
  free(busy_until);
  return 0;
}

static size_t find_copy(const bank_copy *c, size_t n, const bank_read *r) {
  size_t j = 0;
  while (j < n && !(c[j].written == r->written && c[j].writer == r->writer && c[j].reader == r->reader)) j++;
  return j;
}

int banks_plan_program(bank_set *b, uint32_t u, const bank_read *reads, size_t nreads, bank_op **ops, size_t *nops,
                       uint8_t *sub, char *err, size_t errlen) {
  *ops = NULL;
  *nops = 0;
  if (!nreads) return 0;
  bank_copy *c = malloc(nreads * sizeof *c);
  uint32_t depth[BANKS_MAX_READERS][BANKS_MAX_SUB] = {{0}};
  size_t n = 0;
  int rc = -1;
  if (!c) goto out;
  for (size_t i = 0; i < nreads; i++) { /* one copy per (write, reader) */
    size_t j = find_copy(c, n, &reads[i]);
    if (j == n) c[n++] = (bank_copy){reads[i].written, reads[i].slot, reads[i].reader, reads[i].writer, 0, 0};
    else if (reads[i].slot > c[j].last) c[j].last = reads[i].slot;
  }
  if ((rc = allocate(c, n, depth)) || !(*ops = malloc((n + nreads) * sizeof **ops))) {
    rc = rc ? rc : -1;
    goto out;
  }
  for (size_t i = 0; i < n; i++) *(*ops + (*nops)++) = (bank_op){c[i].written, c[i].reader, c[i].sub, c[i].writer, 1, c[i].addr};
  for (size_t i = 0; i < nreads; i++) {
    const bank_copy *x = &c[find_copy(c, n, &reads[i])];
    sub[i] = x->sub;
    *(*ops + (*nops)++) = (bank_op){reads[i].slot, x->reader, x->sub, x->writer, 0, x->addr};
  }
  /* fold into what the shared router must provide */
  for (size_t i = 0; i < *nops; i++) {
    const bank_op *op = &(*ops)[i];
    if (op->sub + 1 > b->subbanks[op->reader]) b->subbanks[op->reader] = op->sub + 1;
    if (op->is_write) b->writers[op->reader][op->sub] |= 1u << op->writer;
  }
  for (int r = 0; r < BANKS_MAX_READERS; r++)
    for (int k = 0; k < BANKS_MAX_SUB; k++)
      if (depth[r][k] > b->depth[r][k]) b->depth[r][k] = depth[r][k];
  rc = 0;
out:
  if (rc == -2) snprintf(err, errlen, "router %u needs more than %d memory banks for one lane", (unsigned)u, BANKS_MAX_SUB);
  else if (rc) snprintf(err, errlen, "out of memory planning router %u", (unsigned)u);
  free(c);
  return rc ? -1 : 0;
}

int banks_layout_reader(bank_set *b, int r, int *next) {
  int used = 0;
  for (int k = 0; k < b->subbanks[r]; k++) {
    bank_info *bk = &b->bank[r][k];
    bk->entries = 2;
    while ((uint32_t)bk->entries < b->depth[r][k]) bk->entries *= 2;
    bk->addr_width = rtl_clog2((uint64_t)bk->entries);
    bk->nwriters = 0;
    for (int q = 0; q < BANKS_MAX_WRITERS; q++)
      if (b->writers[r][k] >> q & 1) bk->writer[bk->nwriters++] = (uint8_t)q;
    used += (int)b->depth[r][k];
  }
  for (int k = 0; k < b->subbanks[r]; k++) {
    bank_info *bk = &b->bank[r][k];
    bk->we = rom_field_take(next, 1);
    bk->wsel = rom_field_take(next, bk->shared_write ? 0 : rtl_clog2((uint64_t)bk->nwriters));
    bk->waddr = rom_field_take(next, bk->addr_width);
    bk->raddr = rom_field_take(next, bk->addr_width);
  }
  return used;
}

void banks_fields(const bank_set *b, int part, rom_field *out, size_t *n, size_t max) {
  for (int r = 0; r < BANKS_MAX_READERS; r++)
    for (int k = 0; k < b->subbanks[r]; k++) {
      const bank_info *bk = &b->bank[r][k];
      const rom_field rx[] = {bk->we, bk->wsel, bk->waddr};
      if (part == ROM_PART_REQ) {
        if (*n < max) out[*n] = bk->raddr;
        ++*n;
      }
      for (size_t i = 0; part == ROM_PART_RX && i < 3; i++, ++*n)
        if (*n < max) out[*n] = rx[i];
    }
}

static uint32_t writer_index(const bank_info *b, uint8_t writer) {
  uint32_t i = 0;
  while (b->writer[i] != writer) i++;
  return i;
}

void banks_pack(const bank_set *b, const bank_op *ops, size_t nops, uint32_t r, uint32_t *words) {
  for (size_t i = 0; i < nops; i++) {
    const bank_op *op = &ops[i];
    const bank_info *bk = &b->bank[op->reader][op->sub];
    if (op->is_write && op->slot + 1 == r) {
      rom_field_put(words, bk->we, 1);
      rom_field_put(words, bk->wsel, writer_index(bk, op->writer));
      rom_field_put(words, bk->waddr, op->addr);
    } else if (!op->is_write && op->slot == r + 1) {
      rom_field_put(words, bk->raddr, op->addr);
    }
  }
}

void banks_memories(bank_set *b, int r, arch_memory *m, size_t *n) {
  for (int k = 0; k < b->subbanks[r]; k++, (*n)++)
    m[*n] = (arch_memory){b->width, (uint32_t)b->bank[r][k].entries, &b->bank[r][k].block_ram};
}

void banks_emit(vwriter *w, const router_shape *sh, const bank_set *b, int r, int k, const char *name, const char *comment,
                const char *(*writer_expr)(char *buf, size_t len, const void *ctx, int writer), const void *ctx) {
  const bank_info *bk = &b->bank[r][k];
  int bw = b->width;
  char a[64], c[64], e[64];
  vw_blank(w);
  vw_line(w, "%s", comment);
  const char *mem = vw_ident(w, "bank_%s_%d_q", name, k), *rd = vw_ident(w, "bank_%s_%d_rd_q", name, k);
  const char *wd = vw_ident(w, "bank_%s_%d_wdata", name, k);
  vw_line(w, "%sreg [%d:0] %s [0:%d];", memory_attributes(bk->block_ram, (uint32_t)bk->entries), bw - 1, mem, bk->entries - 1);
  vw_line(w, "reg [%d:0] %s;", bw - 1, rd);
  if (bk->nwriters == 1 || bk->shared_write) {
    vw_line(w, "wire [%d:0] %s = %s;", bw - 1, wd, writer_expr(e, sizeof e, ctx, bk->shared_write ? BANKS_SHARED : bk->writer[0]));
  } else {
    vw_line(w, "reg [%d:0] %s;", bw - 1, wd);
    vw_open(w, "always @(*) begin");
    vw_open(w, "case (%s)", slice(a, sizeof a, "rom_data_i", bk->wsel.lsb, bk->wsel.width));
    for (int i = 0; i + 1 < bk->nwriters; i++)
      vw_line(w, "%d'd%d: %s = %s;", bk->wsel.width, i, wd, writer_expr(e, sizeof e, ctx, bk->writer[i]));
    vw_line(w, "default: %s = %s;", wd, writer_expr(e, sizeof e, ctx, bk->writer[bk->nwriters - 1]));
    vw_close(w, "endcase");
    vw_close(w, "end");
  }
  const char *gate = sh->quiet_idle_word ? "" : "running && "; /* arch.h */
  vw_open(w, "%s begin", clocked(sh));
  vw_line(w, "if (%s%s) %s[%s] <= %s;", gate, slice(a, sizeof a, "rom_data_i", bk->we.lsb, bk->we.width), mem,
          slice(c, sizeof c, "rom_data_i", bk->waddr.lsb, bk->waddr.width), wd);
  vw_line(w, "%s <= %s[%s];", rd, mem, slice(a, sizeof a, "rom_data_i", bk->raddr.lsb, bk->raddr.width));
  vw_close(w, "end");
}
