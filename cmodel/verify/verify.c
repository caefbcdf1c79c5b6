/* verify.c — the streaming schedule checker (see verify.h). */
#include "verify/verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/bounds.h"
#include "util/grow.h"
#include "util/memlimit.h"
#include "verify/verify_combine.h"
#include "verify/verify_kbcast.h"
#include "verify/verify_s4noc.h"
#include "model/pexchange_sums.h"
#include "model/pmnb_prefix.h"
#include "verify/verify_pexchange_sums.h"
#include "verify/verify_pmnb_prefix.h"

typedef struct {
  uint64_t packet;
  uint32_t node;
} arrival;

struct verifier {
  topo t;
  task_kind task;      /* the task checked row by row (snb/scatter for a template) */
  task_kind full_task; /* the task reported in the summary */
  model_kind model;
  uint32_t root;
  template_kind tpl;   /* TEMPLATE_NONE: whole schedules; else the rows are a template */
  uint32_t reps; /* template mode: the origins whose rows it holds (0, or 0 and 1) */

  uint64_t norigins;  /* broadcast: origins tracked per node */
  uint64_t *held;     /* broadcast: bit node*norigins + origin index */
  uint16_t *loc;      /* personalized: node that holds each packet */
  uint64_t *moving;   /* personalized: bit per packet sent in the current slot */
  uint64_t npackets;
  combine_state *comb; /* combining tasks: the partial sums */
  kbcast_state *kb;    /* kbcast: packets, counters, terminations */
  active_set active;   /* pmnb, pexchange, pgather: the active nodes, whose packets (pgather:
                        * the packets for whom) alone exist */
  uint64_t *is_active; /* pmnb, pexchange, pgather: a bit per node */
  uint32_t pieces;     /* pmnb: pieces per packet (sched.fraction); 1 otherwise */
  pmnb_prefix_check *prefix; /* pmnb: the counters of the rank phase, if the schedule has them */
  pexchange_sums_check *sums; /* pexchange: the counters of phase 1, if the schedule has them */
  local_port_check *local;   /* s4noc models: one packet per slot each way through a node's local port */

  arrival *pending; /* receptions of the current slot, held from its end on */
  size_t npending, cap_pending;

  uint32_t *stamp_a, *stamp_b; /* capacity: the last slot a link or node was used */
  uint32_t gen_stamp[4 * TOPO_MAX_DIMS]; /* template mode: the last slot each generator class was used */

  uint32_t slot, last_src, last_dst;
  uint64_t rows;
  char msg[VERIFY_MESSAGE_LEN];
};

static bool template_mode(const verifier *v) { return v->tpl != TEMPLATE_NONE; }

static int bit_get(const uint64_t *b, uint64_t i) { return (int)(b[i >> 6] >> (i & 63) & 1); }
static void bit_set(uint64_t *b, uint64_t i) { b[i >> 6] |= 1ull << (i & 63); }
static void bit_clear(uint64_t *b, uint64_t i) { b[i >> 6] &= ~(1ull << (i & 63)); }

verifier *verifier_new(const topo *t, task_kind task, model_kind model, int64_t root, template_kind tpl,
                       char *err, size_t errlen) {
  bool templated = tpl != TEMPLATE_NONE;
  if (task_has_active_set(task)) {
    snprintf(err, errlen, "task %s needs its active set (verifier_new_active)", task_name(task));
    return NULL;
  }
  if (task_has_root(task) && (root < 0 || root >= t->nodes)) {
    snprintf(err, errlen, "root %lld is not a node of %s (0..%u)", (long long)root, t->name, (unsigned)t->nodes - 1);
    return NULL;
  }
  if (templated && (topo_translation_of(t) == TRANS_NONE || model == MODEL_SP_HALF ||
                        (task != TASK_MNB && task != TASK_TE) || (tpl == TEMPLATE_PARITY && model == MODEL_SP_FULL))) {
    snprintf(err, errlen,
             "--template certifies translated mnb or te schedules on a hypercube, ring, torus or complete graph under mla, "
             "oneway or sp-full, not %s %s %s",
             task_name(task), t->name, model_name(model));
    return NULL;
  }
  if (model_limits_local_port(model) && (task_combines(task) || tpl == TEMPLATE_PARITY)) {
    snprintf(err, errlen, "%s%s is not defined under model %s (its tasks forward and copy packets: snb, mnb, scatter, gather, te%s)",
             task_combines(task) ? "task " : "", task_combines(task) ? task_name(task) : "a parity template", model_name(model),
             task_combines(task) ? "" : ", as whole schedules or translation templates");
    return NULL;
  }
  if (tpl == TEMPLATE_PARITY && t->kind != TOPO_HYPERCUBE) {
    snprintf(err, errlen, "a parity template (template=xor-parity) is a hypercube's, not %s's", t->name);
    return NULL;
  }
  verifier *v = calloc(1, sizeof *v);
  if (!v) goto oom;
  v->t = *t;
  v->full_task = task;
  v->task = !templated ? task : task == TASK_MNB ? TASK_SNB : TASK_SCATTER;
  v->model = model;
  v->root = templated ? 0 : task_has_root(task) ? (uint32_t)root : 0;
  v->tpl = tpl;
  v->reps = tpl == TEMPLATE_PARITY ? 2 : 1;
  v->pieces = 1;
  uint64_t n = t->nodes;
  if (task_combines(task)) {
    v->comb = combine_new(t, task, v->root, err, errlen);
    if (!v->comb) {
      verifier_free(v);
      return NULL;
    }
  } else if (task_is_personalized(v->task)) {
    v->npackets = v->task == TASK_TE ? n * n : v->task == TASK_SCATTER ? v->reps * n : n;
    uint64_t bytes;
    char why[200];
    if (mem_check(v->npackets, sizeof *v->loc + 1, "tracking every packet", &bytes, why, sizeof why)) {
      snprintf(err, errlen, "%s on %s: %s; certify a template with --template", task_name(task), t->name, why);
      free(v);
      return NULL;
    }
    v->loc = malloc(v->npackets * sizeof *v->loc);
    v->moving = calloc((v->npackets + 63) / 64, sizeof *v->moving);
    if (!v->loc || !v->moving) goto oom;
    for (uint64_t p = 0; p < v->npackets; p++) /* each packet starts at its origin */
      v->loc[p] = (uint16_t)(v->task == TASK_TE || template_mode(v) ? p / n : v->task == TASK_SCATTER ? v->root : p);
  } else {
    v->norigins = v->task == TASK_MNB ? n : v->reps;
    uint64_t bytes;
    char why[200];
    if (mem_check((n * v->norigins + 63) / 64, sizeof *v->held, "a bit per node and origin", &bytes, why, sizeof why)) {
      snprintf(err, errlen, "%s on %s: %s; certify a template with --template", task_name(task), t->name, why);
      free(v);
      return NULL;
    }
    v->held = calloc((n * v->norigins + 63) / 64, sizeof *v->held);
    if (!v->held) goto oom;
    for (uint64_t u = 0; u < n; u++)
      if (v->task == TASK_MNB) bit_set(v->held, u * n + u);
    if (v->task == TASK_SNB)
      for (uint32_t o = 0; o < v->reps; o++) bit_set(v->held, (uint64_t)(v->root + o) * v->norigins + o);
  }
  v->stamp_a = calloc(n * (uint64_t)t->ports, sizeof *v->stamp_a);
  v->stamp_b = calloc(n, sizeof *v->stamp_b);
  if (!v->stamp_a || !v->stamp_b) goto oom;
  if (model_limits_local_port(model) &&
      !(v->local = local_port_check_new(t, model, templated, v->loc ? v->npackets : n * v->norigins)))
    goto oom;
  return v;
oom:
  verifier_free(v);
  snprintf(err, errlen, "out of memory setting up the verifier for %s on %s", task_name(task), t->name);
  return NULL;
}

/* pmnb and pexchange: the packets of inactive origins do not exist; pgather: those for
 * inactive destinations. They count as delivered from the start (every node holds them, or
 * they sit at their destinations), and a row that carries one is refused in verifier_feed. */
static int setup_partial(verifier *v, const active_set *a, uint32_t fraction, char *err, size_t errlen) {
  uint64_t n = v->t.nodes;
  if (active_copy(&v->active, a) || !(v->is_active = calloc((n + 63) / 64, sizeof *v->is_active))) return -1;
  for (uint32_t j = 0; j < a->n; j++) bit_set(v->is_active, a->ids[j]);
  v->pieces = v->task == TASK_PMNB ? fraction : 1;
  uint64_t bytes;
  char why[200];
  if (v->task == TASK_PMNB) {
    if (!(v->prefix = pmnb_prefix_check_new(&v->t, a, v->pieces))) return -1;
    v->norigins = n * v->pieces;
    if (mem_check((n * v->norigins + 63) / 64, sizeof *v->held, "a bit per node and piece", &bytes, why, sizeof why)) {
      snprintf(err, errlen, "pmnb on %s: %s", v->t.name, why);
      return -2;
    }
    if (!(v->held = calloc((n * v->norigins + 63) / 64, sizeof *v->held))) return -1;
    for (uint64_t o = 0; o < n; o++) /* an origin holds its pieces; nobody waits for an inactive one's */
      for (uint64_t u = bit_get(v->is_active, o) ? o : 0; u < (bit_get(v->is_active, o) ? o + 1 : n); u++)
        for (uint64_t c = 0; c < v->pieces; c++) bit_set(v->held, u * v->norigins + o * v->pieces + c);
    return 0;
  }
  if (v->task == TASK_PEXCHANGE && !(v->sums = pexchange_sums_check_new(&v->t, a))) return -1;
  v->npackets = n * n;
  if (mem_check(v->npackets, sizeof *v->loc + 1, "tracking every packet", &bytes, why, sizeof why)) {
    snprintf(err, errlen, "%s on %s: %s", task_name(v->task), v->t.name, why);
    return -2;
  }
  v->loc = malloc(v->npackets * sizeof *v->loc);
  v->moving = calloc((v->npackets + 63) / 64, sizeof *v->moving);
  if (!v->loc || !v->moving) return -1;
  /* a packet that exists starts at its origin; one that does not (pexchange: an inactive
   * origin's, pgather: one for an inactive dest) sits at its destination */
  bool exists_by_origin = v->task == TASK_PEXCHANGE;
  for (uint64_t p = 0; p < v->npackets; p++)
    v->loc[p] = (uint16_t)(bit_get(v->is_active, exists_by_origin ? p / n : p % n) ? p / n : p % n);
  return 0;
}

verifier *verifier_new_active(const topo *t, task_kind task, model_kind model, const active_set *a, uint32_t fraction,
                              char *err, size_t errlen) {
  if (!task_has_active_set(task)) {
    snprintf(err, errlen, "task %s has no active set (verifier_new)", task_name(task));
    return NULL;
  }
  if (model != MODEL_MLA) {
    snprintf(err, errlen, "task %s is defined under model mla (%s's all-port model), not %s", task_name(task),
             task == TASK_KBCAST ? "001" : "004", model_name(model));
    return NULL;
  }
  if (t->kind == TOPO_COMPLETE && task != TASK_KBCAST) { /* 004's rank and sum phases run along lines */
    snprintf(err, errlen, "task %s is defined on rings, tori and meshes (004), not on %s", task_name(task), t->name);
    return NULL;
  }
  if (task != TASK_PMNB && fraction > 1) {
    snprintf(err, errlen, "fraction=%u: only pmnb packets are split into pieces (004 s3.1), not %s's", (unsigned)fraction,
             task_name(task));
    return NULL;
  }
  verifier *v = calloc(1, sizeof *v);
  if (!v || !(v->stamp_a = calloc((uint64_t)t->nodes * (uint64_t)t->ports, sizeof *v->stamp_a)) ||
      !(v->stamp_b = calloc(t->nodes, sizeof *v->stamp_b)))
    goto oom;
  v->t = *t;
  v->task = v->full_task = task;
  v->model = model;
  v->pieces = 1;
  if (task == TASK_KBCAST) {
    if (!(v->kb = kbcast_new(t, a, err, errlen))) {
      verifier_free(v);
      return NULL;
    }
    return v;
  }
  int rc = setup_partial(v, a, fraction ? fraction : 1, err, errlen);
  if (rc == -1) goto oom;
  if (rc) {
    verifier_free(v);
    return NULL;
  }
  return v;
oom:
  verifier_free(v);
  snprintf(err, errlen, "out of memory setting up the verifier for %s on %s", task_name(task), t->name);
  return NULL;
}

void verifier_free(verifier *v) {
  if (!v) return;
  kbcast_free(v->kb);
  combine_free(v->comb);
  active_free(&v->active);
  free(v->is_active);
  pmnb_prefix_check_free(v->prefix);
  pexchange_sums_check_free(v->sums);
  local_port_check_free(v->local);
  free(v->held);
  free(v->loc);
  free(v->moving);
  free(v->pending);
  free(v->stamp_a);
  free(v->stamp_b);
  free(v);
}

const char *verifier_message(const verifier *v) { return v->msg; }

__attribute__((format(printf, 3, 4))) static int violation(verifier *v, const sched_row *r, const char *fmt, ...) {
  int off = snprintf(v->msg, sizeof v->msg, "slot=%u src=%u dst=%u origin=%lld dest=%d: ", (unsigned)r->slot,
                     (unsigned)r->src, (unsigned)r->dst,
                     r->origin >= ORIGIN_COPY ? (long long)(int32_t)r->origin : (long long)r->origin, (int)r->dest);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(v->msg + off, sizeof v->msg - (size_t)off, fmt, ap);
  va_end(ap);
  return VERIFY_VIOLATION;
}

/* Records that packet reaches node at the end of the current slot. */
static int push_arrival(verifier *v, const sched_row *r, uint64_t packet) {
  arrival *pending = grow_array(v->pending, &v->cap_pending, v->npending, sizeof *pending, 1024);
  if (!pending) { /* a resource, not the schedule, ran out: bad input (the limit) */
    uint64_t bytes;
    char why[200];
    if (!mem_check(v->cap_pending ? 2 * (uint64_t)v->cap_pending : 1024, sizeof *pending, "the packets received in one slot", &bytes, why, sizeof why))
      snprintf(why, sizeof why, "out of memory holding the packets received in one slot");
    snprintf(v->msg, sizeof v->msg, "slot %u: %s", (unsigned)r->slot, why);
    return VERIFY_BAD_INPUT;
  }
  v->pending = pending;
  v->pending[v->npending++] = (arrival){packet, r->dst};
  return VERIFY_OK;
}

/* Everything received during the current slot is held from its end on. */
static int end_slot(verifier *v) {
  if (v->kb) {
    kbcast_end_slot(v->kb);
    return VERIFY_OK;
  }
  if (v->comb) {
    int rc = combine_end_slot(v->comb, v->msg, sizeof v->msg);
    return rc == 2 ? VERIFY_BAD_INPUT : rc ? VERIFY_VIOLATION : VERIFY_OK;
  }
  for (size_t i = 0; i < v->npending; i++) {
    const arrival *a = &v->pending[i];
    if (v->local) local_port_note_arrival(v->local, v->held ? (uint64_t)a->node * v->norigins + a->packet : a->packet, v->slot);
    if (v->held) {
      bit_set(v->held, (uint64_t)a->node * v->norigins + a->packet);
    } else {
      v->loc[a->packet] = (uint16_t)a->node;
      bit_clear(v->moving, a->packet);
    }
  }
  v->npending = 0;
  return VERIFY_OK;
}

/* Template mode: the translates of the slot's rows must not share what the model allows once.
 * 000 §2, 003 Thm 4.5: under mla the translates of two rows share directed links iff they use
 * the same generator; a parity template's rows are translated by even ids only, so under mla
 * rows of the same generator are apart when their senders' parities differ. 003 Lemma 7.4:
 * under oneway a row's translates use every wire of its dimension once (parity template; a
 * translation template of a generator that is its own inverse uses each wire both ways, a
 * conflict with itself), so each dimension is used once per slot, both ways together. Under
 * sp-full a row's translates make every node send once and receive once: one row per slot. */
static int check_generators(verifier *v, const sched_row *r, int port) {
  const topo *t = &v->t;
  if (v->model == MODEL_SP_FULL) {
    if (v->gen_stamp[0] == r->slot)
      return violation(v, r,
                       "translates exceed the sp-full capacity: the template has two rows in slot %u, so every node "
                       "sends twice",
                       (unsigned)r->slot);
    v->gen_stamp[0] = r->slot;
    return VERIFY_OK;
  }
  int dim = t->kind == TOPO_HYPERCUBE ? port : port / 2, cls = port;
  char gen[16];
  topo_port_name(t, port, gen, sizeof gen);
  bool self_inverse = t->kind == TOPO_HYPERCUBE || t->radix[dim] == 2;
  if (t->kind == TOPO_COMPLETE) { /* +g (port g-1) and -g (port N-1-g) run over the same wires: one class */
    int inverse = t->ports - 1 - port;
    dim = port < inverse ? port : inverse;
    self_inverse = inverse == port;
  }
  if (v->model == MODEL_ONEWAY) {
    if (self_inverse && v->tpl == TEMPLATE_TRANSLATION)
      return violation(v, r,
                       "translates exceed the oneway capacity: generator %s is its own inverse, so the translates of "
                       "this row use each of its wires both ways in slot %u",
                       gen, (unsigned)r->slot);
    cls = dim;
  } else if (v->tpl == TEMPLATE_PARITY) {
    cls = 2 * port + (int)__builtin_parity(r->src);
  }
  if (v->gen_stamp[cls] == r->slot && v->model == MODEL_ONEWAY && t->kind == TOPO_COMPLETE)
    return violation(v, r,
                     "translates exceed the oneway capacity: the template uses generator %s or its inverse twice in "
                     "slot %u, so its translates share wires",
                     gen, (unsigned)r->slot);
  if (v->gen_stamp[cls] == r->slot && v->model == MODEL_ONEWAY)
    return violation(v, r,
                     "translates exceed the oneway capacity: the template uses dimension %d twice in slot %u (%s "
                     "here), so its translates share wires",
                     dim, (unsigned)r->slot, gen);
  if (v->gen_stamp[cls] == r->slot)
    return violation(v, r,
                     "translates exceed the mla capacity: the template uses generator %s (port %d) twice in slot %u, "
                     "so its translates share directed links",
                     gen, port, (unsigned)r->slot);
  v->gen_stamp[cls] = r->slot;
  return VERIFY_OK;
}

/* Checks the row's use of links and ports against the model; 0 if within capacity. */
static int check_capacity(verifier *v, const sched_row *r, int port) {
  uint32_t s = r->slot, n_ports = (uint32_t)v->t.ports;
  uint32_t *a, *b = NULL;
  const char *what;
  switch (v->model) {
  case MODEL_MLA:
  case MODEL_S4NOC: /* the S4NOC models' links are mla's; their local ports: verify_s4noc.h */
  case MODEL_S4NOC_BUFFERLESS:
    a = &v->stamp_a[(uint64_t)r->src * n_ports + (uint32_t)port];
    what = "link %u->%u exceeds the mla capacity (one packet per directed link per slot)";
    break;
  case MODEL_ONEWAY: {
    uint32_t lo = r->src < r->dst ? r->src : r->dst, hi = r->src ^ r->dst ^ lo;
    a = &v->stamp_a[(uint64_t)lo * n_ports + (uint32_t)topo_port_to(&v->t, lo, hi)];
    what = "link %u-%u exceeds the oneway capacity (one packet per link per slot, either direction)";
    break;
  }
  case MODEL_SP_FULL:
    a = &v->stamp_a[r->src];
    b = &v->stamp_b[r->dst];
    what = "nodes %u->%u exceed the sp-full capacity (a node sends at most one and receives at most one per slot)";
    break;
  default:
    a = &v->stamp_a[r->src];
    b = &v->stamp_a[r->dst];
    what = "nodes %u->%u exceed the sp-half capacity (a node sends or receives one packet per slot)";
    break;
  }
  if (*a == s || (b && *b == s)) return violation(v, r, what, (unsigned)r->src, (unsigned)r->dst);
  *a = s;
  if (b) *b = s;
  if (template_mode(v)) return check_generators(v, r, port);
  return VERIFY_OK;
}

/* The S4NOC models' local-port and bufferless rules for a row whose packet the sender holds. */
static int check_local_port(verifier *v, const sched_row *r, uint64_t key_at_src, uint64_t packet, bool delivery) {
  char why[240];
  if (!v->local || !local_port_check_row(v->local, r, key_at_src, packet, delivery, why, sizeof why)) return VERIFY_OK;
  return violation(v, r, "%s", why);
}

int verifier_feed(verifier *v, const sched_row *r) {
  if (r->slot < v->slot || (r->slot == v->slot && (r->src < v->last_src || (r->src == v->last_src && r->dst < v->last_dst)))) {
    snprintf(v->msg, sizeof v->msg, "row %llu (slot=%u src=%u dst=%u) is out of (slot, src, dst) order",
             (unsigned long long)v->rows + 1, (unsigned)r->slot, (unsigned)r->src, (unsigned)r->dst);
    return VERIFY_BAD_INPUT;
  }
  if (r->slot == 0) {
    snprintf(v->msg, sizeof v->msg, "row %llu has slot 0 (slots count from 1)", (unsigned long long)v->rows + 1);
    return VERIFY_BAD_INPUT;
  }
  if (r->slot != v->slot) {
    int rc = end_slot(v);
    if (rc) return rc;
  }
  v->slot = r->slot;
  v->last_src = r->src;
  v->last_dst = r->dst;
  v->rows++;

  int port = topo_port_to(&v->t, r->src, r->dst);
  if (port < 0) return violation(v, r, "%u->%u is not a link of %s", (unsigned)r->src, (unsigned)r->dst, v->t.name);
  if (check_capacity(v, r, port)) return VERIFY_VIOLATION;

  if (v->kb || v->comb) {
    char why[240];
    int rc = v->kb ? kbcast_feed(v->kb, r, why, sizeof why) : combine_feed(v->comb, r, why, sizeof why);
    if (rc == 2) snprintf(v->msg, sizeof v->msg, "%s", why);
    return rc == 2 ? VERIFY_BAD_INPUT : rc ? violation(v, r, "%s", why) : VERIFY_OK;
  }
  uint64_t n = v->t.nodes;
  if (v->prefix && r->dest == PMNB_COUNTER) {
    char why[240];
    return pmnb_prefix_check_counter(v->prefix, r, why, sizeof why) ? violation(v, r, "%s", why) : VERIFY_OK;
  }
  if (v->sums && r->dest == PEXCHANGE_COUNTER) {
    char why[240];
    return pexchange_sums_check_counter(v->sums, r, why, sizeof why) ? violation(v, r, "%s", why) : VERIFY_OK;
  }
  if (v->prefix) pmnb_prefix_note_packet(v->prefix, r->slot);
  if (v->sums) pexchange_sums_note_packet(v->sums, r->slot);
  if (v->task == TASK_PGATHER) {
    if (r->dest < 0 || (uint64_t)r->dest >= n || !bit_get(v->is_active, (uint64_t)r->dest))
      return violation(v, r, "dest %d is not an active node: no packet for it is part of task pgather", (int)r->dest);
  } else if (v->is_active && (r->origin >= n || !bit_get(v->is_active, r->origin))) {
    return violation(v, r, "origin %u is not an active node: its packet is not part of task %s", r->origin,
                     task_name(v->full_task));
  }
  if (v->task == TASK_PMNB) { /* dest: -1 for a whole packet, the piece's index for a split one */
    if (v->pieces == 1 ? r->dest != -1 : r->dest < 0 || (uint32_t)r->dest >= v->pieces)
      return violation(v, r, "dest must be %s for pmnb%s", v->pieces == 1 ? "-1" : "a piece index",
                       v->pieces == 1 ? " with whole packets" : " split into pieces (fraction=)");
    uint64_t piece = (uint64_t)r->origin * v->pieces + (v->pieces == 1 ? 0 : (uint32_t)r->dest);
    if (!bit_get(v->held, (uint64_t)r->src * v->norigins + piece))
      return violation(v, r, "node %u does not hold the %s at the start of slot %u", r->src, v->pieces == 1 ? "packet" : "piece",
                       r->slot);
    return push_arrival(v, r, piece);
  }
  if (r->origin >= n || r->dest >= (int64_t)n || r->dest < -1 || (r->dest >= 0) != task_is_personalized(v->task) ||
      (int64_t)r->origin == r->dest)
    return violation(v, r, "this packet is not part of task %s", task_name(v->full_task));
  if (v->held) {
    uint64_t origin_index = r->origin;
    if (v->task == TASK_SNB && template_mode(v)) {
      if (r->origin >= v->reps) return violation(v, r, "origin %u is not one of the template's (0..%u)", r->origin, v->reps - 1);
    } else if (v->task == TASK_SNB) {
      if (r->origin != v->root) return violation(v, r, "origin %u is not the root %u", r->origin, v->root);
      origin_index = 0;
    }
    if (!bit_get(v->held, (uint64_t)r->src * v->norigins + origin_index))
      return violation(v, r, "node %u does not hold the packet at the start of slot %u", r->src, r->slot);
    if (check_local_port(v, r, (uint64_t)r->src * v->norigins + origin_index, origin_index, true)) return VERIFY_VIOLATION;
    return push_arrival(v, r, origin_index);
  }
  uint64_t packet;
  switch (v->task) {
  case TASK_SCATTER:
    if (template_mode(v) && r->origin >= v->reps)
      return violation(v, r, "origin %u is not one of the template's (0..%u)", r->origin, v->reps - 1);
    if (!template_mode(v) && r->origin != v->root) return violation(v, r, "origin %u is not the root %u", r->origin, v->root);
    packet = (template_mode(v) ? (uint64_t)r->origin * n : 0) + (uint64_t)r->dest;
    break;
  case TASK_GATHER:
    if ((uint32_t)r->dest != v->root) return violation(v, r, "dest %u is not the root %u", (uint32_t)r->dest, v->root);
    packet = r->origin;
    break;
  default:
    packet = (uint64_t)r->origin * n + (uint64_t)r->dest;
    break;
  }
  if (v->loc[packet] != r->src || bit_get(v->moving, packet))
    return violation(v, r, "node %u does not hold the packet at the start of slot %u", r->src, r->slot);
  if (check_local_port(v, r, packet, packet, (int64_t)r->dst == r->dest)) return VERIFY_VIOLATION;
  bit_set(v->moving, packet);
  return push_arrival(v, r, packet);
}

int verifier_finish(verifier *v, verify_summary *out) {
  int rc = end_slot(v);
  if (rc) return rc;
  uint64_t n = v->t.nodes;
  if (v->kb) {
    if (kbcast_finish(v->kb, v->msg, sizeof v->msg)) return VERIFY_VIOLATION;
  } else if (v->comb) {
    if (combine_finish(v->comb, v->msg, sizeof v->msg)) return VERIFY_VIOLATION;
  } else if (v->held) {
    if (v->prefix && pmnb_prefix_check_finish(v->prefix, v->msg, sizeof v->msg)) return VERIFY_VIOLATION;
    for (uint64_t u = 0; u < n; u++)
      for (uint64_t o = 0; o < v->norigins; o++)
        if (!bit_get(v->held, u * v->norigins + o)) {
          if (v->task == TASK_PMNB && v->pieces > 1)
            snprintf(v->msg, sizeof v->msg, "incomplete: node %llu never receives piece %llu of origin %llu",
                     (unsigned long long)u, (unsigned long long)(o % v->pieces), (unsigned long long)(o / v->pieces));
          else if (v->task == TASK_PMNB)
            snprintf(v->msg, sizeof v->msg, "incomplete: node %llu never receives the packet of origin %llu",
                     (unsigned long long)u, (unsigned long long)o);
          else
            snprintf(v->msg, sizeof v->msg, "incomplete: node %llu never receives the packet of origin %llu",
                     (unsigned long long)u, (unsigned long long)(v->task == TASK_SNB && !template_mode(v) ? v->root : o));
          return VERIFY_VIOLATION;
        }
  } else {
    if (v->sums && pexchange_sums_check_finish(v->sums, v->msg, sizeof v->msg)) return VERIFY_VIOLATION;
    for (uint64_t p = 0; p < v->npackets; p++) {
      /* packets p = origin * n + dest, but a gather's (one dest) and a whole scatter's (one origin) */
      bool by_origin = v->task != TASK_GATHER && (v->task != TASK_SCATTER || template_mode(v));
      uint64_t origin = by_origin ? p / n : v->task == TASK_SCATTER ? v->root : p;
      uint64_t dest = by_origin ? p % n : v->task == TASK_SCATTER ? p : v->root;
      if (origin != dest && v->loc[p] != dest) {
        snprintf(v->msg, sizeof v->msg, "incomplete: the packet origin=%llu dest=%llu ends at node %u",
                 (unsigned long long)origin, (unsigned long long)dest, (unsigned)v->loc[p]);
        return VERIFY_VIOLATION;
      }
    }
  }
  out->slots = v->slot;
  out->lb = v->kb ? bound_kbcast_slots(&v->t, kbcast_active_count(v->kb))
          : v->is_active ? bound_active_slots(&v->t, v->full_task, &v->active, v->pieces)
                         : bound_slots(&v->t, v->full_task, v->model, v->root);
  out->tx = template_mode(v) ? v->rows * n / v->reps : v->rows;
  out->txlb = v->kb ? bound_kbcast_transmissions(&v->t, kbcast_active_count(v->kb))
            : v->is_active ? bound_active_transmissions(&v->t, v->full_task, &v->active, v->pieces)
                           : bound_transmissions(&v->t, v->full_task, v->root);
  return VERIFY_OK;
}
