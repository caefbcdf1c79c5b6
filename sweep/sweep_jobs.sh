#!/usr/bin/env bash
# sweep_jobs.sh [-o FILE] [SWEEP...] — the job list of a sweep (make sweep; docs/SWEEPS.md).
#   sweep/sweep_jobs.sh -o build/sweep/jobs.txt topo=hypercube:2..8 task=all width=16,32 target=ice40
# SWEEP: words key=values (one or several arguments, split at white space; none: the default
# "topo=hypercube:2..4 task=mnb,te target=none"). Keys: topo (a topology, a range A..B as cmodel
# table reads it, or a comma list of them), task (names or all), model, alg, width, target
# (none | generic | ice40), sim (0 | 1); each a comma list, each key once.
# Writes FILE (default build/sweep/jobs.txt): one job a line, the product of the keys in the
# order above (topo slowest), each line a command run from the checkout:
#   sweep/sweep_run.sh out=DIR topo=hypercube:3 task=mnb model=mla width=32 target=none sim=0
# (DIR: FILE's directory, where the jobs' summaries go), and beside it jobs.mk (the same jobs as
# make targets: make -f jobs.mk -j N) and refused.txt. A (topo, task, model, alg) that the golden
# model refuses (cmodel schedule exits 2, e.g. a construction made for another topology) is no
# job: it is counted and its reason listed in refused.txt. Both files are written beside
# themselves and renamed when complete; the same SWEEP gives byte-identical files.
# Bad input (an unknown key, a bad value, every combination refused): one line on stderr naming
# it, exit 2, nothing written.
set -euo pipefail
prog=sweep_jobs.sh
repo=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=sweep/sweep_lib.sh
. "$repo/sweep/sweep_lib.sh"

file=build/sweep/jobs.txt
if [ "${1-}" = -o ]; then
  [ $# -ge 2 ] || sweep_die "-o needs a file"
  file=$2
  shift 2
fi
case $file in */jobs.txt | jobs.txt) ;; *) sweep_die "bad job list '$file' (expected DIR/jobs.txt: the jobs' summaries go to DIR/jobs/)" ;; esac
dir=$(dirname "$file")
# a job line's out= is relative to the checkout (portable to a cluster's copy of it): a relative
# DIR given from elsewhere is made absolute
if [[ $dir != /* ]] && [ "$(pwd -P)" != "$(cd "$repo" && pwd -P)" ]; then dir=$PWD/$dir; fi
sweep_check_path "$dir"
[ -x "$repo/build/cmodel" ] || sweep_die "no $repo/build/cmodel (make build/cmodel first)"

read -ra words <<<"$*"
[ ${#words[@]} -gt 0 ] || read -ra words <<<"$SWEEP_DEFAULT"
declare -A vals=()
for w in "${words[@]}"; do
  [[ $w == *=* ]] || sweep_die "bad SWEEP word '$w' (expected key=values, e.g. topo=hypercube:2..8)"
  k=${w%%=*} v=${w#*=}
  case " ${SWEEP_KEYS[*]} " in *" $k "*) ;; *) sweep_die "unknown key '$k' in '$w' (expected one of ${SWEEP_KEYS[*]})" ;; esac
  [ -z "${vals[$k]+set}" ] || sweep_die "key '$k' given twice ('$w')"
  [ -n "$v" ] || sweep_die "no value in '$w'"
  [[ $v != ,* && $v != *, && $v != *,,* ]] || sweep_die "empty item in '$w'"
  vals[$k]=$v
done
[ -n "${vals[topo]+set}" ] || sweep_die "no topo= in SWEEP (e.g. topo=hypercube:2..8)"

# each key's items, checked; topo's ranges expanded
expand() { # expand KEY: the items of KEY, one a line
  local item
  IFS=, read -ra items <<<"${vals[$1]-$(sweep_default "$1")}"
  [ ${#items[@]} -gt 0 ] || { echo ""; return; } # alg: auto
  for item in "${items[@]}"; do
    if [ "$1" = topo ]; then
      sweep_expand_topo "$item"
    elif [ "$1" = task ] && [ "$item" = all ]; then
      printf '%s\n' "${SWEEP_ALL_TASKS[@]}"
    elif [ "$1" = task ]; then # MPI's names as aliases: the jobs use the task's own
      item=$(sweep_task_name "$item")
      sweep_check task "$item"
      echo "$item"
    else
      sweep_check "$1" "$item"
      echo "$item"
    fi
  done
}
T=$(mktemp -d "${TMPDIR:-/tmp}/sweep_jobs.XXXXXX")
trap 'rm -rf "$T"' EXIT
L_topo=() L_task=() L_model=() L_alg=() L_width=() L_target=() L_sim=() # filled below
for k in "${SWEEP_KEYS[@]}"; do
  expand "$k" >"$T/key.$k" # in this shell, not a subshell: sweep_die's exit ends the script
  mapfile -t "L_$k" <"$T/key.$k"
  dup=$(sort "$T/key.$k" | uniq -d | head -n 1)
  [ -z "$dup" ] || sweep_die "$k '$dup' comes twice in '$k=${vals[$k]}' (the same job twice)"
done

# the product; the golden model decides which (topo, task, model, alg) exist
njobs=0 nrefused=0
: >"$T/jobs.txt"
: >"$T/refused.txt"
for topo in "${L_topo[@]}"; do
  for task in "${L_task[@]}"; do
    for model in "${L_model[@]}"; do
      for alg in "${L_alg[@]}"; do
        args=(schedule --topo "$topo" --task "$task" --model "$model")
        [ -n "$alg" ] && args+=(--alg "$alg")
        rc=0
        "$repo/build/cmodel" "${args[@]}" -o "$T/schedule.tsv" 2>"$T/err" || rc=$?
        if [ $rc = 2 ]; then
          n=$((${#L_width[@]} * ${#L_target[@]} * ${#L_sim[@]}))
          nrefused=$((nrefused + n))
          printf '%s\t%s\t%s\t%s\t%s jobs\t%s\n' "$topo" "$task" "$model" "${alg:-auto}" "$n" "$(head -n 1 "$T/err")" >>"$T/refused.txt"
          continue
        fi # any other failure is the job's to record
        for width in "${L_width[@]}"; do
          for target in "${L_target[@]}"; do
            for sim in "${L_sim[@]}"; do
              line="$SWEEP_RUNNER out=$dir topo=$topo task=$task model=$model"
              [ -n "$alg" ] && line+=" alg=$alg"
              echo "$line width=$width target=$target sim=$sim" >>"$T/jobs.txt"
              njobs=$((njobs + 1))
            done
          done
        done
      done
    done
  done
done
[ $njobs -gt 0 ] || sweep_die "no job: the golden model refuses every combination ($(cut -f 6 "$T/refused.txt" | head -n 1))"

# the same jobs as make targets (make sweep runs them with make -j): a failed job is recorded
# in its summary, not a stop
{
  echo "# generated by sweep/sweep_jobs.sh from $file: make -f $dir/jobs.mk -j N, from the checkout"
  echo ".PHONY: all$(seq -f ' job%.0f' 1 $njobs | tr -d '\n')"
  echo "all:$(seq -f ' job%.0f' 1 $njobs | tr -d '\n')"
  n=0
  while read -r line; do
    n=$((n + 1))
    printf 'job%d:\n\t@%s || true\n' "$n" "$line"
  done <"$T/jobs.txt"
} >"$T/jobs.mk"

mkdir -p "$dir"
for f in jobs.txt jobs.mk refused.txt; do
  cp "$T/$f" "$dir/$f.tmp.$$"
  mv -f "$dir/$f.tmp.$$" "$dir/$f"
done
msg="$prog: $njobs jobs -> $file"
[ $nrefused = 0 ] || msg+=" ($nrefused refused by the golden model: $dir/refused.txt)"
echo "$msg"
