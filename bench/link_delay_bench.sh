#!/usr/bin/env bash
# link_delay_bench.sh OUT.md — pipelined links (rtl_gen --link-delay L): per router and L = 1
# (the baseline, one-cycle links), 2 and 4, what the slot enable costs one router on the iCE40
# HX8K (make synth TARGET=ice40: LUT4, flip-flops, block RAMs, Fmax) and what a run takes in
# the simulated fabric (make sim LINK_DELAY=L: the bench's cycles, against (S+1)*L).
# Writes the "link-delay" section of OUT.md.
set -euo pipefail
out=${1:?usage: bench/link_delay_bench.sh OUT.md}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-link-delay-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
designs=("hypercube:4 te" "torus:4x4 mnb" "torus:4x4 te" "ring:8 te")
rows=""
for d in "${designs[@]}"; do
  read -r topo task <<<"$d"
  for delay in 1 2 4; do
    TOPO=$topo TASK=$task TARGET=ice40 LINK_DELAY=$delay SYNTH_DIR=$work/synth bash "$repo/synth/synth.sh" >"$work/log" 2>&1 ||
      { cat "$work/log" >&2; exit 1; }
    line=$(grep '^SYNTH .* scope=router ' "$work/log")
    get() { sed -nE "s/.* $1=([^ ]+).*/\\1/p" <<<"$line"; }
    TOPO=$topo TASK=$task LINK_DELAY=$delay SIM_DIR=$work/sim bash "$repo/sim/sim.sh" >"$work/sim.log" 2>&1 ||
      { cat "$work/sim.log" >&2; exit 1; }
    pass=$(grep '^PASS ' "$work/sim.log")
    cycles=$(sed -nE 's/.* cycles=([0-9]+) .*/\1/p' <<<"$pass") slots=$(sed -nE 's/.* slots=([0-9]+) .*/\1/p' <<<"$pass")
    rows+="| $topo $task | $delay | $(get luts) | $(get ffs) | $(get brams) | $(get fmax_mhz) | $slots | $cycles | $(((slots + 1) * delay)) |"$'\n'
  done
done
"$repo/bench/tables/md_section.sh" "$out" link-delay <<MD
## Pipelined links: the slot enable's cost and the cycles of a run (rtl_gen --link-delay L)

Machine: $(nproc) cores; $(date +%F); romnoc $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet || echo -dirty).

\`bash bench/link_delay_bench.sh docs/BENCHMARKS.md\` (part of \`make bench\`). One router per
row in the synthesis wrapper of \`make synth TARGET=ice40 LINK_DELAY=L\` (Yosys 0.23 and
nextpnr-ice40 on the HX8K, W = 32, tagged flits); L = 1 is the baseline, one-cycle links, in
the same run. With L > 1 every register of the router has the slot enable (\`slot_en_i\`), an
iCE40 flip-flop's enable input (SB_DFFE): the LUT and FF columns say what it costs. The enable's
net reaches every flip-flop and the ROM, and nextpnr places it differently, so the Fmax moves
both ways. The L − 1 link registers are the fabric's (41 flip-flops a link at W = 32), not the
router's. The cycles are the C++ bench's, from the edge
that takes the start to the one that raises done, for the whole fabric (\`make sim
LINK_DELAY=L\`), against (S+1)·L (docs/ARCHITECTURE.md, "Pipelined links"). Deterministic: one
run per cell; nextpnr's Fmax moves by a few MHz between netlists that differ by a LUT.

| router | L | LUT4 | FF | BRAM | Fmax MHz | slots S | cycles a run | (S+1)·L |
|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}
MD
