# mpi_tx.awk — the transmissions an MPI baseline (cmodel --alg mpi-*) must make, written here
# from the algorithm alone: every message of the algorithm, each of its packets once along the
# engine's route (dimension order: the hypercube's lowest dimension first; a ring, torus or mesh
# dimension 0 first, the shorter way round, ties the +1 way). A broadcast packet makes
# dist(src, dst) hops per message. A personalized packet is delivered at its destination however
# it gets there (mpi_route.h): its messages in order, hop by hop, until the first hop that
# reaches its destination — a route through it ends there, and no later message carries it.
# Usage: awk -v TOPO=torus:3x5 -v TASK=te -v ALG=mpi-bruck -v ROOT=0 -f mpi_tx.awk
# Prints the number. dist is the topology's metric (hypercube: Hamming; ring/torus: the shorter
# way round each dimension; mesh: |difference|), dimension 0 the first size in the name.
function dist(u, v,   i, a, b, d, s) {
  s = 0
  for (i = 0; i < nd; i++) {
    a = int(u / stride[i]) % K[i]; b = int(v / stride[i]) % K[i]
    d = a > b ? a - b : b - a
    if (kind != "mesh" && K[i] - d < d) d = K[i] - d
    s += d
  }
  return s
}
# the next node on the route from u to v (u != v)
function step_to(u, v,   i, a, b, fwd) {
  for (i = 0; i < nd; i++) {
    a = int(u / stride[i]) % K[i]; b = int(v / stride[i]) % K[i]
    if (a == b) continue
    if (kind == "hypercube") return u + (b - a) * stride[i]
    if (kind == "mesh") return u + (b > a ? 1 : -1) * stride[i]
    fwd = (b - a + K[i]) % K[i]
    return u + ((2 * fwd > K[i] ? a + K[i] - 1 : a + 1) % K[i] - a) * stride[i]
  }
}
# the hops of a message u -> v carrying a packet for d; sets at_dest once the packet is at d
function leg(u, v, d,   h) {
  for (h = 0; u != v; ) { u = step_to(u, v); h++; if (u == d) { at_dest = 1; return h } }
  return h
}
function bit(x, k) { return int(x / 2 ^ k) % 2 }
function xr(a, b,   k, s) { s = 0; for (k = 0; 2 ^ k <= a || 2 ^ k <= b; k++) if (bit(a, k) != bit(b, k)) s += 2 ^ k; return s }
function log2c(n,   l) { l = 0; while (2 ^ l < n) l++; return l }
BEGIN {
  kind = TOPO; sub(/:.*/, "", kind); size = TOPO; sub(/^[^:]*:/, "", size)
  if (kind == "hypercube") { nd = size; for (i = 0; i < nd; i++) K[i] = 2 }
  else nd = split(size, K, "x")
  if (kind != "hypercube") for (i = 1; i <= nd; i++) K[i - 1] = K[i]
  N = 1
  for (i = 0; i < nd; i++) { stride[i] = N; N *= K[i] }
  L = log2c(N); tx = 0
  if (ALG == "mpi-binomial" && TASK == "snb")            # rel -> rel + 2^j, one packet
    for (j = 0; j < L; j++) for (rel = 0; rel + 2 ^ j < N; rel += 2 ^ (j + 1))
      tx += dist((rel + ROOT) % N, (rel + 2 ^ j + ROOT) % N)
  if (ALG == "mpi-binomial" && TASK == "scatter")        # packet x: down the tree, highest bit first
    for (x = 1; x < N; x++) {
      at_dest = 0; rel = 0
      for (j = L - 1; j >= 0 && !at_dest; j--) if (bit(x, j)) {
        tx += leg((rel + ROOT) % N, (rel + 2 ^ j + ROOT) % N, (x + ROOT) % N); rel += 2 ^ j
      }
    }
  if (ALG == "mpi-binomial" && TASK == "gather")         # packet x: up the tree, lowest bit first
    for (x = 1; x < N; x++) {
      at_dest = 0; rel = x
      for (k = 0; k < L && !at_dest; k++) if (bit(rel, k)) {
        tx += leg((rel + ROOT) % N, (rel - 2 ^ k + ROOT) % N, ROOT); rel -= 2 ^ k
      }
    }
  if (ALG == "mpi-linear")                               # root <-> every rank
    for (r = 0; r < N; r++) tx += dist(ROOT, r)
  if (ALG == "mpi-ring")                                 # N-1 steps, r -> r+1
    for (r = 0; r < N; r++) tx += (N - 1) * dist(r, (r + 1) % N)
  if (ALG == "mpi-recursive-doubling")                   # step k: 2^k packets to r xor 2^k
    for (k = 0; k < L; k++) for (r = 0; r < N; r++) tx += 2 ^ k * dist(r, xr(r, 2 ^ k))
  if (ALG == "mpi-pairwise")                             # step k: one packet to r xor k or r+k
    for (k = 1; k < N; k++) for (r = 0; r < N; r++) tx += dist(r, N == 2 ^ L ? xr(r, k) : (r + k) % N)
  if (ALG == "mpi-bruck")                                # packet (o, o+j): +2^k for each bit k of j
    for (o = 0; o < N; o++) for (j = 1; j < N; j++) {
      at_dest = 0; cur = o
      for (k = 0; k < L && !at_dest; k++) if (bit(j, k)) {
        tx += leg(cur, (cur + 2 ^ k) % N, (o + j) % N); cur = (cur + 2 ^ k) % N
      }
    }
  print tx
}
