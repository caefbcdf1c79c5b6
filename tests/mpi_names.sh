#!/usr/bin/env bash
# tests/mpi_names.sh CMODEL RTL_GEN — MPI's collective names as aliases (issue 15): bcast = snb,
# allgather = mnb, alltoall = te; scatter, gather, reduce, reduce_scatter and allreduce are
# MPI's names already.
#
#   1. `cmodel info --task NAME` gives the task's own name and its MPI name, for either spelling;
#   2. `cmodel schedule --task ALIAS` writes the same bytes as the task's own name (hypercube:3,
#      torus:3x3, mesh:3x3, ring:5), and the slots are paper 000's figures on the hypercube:
#      bcast d, allgather ceil((2^d-1)/d), alltoall 2^(d-1) (computed here from d);
#   3. a schedule whose metadata says task=ALIAS verifies as the task's own;
#   4. `cmodel table --task ALIAS` equals `--task OWN`;
#   5. rtl_gen --task ALIAS writes the same design, byte for byte, as --task OWN;
#   6. scripts/design_name.sh (make sim and make synth) names the design after the task's own
#      name, and refuses an unknown one with exit 2; so does a sweep's job list;
#   7. both spellings are in --help (cmodel schedule, rtl_gen) and in README.md.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then "mpi_names: N passed, N
# failed"; exits 1 if any check failed.
BIN=$1 RTLGEN=$2 NAME=mpi_names
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
case $RTLGEN in /*) ;; *) RTLGEN=$PWD/$RTLGEN ;; esac
REPO=$(cd "$HERE/.." && pwd)

declare -A own=([bcast]=snb [allgather]=mnb [alltoall]=te)
mpi_as_is="scatter gather reduce reduce_scatter allreduce"

# 1. info
for alias in "${!own[@]}"; do
  for name in "$alias" "${own[$alias]}"; do
    out=$("$BIN" info --task "$name" 2>&1)
    expect "info --task $name" '[[ $out == "task=${own[$alias]} mpi=$alias "* ]]' "got '$out'"
  done
done
for t in $mpi_as_is; do
  out=$("$BIN" info --task "$t" 2>&1)
  expect "info --task $t is MPI's name" '[[ $out == "task=$t mpi=$t "* ]]' "got '$out'"
done
for t in global_sum kbcast pmnb pexchange pgather; do
  out=$("$BIN" info --task "$t" 2>&1)
  expect "info --task $t has no MPI name" '[[ $out == "task=$t mpi=- "* ]]' "got '$out'"
done
"$BIN" info --task Bcast >"$T/out" 2>"$T/err"
rc=$?
expect "info --task Bcast (names are case-sensitive) is refused" \
  '[ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q "unknown task .Bcast. (expected snb or bcast," "$T/err"' \
  "exit $rc: $(cat "$T/err")"

# 2. the same schedule under either name, paper 000's slots on the hypercube
slots_of() { awk -F= '/^# slots=/ { print $2; exit }' "$1"; }
for topo in hypercube:3 torus:3x3 mesh:3x3 ring:5; do
  for alias in "${!own[@]}"; do
    "$BIN" schedule --topo "$topo" --task "$alias" -o "$T/a.tsv" 2>"$T/err" &&
      "$BIN" schedule --topo "$topo" --task "${own[$alias]}" -o "$T/o.tsv" 2>>"$T/err"
    expect "$topo: schedule --task $alias = --task ${own[$alias]}" 'cmp -s "$T/a.tsv" "$T/o.tsv"' "the files differ" "$T/err"
    expect "$topo: --task $alias writes task=${own[$alias]}" 'grep -qx "# task=${own[$alias]}" "$T/a.tsv"' "metadata"
  done
done
d=3 n=8
declare -A want=([bcast]=$d [allgather]=$(((n - 1 + d - 1) / d)) [alltoall]=$((n / 2)))
for alias in "${!own[@]}"; do
  "$BIN" schedule --topo hypercube:$d --task "$alias" -o "$T/a.tsv"
  s=$(slots_of "$T/a.tsv")
  expect "hypercube:$d $alias takes ${want[$alias]} slots (000)" '[ "$s" = "${want[$alias]}" ]' "got $s"
  # 3. metadata spelled the MPI way
  sed "s/^# task=.*/# task=$alias/" "$T/a.tsv" >"$T/m.tsv"
  out=$("$BIN" verify "$T/m.tsv" 2>&1)
  expect "verify a file that says task=$alias" '[[ $out == "OK slots=${want[$alias]} lb=${want[$alias]} "* ]]' "got '$out'"
done
"$BIN" schedule --topo hypercube:$d --task bcast --root 5 -o "$T/a.tsv"
sed "s/^# task=.*/# task=bcast/" "$T/a.tsv" >"$T/m.tsv"
out=$("$BIN" verify "$T/m.tsv" 2>&1)
expect "verify task=bcast root=5 keeps its root" '[[ $out == "OK slots=$d "* ]] && grep -qx "# root=5" "$T/m.tsv"' "got '$out'"

# 4. the table
"$BIN" table --topo hypercube:2..4 --task allgather >"$T/a.txt" 2>&1
"$BIN" table --topo hypercube:2..4 --task mnb >"$T/o.txt" 2>&1
expect "table --task allgather = --task mnb" 'cmp -s "$T/a.txt" "$T/o.txt" && [ -s "$T/o.txt" ]' "differ" "$T/a.txt"

# 5. rtl_gen
"$RTLGEN" --topo torus:3x3 --task alltoall -o "$T/ga" >/dev/null 2>"$T/err" &&
  "$RTLGEN" --topo torus:3x3 --task te -o "$T/go" >/dev/null 2>>"$T/err"
expect "rtl_gen --task alltoall = --task te" 'diff -r "$T/ga" "$T/go" >/dev/null' "the designs differ" "$T/err"

# 6. the make variables: TASK=bcast names the design after snb, with snb's root
design() ( # design TASK: name and rtl_gen arguments from scripts/design_name.sh (it runs
  set -euo pipefail # $repo/build/cmodel, as make sim does)
  repo=$REPO TOPO=hypercube:3 TASK=$1
  . "$REPO/scripts/design_name.sh"
  echo "$name ${gen_args[*]}"
)
out=$(design bcast 2>&1)
expect "design_name.sh: TASK=bcast is hypercube-3_snb_r0_w32, --task snb --root 0" \
  '[[ $out == "hypercube-3_snb_r0_w32 --topo hypercube:3 --task snb "*"--root 0" ]]' "got '$out'"
out=$(design alltoall 2>&1)
expect "design_name.sh: TASK=alltoall is hypercube-3_te_w32" '[[ $out == "hypercube-3_te_w32 "* ]]' "got '$out'"
out=$(design frob 2>&1)
rc=$?
expect "design_name.sh: TASK=frob is refused (exit 2, cmodel's line)" \
  '[ $rc = 2 ] && [[ $out == "cmodel: unknown task '"'"'frob'"'"'"* ]]' "exit $rc: $out"

# sweeps: a job list names the task's own name
mkdir -p "$T/sweep"
(cd "$REPO" && sweep/sweep_jobs.sh -o "$T/sweep/jobs.txt" "topo=hypercube:2 task=bcast,alltoall") >/dev/null 2>&1
expect "sweep_jobs.sh task=bcast,alltoall: jobs of snb and te" \
  '[ "$(grep -c " task=snb " "$T/sweep/jobs.txt")" = 1 ] && [ "$(grep -c " task=te " "$T/sweep/jobs.txt")" = 1 ] && [ "$(wc -l <"$T/sweep/jobs.txt")" = 2 ]' \
  "$(cat "$T/sweep/jobs.txt" 2>&1)"

# 7. documented
"$BIN" schedule --help >"$T/h1"
"$RTLGEN" --help >"$T/h2"
for f in "$T/h1" "$T/h2"; do
  expect "--help of $(basename "$f") names bcast, allgather, alltoall" \
    'grep -q "bcast (= snb)" "$f" && grep -q "allgather (= mnb)" "$f" && grep -q "alltoall (= te)" "$f"' "not found"
done
expect "README.md shows both spellings" 'grep -q "bcast.*snb" "$REPO/README.md" && grep -q "alltoall.*te" "$REPO/README.md"' \
  "not found"

echo "mpi_names: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
