# xlate_add.awk - expand a translation template of a ring or torus (or complete:N, one
# coordinate of radix N) into the whole schedule, without cmodel: every template row (slot,
# src, dst, origin 0, dest) is translated by every node t by coordinate-wise addition mod K_i
# (node ids are mixed-radix numbers, coordinate 0 least significant).
#
#   awk -v topo=torus:3x3 -f xlate_add.awk TEMPLATE.tsv     prints the data rows (unsorted)
BEGIN {
	FS = OFS = "\t"
	split(topo, kv, ":"); m = split(kv[2], K, "x")
	N = 1; for (i = 1; i <= m; i++) { W[i] = N; N *= K[i] }
}
function add(a, b,   i, r, ca, cb) {
	r = 0
	for (i = 1; i <= m; i++) {
		ca = int(a / W[i]) % K[i]; cb = int(b / W[i]) % K[i]
		r += ((ca + cb) % K[i]) * W[i]
	}
	return r
}
h { for (t = 0; t < N; t++) print $1, add($2, t), add($3, t), t, ($5 < 0 ? -1 : add($5, t)) }
/^slot\t/ { h = 1 }
