/* fuzz_input.h — turns fuzz input into what a target reads: a FILE over the bytes (the TSV
 * targets), or a command line (the CLI targets): words split at NUL bytes, with guards so that a fuzzed command stays small and harmless: every output
 * (-o) goes to one path in the working directory, and inputs that name a topology (or range)
 * beyond 64 in any size, 256 nodes in all or a hypercube beyond 8, or set --max-mem, are
 * skipped (the target sets a 16 MiB limit itself), as is `table` without --topo (its default
 * range, hypercube:1..12, takes seconds), and `dynbcast` unless it runs the fewest rounds
 * (--rounds 300) at one load on a --topo of at most 16 nodes (each round builds a schedule: 64
 * nodes take up to 17 s under the fuzzer's instrumentation, 16 nodes under 2 s), and an S4NOC
 * model on more than 32 nodes (its te schedule grows with the square of the nodes: torus:3x39 under
 * the s4noc-bufferless model passed the 10 s timeout; ring:64 under s4noc takes 4.3 s under ASan
 * alone, ring:32 1.0 s). */
#ifndef ROMNOC_FUZZ_INPUT_H
#define ROMNOC_FUZZ_INPUT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/memlimit.h"

#define FUZZ_MAX_WORDS 24

typedef struct {
  char *buf;
  char *argv[FUZZ_MAX_WORDS + 4];
  int argc;
} fuzz_args;

/* 1 if a word that looks like a topology names one too big to run quickly. */
static inline int fuzz_too_big(const char *w) {
  if (!strchr(w, ':')) return 0;
  uint64_t product = 1;
  for (const char *p = w; *p;) {
    if (*p < '0' || *p > '9') {
      p++;
      continue;
    }
    uint64_t v = 0;
    int digits = 0;
    while (*p >= '0' && *p <= '9') v = v * 10 + (uint64_t)(*p++ - '0'), digits++;
    if (digits > 2 || v > 64) return 1;
    if (v > 16 && strstr(w, "..")) return 1; /* a table's range: every size in it is built (ring:4..62 took > 10 s) */
    product *= v ? v : 1;
    if (product > 256) return 1;
  }
  return !strncmp(w, "hypercube", 9) && strstr(w, "hypercube:") && atoi(strchr(w, ':') + 1) > 8;
}

/* The nodes a word that looks like a topology names (sizes multiplied; 1 if it names none). */
static inline uint64_t fuzz_nodes(const char *w) {
  uint64_t product = 1;
  if (!strchr(w, ':')) return 1;
  for (const char *p = w; *p;) {
    uint64_t v = 0;
    if (*p < '0' || *p > '9') {
      p++;
      continue;
    }
    while (*p >= '0' && *p <= '9' && v < 1000000) v = v * 10 + (uint64_t)(*p++ - '0');
    product *= v ? v : 1;
    if (product > 1000000) return product;
  }
  return !strncmp(w, "hypercube:", 10) ? (uint64_t)1 << (product < 20 ? product : 20) : product;
}

/* 1 if a dynbcast command line is short enough to fuzz: --rounds 300, one --rho load, a --topo
 * (the default has 64 nodes) and no topology of more than 16 nodes. */
static inline int fuzz_dynbcast_ok(const fuzz_args *a) {
  int short_run = 0, topo = 0;
  for (int k = 2; k < a->argc; k++) {
    const char *w = a->argv[k], *v = k + 1 < a->argc ? a->argv[k + 1] : "";
    if (!strcmp(w, "--rounds") ? !strcmp(v, "300") : !strcmp(w, "--rounds=300")) short_run = 1;
    if ((!strcmp(w, "--rho") && strchr(v, ',')) || (!strncmp(w, "--rho=", 6) && strchr(w, ','))) return 0;
    topo |= !strncmp(w, "--topo", 6);
    if (fuzz_nodes(w) > 16) return 0;
  }
  return short_run && topo;
}

/* Fills a with argv[0] = prog, then the words; every output redirected to "fuzz-out".
 * Returns 0, or -1 to skip the input. */
static inline int fuzz_args_make(fuzz_args *a, const char *prog, const uint8_t *data, size_t size) {
  a->buf = malloc(size + 1);
  if (!a->buf) return -1;
  memcpy(a->buf, data, size);
  a->buf[size] = '\0';
  a->argc = 0;
  a->argv[a->argc++] = (char *)prog;
  for (size_t i = 0; i <= size && a->argc < FUZZ_MAX_WORDS; i += strlen(a->buf + i) + 1) {
    char *w = a->buf + i;
    if (fuzz_too_big(w) || !strncmp(w, "--max-mem", 9)) return -1;
    a->argv[a->argc++] = w;
  }
  for (int k = 1; k < a->argc; k++) {
    if (!strcmp(a->argv[k], "-o") && k + 1 < a->argc) a->argv[++k] = "fuzz-out";
    else if (!strncmp(a->argv[k], "-o=", 3)) a->argv[k] = "-o=fuzz-out";
  }
  a->argv[a->argc] = NULL;
  int named_topo = 0, s4noc = 0;
  uint64_t nodes = 1;
  for (int k = 1; k < a->argc; k++) {
    named_topo |= !strncmp(a->argv[k], "--topo", 6);
    s4noc |= strstr(a->argv[k], "s4noc") != NULL;
    if (fuzz_nodes(a->argv[k]) > nodes) nodes = fuzz_nodes(a->argv[k]);
  }
  if (s4noc && nodes > 32) return -1;
  if (a->argc > 1 && !strcmp(a->argv[1], "table") && !named_topo) return -1;
  if (a->argc > 1 && !strcmp(a->argv[1], "dynbcast") && !fuzz_dynbcast_ok(a)) return -1;
  return 0;
}

static inline void fuzz_args_free(fuzz_args *a) { free(a->buf); }

/* A stream over the input, or NULL for an empty input (the memory limit set to 16 MiB, so
 * that a fuzzed size is refused quickly rather than allocated). */
static inline FILE *fuzz_file(const uint8_t *data, size_t size) {
  mem_set_limit(16u << 20);
  return size ? fmemopen((void *)data, size, "r") : NULL;
}

#endif
