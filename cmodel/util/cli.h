/* cli.h — the command-line conventions both tools share: one option parser, strict numbers,
 * and printable echoes of what the user typed. */
#ifndef ROMNOC_CLI_H
#define ROMNOC_CLI_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  const char *name;   /* "--topo", "-o" */
  const char **value; /* where the value goes; NULL for a flag */
  bool *flag;         /* where a flag goes; NULL for an option with a value */
} cli_option;

/* Parses argv[0..argc): "--name value", "--name=value", flags ("--name"), "--help"/"-h"
 * (sets *help and stops), and up to max_words positional words (a word that does not start
 * with '-', or "-" alone) into words[]. An option name matches only exactly; anything else
 * that starts with '-' is an unknown option. Returns 0, or -1 with a one-line message in err
 * naming the bad word (unknown option, missing value, a value given to a flag, an option
 * given twice, a stray word). */
int cli_parse(int argc, char **argv, const cli_option *opts, size_t nopts, const char **words, int max_words,
              int *nwords, bool *help, char *err, size_t errlen);

/* Parses a decimal number of digits only (no sign, space or other character; at most 19
 * digits, checked before conversion) in [lo, hi]. Returns 0, or -1 (out untouched). */
int cli_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/* Every seed the tools take (--seed, --active-seed) is one of 0..CLI_SEED_MAX: 32 bits, what the
 * benches' +seed carries. cli_seed parses one (cli_uint). */
#define CLI_SEED_MAX 4294967295u
#define CLI_SEED_RANGE "0..4294967295"
int cli_seed(const char *s, uint64_t *out);

/* Parses a size in bytes: digits with an optional K, M, G or T (binary) suffix. Returns 0,
 * or -1 (out untouched). */
int cli_bytes(const char *s, uint64_t *out);

/* s, at most max bytes of it, with every byte that is not printable ASCII written as \xNN
 * (and a trailing "..." if cut), into buf: safe to put in a message. Returns buf. */
const char *cli_printable(const char *s, size_t max, char *buf, size_t len);

/* Prints "prog: message" and a newline on stderr, the message formatted from fmt and ap, with
 * every byte that is not printable ASCII written as \xNN (so that no raw byte of an input
 * reaches the terminal) and cut with "..." beyond 1000 bytes: the one line of a refusal. */
void cli_report(const char *prog, const char *fmt, va_list ap);

#endif
