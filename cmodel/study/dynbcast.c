/* dynbcast.c — 004 §5's dynamic broadcasting scheme, simulated (see dynbcast.h). */
#include "study/dynbcast.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "study/batchmeans.h"
#include "construct/build.h"
#include "model/job.h"
#include "model/pmnb_prefix.h"
#include "util/rng.h"
#include "model/schedule.h"
#include "util/grow.h"

int dynbcast_config_init(dynbcast_config *c, const topo *t, bool split, uint32_t tp, const char *alg, uint64_t rounds,
                         uint64_t seed, char *err, size_t errlen) {
  if (t->kind == TOPO_HYPERCUBE || t->kind == TOPO_COMPLETE) {
    snprintf(err, errlen, "dynbcast runs on tori and meshes (004 s5), not on %s", t->name);
    return -1;
  }
  for (int i = 1; i < t->ndims; i++)
    if (t->radix[i] != t->radix[0]) {
      snprintf(err, errlen, "dynbcast needs p^d nodes, every size equal (004 s5's X and V), not %s", t->name);
      return -1;
    }
  *c = (dynbcast_config){.topo = *t, .p = t->radix[0], .d = (uint32_t)t->ndims, .split = split, .tp = tp,
                         .rounds = rounds, .seed = seed};
  c->gamma = t->kind == TOPO_MESH ? 1 : 2;
  c->fraction = split ? pmnb_pieces(t) : 1;
  if (!alg) alg = DYNBCAST_DEFAULT_ALG;
  /* one round with every node active: the construction must exist before a run starts (and a
   * name too long to keep names no construction) */
  active_set all = {malloc(t->nodes * sizeof(uint32_t)), t->nodes};
  if (!all.ids) {
    snprintf(err, errlen, "out of memory preparing dynbcast on %s", t->name);
    return -1;
  }
  for (uint32_t v = 0; v < t->nodes; v++) all.ids[v] = v;
  sched s;
  int rc = schedule_build_active(&s, t, TASK_PMNB, MODEL_MLA, &all, c->fraction, alg, err, errlen);
  active_free(&all);
  if (rc) return -1;
  for (size_t i = 0; i < s.nrows && !c->prefix_in_rows; i++) c->prefix_in_rows = s.rows[i].dest == PMNB_COUNTER;
  sched_free(&s);
  snprintf(c->alg, sizeof c->alg, "%s", alg);
  if (c->prefix_in_rows && tp != 1) {
    snprintf(err, errlen, "construction '%s' builds the rank phase into its schedules at t_p = 1; give --tp 1", c->alg);
    return -1;
  }
  return 0;
}

dynbcast_formulas dynbcast_formulas_of(const dynbcast_config *c) {
  double p = c->p, d = c->d, g = c->gamma, tp = c->tp, n = pow(p, d);
  double lines = ceil((p - 1) / g); /* ceil((p-1)/gamma): a ring or array MNB round, whole packets */
  dynbcast_formulas f;
  if (c->split) {
    f.x = (n - 1) / (g * d * n);                       /* (9a) */
    f.rank = 2 * d * (p - 1) * tp;                     /* 004 §3.1 Phase 1 */
    f.v = f.rank + (1 + 1 / g) * (p - 1);              /* (10a) */
  } else {
    f.x = lines * (n - 1) / (d * (p - 1) * n);         /* (9b) */
    f.rank = 4 * d * (p - 1) * tp;                     /* 004 §3.2: class rank, then each class's rank */
    f.v = (p - 1) * d + d * lines + f.rank + 1;        /* (10b) */
  }
  /* 1 - rho - lambda V > 0 with lambda = rho / (N X); with (9a) this is (14) */
  f.rho_star = 1 / (1 + f.v / (n * f.x));
  f.light = 1.5 * f.v + f.x;
  return f;
}

double dynbcast_bound(const dynbcast_config *c, double rho) {
  dynbcast_formulas f = dynbcast_formulas_of(c);
  double n = pow(c->p, c->d), lambda = rho / (n * f.x), x = f.x, v = f.v;
  double den = 1 - rho - lambda * v; /* Thm 7's condition */
  if (den <= 0) return NAN;
  return (1 + rho) * (rho * x / (2 * den) + (1 - rho) * v / (2 * den) + (1 - lambda * v) * v / den) + x; /* (11) */
}

/* A node's queue of arrival times, oldest first. */
typedef struct {
  double *t;
  uint32_t head, len, cap;
} fifo;

static int fifo_push(fifo *q, double t) {
  if (q->head + q->len == q->cap) {
    if (q->head > q->cap / 2) { /* more than half is spent: slide the rest down */
      memmove(q->t, q->t + q->head, q->len * sizeof *q->t);
      q->head = 0;
    } else {
      if (q->cap > UINT32_MAX / 2) return -1; /* cap is a uint32_t */
      size_t cap = q->cap;
      double *grown = grow_array(q->t, &cap, q->cap, sizeof *grown, 8);
      if (!grown) return -1;
      q->t = grown;
      q->cap = (uint32_t)cap;
    }
  }
  q->t[q->head + q->len++] = t;
  return 0;
}

static double fifo_pop(fifo *q) {
  double t = q->t[q->head++];
  if (--q->len == 0) q->head = 0;
  return t;
}

/* The rows of a round's schedule: done[origin] = the last slot receiving a piece of it (the
 * rank phase's counters, whose origin is a value, carry no packet). */
static int note_row(void *ctx, const sched_row *row) {
  uint32_t *done = ctx;
  if (row->dest != PMNB_COUNTER && row->slot > done[row->origin]) done[row->origin] = row->slot;
  return 0;
}

/* Builds the round of active set a: done[v] for every v of a (the slot its broadcast completes)
 * and *slots (the round's last slot). Returns 0, or -1 with the message in err. */
static int round_of(const dynbcast_config *c, const active_set *a, uint32_t *done, uint32_t *slots, char *err,
                    size_t errlen) {
  sched s;
  if (schedule_build_active(&s, &c->topo, TASK_PMNB, MODEL_MLA, a, c->fraction, c->alg, err, errlen)) return -1;
  for (uint32_t i = 0; i < a->n; i++) done[a->ids[i]] = 0;
  int rc = sched_foreach(&s, note_row, done);
  *slots = s.slots;
  sched_free(&s);
  if (rc) snprintf(err, errlen, "out of memory reading a round's schedule on %s", c->topo.name);
  return rc ? -1 : 0;
}

int dynbcast_run(const dynbcast_config *c, double rho, dynbcast_result *r, char *err, size_t errlen) {
  const uint32_t n = c->topo.nodes, nb = DYNBCAST_BATCHES;
  dynbcast_formulas f = dynbcast_formulas_of(c);
  double lambda = rho / (n * f.x), slot = 1.0 / c->fraction; /* (12) */
  double rank = c->prefix_in_rows ? 0 : f.rank; /* the rank phase added to a round with packets */
  uint64_t warmup = c->rounds / 10, total = warmup + c->rounds;
  double *next = malloc(n * sizeof *next), bsum[DYNBCAST_BATCHES] = {0};
  uint64_t bcount[DYNBCAST_BATCHES] = {0};
  fifo *q = calloc(n, sizeof *q);
  uint32_t *done = malloc(n * sizeof *done);
  active_set a = {malloc(n * sizeof(uint32_t)), 0};
  int rc = -1;
  *r = (dynbcast_result){.rho = rho, .lambda = lambda};
  if (!next || !q || !done || !a.ids) {
    snprintf(err, errlen, "out of memory simulating %s", c->topo.name);
    goto out;
  }
  rng g;
  rng_seed(&g, c->seed);
  for (uint32_t v = 0; v < n; v++) next[v] = rng_exponential(&g, lambda);
  double now = 0, sum_m = 0, sum_len = 0;
  for (uint64_t k = 0; k < total; k++) {
    a.n = 0;
    for (uint32_t v = 0; v < n; v++) { /* the arrivals before the round: each node's oldest takes part */
      for (; next[v] <= now; next[v] += rng_exponential(&g, lambda))
        if (fifo_push(&q[v], next[v])) {
          snprintf(err, errlen, "out of memory: %s's queues at load %g (rho beyond what the scheme carries?)",
                   c->topo.name, rho);
          goto out;
        }
      if (q[v].len) a.ids[a.n++] = v;
    }
    double len = f.rank + slot; /* no packet: the prefix finds M = 0, and a slot passes */
    int measured = k >= warmup;
    uint32_t batch = measured ? (uint32_t)((k - warmup) * nb / c->rounds) : 0;
    if (a.n) {
      uint32_t slots;
      if (round_of(c, &a, done, &slots, err, errlen)) goto out;
      len = rank + slots * slot;
      for (uint32_t i = 0; i < a.n; i++) {
        uint32_t v = a.ids[i];
        double delay = now + rank + done[v] * slot - fifo_pop(&q[v]);
        if (measured) {
          bsum[batch] += delay;
          bcount[batch]++;
        }
      }
    }
    if (measured) {
      sum_m += a.n;
      sum_len += len;
    }
    now += len;
  }
  batch_estimate e = batch_means(bsum, bcount, nb);
  r->mean_delay = e.mean;
  r->ci95 = e.half;
  r->batches = e.batches;
  r->mean_m = sum_m / (double)c->rounds;
  r->mean_round = sum_len / (double)c->rounds;
  for (uint32_t b = 0; b < nb; b++) r->packets += bcount[b];
  for (uint32_t v = 0; v < n; v++) r->backlog += q[v].len;
  rc = 0;
out:
  if (q)
    for (uint32_t v = 0; v < n; v++) free(q[v].t);
  free(q);
  free(next);
  free(done);
  active_free(&a);
  return rc;
}

void dynbcast_write_header(FILE *f) {
  fputs("topo\tmodel\ttp\talg\trho\tlambda\tX\tV\tT\tci95\tbound11\trho_star\tlight\tmean_M\tmean_round\tpackets\t"
        "backlog\n",
        f);
}

void dynbcast_write_row(FILE *f, const dynbcast_config *c, const dynbcast_result *r) {
  dynbcast_formulas fm = dynbcast_formulas_of(c);
  double bound = dynbcast_bound(c, r->rho);
  char b[32];
  if (isnan(bound))
    snprintf(b, sizeof b, "unstable");
  else
    snprintf(b, sizeof b, "%.3f", bound);
  fprintf(f, "%s\t%s\t%u\t%s\t%.4g\t%.6g\t%.6f\t%.3f\t%.3f\t%.3f\t%s\t%.4f\t%.3f\t%.3f\t%.3f\t%llu\t%llu\n", c->topo.name,
          c->split ? "split" : "whole", (unsigned)c->tp, c->alg, r->rho, r->lambda, fm.x, fm.v, r->mean_delay, r->ci95, b,
          fm.rho_star, fm.light, r->mean_m, r->mean_round, (unsigned long long)r->packets,
          (unsigned long long)r->backlog);
}
