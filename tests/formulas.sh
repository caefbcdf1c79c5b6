# formulas.sh — expected figures from paper 000 (and 003 for the combining tasks), sourced by
# the test scripts. Never read them from the program under test.
# 000 Table 1 and §1-§4, MLA model on the d-cube (n = 2^d nodes).
slots_of() {                # slots_of TASK D
	local d=$2 n=$((1 << $2))
	case $1 in
	snb) echo "$d" ;;                              # the diameter
	mnb | scatter | gather) echo $(((n - 1 + d - 1) / d)) ;; # ceil((2^d-1)/d)
	te) echo $((1 << (d - 1))) ;;                  # 2^(d-1), eq. (4)
	# combining tasks: reduce and reduce_scatter take snb's and mnb's slots (003 Thm 2.10-2.11,
	# time reversal), allreduce twice mnb's (reduce-scatter, then all-gather) or, for d >= 2,
	# 2 ceil((n-2)/d) + 1 (each chunk summed at both ends of an edge: its two halves in
	# ceil((n-2)/d) slots, one slot across the edge, the same back), whichever is less;
	# global_sum d (003 §1: exchange and add, one dimension per slot)
	reduce | global_sum) echo "$d" ;;
	reduce_scatter) echo $(((n - 1 + d - 1) / d)) ;;
	allreduce)
		local two=$((2 * ((n - 1 + d - 1) / d))) edge=$((2 * ((n - 2 + d - 1) / d) + 1))
		echo $((d >= 2 && edge < two ? edge : two)) ;;
	esac
}
tx_of() {                   # tx_of TASK D
	local d=$2 n=$((1 << $2))
	case $1 in
	snb) echo $((n - 1)) ;;                        # one receipt per node
	mnb) echo $((n * (n - 1))) ;;                  # 2^d (2^d - 1)
	scatter | gather) echo $((d * (n / 2))) ;;      # d 2^(d-1), eq. (2)
	te) echo $((d << (2 * d - 1))) ;;              # d 2^(2d-1), eq. (3)
	reduce) echo $((n - 1)) ;;                     # every partial but the root's moves once
	reduce_scatter) echo $((n * (n - 1))) ;;       # the same for each of the n chunks
	allreduce) echo $((2 * n * (n - 1))) ;;        # and each finished chunk sent to n-1 nodes
	global_sum) echo $((d * n)) ;;                 # every node sends once per dimension
	esac
}
# The verifier's lower bounds where they differ from the figures above (bounds.awk says why):
# allreduce max(d, ceil(2(n-1)/d)) slots (2n(n-1) words over d n directed links); global_sum
# 2(n-1) transmissions (the one-way gossip minimum).
lb_of() {                   # lb_of TASK D
	local d=$2 n=$((1 << $2))
	case $1 in
	allreduce) local c=$(((2 * (n - 1) + d - 1) / d)); echo $((c > d ? c : d)) ;;
	*) slots_of "$1" "$d" ;;
	esac
}
txlb_of() {                 # txlb_of TASK D
	case $1 in
	global_sum) echo $((2 * ((1 << $2) - 1))) ;;
	*) tx_of "$1" "$2" ;;
	esac
}
