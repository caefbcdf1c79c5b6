# rom_clear.awk - clears the given bits in every word of a ROM file (a mutation for the
# hardware tests): words are hex digits, most significant first; comment lines are copied.
#
#   awk -v bits="3 20 35" -f tests/rom_clear.awk rom_n5.hex > edited.hex
#
# The bit positions come from the router's part selects (e.g. `assign inj0_req_o =
# rom_data_i[3];`). Prints the file with those bits cleared.

BEGIN { digits = "0123456789abcdef"; nb = split(bits, bit, " ") }
/^\/\// { print; next }
{
	for (i = 1; i <= nb; i++) {
		pos = length($0) - int(bit[i] / 4)
		if (pos < 1) continue
		d = index(digits, substr($0, pos, 1)) - 1
		m = 2 ^ (bit[i] % 4)
		if (int(d / m) % 2) $0 = substr($0, 1, pos - 1) substr(digits, d - m + 1, 1) substr($0, pos + 1)
	}
	print
}
