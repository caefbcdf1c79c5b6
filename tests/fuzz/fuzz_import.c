/* fuzz_import.c — libFuzzer target: the readers of the other schedule formats (the romnoc JSON
 * layout, MSCCL XML with its import) on arbitrary bytes, through the format table, and
 * schedule_load on ring:4. Every input must be read or refused with a message; nothing may
 * crash, leak or hang. */
#include <stdint.h>
#include <stdio.h>

#include "fuzz_input.h"
#include "format/schedule_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char *const names[2] = {"json", "msccl-xml"};
  char err[512];
  for (int i = 0; i < 2; i++) {
    const schedule_format *fmt = schedule_format_find(names[i]);
    FILE *f = fuzz_file(data, size);
    if (!f) return 0;
    reader_hints h = {NULL, NULL, "ring:4", NULL};
    void *r = fmt->open(f, &h, err, sizeof err);
    if (r) {
      (void)fmt->meta(r, "topo");
      sched_row row;
      while (fmt->next(r, &row, err, sizeof err) == 1) {}
      fmt->close(r);
    }
    rewind(f);
    sched s;
    if (schedule_load(fmt, f, &h, &s, err, sizeof err) == 0) sched_free(&s);
    fclose(f);
  }
  return 0;
}
