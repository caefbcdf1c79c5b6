#!/usr/bin/env bash
# tools_bench.sh OUT.md — what issue 15's tools cost, each against a baseline measured in the
# same run, medians of REPS runs (default 3) on this machine:
#   1. the second simulator: make sim's whole flow (generate, lint, build, run, diff, verify)
#      under Icarus Verilog against Verilator (its ccache warmed by one run first, as in the
#      tests), on SIM_DESIGNS (default hypercube:4 mnb, torus:4x4 te, hypercube:6 mnb, torus:8x8 mnb,
#      hypercube:8 mnb);
#   2. export and import: cmodel export to JSON and MSCCL XML and cmodel verify of each, against
#      cmodel verify of the TSV, for mnb and te on hypercube:8 and mnb on torus:16x16, and the
#      combining tasks' reducing steps (issue 42): allreduce on hypercube:8, reduce_scatter on
#      torus:16x16 (the XML import executes the steps on sums and checks MPI's layout);
#   3. cmodel draw's occupancy map against cmodel verify of the same schedule (draw verifies
#      first), for te on hypercube:6 and mnb on torus:16x16.
# Writes the "tools" section of OUT.md.
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
reps=${REPS:-3}
cm=$repo/build/cmodel
work=$repo/build/bench/tools
rm -rf "$work" && mkdir -p "$work"

# median CMD...: the median wall time in seconds of REPS runs of CMD (its output discarded)
median() {
  local i t0 t1
  for i in $(seq "$reps"); do
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || { echo "tools_bench: failed: $*" >&2; exit 1; }
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }'
  done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

sim_designs=${SIM_DESIGNS-"hypercube:4:mnb torus:4x4:te hypercube:6:mnb torus:8x8:mnb hypercube:8:mnb"}
sim() { # sim SIM TOPO TASK: make sim's flow, which must PASS
  SIM=$1 TOPO=$2 TASK=$3 SIM_DIR=$work/sim/${2/:/-}_$3 "$repo/sim/sim.sh" >"$work/sim_$1.log" 2>&1 &&
    grep -q '^PASS' "$work/sim_$1.log"
}
sim_rows=""
for d in $sim_designs; do
  topo=${d%:*} task=${d##*:}
  echo "-- BENCH tools: sim $topo $task" >&2
  sim verilator "$topo" "$task" || { echo "tools_bench: $topo $task fails (see $work/sim_verilator.log)" >&2; exit 1; } # warms ccache
  v=$(median sim verilator "$topo" "$task")
  i=$(median sim icarus "$topo" "$task")
  slots=$(awk -F= '$1 == "slots" { print $2 }' "$work/sim/${topo/:/-}_$task/gen/design.txt")
  nodes=$(awk -F= '$1 == "nodes" { print $2 }' "$work/sim/${topo/:/-}_$task/gen/design.txt")
  sim_rows+="| $topo | $task | $nodes | $slots | $v | $i | $(ratio "$i" "$v") |"$'\n'
done

fmt_rows=""
for d in hypercube:8:mnb hypercube:8:te torus:16x16:mnb hypercube:8:allreduce torus:16x16:reduce_scatter; do
  topo=${d%:*} task=${d##*:} f=$work/${topo/:/-}_$task
  echo "-- BENCH tools: export $topo $task" >&2
  "$cm" schedule --topo "$topo" --task "$task" -o "$f.tsv"
  rows=$(sed -n 's/^# rows=//p' "$f.tsv")
  base=$(median "$cm" verify "$f.tsv")
  ej=$(median "$cm" export --format json "$f.tsv" -o "$f.json")
  vj=$(median "$cm" verify --format json "$f.json")
  ex=$(median "$cm" export --format msccl-xml "$f.tsv" -o "$f.xml")
  vx=$(median "$cm" verify --format msccl-xml "$f.xml")
  mib() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1048576 }'; }
  fmt_rows+="| $topo | $task | $rows | $(mib "$f.tsv") | $base | $(mib "$f.json") | $ej | $vj ($(ratio "$vj" "$base")×) | $(mib "$f.xml") | $ex | $vx ($(ratio "$vx" "$base")×) |"$'\n'
done

draw_rows=""
for d in hypercube:6:te torus:16x16:mnb; do
  topo=${d%:*} task=${d##*:} f=$work/draw_${topo/:/-}_$task
  echo "-- BENCH tools: draw $topo $task" >&2
  "$cm" schedule --topo "$topo" --task "$task" -o "$f.tsv"
  base=$(median "$cm" verify "$f.tsv")
  dr=$(median "$cm" draw "$f.tsv" --view occupancy -o "$f.svg")
  cells=$("$cm" draw "$f.tsv" --view occupancy -o "$f.svg" | sed -nE 's/.*occupancy ([0-9]+) links x ([0-9]+) slots.*/\1 x \2/p')
  draw_rows+="| $topo | $task | $cells | $base | $dr | $(awk -v b="$(stat -c %s "$f.svg")" 'BEGIN { printf "%.0f", b / 1024 }') |"$'\n'
done

{
  echo "## Issue 15's tools: a second simulator, export and import, pictures"
  echo
  echo "Medians of $reps runs, $(date -u +%Y-%m-%d), $(nproc) cores ($(uname -m)); every figure in seconds of wall time,"
  echo "each against its baseline measured in the same run. Reproduce: \`bash bench/tools_bench.sh docs/BENCHMARKS.md\`"
  echo "(part of \`make bench\`)."
  echo
  echo "**Simulators.** \`make sim\`'s whole flow — generate, lint, build, run, diff, verify — under"
  echo "Verilator $(verilator --version | awk '{ print $2 }') (ccache warm, as in the tests) and Icarus Verilog $(iverilog -V 2>/dev/null | head -n 1 | awk '{ print $4 }'). Both flows"
  echo "share the generation, lint, diff and verify steps; Icarus compiles no C++, which is why it is the"
  echo "quicker here, where builds dominate and runs are a few dozen cycles."
  echo
  echo "| topology | task | nodes | slots | Verilator s | Icarus s | Icarus / Verilator |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s' "$sim_rows"
  echo
  echo "**Export and import.** \`cmodel export\` from the TSV, and \`cmodel verify --format\` of the"
  echo "file written, against \`cmodel verify\` of the TSV (the baseline). The combining tasks' XML"
  echo "has reducing steps, their dependencies and local copies, and its import runs the steps on sums"
  echo "and checks MPI's output layout before the verifier checks the rows (docs/EXPORT.md)."
  echo
  echo "| topology | task | rows | TSV MiB | verify TSV s | JSON MiB | export JSON s | verify JSON s | XML MiB | export XML s | verify XML s |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  printf '%s' "$fmt_rows"
  echo
  echo "**Pictures.** \`cmodel draw --view occupancy\` (which verifies first) against \`cmodel verify\`."
  echo
  echo "| topology | task | links x slots | verify s | draw s | SVG KiB |"
  echo "|---|---|---|---|---|---|"
  printf '%s' "$draw_rows"
} | bash "$repo/bench/tables/md_section.sh" "$out" tools
