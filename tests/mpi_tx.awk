# mpi_tx.awk — the transmissions an MPI baseline (cmodel --alg mpi-*) must make, written here
# from the algorithm alone: every message of the algorithm, each of its packets once along a
# shortest path (the engine's dimension-order routes are shortest), so
#   tx = sum over messages of (packets in it) x dist(src, dst).
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
  if (ALG == "mpi-binomial" && (TASK == "scatter" || TASK == "gather")) # a subtree per tree edge
    for (j = 0; j < L; j++) for (rel = 0; rel + 2 ^ j < N; rel += 2 ^ (j + 1)) {
      c = rel + 2 ^ j; cnt = (c + 2 ^ j <= N ? 2 ^ j : N - c)
      tx += cnt * dist((rel + ROOT) % N, (c + ROOT) % N)
    }
  if (ALG == "mpi-linear")                               # root <-> every rank
    for (r = 0; r < N; r++) tx += dist(ROOT, r)
  if (ALG == "mpi-ring")                                 # N-1 steps, r -> r+1
    for (r = 0; r < N; r++) tx += (N - 1) * dist(r, (r + 1) % N)
  if (ALG == "mpi-recursive-doubling")                   # step k: 2^k packets to r xor 2^k
    for (k = 0; k < L; k++) for (r = 0; r < N; r++) tx += 2 ^ k * dist(r, xr(r, 2 ^ k))
  if (ALG == "mpi-pairwise")                             # step k: one packet to r xor k or r+k
    for (k = 1; k < N; k++) for (r = 0; r < N; r++) tx += dist(r, N == 2 ^ L ? xr(r, k) : (r + k) % N)
  if (ALG == "mpi-bruck")                                # step k: the blocks with bit k, to r+2^k
    for (k = 0; k < L; k++) {
      c = 0
      for (j = 1; j < N; j++) if (bit(j, k)) c++
      for (r = 0; r < N; r++) tx += c * dist(r, (r + 2 ^ k) % N)
    }
  print tx
}
