/* tree.h — schedules along a spanning tree rooted at s->root: shared by the hypercube scatter
 * (000 §3) and the scatter and broadcast on every other topology. */
#ifndef ROMNOC_TREE_H
#define ROMNOC_TREE_H

#include <stdint.h>

#include "model/schedule.h"

/* 000 §3's pipelining: the root sends one packet per slot into each of its subtrees, farthest
 * destination first (ties by node id), and every packet moves one hop per slot without
 * waiting. The packet sent j-th into a subtree crosses its h-th link in slot j+h-1, so no two
 * packets meet on a link, and the schedule takes as many slots as the largest root subtree.
 * parent[v] is v's parent (parent[root] = root); every node must reach the root. Appends the
 * rows of a scatter from s->root to s. Returns 0, or -1 if memory runs out. */
int tree_scatter_rows(sched *s, const uint32_t *parent);

#endif
