/* topo.h — the interconnection topologies romnoc schedules run on.
 *
 * Every topology is a product of dimensions: node ids are mixed-radix numbers with
 * coordinate 0 least significant. A hypercube:D is D dimensions of radix 2 with one port
 * each (port k flips bit k); ring, torus and mesh have two ports per dimension
 * (port 2i goes +1 along dimension i, port 2i+1 goes -1). A port that leads nowhere
 * (the border of a mesh, or the -1 port of a torus dimension of size 2, whose wrap link
 * would duplicate the direct link) has no neighbour.
 *
 * complete:N is the exception: every pair of its N nodes is linked (the GPUs behind a switch
 * such as NVSwitch, which MSCCL/TACCL schedules use pair by pair). It is a circulant of one
 * dimension of radix N with N-1 ports: port p of u leads to (u + p + 1) mod N. romnoc builds
 * no schedules on it; it is there to verify, draw and build hardware for schedules made
 * elsewhere.
 */
#ifndef ROMNOC_TOPO_H
#define ROMNOC_TOPO_H

#include <stddef.h>
#include <stdint.h>

#define TOPO_MAX_DIMS 16
#define TOPO_MAX_NODES 65536u
#define TOPO_MAX_HYPERCUBE_DIM 16
/* ports per node of any topology (a torus of 16 dimensions), the size of per-port arrays */
#define TOPO_MAX_PORTS (2 * TOPO_MAX_DIMS)
/* complete:N has N-1 ports per node */
#define TOPO_MAX_COMPLETE (TOPO_MAX_PORTS + 1)

typedef enum { TOPO_HYPERCUBE, TOPO_RING, TOPO_TORUS, TOPO_MESH, TOPO_COMPLETE } topo_kind;

typedef struct {
  topo_kind kind;
  int ndims;
  uint32_t radix[TOPO_MAX_DIMS];  /* K_i */
  uint32_t stride[TOPO_MAX_DIMS]; /* product of the radices below dimension i */
  uint32_t nodes;
  int ports;       /* ports per node, including ports that lead nowhere */
  char name[96];   /* canonical spelling, e.g. "torus:4x4" */
} topo;

/* Parses "hypercube:D", "ring:N", "torus:K1xK2[x...]", "mesh:K1xK2[x...]" or "complete:N"
 * (2 <= N <= TOPO_MAX_COMPLETE) into *t.
 * Returns 0, or -1 with a one-line message naming the bad value in err (t unspecified). */
int topo_parse(const char *spec, topo *t, char *err, size_t errlen);

/* The node reached from u through port p, or -1 when that port leads nowhere. */
int64_t topo_neighbor(const topo *t, uint32_t u, int port);

/* The port of u whose link reaches v, or -1 when u and v are not adjacent
 * (or either id is not a node). */
int topo_port_to(const topo *t, uint32_t u, uint32_t v);

/* The directed links into v: from[i] and port[i] (i < the count returned, at most t->ports)
 * are a node and its port that lead to v. Both links of a size-2 cycle count. */
int topo_in_links(const topo *t, uint32_t v, uint32_t *from, int *port);

/* Ports of u that lead somewhere. */
int topo_degree(const topo *t, uint32_t u);

/* Undirected links. */
uint64_t topo_links(const topo *t);

/* Shortest-path distance (the metric is the sum of per-dimension distances; complete:N: 1
 * between distinct nodes). */
uint32_t topo_dist(const topo *t, uint32_t u, uint32_t v);

/* Largest distance from u, and the largest over all u. */
uint32_t topo_eccentricity(const topo *t, uint32_t u);
uint32_t topo_diameter(const topo *t);

/* Sum of distances from u to every node, and over all ordered pairs. */
uint64_t topo_dist_sum_from(const topo *t, uint32_t u);
uint64_t topo_dist_sum_all(const topo *t);

/* Smallest degree over all nodes. */
int topo_min_degree(const topo *t);

/* Coordinate i of node u (coordinate 0 least significant). */
static inline uint32_t topo_coord(const topo *t, uint32_t u, int i) { return (u / t->stride[i]) % t->radix[i]; }

/* The colour of u in the 2-colouring by the parity of its coordinate sum (on the d-cube the
 * parity of its weight); a proper colouring when every size is even (never on complete:N,
 * N > 2, which has triangles). */
uint32_t topo_colour(const topo *t, uint32_t u);

/* The translation group of a vertex-transitive topology (003 §4: a Cayley graph whose nodes
 * are group elements and whose ports are generators): the hypercube is Z_2^d (XOR), a ring or
 * torus is Z_K1 x ... x Z_Kn (coordinate-wise addition mod K_i), complete:N is Z_N (port p
 * adds p + 1); a mesh has none. Translating
 * every row of a schedule by a group element maps links onto links of the same port. */
typedef enum { TRANS_NONE, TRANS_XOR, TRANS_ADD } topo_translation;

topo_translation topo_translation_of(const topo *t);

/* "none", "xor" or "add": the spelling in TSV metadata (template=...). */
const char *topo_translation_name(topo_translation tr);

/* u translated by x (u XOR x, or coordinate-wise (u_i + x_i) mod K_i), and the x with
 * topo_add(t, v, x) == u. Only for topologies with a translation. */
uint32_t topo_add(const topo *t, uint32_t u, uint32_t x);
uint32_t topo_sub(const topo *t, uint32_t u, uint32_t v);

/* The generator a port stands for, as text: "e3" (hypercube: flip bit 3), "+e0", "-e1";
 * complete:N: "+3" (add 3 mod N). */
void topo_port_name(const topo *t, int port, char *buf, size_t len);

#endif
