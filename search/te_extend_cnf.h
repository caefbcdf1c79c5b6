/* te_extend_cnf.h — the formula "this te translation template of the D-cube, run twice, is a te
 * template of the (D+1)-cube once every packet that needs the new dimension D gets one move by
 * it, with waits of 1..W slots and at most K sources per output port" (issue 16;
 * docs/SCHEDULES.md, "te on the 8-cube: one cube twice").
 *
 * Why. te on the D-cube at its bound (D 2^(D-1) hops per node over D links: 2^(D-1) slots) keeps
 * every link busy in every slot, and its template's packets move along shortest paths, one
 * dimension at a time. Every pair {i, g} of dimensions is the packet e_i + e_g, which moves by i
 * then g or by g then i: output g has source (i, w), or output i has (g, w). A source per pair,
 * D outputs with at most K - 1 sources besides their own packet: D (K - 1) >= D (D - 1) / 2, so
 * K >= 1 + ceil((D - 1) / 2). The 8-cube needs 5 sources (the direct search, te_lean_cnf.h,
 * proves 4 unsat); a 7-cube template with 4 sources per port has one source to spare on every
 * port, which this formula spends on the new dimension.
 *
 * The construction. The (D+1)-cube's packets are (0, a) and (1, a) for a in the D-cube (the
 * top bit is dimension D). Its dimensions 0..D-1 carry the base template twice: in slots 1..S
 * for one of (0, a) and (1, a) and in slots S+1..2S for the other, so each of those links is
 * busy in all 2S slots; c(a) says (1, a) takes the second run. Packet (1, a) also moves once by
 * dimension D, in a slot the base path leaves free:
 *   - w = 1..W slots before its first move (its first move: own(D); then src(first, D, w));
 *   - w = 1..W slots after its last move (src(D, last, w));
 *   - in a rest of one slot between two moves by i and g (src(D, i, 1) and src(g, D, 1));
 * and packet (1, 0) moves by D alone, in any slot (own(D)). Every slot 1..2S carries exactly one
 * move by D (2^D packets, 2^D slots). The base's own sources stay: own(g) and its src(g, i, w),
 * at most K per port in all. The formula is small (about 10 variables per packet) and every
 * model is a template of the (D+1)-cube in 2S slots, the bound.
 */
#ifndef ROMNOC_TE_EXTEND_CNF_H
#define ROMNOC_TE_EXTEND_CNF_H

#include <stddef.h>
#include <stdint.h>

#include "cnf.h"
#include "lane_sources.h"
#include "model/schedule.h"

/* A place for packet (1, a)'s move by dimension D: in slot `slot`, chosen by variable `var`. */
typedef struct {
  int var;
  uint32_t slot;
} te_extend_option;

typedef struct {
  int dim;                 /* D: the new dimension */
  uint32_t base_slots;     /* S */
  uint32_t *first;         /* packet a's base moves: move_slot/move_gen[first[a] .. first[a + 1]) */
  uint32_t *move_slot;
  uint8_t *move_gen;
  int *second;             /* second[a]: (1, a) runs in slots S+1..2S, (0, a) in 1..S (a >= 1) */
  uint32_t *opt_first;     /* packet (1, a)'s options: opt[opt_first[a] .. opt_first[a + 1]) */
  te_extend_option *opt;
  lane_sources lanes;
} te_extend_vars;

/* Builds into f (empty on entry) the formula for the hypercube t of D+1 dimensions from base, a
 * te translation template of the D-cube under mla whose packets wait at most max_wait (1 or 2)
 * slots, in slots = twice base's slots, at most `sources` sources per output port. Returns 0,
 * or -1 with the reason in err (t not a hypercube, base not a te template of the D-cube, the
 * slots not twice base's, a base packet that is not a shortest path or waits longer, out of
 * memory). */
int te_extend_cnf(const topo *t, const sched *base, uint32_t slots, int max_wait, int sources, cnf *f,
                  te_extend_vars *m, char *err, size_t errlen);

/* Appends to s (a template of t) the template of a model (value[v] > 0: v true). 0, or -1 if
 * memory runs out. */
int te_extend_decode(const topo *t, const te_extend_vars *m, const int *value, sched *s);

void te_extend_vars_free(te_extend_vars *m);

#endif
