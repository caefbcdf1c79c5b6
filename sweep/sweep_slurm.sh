#!/usr/bin/env bash
#SBATCH --job-name=romnoc-sweep
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=02:00:00
#SBATCH --output=build/sweep/slurm-%A_%a.out
# sweep_slurm.sh JOBS — one line of a sweep's job list as a Slurm array task (docs/SWEEPS.md).
#   sbatch --array=1-$(wc -l <build/sweep/jobs.txt) sweep/sweep_slurm.sh build/sweep/jobs.txt
#   (--array=1-N%20: at most 20 at once; Slurm's MaxArraySize, often 1001, caps N)
# then, when the array is done: sweep/sweep_collect.sh build/sweep
# Runs line $SLURM_ARRAY_TASK_ID of JOBS (sweep/sweep_run.sh ...) from the checkout it was
# submitted from, which the nodes must share (build/cmodel and build/rtl_gen built there; the
# hardware tools installed on the nodes for target=generic|ice40 or sim=1). The job's summary
# goes where make sweep's would (OUT/jobs/<name>/summary.tsv) and its line to this task's
# output. Defaults above: 2 CPUs (Verilator builds with -j 2), 4 GB, 2 hours; override them on
# sbatch's command line. Without Slurm: SLURM_ARRAY_TASK_ID=K sweep/sweep_slurm.sh JOBS.
# Exit status: the job's (0 ok, 1 failed and recorded); 2 for bad input (no or a bad task id, no
# such line), one line on stderr.
set -euo pipefail
prog=sweep_slurm.sh
die() { echo "$prog: $*" >&2; exit 2; }
jobs=${1:-}
[ -n "$jobs" ] || die "usage: sbatch --array=1-N sweep/sweep_slurm.sh JOBS.txt (N: the lines of JOBS.txt)"
[ -n "${SLURM_ARRAY_TASK_ID:-}" ] || die "SLURM_ARRAY_TASK_ID is not set (submit with sbatch --array=1-N, or set it to a line of $jobs)"
k=$SLURM_ARRAY_TASK_ID
[[ $k =~ ^[1-9][0-9]*$ ]] || die "bad SLURM_ARRAY_TASK_ID '$k' (expected a line number from 1; --array=1-N)"
[ -f "$jobs" ] || die "no job list '$jobs'"
jobs=$(cd "$(dirname "$jobs")" && pwd)/$(basename "$jobs")
# the checkout: this script's parent when run in place; under sbatch the script is a copy in
# Slurm's spool directory, and the checkout is the directory it was submitted from
here=$(cd "$(dirname "$0")" && pwd)
if [ -f "$here/sweep_run.sh" ]; then
  repo=$(dirname "$here")
else
  repo=${SLURM_SUBMIT_DIR:-$PWD}
fi
[ -x "$repo/sweep/sweep_run.sh" ] || die "no sweep/sweep_run.sh in '$repo' (submit from the checkout)"
n=$(wc -l <"$jobs")
[ "$k" -le "$n" ] || die "SLURM_ARRAY_TASK_ID $k is past the last line of $jobs ($n lines)"
read -r -a words <<<"$(sed -n "${k}p" "$jobs")"
[ "${words[0]-}" = sweep/sweep_run.sh ] || die "line $k of $jobs is no job ('${words[0]-}')"
cd "$repo"
exec "${words[@]}"
