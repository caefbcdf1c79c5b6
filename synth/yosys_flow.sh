# yosys_flow.sh — sourced by synth/synth.sh and synth/kbrt_synth.sh: the Yosys and nextpnr-ice40
# commands and the cell names of each target, written once.
#   synth_router GEN WORK TARGET TOP SOURCES KEEP [READ-OPTS]  Yosys on SOURCES (in GEN) below TOP, the
#                                                    modules KEEP kept whole; the `stat` report
#                                                    in WORK/stat_TARGET.txt
#   router_cells TARGET MODULE-REGEX WORK            "luts ffs brams lutrams" of the matching modules
#   ice40_pnr WORK REPO [PCF]                        sets fmax and status
#   count CELL-REGEX MODULE-REGEX STAT-FILE          cells of matching types in matching modules

# the cell types that count, per target: LUTs, flip-flops, block RAMs (generic has none) and
# LUT RAMs (the families that have them: Xilinx RAM32M/RAM64M/..., ECP5 TRELLIS_DPR16X4, Gowin
# RAM16S*). A target is a row of these tables (xilinx: 6-input LUTs; ecp5, gowin: 4-input).
declare -A lut_cells=([generic]='^\$lut$' [ice40]='^SB_LUT4$' [xilinx]='^LUT[1-6]$' [ecp5]='^LUT4$' [gowin]='^LUT[1-4]$')
declare -A ff_cells=([generic]='DFF' [ice40]='^SB_DFF' [xilinx]='^FD[CPRS]E?$' [ecp5]='^TRELLIS_FF$' [gowin]='^DFF')
declare -A bram_cells=([generic]='^$' [ice40]='^SB_RAM40_4K' [xilinx]='^RAMB(18|36)' [ecp5]='^DP16KD$' [gowin]='^(SDPB|DPB|SPX?9?|SDPX9B|DPX9B|pROM)$')
declare -A lutram_cells=([generic]='^$' [ice40]='^$' [xilinx]='^RAM(32|64|128|256)' [ecp5]='^TRELLIS_DPR16X4$' [gowin]='^RAM16S')
# the Yosys synthesis command of each target (generic: 4-input LUTs, as iCE40's)
declare -A synth_cmd=([generic]='synth -lut 4' [ice40]='synth_ice40' [xilinx]='synth_xilinx' [ecp5]='synth_ecp5' [gowin]='synth_gowin')

# count CELLTYPE-REGEX MODULE-REGEX STAT-FILE: cells of matching types in matching modules of a
# Yosys `stat` report
count() {
  awk -v cells="$1" -v mods="$2" '
    /^=== / { name = $2; inmod = (name ~ mods); next }
    /^=== design hierarchy ===/ { inmod = 0 }
    inmod && NF == 2 && $1 ~ cells && $2 ~ /^[0-9]+$/ { n += $2 }
    END { print n + 0 }' "$3"
}

# synth_router GEN WORK TARGET TOP SOURCES KEEP [READ-OPTS]: reads SOURCES in GEN with
# read_verilog READ-OPTS (default -defer: a ROM module loads a file named by a parameter; the
# run-time kbcast router has no ROM and is read without, which Yosys maps differently),
# synthesises TOP with the modules KEEP kept whole (the router is inside a scan-chain wrapper);
# WORK/yosys_TARGET.log, WORK/stat_TARGET.txt and, for ice40, WORK/top.json for nextpnr
synth_router() {
  local gen=$1 work=$2 target=$3 top=$4 sources=$5 keep=$6 read=${7--defer} json=
  [ "$target" = ice40 ] && json=" -json $work/top.json"
  (cd "$gen" && yosys -q -l "$work/yosys_$target.log" -p "read_verilog $read $sources; hierarchy -top $top; \
setattr -mod -set keep_hierarchy 1 $keep; ${synth_cmd[$target]} -top $top$json; tee -q -o $work/stat_$target.txt stat")
}

# router_cells TARGET MODULE-REGEX WORK: "LUTS FFS BRAMS LUTRAMS" of the matching modules in WORK's report
router_cells() {
  local stat=$3/stat_$1.txt
  echo "$(count "${lut_cells[$1]}" "$2" "$stat") $(count "${ff_cells[$1]}" "$2" "$stat") $(count "${bram_cells[$1]}" "$2" "$stat")" \
    "$(count "${lutram_cells[$1]}" "$2" "$stat")"
}

# ice40_pnr WORK REPO [PCF]: places and routes WORK/top.json on an HX8K (CT256) with REPO's
# constraints (the pins: PCF, by default the scan-chain wrappers'; 100 MHz); sets fmax (MHz, or
# none) and status (ok, timing-fail, no-fit, pnr-error, pnr-timeout)
ice40_pnr() {
  local work=$1 repo=$2 pcf=${3:-$2/synth/constraints/ice40_hx8k_ct256.pcf} line rc max_fill=${PNR_MAX_FILL:-95}
  local nextpnr=(nextpnr-ice40 --hx8k --package ct256 --json "$work/top.json" --pcf "$pcf"
    --pre-pack "$repo/synth/constraints/clock.py")
  echo "-- PNR nextpnr-ice40 hx8k ct256 --"
  status=ok fmax=none
  # packed over PNR_MAX_FILL % (default 95) of the logic cells: no-fit, unplaced (nextpnr 0.4 had
  # not routed a combining router at 97 % after 10 minutes; it routed one at 94 %)
  "${nextpnr[@]}" --pack-only >"$work/nextpnr.log" 2>&1 || true
  line=$(sed -nE 's/.*ICESTORM_LC: *([0-9]+)\/ *([0-9]+).*/\1 \2/p' "$work/nextpnr.log" | head -n 1)
  if [ -n "$line" ] && awk -v max="$max_fill" '{ exit !($1 * 100 > $2 * max) }' <<<"$line"; then
    echo "ice40_pnr: ${line% *} of ${line#* } logic cells packed, over PNR_MAX_FILL=$max_fill %: not placed" |
      tee -a "$work/nextpnr.log" >&2
    status=no-fit
    return 0
  fi
  # PNR_TIMEOUT seconds (default 1800): nextpnr's placer can stall on a nearly full device
  if timeout "${PNR_TIMEOUT:-1800}" "${nextpnr[@]}" --timing-allow-fail --asc "$work/top.asc" >"$work/nextpnr.log" 2>&1; then
    line=$(grep -E "Max frequency for clock +'clk_i" "$work/nextpnr.log" | tail -n 1)
    fmax=$(printf '%s\n' "$line" | sed -E 's/.*: *([0-9.]+) MHz.*/\1/')
    printf '%s\n' "$line" | grep -q PASS || status=timing-fail
  else
    rc=$?
    status=no-fit
    grep -qE 'Unable to place|no BELs remaining|Design utilisation|insufficient' "$work/nextpnr.log" || status=pnr-error
    [ "$rc" != 124 ] || status=pnr-timeout
  fi
}
