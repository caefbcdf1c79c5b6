#!/usr/bin/env bash
# synth.sh — area and speed of one generated router (make synth).
#   TOPO=hypercube:4 TASK=mnb [MODEL=mla] [WIDTH=32] [FLIT=bare] [OP=add] [TARGET=generic|ice40] [ROOT=0] [ARCH=...] synth/synth.sh
#   SCHEDULE=FILE.tsv [WIDTH=32] [TARGET=...] synth/synth.sh
#   TOPO=hypercube:5 TASK=kbcast ALG=001 K=16 [KSEED=1] [TARGET=...] synth/synth.sh   (or ACTIVE=LIST)
#   TOPO=torus:4x4 TASK=pmnb|pexchange M=5 [KSEED=1] [TARGET=...] synth/synth.sh        (or ACTIVE=LIST)
# generic: Yosys `synth -lut 4` of node 0's router and ROM (and of the whole fabric up to 16 nodes).
# ice40:   `synth_ice40` and nextpnr-ice40 on an HX8K (CT256) with synth/constraints/*: LUT4, DFF,
#          BRAM and the achieved Fmax.
# xilinx, ecp5, gowin: Yosys `synth_xilinx` (LUT6), `synth_ecp5`, `synth_gowin` (LUT4) alone (no
#          place and route for them here): LUTs, flip-flops, block RAMs and LUT RAMs (lutrams=).
# The router is synthesised inside romnoc_synth_top (scan chains on every router port) with its
# hierarchy kept, and only the router and ROM modules are counted. Prints one line per scope
#   SYNTH topo=... task=... width=... target=... scope=router luts=... ffs=... brams=...
#         mem_depth=... fmax_mhz=... status=ok|timing-fail|no-fit
# and writes them to build/synth/<name>/summary_<target>.txt. NI=1 adds scope=ni: node 0's network
# interface in its scan-chain wrapper (romnoc_ni_synth_top), placed and routed alone for ice40. The Yosys and nextpnr commands and
# each target's cell names are in synth/yosys_flow.sh. Exits non-zero if a tool fails outright.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/flow_vars.sh" # every variable make passes has its shape, or exit 2
target=${TARGET:-generic}
case $target in generic | ice40 | xilinx | ecp5 | gowin) ;;
*) echo "synth.sh: unknown TARGET '$target' (expected generic, ice40, xilinx, ecp5 or gowin)" >&2; exit 2 ;;
esac
. "$repo/scripts/design_name.sh"
# the family auto maps the memories for (rtl_gen --family; generic synthesis as iCE40)
case $target in xilinx | ecp5 | gowin) gen_args+=(--family "$target") ;; esac
work=${SYNTH_DIR:-$repo/build/synth/$name}
gen=$work/gen
mkdir -p "$work"
echo "-- GEN $topo $task width=$width --"
"$repo/build/rtl_gen" "${gen_args[@]}" -o "$gen"
mem_depth=$(awk -F= '$1 == "mem_depth" { print $2 }' "$gen/design.txt")
nodes=$(awk -F= '$1 == "nodes" { print $2 }' "$gen/design.txt")
head="SYNTH topo=$topo task=$task width=$width target=$target"
summary=$work/summary_$target.txt
: >"$summary"

. "$repo/synth/yosys_flow.sh" # synth_router, router_cells, ice40_pnr

# " lutrams=N" for the families with LUT RAM (xilinx, ecp5, gowin), nothing for generic and ice40
lutram_field() { case $target in xilinx | ecp5 | gowin) echo " lutrams=$lutrams" ;; esac; }

# NI=1: node 0's network interface too, in its scan-chain wrapper (romnoc_ni_synth_top.v)
synth_ni() {
  [ "${NI:-0}" = 1 ] || return 0
  local niwork=$work/ni
  mkdir -p "$niwork"
  echo "-- SYNTH $target: network interface --"
  synth_router "$gen" "$niwork" "$target" romnoc_ni_synth_top "romnoc_ni.v romnoc_ni_synth_top.v" romnoc_ni
  read -r luts ffs brams lutrams <<<"$(router_cells "$target" romnoc_ni "$niwork")"
  if [ "$target" = ice40 ]; then
    ice40_pnr "$niwork" "$repo"
    echo "$head scope=ni luts=$luts ffs=$ffs brams=$brams fmax_mhz=$fmax status=$status" | tee -a "$summary"
  else
    echo "$head scope=ni luts=$luts ffs=$ffs brams=$brams$(lutram_field) status=ok" | tee -a "$summary"
  fi
}
echo "-- SYNTH $target: router --"
synth_router "$gen" "$work" "$target" romnoc_synth_top "romnoc_rom.v romnoc_router.v romnoc_synth_top.v" "romnoc_router *romnoc_rom*"
read -r luts ffs brams lutrams <<<"$(router_cells "$target" 'romnoc_router|romnoc_rom' "$work")"
if [ "$target" = generic ]; then
  echo "$head scope=router luts=$luts ffs=$ffs brams=$brams mem_depth=$mem_depth status=ok" | tee -a "$summary"
  if [ "$nodes" -le 16 ]; then
    echo "-- SYNTH generic: fabric --"
    fsrc=$(grep -v '^//' "$gen/files.f" | tr '\n' ' ')
    (cd "$gen" && yosys -q -l "$work/yosys_fabric.log" -p "read_verilog -defer $fsrc; hierarchy -top romnoc_fabric; synth -top romnoc_fabric -flatten -lut 4; tee -q -o $work/stat_fabric.txt stat")
    luts=$(count "${lut_cells[generic]}" '.' "$work/stat_fabric.txt")
    ffs=$(count "${ff_cells[generic]}" '.' "$work/stat_fabric.txt")
    echo "$head scope=fabric luts=$luts ffs=$ffs brams=0 mem_depth=$mem_depth status=ok" | tee -a "$summary"
  fi
  synth_ni
  exit 0
fi
if [ "$target" != ice40 ]; then # xilinx, ecp5, gowin: synthesis only
  echo "$head scope=router luts=$luts ffs=$ffs brams=$brams$(lutram_field) mem_depth=$mem_depth status=ok" | tee -a "$summary"
  synth_ni
  exit 0
fi
ice40_pnr "$work" "$repo"
echo "$head scope=router luts=$luts ffs=$ffs brams=$brams mem_depth=$mem_depth fmax_mhz=$fmax status=$status" | tee -a "$summary"
synth_ni
