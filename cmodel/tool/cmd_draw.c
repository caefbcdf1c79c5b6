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
#include "verify/verify_schedule.h"
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
    "              complete:N as a circle of chords, torus and mesh as a grid, 3-D as a row of\n"
    "              grids), one packet's transmissions bold with arrows, labelled with their slots;\n"
    "              both: the two, one above the other (default when the tree view applies,\n"
    "              otherwise occupancy)\n"
    "  --origin V  the tree view's node: its packet's broadcast tree (snb, mnb, kbcast, pmnb), its\n"
    "              packets (scatter, te, pexchange, pgather), its packet's path to the root (gather; default:\n"
    "              every packet), the partial sums of chunk V (reduce_scatter, allreduce; reduce and\n"
    "              global_sum draw all theirs and take no --origin). Default: the root, the first\n"
    "              active node, or 0\n"
    "  -o FILE     the SVG (required): written through FILE.tmp.PID, renamed when complete; - for\n"
    "              standard output (the SVG alone, without the summary line)\n"
    "Limits: the map draws up to " STR(DRAW_MAX_LINKS) " directed links, " STR(DRAW_MAX_SLOTS) " slots and "
    STR(DRAW_MAX_CELLS) " cells; the tree\n"
    "view up to hypercube:" STR(DRAW_TREE_MAX_HYPERCUBE_DIM) ", 3-D tori and meshes, " STR(DRAW_TREE_MAX_NODES)
    " nodes. Beyond them: exit 2, naming the limit.\n"
    "The other options are those of 'cmodel schedule' (see 'cmodel schedule --help').\n";

typedef enum { VIEW_OCCUPANCY = 1, VIEW_TREE = 2, VIEW_BOTH = 3 } draw_view;

/* A schedule on its way to the pictures. */
typedef struct {
  sched s;            /* as loaded or built */
  sched whole;        /* s's template expanded, when s is one (expanded) */
  const sched *all;   /* every transmission: &s or &whole */
  bool expanded;
  unsigned view;      /* draw_view; 0 until chosen */
  verify_summary sum; /* the verifier's slots and lower bound */
  int64_t origin;     /* the tree view's node, or -1: every packet */
} drawing;

/* --view's name as a draw_view into *view; returns 0 or the bad-input exit code. */
static int parse_view(const char *name, unsigned *view) {
  if (!strcmp(name, "occupancy")) *view = VIEW_OCCUPANCY;
  else if (!strcmp(name, "tree")) *view = VIEW_TREE;
  else if (!strcmp(name, "both")) *view = VIEW_BOTH;
  else return bad_input("unknown --view '%s' (expected occupancy, tree or both)", name);
  return 0;
}

/* Verifies the whole schedule d->all as 'cmodel verify' does; returns 0 with d->sum filled,
 * 1 (a violation, reported) or the bad-input exit code. */
static int verify_rows(drawing *d, const char *what) {
  char msg[VERIFY_MESSAGE_LEN];
  int rc = verify_sched(d->all, false, &d->sum, msg, sizeof msg);
  if (rc < 0) return bad_input("%s", msg);
  if (rc == VERIFY_BAD_INPUT) return bad_input("%s: %s", what, msg);
  if (rc == VERIFY_VIOLATION) {
    fprintf(stderr, "cmodel: %s does not verify, not drawn: ", what);
    char buf[1100];
    fprintf(stderr, "%s\n", cli_printable(msg, 1000, buf, sizeof buf));
    return EXIT_VIOLATION;
  }
  return 0;
}

/* The limits the topology alone decides, checked before a construction that may take long
 * (cmd_load_schedule's check); ctx: the views asked for. */
static int check_topology(const job *j, const void *ctx) {
  unsigned view_asked = *(const unsigned *)ctx;
  char err[256];
  if (!view_asked) view_asked = VIEW_OCCUPANCY; /* the default views (prepare) include the map */
  if ((view_asked & VIEW_OCCUPANCY && draw_occupancy_check(&j->topo, 0, err, sizeof err)) ||
      (view_asked & VIEW_TREE && draw_layout_check(&j->topo, err, sizeof err)))
    return bad_input("%s", err);
  return 0;
}

/* Settles the views (the default: both where the tree view applies), checks the limits the
 * topology decides, expands d->s's template into d->whole and verifies; returns 0, 1 or the bad-input exit code. */
static int prepare(drawing *d, const char *what) {
  char err[256];
  const topo *t = &d->s.topo;
  if (!d->view) d->view = draw_layout_check(t, err, sizeof err) ? VIEW_OCCUPANCY : VIEW_BOTH;
  if ((d->view & VIEW_TREE && draw_layout_check(t, err, sizeof err)) ||
      (d->view & VIEW_OCCUPANCY && draw_occupancy_check(t, 0, err, sizeof err)))
    return bad_input("%s", err); /* before the template is expanded */
  d->all = &d->s;
  if (d->s.is_template) {
    sched_init(&d->whole, &d->s.topo, d->s.task, d->s.model, d->s.root);
    d->expanded = true; /* sched_expand leaves whole to be freed, complete or not */
    if (sched_expand(&d->s, &d->whole))
      return bad_input("out of memory expanding the template of %s on %s", task_name(d->s.task), d->s.topo.name);
    d->all = &d->whole;
  }
  int rc = verify_rows(d, what);
  if (rc) return rc;
  if (d->view & VIEW_OCCUPANCY && draw_occupancy_check(t, d->sum.slots, err, sizeof err)) return bad_input("%s", err);
  return 0;
}

/* What the panels draw from. */
static draw_input input_of(const drawing *d) {
  return (draw_input){&d->s, d->all->rows, d->all->nrows, d->sum.slots, d->sum.lb};
}

/* The tree view's node into d->origin: --origin (name: its text, NULL for the default), which
 * some transmission must select; returns 0 or the bad-input exit code. */
static int pick_origin(drawing *d, const char *name) {
  const sched *s = &d->s;
  d->origin = draw_tree_default(s);
  if (!name) return 0;
  uint64_t x;
  if (!draw_tree_takes_origin(s->task))
    return bad_input("--origin does not apply to task %s (its one chunk's partial sums are drawn)", task_name(s->task));
  if (cli_uint(name, 0, s->topo.nodes - 1, &x))
    return bad_input("--origin '%s' is not a node of %s (0..%u)", name, s->topo.name, (unsigned)(s->topo.nodes - 1));
  d->origin = (int64_t)x;
  if (!(d->view & VIEW_TREE)) return 0;
  draw_input in = input_of(d);
  size_t n = 0;
  for (size_t i = 0; i < in.nrows; i++) n += draw_tree_selects(s, d->origin, &in.rows[i]);
  if (!n && s->topo.nodes > 1)
    return bad_input("--origin '%s': no transmission of this %s carries %s %s", name, task_name(s->task),
                     task_combines(s->task) ? "a partial sum of chunk" : "a packet of origin", name);
  return 0;
}

/* What the panels drew, for the summary line. */
typedef struct {
  uint64_t busy, cells, edges;
} drawn;

/* Writes the SVG, its panels one above the other, to f (path: the file's name for messages);
 * returns 0 with *st filled or the bad-input exit code. */
static int render(const drawing *d, FILE *f, const char *path, drawn *st) {
  const sched *s = &d->s;
  draw_input in = input_of(d);
  double ow = 0, oh = 0, tw = 0, th = 0;
  if (d->view & VIEW_OCCUPANCY) draw_occupancy_size(&in, &ow, &oh);
  if (d->view & VIEW_TREE && draw_tree_size(&in, &tw, &th)) return bad_input("out of memory laying out %s", s->topo.name);
  char title[256], desc[400];
  draw_title(s, title, sizeof title);
  snprintf(desc, sizeof desc, "romnoc-cmodel %s draw: %s", ROMNOC_VERSION, title);
  svg w;
  svg_begin(&w, f, ow > tw ? ow : tw, oh + th, desc);
  *st = (drawn){0, 0, 0};
  if ((d->view & VIEW_OCCUPANCY && draw_occupancy(&w, 0, 0, &in, &st->busy, &st->cells)) ||
      (d->view & VIEW_TREE && draw_tree(&w, 0, oh, &in, d->origin, &st->edges)))
    return bad_input("out of memory drawing %s on %s", task_name(s->task), s->topo.name);
  if (svg_end(&w)) return bad_input("cannot write '%s': %s", path, strerror(errno ? errno : EIO));
  return 0;
}

/* The summary line on standard output: the file, then each panel's figures. */
static void report(const drawing *d, const char *path, const drawn *st) {
  const sched *s = &d->s;
  printf("%s:", path);
  if (d->view & VIEW_OCCUPANCY)
    printf(" occupancy %llu links x %u slots, %llu busy (%.1f%%), lb %u%s", (unsigned long long)draw_directed_links(&s->topo),
           (unsigned)d->sum.slots, (unsigned long long)st->busy,
           st->cells ? 100.0 * (double)st->busy / (double)st->cells : 0.0, (unsigned)d->sum.lb,
           d->view & VIEW_TREE ? ";" : "");
  if (d->view & VIEW_TREE) {
    if (d->origin >= 0) printf(" tree of %lld, %llu transmissions", (long long)d->origin, (unsigned long long)st->edges);
    else printf(" tree of every packet, %llu transmissions", (unsigned long long)st->edges);
  }
  putchar('\n');
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
  drawing d = {.view = 0, .expanded = false};
  if (o.view && (rc = parse_view(o.view, &d.view))) return rc;
  char err[256];
  outfile out; /* opened before the construction, which may take seconds: a bad -o fails fast */
  if (outfile_open(&out, o.out, err, sizeof err)) return bad_input("%s", err);
  const char *what;
  if ((rc = cmd_load_schedule(&o, check_topology, &d.view, &d.s, &what))) {
    outfile_abort(&out);
    return rc;
  }
  drawn st;
  if (!(rc = prepare(&d, what)) && !(rc = pick_origin(&d, o.origin))) rc = render(&d, out.f, o.out, &st);
  if (rc) outfile_abort(&out);
  else if (outfile_commit(&out, err, sizeof err)) rc = bad_input("%s", err); /* the commit closed the file */
  else if (!out.standard) report(&d, o.out, &st); /* -o -: the picture alone on standard output */
  if (d.expanded) sched_free(&d.whole);
  sched_free(&d.s);
  return rc;
}
