# rom_field.awk - clears one field of one lane in the first word of a combining router's ROM
# file where that field is not zero (a mutation for tests/sim_tests.sh).
#
#   awk -v lane=0 -v field=osel -f tests/rom_field.awk rom_n0.hex > edited.hex
#
# The field's bits come from the file's legend ("// lane 0: sel[2:0] ... osel[12:11] ..."); a
# word is hex digits, most significant first. Prints the file with that one word edited.

BEGIN { digits = "0123456789abcdef" }

# the legend line of the lane: field[hi:lo] or field[b]
/^\/\/ lane / && $3 == lane ":" {
	for (i = 4; i <= NF; i++)
		if (index($i, field "[") == 1) {
			spec = substr($i, length(field) + 2)
			sub(/\]$/, "", spec)
			n = split(spec, b, ":")
			hi = b[1] + 0
			lo = (n == 2 ? b[2] : b[1]) + 0
		}
}

# the bit `bit` of word w (0 or 1), and w with that bit cleared
function bit_of(w, bit,   pos) {
	pos = length(w) - int(bit / 4)
	return int((index(digits, substr(w, pos, 1)) - 1) / 2 ^ (bit % 4)) % 2
}
function clear_bit(w, bit,   pos, d) {
	pos = length(w) - int(bit / 4)
	d = index(digits, substr(w, pos, 1)) - 1 - 2 ^ (bit % 4)
	return substr(w, 1, pos - 1) substr(digits, d + 1, 1) substr(w, pos + 1)
}

!/^\/\// && hi != "" && !done {
	set = 0
	for (bit = lo; bit <= hi; bit++) set += bit_of($0, bit)
	if (set) {
		for (bit = lo; bit <= hi; bit++) if (bit_of($0, bit)) $0 = clear_bit($0, bit)
		done = 1
	}
}

{ print }
