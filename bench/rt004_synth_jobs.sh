# rt004_synth_jobs.sh — sourced by the benches of paper 004's run-time routers (pmnbrt_bench.sh,
# pexrt_bench.sh): for each topology of $topos, the run-time router ($router: pmnb or pexchange,
# synth/rt004_synth.sh) and the ROM router of the same task with 004's and 004-runtime's schedules
# for M = N/2 nodes drawn by --m M --seed 1 (synth/synth.sh), all on the iCE40 HX8K, two jobs at
# a time, each job's log and wall time in $work/<kind>_<topo>.log; then rt_row TOPO KIND WHAT
# SLOTS appends one table row to $rows. Needs repo, work, topos and router; $split_kinds (pmnb):
# more kinds, each of the above with packets cut into pieces (SPLIT=1), e.g. "rt-split".
# shellcheck shell=bash
jobs=()
for t in $topos; do
  for kind in rt rom-004 rom-004-runtime ${split_kinds-}; do jobs+=("$kind $t"); done
done
run_job() { # rt|rom-ALG[-split] TOPO
  local kind=${1%-split} topo=$2 tag=${1}_${2//[:x]/-} p=${2##*x} split=0 start
  [ "$kind" = "$1" ] || split=1
  start=$(date +%s)
  if [ "$kind" = rt ]; then
    TOPO=$topo TARGET=ice40 SYNTH_DIR="$work/$tag" ROUTER=$router SPLIT=$split "$repo/synth/rt004_synth.sh" >"$work/$tag.log" 2>&1 || true
  else
    TOPO=$topo TASK=$router ALG=${kind#rom-} SPLIT=$split M=$((p * p / 2)) KSEED=1 TARGET=ice40 SYNTH_DIR="$work/$tag" \
      "$repo/synth/synth.sh" >"$work/$tag.log" 2>&1 || true
  fi
  echo "seconds=$(($(date +%s) - start))" >>"$work/$tag.log"
  echo "-- BENCH $router-runtime $1 $topo: $(grep '^SYNTH' "$work/$tag.log" | tail -n 1 | cut -d' ' -f6-)" >&2
}
export -f run_job
export work repo router
[ "${#jobs[@]}" = 0 ] || printf '%s\n' "${jobs[@]}" | xargs -P 2 -I{} bash -c 'run_job {}'

field() { sed -nE "s/^(.* )?$1=([^ ]+).*/\2/p"; }
rows=""
rt_row() { # TOPO KIND WHAT SLOTS: the job's figures as a table row
  local tag=${2}_${1//[:x]/-} line
  line=$(grep -h "scope=router" "$work/$tag.log" | tail -n 1 || echo "status=missing")
  rows+="| $1 | $3 | $4 | $(printf '%s' "$line" | field luts) | $(printf '%s' "$line" | field ffs) | $(printf '%s' "$line" | field brams) | $(printf '%s' "$line" | field fmax_mhz) | $(printf '%s' "$line" | field status) | $(sed -nE 's/^seconds=//p' "$work/$tag.log" | tail -n 1) s |"$'\n'
}
