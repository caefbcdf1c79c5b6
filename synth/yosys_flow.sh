# ice40_flow.sh — sourced by synth/synth.sh and synth/kbrt_synth.sh: what both do with Yosys's
# statistics and nextpnr-ice40.

# count CELLTYPE-REGEX MODULE-REGEX STAT-FILE: cells of matching types in matching modules of a
# Yosys `stat` report
count() {
  awk -v cells="$1" -v mods="$2" '
    /^=== / { name = $2; inmod = (name ~ mods); next }
    /^=== design hierarchy ===/ { inmod = 0 }
    inmod && NF == 2 && $1 ~ cells && $2 ~ /^[0-9]+$/ { n += $2 }
    END { print n + 0 }' "$3"
}

# ice40_pnr WORK REPO: places and routes WORK/top.json on an HX8K (CT256) with REPO's
# constraints (100 MHz); sets fmax (MHz, or none) and status (ok, timing-fail, no-fit, pnr-error)
ice40_pnr() {
  local work=$1 repo=$2 line
  echo "-- PNR nextpnr-ice40 hx8k ct256 --"
  status=ok fmax=none
  if nextpnr-ice40 --hx8k --package ct256 --json "$work/top.json" --pcf "$repo/synth/constraints/ice40_hx8k_ct256.pcf" \
    --pre-pack "$repo/synth/constraints/clock.py" --timing-allow-fail --asc "$work/top.asc" >"$work/nextpnr.log" 2>&1; then
    line=$(grep -E "Max frequency for clock +'clk_i" "$work/nextpnr.log" | tail -n 1)
    fmax=$(printf '%s\n' "$line" | sed -E 's/.*: *([0-9.]+) MHz.*/\1/')
    printf '%s\n' "$line" | grep -q PASS || status=timing-fail
  else
    status=no-fit
    grep -qE 'Unable to place|no BELs remaining|Design utilisation|insufficient' "$work/nextpnr.log" || status=pnr-error
  fi
}
