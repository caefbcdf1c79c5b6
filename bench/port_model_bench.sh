#!/usr/bin/env bash
# port_model_bench.sh OUT.md — area and speed of the router each port model gets, on an iCE40
# HX8K (Yosys synth_ice40 + nextpnr-ice40, scripts/synth.sh), beside the slots its schedule
# takes: mla on the all-port banked router, sp-full and sp-half on the single-port router,
# oneway on the banked router plus its share of the one-way link modules, for mnb (and te for
# mla and oneway) on hypercube D=4..7 and torus:4x4, 8x8. Writes the "ports" section of OUT.md.
# One synthesis at a time (the machine is shared); the figures are deterministic.
#   TOPOS="hypercube:4 torus:4x4" bench/port_model_bench.sh OUT.md    (a subset)
# Schedules: mla from the golden model; sp-full and sp-half from the ring algorithm of 002 §3
# on a Hamiltonian cycle (tests/ring_mnb.awk: a Gray code on the hypercube, a snake on the
# torus); oneway from the mla schedule split by link direction (tests/oneway_double.awk).
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
topos=${TOPOS:-"hypercube:4 hypercube:5 hypercube:6 hypercube:7 torus:4x4 torus:8x8"}
work=$repo/build/bench/ports
mkdir -p "$work"

# cycle TOPO: a Hamiltonian cycle of TOPO's node ids (reflected Gray code; boustrophedon on an
# even-sided 2-D torus, whose last row ends next to node 0)
cycle() {
  awk -v topo="$1" 'function gray(i,   g, b, hi) { g = 0; for (b = 1; b <= i; b *= 2) { hi = int(i / b) % 2 != int(i / (2 * b)) % 2; g += hi * b } return g }
    BEGIN { split(topo, kv, ":"); if (kv[1] == "hypercube") { for (i = 0; i < 2 ^ kv[2]; i++) printf "%s%d", i ? " " : "", gray(i); exit }
      split(kv[2], k, "x"); for (y = 0; y < k[2]; y++) for (j = 0; j < k[1]; j++) printf "%s%d", y + j ? " " : "", (y % 2 ? k[1] - 1 - j : j) + k[1] * y }'
}

# schedule MODEL TOPO TASK FILE: the fixture schedule of the model (mla: none, the golden model's)
schedule() {
  case $1 in
  sp-full | sp-half) awk -v topo="$2" -v model="$1" -v cycle="$(cycle "$2")" -f "$repo/tests/ring_mnb.awk" >"$4" ;;
  oneway) "$repo/build/cmodel" schedule --topo "$2" --task "$3" | awk -f "$repo/tests/oneway_double.awk" >"$4" ;;
  esac
}

field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
rows=""
for topo in $topos; do
  for job in "mnb mla" "mnb sp-full" "mnb sp-half" "mnb oneway" "te mla" "te oneway"; do
    set -- $job
    task=$1 model=$2 tag=${topo/:/-}_${task}_$model dir=$work/$tag
    if [ "$model" = mla ]; then
      vars=(TOPO="$topo" TASK="$task")
    else
      schedule "$model" "$topo" "$task" "$work/$tag.tsv"
      vars=(SCHEDULE="$work/$tag.tsv")
    fi
    env "${vars[@]}" TARGET=ice40 SYNTH_DIR="$dir" "$repo/scripts/synth.sh" >"$dir.log" 2>&1 || true
    line=$(grep -h "scope=router" "$dir.log" | tail -n 1)
    echo "-- BENCH ports $topo $task $model: $(printf '%s' "$line" | cut -d' ' -f6-)" >&2
    d=$dir/gen/design.txt
    fact() { awk -F= -v k="$1" '$1 == k { print $2 }' "$d"; }
    slots=$(fact slots) arch=$(fact arch) ports=$(fact ports)
    luts=$(printf '%s' "$line" | field luts) fmax=$(printf '%s' "$line" | field fmax_mhz)
    link=- total=$luts
    if [ -f "$dir/gen/romnoc_link.v" ]; then # the router's share of its links: ports/2 modules
      (cd "$dir/gen" && yosys -q -p "read_verilog romnoc_link.v; synth_ice40 -top romnoc_link; tee -q -o $dir/stat_link.txt stat") >/dev/null 2>&1
      link=$(awk '$1 == "SB_LUT4" { print $2 }' "$dir/stat_link.txt")
      total=$(awk -v r="$luts" -v l="$link" -v p="$ports" 'BEGIN { print r + l * p / 2 }')
    fi
    run=$(awk -v c="$(fact cycles)" -v f="$fmax" 'BEGIN { if (f + 0 > 0) printf "%.2f", c / f; else print "-" }')
    rows+="| $topo | $task | $model | $slots | $arch | $luts | $(printf '%s' "$line" | field ffs) | $(printf '%s' "$line" | field brams) | $link | $total | $fmax | $run | $(printf '%s' "$line" | field status) |"$'\n'
  done
done
"$repo/scripts/md_section.sh" "$out" ports <<MD
## Port models: router area against schedule length (iCE40 HX8K, W = 32)

Command: \`make bench\` (runs \`bench/port_model_bench.sh docs/BENCHMARKS.md\`; a subset with
\`TOPOS="hypercube:4 torus:4x4"\`). Flow as in the synthesis section (scripts/synth.sh,
TARGET=ice40: node 0's router and ROM in the scan-chain wrapper, nextpnr at a 100 MHz
constraint); every figure is deterministic (no timing medians needed). Date $(date -u +%Y-%m-%d);
romnoc $(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown).

Each port model runs on the router rtl_gen picks for it: mla and oneway on the all-port
\`banked\` router, sp-full and sp-half on the \`single\` router (one transmit and one receive
datapath). Schedules: mla from the golden model; sp-full and sp-half by the ring algorithm of
002 §3 on a Hamiltonian cycle (N−1 and 2(N−1) slots, the bounds for even N); oneway is the mla
schedule split by link direction (twice its slots: a fixture, above the one-way bound for mnb,
at it for te on the hypercube). link = LUT4 of one \`romnoc_link\` (oneway: one channel per
undirected link, an AND-OR of the two ends' registered outputs); total = router LUT4 + ports/2
links (each router's share). run µs = (slots + 1) cycles at Fmax.

| topo | task | model | slots | arch | LUT4 | FF | BRAM | link LUT4 | total LUT4 | Fmax MHz | run µs | status |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}
MD
echo "wrote $out" >&2
