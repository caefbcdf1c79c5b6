# sweep_lib.sh — sourced by the sweep scripts (sweep_jobs.sh, sweep_run.sh, sweep_slurm.sh,
# sweep_collect.sh): the SWEEP keys and their values, a job's name, the summary columns.
# Written once here so the job list, the runner and the collector cannot disagree.
# The caller sets prog (its name, for messages) and repo (the checkout) before sourcing.
# shellcheck shell=bash disable=SC2034,SC2154 # the constants and parsed fields are the callers'

# the summary line of one job (sweep_run.sh prints it; sweep_collect.sh merges them); '-' where
# a column does not apply
SWEEP_COLUMNS=(job topo task model alg width target slots lb tx txlb verify sim luts ffs brams fmax synth status seconds)
SWEEP_HEADER=$(IFS=$'\t' && echo "${SWEEP_COLUMNS[*]}")
# the keys of a SWEEP word, in the order of the job list's nesting and of a job line
SWEEP_KEYS=(topo task model alg width target sim)
# task=all: the tasks without an active set (kbcast, pmnb and pexchange need K or M: make sim)
SWEEP_ALL_TASKS=(snb mnb scatter gather te reduce reduce_scatter allreduce global_sum)
# make sweep with SWEEP empty: small and fast (schedule and verify only)
SWEEP_DEFAULT="topo=hypercube:2..4 task=mnb,te target=none"
# the runner of a job line (relative to the checkout)
SWEEP_RUNNER=sweep/sweep_run.sh

sweep_die() { echo "$prog: $*" >&2; exit 2; }

# sweep_default KEY: a key's value when a SWEEP word does not name it ('' for alg: auto)
sweep_default() {
  case $1 in
    task) echo all ;; model) echo mla ;; width) echo 32 ;; target) echo none ;; sim) echo 0 ;; alg) echo "" ;;
    *) return 1 ;;
  esac
}

# sweep_task_name NAME: the task's own name for MPI's (bcast -> snb, allgather -> mnb, alltoall ->
# te; cmodel info --task), or NAME as it is when cmodel knows no such task (sweep_check names it)
sweep_task_name() {
  local own
  own=$("$repo/build/cmodel" info --task "$1" 2>/dev/null | sed -n 's/^task=\([^ ]*\) .*/\1/p') || true
  echo "${own:-$1}"
}

# sweep_check KEY VALUE: dies (exit 2, one line naming it) unless VALUE is a valid single value of
# KEY. topo is a single topology here (ranges are sweep_expand_topo's); cmodel checks its sizes.
sweep_check() {
  local key=$1 v=$2 t
  case $key in
    topo)
      [[ $v =~ ^(hypercube|ring):[0-9]+$ || $v =~ ^(torus|mesh):[0-9]+(x[0-9]+)*$ ]] ||
        sweep_die "bad topology '$v' (expected hypercube:D, ring:N, torus:K1xK2[x...], mesh:K1xK2[x...] or a range A..B of them)"
      "$repo/build/cmodel" info --topo "$v" >/dev/null 2>&1 ||
        sweep_die "bad topology '$v': $("$repo/build/cmodel" info --topo "$v" 2>&1 >/dev/null | sed 's/^cmodel: //')" ;;
    task)
      case $v in kbcast | pmnb | pexchange) sweep_die "task '$v' needs an active set (K or M): sweeps run the tasks without one (make sim TASK=$v)" ;; esac
      for t in "${SWEEP_ALL_TASKS[@]}"; do [ "$v" = "$t" ] && return 0; done
      sweep_die "unknown task '$v' (expected all or some of ${SWEEP_ALL_TASKS[*]})" ;;
    model) case $v in mla | oneway | sp-full | sp-half) ;; *) sweep_die "unknown model '$v' (expected mla, oneway, sp-full or sp-half)" ;; esac ;;
    alg) [[ $v =~ ^[a-z0-9][a-z0-9-]*$ ]] || sweep_die "bad construction '$v' (expected a name of cmodel schedule --help, e.g. classes)" ;;
    width) if ! [[ $v =~ ^[1-9][0-9]{0,3}$ ]] || [ "$v" -gt 1024 ]; then sweep_die "bad width '$v' (expected 1..1024 payload bits)"; fi ;;
    target) case $v in none | generic | ice40) ;; *) sweep_die "unknown target '$v' (expected none, generic or ice40)" ;; esac ;;
    sim) case $v in 0 | 1) ;; *) sweep_die "bad sim '$v' (expected 0 or 1)" ;; esac ;;
    *) sweep_die "unknown key '$key' (expected one of ${SWEEP_KEYS[*]})" ;;
  esac
}

# sweep_expand_topo WORD: the topologies of one topo value, one a line: a topology, or a box
# A..B of them as cmodel table reads it (hypercube:2..8, ring:4..8, torus:3x3..4x4: every K1 in
# 3..4 and K2 in 3..4, the first dimension slowest). Dies on a bad one.
sweep_expand_topo() {
  local w=$1 kind lo hi i n
  if [[ $w != *..* ]]; then
    sweep_check topo "$w"
    echo "$w"
    return
  fi
  [[ $w =~ ^(hypercube|ring|torus|mesh):([0-9]+(x[0-9]+)*)\.\.([0-9]+(x[0-9]+)*)$ ]] ||
    sweep_die "bad topology range '$w' (expected e.g. hypercube:2..8, ring:4..8, torus:3x3..4x4)"
  kind=${BASH_REMATCH[1]}
  IFS=x read -ra lo <<<"${BASH_REMATCH[2]}"
  IFS=x read -ra hi <<<"${BASH_REMATCH[4]}"
  [ ${#lo[@]} = ${#hi[@]} ] || sweep_die "bad topology range '$w' (both ends need the same number of sizes)"
  for i in "${!lo[@]}"; do
    lo[i]=$((10#${lo[i]})) hi[i]=$((10#${hi[i]}))
    [ "${lo[i]}" -le "${hi[i]}" ] || sweep_die "topology range '$w' is empty (${lo[i]} > ${hi[i]})"
  done
  # both corners valid: that checks the kind, the number of sizes and every size's range
  sweep_check topo "$kind:$(IFS=x && echo "${lo[*]}")"
  sweep_check topo "$kind:$(IFS=x && echo "${hi[*]}")"
  local size=("${lo[@]}")
  n=${#lo[@]}
  while :; do
    echo "$kind:$(IFS=x && echo "${size[*]}")"
    i=$((n - 1))
    while [ $i -ge 0 ] && [ "${size[i]}" = "${hi[i]}" ]; do size[i]=${lo[i]} i=$((i - 1)); done
    [ $i -ge 0 ] || break
    size[i]=$((size[i] + 1))
  done
}

# sweep_job_name TOPO TASK MODEL ALG WIDTH TARGET SIM: the job's directory name under OUT/jobs/,
# e.g. hypercube-3_mnb_mla_w32_none, torus-3x3_te_oneway_coloring_w16_ice40_sim
sweep_job_name() {
  local name="${1//:/-}_$2_$3"
  [ -n "$4" ] && name+="_$4"
  name+="_w$5_$6"
  [ "$7" = 1 ] && name+=_sim
  echo "$name"
}

# sweep_parse_job WORD...: a job line's key=value words (each key once; out, topo and task
# required, the rest defaulted) into the variables out topo task model alg width target sim;
# dies on a bad one
sweep_parse_job() {
  local w k v seen=" "
  out=build/sweep topo="" task="" model=mla alg="" width=32 target=none sim=0
  for w in "$@"; do
    [[ $w == *=* ]] || sweep_die "bad job word '$w' (expected key=value)"
    k=${w%%=*} v=${w#*=}
    [[ $seen == *" $k "* ]] && sweep_die "key '$k' given twice in '$w'"
    seen+="$k "
    if [ "$k" = out ]; then
      sweep_check_path "$v"
      out=$v
      continue
    fi
    [ "$k" = alg ] && [ -z "$v" ] && continue
    sweep_check "$k" "$v"
    printf -v "$k" '%s' "$v"
  done
  [ -n "$topo" ] || sweep_die "no topo= in the job"
  [ -n "$task" ] || sweep_die "no task= in the job"
}

# sweep_check_path P: an output directory a job line can carry as one word
sweep_check_path() {
  [[ $1 =~ ^[A-Za-z0-9/._+-]+$ ]] || sweep_die "bad output path '$1' (letters, digits and / . _ + - only)"
}
