/* tree.c — broadcast and scatter along spanning trees (see tree.h and construct.h). */
#include "construct/tree.h"

#include <stdlib.h>

#include "construct/construct.h"

int tree_snb(sched *s) {
  const topo *t = &s->topo;
  uint32_t root = (uint32_t)s->root;
  for (uint32_t v = 0; v < t->nodes; v++) {
    uint32_t d = topo_dist(t, root, v);
    if (d == 0) continue;
    /* a node at distance d hears from its lowest-port neighbour at distance d-1, in slot d */
    for (int p = 0; p < t->ports; p++) {
      int64_t w = topo_neighbor(t, v, p);
      if (w >= 0 && topo_dist(t, root, (uint32_t)w) + 1 == d) {
        if (sched_add(s, d, (uint32_t)w, v, root, -1)) return -1;
        break;
      }
    }
  }
  return 0;
}

typedef struct {
  uint32_t node, depth, subtree;
} dest_entry;

/* farthest first; ties by node id so the schedule is deterministic */
static int dest_order(const void *a, const void *b) {
  const dest_entry *x = a, *y = b;
  if (x->subtree != y->subtree) return x->subtree < y->subtree ? -1 : 1;
  if (x->depth != y->depth) return x->depth > y->depth ? -1 : 1;
  return x->node < y->node ? -1 : x->node > y->node;
}

int tree_scatter_rows(sched *s, const uint32_t *parent) {
  uint32_t n = s->topo.nodes, root = (uint32_t)s->root;
  dest_entry *dests = malloc(n * sizeof *dests);
  uint32_t *path = malloc(n * sizeof *path);
  int rc = -1;
  if (!dests || !path) goto out;
  uint32_t ndests = 0;
  for (uint32_t x = 0; x < n; x++) {
    if (x == root) continue;
    uint32_t top = x, depth = 1;
    for (; parent[top] != root; top = parent[top]) depth++;
    dests[ndests++] = (dest_entry){x, depth, top};
  }
  qsort(dests, ndests, sizeof *dests, dest_order);
  rc = 0;
  for (uint32_t i = 0, j = 0; i < ndests && !rc; i++) {
    j = (i > 0 && dests[i].subtree == dests[i - 1].subtree) ? j + 1 : 1;
    uint32_t depth = 0;
    for (uint32_t x = dests[i].node; x != root; x = parent[x]) path[depth++] = x;
    path[depth] = root;
    for (uint32_t h = 1; h <= depth && !rc; h++) /* path[depth] is the root, path[0] the dest */
      rc = sched_add(s, j + h - 1, path[depth - h + 1], path[depth - h], root, (int32_t)dests[i].node);
  }
out:
  free(dests);
  free(path);
  return rc;
}

/* The balanced tree search: which root subtree ("branch", named by the root port it starts
 * at) every node joins. A node may join the branch of any neighbour one step closer to the
 * root (its shortest-path parents); then a shortest-path spanning tree with exactly these
 * branches exists. */
typedef struct {
  const topo *t;
  uint32_t root;
  uint32_t *dist, *branch, *order; /* order: nodes by distance from the root */
  uint32_t size[2 * TOPO_MAX_DIMS];
  uint32_t *queue;
  uint8_t *moving;
  uint8_t *shifted; /* moved sideways once already */
} branches;

/* 1 if x has a shortest-path parent in branch b (not counting nodes marked moving). */
static int has_parent_in(const branches *br, uint32_t x, uint32_t b) {
  for (int p = 0; p < br->t->ports; p++) {
    int64_t w = topo_neighbor(br->t, x, p);
    if (w >= 0 && br->dist[w] + 1 == br->dist[x] && ((uint32_t)w == br->root || (br->branch[w] == b && !br->moving[w])))
      if ((uint32_t)w != br->root || (uint32_t)topo_port_to(br->t, br->root, x) == b) return 1;
  }
  return 0;
}

/* The nodes that must follow v if it leaves its branch: v, and every node further out whose
 * last shortest-path parent in the old branch is leaving. Marks them moving and returns how
 * many (they are br->queue[0..count)). */
static uint32_t cascade(branches *br, uint32_t v) {
  uint32_t from = br->branch[v], head = 0, tail = 0;
  br->queue[tail++] = v;
  br->moving[v] = 1;
  while (head < tail) {
    uint32_t x = br->queue[head++];
    for (int p = 0; p < br->t->ports; p++) {
      int64_t y = topo_neighbor(br->t, x, p);
      if (y < 0 || br->dist[y] != br->dist[x] + 1 || br->branch[y] != from || br->moving[y]) continue;
      if (has_parent_in(br, (uint32_t)y, from)) continue;
      br->moving[y] = 1;
      br->queue[tail++] = (uint32_t)y;
    }
  }
  return tail;
}

static void unmark(branches *br, uint32_t count) {
  for (uint32_t i = 0; i < count; i++) br->moving[br->queue[i]] = 0;
}

/* One move out of the largest branch, farthest nodes first: a node (with its cascade) to a
 * branch of one of its parents that stays smaller than the largest was. Failing that, a
 * sideways move that leaves the two branches' sizes swapped — the largest may only border
 * branches of its own size, and the next move can pass the node on — by a node that has not
 * moved sideways before. Returns 1 if it moved something. */
static int improve(branches *br, uint32_t target) {
  uint32_t big = 0;
  for (int b = 1; b < br->t->ports; b++)
    if (br->size[b] > br->size[big]) big = (uint32_t)b;
  if (br->size[big] <= target) return 0;
  for (int sideways = 0; sideways < 2; sideways++)
    for (uint32_t i = br->t->nodes; i-- > 1;) {
      uint32_t v = br->order[i];
      if (br->branch[v] != big || br->dist[v] < 2 || (sideways && br->shifted[v])) continue;
      for (int p = 0; p < br->t->ports; p++) {
        int64_t w = topo_neighbor(br->t, v, p);
        if (w < 0 || br->dist[w] + 1 != br->dist[v] || br->branch[w] == big) continue;
        uint32_t to = br->branch[w], count = cascade(br, v);
        if (br->size[to] + count < br->size[big] + (uint32_t)sideways) {
          for (uint32_t k = 0; k < count; k++) br->branch[br->queue[k]] = to;
          br->size[big] -= count;
          br->size[to] += count;
          br->shifted[v] |= (uint8_t)sideways;
          unmark(br, count);
          return 1;
        }
        unmark(br, count);
      }
    }
  return 0;
}

/* A shortest-path spanning tree from root whose root subtrees are as equal as the search can
 * make them: nodes join in order of distance the smallest branch among their parents', then
 * improving moves shrink the largest branch while it exceeds ceil((N-1)/deg(root)). */
static int balanced_tree(const topo *t, uint32_t root, uint32_t *parent) {
  uint32_t n = t->nodes, ecc = topo_eccentricity(t, root);
  branches br = {t, root, malloc(n * sizeof(uint32_t)), malloc(n * sizeof(uint32_t)), malloc(n * sizeof(uint32_t)),
                 {0}, malloc(n * sizeof(uint32_t)), calloc(n, 1), calloc(n, 1)};
  uint32_t *first = calloc(ecc + 2, sizeof *first);
  int rc = -1;
  if (!br.dist || !br.branch || !br.order || !br.queue || !br.moving || !br.shifted || !first) goto out;
  for (uint32_t v = 0; v < n; v++) first[(br.dist[v] = topo_dist(t, root, v)) + 1]++;
  for (uint32_t d = 1; d <= ecc + 1; d++) first[d] += first[d - 1];
  for (uint32_t v = 0; v < n; v++) br.order[first[br.dist[v]]++] = v; /* counting sort by distance */
  for (uint32_t i = 1; i < n; i++) {
    uint32_t v = br.order[i], best = UINT32_MAX;
    for (int p = 0; p < t->ports; p++) {
      int64_t w = topo_neighbor(t, v, p);
      if (w < 0 || br.dist[w] + 1 != br.dist[v]) continue;
      uint32_t b = (uint32_t)w == root ? (uint32_t)topo_port_to(t, root, v) : br.branch[w];
      if (best == UINT32_MAX || br.size[b] < br.size[best]) best = b;
    }
    br.branch[v] = best;
    br.size[best]++;
  }
  uint32_t deg = (uint32_t)topo_degree(t, root), target = (n - 1 + deg - 1) / deg;
  while (improve(&br, target)) {}
  /* the tree: each node below its lowest-port parent in its own branch */
  parent[root] = root;
  for (uint32_t i = 1; i < n; i++) {
    uint32_t v = br.order[i];
    for (int p = 0; p < t->ports; p++) {
      int64_t w = topo_neighbor(t, v, p);
      if (w < 0 || br.dist[w] + 1 != br.dist[v]) continue;
      if ((uint32_t)w == root ? (uint32_t)topo_port_to(t, root, v) == br.branch[v] : br.branch[w] == br.branch[v]) {
        parent[v] = (uint32_t)w;
        break;
      }
    }
  }
  rc = 0;
out:
  free(br.dist);
  free(br.branch);
  free(br.order);
  free(br.queue);
  free(br.moving);
  free(br.shifted);
  free(first);
  return rc;
}

int tree_scatter(sched *s) {
  uint32_t *parent = malloc(s->topo.nodes * sizeof *parent);
  int rc = !parent || balanced_tree(&s->topo, (uint32_t)s->root, parent) ? -1 : tree_scatter_rows(s, parent);
  free(parent);
  return rc;
}
