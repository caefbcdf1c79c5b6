# bounds.awk - lower bounds of the romnoc tasks on rings, tori and meshes (root 0), written
# from the definitions and the papers, without cmodel. Used by topologies.sh to check every
# row of `cmodel table`.
#
#   awk -f bounds.awk FILE                     reads table rows: task topo slots lb gap tx txlb check alg
#   awk -v task=K -v topo=T -f bounds.awk      prints "LB TX" for one task and topology (also
#                                              hypercube:D), root 0
#   -v model=M                                 the port model (mla when absent): oneway,
#                                              sp-full or sp-half change the capacities below
#
# For each row it prints "ok" or "FAIL <row>: <why>", then "N passed, N failed" at the end.
# Expected figures (N nodes; per dimension i of size K: cycle = ring/torus with K > 2):
#   degree (torus, ring) = sum of (K > 2 ? 2 : 1); a mesh corner (node 0) has one per dimension
#   ecc(0) = diameter = sum of floor(K/2) (cycle) or K - 1 (path)
#   D0 = sum of distances from 0 = sum over i of (N/K) * (floor(K^2/4) on a cycle, K(K-1)/2 on a path)
#   DALL = sum over all ordered pairs = sum over i of (N/K)^2 * K * (floor(K^2/4) or (K^3-K)/3 / K)
#   snb:     ecc(0) slots, N-1 transmissions
#   mnb:     max(diameter, ceil((N-1)/mindeg)) slots (003 Thm 3.5; 004 (4a), (4b)), N(N-1)
#   scatter, gather: max(ecc(0), ceil((N-1)/deg(0))) slots, D0 transmissions
#   te:      max(diameter, ceil((N-1)/mindeg), ceil(DALL/(2 links)), max_i cut_i) slots,
#            DALL transmissions, where cut_i = ceil((N/K)^2 floor(K^2/4) / (2N/K on a cycle,
#            N/K on a path)): the packets that must cross the middle of dimension i.
# Port models (a slot's capacity: mla 2 links transmissions and deg(u) per node; oneway links
# transmissions and deg(u) per node; sp-full N, one send and one receive per node; sp-half
# floor(N/2), one action per node):
#   oneway:  as mla with the network capacity halved: mnb ceil(N(N-1)/links) (= ceil(2(N-1)/deg)
#            on a regular graph, 003 Thm 3.2), te ceil(DALL/links) and cut_i doubled (both
#            directions share the links of the cut); 003 Thm 6.3, 6.5 on the d-cube
#   sp-full: snb max(ecc(0) + F, ceil(log2 N)) (the informed set at most doubles per slot; F = 1
#            if two or more nodes are at distance ecc(0) from node 0 - some cycle of odd length
#            K >= 3, both ends of its longest arc - else 0: at most one node per distance is
#            reached with no wait, docs/PORT_MODELS.md);
#            mnb max(ecc, N-1) (002 Eq. 1); scatter, gather max(ecc(0), N-1, ceil(D0/N));
#            te max(diameter, N-1, ceil(DALL/N))
#   sp-half: snb as sp-full; mnb max(N, ceil(N(N-1)/floor(N/2))) = 2(N-1) for even N, 2N for
#            odd N (002 Eqs. 2, 3); scatter, gather max(ecc(0), N-1, ceil(D0/floor(N/2)));
#            te max(diameter, 2(N-1), ceil(DALL/floor(N/2)))
# Policy: snb, mnb, scatter and gather must reach the slot bound on rings, tori and 2-D meshes
# with an even node count (the issue's "at the lower bound" set) - and every row must reach the
# transmission bound. te on rings and tori must not exceed the dimension-ordered exchange,
# whose phases cannot beat their own cut bounds: slots <= sum_i cut_i.
# Under oneway: snb, scatter and gather as under mla (the mla trees use each wire one way);
# mnb and te on the d-cube (003 Thm 6.3, 6.5). Under sp-full and sp-half: mnb on every graph
# with a Hamiltonian cycle (rings, hypercubes, tori, meshes with an even node count: 002 §3),
# snb on the d-cube (the binomial tree sends once per node and slot), on every ring and every
# 2-D torus (with F: greedy, and odd-torus where both sizes are odd), te on every hypercube,
# ring and torus under sp-full and every bipartite one (all sizes even) under sp-half (node
# 0's packets one hop per slot as a template: DALL/N slots; split by colour: DALL/(N/2)), and
# under sp-full
# scatter and gather on rings, tori and hypercubes (farthest first down a shortest-path tree:
# the packet sent i-th travels at most N-i hops).
# Elsewhere slots >= lb is all that is asked (the gap is reported, not failed).
#
# Combining tasks (003 §2, §5; every node starts with its own contribution to every chunk):
#   reduce:         the bounds of snb, every model (003 Thm 2.10-2.11: a reduce reversed in
#                   time is a broadcast, and back), N-1 transmissions
#   reduce_scatter: the bounds of mnb, every model (003 Thm 2.11: universal accumulation is
#                   universal broadcast reversed), N(N-1) transmissions
#   allreduce, global_sum: C chunks (N for allreduce, 1 for global_sum), every one needed at
#                   every node: max(diameter, ceil(2C(N-1)/cap), ceil(log_(1+r) N)), where
#                   2(N-1) is the one-way gossip minimum of a chunk's words, cap the
#                   network's transmissions per slot (above), r the words a node receives per
#                   slot (its degree under mla and oneway, 1 under sp-full and sp-half: a
#                   partial at most multiplies by 1 + r per slot); allreduce also
#                   ceil(N/mindeg) (mla, oneway), N (sp-full), 2N (sp-half): a node receives a
#                   word of every chunk, and sends one (its contribution must leave it).
#                   2C(N-1) transmissions.
# Policy for them: reduce must reach its bound where snb must, reduce_scatter where mnb must;
# allreduce where mnb must, at twice the mnb bound (reduce-scatter, then all-gather: the
# verifier's bound above is lower, the gap is reported) or, under mla on hypercubes (d >= 2)
# and on rings and tori (a size above 2, or 2 or more dimensions), at 2 ceil((N-2)/deg) + 1
# where that is less (each chunk summed at both ends of an edge); global_sum at the diameter under mla
# on every family (003 §1, §5: one dimension after another). Every row meets the
# transmission bound exactly but global_sum, whose rows may send more (tx >= 2(N-1)).

function ceil_div(a, b) { return int((a + b - 1) / b) }

# 2 ceil((N-2)/deg) + 1, or 0 where the edge construction does not run (mla only; a d-cube
# with d >= 2, a ring or torus with a size above 2, or a torus of m >= 2 sizes 2, which is the
# m-cube). Uses kind, m, K, N from expect().
function edge_figure(   i, deg, big) {
	if (model != "" && model != "mla") return 0
	if (kind == "hypercube") return m >= 2 ? 2 * ceil_div(N - 2, m) + 1 : 0
	if (kind == "mesh") return 0
	deg = 0; big = 0
	for (i = 1; i <= m; i++) { deg += K[i] > 2 ? 2 : 1; if (K[i] > 2) big = 1 }
	return big || m >= 2 ? 2 * ceil_div(N - 2, deg) + 1 : 0
}
function max(a, b) { return a > b ? a : b }

BEGIN {
	if (task != "" && topo != "") { query = 1; expect(task, topo); print want_lb, want_tx; exit }
}

# Sets want_lb, want_tx, cutsum, kind, m, N for a task on a topology.
function expect(task, topo,   kv, i, k, lines, cyc, deg, ecc, d0, dall, links, cut, cutmax, mindeg, maxdeg, as, cap, r, held, grow, chunks, all_port, far2) {
	split(topo, kv, ":"); kind = kv[1]
	if (kind == "hypercube") { m = kv[2] + 0; for (i = 1; i <= m; i++) K[i] = 2 }
	else m = split(kv[2], K, "x")
	N = 1; for (i = 1; i <= m; i++) { K[i] += 0; N *= K[i] }
	deg = 0; maxdeg = 0; ecc = 0; d0 = 0; dall = 0; links = 0; cutmax = 0; cutsum = 0; oneway_cutmax = 0; far2 = 0
	for (i = 1; i <= m; i++) {
		k = K[i]; lines = N / k
		cyc = (kind == "torus" || kind == "ring") && k > 2
		deg += cyc ? 2 : 1
		maxdeg += k > 2 ? 2 : 1
		ecc += cyc ? int(k / 2) : k - 1
		if (cyc && k % 2) far2 = 1 # two farthest positions on this cycle
		d0 += lines * (cyc ? int(k * k / 4) : k * (k - 1) / 2)
		dall += lines * lines * (cyc ? k * int(k * k / 4) : (k * k * k - k) / 3)
		links += lines * (cyc ? k : k - 1)
		cut = ceil_div(lines * lines * int(k * k / 4), cyc ? 2 * lines : lines)
		cutmax = max(cutmax, cut); cutsum += cut
		oneway_cutmax = max(oneway_cutmax, ceil_div(2 * lines * lines * int(k * k / 4), cyc ? 2 * lines : lines))
	}
	mindeg = kind == "mesh" ? m : deg
	want_lb = want_tx = -1
	# reduce and reduce_scatter: snb and mnb reversed in time, the same bounds
	as = task == "reduce" ? "snb" : task == "reduce_scatter" ? "mnb" : task
	if (task == "allreduce" || task == "global_sum") {
		all_port = model == "" || model == "mla" || model == "oneway"
		cap = model == "oneway" ? links : model == "sp-full" ? N : model == "sp-half" ? int(N / 2) : 2 * links
		r = all_port ? maxdeg : 1
		held = 1; for (grow = 0; held < N; grow++) held *= 1 + r
		chunks = task == "allreduce" ? N : 1
		want_lb = max(max(ecc, ceil_div(2 * chunks * (N - 1), cap)), grow)
		if (task == "allreduce") want_lb = max(want_lb, all_port ? ceil_div(N, mindeg) : model == "sp-full" ? N : 2 * N)
		want_tx = 2 * chunks * (N - 1)
	} else if (model == "" || model == "mla" || model == "oneway") {
		cap = model == "oneway" ? links : 2 * links
		if (model == "oneway") cutmax = oneway_cutmax
		if (as == "snb") { want_lb = ecc; want_tx = N - 1 }
		else if (as == "mnb") { want_lb = max(max(ecc, ceil_div(N - 1, mindeg)), ceil_div(N * (N - 1), cap)); want_tx = N * (N - 1) }
		else if (task == "scatter" || task == "gather") { want_lb = max(ecc, ceil_div(N - 1, mindeg)); want_tx = d0 }
		else if (task == "te") {
			want_lb = max(max(ecc, ceil_div(N - 1, mindeg)), max(ceil_div(dall, cap), cutmax))
			want_tx = dall
		}
	} else if (model == "sp-full" || model == "sp-half") {
		cap = model == "sp-full" ? N : int(N / 2)
		for (logn = 0; 2 ^ logn < N; logn++) {}
		if (as == "snb") { want_lb = max(ecc + far2, logn); want_tx = N - 1 }
		else if (as == "mnb") { want_lb = max(max(ecc, N - 1), ceil_div(N * (N - 1), cap)); want_tx = N * (N - 1) }
		else if (task == "scatter" || task == "gather") { want_lb = max(max(ecc, N - 1), ceil_div(d0, cap)); want_tx = d0 }
		else if (task == "te") {
			want_lb = max(max(ecc, model == "sp-full" ? N - 1 : 2 * (N - 1)), ceil_div(dall, cap))
			want_tx = dall
		}
		if (model == "sp-half" && as == "mnb") want_lb = max(want_lb, N)
	}
}

{
	if ($1 == "task") next
	if ($3 == "FAIL") { fail("verifier: " $0); next }
	slots = $3 + 0; lb = $4 + 0; tx = $6 + 0; txlb = $7 + 0; check = $8
	expect($1, $2)
	task = $1; topo = $2
	if (want_lb < 0) { fail("unknown task: " $0); next }
	if (check !~ /^OK/) { fail("not verified: " $0); next }
	if (lb != want_lb) { fail($0 ": verifier lb " lb ", formula " want_lb); next }
	if (txlb != want_tx) { fail($0 ": verifier txlb " txlb ", formula " want_tx); next }
	if (task == "global_sum" ? tx < want_tx : tx != want_tx) { fail($0 ": " tx " transmissions, minimum " want_tx); next }
	# the policy: reduce must reach the bound where snb must, reduce_scatter and allreduce where
	# mnb must (allreduce at twice the mnb bound)
	pt = task == "reduce" ? "snb" : task == "reduce_scatter" || task == "allreduce" ? "mnb" : task
	want = want_lb; what = "lower bound"
	if (task == "allreduce") {
		expect("mnb", topo); want = 2 * want_lb; what = "twice the mnb bound"
		edge = edge_figure()
		if (edge > 0 && edge < want) { want = edge; what = "the edge figure 2 ceil((N-2)/deg) + 1" }
		expect(task, topo)
	}
	if (model == "" || model == "mla") must = pt == "global_sum" || pt != "te" && (kind != "mesh" || (m == 2 && N % 2 == 0))
	else if (model == "oneway") must = pt == "snb" || pt == "scatter" || pt == "gather" ? kind != "mesh" || (m == 2 && N % 2 == 0) : (pt == "mnb" || pt == "te") && kind == "hypercube"
	else {
		even = 1; for (i = 1; i <= m; i++) if (K[i] % 2) even = 0
		must = pt == "mnb" && (kind != "mesh" || (N % 2 == 0 && (m >= 2 || N == 2))) || pt == "snb" && (kind == "hypercube" || kind == "ring" || kind == "torus" && m == 2) || model == "sp-full" && (pt == "scatter" || pt == "gather") && kind != "mesh" || pt == "te" && kind != "mesh" && (model == "sp-full" || even)
	}
	if (must && slots != want) { fail($0 ": " slots " slots, " what " " want); next }
	if (slots < want_lb) { fail($0 ": " slots " slots is below the lower bound " want_lb); next }
	if ((model == "" || model == "mla") && task == "te" && kind != "mesh" && slots > cutsum) {
		fail($0 ": " slots " slots, worse than dimension-ordered exchange (>= " cutsum ")"); next
	}
	npass++; print "ok " task " " topo
}

function fail(why) { nfail++; print "FAIL " why }

END { if (!query) printf "%d passed, %d failed\n", npass, nfail + 0 }
