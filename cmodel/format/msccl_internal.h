/* msccl_internal.h — what the MSCCL XML writer (msccl_xml.c, msccl_write_combine.c), reader
 * (msccl_read.c) and executor (msccl_run.c) share: the collectives, the buffers, the step types
 * and the events a program is read into (docs/EXPORT.md, "MSCCL XML").
 */
#ifndef ROMNOC_MSCCL_INTERNAL_H
#define ROMNOC_MSCCL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "format/schedule_reader.h"

/* The tasks with an MSCCL collective (coll=), and the chunks of a GPU's input and output
 * buffers (0: N). allreduce names two tasks: global_sum is an allreduce of one chunk. */
typedef struct {
  task_kind task;
  const char *coll;
  uint32_t i_chunks, o_chunks;
} msccl_coll;

extern const msccl_coll msccl_colls[];
extern const int msccl_ncolls;

/* The entry of task k in msccl_colls, -1 if it has no MSCCL form (and why not). */
int msccl_coll_of_task(task_kind k);
const char *msccl_unsupported_why(task_kind k);

enum { BUF_I, BUF_O, BUF_S };
extern const char msccl_buf_name[3];

/* Step types, as the files spell them: s r rcs nop cpy rrc rrs rrcs re. */
enum { ST_SEND, ST_RECV, ST_RCS, ST_NOP, ST_CPY, ST_RRC, ST_RRS, ST_RRCS, ST_RE, ST_NTYPES };
extern const char *const msccl_step_types[ST_NTYPES];
bool msccl_step_sends(int type);    /* s rcs rrs rrcs */
bool msccl_step_receives(int type); /* r rcs rrc rrs rrcs */
bool msccl_step_reduces(int type);  /* rrc rrs rrcs re */

/* The <algo> tag of schedule s as collective c, with ic and oc chunks per input and output
 * buffer and romnoc's own attributes (msccl_xml.c). */
void msccl_write_algo_open(FILE *f, const sched *s, int c, uint32_t ic, uint32_t oc);

/* Writes combining schedule s (reduce, reduce_scatter, allreduce, global_sum) as collective
 * coll with reducing steps (msccl_write_combine.c): 0, 1 with err if it cannot, -1 on a write
 * error or out of memory. */
int msccl_write_combine(FILE *f, const sched *s, int coll, char *err, size_t errlen);

/* Writes thread block tbid of n local copies, src[k] of buffer sbuf to dst[k] of dbuf. */
void msccl_write_copies(FILE *f, uint32_t tbid, const int64_t *src, const int64_t *dst, size_t n, int sbuf, int dbuf);

/* An event: one thing a step does in one slot. A step of cnt chunks is cnt steps of one chunk
 * (the reader expands it); rcs, rrs and rrcs are a receive, then a send one slot later. */
enum { EV_SEND, EV_RECV, EV_RECV_REDUCE, EV_COPY, EV_REDUCE, EV_NOP };

/* A location: a buffer chunk of a GPU, numbered over all GPUs' buffers, then one temporary per
 * rrs step (the sum it sends on without storing it). */
typedef struct {
  int kind;           /* EV_* */
  uint32_t gpu, slot; /* slot: its earliest slot (msccl_read.c) */
  int64_t rloc;       /* the local chunk it reads: a send's source, a reduction's local operand; -1 none */
  int64_t wloc;       /* the chunk it writes, -1 none */
  size_t peer;        /* a send's receive event, a receive's send event; SIZE_MAX none */
  size_t step;        /* its step in the parse, for messages */
} msccl_event;

/* What the executor needs to know about the file (msccl_run.c). */
typedef struct {
  task_kind task;
  int coll;          /* msccl_colls index */
  uint32_t n, root;  /* GPUs; the root of reduce, broadcast, scatter, gather */
  bool inplace;      /* the output is the input buffer */
  const int64_t (*chunks)[3]; /* per GPU: i, o and s chunks */
  const uint64_t *loc_base;   /* per GPU: its first location */
  uint64_t nlocs;             /* buffer chunks and temporaries */
  msccl_event *ev;
  size_t nev;
  /* names event e's step for a message ("gpu 1 tb 0 step 3 (line 12)") */
  void (*name)(const void *ctx, size_t e, char *buf, size_t len);
  const void *name_ctx;
} msccl_program;

/* The location of chunk off of GPU g's buffer (the output is the input when inplace). */
int64_t msccl_loc(const msccl_program *pg, uint32_t g, int buf, int64_t off);

/* A transfer the program makes: a sum of chunk x (its set of GPUs kept beside it). */
typedef struct {
  uint32_t slot, src, dst;
  int64_t x;
} xfer;

/* The transfers xf[0..nxf) (in slot order, sets in xset, (n+63)/64 words each) as romnoc rows
 * (*rows, by (slot, src, dst)): a packet (msccl_rows.c). 0, or -1 with err. */
int msccl_rows_of(const msccl_program *pg, const xfer *xf, const uint64_t *xset, size_t nxf, sched_row **rows, char *err,
                  size_t errlen);

/* Runs the program slot by slot on sets of contributions, checks every output chunk against
 * the collective's MPI layout and maps the transfers onto romnoc rows (*rows, *nrows, by
 * (slot, src, dst)). Returns 0 (rows made), 1 with a violation in violation (the schedule is
 * wrong), or -1 with err (the file cannot be mapped, or memory ran out). */
int msccl_run(const msccl_program *pg, sched_row **rows, size_t *nrows, char *violation, size_t vlen, char *err,
              size_t errlen);

#endif
