#!/usr/bin/env bash
# kbrt_synth.sh — area and speed of one run-time kbcast router (make synth-kbcast-rt).
#   D=4 [WIDTH=32] [TARGET=generic|ice40] scripts/kbrt_synth.sh
# The router is synthesised inside romnoc_kbrt_synth_top (scan chains on every port, the
# configuration word included, so the count holds for any node) with its hierarchy kept; only
# the router is counted, as scripts/synth.sh counts the ROM routers. ice40: synth_ice40 and
# nextpnr-ice40 on an HX8K (CT256), constraints/*. Prints one line
#   SYNTH topo=hypercube:D task=kbcast arch=kbcast-runtime width=W target=T scope=router luts=..
#         ffs=.. brams=.. fifo_depth=.. fmax_mhz=.. status=ok|timing-fail|no-fit|pnr-error
# and writes it to build/synth/hypercube-<D>_kbcast_runtime_w<W>/summary_<target>.txt.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
d=${D:-4} width=${WIDTH:-32} target=${TARGET:-generic}
case $target in generic | ice40) ;; *) echo "kbrt_synth.sh: unknown TARGET '$target' (expected generic or ice40)" >&2; exit 2 ;; esac
work=$(realpath -m "${SYNTH_DIR:-$repo/build/synth/hypercube-${d}_kbcast_runtime_w${width}}")
gen=$work/gen
mkdir -p "$work"
echo "-- GEN hypercube:$d kbcast run-time width=$width --"
"$repo/build/rtl_gen_kbrt" --topo "hypercube:$d" --width "$width" -o "$gen"
depth=$(awk -F= '$1 == "fifo_depth" { print $2 }' "$gen/design.txt")
head="SYNTH topo=hypercube:$d task=kbcast arch=kbcast-runtime width=$width target=$target"
summary=$work/summary_$target.txt
count() { # CELLTYPE-REGEX STAT-FILE: cells of matching types in the router module
  awk -v cells="$1" '
    /^=== / { inmod = ($2 == "romnoc_kbrt_router"); next }
    /^=== design hierarchy ===/ { inmod = 0 }
    inmod && NF == 2 && $1 ~ cells && $2 ~ /^[0-9]+$/ { n += $2 }
    END { print n + 0 }' "$2"
}
sources="romnoc_kbrt_router.v romnoc_kbrt_synth_top.v"
keep="setattr -mod -set keep_hierarchy 1 romnoc_kbrt_router"
if [ "$target" = generic ]; then
  echo "-- SYNTH generic: router --"
  (cd "$gen" && yosys -q -l "$work/yosys_generic.log" -p "read_verilog $sources; hierarchy -top romnoc_kbrt_synth_top; $keep; synth -top romnoc_kbrt_synth_top -lut 4; tee -q -o $work/stat_generic.txt stat")
  echo "$head scope=router luts=$(count '^\$lut$' "$work/stat_generic.txt") ffs=$(count 'DFF' "$work/stat_generic.txt") brams=0 fifo_depth=$depth status=ok" | tee "$summary"
  exit 0
fi
echo "-- SYNTH ice40: router --"
(cd "$gen" && yosys -q -l "$work/yosys_ice40.log" -p "read_verilog $sources; hierarchy -top romnoc_kbrt_synth_top; $keep; synth_ice40 -top romnoc_kbrt_synth_top -json $work/top.json; tee -q -o $work/stat_ice40.txt stat")
luts=$(count '^SB_LUT4$' "$work/stat_ice40.txt")
ffs=$(count '^SB_DFF' "$work/stat_ice40.txt")
brams=$(count '^SB_RAM40_4K' "$work/stat_ice40.txt")
echo "-- PNR nextpnr-ice40 hx8k ct256 --"
status=ok fmax=none
if nextpnr-ice40 --hx8k --package ct256 --json "$work/top.json" --pcf "$repo/constraints/ice40_hx8k_ct256.pcf" \
  --pre-pack "$repo/constraints/clock.py" --timing-allow-fail --asc "$work/top.asc" >"$work/nextpnr.log" 2>&1; then
  fmax=$(grep -E "Max frequency for clock +'clk_i" "$work/nextpnr.log" | tail -n 1 | sed -E 's/.*: *([0-9.]+) MHz.*/\1/')
  grep -E "Max frequency for clock +'clk_i" "$work/nextpnr.log" | tail -n 1 | grep -q PASS || status=timing-fail
else
  status=no-fit
  grep -qE 'Unable to place|no BELs remaining|Design utilisation|insufficient' "$work/nextpnr.log" || status=pnr-error
fi
echo "$head scope=router luts=$luts ffs=$ffs brams=$brams fifo_depth=$depth fmax_mhz=$fmax status=$status" | tee "$summary"
