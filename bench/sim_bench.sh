#!/usr/bin/env bash
# sim_bench.sh OUT.md — Verilator figures of the generated fabric for mnb and te at
# D=4,6,8,10: verilate+compile time and peak memory (from a clean object directory), the
# simulated cycles per second (the schedule run REPEAT times back to back, timed inside the
# harness), the wall time and peak memory of the whole run. Writes the "sim" section of OUT.md.
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$repo/build/bench/sim
mkdir -p "$work"
scripts/ensure_tools.sh /usr/bin/time:time verilator:verilator
sizes=${SIZES:-"4 6 8"} # D=10 builds for over 12 minutes each (see the note the section ends with)
repeat_n=${REPEAT:-3}
median() { printf '%s\n' "$@" | sort -g | sed -n "$((($# + 1) / 2))p"; }
rows=""
for task in mnb te; do
  for d in $sizes; do
    echo "-- BENCH sim $task D=$d --" >&2
    dir=$work/hypercube-${d}_$task
    rm -rf "$dir"
    mkdir -p "$dir/run"
    build/rtl_gen --topo "hypercube:$d" --task "$task" -o "$dir/gen"
    builds=() build_mems=() runs=() run_mems=() rates=()
    for ((i = 0; i < repeat_n; i++)); do
      rm -rf "$dir/obj"
      t0=$(date +%s%N)
      (cd "$dir/gen" && /usr/bin/time -f '%M' -o "$dir/build.mem" verilator --cc --exe --build -j 2 -O3 --x-assign fast \
        --x-initial fast --noassert --top-module romnoc_fabric -Mdir "$dir/obj" \
        -CFLAGS "-O2 -I$dir/gen -I$repo/sim -I$repo/cmodel" -f files.f romnoc.vlt \
        "$repo/sim/tb_main.cpp" "$repo/sim/tb_common.cpp" >"$dir/build.log" 2>&1)
      t1=$(date +%s%N)
      builds+=("$(awk -v n=$((t1 - t0)) 'BEGIN { printf "%.1f", n / 1e9 }')")
      build_mems+=("$(awk '{ printf "%.0f", $1 / 1024 }' "$dir/build.mem")")
      slots=$(awk '/^#define RN_SLOTS/ { print $3 }' "$dir/gen/sim_config.h")
      repeat=$(( (2000 + slots) / (slots + 1) )) # about 2000 cycles, at least one run
      t0=$(date +%s%N)
      (cd "$dir/gen" && /usr/bin/time -f '%M' -o "$dir/run.mem" "$dir/obj/Vromnoc_fabric" +seed=1 \
        +golden="$dir/gen/golden" +out="$dir/run" +repeat="$repeat" >"$dir/run.log")
      t1=$(date +%s%N)
      grep -q '^PASS' "$dir/run.log" || { cat "$dir/run.log" >&2; exit 1; }
      runs+=("$(awk -v n=$((t1 - t0)) 'BEGIN { printf "%.2f", n / 1e9 }')")
      run_mems+=("$(awk '{ printf "%.0f", $1 / 1024 }' "$dir/run.mem")")
      perf=$(grep '^PERF' "$dir/run.log")
      rates+=("$(printf '%s' "$perf" | sed -E 's/.*cycles_per_s=([0-9.]+).*/\1/')")
      total=$(printf '%s' "$perf" | sed -E 's/.* cycles=([0-9]+).*/\1/')
    done
    build_s=$(median "${builds[@]}") build_mib=$(median "${build_mems[@]}")
    run_s=$(median "${runs[@]}") run_mib=$(median "${run_mems[@]}") cps=$(median "${rates[@]}")
    rows+="| $task | $d | $slots | $build_s | $build_mib | $total | $cps | $run_s | $run_mib |"$'\n'
    rm -rf "$dir/obj"
  done
done
cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
scripts/md_section.sh "$out" sim <<MD
## Simulation: Verilator 5.006, whole fabric, one thread

Command: \`make bench\` (runs \`bench/sim_bench.sh docs/BENCHMARKS.md\`).
Machine: $(nproc) cores, ${cpu:-unknown CPU}; $(date -u +%Y-%m-%d); romnoc $(git describe --always --dirty 2>/dev/null || echo unknown).

Build: rtl_gen, then \`verilator --cc --exe --build -j 2 -O3\` of the fabric and the harness
from an empty object directory (wall time, peak memory of the largest process). Run: the
harness plays the schedule back to back (\`+repeat\`, about 2000 cycles in all; the first run
is diffed against the golden files) and reports simulated cycles per second over the timed
cycle loop; wall time and peak memory are those of the whole process, ROM loading included.
Each figure is the median of REPEAT=$repeat_n builds and runs on a noisy 2-core machine; the
D=4 row of each task is the baseline measured in the same run. Reference from ../shared/TOOLCHAIN.md (a
throwaway router model measured earlier on this kind of machine): about 2.1 M, 250–385 k,
37–42 k and 3.7–4.1 k cycles/s at D=4, 6, 8, 10.

| task | D | slots | build s | build MiB | cycles run | cycles/s | run wall s | run MiB |
|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}

D=10 is not in the table: one D=10 build ran for over 12 minutes without finishing, and was
stopped. Each router's receive bus is the concatenation of 10 neighbours' 55-bit lane
slices, and Verilator 5.006 turns the fabric's 1024 of them into about 30 MB of bit-shifting
C++ (six 5 MB files). The same cost shows at D=8 (two minutes to build, 7–9 k cycles/s
against 37–42 k for the toolchain probe's model). Per-lane router ports (one named wire per
link, no slicing) are the fix. \`SIZES="4 6 8 10" bench/sim_bench.sh\` still tries D=10.
MD
echo "wrote $out" >&2
