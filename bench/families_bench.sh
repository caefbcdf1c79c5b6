#!/usr/bin/env bash
# families_bench.sh OUT.md — one router per row on four FPGA families (make synth TARGET=ice40 |
# xilinx | ecp5 | gowin; synth/synth.sh): iCE40 through Yosys synth_ice40 and nextpnr-ice40 (HX8K),
# the three others through Yosys synth_xilinx (6-input LUTs), synth_ecp5 and synth_gowin (4-input)
# alone, each with the memories as rtl_gen maps them by default for the family make synth names
# (--mem-style auto --family TARGET: block RAM where the router's plan puts a memory, but LUT RAM
# for a memory of at most one LUT RAM's depth on a family that has one) and with no style at all
# (family: the family's synthesis picks every one). LUTs per (port x payload bit): the router's LUTs over its lanes times W = 32 (tagged flits).
# Writes the "synth-families" section of OUT.md.
set -euo pipefail
out=${1:?usage: bench/families_bench.sh OUT.md}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-families-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
designs=("hypercube:3 mnb" "hypercube:4 te" "hypercube:5 te" "ring:8 te" "torus:4x4 mnb" "torus:4x4 te")
families=(ice40 xilinx ecp5 gowin)
tables=""
for style in auto family; do
  rows=""
  for d in "${designs[@]}"; do
    read -r topo task <<<"$d"
    row="| $topo $task |"
    for t in "${families[@]}"; do
      TOPO=$topo TASK=$task TARGET=$t MEM_STYLE=$style ROM_STYLE=$style SYNTH_DIR=$work/$t bash "$repo/synth/synth.sh" >"$work/log" 2>&1 ||
        { cat "$work/log" >&2; exit 1; }
      line=$(grep '^SYNTH .* scope=router ' "$work/log")
      get() { sed -nE "s/.* $1=([^ ]+).*/\\1/p" <<<"$line"; }
      ports=$(sed -n 's/^ports=//p' "$work/$t/gen/design.txt")
      per=$(awk -v l="$(get luts)" -v p="$ports" 'BEGIN { printf "%.2f", l / (p * 32) }')
      mem="$(get brams) BRAM"
      [ -n "$(get lutrams)" ] && [ "$(get lutrams)" != 0 ] && mem="$mem, $(get lutrams) LUTRAM"
      fmax=$([ "$t" = ice40 ] && echo ", $(get fmax_mhz) MHz" || true)
      row+=" $(get luts) ($mem$fmax) | $per |"
    done
    rows+="$row"$'\n'
  done
  note=$([ $style = auto ] && echo ", \`--family\` the target's (as make synth passes it)" || true)
  tables+="**Memories: \`--mem-style $style --rom-style $style\`$note**"$'\n\n'
  tables+="| router (W = 32, tagged) | iCE40 LUT4 | per port·bit | Xilinx LUT6 | per port·bit | ECP5 LUT4 | per port·bit | Gowin LUT4 | per port·bit |"$'\n'
  tables+="|---|---|---|---|---|---|---|---|---|"$'\n'"$rows"$'\n'
done
"$repo/bench/tables/md_section.sh" "$out" synth-families <<MD
## One router on four FPGA families: iCE40, Xilinx, ECP5, Gowin (make synth TARGET=...)

Machine: $(nproc) cores; $(date +%F); romnoc $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet || echo -dirty).

\`bash bench/families_bench.sh docs/BENCHMARKS.md\` (part of \`make bench\`). Each cell: the
router's (and its ROM's) LUTs, its block RAMs and LUT RAMs (and, for iCE40, the Fmax nextpnr-ice40
reaches on the HX8K), then its LUTs per (port × payload bit). \`auto\` is rtl_gen's default for
the family (\`make synth TARGET=xilinx\` passes \`--family xilinx\`): block RAM where the router's
plan puts a memory, but on Xilinx, ECP5 and Gowin a memory of at most one LUT RAM's depth (64, 16,
16 words) is left to the family's LUT RAM instead of a block RAM of 18 kbit. Yosys 0.23: \`synth_ice40\`,
\`synth_xilinx\` (6-input LUTs: a LUT6 does the work of about two LUT4), \`synth_ecp5\`,
\`synth_gowin\`; no place and route for the last three on this machine. Every router sits in the
same scan-chain wrapper as in the synthesis table above. Deterministic: one run per cell.
For scale, the published Hoplite router (Kapre & Gray, FPL 2015) is about 60 Xilinx LUTs for 2
ports (see "Synthesis" above); S4NOC's published router areas (Altera logic elements) are not
among romnoc's sources, so they are not quoted here.

${tables%$'\n'}
MD
