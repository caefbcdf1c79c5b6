/* cli.c — shared command-line conventions (see cli.h). */
#include "util/cli.h"

#include <stdio.h>
#include <string.h>

const char *cli_printable(const char *s, size_t max, char *buf, size_t len) {
  size_t o = 0, i = 0;
  if (!len) return buf;
  for (; s[i] && i < max && o + 5 < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c < 0x7f && c != '\\') buf[o++] = (char)c;
    else o += (size_t)snprintf(buf + o, len - o, "\\x%02x", c);
  }
  if (s[i] && o + 4 < len) {
    memcpy(buf + o, "...", 3);
    o += 3;
  }
  buf[o < len ? o : len - 1] = '\0';
  return buf;
}

void cli_report(const char *prog, const char *fmt, va_list ap) {
  char msg[1001];
  int n = vsnprintf(msg, sizeof msg, fmt, ap);
  fprintf(stderr, "%s: ", prog);
  for (const unsigned char *c = (const unsigned char *)msg; *c; c++) {
    if (*c >= 0x20 && *c < 0x7f) fputc(*c, stderr);
    else fprintf(stderr, "\\x%02x", *c);
  }
  fputs(n >= (int)sizeof msg ? "...\n" : "\n", stderr);
}

int cli_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out) {
  size_t n = strlen(s);
  if (n == 0 || n > 19 || strspn(s, "0123456789") != n) return -1;
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) v = v * 10 + (uint64_t)(s[i] - '0');
  if (v < lo || v > hi) return -1;
  *out = v;
  return 0;
}

int cli_bytes(const char *s, uint64_t *out) {
  char digits[24];
  size_t n = strlen(s), shift = 0;
  if (n && strchr("KMGT", s[n - 1])) {
    shift = (size_t)(strchr("KMGT", s[n - 1]) - "KMGT" + 1) * 10;
    n--;
  }
  uint64_t v;
  if (n == 0 || n >= sizeof digits) return -1;
  memcpy(digits, s, n);
  digits[n] = '\0';
  if (cli_uint(digits, 1, UINT64_MAX >> shift, &v)) return -1;
  *out = v << shift;
  return 0;
}

int cli_parse(int argc, char **argv, const cli_option *opts, size_t nopts, const char **words, int max_words,
              int *nwords, bool *help, char *err, size_t errlen) {
  char shown[160];
  bool seen[64] = {false};
  *nwords = 0;
  *help = false;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      *help = true;
      return 0;
    }
    if (a[0] != '-' || !strcmp(a, "-")) {
      if (*nwords == max_words) {
        snprintf(err, errlen, "unexpected argument '%s'", cli_printable(a, 60, shown, sizeof shown));
        return -1;
      }
      words[(*nwords)++] = a;
      continue;
    }
    const char *eq = strchr(a, '=');
    size_t len = eq ? (size_t)(eq - a) : strlen(a);
    size_t k = 0;
    while (k < nopts && !(strlen(opts[k].name) == len && !strncmp(opts[k].name, a, len))) k++;
    if (k == nopts) {
      snprintf(err, errlen, "unknown option '%s'", cli_printable(a, 60, shown, sizeof shown));
      return -1;
    }
    if (k < sizeof seen && seen[k]) {
      snprintf(err, errlen, "option %s is given twice", opts[k].name);
      return -1;
    }
    if (k < sizeof seen) seen[k] = true;
    if (opts[k].flag) {
      if (eq) {
        snprintf(err, errlen, "option %s takes no value", opts[k].name);
        return -1;
      }
      *opts[k].flag = true;
      continue;
    }
    if (eq) {
      *opts[k].value = eq + 1;
    } else if (i + 1 < argc) {
      *opts[k].value = argv[++i];
    } else {
      snprintf(err, errlen, "option %s needs a value", opts[k].name);
      return -1;
    }
  }
  return 0;
}

int cli_seed(const char *s, uint64_t *out) { return cli_uint(s, 0, CLI_SEED_MAX, out); }
