/* cmd_schedule.c — cmodel schedule: the schedule of a task built by the construction table
 * (construct/build.h) and written as a TSV, the exchange format (format/tsv.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "format/tsv.h"
#include "tool/commands.h"
#include "util/outfile.h"
#include "util/progress.h"

static const char usage_schedule[] =
    "usage: cmodel schedule --topo T --task K [--model M] [--root R] [--alg A] [--template]\n"
    "                       [--active LIST | --k K | --m M [--seed S]] [--split] [--max-mem B] [-o FILE]\n"
    "\n"
    "  --topo T      hypercube:D (1..16), ring:N, torus:K1xK2[x...], mesh:K1xK2[x...] (sizes >= 2)\n"
    "  --task K      snb | mnb | scatter | gather | te | reduce | reduce_scatter | allreduce |\n"
    "                global_sum (these four combine partial sums: docs/REDUCTIONS.md) |\n"

    "                kbcast (K of N nodes broadcast at once, hypercube, mla: docs/KBCAST.md) |\n"
    "                pmnb (M of N nodes broadcast, tori and meshes, mla: docs/PMNB.md) |\n"
    "                pexchange (M nodes send a packet to every node, 2-D tori and meshes, mla:\n"
    "                docs/PEXCHANGE.md) | pgather (M nodes receive a packet from every node, its\n"
    "                dual, 004 s2). MPI's names work too: bcast (= snb), allgather (= mnb),\n"
    "                alltoall (= te); scatter, gather, reduce, reduce_scatter, allreduce are MPI's\n"
    "  --model M     port model: mla (default; all ports, full duplex), oneway, sp-full, sp-half,\n"
    "                s4noc (mla's links, one packet per slot in and out of a node's local port),\n"
    "                s4noc-bufferless (s4noc, and a packet moves every slot once injected)\n"
    "  --root R      root node of snb, scatter, gather, reduce (default 0)\n"
    "  --alg A       construction (default auto: the one with the fewest slots); the metadata\n"
    "                line '# alg=' names the one used. Per task: name, topologies; models:\n"
    "@ALGS@"
    "  --active LIST kbcast, pmnb, pexchange, pgather: the active nodes, ids and ranges (e.g. 0,3,5-9)\n"
    "  --k K, --m M  kbcast (K), pmnb, pexchange and pgather (M): that many active nodes drawn\n"
    "                pseudo-randomly from --seed S (default 1); the same size and S give the same\n"
    "                set everywhere. The metadata line '# active=' lists the set either way\n"
    "  --split       pmnb: each packet split into pieces (004 s3.1: d mini-packets, halved on a\n"
    "                torus for the two ways round a ring); slots are 1/pieces of a packet's time\n"
    "                (metadata '# fraction=') and a row's dest is its piece\n"
    "  --template    write only the template rows (origin 0; origins 0 and 1 of a parity\n"
    "                template, template=xor-parity: the one-way hypercube) of mnb, te on a\n"
    "                hypercube, ring or torus; 'cmodel verify' certifies the whole schedule\n"
    "  -o FILE       write to FILE instead of standard output: through FILE.tmp.PID beside it,\n"
    "                renamed when complete (a FIFO or device is written directly); - is standard\n"
    "                output\n"
    "  --max-mem B   refuse a table that grows with the topology beyond B bytes (suffix K, M,\n"
    "                G or T; default 4G) instead of allocating it\n";

int cmd_schedule(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv,
                         TAKES(O_TOPO, O_TASK, O_MODEL, O_ROOT, O_ALG, O_OUT, O_MAX_MEM, O_TEMPLATE, O_ACTIVE, O_K, O_SEED,
                               O_M, O_SPLIT),
                         0, usage_schedule, &o);
  if (rc) return rc < 0 ? 0 : rc;
  job j;
  if ((rc = cmd_job(&o, &j))) return rc;
  outfile out; /* opened before the construction, which may take seconds: a bad -o fails fast */
  char err[256];
  if (o.out && outfile_open(&out, o.out, err, sizeof err)) {
    active_free(&j.active);
    return bad_input("%s", err);
  }
  sched s;
  if ((rc = cmd_build(&j, o.alg, &s))) {
    if (o.out) outfile_abort(&out);
    return rc;
  }
  if (o.is_template && !s.is_template) {
    rc = bad_input("--template applies to schedules built as translation templates (mnb, te on a hypercube, ring "
                   "or torus), not %s on %s (construction %s)",
                   task_name(s.task), s.topo.name, s.alg);
    sched_free(&s);
    if (o.out) outfile_abort(&out);
    return rc;
  }
  char what[160];
  snprintf(what, sizeof what, "writing %s %s", s.topo.name, task_name(s.task));
  progress p;
  uint64_t rows = o.is_template ? s.nrows : sched_transmissions(&s);
  progress_begin(&p, "cmodel", what, rows);
  int wrc = tsv_write_progress(o.out ? out.f : stdout, &s, o.is_template, &p);
  progress_end(&p, rows);
  sched_free(&s);
  if (!o.out) return wrc ? bad_input("cannot write the schedule to standard output") : 0;
  if (wrc) {
    outfile_abort(&out);
    return bad_input("cannot write '%s': %s", o.out, strerror(errno ? errno : EIO));
  }
  return outfile_commit(&out, err, sizeof err) ? bad_input("%s", err) : 0;
}
