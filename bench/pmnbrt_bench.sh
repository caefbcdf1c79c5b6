#!/usr/bin/env bash
# pmnbrt_bench.sh OUT.md — the run-time pmnb router (paper 004, rtl_gen_pmnbrt) on an iCE40 HX8K
# against the ROM router of the same topology running a set fixed at generation (Yosys
# synth_ice40 + nextpnr-ice40, W = 32), both synthesised in this run: the ROM router with 004's
# schedule and with 004-runtime's (the run-time router's own schedule) for M = N/2 nodes drawn by
# --m M --seed 1, whole packets and split into pieces (004 §3.1: the run-time router with --split,
# the ROM router with 004-runtime's split rows); and the simulated cycles of RUNS random sets per
# topology and mode against 004-runtime's slot count, computed here. Writes the "pmnb-runtime"
# section of OUT.md. Two synthesis jobs at a time (the figures are deterministic).
#   TOPOS="torus:4x4" RUNS=20 bench/pmnbrt_bench.sh OUT.md   (a subset)
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
topos=${TOPOS-"torus:4x4 mesh:4x4 torus:8x8"} runs=${RUNS:-20}
work=$repo/build/bench/pmnbrt
mkdir -p "$work"
router=pmnb split_kinds="rt-split rom-004-runtime-split"
. "$repo/bench/rt004_synth_jobs.sh" # the synthesis jobs; rt_row
# rt_slots TOPO SPLIT M: the run-time router's slots for M active nodes, computed here from 004's
# phases: whole 10(p-1) + RS(1 + ceil(ceil(M/2)/p)), RS = p/2 (torus) or p-1 (mesh); split
# 4(p-1)F + 2(p-1)H + (p-1)(1 + ceil(M/p)), F = 4 pieces (torus) or 2 (mesh), H = F/2
rt_slots() {
  local p=${1##*x} torus=$([ "${1%%:*}" = torus ] && echo 1 || echo 0) m=$3
  if [ "$2" = 1 ]; then
    local f=$((torus ? 4 : 2))
    echo $((4 * (p - 1) * f + (p - 1) * f + (p - 1) * (1 + (m + p - 1) / p)))
  else
    local rs=$((torus ? p / 2 : p - 1))
    echo $((10 * (p - 1) + rs * (1 + ((m + 1) / 2 + p - 1) / p)))
  fi
}
for t in $topos; do
  p=${t##*x}
  for kind in rt rom-004-runtime rom-004 rt-split rom-004-runtime-split; do
    case $kind in # the run-time router's slots at M = N/2
      rt) what="run-time, any set (rtl_gen_pmnbrt)" slots=$(rt_slots "$t" 0 $((p * p / 2))) ;;
      rt-split) what="run-time, any set, split (rtl_gen_pmnbrt --split)" slots=$(rt_slots "$t" 1 $((p * p / 2))) ;;
      *) alg=${kind#rom-} what="ROM, set fixed (${alg/-split/, split}, M = N/2)" slots=$(sed -n 's/^slots=//p' "$work/${kind}_${t//[:x]/-}/gen/design.txt" 2>/dev/null) ;;
    esac
    rt_row "$t" "$kind" "$what" "$slots"
  done
done
simrows=""
for t in $topos; do
  p=${t##*x}
  for split in 0 1; do
    tag=sim-${t//[:x]/-}$([ $split = 0 ] || echo -split) start=$(date +%s)
    TOPO=$t RUNS=$runs SEED=1 SIM_DIR="$work/$tag" ROUTER=pmnb SPLIT=$split "$repo/sim/rt004_sim.sh" >"$work/$tag.out" 2>&1 || true
    secs=$(($(date +%s) - start))
    verdict=$(grep -E '^(PASS|FAIL) topo' "$work/$tag.out" | tail -n 1 | cut -d' ' -f1)
    # the run's cycles: 004-runtime's slots + 1 (rt_slots), per M
    wants=$(for ((m = 1; m <= p * p; m++)); do echo "$m $(($(rt_slots "$t" $split $m) + 1))"; done)
    simrows+=$(awk -v t="$t$([ $split = 0 ] || echo ', split')" -v n=$((p * p)) -v secs="$secs" -v verdict="${verdict:-FAIL}" '
      NR == FNR { want[$1] = $2; next }
      /^ok run=/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
                   r++; if (v["cycles"] == want[v["k"]]) exact++; if (v["cycles"] > max) { max = v["cycles"]; mmax = v["k"] } }
      END { printf "| %s | %d | %d of %d | %d (M = %d) | %d | %s | %d s |\n", t, r, exact, r, max, mmax, want[n], verdict, secs }' \
      <(printf '%s\n' "$wants") "$work/$tag/sim.log")$'\n'
  done
done
bench/tables/md_section.sh "$out" pmnb-runtime <<MD
## The run-time pmnb router (paper 004) against the fixed-set ROM router (iCE40 HX8K, W = 32)

Command: \`make bench\` (runs \`bench/pmnbrt_bench.sh docs/BENCHMARKS.md\`); one router, \`make
synth-pmnb-rt TOPO=torus:4x4 TARGET=ice40 [SPLIT=1]\` (synth/rt004_synth.sh); one size simulated, \`make
sim-pmnb-rt TOPO=torus:4x4 RUNS=20 [SPLIT=1]\`. The run-time router (docs/ARCHITECTURE.md, "A run-time
active set for PMNB and partial exchange": whole packets, 004 §3.2, or with \`--split\` §3.1's
pieces) takes the set as one bcast_i
bit per node at start and computes ranks, classes and M with counters on the data links; it is
synthesised inside romnoc_pmnbrt_synth_top with its coordinates on the scan chain, so the
figures hold for any node. The ROM routers (\`make synth TARGET=ice40 TOPO=T TASK=pmnb ALG=A
M=N/2 KSEED=1\`, node 0's router and ROM) run one set fixed when the design is generated: with
004-runtime's schedule they move the same rows as the run-time router for that set (the rank
phase included); with 004's the ranks cost no slot (the golden model did them). Same flow,
constraints (100 MHz target) and scan-chain wrapper as the synthesis section above; status ok
(meets 100 MHz), timing-fail (placed and routed below it), pnr-error (nextpnr's router gave up).
"slots" is the schedule's length at M = N/2 (the run-time router's for any M is
10(p−1) + RS(1 + ⌈⌈M/2⌉/p⌉), RS = p/2 on a torus, p−1 on a mesh; split into F pieces, a slot
is 1/F of a packet time and the count 4(p−1)F + 2(p−1)H + (p−1)(1 + ⌈M/p⌉), F = 4 and H = 2
on a torus, F = 2 and H = 1 on a mesh); "synth + P&R" the wall time of the job (two at a time). Date $(date -u +%Y-%m-%d);
romnoc $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD || echo "-dirty").

| topology | router | slots | LUT4 | FF | BRAM | Fmax MHz | status | synth + P&R |
|---|---|---|---|---|---|---|---|---|
$rows
Simulated runs (Verilator 5.006, one build per topology, \`RUNS=$runs\` active sets with M spread
over 1..N, each diffed row for row against the golden model's \`--alg 004-runtime\` schedule and
deliveries and verified by \`cmodel verify\`): cycles from the start edge to done against
004-runtime's slot count + 1 (the last slot is on the wires a cycle later), computed in the bench.

| topology | runs | cycles = the slots above + 1 | most cycles | at M = N | verdict | build + runs |
|---|---|---|---|---|---|---|
$simrows
MD
