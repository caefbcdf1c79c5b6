# mutate.awk - break a good hypercube schedule TSV in one chosen way.
#
#   awk -v op=OP -v D=3 -f mutate.awk GOOD.tsv | (re-sort the data rows)
#
# Comment and header lines are copied; the data rows come out in file order
# except where the edit moves one, so the caller re-sorts them by
# (slot, src, dst) to keep the file well formed.  OP is one of
#   drop     delete the last row: a delivery in the last slot that nobody
#            forwards, so some node never gets that packet   -> incomplete
#   dup      write the first row twice: one link twice in a slot -> capacity
#   early    take the first row that forwards a packet its sender received
#            in the slot before, and put it one slot earlier.  If the link is
#            busy in that slot, the row that used it moves one slot later
#            (a swap), so no link is used twice                -> does not hold
#   nonlink  first row: dst := src xor 3, two hops away        -> not a link
#   range    first row: dst := 2^D, no such node               -> not a link
# Prints nothing for the data rows when no row fits OP; the caller notices
# because the output then differs from what it expects.

BEGIN { FS = OFS = "\t"; n = 2 ^ D; nr = 0 }

/^#/ || !seen_header {
	print
	if ($0 !~ /^#/) seen_header = 1
	next
}

{ nr++; row[nr] = $0; split($0, f, "\t")
  sl[nr] = f[1]; sr[nr] = f[2]; ds[nr] = f[3]; og[nr] = f[4]; de[nr] = f[5]
  got[f[1], f[3], f[4], f[5]] = nr          # packet (og,de) arrives at ds in slot sl
  busy[f[1], f[2], f[3]] = nr }

function xor3(x,   b0, b1) {
	b0 = x % 2; b1 = int(x / 2) % 2
	return x + (b0 ? -1 : 1) + (b1 ? -2 : 2)
}

function put(i) { print sl[i], sr[i], ds[i], og[i], de[i] }

END {
	if (op == "drop") { for (i = 1; i < nr; i++) print row[i]; exit }
	if (op == "dup") { print row[1]; for (i = 1; i <= nr; i++) print row[i]; exit }
	if (op == "nonlink" || op == "range") {
		ds[1] = op == "nonlink" ? xor3(sr[1]) : n
		for (i = 1; i <= nr; i++) put(i)
		exit
	}
	if (op == "early") {
		free = swap = 0
		for (i = 1; i <= nr && !free; i++) {
			p = sl[i] - 1
			if (p < 1 || !((p, sr[i], og[i], de[i]) in got)) continue
			if (!((p, sr[i], ds[i]) in busy)) free = i
			else if (!swap) swap = i
		}
		if (free) sl[free]--
		else if (swap) {
			j = busy[sl[swap] - 1, sr[swap], ds[swap]]
			sl[j]++; sl[swap]--
		} else exit
		for (i = 1; i <= nr; i++) put(i)
		exit
	}
	print "mutate.awk: unknown op " op > "/dev/stderr"
	exit 2
}
