#!/usr/bin/env bash
# mux_bench.sh OUT.md — what a lane's output multiplexer costs on the iCE40 under the two select
# encodings a ROM word can give it (rtl_gen/arch.h, arch_sources_code): a register of W = 47
# bits (a hypercube:7 flit) loaded from one of k sources, synthesised alone with Yosys
# synth_ice40, for k = 2..9:
#   zero-is-nothing: select ceil(log2(k+1)) bits, 0 keeps the register, i loads source i-1
#                    (the banked router before issue 16; the combining router still);
#   index code:      the same field, source i at code i, k = nothing; the register loads
#                    source sel[ceil(log2 k)-1:0] in every cycle (the valid bit says whether it
#                    is sent), so the multiplexer is a power-of-two one.
# Writes the "mux" section of OUT.md. `mux_bench.sh --per-bit K` prints only the index code's
# LUT4 per bit for K sources (0 for K <= 1: a plain register), which synth_bench.sh uses for its
# multiplexer floor.
set -euo pipefail
out=${1:?usage: bench/mux_bench.sh OUT.md | --per-bit K}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-mux.XXXXXX")
trap 'rm -rf "$work"' EXIT
width=47
clog2() { awk -v n="$1" 'BEGIN { b = 0; while (2 ^ b < n) b++; print b }'; }
module() { # module K STYLE: the Verilog of one register and its multiplexer
  local k=$1 style=$2 i w iw ins=""
  for ((i = 0; i < k; i++)); do ins+=", d$i"; done
  w=$(clog2 $((k + 1))) iw=$(clog2 "$k")
  echo "module m (input clk, input [$((w - 1)):0] sel, input [$((width - 1)):0] ${ins#, }, output reg [$((width - 1)):0] q);"
  if [ "$style" = zero ]; then
    printf '  always @(posedge clk) case (sel)'
    for ((i = 0; i < k; i++)); do printf " %d'd%d: q <= d%d;" "$w" $((i + 1)) "$i"; done
    echo " default: q <= q; endcase"
  else
    printf '  always @(posedge clk) case (sel[%d:0])' $((iw - 1))
    for ((i = 0; i + 1 < k; i++)); do printf " %d'd%d: q <= d%d;" "$iw" "$i" "$i"; done
    echo " default: q <= d$((k - 1)); endcase"
  fi
  echo "endmodule"
}
luts() { # luts K STYLE
  module "$1" "$2" >"$work/m.v"
  yosys -q -p "read_verilog $work/m.v; synth_ice40 -top m; tee -q -o $work/m.stat stat" >/dev/null
  awk '$1 == "SB_LUT4" { print $2 }' "$work/m.stat"
}
if [ "$out" = --per-bit ]; then
  k=${2:?usage: bench/mux_bench.sh --per-bit K}
  if [ "$k" -le 1 ]; then echo 0; else awk -v l="$(luts "$k" index)" -v w="$width" 'BEGIN { printf "%.4f\n", l / w }'; fi
  exit 0
fi
rows=""
for k in 2 3 4 5 6 7 8 9; do
  z=$(luts "$k" zero) x=$(luts "$k" index)
  rows+=$(awk -v k="$k" -v z="$z" -v x="$x" -v w="$width" \
    'BEGIN { printf "| %d | %d | %.2f | %d | %.2f |", k, z, z / w, x, x / w }')$'\n'
done
"$repo/bench/tables/md_section.sh" "$out" mux <<MD
## A lane's output multiplexer: two select encodings (iCE40, Yosys 0.23)

Command: \`make bench\` (runs \`bench/mux_bench.sh docs/BENCHMARKS.md\`); $(date -u +%Y-%m-%d), romnoc
$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown). One register of $width bits loaded from one of k
sources, synthesised alone (\`synth_ice40\`), LUT4 counted. Zero-is-nothing: the select field's 0
keeps the register and i loads source i−1 (the banked router before issue 16). Index code
(\`arch_sources_code\`, the banked router now): source i at code i and k for nothing, in a field
of the same width; the register loads the source named by the field's low ⌈log2 k⌉ bits in
every cycle and the lane's valid bit says whether it is sent. Figures are deterministic.

| sources k | zero-is-nothing LUT4 | per bit | index code LUT4 | per bit |
|---|---|---|---|---|
${rows%$'\n'}
MD
echo "wrote $out" >&2
