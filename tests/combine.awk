# combine.awk - the slot and transmission counts of the combining constructions and of the
# all-reduce baselines, written from their definitions (docs/SCHEDULES.md, "Combining tasks")
# without cmodel. Used by combine.sh on `cmodel table` rows; bounds.awk judges the bounds.
#
#   awk [-v model=M] -f combine.awk FILE     rows: task topo slots lb gap tx txlb check alg
#
# For each row it prints "ok ..." or "FAIL <row>: <why>", then "N passed, N failed".
# Every row must be verified (check OK) and at or above its lower bound (the lb column). N nodes,
# d dimensions of sizes K_i (the d-cube: d sizes 2), D the diameter, deg the degree of a node of
# a hypercube, ring or torus (a 2-D mesh corner: 2), B_i = K_(i+1) ... K_(d-1) (the chunks each
# node keeps after the reduce-scatter along dimension i). Where a figure is given the row must
# equal it; "-" asks only for the bound.
#   mnb figure M: mla max(D, ceil((N-1)/deg)) on hypercubes, rings, tori (000 §2, 003 §4) and
#       2-D meshes with an even node count (the ring algorithm on a Hamiltonian cycle), else -;
#       oneway ceil(2(N-1)/d) on the d-cube (003 Thm 6.3), else -; sp-full N-1, sp-half 2(N-1)
#       for even N, 2N for odd N, on every graph with a Hamiltonian cycle (002 §3), else -
#   reduce (reverse): mla, oneway: D (a breadth-first tree, reversed); the d-cube under sp-full
#       and sp-half: d (the binomial tree); else -. N-1 transmissions
#   reduce_scatter (reverse, or stored: a stored mnb template at M reversed): M, N(N-1)
#       transmissions (003 Thm 2.11)
#   allreduce rs-ag: 2M, 2N(N-1)
#   allreduce edge (mla): 2 ceil((N-2)/deg) + 1 (each chunk's two halves summed at the ends of
#       an edge in ceil((N-2)/deg) slots, one slot across, the same back), 2N(N-1)
#   global_sum lines: sum over the dimensions of a line phase: mla floor(K/2) on a cycle
#       (K > 2), K-1 on a path (K = 2, mesh) - the diameter; oneway 2 for K = 2 (move across, copy
#       back), K-1 for K > 2; sp-full 1 for K = 2, K-1 for K > 2. N sum_i (K_i - 1) transmissions
#       (every node sends K-1 words per dimension)
#   global_sum reduce-bcast: 2d on the d-cube (the binomial tree in and out), else -; 2(N-1)
#   ring: 2(N-1) slots, 2N(N-1) transmissions
#   halving-doubling: 2(N-1): N/2 + N/4 + ... + 1 words each way; 2N(N-1)
#   recursive-doubling: d N slots, d N^2 transmissions
#   dimorder: 2 sum_i L_i, L_i = ceil(B_i (K_i - 1) / 2) under mla for K_i > 2, else
#       B_i (K_i - 1) (one direction; sum: 2(N-1)); 2N(N-1)

function ceil_div(a, b) { return int((a + b - 1) / b) }
function max(a, b) { return a > b ? a : b }

# Sets kind, m, K[1..m], N, D, deg and ham (it has a Hamiltonian cycle) for a topology.
function shape(topo,   kv, i, cyc) {
	split(topo, kv, ":"); kind = kv[1]
	if (kind == "hypercube") { m = kv[2] + 0; for (i = 1; i <= m; i++) K[i] = 2 }
	else m = split(kv[2], K, "x")
	N = 1; D = 0; deg = 0
	for (i = 1; i <= m; i++) {
		K[i] += 0; N *= K[i]
		cyc = kind != "mesh" && K[i] > 2
		D += cyc ? int(K[i] / 2) : K[i] - 1
		deg += cyc ? 2 : 1
	}
	if (kind == "mesh") deg = m
	ham = kind != "mesh" || N == 2 || (m >= 2 && N % 2 == 0)
}

function mnb_figure() {
	if (model == "" || model == "mla") return kind != "mesh" || (m == 2 && N % 2 == 0) ? max(D, ceil_div(N - 1, deg)) : -1
	if (model == "oneway") return kind == "hypercube" ? ceil_div(2 * (N - 1), m) : -1
	if (!ham) return -1
	return model == "sp-full" ? N - 1 : N % 2 ? 2 * N : 2 * (N - 1)
}

# Sets want (slots, -1: the bound only) and want_tx for a row's construction; 0 if unknown.
function figures(task, alg,   i, b, s, sumk) {
	all_port = model == "" || model == "mla" || model == "oneway"
	sumk = 0; for (i = 1; i <= m; i++) sumk += K[i] - 1
	want = -1
	if (task == "reduce" && alg == "reverse") {
		want = all_port ? D : kind == "hypercube" ? m : -1; want_tx = N - 1
	} else if (task == "reduce_scatter" && (alg == "reverse" || alg == "stored")) {
		want = mnb_figure(); want_tx = N * (N - 1)
	} else if (task == "allreduce" && alg == "rs-ag") {
		s = mnb_figure(); want = s < 0 ? -1 : 2 * s; want_tx = 2 * N * (N - 1)
	} else if (task == "allreduce" && alg == "edge") {
		want = 2 * ceil_div(N - 2, deg) + 1; want_tx = 2 * N * (N - 1)
	} else if (task == "global_sum" && alg == "lines") {
		want = 0
		for (i = 1; i <= m; i++)
			if (model == "" || model == "mla") want += kind != "mesh" && K[i] > 2 ? int(K[i] / 2) : K[i] - 1
			else want += K[i] > 2 ? K[i] - 1 : model == "oneway" ? 2 : 1
		want_tx = N * sumk
	} else if (task == "global_sum" && alg == "reduce-bcast") {
		want = kind == "hypercube" ? 2 * m : -1; want_tx = 2 * (N - 1)
	} else if (task == "allreduce" && (alg == "ring" || alg == "halving-doubling")) {
		want = 2 * (N - 1); want_tx = 2 * N * (N - 1)
	} else if (task == "allreduce" && alg == "recursive-doubling") {
		want = m * N; want_tx = m * N * N
	} else if (task == "allreduce" && alg == "dimorder") {
		want = 0; b = N
		for (i = 1; i <= m; i++) {
			b /= K[i]
			want += 2 * ((model == "" || model == "mla") && K[i] > 2 ? ceil_div(b * (K[i] - 1), 2) : b * (K[i] - 1))
		}
		want_tx = 2 * N * (N - 1)
	} else return 0
	return 1
}

{
	if ($1 == "task") next
	if ($3 == "FAIL") { fail("verifier: " $0); next }
	if ($8 !~ /^OK/) { fail("not verified: " $0); next }
	shape($2)
	if (!figures($1, $9)) { fail($0 ": no figures for construction " $9 " of " $1); next }
	slots = $3 + 0; lb = $4 + 0; tx = $6 + 0
	if (slots < lb) { fail($0 ": " slots " slots, below the lower bound " lb); next }
	if (want >= 0 && slots != want) { fail($0 ": " slots " slots, the formula gives " want); next }
	if (tx != want_tx) { fail($0 ": " tx " transmissions, the formula gives " want_tx); next }
	npass++; print "ok " $1 " " $2 " " $9
}

function fail(why) { nfail++; print "FAIL " why }

END { printf "%d passed, %d failed\n", npass, nfail + 0 }
