#!/usr/bin/env bash
# pexrt_bench.sh OUT.md — the run-time partial-exchange router (paper 004 §4, rtl_gen_pexrt) on an
# iCE40 HX8K against the ROM router of the same topology running a set fixed at generation (Yosys
# synth_ice40 + nextpnr-ice40, W = 32), all synthesised in this run: the ROM router with 004's
# schedule and with 004-runtime's (the run-time router's own schedule) for M = N/2 nodes drawn by
# --m M --seed 1; and RUNS random sets per topology simulated, their cycles against the golden
# schedules' slots + 1 and 004 §4's bound. Writes the "pexchange-runtime" section of OUT.md. Two
# synthesis jobs at a time (the figures are deterministic).
#   TOPOS="torus:4x4" RUNS=20 bench/pexrt_bench.sh OUT.md   (a subset)
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
topos=${TOPOS-"torus:4x4 mesh:4x4"} simtopos=${SIM_TOPOS-"torus:4x4 mesh:4x4 torus:8x8"} runs=${RUNS:-20}
work=$repo/build/bench/pexrt
mkdir -p "$work"
router=pexchange
. "$repo/bench/rt004_synth_jobs.sh" # the synthesis jobs; rt_row
for t in $topos; do
  for kind in rt rom-004-runtime rom-004; do
    case $kind in
      rt) what="run-time, any set (rtl_gen_pexrt, FIFOs $(sed -n 's/^fifo_depth=//p' "$work/${kind}_${t//[:x]/-}/gen/design.txt" 2>/dev/null) deep)" slots="any" ;;
      *) what="ROM, set fixed (${kind#rom-}, M = N/2)" slots=$(sed -n 's/^slots=//p' "$work/${kind}_${t//[:x]/-}/gen/design.txt" 2>/dev/null) ;;
    esac
    rt_row "$t" "$kind" "$what" "$slots"
  done
done
simrows=""
for t in $simtopos; do
  start=$(date +%s)
  TOPO=$t RUNS=$runs SEED=1 SIM_DIR="$work/sim-${t//[:x]/-}" ROUTER=pexchange "$repo/sim/rt004_sim.sh" >"$work/sim-${t//[:x]/-}.out" 2>&1 || true
  secs=$(($(date +%s) - start))
  verdict=$(grep -E '^(PASS|FAIL) topo' "$work/sim-${t//[:x]/-}.out" | tail -n 1 | cut -d' ' -f1)
  p=${t##*x}
  # each run's cycles against its golden schedule's slots + 1 and 004 s4's bound, computed here
  simrows+=$(sed -n 's/^ok run=\([^ ]*\) k=\([0-9]*\) cycles=\([0-9]*\) .*/\1 \2 \3/p' "$work/sim-${t//[:x]/-}/sim.log" |
    while read -r run k cyc; do echo "$k $cyc $(sed -n 's/^# slots=//p' "$run/golden/wire.tsv")"; done |
    awk -v t="$t" -v p="$p" -v secs="$secs" -v verdict="${verdict:-FAIL}" '
      function isqrt(M, m) { m = int(sqrt(M)); while (m * m > M) m--; while ((m + 1) * (m + 1) <= M) m++; return m }
      { n++; if ($2 == $3 + 1) exact++; b = (p - 1) + 2 * isqrt($1) * (p * p - p) + 2 * (p - 1) + 1
        r = $2 / b; if (r > worst) { worst = r; wk = $1; wc = $2; wb = b } if ($1 == p * p) full = $2 }
      END { printf "| %s | %d | %d of %d | %d (M = %d) against %d | %d | %s | %d s |\n", t, n, exact, n, wc, wk, wb, full, verdict, secs }')$'\n'
done
bash "$repo/bench/tables/md_section.sh" "$out" pexchange-runtime <<MD
## The run-time partial-exchange router (paper 004 §4) against the fixed-set ROM router (iCE40 HX8K, W = 32)

Command: \`make bench\` (runs \`bench/pexrt_bench.sh docs/BENCHMARKS.md\`); one router, \`make
synth-pexchange-rt TOPO=torus:4x4 TARGET=ice40\` (synth/rt004_synth.sh); one size simulated,
\`make sim-pexchange-rt TOPO=torus:4x4 RUNS=20\`. The run-time router (docs/ARCHITECTURE.md, "A
run-time active set for PMNB and partial exchange"; docs/PEXCHANGE.md, "The run-time order")
takes the set as one bcast_i bit per node at start and an active node's N−1 packets in its
mailbox before; it counts its row and column with counters on the data links and keeps one
FIFO of second-leg packets per out-lane (first-leg packets never wait), sized by the depths
measured in "The partial exchange's queues at run time". It is synthesised inside
romnoc_pexrt_synth_top with its coordinates on the scan chain, so the figures hold for any node.
The ROM routers (\`make synth TARGET=ice40 TOPO=T TASK=pexchange ALG=A M=N/2 KSEED=1\`, node 0's
router and ROM) run one set fixed when the design is generated: with 004-runtime's schedule
they move the same rows as the run-time router for that set (phase 1 included); with 004's the
counts cost no slot. Same flow, constraints (100 MHz target) and scan-chain wrapper as the
synthesis section above; status ok (meets 100 MHz), timing-fail (placed and routed below it),
no-fit (more logic cells than the HX8K has), pnr-error (nextpnr's router gave up). The ROM
router of torus:4x4 with 004's schedule is the placement nextpnr's router does not finish with
the flow's seed (section "pmnb and partial exchange, active set fixed at generation"). "slots"
is the schedule's length at M = N/2; the run-time router's is its set's 004-runtime schedule.
"synth + P&R" is the wall time of the job (two at a time). Date $(date -u +%Y-%m-%d); romnoc
$(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD || echo "-dirty").

| topology | router | slots | LUT4 | FF | BRAM | Fmax MHz | status | synth + P&R |
|---|---|---|---|---|---|---|---|---|
$rows
Simulated runs (Verilator 5.006, one build per topology, \`RUNS=$runs\` active sets with M spread
over 1..N, each diffed row for row against the golden model's \`--alg 004-runtime\` schedule and
deliveries and verified by \`cmodel verify\`): how many runs took exactly their golden schedule's
slots + 1 cycles, the run closest to phase 1 + 004 §4's bound + 1, (P−1) + 2m(N−P) + 2(P−1) + 1
with m = ⌊√M⌋ (computed in the bench), and the cycles at M = N.

| topology | runs | cycles = golden slots + 1 | closest to the bound | at M = N | verdict | build + runs |
|---|---|---|---|---|---|---|
$simrows
MD
