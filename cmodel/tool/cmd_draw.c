/* cmd_draw.c — cmodel draw: pictures of a schedule as SVG (docs/DRAW.md), built from the same
 * options as 'cmodel schedule' or read from a schedule file; verified first, so the pictures
 * are of a valid schedule and carry the verifier's lower bound. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/cli.h"
#include "tool/commands.h"
#include "draw/draw.h"
#include "draw/draw_layout.h"
#include "draw/draw_occupancy.h"
#include "draw/draw_tree.h"
#include "util/outfile.h"
#include "draw/svg.h"
#include "verify/verify.h"
#include "util/version.h"

#define STR_(x) #x
#define STR(x) STR_(x)

static const char usage_draw[] =
    "usage: cmodel draw --topo T --task K [--model M] [--root R] [--alg A]\n"
    "                   [--active LIST | --k K | --m M [--seed S]] [--split] [--view V] [--origin V] -o FILE.svg\n"
    "       cmodel draw SCHEDULE|- [--from tsv|json|msccl-xml] [--topo T] [--task K] [--model M] [--root R]\n"
    "                   [--view V] [--origin V] -o FILE.svg\n"
    "\n"
    "Draws a schedule, built from the options of 'cmodel schedule' or read from SCHEDULE (- for\n"
    "standard input; format --from, default tsv; its metadata overridden by --topo, --task, --model,\n"
    "--root, as 'cmodel export' reads it), as plain SVG (docs/DRAW.md). The schedule is verified first: one\n"
    "that violates its task or model is not drawn (exit 1, the violation on stderr).\n"
    "  --view V    occupancy: the link x slot map, a row per directed link (grouped by port), a\n"
    "              column per slot (mini-slot for a split pmnb), a cell filled in the colour of\n"
    "              the word the link carries (its origin; scatter: its destination; combining\n"
    "              tasks: its chunk; kbcast's counters grey, termination packets black), with the\n"
    "              slots, the lower bound 'cmodel verify' prints and the links' utilization;\n"
    "              tree: the topology laid out (hypercube as nested squares, ring as a circle,\n"
    "              torus and mesh as a grid, 3-D as a row of grids), one packet's transmissions\n"
    "              bold with arrows, labelled with their slots;\n"
    "              both: the two, one above the other (default when the tree view applies,\n"
    "              otherwise occupancy)\n"
    "  --origin V  the tree view's node: its packet's broadcast tree (snb, mnb, kbcast, pmnb), its\n"
    "              packets (scatter, te, pexchange), its packet's path to the root (gather; default:\n"
    "              every packet), the partial sums of chunk V (reduce_scatter, allreduce; reduce and\n"
    "              global_sum draw all theirs and take no --origin). Default: the root, the first\n"
    "              active node, or 0\n"
    "  -o FILE     the SVG (required): written through FILE.tmp.PID, renamed when complete\n"
    "Limits: the map draws up to " STR(DRAW_MAX_LINKS) " directed links, " STR(DRAW_MAX_SLOTS) " slots and "
    STR(DRAW_MAX_CELLS) " cells; the tree\n"
    "view up to hypercube:" STR(DRAW_TREE_MAX_HYPERCUBE_DIM) ", 3-D tori and meshes, " STR(DRAW_TREE_MAX_NODES)
    " nodes. Beyond them: exit 2, naming the limit.\n"
    "The other options are those of 'cmodel schedule' (see 'cmodel schedule --help').\n";

typedef enum { VIEW_OCCUPANCY = 1, VIEW_TREE = 2, VIEW_BOTH = 3 } draw_view;

/* Verifies the whole schedule s (rows: its every transmission) as 'cmodel verify' does;
 * returns 0 with *sum filled, 1 (a violation, reported) or the bad-input exit code. */
static int verify_rows(const sched *s, const sched_row *rows, size_t n, const char *what, verify_summary *sum) {
  char err[256];
  verifier *v = task_has_active_set(s->task)
                    ? verifier_new_active(&s->topo, s->task, s->model, &s->active, s->fraction, err, sizeof err)
                    : verifier_new(&s->topo, s->task, s->model, s->root, TEMPLATE_NONE, err, sizeof err);
  if (!v) return bad_input("%s", err);
  int rc = VERIFY_OK;
  for (size_t i = 0; i < n && rc == VERIFY_OK; i++) rc = verifier_feed(v, &rows[i]);
  if (rc == VERIFY_OK) rc = verifier_finish(v, sum);
  if (rc == VERIFY_BAD_INPUT) rc = bad_input("%s: %s", what, verifier_message(v));
  else if (rc == VERIFY_VIOLATION) {
    fprintf(stderr, "cmodel: %s does not verify, not drawn: ", what);
    char buf[1100];
    fprintf(stderr, "%s\n", cli_printable(verifier_message(v), 1000, buf, sizeof buf));
    rc = EXIT_VIOLATION;
  }
  verifier_free(v);
  return rc;
}

/* The limits the topology alone decides, checked before a construction that may take long
 * (cmd_load_schedule's check); ctx: the views asked for. */
static int check_topology(const job *j, const void *ctx) {
  unsigned view_asked = *(const unsigned *)ctx;
  char err[256];
  if ((view_asked & VIEW_OCCUPANCY && draw_occupancy_check(&j->topo, 0, err, sizeof err)) ||
      (view_asked & VIEW_TREE && draw_layout_check(&j->topo, err, sizeof err)))
    return bad_input("%s", err);
  return 0;
}

/* Every transmission of s, a template expanded, into *whole (initialized here); 0 or -1. */
static int whole_rows(const sched *s, sched *whole) {
  sched_init(whole, &s->topo, s->task, s->model, s->root);
  return sched_expand(s, whole);
}

int cmd_draw(int argc, char **argv) {
  options o;
  int rc = begin_command(argc, argv,
                         TAKES(O_TOPO, O_TASK, O_MODEL, O_ROOT, O_ALG, O_OUT, O_MAX_MEM, O_ACTIVE, O_K, O_SEED, O_M,
                               O_SPLIT, O_VIEW, O_ORIGIN, O_FROM),
                         1, usage_draw, &o);
  if (rc) return rc < 0 ? 0 : rc;
  if (!o.nwords && !o.topo && !o.task)
    return bad_input("missing --topo and --task, or a schedule file (a path, or - for standard input)");
  if (!o.out) return bad_input("missing -o FILE.svg (the picture is written to a file)");
  unsigned view = 0;
  if (o.view) {
    if (!strcmp(o.view, "occupancy")) view = VIEW_OCCUPANCY;
    else if (!strcmp(o.view, "tree")) view = VIEW_TREE;
    else if (!strcmp(o.view, "both")) view = VIEW_BOTH;
    else return bad_input("unknown --view '%s' (expected occupancy, tree or both)", o.view);
  }
  char err[256];
  outfile out; /* opened before the construction, which may take seconds: a bad -o fails fast */
  if (outfile_open(&out, o.out, err, sizeof err)) return bad_input("%s", err);
  sched s, whole;
  const char *what;
  if ((rc = cmd_load_schedule(&o, check_topology, &view, &s, &what))) {
    outfile_abort(&out);
    return rc;
  }
  const sched *all = &s;
  bool expanded = false;
  if (s.is_template) {
    if (whole_rows(&s, &whole)) {
      rc = bad_input("out of memory expanding the template of %s on %s", task_name(s.task), s.topo.name);
      goto done;
    }
    expanded = true;
    all = &whole;
  }
  if (!view) view = draw_layout_check(&s.topo, err, sizeof err) ? VIEW_OCCUPANCY : VIEW_BOTH;
  if (view & VIEW_TREE && draw_layout_check(&s.topo, err, sizeof err)) {
    rc = bad_input("%s", err);
    goto done;
  }
  if (view & VIEW_OCCUPANCY && draw_occupancy_check(&s.topo, 0, err, sizeof err)) {
    rc = bad_input("%s", err);
    goto done;
  }
  verify_summary sum;
  if ((rc = verify_rows(&s, all->rows, all->nrows, what, &sum))) goto done;
  if (view & VIEW_OCCUPANCY && draw_occupancy_check(&s.topo, sum.slots, err, sizeof err)) {
    rc = bad_input("%s", err);
    goto done;
  }
  /* the tree view's node */
  int64_t v = draw_tree_default(&s);
  if (o.origin) {
    uint64_t x;
    if (!draw_tree_takes_origin(s.task)) {
      rc = bad_input("--origin does not apply to task %s (its one chunk's partial sums are drawn)", task_name(s.task));
      goto done;
    }
    if (cli_uint(o.origin, 0, s.topo.nodes - 1, &x)) {
      rc = bad_input("--origin '%s' is not a node of %s (0..%u)", o.origin, s.topo.name, (unsigned)(s.topo.nodes - 1));
      goto done;
    }
    v = (int64_t)x;
  }
  draw_input in = {&s, all->rows, all->nrows, sum.slots, sum.lb};
  if (view & VIEW_TREE && o.origin) {
    size_t n = 0;
    for (size_t i = 0; i < in.nrows; i++) n += draw_tree_selects(&s, v, &in.rows[i]);
    if (!n && s.topo.nodes > 1) {
      rc = bad_input("--origin '%s': no transmission of this %s carries %s %s", o.origin, task_name(s.task),
                     task_combines(s.task) ? "a partial sum of chunk" : "a packet of origin", o.origin);
      goto done;
    }
  }
  /* the panels, one above the other */
  double ow = 0, oh = 0, tw = 0, th = 0;
  if (view & VIEW_OCCUPANCY) draw_occupancy_size(&in, &ow, &oh);
  if (view & VIEW_TREE && draw_tree_size(&in, &tw, &th)) {
    rc = bad_input("out of memory laying out %s", s.topo.name);
    goto done;
  }
  char title[256], desc[400];
  draw_title(&s, title, sizeof title);
  snprintf(desc, sizeof desc, "romnoc-cmodel %s draw: %s", ROMNOC_VERSION, title);
  svg w;
  svg_begin(&w, out.f, ow > tw ? ow : tw, oh + th, desc);
  uint64_t busy = 0, cells = 0, edges = 0;
  if ((view & VIEW_OCCUPANCY && draw_occupancy(&w, 0, 0, &in, &busy, &cells)) ||
      (view & VIEW_TREE && draw_tree(&w, 0, oh, &in, v, &edges))) {
    rc = bad_input("out of memory drawing %s on %s", task_name(s.task), s.topo.name);
    goto done;
  }
  if (svg_end(&w)) {
    rc = bad_input("cannot write '%s': %s", o.out, strerror(errno ? errno : EIO));
    goto done;
  }
  if (outfile_commit(&out, err, sizeof err)) {
    rc = bad_input("%s", err);
    goto free_rows; /* the commit closed the file */
  }
  printf("%s:", o.out);
  if (view & VIEW_OCCUPANCY)
    printf(" occupancy %llu links x %u slots, %llu busy (%.1f%%), lb %u%s", (unsigned long long)draw_directed_links(&s.topo),
           (unsigned)sum.slots, (unsigned long long)busy, cells ? 100.0 * (double)busy / (double)cells : 0.0,
           (unsigned)sum.lb, view & VIEW_TREE ? ";" : "");
  if (view & VIEW_TREE) {
    if (v >= 0) printf(" tree of %lld, %llu transmissions", (long long)v, (unsigned long long)edges);
    else printf(" tree of every packet, %llu transmissions", (unsigned long long)edges);
  }
  putchar('\n');
  goto free_rows;
done:
  outfile_abort(&out);
free_rows:
  if (expanded) sched_free(&whole);
  sched_free(&s);
  return rc;
}
