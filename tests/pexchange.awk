# pexchange.awk — checks a pexchange schedule against 004 §4's phase 2, from the active set
# and the topology alone (tests/pexchange.sh; docs/PEXCHANGE.md):
#   route  every packet of an R node (r_i <= c_j) takes its horizontal (dimension-0) leg first,
#          a C node's packet its vertical leg first (ALG=row-first: every packet horizontal
#          first); each leg the shorter way round a torus ring, a tie the +1 way; a hop only in
#          a slot after the one it arrived in
#   (b)    non-wasting: while a packet waits at a node, the link of its next hop carries another
#          packet in every slot
#   (a)    ... and that packet is on its first leg if the waiting one is (R first on horizontal
#          links, C first on vertical ones)
#   ties   ... and within the same leg it has more hops to go, or as many and a lower origin,
#          or the same origin and a lower destination (the order pexchange_row_column.c documents);
#          ALG=004-runtime (pexchange_fifo.c, docs/PEXCHANGE.md "The run-time order"): a relayed
#          packet before an own one, relays in arrival order (slot, then in-port: 0 = +1 column,
#          1 = -1 column, 2 = +1 row, 3 = -1 row), own packets most hops in all first, then most
#          along the link's dimension, then the other leg's +1 way before its -1 way. Its counter
#          rows (dest -2, phase 1) are the verifier's to check and skipped here; phase 2 starts
#          in slot S+1, S = max(K0, K1) - 1: an own packet waits from then on
# Node u = (i, j): column j = u % K0 (coordinate 0), row i = int(u / K0) (coordinate 1).
# Usage: awk -v K0= -v K1= -v KIND=mesh|torus -v ACTIVE=LIST -v ALG=004|row-first|004-runtime -v LABEL= FILE
# Prints "ok LABEL: ..." or "FAIL LABEL: ..." per property (the first few offending rows), then
# "N passed, N failed".
function col(u) { return u % K0 }
function row(u) { return int(u / K0) }
function ring_dist(a, b, k, f) { # hops from a to b in a line or cycle of size k
  if (KIND == "mesh") return a > b ? a - b : b - a
  f = (b - a + k) % k
  return 2 * f <= k ? f : k - f
}
function dist(u, v) { return ring_dist(col(u), col(v), K0) + ring_dist(row(u), row(v), K1) }
function step(a, b, k, f) { # the next coordinate from a towards b, a != b
  if (KIND == "mesh") return b > a ? a + 1 : a - 1
  f = (b - a + k) % k
  return 2 * f <= k ? (a + 1) % k : (a + k - 1) % k
}
# the node after u on the path of a packet for v whose first leg is dimension first
function next_node(u, v, first, c, r) {
  c = col(u); r = row(u)
  if (first == 0 && c != col(v)) return r * K0 + step(c, col(v), K0)
  if (r != row(v)) return step(r, row(v), K1) * K0 + c
  return r * K0 + step(c, col(v), K0)
}
function hop_dim(u, w) { return row(u) == row(w) ? 0 : 1 }
# the priority key of a packet (origin o, dest v, first leg f) waiting at u for its hop to w,
# as a string that sorts in sending order: leg, hops to go (most first), origin, destination
function key(o, v, f, u, w) {
  if (ALG == "004-runtime") return runtime_key(o, v, f, u, w)
  return sprintf("%d %08d %08d %08d", hop_dim(u, w) != f, 99999999 - dist(u, v), o, v)
}
# the in-port of u that x (a neighbour) is on
function in_port(u, x) {
  if (row(u) == row(x)) return col(x) == (KIND == "mesh" ? col(u) + 1 : (col(u) + 1) % K0) ? 0 : 1
  return row(x) == (KIND == "mesh" ? row(u) + 1 : (row(u) + 1) % K1) ? 2 : 3
}
function minus_way(a, b, k) { return KIND == "mesh" ? b < a : 2 * ((b - a + k) % k) > k }
function runtime_key(o, v, f, u, w, d, along, other, m) {
  if (u != o) return sprintf("%d 0 %08d %d", hop_dim(u, w) != f, arrived[o SUBSEP v], in_port(u, from[o SUBSEP v]))
  d = hop_dim(u, w)
  along = d ? ring_dist(row(o), row(v), K1) : ring_dist(col(o), col(v), K0)
  other = d ? ring_dist(col(o), col(v), K0) : ring_dist(row(o), row(v), K1)
  m = other && (d ? minus_way(col(o), col(v), K0) : minus_way(row(o), row(v), K1))
  return sprintf("%d 1 %08d %08d %d", d != f, 99999999 - dist(o, v), 99999999 - along, m)
}
function bad(what, msg) {
  nbad[what]++
  if (nbad[what] <= 3) why[what] = why[what] (why[what] == "" ? "" : "; ") msg
}
BEGIN {
  FS = "\t"; N = K0 * K1
  start = ALG == "004-runtime" ? (K0 > K1 ? K0 : K1) - 1 : 0 # the slot before phase 2
  nr = split(ACTIVE, items, ",")
  for (x = 1; x <= nr; x++) {
    lo = hi = items[x]
    if (items[x] ~ /-/) { split(items[x], lh, "-"); lo = lh[1]; hi = lh[2] }
    for (u = lo + 0; u <= hi + 0; u++) { act[u] = 1; rsum[row(u)]++; csum[col(u)]++ }
  }
  for (u in act) {
    first[u] = ALG == "row-first" ? 0 : (rsum[row(u)] > csum[col(u)])
    if (first[u]) nc++
  }
}
/^#/ || /^slot\t/ { next }
ALG == "004-runtime" && $5 == -2 { next }
{
  s = $1; u = $2; w = $3; o = $4; v = $5; p = o SUBSEP v; rows++
  if (!(o in act)) { bad("route", "row " NR ": origin " o " is not active"); next }
  if (!(p in at)) { at[p] = o; arrived[p] = start }
  f = first[o]
  if (at[p] != u) bad("route", "row " NR ": packet " o "->" v " is at " at[p] ", not " u)
  want = next_node(u, v, f)
  if (w != want) bad("route", "row " NR ": packet " o "->" v " (class " (f ? "C" : "R") ") goes " u "->" w ", its route " u "->" want)
  if (s <= arrived[p]) bad("route", "row " NR ": packet " o "->" v " leaves " u " in slot " s ", the slot it arrived in " arrived[p])
  k = key(o, v, f, u, w)
  user[s, u, w] = k
  # the slots it waited at u: its link busy (b) with a packet ahead of it (a, ties)
  for (t = arrived[p] + 1; t < s; t++) {
    if (!((t, u, w) in user)) { bad("b", "packet " o "->" v " waits at " u " in slot " t " while " u "->" w " is idle"); continue }
    waited++
    if (substr(user[t, u, w], 1, 1) > substr(k, 1, 1)) bad("a", "slot " t ": " u "->" w " sends a second-leg packet while " o "->" v " waits on its first leg")
    else if (user[t, u, w] > k) bad("ties", "slot " t ": " u "->" w " sends [" user[t, u, w] "] while [" k "] waits")
  }
  at[p] = w; arrived[p] = s; from[p] = u
}
END {
  what["route"] = "every hop on its class's route (" nc + 0 " C nodes, ALG=" ALG "), after its arrival"
  what["b"] = "non-wasting (004 s4 rule (b)): no link idle while a packet waits for it"
  what["a"] = "priority (004 s4 rule (a)): first legs before second legs, over " waited + 0 " waiting slots"
  what["ties"] = ALG == "004-runtime" ? "within a leg: relays in arrival order, then own packets, most hops first" : "within a leg: most hops to go, then lowest origin, then lowest destination"
  if (rows == 0) { nbad["route"]++; why["route"] = "no rows" }
  for (x = 1; x <= 4; x++) {
    c = x == 1 ? "route" : x == 2 ? "b" : x == 3 ? "a" : "ties"
    if (nbad[c]) { nf++; print "FAIL " LABEL ": " what[c] ": " nbad[c] " violations: " why[c] }
    else { np++; print "ok " LABEL ": " what[c] }
  }
  print np + 0 " passed, " nf + 0 " failed"
}
