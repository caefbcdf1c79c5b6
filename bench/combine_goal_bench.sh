#!/usr/bin/env bash
# combine_goal_bench.sh OUT.md — issue 40's goal for the combining routers over its whole scope:
# every combining task (reduce, reduce_scatter, allreduce, global_sum) on hypercube:2..6, ring:8,
# torus:4x4, torus:8x8 and torus:4x4x4, under add and max with the pipelined combiner at the
# combine table's settings (PIPE_ADD=3, PIPE_MAX=2 registers: rtl_gen --combine-stages; one more
# where that misses 100 MHz), on an iCE40 HX8K (synth/synth.sh: node 0's router and ROM, nextpnr at 100 MHz, W = 32), beside the
# same topology's mnb router. The goal: Fmax >= 100 MHz for every row, LUT4 <= 2x the mnb
# router's under add. Writes the "combine-goal" section of OUT.md; the figures are
# deterministic. JOBS syntheses at a time (default 2).
#   TOPOS="hypercube:2 ring:8" bench/combine_goal_bench.sh OUT.md   (a subset)
#   REUSE=1 keeps the figures of designs already synthesised under build/bench/combine_goal
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
topos=${TOPOS:-"hypercube:2 hypercube:3 hypercube:4 hypercube:5 hypercube:6 ring:8 torus:4x4 torus:8x8 torus:4x4x4"}
tasks="reduce reduce_scatter allreduce global_sum"
pipe_add=${PIPE_ADD:-3} pipe_max=${PIPE_MAX:-2} njobs=${JOBS:-2}
work=$repo/build/bench/combine_goal
mkdir -p "$work"

tag_of() { printf '%s_%s_%s_p%s' "${1//[:x]/-}" "$2" "$3" "$4"; } # TOPO TASK OP P: a directory name
# synth_job TOPO TASK OP P: one router (unless REUSE=1 finds its SYNTH line)
synth_job() {
  local dir
  dir=$work/$(tag_of "$@")
  if [ "${REUSE:-0}" = 1 ] && grep -q '^SYNTH.*scope=router' "$dir.log" 2>/dev/null; then return 0; fi
  if [ "$2" = mnb ]; then
    TOPO=$1 TASK=mnb TARGET=ice40 SYNTH_DIR="$dir" "$repo/synth/synth.sh" >"$dir.log" 2>&1 || true
  else
    TOPO=$1 TASK=$2 OP=$3 COMBINE_STAGES=$4 TARGET=ice40 SYNTH_DIR="$dir" "$repo/synth/synth.sh" >"$dir.log" 2>&1 || true
  fi
  echo "-- BENCH combine-goal $*: $(grep -h '^SYNTH.*scope=router' "$dir.log" | tail -n 1 | cut -d' ' -f6-)" >&2
}
export -f synth_job tag_of
export work repo
run_jobs() { printf '%s\n' "$@" | xargs -P "$njobs" -I{} bash -c 'synth_job {}'; }
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
line_of() { grep -h '^SYNTH.*scope=router' "$work/$(tag_of "$@").log" 2>/dev/null | tail -n 1; }
at_100() { awk -v f="$1" 'BEGIN { exit !(f + 0 >= 100) }'; }     # FMAX: at 100 MHz or more
meets() { at_100 "$(line_of "$@" | field fmax_mhz)"; }             # TOPO TASK OP P

# first pass: every router at the combine table's P; then P+1 where P misses 100 MHz, and P+2
# where P+1 misses too (one more register each: under add the last level of a three-level tree
# apart from the output multiplexer; under max the winners of a combine's comparisons, then its
# operands picked in groups: docs/ARCHITECTURE.md, "A pipelined combiner")
jobs=()
for topo in $topos; do
  jobs+=("$topo mnb - 0")
  for task in $tasks; do jobs+=("$topo $task add $pipe_add" "$topo $task max $pipe_max"); done
done
run_jobs "${jobs[@]}"
base_p() { if [ "$1" = add ]; then echo "$pipe_add"; else echo "$pipe_max"; fi; } # OP: the table's P
# p_of TOPO TASK OP: its row's P: the table's, then one more while the last misses and the next ran
p_of() {
  local p max
  p=$(base_p "$3") max=$(($(base_p "$3") + 2))
  while [ "$p" -lt "$max" ] && ! meets "$1" "$2" "$3" "$p" && [ -e "$work/$(tag_of "$1" "$2" "$3" $((p + 1))).log" ]; do
    p=$((p + 1))
  done
  echo "$p"
}
for round in 1 2; do
  retry=()
  for topo in $topos; do
    for task in $tasks; do
      for op in add max; do
        p=$(p_of "$topo" "$task" "$op")
        [ "$p" -ge $(($(base_p "$op") + round)) ] || meets "$topo" "$task" "$op" "$p" || retry+=("$topo $task $op $((p + 1))")
      done
    done
  done
  [ ${#retry[@]} -eq 0 ] || run_jobs "${retry[@]}"
done

rows="" n=0 fast=0 nadd=0 small=0
for topo in $topos; do
  ref_luts=$(line_of "$topo" mnb - 0 | field luts)
  [ -n "$ref_luts" ] || echo "combine_goal_bench: no mnb figure for $topo" >&2
  for task in $tasks; do
    for op in add max; do
      p=$(p_of "$topo" "$task" "$op")
      l=$(line_of "$topo" "$task" "$op" "$p")
      luts=$(printf '%s' "$l" | field luts) fmax=$(printf '%s' "$l" | field fmax_mhz)
      ratio=$(awk -v a="$luts" -v b="$ref_luts" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else print "-" }')
      n=$((n + 1))
      at_100 "$fmax" && fast=$((fast + 1))
      if [ "$op" = add ]; then
        nadd=$((nadd + 1))
        awk -v r="$ratio" 'BEGIN { exit !(r != "-" && r + 0 <= 2) }' && small=$((small + 1))
      fi
      rows+="| $topo | $task | $op | $p | ${luts:--} | $(printf '%s' "$l" | field ffs) | $(printf '%s' "$l" | field brams) | ${fmax:--} | $(printf '%s' "$l" | field status) | ${ref_luts:--} | $ratio |"$'\n'
    done
  done
done
bash "$repo/bench/tables/md_section.sh" "$out" combine-goal <<MD
## Combining routers over issue 40's whole scope (iCE40 HX8K, W = 32)

Command: \`make bench\` (runs \`bench/combine_goal_bench.sh docs/BENCHMARKS.md\`; a subset with
\`TOPOS="hypercube:2 ring:8"\`). One router per row, \`make synth TARGET=ice40 TOPO=T TASK=K OP=O
COMBINE_STAGES=P\` (synth/synth.sh: node 0's router and ROM in the scan-chain wrapper, nextpnr
at a 100 MHz constraint; deterministic figures). P: $pipe_add under add and $pipe_max under max, the combine
table's settings ("Combining tasks" above: a slot of 1+P cycles), one more where that misses
100 MHz, two where that misses too (no-fit: packed into more than 95 % of the logic cells, not
placed). mnb LUT4: the same topology's mnb router (\`TASK=mnb\`); × mnb: LUT4 against it.
Issue 40's goal: every row at 100 MHz or more, and at most 2 × mnb under add. Measured
$(date -u +%Y-%m-%d); romnoc $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD -- rtl_gen synth 2>/dev/null || echo -dirty).

**$fast of $n rows at 100 MHz or more; $small of $nadd rows under add at most 2 × mnb.**

| topo | task | op | P | LUT4 | FF | BRAM | Fmax MHz | status | mnb LUT4 | × mnb |
|---|---|---|---|---|---|---|---|---|---|---|
$rows
MD
