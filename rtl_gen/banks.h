/* banks.h — per-reader memories of the routers that keep values for later slots (banked: packets
 * received now and sent later; combine: partial sums combined now and read later), planned
 * from a program's reads, laid out in the ROM word, packed, and printed.
 *
 * Each reader (an output lane, or a combiner's base input) has its own banks and is their only
 * reader, so a bank is read at most once per cycle; a reader's values are split into sub-banks
 * so that each sub-bank is written at most once per cycle. A sub-bank is then a 1R1W memory
 * with a synchronous read — the shape of an iCE40 block RAM. A value written by writer w for
 * slot a is written at the end of cycle a+1; a read for slot s sends its address in cycle s-1
 * and the read register holds the value in cycle s; so a value is read two or more slots
 * after it was written. Addresses within a sub-bank are interval-coloured: from the write to
 * the last read, each value takes the lowest free address (optimal for interval graphs).
 */
#ifndef ROMNOC_BANKS_H
#define ROMNOC_BANKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch.h"
#include "vwriter.h"

#define BANKS_MAX_SUB 16
#define BANKS_MAX_READERS (2 * RTL_MAX_PORTS)
#define BANKS_MAX_WRITERS RTL_MAX_PORTS

/* A read: reader `reader` reads for slot `slot` the value writer `writer` wrote for slot
 * `written` (slot >= written + 2). */
typedef struct {
  uint32_t slot, written;
  uint8_t reader, writer;
} bank_read;

/* A write into, or a read out of, sub-bank `sub` of reader `reader`. The write takes what
 * writer `writer` produced for slot `slot`; the read feeds slot `slot`. */
typedef struct {
  uint32_t slot;
  uint8_t reader, sub, writer, is_write;
  uint32_t addr;
} bank_op;

/* One sub-bank of a reader. */
typedef struct {
  int entries, addr_width; /* a power of two >= 2 entries, so addresses are exact */
  int nwriters;            /* writers that write it: the write multiplexer */
  uint8_t writer[BANKS_MAX_WRITERS];
  rom_field we, wsel, waddr, raddr;
  bool block_ram;
  bool shared_write; /* set by the router before banks_layout_reader: two or more writers, and it
                      * writes the router's shared word (writer_expr(ctx, BANKS_SHARED)), no wsel */
} bank_info;

#define BANKS_SHARED (-1) /* the writer of a shared_write sub-bank */

/* The banks of every program of a design (the router is shared: each sub-bank is as deep as
 * the deepest program needs). */
typedef struct {
  int width; /* bits of a stored value */
  int subbanks[BANKS_MAX_READERS];
  uint32_t depth[BANKS_MAX_READERS][BANKS_MAX_SUB];
  uint32_t writers[BANKS_MAX_READERS][BANKS_MAX_SUB]; /* bit w: writer w writes it */
  bank_info bank[BANKS_MAX_READERS][BANKS_MAX_SUB];
} bank_set;

/* Plans the banks of router u's program from its reads: one copy per (written, writer,
 * reader), kept until its last read; sub-banks and addresses as above; folds the program's
 * needs into b. Sets *ops (malloc'd: the writes, then the reads in the order of reads; NULL if
 * none) and *nops, and sub[i], the sub-bank read i reads. Returns 0, or -1 with a message in
 * err if memory runs out or a reader would need more than BANKS_MAX_SUB sub-banks. */
int banks_plan_program(bank_set *b, uint32_t u, const bank_read *reads, size_t nreads, bank_op **ops, size_t *nops,
                       uint8_t *sub, char *err, size_t errlen);

/* Lays out reader r's sub-banks (entries, writers, ROM fields we, wsel, waddr, raddr from bit
 * *next up); returns the entries they use (the sum of their depths). */
int banks_layout_reader(bank_set *b, int r, int *next);

/* The ROM bits of word r for a program's bank operations: writes of slot r-1, reads for slot
 * r+1. */
void banks_pack(const bank_set *b, const bank_op *ops, size_t nops, uint32_t r, uint32_t *words);

/* The ROM fields of every sub-bank's writes (we, wsel, waddr: part ROM_PART_RX) or reads
 * (raddr: ROM_PART_REQ), appended to out[*n]; *n counts them all, those from out[max] on are
 * not stored. */
void banks_fields(const bank_set *b, int part, rom_field *out, size_t *n, size_t max);

/* Appends reader r's sub-banks to m (for arch_choose_block_rams), pointing at their flags. */
void banks_memories(bank_set *b, int r, arch_memory *m, size_t *n);

/* Prints sub-bank k of reader r: the memory `bank_<name>_<k>_q`, its read register
 * `bank_<name>_<k>_rd_q` and its write data `bank_<name>_<k>_wdata`, chosen among the writers'
 * expressions (writer_expr(ctx, w)), or the shared word (shared_write); written when the word's
 * we is set and the router runs.
 * comment: the line above it. Its registers move as sh's (clocked). */
void banks_emit(vwriter *w, const router_shape *sh, const bank_set *b, int r, int k, const char *name, const char *comment,
                const char *(*writer_expr)(char *buf, size_t len, const void *ctx, int writer), const void *ctx);

#endif
