/* msccl_xml.h — a schedule as the MSCCL XML that GPU collective runtimes load (msccl-tools'
 * "old format": <algo> / <gpu> / <tb> / <step>), written and read (docs/EXPORT.md).
 *
 * Writing: one GPU per node, one thread block per directed link at each end (the sender's
 * send=v recv=-1, the receiver's send=-1 recv=u), channel 0; step s of a thread block is
 * slot s+1, idle slots filled with nop steps so that the slots survive. Tasks snb
 * (broadcast), mnb (allgather), scatter, gather and te (alltoall); the others are refused.
 *
 * Reading (an import, done by open): every step gets the earliest slot consistent with its
 * thread block's order (one step per slot), its explicit dependency (depid/deps), the data it
 * sends (received in an earlier slot, or held at the start) and its partner (the k-th send
 * from u to v on a channel and the k-th receive at v from u on it share a slot). A send nobody
 * receives, steps that wait on each other, or a send of a buffer chunk the GPU never holds are
 * violations (next returns READER_VIOLATION); steps this reader does not model (reductions,
 * cnt > 1) are refused as bad input. The rows come out in (slot, src, dst) order.
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
