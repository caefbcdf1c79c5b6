/* fuzz_tsv.c — libFuzzer target: the exchange-format reader (tsv_open, tsv_meta, tsv_next, and
 * schedule_load through the format "tsv") on arbitrary bytes. Every input must be read to its end or refused with a
 * message; nothing may crash, leak or hang. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_input.h"
#include "format/schedule_reader.h"
#include "format/tsv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[512];
  FILE *f = fuzz_file(data, size);
  if (!f) return 0;
  tsv_reader *r = tsv_open(f, err, sizeof err);
  if (r) {
    (void)tsv_meta(r, "topo");
    sched_row row;
    while (tsv_next(r, &row, err, sizeof err) == 1) {}
    tsv_close(r);
  }
  rewind(f);
  sched s;
  if (schedule_load(schedule_format_find("tsv"), f, NULL, &s, err, sizeof err) == 0) sched_free(&s);
  fclose(f);
  return 0;
}
