#!/usr/bin/env bash
# rt004_synth.sh — area and speed of one run-time router of paper 004 (make synth-pmnb-rt, make
# synth-pexchange-rt): ROUTER=pmnb, rtl_gen_pmnbrt's (its two prefix engines flattened into it),
# or ROUTER=pexchange, rtl_gen_pexrt's (its sequencers flattened into it; DEPTH: its FIFOs' depth,
# rtl_gen_pexrt --depth; SPLIT=1: pmnb's packets cut into pieces, rtl_gen_pmnbrt --split).
#   ROUTER=pmnb|pexchange TOPO=torus:4x4 [WIDTH=32] [DEPTH=D] [SPLIT=0|1] [TARGET=generic|ice40] synth/rt004_synth.sh
# The router is synthesised inside <prefix>_synth_top (scan chains on every port, the
# configuration word included, so the count holds for any node) with its hierarchy kept; only the
# router is counted, as synth/kbrt_synth.sh counts the run-time kbcast router. ice40: synth_ice40
# and nextpnr-ice40 on an HX8K (CT256), synth/constraints/* (the commands: synth/yosys_flow.sh).
# Prints one line
#   SYNTH topo=T task=pmnb|pexchange arch=...-runtime[ split] width=W target=T scope=router luts=..
#         ffs=.. brams=.. fmax_mhz=.. status=ok|timing-fail|no-fit|pnr-error
# and writes it to build/synth/<topo>_<task>_runtime_w<W>[_d<D>][_split]/summary_<target>.txt.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/flow_vars.sh" # every variable make passes has its shape, or exit 2
router=${ROUTER:-pmnb} topo=${TOPO:-torus:4x4} width=${WIDTH:-32} target=${TARGET:-generic}
case $target in generic | ice40) ;; *) echo "rt004_synth.sh: unknown TARGET '$target' (expected generic or ice40)" >&2; exit 2 ;; esac
case $router in
pmnb) prog=rtl_gen_pmnbrt prefix=romnoc_pmnbrt files="romnoc_pmnbrt_prefix.v romnoc_pmnbrt_router.v romnoc_pmnbrt_synth_top.v" ;;
pexchange) prog=rtl_gen_pexrt prefix=romnoc_pexrt files="romnoc_pexrt_seq.v romnoc_pexrt_router.v romnoc_pexrt_synth_top.v" ;;
*) echo "rt004_synth.sh: unknown ROUTER '$router' (expected pmnb or pexchange)" >&2; exit 2 ;;
esac
split=
if [ "${SPLIT:-0}" = 1 ]; then
  [ "$router" = pmnb ] || { echo "rt004_synth.sh: SPLIT=1: only pmnb cuts packets into pieces, not $router" >&2; exit 2; }
  split=--split
fi
work=$(realpath -m "${SYNTH_DIR:-$repo/build/synth/${topo//[:x]/-}_${router}_runtime_w${width}${DEPTH:+_d$DEPTH}${split:+_split}}")
gen=$work/gen
mkdir -p "$work"
echo "-- GEN $topo $router run-time width=$width${DEPTH:+ depth=$DEPTH}${split:+ split} --"
"$repo/build/$prog" --topo "$topo" --width "$width" ${DEPTH:+--depth "$DEPTH"} $split -o "$gen"
head="SYNTH topo=$topo task=$router arch=$router-runtime${split:+ split} width=$width target=$target"
summary=$work/summary_$target.txt
. "$repo/synth/yosys_flow.sh" # synth_router, router_cells, ice40_pnr
echo "-- SYNTH $target: router --"
# the router is a parameterised module: Yosys names its instance $paramod...\<prefix>_router
synth_router "$gen" "$work" "$target" "${prefix}_synth_top" "$files" "*${prefix}_router*" ""
read -r luts ffs brams _ <<<"$(router_cells "$target" "${prefix}_router" "$work")"
if [ "$target" = generic ]; then
  echo "$head scope=router luts=$luts ffs=$ffs brams=$brams status=ok" | tee "$summary"
  exit 0
fi
ice40_pnr "$work" "$repo"
echo "$head scope=router luts=$luts ffs=$ffs brams=$brams fmax_mhz=$fmax status=$status" | tee "$summary"
