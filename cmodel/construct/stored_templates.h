/* stored_templates.h — translation templates found once by the SAT search and kept in the
 * tree (the files cmodel/templates/TASK_TOPO.tsv, written by `te_search ... -o`; `make
 * stored-templates` writes them again). The build turns the files into a table
 * (scripts/stored_templates_c.awk makes build/gen/stored_templates_data.c). They are the mnb and te templates for small routers of
 * issue 16 (docs/SCHEDULES.md): at the slot bound, every packet forwarded one or two slots
 * after it arrives (no packet memory), at most 4 sources per output port. The construction
 * `stored` (stored_schedule.c) serves them; cmodel has no solver of its own. A file named
 * reduce_scatter_TOPO.tsv holds an mnb template that reduce_scatter's construction `stored`
 * reverses in time (issue 40: the template found for the smallest combining router). A file
 * without a `# template=` line is a whole schedule, every origin's rows (te_search --general:
 * the one-way mnb on small meshes, issue 41, where a mesh has no translations).
 */
#ifndef ROMNOC_STORED_TEMPLATES_H
#define ROMNOC_STORED_TEMPLATES_H

#include <stddef.h>
#include <stdint.h>

/* A row: in slot `slot` the link src -> dst carries origin's packet (0 in a template) to dest
 * (-1: the broadcast packet). */
typedef struct {
  uint32_t slot, src, dst, origin;
  int32_t dest;
} stored_row;

typedef struct {
  const char *topo;   /* as topo_parse names it, e.g. "torus:8x8" */
  const char *task;   /* the template's task, as task_name names it */
  const char *serves; /* the task it is the default for: its own, or a combining task that
                       * reverses it (the file name's prefix: reduce_scatter_TOPO.tsv) */
  const char *model; /* as model_name names it */
  const stored_row *rows;
  size_t nrows;
  int whole; /* a whole schedule, not a template */
} stored_template;

extern const stored_template stored_templates[];
extern const size_t stored_templates_count;

#endif
