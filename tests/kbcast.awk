# kbcast.awk - a schedule of kbcast --alg 001 (paper 001 §3.2, docs/KBCAST.md) counted
# against the three-phase protocol, from d and the active set alone (never from cmodel's
# figures or metadata).
#
#   awk -v D=d -v ACTIVE=LIST -v LABEL=TEXT -f kbcast.awk SCHEDULE.tsv
#
# ACTIVE is the set as the test knows it ("0,3,5-9"). N = 2^d, K = |ACTIVE|, r_x = 1 + the
# number of active ids above x (rank in decreasing id order), root index j(x) = (r_x - 1) mod d
# (0-based: root node 2^j), N_j the number of active x with j(x) = j, L2 = ceil(K/d) + d - 1,
# P3 = 2d + 2 + L2 (the first slot of phase 3). Checks:
#   counter rows (dest -2) = 2(N-1) + d, all in slots 1..2d+1; the d rows of slot 2d+1 go
#     from node 0 to the d nodes 2^m and carry K;
#   the counts each node receives: the up-sweep values received by x (slots 1..d) plus the
#     down-sweep value received by x (slots d+1..2d; none for node 0, exactly one for every
#     other node) = the number of active ids in [x+1, N-1] - so r_x as the protocol has it;
#   termination rows (dest -3) = d(N-1), all from slot P3 on; root 2^j starts its own in slot
#     P3 + N_j exactly;
#   data rows (dest -1) from slot 2d+2 on; K(N-1) of them in phase 3 (slot >= P3); the first
#     data row in slot 2d+2 if some active x is not its own root, else in P3;
#   each active x's packet starts phase 3 at its root 2^j(x), which sends its own list in
#     slots P3 .. P3 + N_j - 1, d rows per packet;
#   the last slot = 2 ceil(K/d) + 4d.
# Prints "ok LABEL: ..." or "FAIL LABEL: ...: got G, want W" per check, then
# "N passed, N failed".

function check(got, want, what) {
	if (got == want) { npass++; print "ok " LABEL ": " what (want == "" ? "" : " = " want) }
	else { nfail++; print "FAIL " LABEL ": " what ": got " got ", want " want }
}

BEGIN {
	FS = "\t"
	N = 2 ^ D
	nitems = split(ACTIVE, item, ",")
	K = 0
	for (i = 1; i <= nitems; i++) {
		if (split(item[i], lohi, "-") == 2) { lo = lohi[1] + 0; hi = lohi[2] + 0 }
		else lo = hi = item[i] + 0
		for (x = lo; x <= hi; x++) { act[x] = 1; K++ }
	}
	above = 0 # active ids above x, x from N-1 down
	for (x = N - 1; x >= 0; x--) {
		want_above[x] = above
		if (x in act) {
			r = above + 1
			j = (r - 1) % D
			root_of[x] = 2 ^ j
			load[j]++
			if (x != 2 ^ j) gather = 1
			above++
		}
	}
	C = int((K + D - 1) / D)
	P3 = 2 * D + 2 + C + D - 1
}

h {
	s = $1 + 0; u = $2 + 0; w = $3 + 0; o = $4 + 0; k = $5 + 0
	if (s > last) last = s
	if (k == -2) {
		ncounter++
		if (s < 1 || s > 2 * D + 1) badcounter++
		else if (s <= D) up[w] += o
		else if (s <= 2 * D) { down[w] = o; ndown[w]++ }
		else {
			nroot++
			if (u != 0 || o != K) badroot++
			else rootdst[w] = 1
		}
	} else if (k == -3) {
		nend++
		if (s < P3) earlyend++
		if (u == o && (!(o in endstart) || s < endstart[o])) endstart[o] = s
	} else if (k == -1) {
		if (first == "" || s < first) first = s
		if (s < 2 * D + 2) earlydata++
		if (s >= P3) {
			ndata3++
			if (!(o in p3first) || s < p3first[o]) { p3first[o] = s; p3src[o] = u }
			if ((o in root_of) && u == root_of[o]) {
				own[u]++
				if (!(u in ownlo) || s < ownlo[u]) ownlo[u] = s
				if (s > ownhi[u]) ownhi[u] = s
			}
		}
	}
	next
}
/^slot\t/ { h = 1 }

END {
	check(ncounter + 0, 2 * (N - 1) + D, "counter rows, 2(N-1)+d")
	check(badcounter + 0, 0, "counter rows outside slots 1..2d+1")
	check(nroot + 0, D, "counter rows in slot 2d+1")
	check(badroot + 0, 0, "slot 2d+1 counters not from node 0 or not carrying K=" K)
	nrd = 0
	for (m = 0; m < D; m++) if ((2 ^ m) in rootdst) nrd++
	check(nrd, D, "roots 2^m reached by node 0 in slot 2d+1")
	bad = ""
	for (x = 0; x < N; x++) {
		got = up[x] + (x ? down[x] : 0)
		if ((x == 0 && ndown[x] + 0 != 0) || (x && ndown[x] + 0 != 1)) { bad = "node " x " receives " ndown[x] + 0 " down-sweep counters"; break }
		if (got != want_above[x]) { bad = "node " x " counts " got " active ids in [" x + 1 ", N-1]"; break }
	}
	check(bad, "", "every node's count of the active ids above it (its rank r_x - 1)")
	check(nend + 0, D * (N - 1), "termination rows, d(N-1)")
	check(earlyend + 0, 0, "termination rows before P3=" P3)
	bad = ""
	for (j = 0; j < D; j++) {
		rt = 2 ^ j
		if (endstart[rt] != P3 + load[j]) { bad = "root " rt " starts its termination in slot " endstart[rt] ", not P3+N_j=" P3 + load[j]; break }
		if (own[rt] + 0 != D * load[j]) { bad = "root " rt " sends " own[rt] + 0 " rows of its own list, not d*N_j=" D * load[j]; break }
		if (load[j] && (ownlo[rt] != P3 || ownhi[rt] != P3 + load[j] - 1)) { bad = "root " rt " sends its list in slots " ownlo[rt] ".." ownhi[rt]; break }
	}
	check(bad, "", "each root's list in slots P3..P3+N_j-1, its termination in P3+N_j")
	check(ndata3 + 0, K * (N - 1), "data rows in phase 3, K(N-1)")
	check(earlydata + 0, 0, "data rows before slot 2d+2")
	check(first, gather ? 2 * D + 2 : P3, "the first data row's slot")
	bad = ""
	for (x in root_of) if (p3src[x] != root_of[x]) { bad = "packet " x " starts phase 3 at node " p3src[x] ", not at its root " root_of[x]; break }
	check(bad, "", "every packet starts phase 3 at root 2^((r_x-1) mod d)")
	check(last, 2 * C + 4 * D, "the last slot, 2ceil(K/d)+4d")
	print npass + 0 " passed, " nfail + 0 " failed"
}
