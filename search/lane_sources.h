/* lane_sources.h — the part the two formulas for small routers share (mnb_lean_cnf.h,
 * te_lean_cnf.h): the sources of every output port of a translation template's router, as
 * variables, and the bound on their number. own(g): node 0 injects a packet by generator g;
 * src(g, i, w): a packet that arrived by generator i leaves by g w = 1..max_wait slots later
 * (w 1: the receive wire, 2: the delay register; docs/ARCHITECTURE.md, "What a banked router
 * costs"). A formula implies them from its own variables; lane_sources_bound keeps at most K
 * per port (a sequential counter).
 */
#ifndef ROMNOC_LANE_SOURCES_H
#define ROMNOC_LANE_SOURCES_H

#include <stdbool.h>

#include "cnf.h"
#include "model/topo.h"

#define LANE_MAX_GENS (2 * TOPO_MAX_DIMS)
#define LANE_MAX_WAIT 2

typedef struct {
  int ngens, max_wait;
  int own[LANE_MAX_GENS];
  int src[LANE_MAX_GENS][LANE_MAX_GENS][LANE_MAX_WAIT]; /* src(g, i, w) is src[g][i][w - 1] */
} lane_sources;

/* A set of sources: own[g], src[g][i][w - 1] as in lane_sources. */
typedef struct {
  bool own[LANE_MAX_GENS];
  bool src[LANE_MAX_GENS][LANE_MAX_GENS][LANE_MAX_WAIT];
} lane_set;

/* Fresh variables for ngens generators and waits 1..max_wait. */
void lane_sources_new(cnf *f, int ngens, int max_wait, lane_sources *ls);

/* At most k of own(g) and the src(g, ., .), for every g. 0, or -1 if memory runs out. */
int lane_sources_bound(cnf *f, const lane_sources *ls, int k);

/* Makes every source in keep true (they count against the bound). */
void lane_sources_keep(cnf *f, const lane_sources *ls, const lane_set *keep);

#endif
