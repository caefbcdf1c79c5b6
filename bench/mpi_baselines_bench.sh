#!/usr/bin/env bash
# mpi_baselines_bench.sh OUT.md — romnoc's schedules against the MPI library's algorithms on the
# same fabric (bench/tables/mpi_baselines_table.sh): writes the "mpi-baselines" section of OUT.md.
#   CMODEL=build/cmodel (default); TOPOS, SIM_TOPOS, SIM_JOBS as for the table script.
set -euo pipefail
out=${1:?usage: bench/mpi_baselines_bench.sh OUT.md}
repo=$(cd "$(dirname "$0")/.." && pwd)
cmodel=${CMODEL:-$repo/build/cmodel}
tables=$("$repo/bench/tables/mpi_baselines_table.sh" "$cmodel")
cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
"$repo/bench/tables/md_section.sh" "$out" mpi-baselines <<MD
## The MPI library's algorithms against romnoc's schedules, on the same fabric

Command: \`make bench\` (runs \`bench/mpi_baselines_bench.sh docs/BENCHMARKS.md\`, which prints
\`bench/tables/mpi_baselines_table.sh build/cmodel\`). Machine: $(nproc) cores, ${cpu:-unknown CPU};
$(date -u +%Y-%m-%d); romnoc $(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown).

Per topology and task: romnoc's schedule (\`--alg auto\`, the construction named) against each
baseline that applies — the MPI library's algorithms run through one routing engine
(\`--alg mpi-*\`; docs/SCHEDULES.md, "The MPI library's algorithms (baselines)") and, for
allreduce, the reductions' baselines. Slots: from \`cmodel verify\` of each schedule, all built in
this run by running the algorithm, never from a formula. Cycles: the PASS line of
\`SCHEDULE=FILE sim/sim.sh\` on the generated fabric (the wire log diffed against the golden
trace and verified under the schedule's model), on the topologies listed below ("-": not
simulated, each simulation builds the whole fabric; FAIL: the run did not pass).
Ratio: baseline / romnoc.
$tables
MD
