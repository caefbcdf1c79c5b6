#!/usr/bin/env bash
# sim_bench.sh OUT.md — Verilator figures of the generated fabric for mnb and te on
# hypercube:4,6,8,10 and torus:4x4, 8x8, 16x16, 4x4x4: verilate+compile time and peak memory
# (from a clean object directory), the simulated cycles per second (the schedule run back to
# back, timed inside the harness), the wall time and peak memory of the whole run; beside them
# the same figures of the previous design, the tree of git revision BASELINE (its rtl_gen and
# its harness), built and run in the same loop, alternating with the current one. Writes the
# "sim" section of OUT.md.
#   TOPOS="hypercube:4 torus:4x4" REPEAT=1 bench/sim_bench.sh OUT.md     (a subset)
#   BASELINE=none ...                                                     (no baseline column)
# Large sizes, once (make bench-large): TOPOS=hypercube:12 TASKS=mnb REPEAT=1 BASELINE=none
# SECTION=sim-large: the "sim-large" section, with rtl_gen's time and memory too.
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$repo/build/bench/sim
mkdir -p "$work"
scripts/ensure_tools.sh /usr/bin/time:time verilator:verilator
topos=${TOPOS:-"hypercube:4 hypercube:6 hypercube:8 hypercube:10 torus:4x4 torus:8x8 torus:16x16 torus:4x4x4"}
tasks=${TASKS:-"mnb te"}
repeat_n=${REPEAT:-3}
section=${SECTION:-sim}
. "$repo/bench/baseline_tree.sh" # the design before issue 16's changes
baseline=$baseline_rev
median() { printf '%s\n' "$@" | sort -g | sed -n "$((($# + 1) / 2))p"; }
seconds() { awk -v n=$(($2 - $1)) -v d="$3" 'BEGIN { printf "%.*f", d, n / 1e9 }'; }
mib() { awk '{ printf "%.0f", $1 / 1024 }' "$1"; }

[ "$baseline" != none ] && baseline_tree "$baseline" "$work/baseline"

# measure SRC DIR: one build from an empty object directory and one run of the design in
# DIR/gen with SRC's harness; sets build_s build_mib (verilate, then make: the larger peak)
# verilate_s compile_s total cps run_s run_mib. COMPILE_JOBS and OPT_SLOW (make-level
# variables of Verilator's makefile) are for the largest fabrics: verilator_bin has left before
# the compiler starts, and the run-once code (constructors, the symbol table) is compiled at
# OPT_SLOW.
compile_jobs=${COMPILE_JOBS:-2}
opt_slow=(${OPT_SLOW:+"OPT_SLOW=$OPT_SLOW"})
measure() {
  local src=$1 dir=$2 t0 tv t1 slots repeat perf
  rm -rf "$dir/obj" "$dir/run"
  mkdir -p "$dir/run"
  t0=$(date +%s%N)
  (cd "$dir/gen" && /usr/bin/time -f '%M' -o "$dir/verilate.mem" verilator --cc --exe -O3 --x-assign fast \
    --x-initial fast --noassert --top-module romnoc_sim_fabric -Mdir "$dir/obj" \
    -CFLAGS "-I$dir/gen -I$src/sim -I$src/cmodel" -f files_sim.f romnoc.vlt \
    "$src/sim/tb_main.cpp" "$src/sim/tb_common.cpp" >"$dir/build.log" 2>&1) || {
    tail -n 20 "$dir/build.log" >&2
    exit 1
  }
  tv=$(date +%s%N)
  /usr/bin/time -f '%M' -o "$dir/compile.mem" make -C "$dir/obj" -f Vromnoc_sim_fabric.mk -j "$compile_jobs" \
    "${opt_slow[@]}" >>"$dir/build.log" 2>&1 || {
    tail -n 20 "$dir/build.log" >&2
    exit 1
  }
  t1=$(date +%s%N)
  build_s=$(seconds "$t0" "$t1" 1) verilate_s=$(seconds "$t0" "$tv" 1) compile_s=$(seconds "$tv" "$t1" 1)
  build_mib=$(printf '%s\n' "$(mib "$dir/verilate.mem")" "$(mib "$dir/compile.mem")" | sort -n | tail -n 1)
  slots=$(awk '/^#define RN_SLOTS/ { print $3 }' "$dir/gen/sim_config.h")
  repeat=$(((2000 + slots) / (slots + 1))) # about 2000 cycles, at least one run
  t0=$(date +%s%N)
  (cd "$dir/gen" && /usr/bin/time -f '%M' -o "$dir/run.mem" "$dir/obj/Vromnoc_sim_fabric" +seed=1 \
    +golden="$dir/gen/golden" +out="$dir/run" +repeat="$repeat" >"$dir/run.log")
  t1=$(date +%s%N)
  grep -q '^PASS' "$dir/run.log" || { cat "$dir/run.log" >&2; exit 1; }
  run_s=$(seconds "$t0" "$t1" 2) run_mib=$(mib "$dir/run.mem")
  perf=$(grep '^PERF' "$dir/run.log")
  cps=$(printf '%s' "$perf" | sed -E 's/.*cycles_per_s=([0-9.]+).*/\1/')
  total=$(printf '%s' "$perf" | sed -E 's/.* cycles=([0-9]+).*/\1/')
  rm -rf "$dir/obj"
}

rows=""
goals=""
for task in $tasks; do
  for topo in $topos; do
    echo "-- BENCH sim $task $topo --" >&2
    dir=$work/${topo/:/-}_$task bdir=$work/${topo/:/-}_${task}_baseline
    rm -rf "$dir" "$bdir"
    mkdir -p "$dir"
    t0=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$dir/gen.mem" build/rtl_gen --topo "$topo" --task "$task" -o "$dir/gen" >/dev/null
    t1=$(date +%s%N)
    gen_s=$(seconds "$t0" "$t1" 1) gen_mib=$(mib "$dir/gen.mem")
    slots=$(awk '/^#define RN_SLOTS/ { print $3 }' "$dir/gen/sim_config.h")
    if [ "$baseline" != none ]; then
      mkdir -p "$bdir"
      "$base_src/build/rtl_gen" --topo "$topo" --task "$task" -o "$bdir/gen" >/dev/null
    fi
    builds=() build_mems=() runs=() run_mems=() rates=() bbuilds=() brates=()
    reps=$repeat_n # one build and run of a fabric of 1024 nodes or more: each takes minutes
    [ "$(awk '/^#define RN_NODES/ { print $3 }' "$dir/gen/sim_config.h")" -ge 1024 ] && reps=1
    for ((i = 0; i < reps; i++)); do
      measure "$repo" "$dir"
      builds+=("$build_s") build_mems+=("$build_mib") runs+=("$run_s") run_mems+=("$run_mib") rates+=("$cps")
      if [ "$baseline" != none ]; then
        measure "$base_src" "$bdir"
        bbuilds+=("$build_s") brates+=("$cps")
      fi
    done
    build_s=$(median "${builds[@]}") build_mib=$(median "${build_mems[@]}")
    run_s=$(median "${runs[@]}") run_mib=$(median "${run_mems[@]}") cps=$(median "${rates[@]}")
    row="| $task | $topo | $slots | $build_s | $build_mib | $total | $cps | $run_s | $run_mib |"
    if [ "$section" != sim ]; then
      row="| $task | $topo | $slots | $gen_s | $gen_mib | $verilate_s | $compile_s | $build_mib | $total | $cps | $run_s | $run_mib |"
    elif [ "$baseline" != none ]; then
      bb=$(median "${bbuilds[@]}") bc=$(median "${brates[@]}")
      row+=" $bb | $bc | $(awk -v a="$cps" -v b="$bc" 'BEGIN { printf "%.2f", a / b }') |"
    fi
    rows+="$row"$'\n'
    # issue 16: at D=8 within 1.5x of the probe (../shared/TOOLCHAIN.md: 3.6 + 19 s to build,
    # 37-42 k cycles/s: at most 34 s and at least 24.7 k); D=10 built in under 4 minutes
    case $topo in
    hypercube:8)
      goals+=$(awk -v j="$task on $topo" -v b="$build_s" -v c="$cps" 'BEGIN {
        printf "- %s within 1.5x of the probe: build %.0f s (goal <= 34 s: %s), %.0f cycles/s (goal >= 24700: %s)",
          j, b, (b <= 34 ? "met" : "NOT met"), c, (c >= 24700 ? "met" : "NOT met") }')$'\n'
      ;;
    hypercube:10)
      goals+=$(awk -v j="$task on $topo" -v b="$build_s" \
        'BEGIN { printf "- %s builds in under 240 s: **%.0f s (%s)**", j, b, (b < 240 ? "met" : "NOT met") }')$'\n'
      ;;
    esac
  done
done
cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
machine="Machine: $(nproc) cores, ${cpu:-unknown CPU}, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); $(date -u +%Y-%m-%d); romnoc $(git describe --always --dirty 2>/dev/null || echo unknown)."

if [ "$section" != sim ]; then
  bench/tables/md_section.sh "$out" "$section" <<MD
## Simulation at the largest sizes: Verilator 5.006, whole fabric, one thread

Command: \`make bench-large\` (runs \`TOPOS="$topos" TASKS="$tasks" REPEAT=$repeat_n BASELINE=none
COMPILE_JOBS=$compile_jobs OPT_SLOW=${OPT_SLOW:-} SECTION=$section bench/sim_bench.sh docs/BENCHMARKS.md\`), once:
the same flow as the simulation table below, one build and one run per design, plus rtl_gen's
time and peak memory (it verifies the schedule and writes the golden files); the build is
\`verilator --cc --exe -O3\` and then Verilator's makefile (\`make -j $compile_jobs\`${OPT_SLOW:+, the run-once code at \`$OPT_SLOW\`}),
"build MiB" the larger peak of the two. The run plays the schedule back to back for about
2000 cycles, diffs the first run's wire log and deliveries against the golden files line by line
(PASS), and verifies nothing else; wall time and memory are those of the whole process.
$machine

| task | topo | slots | rtl_gen s | rtl_gen MiB | verilate s | compile s | build MiB | cycles run | cycles/s | run wall s | run MiB |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}
MD
  echo "wrote $out" >&2
  exit 0
fi

if [ "$baseline" != none ]; then
  base_cols=" baseline build s | baseline cycles/s | speed-up |"
  base_rule="---|---|---|"
  base_text="Baseline: the previous design, git revision \`$baseline\` (BASELINE=), its rtl_gen and harness
built from \`git archive\` and measured in the same loop, alternating with the current design;
speed-up = cycles/s against the baseline's."
else
  base_cols="" base_rule="" base_text="No baseline column (BASELINE=none)."
fi
goals=${goals%$'\n'}
bench/tables/md_section.sh "$out" sim <<MD
## Simulation: Verilator 5.006, whole fabric, one thread

Command: \`make bench\` (runs \`bench/sim_bench.sh docs/BENCHMARKS.md\`).
$machine

Build: rtl_gen, then \`verilator --cc --exe -O3\` and \`make -j $compile_jobs\` (Verilator's makefile) of the simulation fabric
(romnoc_sim_fabric: the routers' local ports played by the bench's C++ through \$c calls) and the harness from an empty
object directory, without ccache (wall time, peak memory of the largest process). Run: the
harness plays the schedule back to back (\`+repeat\`, about 2000 cycles in all; the first run
is diffed against the golden files) and reports simulated cycles per second over the timed
cycle loop; wall time and peak memory are those of the whole process, ROM loading included.
Each figure is the median of REPEAT=$repeat_n builds and runs on a noisy 2-core machine (one of
each for fabrics of 1024 nodes or more, whose builds take minutes).
$base_text
Reference from ../shared/TOOLCHAIN.md (a throwaway router model measured earlier on this kind
of machine): verilate + compile in about 6, 10, 23 and 103 s and about 2.1 M, 250–385 k,
37–42 k and 3.7–4.1 k cycles/s at D=4, 6, 8, 10.

Goals (issue 16):
${goals:-- none: no hypercube:8 or hypercube:10 in this run}

| task | topo | slots | build s | build MiB | cycles run | cycles/s | run wall s | run MiB |$base_cols
|---|---|---|---|---|---|---|---|---|$base_rule
${rows%$'\n'}
MD
echo "wrote $out" >&2
