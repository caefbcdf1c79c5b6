#!/usr/bin/env bash
# allreduce_bench.sh BIN OUT.md — romnoc's all-reduce (auto: rs-ag or edge) against the all-reduce baselines
# (ring, halving-doubling, recursive-doubling, dimorder) and the verifier's lower bound, on
# hypercube D=4..10 and the square tori 4x4..16x16: the slots of each schedule (from `cmodel
# verify`) and what generating and verifying it costs in the golden model (wall-clock median of
# REPEAT runs of `cmodel schedule -o` + `cmodel verify`), plus the cycles of romnoc's schedule
# in the simulated fabric. Writes the "allreduce" section of OUT.md.
#   SIM=1 [SIM_MAX_NODES=64]   fill the cycles column from sim/sim.sh runs (the PASS line's
#                              cycles=) for topologies of at most SIM_MAX_NODES nodes; without
#                              SIM=1 (until the hardware runs combining schedules) it shows "-"
#   TOPOS="hypercube:4 torus:4x4" REPEAT=1 bench/allreduce_bench.sh build/cmodel OUT.md   (a subset)
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") out=$2
repo=$(cd "$(dirname "$0")/.." && pwd)
repeat=${REPEAT:-3} sim=${SIM:-0} sim_max=${SIM_MAX_NODES:-64}
topos=${TOPOS:-"hypercube:4 hypercube:5 hypercube:6 hypercube:7 hypercube:8 hypercube:9 hypercube:10
  torus:4x4 torus:6x6 torus:8x8 torus:10x10 torus:12x12 torus:14x14 torus:16x16"}
algs="auto ring halving-doubling recursive-doubling dimorder"
work=$repo/build/bench/allreduce
mkdir -p "$work"
median() { printf '%s\n' "$@" | sort -g | sed -n "$((($# + 1) / 2))p"; }
field() { sed -nE "s/.*(^| )$1=([0-9]+).*/\2/p"; }

rows=""
for topo in $topos; do
  nodes=$("$bin" info --topo "$topo" | field nodes)
  cells="" lb=- cycles=-
  for alg in $algs; do
    echo "-- BENCH allreduce $topo $alg --" >&2
    tsv=$work/${topo/:/-}_$alg.tsv
    times=() cell=n/a
    for ((i = 0; i < repeat; i++)); do
      t0=$(date +%s%N)
      rc=0
      "$bin" schedule --topo "$topo" --task allreduce --alg "$alg" -o "$tsv" 2>"$work/err" || rc=$?
      if [ $rc = 2 ] && [ $i = 0 ]; then break; fi # no such construction here: n/a
      [ $rc = 0 ] || { cat "$work/err" >&2; exit 1; }
      "$bin" verify "$tsv" >"$work/verify" || { cat "$work/verify" >&2; exit 1; }
      t1=$(date +%s%N)
      times+=("$(awk -v n=$((t1 - t0)) 'BEGIN { printf "%.3f", n / 1e9 }')")
    done
    if [ ${#times[@]} -gt 0 ]; then
      cell="$(field slots <"$work/verify") ($(median "${times[@]}") s)"
      if [ "$alg" = auto ]; then
        lb=$(field lb <"$work/verify")
        cell="$(field slots <"$work/verify") $(sed -n 's/^# alg=//p' "$tsv") ($(median "${times[@]}") s)"
      fi
    fi
    if [ "$alg" = auto ] && [ "$sim" = 1 ] && [ "$nodes" -le "$sim_max" ]; then
      echo "-- BENCH allreduce $topo: make sim --" >&2
      log=$work/sim/${topo/:/-}.log
      mkdir -p "$work/sim"
      SIM=verilator SCHEDULE=$tsv SIM_DIR=$work/sim/${topo/:/-} "$repo/sim/sim.sh" >"$log" 2>&1 || true
      cycles=$(sed -n "s/^PASS .* cycles=\([0-9]*\) .*/\1/p" "$log")
      cycles=${cycles:-FAIL}
    fi
    cells+=" $cell |"
    rm -f "$tsv"
  done
  rows+="| $topo | $nodes | $lb |$cells $cycles |"$'\n'
done

cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
sim_note="not simulated in this run (SIM=1 fills it)"
[ "$sim" = 1 ] && sim_note="from the PASS line of \`sim/sim.sh\` (\`make sim\`) on romnoc's schedule, up to $sim_max nodes (\"-\" above; FAIL: no PASS line, build/bench/allreduce/sim/TOPO.log says why)"
"$repo/bench/tables/md_section.sh" "$out" allreduce <<MD
## All-reduce: romnoc against the algorithms in use

Command: \`make bench\` (runs \`bench/allreduce_bench.sh build/cmodel docs/BENCHMARKS.md\`, REPEAT=$repeat; SIM=1 for the
cycles). Machine: $(nproc) cores, ${cpu:-unknown CPU}; $(date -u +%Y-%m-%d); romnoc $(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown).

All-reduce of an N-chunk vector (MPI_Allreduce; every chunk's sum at every node) under the
all-port model mla. A cell is the schedule's slots, from \`cmodel verify\`, and in brackets the
wall-clock median of $repeat runs of generating it (\`cmodel schedule --task allreduce --alg A -o
FILE\`) and verifying it (\`cmodel verify FILE\`); n/a where the algorithm does not apply. lb is
the verifier's lower bound. Formulas (docs/SCHEDULES.md, "Combining tasks"):

- **romnoc** (\`auto\`, the cell names the construction): **rs-ag**, the multinode broadcast
  reversed in time (reduce-scatter), then run forwards (all-gather): 2⌈(N−1)/deg⌉ where the mnb
  meets its bound, as on every size here; or **edge**, each chunk summed at both ends of an
  edge: 2⌈(N−2)/deg⌉+1, one slot less when (N−1) mod deg = 1 (hypercube:5, hypercube:7).
- **ring**: one direction round a Hamiltonian cycle: 2(N−1).
- **halving-doubling** (hypercube): recursive halving, then doubling, one dimension per step,
  a word per slot: 2(N−1).
- **recursive-doubling** (hypercube): the whole vector exchanged and added across each
  dimension: dN (and dN² words).
- **dimorder** (tori): reduce-scatter along dimension 0, then 1, then all-gather back, each line
  a bidirectional ring: 2Σ_i⌈B_i(K_i−1)/2⌉, B_i the product of the sizes after dimension i;
  K² on the K×K torus for even K.

The cycles column is romnoc's schedule in the simulated fabric: $sim_note. A ROM
router runs S slots in S+1 cycles.

What the table shows: romnoc is at the lower bound or one slot above it (hypercube:6 and
hypercube:10; never on a square torus). The ring and halving-doubling take 2(N−1) slots, about
d times romnoc on the d-cube and four times on a torus: each node sends one word per slot over
one link, where romnoc keeps every link busy. Recursive doubling sends the
whole vector d times (dN slots, d/2 times the ring's words). dimorder reaches half of romnoc's
speed on the tori: each of its phases uses one dimension's links only. In the golden model every
schedule here is generated and verified within seconds; the verifier's cost grows with the rows
and with the partial sums it tracks (a bit per node, chunk and contribution: N³ bits).

| topo | N | lb | romnoc | ring | halving-doubling | recursive-doubling | dimorder | romnoc cycles |
|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}
MD
echo "wrote $out" >&2
