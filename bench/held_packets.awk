# held_packets.awk - how many packets a schedule makes a node keep: a packet that reaches node v
# in slot a (its first arrival) and leaves v on the link v->w in slot e >= a + 2 waits at v for
# that link from slot a + 1 to slot e - 1 (a packet sent on in the next slot goes straight
# through, as in the routers; own packets come from the local port and are not counted).
#
#   awk [-v min_gap=G] [-v chain=1] -f bench/held_packets.awk WIRE.tsv   ->   "node=N port=P"
#
# min_gap (default 2): count only sends e >= a + G. chain=1: nor a send in slot e of a packet the
# node also sent in slot e - 1 (an output register holds it). With 3 and chain=1, node= is the
# packet memory's lifetime minimum (rtl_gen/mem_bound.h: one and two slots after arrival are the
# receive wire and the delay register, one slot after a send the output register), which
# tests/mem_bound.sh checks rtl_gen's mem_lifetime_min against.
#
# node: the most packets one node keeps at once (each counted once, however many links wait
# for it); port: the most one out-link of one node has waiting (the depth a FIFO per out-port
# would need). Reads the exchange format (slot src dst origin dest), in any row order.
BEGIN { FS = "\t"; if (min_gap == "") min_gap = 2 }
/^#/ || $1 == "slot" { next }
{
	k = $4 SUBSEP $5
	if ($2 != $4) { n++; s_slot[n] = $1; s_src[n] = $2; s_dst[n] = $3; s_pkt[n] = k; sent[$2, k, $1] = 1 }
	a = $3 SUBSEP k
	if (!(a in first) || $1 < first[a]) first[a] = $1
}
END {
	for (i = 1; i <= n; i++) {
		a = s_src[i] SUBSEP s_pkt[i]
		if (!(a in first)) continue # not received before: cannot happen in a verified schedule
		if (s_slot[i] - first[a] < min_gap) continue
		if (chain && ((s_src[i], s_pkt[i], s_slot[i] - 1) in sent)) continue
		for (t = first[a] + 1; t < s_slot[i]; t++) {
			if (!((a, t) in counted)) { counted[a, t] = 1; if (++nodeheld[s_src[i], t] > node) node = nodeheld[s_src[i], t] }
			if (++portheld[s_src[i], s_dst[i], t] > port) port = portheld[s_src[i], s_dst[i], t]
		}
	}
	printf "node=%d port=%d\n", node, port
}
