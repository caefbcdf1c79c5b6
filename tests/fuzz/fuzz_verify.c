/* fuzz_verify.c — libFuzzer target: the verifier on arbitrary schedules. The input is a TSV
 * whose metadata names the job (topologies of at most 64 nodes, to keep runs short); its rows
 * go through verifier_feed in whole or template mode (kbcast: from its '# active=' set). Any verdict is fine; a crash, leak,
 * hang or undefined behaviour is not. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model/active.h"
#include "fuzz_input.h"
#include "model/job.h"
#include "format/tsv.h"
#include "verify/verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[512];
  FILE *f = fuzz_file(data, size);
  if (!f) return 0;
  tsv_reader *r = tsv_open(f, err, sizeof err);
  job j;
  const char *root = r ? tsv_meta(r, "root") : NULL;
  if (r && !job_parse(&j, tsv_meta(r, "topo"), tsv_meta(r, "task"), tsv_meta(r, "model"),
                      root && strcmp(root, "-1") ? root : NULL, false, err, sizeof err) &&
      j.topo.nodes <= 64) {
    const char *tpl = tsv_meta(r, "template");
    int kind = tpl ? template_kind_of(&j.topo, tpl) : TEMPLATE_NONE;
    verifier *v = NULL;
    if (!task_has_active_set(j.task))
      v = verifier_new(&j.topo, j.task, j.model, j.root, kind < 0 ? TEMPLATE_TRANSLATION : (template_kind)kind, err,
                       sizeof err);
    else if (!job_parse_active(&j, tsv_meta(r, "active"), NULL, NULL, false, err, sizeof err) &&
             !job_parse_fraction(&j, false, tsv_meta(r, "fraction"), false, err, sizeof err))
      v = verifier_new_active(&j.topo, j.task, j.model, &j.active, j.fraction, err, sizeof err);
    if (v) {
      sched_row row;
      int rc = 0;
      while (rc == 0 && tsv_next(r, &row, err, sizeof err) == 1) rc = verifier_feed(v, &row);
      verify_summary sum;
      if (rc == 0) (void)verifier_finish(v, &sum);
      (void)verifier_message(v);
      verifier_free(v);
    }
    active_free(&j.active);
  }
  tsv_close(r);
  fclose(f);
  return 0;
}
