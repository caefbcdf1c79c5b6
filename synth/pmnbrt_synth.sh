#!/usr/bin/env bash
# pmnbrt_synth.sh — area and speed of one run-time pmnb router (make synth-pmnb-rt).
#   TOPO=torus:4x4 [WIDTH=32] [TARGET=generic|ice40] synth/pmnbrt_synth.sh
# The router (its two prefix engines flattened into it) is synthesised inside
# romnoc_pmnbrt_synth_top (scan chains on every port, the configuration word included, so the
# count holds for any node) with its hierarchy kept; only the router is counted, as
# synth/kbrt_synth.sh counts the run-time kbcast router. ice40: synth_ice40 and nextpnr-ice40 on
# an HX8K (CT256), synth/constraints/* (the commands: synth/yosys_flow.sh). Prints one line
#   SYNTH topo=T task=pmnb arch=pmnb-runtime width=W target=T scope=router luts=.. ffs=.. brams=..
#         fmax_mhz=.. status=ok|timing-fail|no-fit|pnr-error
# and writes it to build/synth/<topo>_pmnb_runtime_w<W>/summary_<target>.txt.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/flow_vars.sh" # every variable make passes has its shape, or exit 2
topo=${TOPO:-torus:4x4} width=${WIDTH:-32} target=${TARGET:-generic}
case $target in generic | ice40) ;; *) echo "pmnbrt_synth.sh: unknown TARGET '$target' (expected generic or ice40)" >&2; exit 2 ;; esac
work=$(realpath -m "${SYNTH_DIR:-$repo/build/synth/${topo//[:x]/-}_pmnb_runtime_w${width}}")
gen=$work/gen
mkdir -p "$work"
echo "-- GEN $topo pmnb run-time width=$width --"
"$repo/build/rtl_gen_pmnbrt" --topo "$topo" --width "$width" -o "$gen"
head="SYNTH topo=$topo task=pmnb arch=pmnb-runtime width=$width target=$target"
summary=$work/summary_$target.txt
. "$repo/synth/yosys_flow.sh" # synth_router, router_cells, ice40_pnr
echo "-- SYNTH $target: router --"
# the router is a parameterised module: Yosys names its instance $paramod...\romnoc_pmnbrt_router
synth_router "$gen" "$work" "$target" romnoc_pmnbrt_synth_top \
  "romnoc_pmnbrt_prefix.v romnoc_pmnbrt_router.v romnoc_pmnbrt_synth_top.v" '*romnoc_pmnbrt_router*' ""
read -r luts ffs brams _ <<<"$(router_cells "$target" 'romnoc_pmnbrt_router' "$work")"
if [ "$target" = generic ]; then
  echo "$head scope=router luts=$luts ffs=$ffs brams=$brams status=ok" | tee "$summary"
  exit 0
fi
ice40_pnr "$work" "$repo"
echo "$head scope=router luts=$luts ffs=$ffs brams=$brams fmax_mhz=$fmax status=$status" | tee "$summary"
