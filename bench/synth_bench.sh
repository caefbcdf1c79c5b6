#!/usr/bin/env bash
# synth_bench.sh OUT.md — area and speed of the routers on an iCE40 HX8K (Yosys synth_ice40 +
# nextpnr-ice40) for D = 2..7 and every task, banked architecture against the simple baseline
# (`rtl_gen --arch simple`) synthesised in the same run, and Yosys generic LUT counts of the
# whole fabric for D <= 4. Writes the "synth" section of OUT.md. Two jobs run at a time (the
# figures are deterministic: no timing is measured).
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
sizes=${SIZES:-"2 3 4 5 6 7"}
tasks=${TASKS:-"snb mnb scatter gather te"}
work=$repo/build/bench/synth
mkdir -p "$work"
jobs=()
for task in $tasks; do
  for d in $sizes; do
    jobs+=("$task $d banked ice40" "$task $d simple ice40")
    [ "$d" -le 4 ] && jobs+=("$task $d banked generic")
  done
done
run_job() { # task d arch target
  local task=$1 d=$2 arch=$3 target=$4
  TOPO=hypercube:$d TASK=$task ARCH=$arch TARGET=$target SYNTH_DIR="$work/$task-$d-$arch" \
    "$repo/scripts/synth.sh" >"$work/$task-$d-$arch-$target.log" 2>&1 || true
  echo "-- BENCH synth $task D=$d $arch $target: $(grep '^SYNTH' "$work/$task-$d-$arch-$target.log" | tail -n 1 | cut -d' ' -f6-)" >&2
}
export -f run_job
export work repo
printf '%s\n' "${jobs[@]}" | xargs -P 2 -I{} bash -c 'run_job {}'

field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
rows=""
for task in $tasks; do
  for d in $sizes; do
    b=$(grep -h "scope=router" "$work/$task-$d-banked-ice40.log" | tail -n 1)
    s=$(grep -h "scope=router" "$work/$task-$d-simple-ice40.log" | tail -n 1)
    fab="-"
    [ "$d" -le 4 ] && fab=$(grep -h "scope=fabric" "$work/$task-$d-banked-generic.log" | field luts)
    luts=$(printf '%s' "$b" | field luts)
    per=$(awk -v l="${luts:-0}" -v d="$d" 'BEGIN { printf "%.2f", l / (d * 32) }')
    rows+="| $task | $d | ${luts:-?} | $(printf '%s' "$b" | field ffs) | $(printf '%s' "$b" | field brams) | $(printf '%s' "$b" | field fmax_mhz) | $(printf '%s' "$b" | field status) | $(printf '%s' "$b" | field mem_depth) | $((1 << d)) | $per | $(printf '%s' "$s" | field luts) | $(printf '%s' "$s" | field ffs) | $(printf '%s' "$s" | field fmax_mhz) | $(printf '%s' "$s" | field status) | $fab |"$'\n'
  done
done
scripts/md_section.sh "$out" synth <<MD
## Synthesis: iCE40 HX8K (CT256), Yosys 0.23 + nextpnr-ice40 0.4, W = 32

Command: \`make bench\` (runs \`bench/synth_bench.sh docs/BENCHMARKS.md\`); one router, \`make synth
TARGET=ice40\` (scripts/synth.sh): node 0's router and ROM inside a scan-chain wrapper
(romnoc_synth_top: every router input from a shift register, every output captured into
one, so nothing is optimised away and six pins suffice), hierarchy kept, only the router and
ROM modules counted; nextpnr with constraints/ice40_hx8k_ct256.pcf and a 100 MHz clock
constraint (constraints/clock.py), default placer and router. Fmax is nextpnr's estimate
for the whole wrapper. Date $(date -u +%Y-%m-%d); romnoc $(git describe --always --dirty 2>/dev/null || echo unknown).

Columns: banked = the default architecture; LUT/(port×bit) = LUT4 / (D ports × 32 payload
bits); mem_depth = packet-memory entries in the banks, against the 2^D a router would need to
keep every packet (the delay registers that carry packets sent two slots after arrival are
counted in FFs, not here); simple = the first design (\`--arch simple\`: a receive register
per port and one multi-write-port memory), synthesised in the same run as the baseline;
fabric = Yosys generic \`synth -lut 4\` LUTs of the whole fabric (D <= 4).

| task | D | LUT4 | FF | BRAM | Fmax MHz | status | mem_depth | 2^D | LUT/(port×bit) | simple LUT4 | simple FF | simple Fmax | simple status | fabric LUTs |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}

For comparison, the published figure of Hoplite (Kapre & Gray, FPL 2015), the smallest
well-known FPGA router: about 60 LUTs and 100 FFs at about 2.9 ns on a Xilinx device. What
differs: Hoplite has 2 ports and routes dynamically by deflection, deciding each packet's
output at run time, so a collective takes as long as its traffic happens to take; it is
measured on 6-input Xilinx LUTs. A romnoc router has D ports, all sending and receiving in
every slot, decides nothing at run time, finishes its collective in the minimum number of
slots, and is measured here in 4-input iCE40 LUTs; its cost grows with D, the payload width
and the packets its schedule must hold.
MD
echo "wrote $out" >&2
