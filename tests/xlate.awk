# xlate.awk - expand an XOR template into the whole hypercube schedule.
#
#   awk -v D=3 -f xlate.awk TEMPLATE.tsv | sort ...
#
# 000 §2: node t runs the template of node 0 with every node id x replaced
# by t xor x.  For each data row (slot, src, dst, 0, dest) of the template
# and each node t this prints (slot, src^t, dst^t, t, dest^t), dest staying
# -1 for broadcasts.  Comment and header lines are dropped; rows come out
# unsorted.

BEGIN { FS = OFS = "\t"; n = 2 ^ D }

function bxor(a, b,   r, p) {
	r = 0
	for (p = 1; a > 0 || b > 0; p *= 2) {
		if (a % 2 != b % 2) r += p
		a = int(a / 2); b = int(b / 2)
	}
	return r
}

/^#/ || $1 == "slot" { next }

{
	for (t = 0; t < n; t++)
		print $1, bxor($2, t), bxor($3, t), bxor($4, t), ($5 < 0 ? $5 : bxor($5, t))
}
