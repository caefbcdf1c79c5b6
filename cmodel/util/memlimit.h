/* memlimit.h — the memory a single table that grows with the topology may take. Every such
 * allocation (the verifier's per-packet state, a schedule's rows, the routers' programs, the
 * golden deliveries) checks its size first — for overflow, and against this limit — and is
 * refused with the figure named rather than attempted. Default 4 GiB; --max-mem sets it. */
#ifndef ROMNOC_MEMLIMIT_H
#define ROMNOC_MEMLIMIT_H

#include <stddef.h>
#include <stdint.h>

#define MEM_DEFAULT_LIMIT (4ull << 30)

void mem_set_limit(uint64_t bytes);
uint64_t mem_limit(void);

/* The largest size the limit refused (mem_check, grow.h) since mem_clear_refused, 0 if none: what
 * a construction that failed asked for. */
void mem_note_refused(uint64_t bytes);
void mem_clear_refused(void);
uint64_t mem_last_refused(void);

/* count * size, checked: 0 with *bytes set, or -1 with a message in err naming `what`, the
 * bytes it needs and the limit (or that the product overflows). */
int mem_check(uint64_t count, uint64_t size, const char *what, uint64_t *bytes, char *err, size_t errlen);

/* "4.0 GiB", "512 MiB", "12 KiB" or "100 B": a size for messages, into buf. */
const char *mem_human(uint64_t bytes, char *buf, size_t len);

#endif
