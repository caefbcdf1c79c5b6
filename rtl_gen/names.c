/* names.c — module and data-file names under the prefix (see names.h). */
#include "names.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAMES_MAX 24 /* distinct module stems (every module rtl_gen prints, with room) */

static char prefix[NAMES_PREFIX_MAX + 1] = NAMES_DEFAULT_PREFIX;
static struct {
  char stem[32];
  char name[NAMES_PREFIX_MAX + 34];
} names[NAMES_MAX];
static size_t nnames;

bool names_set_prefix(const char *p) {
  size_t n = strlen(p);
  if (n == 0 || n > NAMES_PREFIX_MAX || !isalpha((unsigned char)p[0])) return false;
  for (size_t i = 0; i < n; i++)
    if (!isalnum((unsigned char)p[i]) && p[i] != '_') return false;
  memcpy(prefix, p, n + 1);
  nnames = 0; /* the names under the old prefix are gone */
  return true;
}

const char *names_prefix(void) { return prefix; }

const char *module_name(const char *stem) {
  for (size_t i = 0; i < nnames; i++)
    if (!strcmp(names[i].stem, stem)) return names[i].name;
  if (nnames == NAMES_MAX || strlen(stem) >= sizeof names[0].stem) { /* a new module past the table: a bug here */
    fprintf(stderr, "rtl_gen: internal error: module stem '%s' does not fit names.c's table\n", stem);
    abort();
  }
  snprintf(names[nnames].stem, sizeof names[0].stem, "%s", stem);
  snprintf(names[nnames].name, sizeof names[0].name, "%s_%s", prefix, stem);
  return names[nnames++].name;
}

void data_file_name(char *buf, size_t len, const char *base) {
  if (!strcmp(prefix, NAMES_DEFAULT_PREFIX)) snprintf(buf, len, "%s", base);
  else snprintf(buf, len, "%s_%s", prefix, base);
}
