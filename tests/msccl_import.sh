#!/usr/bin/env bash
# tests/msccl_import.sh BIN - MSCCL XML with reductions, read and written (docs/EXPORT.md), each
# file checked two ways: executed on numbers by a small reference interpreter written apart from
# the importer (tests/msccl_ref.py: random inputs, its outputs against a direct all-reduce,
# all-gather or all-to-all in MPI's layout), and imported by cmodel and verified.
#
#   1. foreign files written as msccl-tools writes them (tests/msccl_gen.py): ring and all-pairs
#      allreduce (s, rrs, rrcs, rcs, r / s, rrc, r; channels; in and out of place), ring and
#      gather-then-broadcast allgather (cnt = N), all-pairs alltoall (in place too: scratch, then
#      cpy), on 4 to 16 GPUs over
#      ring:N or complete:N: the interpreter says OK, cmodel verify says OK with tx = the words
#      the collective needs (2N(N-1) for allreduce: N-1 partials and N-1 sums of each of N
#      chunks; N(N-1) for allgather and alltoall; gather-then-broadcast N-1 + N(N-1)), and the
#      imported rows verify again as a TSV with the same line;
#      each with three mutations (a dropped step, a wrong output offset, a doubled reduction for
#      allreduce), which both the interpreter and cmodel must call FAIL;
#   2. a step between GPUs that are not linked in the topology given: FAIL naming the pair;
#   3. romnoc's own exports (reduce, reduce_scatter, allreduce, global_sum and the packet tasks
#      on hypercube:3, ring:8, torus:4x4) executed by the interpreter: OK (the round trips
#      through the importer are export.sh's);
#   4. hardware from a foreign file: make sim SCHEDULE=F.xml on the ring allreduce: the simulated
#      fabric's wire log verifies; rtl_gen --schedule F.xml gives the design of the imported
#      TSV; its refusals (no topology, an unknown --from, --topo beside a TSV).
# Prints "ok NAME" / "FAIL NAME: why", then "msccl: N passed, N failed".
BIN=${1:?usage: tests/msccl_import.sh BIN} NAME=msccl # NAME: suite.sh's temporary directory
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"
# shellcheck source=tests/checks.sh
. "$(dirname "$0")/checks.sh"

gen() { python3 tests/msccl_gen.py "$@"; }
# ref_all FILE...: the interpreter on every file at once (its start-up is slow), each file's
# line into ref_of[FILE]
declare -A ref_of
ref_all() {
  local line
  while IFS= read -r line; do ref_of[${line%%: *}]=${line#*: }; done < <(python3 tests/msccl_ref.py --seed 7 "$@" 2>&1)
}

# 1. foreign files (coll algo N channels inplace topology words): written, then executed all at
# once, then imported
cases=$(cat <<EOF
allreduce ring 4 1 no ring:4 24
allreduce ring 4 2 yes ring:4 24
allreduce ring 5 1 no ring:5 40
allreduce ring 5 1 yes ring:5 40
allreduce ring 8 2 no ring:8 112
allreduce ring 8 1 yes ring:8 112
allreduce ring 16 2 no ring:16 480
allreduce allpairs 4 1 no complete:4 24
allreduce allpairs 8 2 yes complete:8 112
allreduce allpairs 16 1 no complete:16 480
allgather ring 4 1 no ring:4 12
allgather ring 8 2 no ring:8 56
allgather ring 16 1 no ring:16 240
allgather ring 8 2 yes ring:8 56
allgather gather-bcast 4 1 no complete:4 15
allgather gather-bcast 8 1 no complete:8 63
alltoall allpairs 4 1 no complete:4 12
alltoall allpairs 8 2 no complete:8 56
alltoall allpairs 16 1 no complete:16 240
alltoall allpairs 8 1 yes complete:8 56
EOF
)
mutations() { if [ "$1" = allreduce ]; then echo drop offset double; else echo drop offset; fi; }
files=()
k=0
while read -r coll algo n ch inplace topo words; do
  flags=(--coll "$coll" --algo "$algo" --gpus "$n" --channels "$ch")
  [ "$inplace" = yes ] && flags+=(--inplace)
  for m in none $(mutations "$coll"); do
    gen "${flags[@]}" --mutate "$m" -o "$T/f$k.$m.xml" && files+=("$T/f$k.$m.xml")
  done
  k=$((k + 1))
done <<<"$cases"
ref_all "${files[@]}"
k=0
while read -r coll algo n ch inplace topo words; do
  id="$coll $algo N=$n C=$ch$([ "$inplace" = yes ] && echo " inplace")" f=$T/f$k.none.xml
  k=$((k + 1))
  out=${ref_of[$f]-the generator wrote nothing}
  expect "$id: the interpreter's outputs are the direct $coll's" '[[ "$out" == OK* ]]' "$out"
  out=$("$BIN" verify --format msccl-xml --topo "$topo" "$f" 2>&1)
  expect "$id: OK on $topo with tx=$words" '[[ "$out" == "OK "*" tx=$words "* ]]' "$out"
  "$BIN" export --format tsv --from msccl-xml --topo "$topo" "$f" -o "$T/f.tsv" 2>"$T/err"
  again=$("$BIN" verify "$T/f.tsv" 2>&1)
  expect "$id: the imported rows verify the same as a TSV" '[ "$again" = "$out" ]' "$again"
  for m in $(mutations "$coll"); do
    out=${ref_of[${f%.none.xml}.$m.xml]-the generator wrote nothing}
    expect "$id, mutation $m: the interpreter says FAIL" '[[ "$out" == FAIL* ]]' "$out"
    out=$("$BIN" verify --format msccl-xml --topo "$topo" "${f%.none.xml}.$m.xml" 2>&1)
    rc=$?
    expect "$id, mutation $m: cmodel says FAIL" '[ $rc = 1 ] && [[ "$out" == FAIL* ]]' "exit $rc: $out"
  done
done <<<"$cases"

# 2. a transfer between GPUs that are not linked: the all-pairs allreduce on a ring
gen --coll allreduce --algo allpairs --gpus 8 -o "$T/ap.xml"
refuses "all-pairs allreduce on ring:8: 0->2 is not a link" "$T/ap.xml" "^FAIL slot=[0-9]+ src=0 dst=2 .*not a link" \
  --format msccl-xml --topo ring:8

# 3. romnoc's exports executed by the interpreter
files=()
for topo in hypercube:3 ring:8 torus:4x4; do
  for task in allreduce reduce_scatter reduce global_sum "global_sum --alg reduce-bcast" mnb te snb scatter gather; do
    f="$T/e.${topo/:/-}.${task// /_}.xml"
    # shellcheck disable=SC2086 # task carries its options
    if "$BIN" export --format msccl-xml --topo "$topo" --task $task -o "$f" 2>"$T/err"; then files+=("$f"); else fail "$topo $task: export" "exit $?" "$T/err"; fi
  done
done
ref_all "${files[@]}"
for f in "${files[@]}"; do
  out=${ref_of[$f]}
  expect "${f#"$T"/e.}: romnoc's export runs in the interpreter" '[[ "$out" == OK* ]]' "$out"
done

# 4. hardware from a foreign file: the ring allreduce on 8 GPUs, 2 channels, without romnoc's
# attributes (TOPO names the topology)
gen --coll allreduce --algo ring --gpus 8 --channels 2 -o "$T/ring8.xml"
want=$("$BIN" verify --format msccl-xml --topo ring:8 "$T/ring8.xml")
make -s sim SCHEDULE="$T/ring8.xml" TOPO=ring:8 >"$T/sim.log" 2>&1
rc=$?
expect "ring allreduce XML in hardware: the simulation passes" '[ $rc = 0 ] && grep -q "^PASS topo=ring:8 task=allreduce" "$T/sim.log"' \
  "exit $rc: $(tail -n 5 "$T/sim.log")"
expect "ring allreduce XML in hardware: the wire log verifies as the import does ($want)" \
  'grep -qx -- "$want" "$T/sim.log"' "$(tail -n 3 "$T/sim.log")"

# rtl_gen reads the XML itself (its format by the name, or --from): the same design as from the
# imported TSV; an XML without romnoc's attributes needs --topo; a TSV takes no --topo
RTL_GEN=${RTL_GEN:-build/rtl_gen}
"$BIN" export --format tsv --from msccl-xml --topo ring:8 "$T/ring8.xml" -o "$T/ring8.tsv"
"$RTL_GEN" --schedule "$T/ring8.xml" --topo ring:8 -o "$T/from_xml" >/dev/null 2>"$T/err"
rc=$?
"$RTL_GEN" --schedule "$T/ring8.tsv" -o "$T/from_tsv" >/dev/null 2>&1
expect "rtl_gen --schedule F.xml: the design rtl_gen makes from the imported TSV" \
  '[ $rc = 0 ] && diff -r "$T/from_xml" "$T/from_tsv" >"$T/diff"' "exit $rc: $(head -c 300 "$T/err") $(head -c 300 "$T/diff")"
cp "$T/ring8.xml" "$T/ring8.data"
"$RTL_GEN" --schedule "$T/ring8.data" --from msccl-xml --topo ring:8 -o "$T/from_data" >/dev/null 2>&1
expect "rtl_gen --from msccl-xml: the same design" 'diff -r "$T/from_xml" "$T/from_data" >/dev/null'
while IFS='|' read -r want args; do
  # shellcheck disable=SC2086 # args are words
  "$RTL_GEN" $args >"$T/out" 2>"$T/err"
  rc=$?
  expect "rtl_gen refuses: $args" '[ $rc = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$want" "$T/err"' \
    "want exit 2 and one line matching /$want/, got exit $rc: $(cat "$T/err")"
done <<EOF
missing --topo|--schedule $T/ring8.xml -o $T/none
unknown --from 'yaml' \(expected tsv, json or msccl-xml\)|--schedule $T/ring8.xml --from yaml -o $T/none
comes with its own topology|--schedule $T/ring8.tsv --topo ring:8 -o $T/none
--from names the format of a --schedule file|--topo ring:8 --task mnb --from json -o $T/none
EOF

echo "msccl: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
