#!/usr/bin/env bash
# kbrt_synth.sh — area and speed of one run-time kbcast router (make synth-kbcast-rt).
#   D=4 [WIDTH=32] [STAGES=0|1] [TARGET=generic|ice40] synth/kbrt_synth.sh
# The router is synthesised inside romnoc_kbrt_synth_top (scan chains on every port, the
# configuration word included, so the count holds for any node) with its hierarchy kept; only
# the router is counted, as synth/synth.sh counts the ROM routers. ice40: synth_ice40 and
# nextpnr-ice40 on an HX8K (CT256), synth/constraints/* (the commands: synth/yosys_flow.sh). Prints one line
#   SYNTH topo=hypercube:D task=kbcast arch=kbcast-runtime width=W target=T scope=router luts=..
#         ffs=.. brams=.. fifo_depth=.. fmax_mhz=.. status=ok|timing-fail|no-fit|pnr-error
# and writes it to build/synth/hypercube-<D>_kbcast_runtime_w<W>/summary_<target>.txt.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/flow_vars.sh" # every variable make passes has its shape, or exit 2
d=${D:-4} width=${WIDTH:-32} target=${TARGET:-generic} stages=${STAGES:-0}
case $target in generic | ice40) ;; *) echo "kbrt_synth.sh: unknown TARGET '$target' (expected generic or ice40)" >&2; exit 2 ;; esac
work=$(realpath -m "${SYNTH_DIR:-$repo/build/synth/hypercube-${d}_kbcast_runtime_w${width}$([ "$stages" = 0 ] || echo "_p$stages")}")
gen=$work/gen
mkdir -p "$work"
echo "-- GEN hypercube:$d kbcast run-time width=$width stages=$stages --"
"$repo/build/rtl_gen_kbrt" --topo "hypercube:$d" --width "$width" --stages "$stages" -o "$gen"
depth=$(awk -F= '$1 == "fifo_depth" { print $2 }' "$gen/design.txt")
head="SYNTH topo=hypercube:$d task=kbcast arch=kbcast-runtime width=$width stages=$stages target=$target"
summary=$work/summary_$target.txt
. "$repo/synth/yosys_flow.sh" # synth_router, router_cells, ice40_pnr
echo "-- SYNTH $target: router --"
synth_router "$gen" "$work" "$target" romnoc_kbrt_synth_top "romnoc_kbrt_router.v romnoc_kbrt_synth_top.v" romnoc_kbrt_router ""
read -r luts ffs brams <<<"$(router_cells "$target" '^romnoc_kbrt_router$' "$work")"
if [ "$target" = generic ]; then
  echo "$head scope=router luts=$luts ffs=$ffs brams=$brams fifo_depth=$depth status=ok" | tee "$summary"
  exit 0
fi
ice40_pnr "$work" "$repo"
echo "$head scope=router luts=$luts ffs=$ffs brams=$brams fifo_depth=$depth fmax_mhz=$fmax status=$status" | tee "$summary"
