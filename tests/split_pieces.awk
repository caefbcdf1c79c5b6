# split_pieces.awk - a whole-packet pmnb schedule as one of F pieces per packet (004 s3.1's
# split model, metadata fraction=F): the row of slot s becomes F rows, piece c in mini-slot
# (s-1)F + c + 1. Valid whenever the whole schedule is: every piece takes its packet's path, a
# link carries one piece per mini-slot, and piece c leaves a node F mini-slots after it arrived.
#
#   awk -v f=F -f tests/split_pieces.awk PMNB.tsv > SPLIT.tsv
#
# The rows come out in (slot, src, dst) order when the input is in it. The metadata drops
# slots and rows (they counted whole packets).

BEGIN { FS = OFS = "\t" }
/^# *(slots|rows)=/ { next }
/^#/ { print; next }
$1 == "slot" { print "# fraction=" f; print; next }
{
	if ($1 != last) flush()
	last = $1
	row[++n] = $0
}
END { flush() }
# a slot's rows, piece by piece (each piece's rows keep the slot's (src, dst) order)
function flush(   c, i, g) {
	for (c = 0; c < f; c++)
		for (i = 1; i <= n; i++) {
			split(row[i], g, "\t")
			print (g[1] - 1) * f + c + 1, g[2], g[3], g[4], c
		}
	n = 0
}
