# s4noc_bounds.awk - lower bounds under the S4NOC port models (mla's links, one packet per slot
# in and out of a node's local port), written from the definitions without cmodel.
#   awk -v task=te|mnb|scatter|gather -v topo=ring:N|torus:AxB[x...]|hypercube:D -f s4noc_bounds.awk
# prints "LB TX". The topologies are vertex-transitive, so node 0 stands for every node.
#   mnb: every node takes N-1 deliveries, one per slot: N-1 (above mla's ceil((N-1)/deg) and
#        the diameter); N(N-1) transmissions
#   scatter: the root injects one packet per slot, farthest first: max_i (i + d_i - 1) over the
#        distances d_1 >= d_2 >= ... from node 0; D0 transmissions
#   gather: the root takes one per slot, nearest first, each no earlier than its distance:
#        a_i = max(a_{i-1} + 1, d_i) over d_1 <= d_2 <= ..., the last; D0 transmissions
#   te:  D0 = sum of distances from node 0, H = N D0 = the total hops, m = N-1, and the largest of
#        injection  max_i (i + d_i - 1), the distances d_1 >= d_2 >= ... of node 0's packets
#        ejection   the packets from distances d_1 <= d_2 <= ... in distinct slots, each no
#                   earlier than its distance: a_i = max(a_{i-1} + 1, d_i), the last
#        latency    m - 1 + ceil(H / (N m)): summed over all packets, ejection - injection >=
#                   distance - 1, with each node's injections in slots >= 1..m and its
#                   ejections in slots <= S-m+1..S
#        ramp       the smallest S with sum_{s=1..S} min(2 links, N s, N (S-s+1)) >= H
#        mla's      diameter, ceil(m / degree), ceil(H / (2 links)), and per dimension the
#                   packets crossing its middle over the links that cross it
#        and H transmissions.
function max(a, b) { return a > b ? a : b }
function ceil_div(a, b) { return int((a + b - 1) / b) }
BEGIN {
	split(topo, kv, ":")
	kind = kv[1]
	if (kind == "hypercube") { nd = kv[2]; for (i = 1; i <= nd; i++) K[i] = 2 }
	else nd = split(kv[2], K, "x")
	N = 1; deg = 0; links = 0; diam = 0
	for (i = 1; i <= nd; i++) N *= K[i]
	for (i = 1; i <= nd; i++) {
		cyc = kind != "hypercube" && K[i] > 2
		deg += cyc ? 2 : 1
		links += (cyc ? K[i] : 1) * N / K[i]
		diam += int(K[i] / 2)
	}
	for (d = 0; d <= diam; d++) cnt[d] = 0
	D0 = 0
	for (v = 0; v < N; v++) { # distance of v from node 0: per coordinate min(a, K-a)
		x = v; d = 0
		for (i = 1; i <= nd; i++) { a = x % K[i]; x = int(x / K[i]); d += a < K[i] - a ? a : K[i] - a }
		cnt[d]++; D0 += d
	}
	H = N * D0; m = N - 1
	if (task == "mnb") { print max(m, diam), N * m; exit }
	lb = max(diam, ceil_div(m, deg)); lb = max(lb, ceil_div(H, 2 * links))
	for (i = 1; i <= nd; i++) { # mla's cut: (N/K)^2 floor(K^2/4) packets over 2N/K (cycle) or N/K links
		l = N / K[i]; cyc = kind != "hypercube" && K[i] > 2
		lb = max(lb, ceil_div(l * l * int(K[i] * K[i] / 4), cyc ? 2 * l : l))
	}
	sent = 0; inj = 0
	for (d = diam; d >= 1; d--) if (cnt[d]) { sent += cnt[d]; inj = max(inj, sent + d - 1) }
	last = 0
	for (d = 1; d <= diam; d++) for (j = 0; j < cnt[d]; j++) last = max(last + 1, d)
	if (task == "scatter") { print inj, D0; exit }
	if (task == "gather") { print last, D0; exit }
	lb = max(lb, max(inj, last))
	lb = max(lb, m - 1 + ceil_div(H, N * m))
	for (S = 1; ; S++) {
		c = 0
		for (s = 1; s <= S; s++) { r = N * (s < S - s + 1 ? s : S - s + 1); c += r < 2 * links ? r : 2 * links }
		if (c >= H) break
	}
	print max(lb, S), H
}
