/* names.h — the names of the modules and data files rtl_gen writes, under one prefix
 * (rtl_gen --prefix NAME, default "romnoc"): two generated cores live in one design when their
 * prefixes differ (docs/ARCHITECTURE.md, "Packaging"). A module is "<prefix>_<stem>"
 * (romnoc_router); a data file a module reads ($readmemh: rom.hex, ni_n3.hex) gets "<prefix>_"
 * only under a prefix of the user's, so that the default design's files keep their names. */
#ifndef ROMNOC_NAMES_H
#define ROMNOC_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#define NAMES_DEFAULT_PREFIX "romnoc"
#define NAMES_PREFIX_MAX 32

/* Sets the prefix for what follows: false (nothing changed) unless it is a Verilog identifier
 * of letters, digits and '_' that starts with a letter, at most NAMES_PREFIX_MAX characters. */
bool names_set_prefix(const char *prefix);

/* The prefix in use. */
const char *names_prefix(void);

/* The module of stem `stem` ("router" -> "romnoc_router"); the string lives until the prefix
 * changes. */
const char *module_name(const char *stem);

/* The data file `base` ("rom.hex") under the prefix: "rom.hex", or "<prefix>_rom.hex" under a
 * prefix other than the default. */
void data_file_name(char *buf, size_t len, const char *base);

#endif
