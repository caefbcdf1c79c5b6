# check.awk - an independent checker for one hypercube schedule TSV, written
# from the task definitions in paper 000 and the TSV format, without cmodel.
# The test suite uses it (a) on small full schedules, so the program's own
# verifier is not the only judge of the program's schedules, and (b) on the
# broken files it builds, to prove each one breaks the rule it is meant to.
#
#   awk -v D=3 -v task=mnb -v root=-1 -f check.awk FILE
#
# root: the root for snb/scatter/gather, -1 for mnb/te.
# Prints one line and exits 0 on success:   OK slots=S tx=T
# else one line and exits 1:                FAIL <reason>: <row or detail>
# where <reason> uses the phrases of the spec: "malformed", "metadata",
# "not a link", "capacity", "does not hold", "incomplete".
#
# Model: MLA (000 §1): in one slot every directed link carries at most one
# packet; a packet sent in slot s is held by the receiver from slot s+1 on.
# A packet is the pair (origin, dest); dest is -1 for broadcasts.

BEGIN {
	FS = "\t"
	n = 2 ^ D
	header = 0; cur = 0; np = 0; tx = 0; done = 0
	want["topo"] = "hypercube:" D
	want["task"] = task
	want["model"] = "mla"
	want["root"] = root
	# Initial holdings: who owns which packet before slot 1.
	for (v = 0; v < n; v++) {
		if (task == "snb" && v == root)  hold[v, v, -1] = 1
		if (task == "mnb")               hold[v, v, -1] = 1
		if (task == "scatter" && v != root) hold[root, root, v] = 1
		if (task == "gather" && v != root)  hold[v, v, root] = 1
		if (task == "te")
			for (w = 0; w < n; w++) if (w != v) hold[v, v, w] = 1
	}
}

function fail(why) {
	print "FAIL " why
	done = 1
	exit 1
}

# 1 when a and b are two hypercube nodes that differ in exactly one bit.
function is_link(a, b,   d, p) {
	if (a < 0 || b < 0 || a >= n || b >= n || a == b) return 0
	d = a > b ? a - b : b - a
	for (p = 1; p < d; p *= 2) ;
	if (p != d) return 0
	# the larger is the smaller plus p: one bit apart only when adding p
	# does not carry, i.e. the smaller lacks bit p
	return int((a < b ? a : b) / p) % 2 == 0
}

# Packets sent in slot cur arrive at the end of it.
function arrive(   i) {
	for (i = 1; i <= np; i++) hold[pend[i]] = 1
	np = 0
	delete used
}

/^#/ && !header {
	line = substr($0, 2); sub(/^ +/, "", line)
	eq = index(line, "=")
	if (eq > 0) meta[substr(line, 1, eq - 1)] = substr(line, eq + 1)
	next
}

!header {
	if ($0 != "slot\tsrc\tdst\torigin\tdest") fail("malformed: header is [" $0 "]")
	header = 1
	for (k in want)
		if (!(k in meta) || meta[k] != want[k] "")
			fail("metadata: " k "=" (k in meta ? meta[k] : "(missing)") ", want " want[k])
	next
}

{
	row = "slot=" $1 " src=" $2 " dst=" $3 " origin=" $4 " dest=" $5
	if (NF != 5) fail("malformed: " NF " fields: " $0)
	for (i = 1; i <= 5; i++)
		if ($i !~ /^-?[0-9]+$/) fail("malformed: field " i " of " row)
	s = $1 + 0; a = $2 + 0; b = $3 + 0; o = $4 + 0; t = $5 + 0
	if (s < 1) fail("malformed: slot < 1: " row)
	if (s < cur || (s == cur && (a < pa || (a == pa && b < pb))))
		fail("malformed: not sorted by (slot, src, dst): " row)
	if (s != cur) { arrive(); cur = s }
	pa = a; pb = b
	if (!is_link(a, b)) fail("not a link: " row)
	if ((a, b) in used) fail("capacity: link used twice in the slot: " row)
	used[a, b] = 1
	if (!((a, o, t) in hold)) fail("does not hold: " row)
	pend[++np] = b SUBSEP o SUBSEP t
	tx++
}

END {
	if (done) exit 1
	if (!header) fail("malformed: no header line")
	arrive()
	# Completion: every node that must receive a packet holds it.
	for (v = 0; v < n; v++) {
		if (task == "snb" && !((v, root, -1) in hold))
			fail("incomplete: node " v " lacks the broadcast of " root)
		if (task == "scatter" && v != root && !((v, root, v) in hold))
			fail("incomplete: node " v " lacks its packet from " root)
		for (w = 0; w < n; w++) {
			if (task == "mnb" && !((v, w, -1) in hold))
				fail("incomplete: node " v " lacks the broadcast of " w)
			if (task == "gather" && v == root && w != root && !((v, w, v) in hold))
				fail("incomplete: root " v " lacks the packet of " w)
			if (task == "te" && w != v && !((v, w, v) in hold))
				fail("incomplete: node " v " lacks the packet of " w)
		}
	}
	# After completion: a schedule that lost its last slot is incomplete first.
	if (("slots" in meta) && meta["slots"] != cur "")
		fail("metadata: slots=" meta["slots"] " but the last row is in slot " cur)
	print "OK slots=" cur " tx=" tx
}
