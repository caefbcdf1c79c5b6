/* msccl_xml.h — a schedule as the MSCCL XML that GPU collective runtimes load (msccl-tools'
 * "old format": <algo> / <gpu> / <tb> / <step>), written and read (docs/EXPORT.md).
 *
 * Writing (msccl_xml.c, msccl_write_combine.c): one GPU per node, one thread block per directed
 * link at each end (the sender's send=v recv=-1, the receiver's send=-1 recv=u), channel 0,
 * then thread blocks of local steps; step s of a link's thread block is in slot s+1 (idle
 * slots are nops, a nop carrying a second dependency takes none). Every task with an MPI
 * collective: snb (broadcast), mnb (allgather), scatter, gather, te (alltoall), and with
 * reducing steps reduce, reduce_scatter, allreduce and global_sum (allreduce of one chunk).
 *
 * Reading (an import, done by open; msccl_read.c, msccl_run.c, msccl_rows.c): every step type
 * (s r rcs rrc rrs rrcs re cpy nop, cnt > 1 as cnt steps) gets the earliest slot consistent with
 * its thread block's order, its dependency (depid/deps), the data it reads and its partner; the
 * steps then run slot by slot on sets of contributions, the outputs are checked against MPI's
 * layout, and the transfers become rows (a combining task's: forwarded, copied or passed-on
 * words). A send nobody receives, steps that wait on each other, a read of a chunk that holds
 * nothing, a contribution counted twice or an output chunk not as MPI puts it are violations
 * (next returns READER_VIOLATION); a sum no romnoc row can carry is bad input. The rows come out
 * in (slot, src, dst) order.
 * meta: topo (romnoc_topo, if the file has it), task (coll mapped, or romnoc_task), model,
 * root, alg, slots, ngpus.
 */
#ifndef ROMNOC_MSCCL_XML_H
#define ROMNOC_MSCCL_XML_H

#include <stddef.h>
#include <stdio.h>

#include "format/schedule_reader.h"

void *msccl_open(FILE *f, const reader_hints *h, char *err, size_t errlen);
const char *msccl_meta(const void *r, const char *key);
int msccl_next(void *r, sched_row *row, char *err, size_t errlen);
void msccl_close(void *r);
int msccl_write(FILE *f, const sched *s, char *err, size_t errlen);

#endif
