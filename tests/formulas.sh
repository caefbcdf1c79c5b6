# formulas.sh — expected figures from paper 000, sourced by the test scripts. Never read
# them from the program under test.
# 000 Table 1 and §1-§4, MLA model on the d-cube (n = 2^d nodes).
slots_of() {                # slots_of TASK D
	local d=$2 n=$((1 << $2))
	case $1 in
	snb) echo "$d" ;;                              # the diameter
	mnb | scatter | gather) echo $(((n - 1 + d - 1) / d)) ;; # ceil((2^d-1)/d)
	te) echo $((1 << (d - 1))) ;;                  # 2^(d-1), eq. (4)
	esac
}
tx_of() {                   # tx_of TASK D
	local d=$2 n=$((1 << $2))
	case $1 in
	snb) echo $((n - 1)) ;;                        # one receipt per node
	mnb) echo $((n * (n - 1))) ;;                  # 2^d (2^d - 1)
	scatter | gather) echo $((d * (n / 2))) ;;      # d 2^(d-1), eq. (2)
	te) echo $((d << (2 * d - 1))) ;;              # d 2^(2d-1), eq. (3)
	esac
}
