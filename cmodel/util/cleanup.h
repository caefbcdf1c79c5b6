/* cleanup.h — temporary files and directories to remove if the process is interrupted
 * (SIGINT, SIGTERM, SIGHUP) before its outputs are committed: they are removed in reverse
 * order of registration, then the signal takes its default action. SIGKILL cannot be caught:
 * it can leave them behind (docs/ERRORS.md). The handler only calls unlink and rmdir. */
#ifndef ROMNOC_CLEANUP_H
#define ROMNOC_CLEANUP_H

#include <stddef.h>

/* Installs the handlers and makes room for n paths (replacing any earlier registrations).
 * Returns 0, or -1 if memory runs out. */
int cleanup_reserve(size_t n);

/* Registers a path (copied) to remove if interrupted; ignored past the reserved room. */
void cleanup_push(const char *path);

/* The outputs are committed: nothing to remove any more. */
void cleanup_clear(void);

#endif
