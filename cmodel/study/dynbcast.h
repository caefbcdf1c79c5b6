/* dynbcast.h — 004 §5's dynamic broadcasting scheme, simulated.
 *
 * Broadcast requests arrive at every node of a p^d torus or mesh as independent Poisson
 * processes of rate lambda. Time is cut into PMNB rounds run back to back from time 0: at a
 * round's start every node with at least one queued packet contributes its oldest (M = their
 * number); the round is the rank phase (the parallel prefix, 004 §3.1 Phase 1: 2d(p-1) steps
 * of t_p, twice that for whole packets, §3.2's class computation) and then the real pmnb
 * schedule of that active set (schedule_build_active; slots/fraction of time; a schedule
 * that holds the rank phase as counter rows, 004-prefix, replaces the added one). A packet's
 * delay runs from its arrival to the end of the last slot in which any node receives any
 * piece of it. A round with no packet lasts the rank phase and one slot (1/fraction): the
 * nodes still compute the prefix to learn M = 0, and time advances by at least a slot.
 *
 * What the paper gives to compare with (004 §5):
 *   (9a)  X = (1/(gamma d)) (N-1)/N                        split (004 §3.1)
 *   (10a) V = 2d(p-1)t_p + (1 + 1/gamma)(p-1)
 *   (9b)  X = (1/d)(1/(p-1)) ceil((p-1)/gamma) (N-1)/N     whole packets (004 §3.2)
 *   (10b) V = (p-1)d + d ceil((p-1)/gamma) + 4(p-1)d t_p + 1
 *   (12)  rho = lambda N X (the load the user names; lambda follows from it)
 *   (11)  T <= (1+rho) [rho X / (2D) + (1-rho) V / (2D) + (1-lambda V) V / D] + X,
 *         D = 1 - rho - lambda V > 0 (Thm 7), else no bound ("unstable")
 *   (14)  rho < 1 / (1 + d gamma V / (p^d - 1)) with (9a)/(10a); the same condition
 *         1 - rho - lambda V > 0 with (9b)/(10b) gives rho < 1 / (1 + V / (N X))
 *   1.5V + X, the light-load value of (11) at rho -> 0
 * with gamma = 2 on a torus (ring), 1 on a mesh.
 */
#ifndef ROMNOC_DYNBCAST_H
#define ROMNOC_DYNBCAST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model/topo.h"

/* The construction dynbcast builds its rounds with unless told otherwise. */
#define DYNBCAST_DEFAULT_ALG "004"
/* Batches of the batch-means interval, and the fewest rounds a run may have (10 per batch). */
#define DYNBCAST_BATCHES 30u
#define DYNBCAST_MIN_ROUNDS 300u

typedef struct {
  topo topo;
  uint32_t p, d, gamma; /* N = p^d; gamma = 2 with wraparound, 1 without */
  bool split;           /* 004 §3.1's pieces (pmnb_pieces) or whole packets (§3.2) */
  uint32_t fraction;    /* pieces per packet: slots per unit of time */
  uint32_t tp;          /* t_p, the time of one prefix step: 0 or 1 */
  char alg[32];         /* the pmnb construction of every round */
  bool prefix_in_rows;  /* its schedules hold the rank phase as counter rows (004-prefix: t_p = 1) */
  uint64_t rounds;      /* rounds measured, after rounds/10 of warm-up */
  uint64_t seed;
} dynbcast_config;

/* The paper's numbers for a configuration (004 §5). */
typedef struct {
  double x, v;     /* (9a)/(10a), or (9b)/(10b) for whole packets */
  double rank;     /* the rank phase added to every round: 2d(p-1)t_p, or 4d(p-1)t_p */
  double rho_star; /* the stability limit: (14), or its whole-packet analogue */
  double light;    /* 1.5V + X */
} dynbcast_formulas;

/* What one run at one load measured. */
typedef struct {
  double rho, lambda;
  double mean_delay, ci95; /* T and the half-width of its 95% interval (NAN if unknown) */
  uint32_t batches;        /* batches with packets, the interval's samples */
  double mean_m;           /* active nodes per measured round */
  double mean_round;       /* length of a measured round */
  uint64_t packets;        /* packets whose delay was measured */
  uint64_t backlog;        /* packets still queued when the run ends */
} dynbcast_result;

/* Checks t (a torus, ring or mesh with every size p >= 2) and alg (NULL: the default) by
 * building one round for every node active, and fills *c. A construction whose schedules
 * carry the rank phase as counter rows (004-prefix) builds it at t_p = 1: the simulator then
 * adds no rank phase to rounds with packets, and tp must be 1. Returns 0, or -1 with a
 * one-line message naming what is wrong in err (a hypercube, unequal sizes, a construction
 * that does not build pmnb on t with these pieces, a counter-row construction with tp 0,
 * memory). */
int dynbcast_config_init(dynbcast_config *c, const topo *t, bool split, uint32_t tp, const char *alg, uint64_t rounds,
                         uint64_t seed, char *err, size_t errlen);

/* X, V, the rank phase, rho* and 1.5V + X of c. */
dynbcast_formulas dynbcast_formulas_of(const dynbcast_config *c);

/* The bound (11) on the mean delay at load rho (004 §5, Thm 7), or NAN when
 * 1 - rho - lambda V <= 0 (the theorem gives no bound). */
double dynbcast_bound(const dynbcast_config *c, double rho);

/* Simulates c at load rho (0 < rho < 1) from seed c->seed: the same configuration, load and
 * seed give the same result. Returns 0, or -1 with a message in err (a round's construction
 * failed, or memory ran out; *r is then unspecified). */
int dynbcast_run(const dynbcast_config *c, double rho, dynbcast_result *r, char *err, size_t errlen);

/* Writes the column names, and one tab-separated line for a result (bound "unstable" where
 * (11) gives none). */
void dynbcast_write_header(FILE *f);
void dynbcast_write_row(FILE *f, const dynbcast_config *c, const dynbcast_result *r);

#endif
