/* cmd_info.c — cmodel info: what a topology is (nodes, ports, links, diameter) or what a task
 * needs (its MPI name, a root, an active set). */
#include <stdio.h>

#include "model/topo.h"
#include "tool/commands.h"

static const char usage_info[] =
    "usage: cmodel info --topo T | --task K\n"
    "\n"
    "  --topo T   print the topology's nodes, ports, links and diameter\n"
    "  --task K   print the task's name, its MPI name (or -) and what it needs: a root, an active\n"
    "             set; K may be either name (bcast prints task=snb mpi=bcast)\n";

int cmd_info(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv, TAKES(O_TOPO, O_TASK), 0, usage_info, &o);
  if (rc) return rc < 0 ? 0 : rc;
  if (o.topo && o.task) return bad_input("give --topo or --task, not both");
  if (o.task) {
    int k = task_from_name(o.task);
    if (k < 0) return bad_input("unknown task '%s' (expected %s)", o.task, task_name_list());
    const char *mpi = task_mpi_name((task_kind)k);
    printf("task=%s mpi=%s root=%s active_set=%s combines=%s\n", task_name((task_kind)k), mpi ? mpi : "-",
           task_has_root((task_kind)k) ? "yes" : "no", task_has_active_set((task_kind)k) ? "yes" : "no",
           task_combines((task_kind)k) ? "yes" : "no");
    return 0;
  }
  if (!o.topo) return bad_input("missing --topo (e.g. --topo torus:4x4) or --task");
  topo t;
  char err[256];
  if (topo_parse(o.topo, &t, err, sizeof err)) return bad_input("%s", err);
  printf("topo=%s nodes=%u ports=%d links=%llu diameter=%u\n", t.name, (unsigned)t.nodes, t.ports,
         (unsigned long long)topo_links(&t), (unsigned)topo_diameter(&t));
  return 0;
}
