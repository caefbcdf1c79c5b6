#!/usr/bin/env bash
# kbrt_bench.sh OUT.md — the run-time kbcast router (paper 001) on an iCE40 HX8K against the
# schedule-ROM mnb router of the same cube (Yosys synth_ice40 + nextpnr-ice40, W = 32), with
# slots of one, two and three cycles (rtl_gen_kbrt --stages 0, 1, 2) beside the previous
# design, git revision BASELINE (default fde5e0c, before the two-cycle slots), built from its own
# tree in the same run; and the simulated cycles of its runs against 001's 2*ceil(K/d)+4d, both
# ways. Writes the "kbcast-runtime"
# section of OUT.md. JOBS synthesis jobs at a time (default 2; the figures are deterministic).
#   SIZES="4 5" SIM_SIZES="3 4" RUNS=50 bench/kbrt_bench.sh OUT.md   (a subset)
#   REUSE_ROM=1 keeps a ROM router's result already in build/bench/kbrt/rom-D.log (it does not
#   depend on the run-time router).
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
sizes=${SIZES-"4 5 6 7"} sim_sizes=${SIM_SIZES-"3 4 5"} runs=${RUNS:-50} njobs=${JOBS:-2}
work=$repo/build/bench/kbrt
mkdir -p "$work"
BASELINE=${BASELINE:-fde5e0c}
. "$repo/bench/baseline_tree.sh"
baseline_tree "$baseline_rev" "$work/baseline"
make -s -C "$base_src" build/rtl_gen_kbrt >>"$work/baseline/build.log" 2>&1 || { cat "$work/baseline/build.log" >&2; exit 1; }
jobs=()
for d in $sizes; do
  jobs+=("rt $d" "rt1 $d" "rt2 $d" "prev $d")
  if [ "${REUSE_ROM:-0}" = 1 ] && grep -q '^SYNTH.*scope=router' "$work/rom-$d.log" 2>/dev/null; then
    echo "-- BENCH kbcast-runtime rom hypercube:$d: kept $(grep '^SYNTH' "$work/rom-$d.log" | tail -n 1 | cut -d' ' -f6-)" >&2
  else
    jobs+=("rom $d")
  fi
done
run_job() { # rt|rt1|rt2|prev|rom D
  if [ "$1" = prev ]; then
    D=$2 TARGET=ice40 SYNTH_DIR="$work/prev-$2" "$base_src/synth/kbrt_synth.sh" >"$work/prev-$2.log" 2>&1 || true
  elif [ "$1" != rom ]; then
    local start=$(date +%s) stages=${1#rt} # rt: 0, rt1: 1, rt2: 2
    D=$2 STAGES=${stages:-0} TARGET=ice40 SYNTH_DIR="$work/$1-$2" "$repo/synth/kbrt_synth.sh" \
      >"$work/$1-$2.log" 2>&1 || true
    echo "seconds=$(($(date +%s) - start))" >>"$work/$1-$2.log"
  else
    TOPO=hypercube:$2 TASK=mnb TARGET=ice40 SYNTH_DIR="$work/rom-$2" "$repo/synth/synth.sh" >"$work/rom-$2.log" 2>&1 || true
  fi
  echo "-- BENCH kbcast-runtime $1 hypercube:$2: $(grep '^SYNTH' "$work/$1-$2.log" | tail -n 1 | cut -d' ' -f6-)" >&2
}
export -f run_job
export work repo base_src
printf '%s\n' "${jobs[@]}" | xargs -P "$njobs" -I{} bash -c 'run_job {}'
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
cells_of() { sed -nE 's/.*ICESTORM_LC: *([0-9]+)\/ *([0-9]+) *([0-9]+%).*/\1 (\3)/p' "$1/nextpnr.log" 2>/dev/null | head -n 1; } # "N (P%)"
rows=""
for d in $sizes; do
  r=$(grep -h "scope=router" "$work/rt-$d.log" | tail -n 1) m=$(grep -h "scope=router" "$work/rom-$d.log" | tail -n 1)
  r1=$(grep -h "scope=router" "$work/rt1-$d.log" | tail -n 1) b=$(grep -h "scope=router" "$work/prev-$d.log" | tail -n 1)
  r2=$(grep -h "scope=router" "$work/rt2-$d.log" | tail -n 1)
  secs=$(sed -nE 's/^seconds=([0-9]+)$/\1/p' "$work/rt-$d.log" | tail -n 1)
  lcs=$(cells_of "$work/rt-$d") lcs1=$(cells_of "$work/rt1-$d") lcs2=$(cells_of "$work/rt2-$d")
  rows+="| $d | $((1 << d)) | $(printf '%s' "$r" | field fifo_depth) | $(printf '%s' "$b" | field luts) | $(printf '%s' "$b" | field fmax_mhz) | $(printf '%s' "$r" | field luts) | $(printf '%s' "$r" | field ffs) | $(printf '%s' "$r" | field brams) | $(printf '%s' "$r" | field fmax_mhz) | $(printf '%s' "$r" | field status) | ${lcs:-?} | ${secs:-?} s | $(printf '%s' "$r1" | field luts) | $(printf '%s' "$r1" | field ffs) | $(printf '%s' "$r1" | field fmax_mhz) | $(printf '%s' "$r1" | field status) | ${lcs1:-?} | $(printf '%s' "$r2" | field luts) | $(printf '%s' "$r2" | field ffs) | $(printf '%s' "$r2" | field fmax_mhz) | $(printf '%s' "$r2" | field status) | ${lcs2:-?} | $(printf '%s' "$m" | field luts) | $(printf '%s' "$m" | field ffs) | $(printf '%s' "$m" | field brams) | $(printf '%s' "$m" | field fmax_mhz) | $(printf '%s' "$m" | field status) |"$'\n'
done
r4=$(grep -h "scope=router" "$work/rt-4.log" 2>/dev/null | tail -n 1)
after4="| this design | $(printf '%s' "$r4" | field luts) | $(printf '%s' "$r4" | field ffs) | $(printf '%s' "$r4" | field brams) | $(printf '%s' "$r4" | field fmax_mhz) | $(printf '%s' "$r4" | field status) | $(sed -nE 's/^seconds=([0-9]+)$/\1/p' "$work/rt-4.log" 2>/dev/null | tail -n 1) s |"
simrows=""
for d in $sim_sizes; do
  for p in 0 1 2; do
    start=$(date +%s)
    D=$d RUNS=$runs SEED=$d STAGES=$p SIM_DIR="$work/sim-$d-p$p" "$repo/sim/kbrt_sim.sh" >"$work/sim-$d-p$p.out" 2>&1 || true
    secs=$(($(date +%s) - start))
    verdict=$(grep -E '^(PASS|FAIL) topo' "$work/sim-$d-p$p.out" | tail -n 1 | cut -d' ' -f1)
    # the bound: (2*ceil(K/d)+4d+1) slots of 1+p cycles, computed here from K and d
    simrows+=$(awk -v d="$d" -v p="$p" -v secs="$secs" -v verdict="${verdict:-FAIL}" '
      /^ok run=/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
                   n++; if (v["cycles"] > max) { max = v["cycles"]; kmax = v["k"] }
                   if (v["cycles"] <= (2 * int((v["k"] + d - 1) / d) + 4 * d + 1) * (1 + p)) within++ }
      END { printf "| %d | %d | %d | %d of %d | %d (K = %d) | %d | %s | %d s |\n", d, p, n, within, n, max, kmax,
                   (2 * int((2 ^ d + d - 1) / d) + 4 * d + 1) * (1 + p), verdict, secs }' "$work/sim-$d-p$p/sim.log")$'\n'
  done
done
bench/tables/md_section.sh "$out" kbcast-runtime <<MD
## The run-time kbcast router (paper 001) against the schedule-ROM router

Command: \`make bench\` (runs \`bench/kbrt_bench.sh docs/BENCHMARKS.md\`); one router, \`make
synth-kbcast-rt D=4 TARGET=ice40\` (synth/kbrt_synth.sh), one size simulated, \`make
sim-kbcast-rt D=4 RUNS=50\`. The run-time router (docs/ARCHITECTURE.md, "kbcast run-time
router") is synthesised inside romnoc_kbrt_synth_top with its configuration word on the scan
chain, so the figures hold for any node; the ROM router is the mnb router of the same cube (\`make
synth TOPO=hypercube:D TASK=mnb TARGET=ice40\`: node 0's router and ROM), the fixed-set
comparison at hand. Both on an iCE40 HX8K (CT256: 7680 logic cells, 32 block RAMs), Yosys 0.23
synth_ice40 + nextpnr-ice40 0.4 with the 100 MHz constraint of synth/constraints/clock.py, W = 32.
status: ok (meets 100 MHz), timing-fail (placed and routed, Fmax below 100 MHz), no-fit (does
not fit the HX8K: nextpnr finds no room). "bank depth" is F = ⌈N/d⌉, the entries of each
in-port bank (each queue holds F − 1 later slots). "synth + P&R" is the wall time of
synth/kbrt_synth.sh for the router (JOBS=1). "HX8K logic cells" is what nextpnr packs,
the synthesis wrapper's scan chains included (one flip-flop per router input and output bit):
the fit margin. The run-time router pays for taking the active set as an input: d in-port
banks and d slot-mask rings in block RAM (4d RAMs), and per lane a crossbar whose sources are
chosen at run time (one module for every node); its critical path is the done detection and
the phase-2 arrival priority (docs/ARCHITECTURE.md, "kbcast run-time router"). "stages 1" is
the same router with slots of two cycles (\`rtl_gen_kbrt --stages 1\`, \`make synth-kbcast-rt
STAGES=1\`): registers cut each slot's decisions (what each queue sends, the lanes' selects,
the end of the run) from the data they move, so a run takes 2(2⌈K/d⌉+4d+1) cycles instead of
2⌈K/d⌉+4d+1; "stages 2" cuts the arrivals and their priority from the decisions too (slots of
three cycles, 3(2⌈K/d⌉+4d+1) cycles a run). "previous" is the router of git revision $baseline_rev (one-cycle slots, before
issue 40's changes to it), synthesised from its own tree in the same run: the baseline.

| d | N | bank depth | previous: LUT4 | Fmax MHz | stages 0: LUT4 | FF | BRAM | Fmax MHz | status | HX8K logic cells | synth + P&R | stages 1: LUT4 | FF | Fmax MHz | status | logic cells | stages 2: LUT4 | FF | Fmax MHz | status | logic cells | ROM mnb LUT4 | FF | BRAM | Fmax MHz | status |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
$rows
The run-time router at d = 4 before and after the phase-2 storage was rebuilt without
multi-writer memories (docs/ARCHITECTURE.md, "kbcast run-time router", Storage):

| d = 4 | LUT4 | FF | BRAM | Fmax MHz | status | synth + P&R |
|---|---|---|---|---|---|---|
| previous design: d FIFOs of F entries, each entry written by any of d+1 sources (commit 99805de) | 5227 | 789 | 0 | 41.46 | timing-fail | Yosys alone ~4 min |
$after4

Simulated runs (Verilator 5.006, one build per d, \`RUNS=$runs\` active sets with K spread over
1..2^d, every run diffed against the golden model's \`--alg 001\` schedule and deliveries and
verified by \`cmodel verify\`): cycles from the start edge to done, against 001's 2⌈K/d⌉+4d slots
plus the one slot after which the last slot has been on the wires, slots of 1 + stages cycles.

| d | stages | runs | within (2⌈K/d⌉+4d+1)(1+stages) | most cycles | bound at K = N | verdict | build + runs |
|---|---|---|---|---|---|---|---|
$simrows
MD
