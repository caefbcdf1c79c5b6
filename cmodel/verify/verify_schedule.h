/* verify_schedule.h — a schedule held in memory (sched) run through the streaming verifier
 * (verify.h): the one loop cmodel's table, cmodel draw and rtl_gen share. */
#ifndef ROMNOC_VERIFY_SCHEDULE_H
#define ROMNOC_VERIFY_SCHEDULE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/schedule.h"
#include "verify/verify.h"

/* Verifies s against its own task, model, root, active set and pieces (s->fraction). A
 * template s is certified from its origin-0 rows alone when by_template is set (verifier_new
 * with sched_template_kind(s)), else every transmission is checked, the template expanded
 * on the fly (sched_foreach); a whole schedule is fed its rows either way.
 * Returns VERIFY_OK with *sum filled; VERIFY_VIOLATION or VERIFY_BAD_INPUT with the
 * verifier's message in err ("out of memory" when expanding a template ran out); or -1 when
 * no verifier could be made for s, with verifier_new's reason in err. err is truncated to
 * errlen (VERIFY_MESSAGE_LEN holds any message). Allocates nothing that outlives the call;
 * s is only read. */
int verify_sched(const sched *s, bool by_template, verify_summary *sum, char *err, size_t errlen);

#endif
