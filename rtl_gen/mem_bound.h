/* mem_bound.h — the fewest packet-memory entries a router can have for a given schedule, whatever
 * its memory organisation, when its other storage is the receive wires, the delay registers and
 * the output registers: the lifetime minimum that the banks' mem_depth is measured against
 * (docs/ARCHITECTURE.md, docs/BENCHMARKS.md).
 *
 * A packet that a router sends three or more slots after its arrival must be held in memory
 * (one and two slots are the receive wire and the delay register), unless the router sent it in
 * the slot before: an output register holds it then. The banked router writes it at the end of
 * cycle a+1 (a: the arrival slot) and sends its last read address in cycle l-1 (l: the last slot
 * it is sent in from memory), so it occupies an entry in cycles a+1 .. l-1. The bound is the
 * largest number of packets any router holds at once: one entry per packet, shared by all the
 * lanes that send it. A banked router keeps one copy per sending lane and splits a lane's copies
 * into sub-banks, so its mem_depth can only be larger.
 */
#ifndef ROMNOC_MEM_BOUND_H
#define ROMNOC_MEM_BOUND_H

#include <stdint.h>

#include "ir.h"

/* The largest number of packets (FORWARD sends three or more slots after arrival and not one
 * slot after a send of the same packet, counted once per arrival) held at once by any router of
 * f; 0 if no router holds any (combining tasks forward only the previous slot's word: their
 * memories hold partial sums, which this does not count). Returns UINT32_MAX if memory runs out. */
uint32_t mem_lifetime_min(const ir_fabric *f);

#endif
