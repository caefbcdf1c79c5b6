#!/usr/bin/env bash
# combine_bench.sh OUT.md — the cost of the combiner: area and speed of the combining router on
# an iCE40 HX8K (Yosys synth_ice40 + nextpnr-ice40, synth/synth.sh, W = 32) for
# reduce_scatter, allreduce and global_sum under op add, xor and max, beside the same
# topology's mnb router (the banked router, no combiner) as the reference, on torus:4x4 and
# hypercube:4; and the Verilator build and simulation speed of those fabrics (op add). Writes
# the "combine" section of OUT.md. One synthesis at a time (the machine is shared); the
# synthesis figures are deterministic, the times are medians of REPEAT runs.
#   TOPOS="torus:4x4" REPEAT=1 bench/combine_bench.sh OUT.md    (a subset)
#   REUSE=1 keeps the figures of designs already synthesised under build/bench/combine
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
topos=${TOPOS:-"torus:4x4 hypercube:4"}
repeat_n=${REPEAT:-3}
work=$repo/build/bench/combine
mkdir -p "$work"
"$repo/scripts/ensure_tools.sh" /usr/bin/time:time verilator:verilator

field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
median() { printf '%s\n' "$@" | sort -g | sed -n "$((($# + 1) / 2))p"; }

# synth TAG VAR=VALUE...: the router's SYNTH line (synthesised unless REUSE=1 finds it)
synth() {
  local dir=$work/$1
  shift
  if [ "${REUSE:-0}" != 1 ] || ! grep -q '^SYNTH.*scope=router' "$dir.log" 2>/dev/null; then
    env "$@" TARGET=ice40 SYNTH_DIR="$dir" "$repo/synth/synth.sh" >"$dir.log" 2>&1 || true
  fi
  grep -h "scope=router" "$dir.log" | tail -n 1
}

# row TOPO TASK OP P SLOTS ARCH OPS LINE REF_LUTS: a table row from a SYNTH line; P registers in
# the combiner (rtl_gen --combine-stages), slots per µs = Fmax / (1+P)
row() {
  local luts fmax
  luts=$(printf '%s' "$8" | field luts) fmax=$(printf '%s' "$8" | field fmax_mhz)
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" \
    "$luts" "$(printf '%s' "$8" | field ffs)" "$(printf '%s' "$8" | field brams)" "$fmax" \
    "$(awk -v f="$fmax" -v p="$4" 'BEGIN { if (f + 0 > 0) printf "%.1f", f / (1 + p); else print "-" }')" \
    "$(awk -v a="$luts" -v b="$9" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')" \
    "$(printf '%s' "$8" | field status)" "$(printf '%s' "$8" | field mem_depth)"
}
# the pipelined combiner's stages per op (docs/ARCHITECTURE.md, "A pipelined combiner"): the
# fewest at which torus:4x4 reduce_scatter comes nearest 100 MHz
pipe_add=${PIPE_ADD:-3} pipe_max=${PIPE_MAX:-2}

rows="" times=""
for topo in $topos; do
  ref=$(synth "${topo/:/-}_mnb" TOPO="$topo" TASK=mnb)
  ref_luts=$(printf '%s' "$ref" | field luts)
  d=$work/${topo/:/-}_mnb/gen/design.txt
  rows+=$(row "$topo" mnb - 0 "$(awk -F= '$1 == "slots" { print $2 }' "$d")" banked 0 "$ref" "$ref_luts")$'\n'
  for task in reduce_scatter allreduce global_sum; do
    for op in add xor max; do
      for stages in 0 $([ $op = add ] && echo "$pipe_add"; [ $op = max ] && echo "$pipe_max"); do
        tag=${topo/:/-}_${task}_$op$([ "$stages" = 0 ] || echo "_cs$stages")
        line=$(synth "$tag" TOPO="$topo" TASK="$task" OP="$op" COMBINE_STAGES="$stages")
        echo "-- BENCH combine $topo $task $op P=$stages: $(printf '%s' "$line" | cut -d' ' -f6-)" >&2
        gen=$work/$tag/gen
        slots=$(awk -F= '$1 == "slots" { print $2 }' "$gen/design.txt")
        # W-bit op units in the router: the combiners' trees and the output lanes' own additions,
        # or where max picks apart (P >= 2) its W-bit comparisons
        ops=$(grep -cE '= op\(|<= op\(|op\(txv|_g[0-9]+_[0-9]+_q <= ' "$gen/romnoc_router.v" || true)
        rows+=$(row "$topo" "$task" "$op" "$stages" "$slots" combine "$ops" "$line" "$ref_luts")$'\n'
      done
    done
    # the fabric in Verilator (op add): build from an empty object directory, cycles per second
    echo "-- BENCH combine sim $topo $task --" >&2
    dir=$work/sim_${topo/:/-}_$task
    rm -rf "$dir" && mkdir -p "$dir/run"
    "$repo/build/rtl_gen" --topo "$topo" --task "$task" -o "$dir/gen" >/dev/null
    builds=() rates=()
    for ((i = 0; i < repeat_n; i++)); do
      rm -rf "$dir/obj"
      t0=$(date +%s%N)
      (cd "$dir/gen" && verilator --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast --noassert \
        --top-module romnoc_sim_fabric -Mdir "$dir/obj" -CFLAGS "-I$dir/gen -I$repo/sim -I$repo/cmodel" -f files_sim.f \
        romnoc.vlt "$repo/sim/tb_main.cpp" "$repo/sim/tb_common.cpp" >"$dir/build.log" 2>&1)
      t1=$(date +%s%N)
      builds+=("$(awk -v n=$((t1 - t0)) 'BEGIN { printf "%.1f", n / 1e9 }')")
      slots=$(awk '/^#define RN_SLOTS/ { print $3 }' "$dir/gen/sim_config.h")
      (cd "$dir/gen" && "$dir/obj/Vromnoc_sim_fabric" +seed=1 +golden="$dir/gen/golden" +out="$dir/run" \
        +repeat=$(((2000 + slots) / (slots + 1))) >"$dir/run.log")
      grep -q '^PASS' "$dir/run.log" || { cat "$dir/run.log" >&2; exit 1; }
      rates+=("$(sed -nE 's/^PERF .*cycles_per_s=([0-9.]+).*/\1/p' "$dir/run.log")")
    done
    times+="| $topo | $task | $slots | $(median "${builds[@]}") | $(median "${rates[@]}") |"$'\n'
    rm -rf "$dir/obj"
  done
done
cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
"$repo/bench/tables/md_section.sh" "$out" combine <<MD
## Combining tasks: the cost of the combiner (iCE40 HX8K, W = 32)

Command: \`make bench\` (runs \`bench/combine_bench.sh docs/BENCHMARKS.md\`; a subset with
\`TOPOS="torus:4x4" REPEAT=1\`). One router per row, \`make synth TARGET=ice40 TOPO=T TASK=K OP=O [COMBINE_STAGES=P]\`
(synth/synth.sh: node 0's router and ROM in the scan-chain wrapper, nextpnr at a 100 MHz
constraint; deterministic figures). Machine: 2 cores, ${cpu:-unknown}; $(date -u +%Y-%m-%d); romnoc
$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown).

The combining tasks run on the \`combine\` router (docs/ARCHITECTURE.md, "combine"), the mnb row
on the default \`banked\` router: the same topology's all-gather, which moves as many words
(reduce_scatter is the mnb reversed in time) without adding any. Schedules: the golden model's
(reduce_scatter: the mnb reversed; allreduce: that and the all-gather back, twice the slots;
global_sum: one dimension after another). ops = W-bit op units the router has (the combiners'
trees and the output lanes' own additions: docs/ARCHITECTURE.md; where max picks apart, its
W-bit comparisons), P = registers in the combiner
(\`COMBINE_STAGES=P\`: a slot of 1+P cycles), slots/µs = Fmax/(1+P), × mnb = LUT4 against the
mnb router's. Node 0's ROM is synthesised (every node has its own ROM; the router is shared).

What the table shows (W = 32; measured 2026-11-30, the figures are deterministic):
- **The op units are what the combiner costs.** Under xor (one LUT level, no carry) the
  reduce_scatter router is 1.6–1.8× the mnb router's LUT4 (the mnb router is the stored
  template's since issue 40, 266 LUT4); add (a 32-bit adder on the carry chain per unit)
  2.5–2.7×, max (a comparator and a 32-bit multiplexer per unit) 2.9–3.0×. The 4-cube's
  reduce_scatter reverses a searched mnb template (docs/REDUCTIONS.md, \`stored\`): 8 op units
  where the classes template's reversal had 11 (631 → 494 LUT4 under add at P = 3).
  allreduce adds the all-gather's sources to the output multiplexers (3.0–5.3×). global_sum
  needs one unit per dimension and direction: about the mnb router's size on the torus, half of
  it on the 4-cube.
- **The pipelined combiner** (rows with P > 0: \`--combine-stages P\`, docs/ARCHITECTURE.md
  "A pipelined combiner"; P = $pipe_add under add, $pipe_max under max: PIPE_ADD, PIPE_MAX).
  Under add every row meets 100 MHz (100.1–136.7), and the LUT4 fall (708 → 530 on torus:4x4
  reduce_scatter: a cut tree maps to smaller adders), the FFs grow by W bits a held value.
  Under max every row meets it too (105.5–119.2 MHz), at P = 2: the comparisons of a combine
  in a stage of their own, then the pick (docs/ARCHITECTURE.md; a cut tree needed P = 4 and
  still missed on the 4-cube at 95.7–98.2 MHz, because one 32-bit compare and the select it
  drives take about 10 ns on the iCE40). Comparing every pair costs LUT4 (1206–1940 on the
  reduce_scatter and allreduce rows, against 880–1396 for the cut tree) and saves FFs (the
  operands' registers serve both stages). slots/µs = Fmax/(1+P): the
  pipelined router moves fewer slots a second than the unpipelined one at its own clock (26.4
  against 58.9 on torus:4x4 reduce_scatter add); what it buys is a router that keeps a system's
  100 MHz clock.
- **× mnb under add** (issue 40's goal: at most 2 at 100 MHz): met by reduce_scatter (1.99 on
  torus:4x4, 1.86 on the 4-cube) and global_sum (1.11, 0.58); not by allreduce (2.88, 3.68),
  whose output multiplexers take the all-gather's sources too.
- **Registers and memory** (P = 0): no bank (mem_depth 0: every partial these schedules keep
  is read one or two cycles after its combine, from the combiner or its delay register), the
  ROM in 1–4 block RAMs.
- **Speed** (P = 0): xor keeps 114–157 MHz; add and max miss 100 MHz, because a combine and
  the send of its result share one cycle (receive, add, forward in the next slot: 003's
  accumulation): ROM word → operand multiplexers → the op tree (three levels for five operands
  on the torus's root-side combiner) → output register.
- **Verilator**: the combining fabrics have a ROM per node (sixteen ROM modules where the mnb
  fabric shares one, docs/ARCHITECTURE.md) and build and run more slowly than the mnb fabrics
  of the same size in the simulation section — seconds either way.

| topo | task | op | P | slots | arch | ops | LUT4 | FF | BRAM | Fmax MHz | slots/µs | × mnb | status | mem_depth |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}

Verilator (the simulation fabric and the C++ bench, as in the simulation section; op add): build
from an empty object directory without ccache, and the simulated cycles per second of about 2000
cycles of back-to-back runs; medians of $repeat_n.

| topo | task | slots | build s | cycles/s |
|---|---|---|---|---|
${times%$'\n'}
MD
echo "wrote $out" >&2
