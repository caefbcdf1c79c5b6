#!/usr/bin/env bash
# sim_bench.sh OUT.md — Verilator figures of the generated fabric for mnb and te on
# hypercube:4,6,8,10 and torus:4x4, 8x8, 16x16, 4x4x4: verilate+compile time and peak memory
# (from a clean object directory), the simulated cycles per second (the schedule run REPEAT
# times back to back, timed inside the harness), the wall time and peak memory of the whole
# run. Writes the "sim" section of OUT.md.
#   TOPOS="hypercube:4 torus:4x4" REPEAT=1 bench/sim_bench.sh OUT.md     (a subset)
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$repo/build/bench/sim
mkdir -p "$work"
scripts/ensure_tools.sh /usr/bin/time:time verilator:verilator
topos=${TOPOS:-"hypercube:4 hypercube:6 hypercube:8 hypercube:10 torus:4x4 torus:8x8 torus:16x16 torus:4x4x4"}
repeat_n=${REPEAT:-3}
median() { printf '%s\n' "$@" | sort -g | sed -n "$((($# + 1) / 2))p"; }
rows=""
goals=""
for task in mnb te; do
  for topo in $topos; do
    echo "-- BENCH sim $task $topo --" >&2
    dir=$work/${topo/:/-}_$task
    rm -rf "$dir"
    mkdir -p "$dir/run"
    build/rtl_gen --topo "$topo" --task "$task" -o "$dir/gen"
    builds=() build_mems=() runs=() run_mems=() rates=()
    for ((i = 0; i < repeat_n; i++)); do
      rm -rf "$dir/obj"
      t0=$(date +%s%N)
      (cd "$dir/gen" && /usr/bin/time -f '%M' -o "$dir/build.mem" verilator --cc --exe --build -j 2 -O3 --x-assign fast \
        --x-initial fast --noassert --top-module romnoc_sim_fabric -Mdir "$dir/obj" \
        -CFLAGS "-I$dir/gen -I$repo/sim -I$repo/cmodel" -f files_sim.f romnoc.vlt \
        "$repo/sim/tb_main.cpp" "$repo/sim/tb_common.cpp" >"$dir/build.log" 2>&1)
      t1=$(date +%s%N)
      builds+=("$(awk -v n=$((t1 - t0)) 'BEGIN { printf "%.1f", n / 1e9 }')")
      build_mems+=("$(awk '{ printf "%.0f", $1 / 1024 }' "$dir/build.mem")")
      slots=$(awk '/^#define RN_SLOTS/ { print $3 }' "$dir/gen/sim_config.h")
      repeat=$(( (2000 + slots) / (slots + 1) )) # about 2000 cycles, at least one run
      t0=$(date +%s%N)
      (cd "$dir/gen" && /usr/bin/time -f '%M' -o "$dir/run.mem" "$dir/obj/Vromnoc_sim_fabric" +seed=1 \
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
    rows+="| $task | $topo | $slots | $build_s | $build_mib | $total | $cps | $run_s | $run_mib |"$'\n'
    case $topo in hypercube:8) limit=60 ;; hypercube:10) limit=240 ;; *) limit= ;; esac
    [ -n "$limit" ] && goals+=$(awk -v j="$task on $topo" -v b="$build_s" -v l="$limit" \
      'BEGIN { printf "- %s builds in under %d s: **%.0f s (%s)**", j, l, b, b < l ? "met" : "NOT met" }')$'\n'
    rm -rf "$dir/obj"
  done
done
cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
scripts/md_section.sh "$out" sim <<MD
## Simulation: Verilator 5.006, whole fabric, one thread

Command: \`make bench\` (runs \`bench/sim_bench.sh docs/BENCHMARKS.md\`).
Machine: $(nproc) cores, ${cpu:-unknown CPU}; $(date -u +%Y-%m-%d); romnoc $(git describe --always --dirty 2>/dev/null || echo unknown).

Build: rtl_gen, then \`verilator --cc --exe --build -j 2 -O3\` of the simulation fabric
(romnoc_sim_fabric: the routers' local ports played through DPI) and the harness from an empty
object directory, without ccache (wall time, peak memory of the largest process). Run: the
harness plays the schedule back to back (\`+repeat\`, about 2000 cycles in all; the first run
is diffed against the golden files) and reports simulated cycles per second over the timed
cycle loop; wall time and peak memory are those of the whole process, ROM loading included.
Each figure is the median of REPEAT=$repeat_n builds and runs on a noisy 2-core machine; the
hypercube:4 row of each task is the baseline measured in the same run. Reference from
../shared/TOOLCHAIN.md (a throwaway router model measured earlier on this kind of machine):
verilate + compile in about 6, 10, 23 and 103 s and about 2.1 M, 250–385 k, 37–42 k and 3.7–4.1 k cycles/s at
D=4, 6, 8, 10. The fabric has one named wire per link and per-lane router ports (the first
design's concatenated receive buses took about 2 minutes to build at D=8 and did not finish
within 12 at D=10).

Goals:
${goals%$'\n'}

| task | topo | slots | build s | build MiB | cycles run | cycles/s | run wall s | run MiB |
|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}
MD
echo "wrote $out" >&2
