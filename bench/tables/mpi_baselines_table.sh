#!/usr/bin/env bash
# mpi_baselines_table.sh CMODEL — romnoc's schedules against the MPI library's algorithms on the
# same fabric (docs/SCHEDULES.md, "The MPI library's algorithms (baselines)"): one Markdown table
# per topology on stdout, a row per task and baseline.
#
# For each topology and task (snb, mnb, scatter, gather, te, allreduce) it builds romnoc's
# schedule (--alg auto) and every baseline that applies (the mpi-* constructions; for allreduce
# the reductions' baselines ring, halving-doubling, recursive-doubling, dimorder), verifies each
# (`cmodel verify`: the slots come from there) and, on the topologies of SIM_TOPOS (by default
# all but hypercube:10: each simulation builds the whole fabric, and a D=9 build takes about 5
# minutes two side by side, so hypercube:10's 21 would take hours), runs each on the generated fabric
# (`SCHEDULE=FILE sim/sim.sh`): the cycles are the PASS line's cycles=; "FAIL" when the run
# did not pass (its log is named on stderr, its work directory kept), "-" where not simulated.
# Ratio = baseline / romnoc.
#   TOPOS="hypercube:4 torus:4x4"   the topologies (default hypercube:4..10, torus:4x4, 8x8, 16x16)
#   SIM_TOPOS="..."                 the topologies simulated (default hypercube:4..9, torus:4x4, 8x8,
#                                   16x16; "" none)
#   SIM_JOBS=2                      simulations run side by side
# Work files under build/bench/mpi_baselines/. Exits 1 if a schedule fails to build or verify.
set -euo pipefail
bin=$(cd "$(dirname "${1:?usage: bench/tables/mpi_baselines_table.sh CMODEL}")" && pwd)/$(basename "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
topos=${TOPOS:-"hypercube:4 hypercube:5 hypercube:6 hypercube:7 hypercube:8 hypercube:9 hypercube:10 torus:4x4 torus:8x8 torus:16x16"}
sim_topos=${SIM_TOPOS-"hypercube:4 hypercube:5 hypercube:6 hypercube:7 hypercube:8 hypercube:9 torus:4x4 torus:8x8 torus:16x16"}
jobs=${SIM_JOBS:-2}
work=$repo/build/bench/mpi_baselines
rm -rf "$work"
mkdir -p "$work"
baselines() { # baselines TASK: the baseline constructions compared with romnoc's
  case $1 in
  snb) echo mpi-binomial ;;
  mnb) echo mpi-ring mpi-recursive-doubling ;;
  scatter | gather) echo mpi-linear mpi-binomial ;;
  te) echo mpi-pairwise mpi-bruck ;;
  allreduce) echo ring halving-doubling recursive-doubling dimorder ;;
  esac
}
TASKS="snb mnb scatter gather te allreduce"
field() { sed -nE "s/.*(^| )$1=([0-9]+).*/\2/p"; }

# 1: every schedule built and verified; the ones to simulate listed
: >"$work/sims"
for topo in $topos; do
  for task in $TASKS; do
    for alg in auto $(baselines "$task"); do
      f=$work/${topo/:/-}_${task}_$alg
      echo "-- $topo $task $alg --" >&2
      rc=0
      "$bin" schedule --topo "$topo" --task "$task" --alg "$alg" -o "$f.tsv" 2>"$f.err" || rc=$?
      if [ $rc = 2 ]; then continue; fi # not on this topology: no row
      [ $rc = 0 ] || { cat "$f.err" >&2; exit 1; }
      "$bin" verify "$f.tsv" >"$f.verify" 2>&1 || { echo "$f.tsv: $(cat "$f.verify")" >&2; exit 1; }
      sed -n 's/^# alg=//p' "$f.tsv" >"$f.alg"
      case " $sim_topos " in
      *" $topo "*) echo "$f" >>"$work/sims" ;;
      *) rm -f "$f.tsv" ;; # hypercube:10's te holds millions of rows: only the figures stay
      esac
    done
  done
done

# 2: the simulations, SIM_JOBS at a time (each in its own work directory)
sim_one() {
  SCHEDULE=$1.tsv SIM_DIR=$1.sim "$2/sim/sim.sh" >"$1.simlog" 2>&1 || true
  if grep -q '^PASS' "$1.simlog"; then rm -rf "$1.sim"; fi # a failed run's directory stays
}
export -f sim_one
if [ -s "$work/sims" ]; then
  echo "-- simulating $(wc -l <"$work/sims") schedules, $jobs at a time --" >&2
  # shellcheck disable=SC2016 # $1 and $2 are the inner shell's arguments
  xargs -P "$jobs" -I{} bash -c 'sim_one "$1" "$2"' _ {} "$repo" <"$work/sims"
fi
cycles() { # cycles BASE: from the PASS line, FAIL, or - (not simulated)
  if [ ! -f "$1.simlog" ]; then echo -; return; fi
  local c
  c=$(sed -n 's/^PASS .* cycles=\([0-9]*\) .*/\1/p' "$1.simlog")
  if [ -n "$c" ]; then echo "$c"; else echo "FAIL (see $1.simlog)" >&2; echo FAIL; fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a ~ /^[0-9]+$/ && b ~ /^[0-9]+$/ && b > 0) printf "%.2f", a / b; else printf "-" }'; }

# 3: the tables
echo "Simulated (cycles): ${sim_topos:-none}."
for topo in $topos; do
  nodes=$("$bin" info --topo "$topo" | field nodes)
  printf '\n### %s (N = %s)\n\n' "$topo" "$nodes"
  echo "| task | romnoc (auto) | slots | cycles | baseline | slots | cycles | slots ratio | cycles ratio |"
  echo "|---|---|---:|---:|---|---:|---:|---:|---:|"
  for task in $TASKS; do
    a=$work/${topo/:/-}_${task}_auto
    [ -f "$a.verify" ] || continue
    ralg=$(cat "$a.alg") rs=$(field slots <"$a.verify") rc=$(cycles "$a")
    for alg in $(baselines "$task"); do
      b=$work/${topo/:/-}_${task}_$alg
      [ -f "$b.verify" ] || continue
      bs=$(field slots <"$b.verify") bc=$(cycles "$b")
      echo "| $task | $ralg | $rs | $rc | $alg | $bs | $bc | $(ratio "$bs" "$rs") | $(ratio "$bc" "$rc") |"
    done
  done
done
