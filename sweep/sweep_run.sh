#!/usr/bin/env bash
# sweep_run.sh KEY=VALUE... — one job of a sweep (a line of build/sweep/jobs.txt; docs/SWEEPS.md).
#   sweep/sweep_run.sh out=build/sweep topo=hypercube:3 task=mnb model=mla [alg=A] width=32 target=none sim=0
#   sweep/sweep_run.sh --name KEY=VALUE...     prints the job's name only
# Works in OUT/jobs/<name>/ (emptied first): cmodel schedule (root 0) -> schedule.tsv, cmodel
# verify; with sim=1 sim/sim.sh on that schedule (sim/); with target=generic or ice40
# synth/synth.sh on it (synth/; the router's figures). Each stage's output goes to its log.
# Prints ONE summary line (the columns of SWEEP_HEADER in sweep_lib.sh, tab-separated, '-'
# where a column does not apply) and writes it under the header to OUT/jobs/<name>/summary.tsv.
# A stage that fails makes status=fail, with the stage and its log in reason.txt, and exit 1;
# the summary is written either way. Bad arguments: one line on stderr, exit 2, nothing written.
# The job depends on its arguments alone: the variables of make sim/synth (TOPO, ARCH, ...) in
# the environment are ignored.
set -euo pipefail
prog=sweep_run.sh
repo=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=sweep/sweep_lib.sh
. "$repo/sweep/sweep_lib.sh"
cd "$repo" # a job line's paths are relative to the checkout
unset TOPO TASK MODEL ALG ROOT ARCH OP ACTIVE K M KSEED SPLIT SEED TRACE BENCH REUSE_GEN TARGET WIDTH \
  SCHEDULE SIM_DIR SYNTH_DIR

name_only=0
[ "${1-}" = --name ] && name_only=1 && shift
[ $# -gt 0 ] || sweep_die "usage: sweep/sweep_run.sh out=DIR topo=T task=K [model=M] [alg=A] [width=W] [target=X] [sim=0|1]"
sweep_parse_job "$@"
name=$(sweep_job_name "$topo" "$task" "$model" "$alg" "$width" "$target" "$sim")
if [ $name_only = 1 ]; then
  echo "$name"
  exit 0
fi
if [ ! -x build/cmodel ] || [ ! -x build/rtl_gen ]; then sweep_die "no build/cmodel or build/rtl_gen in $repo (make all first)"; fi

work=$out/jobs/$name
rm -rf "$work"
mkdir -p "$work"
start=$(date +%s.%N)
# the columns, '-' until a stage fills them
declare -A col=()
for c in "${SWEEP_COLUMNS[@]}"; do col[$c]=-; done
col[job]=$name col[topo]=$topo col[task]=$task col[model]=$model col[alg]=${alg:-auto}
col[width]=$width col[target]=$target col[status]=ok

# failed STAGE LOG: the job failed at STAGE
failed() {
  col[status]=fail
  echo "$1 failed: see $2" >"$work/reason.txt"
  [ -s "$2" ] && tail -n 5 "$2" >>"$work/reason.txt"
  return 0
}

run_stages() {
  local sched=$work/schedule.tsv args=(schedule --topo "$topo" --task "$task" --model "$model")
  [ -n "$alg" ] && args+=(--alg "$alg")
  echo "-- SCHEDULE $topo $task $model ${alg:-auto} --" >"$work/schedule.log"
  if ! build/cmodel "${args[@]}" -o "$sched" >>"$work/schedule.log" 2>&1; then
    failed schedule "$work/schedule.log"
    return
  fi
  col[alg]=$(awk -F= '/^# *alg *=/ { print $2; exit }' "$sched")
  local verdict
  verdict=$(build/cmodel verify "$sched" 2>&1 | tee "$work/verify.log" | head -n 1) || true
  case $verdict in
    "OK "*)
      col[verify]=OK
      local kv
      for kv in $verdict; do
        case $kv in slots=* | lb=* | tx=* | txlb=*) col[${kv%%=*}]=${kv#*=} ;; esac
      done ;;
    *) col[verify]=FAIL
      failed verify "$work/verify.log"
      return ;;
  esac
  # the hardware flows build the verified schedule itself
  if [ "$sim" = 1 ]; then
    if SIM_DIR=$work/sim SCHEDULE=$sched WIDTH=$width sim/sim.sh >"$work/sim.log" 2>&1; then
      col[sim]=PASS
    else
      col[sim]=FAIL
      failed sim "$work/sim.log"
      return
    fi
  fi
  if [ "$target" != none ]; then
    if ! SYNTH_DIR=$work/synth SCHEDULE=$sched WIDTH=$width TARGET=$target synth/synth.sh >"$work/synth.log" 2>&1; then
      failed synth "$work/synth.log"
      return
    fi
    # SYNTH topo=... scope=router luts=N ffs=N brams=N mem_depth=N [fmax_mhz=F] status=S
    local line kv
    line=$(grep -m 1 ' scope=router ' "$work/synth/summary_$target.txt" || true)
    [ -n "$line" ] || { failed synth "$work/synth.log"; return; }
    for kv in $line; do
      case $kv in
        luts=* | ffs=* | brams=*) col[${kv%%=*}]=${kv#*=} ;;
        fmax_mhz=*) col[fmax]=${kv#*=} ;;
        status=*) col[synth]=${kv#*=} ;; # ok, timing-fail, no-fit: a result, not a failed job
      esac
    done
  fi
}
run_stages

col[seconds]=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
row=""
for c in "${SWEEP_COLUMNS[@]}"; do row+="${row:+$'\t'}${col[$c]}"; done
printf '%s\n%s\n' "$SWEEP_HEADER" "$row" >"$work/summary.tsv.tmp"
mv -f "$work/summary.tsv.tmp" "$work/summary.tsv"
echo "$row"
[ "${col[status]}" = ok ]
