#!/usr/bin/env bash
# rtl_gen_tests.sh BIN — the generator's command line: bad input (exit 2, one stderr line
# naming the value, nothing written), deterministic output, self-describing headers, a file
# list that names every module file, and schedules as input: a TSV written by cmodel gives
# the same design byte for byte as --topo/--task, a TSV with a non-link is refused before
# anything is written. --flit: tagged is the default byte for byte, bare changes the flit's width
# and not the ROMs. The combining tasks: --op, the combining router and its refusals, the
# golden whole sums (one line per node and chunk that must hold one). Several tasks in one fabric
# (--task a,b --ni, or --schedule once per task): the same design either way, its facts, ROM size
# and per-task golden files, and its refusals. Ends with "N passed, N failed". QUICK=1 (make check): the sweeps over every task and size on the small sizes only.
set -u
bin=$1
quick() { [ "${QUICK:-0}" = 1 ]; }
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-rtlgen.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0
pass() { npass=$((npass + 1)); }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; }

# bad VALUE ARGS...: exit 2, one stderr line containing VALUE, empty stdout, no output dir
bad() {
  local value=$1
  shift
  rm -rf "$T/out"
  "$bin" "$@" >"$T/stdout" 2>"$T/stderr"
  local rc=$?
  if [ $rc -ne 2 ] || [ "$(wc -l <"$T/stderr")" -ne 1 ] || ! grep -qF -- "$value" "$T/stderr" || [ -s "$T/stdout" ] ||
    [ -e "$T/out" ]; then
    fail "rtl_gen $*: want exit 2 and one stderr line naming '$value'; got exit $rc: $(head -c 200 "$T/stderr")"
  else
    pass
  fi
}
bad hypercube:13 --topo hypercube:13 --task mnb -o "$T/out"
bad torus:128x64 --topo torus:128x64 --task mnb -o "$T/out"
bad torus:1x4 --topo torus:1x4 --task mnb -o "$T/out"
bad "'cycle'" --topo mesh:3x3 --task mnb --alg cycle -o "$T/out"
bad oneway --topo torus:2x4 --task mnb --model oneway --alg cayley -o "$T/out"
bad no-such.tsv --schedule "$T/no-such.tsv" -o "$T/out"
bad "--schedule" --schedule "$T/no-such.tsv" --topo torus:4x4 -o "$T/out"
bad "--schedule FILE or --topo" --task mnb -o "$T/out"
bad hypercube:0 --topo hypercube:0 --task mnb -o "$T/out"
bad "'sum'" --topo hypercube:3 --task allreduce --op sum -o "$T/out"
bad "task mnb combines none" --topo hypercube:3 --task mnb --op max -o "$T/out"
bad "task allreduce combines partial sums (use --arch combine)" --topo hypercube:3 --task allreduce --arch banked -o "$T/out"
bad "task mnb forwards packets" --topo hypercube:3 --task mnb --arch combine -o "$T/out"
bad "'0'" --topo hypercube:3 --task mnb --width 0 -o "$T/out"
bad 2000 --topo hypercube:3 --task mnb --width 2000 -o "$T/out"
bad "'8'" --topo hypercube:3 --task scatter --root 8 -o "$T/out"
bad "'1'" --topo hypercube:3 --task te --root 1 -o "$T/out"
bad -x --topo hypercube:3 --task te -x -o "$T/out"
bad "-o DIR" --topo hypercube:3 --task te
bad --width --topo hypercube:3 --task te -o "$T/out" --width
bad seed --topo hypercube:3 --task te --seed -4 -o "$T/out"
bad fancy --topo hypercube:3 --task te --arch fancy -o "$T/out"
bad "'wide'" --topo hypercube:3 --task te --flit wide -o "$T/out"
bad "task reduce's flits carry a chunk" --topo hypercube:3 --task reduce --flit bare -o "$T/out"
bad "at least 8" --topo hypercube:3 --task te --flit bare --width 7 -o "$T/out"

# --flit tagged is the default, byte for byte; --flit bare changes only the flit: W bits
# instead of W + 2*3 + 1 = 39 on hypercube:3, and ROMs identical to the tagged design's
"$bin" --topo hypercube:3 --task te -o "$T/tag0" && "$bin" --topo hypercube:3 --task te --flit tagged -o "$T/tag1" &&
  "$bin" --topo hypercube:3 --task te --flit bare -o "$T/bare"
diff -r "$T/tag0" "$T/tag1" >/dev/null && pass || fail "--flit tagged differs from the default"
grep -qx flit_width=39 "$T/tag0/design.txt" && grep -qx flit_width=32 "$T/bare/design.txt" && pass ||
  fail "hypercube:3 te: want flit_width=39 tagged and 32 bare"
for f in "$T"/tag0/rom*.hex; do
  cmp -s <(grep -v '^//' "$f") <(grep -v '^//' "$T/bare/${f##*/}") && pass || fail "--flit bare changed ${f##*/}"
done

# the same command twice: byte-identical files; every file names the generator and command
"$bin" --topo hypercube:3 --task scatter --root 5 -o "$T/a" && "$bin" --topo hypercube:3 --task scatter --root 5 -o "$T/a2"
if diff -r "$T/a" "$T/a2" >/dev/null; then pass; else fail "output is not deterministic"; fi
# (romnoc.core wraps its header comment at 80 columns, yamllint's width: joined back here)
missing=$(cd "$T/a" && for f in $(find . -type f | sort); do head -n 3 "$f" | sed -z 's/\n# / /g' | grep -q "rtl_gen [0-9.]* .*for topo=hypercube:3 task=scatter model=mla root=5 alg=classes schedule=fnv1a:[0-9a-f]\{16\} arch=banked width=32" || echo "$f"; done)
[ -z "$missing" ] && pass || fail "files without the generator and the design: $missing"
for list in files.f files_sim.f; do
  for f in $(grep -v '^//' "$T/a/$list"); do [ -f "$T/a/$f" ] && pass || fail "$list names missing $f"; done
done
[ "$(ls "$T/a"/rom_n*.hex | wc -l)" -eq 8 ] && pass || fail "a rooted task must get one ROM per node"
"$bin" --topo hypercube:3 --task mnb -o "$T/b" && [ "$(ls "$T/b"/*.hex)" = "$T/b/rom.hex" ] && pass ||
  fail "mnb must share one rom.hex"
# an unchanged file keeps its timestamp (so make does not rebuild it)
touch -d '2001-01-01' "$T/b/romnoc_router.v" && "$bin" --topo hypercube:3 --task mnb -o "$T/b" &&
  [ "$(stat -c %Y "$T/b/romnoc_router.v")" = "$(date -d 2001-01-01 +%s)" ] && pass || fail "an unchanged file was rewritten"
"$bin" --help | grep -q -- '--width' && pass || fail "--help does not describe --width"

# several tasks in one fabric (--task a,b --ni): deterministic, the same from --schedule given
# once per task, a ROM word per {task, cycle} (so rom_words = 2^task_bits * 2^cycle_bits), and
# per task its facts and golden files; a shared and a per-node task together get a ROM per node
"$bin" --topo torus:4x4 --task allgather,alltoall --ni -o "$T/m1" && "$bin" --topo torus:4x4 --task mnb,te --ni -o "$T/m2" &&
  "$bin" --topo torus:4x4 --task mnb --ni -o "$T/m-a" && "$bin" --topo torus:4x4 --task te --ni -o "$T/m-b" || fail "rtl_gen --task mnb,te --ni"
diff -r "$T/m1" "$T/m2" >/dev/null && pass || fail "--task allgather,alltoall and mnb,te differ"
build/cmodel schedule --topo torus:4x4 --task mnb -o "$T/ag.tsv" && build/cmodel schedule --topo torus:4x4 --task te -o "$T/a2a.tsv" &&
  "$bin" --schedule "$T/ag.tsv" --schedule="$T/a2a.tsv" --ni -o "$T/m4" && diff -r "$T/m1" "$T/m4" >/dev/null && pass ||
  fail "--schedule once per task must give the design --task mnb,te gives"
grep -qx 'task=mnb,te' "$T/m1/design.txt" && grep -qx 'tasks=2' "$T/m1/design.txt" && pass || fail "design.txt names the tasks"
for k in 0 1; do
  [ -f "$T/m1/sim_config_t$k.h" ] && cmp -s <(grep -v '^#' "$T/m1/golden/wire_t$k.tsv") \
    <(grep -v '^#' "$T/m-$([ $k = 0 ] && echo a || echo b)/golden/wire.tsv") && pass || fail "task $k's golden wire log"
done
# te's run: 9 cycles of a 16-entry stretch; mnb's 5 (torus:4x4: S = 8 and 4), so 2 * 16 words
[ "$(sed -n 's/^rom_words=//p' "$T/m1/design.txt")" = 32 ] && pass || fail "rom_words of mnb,te on torus:4x4"
"$bin" --topo hypercube:3 --task snb,mnb --root 2 --ni -o "$T/m3" && [ "$(ls "$T/m3"/rom_n*.hex | wc -l)" -eq 8 ] && pass ||
  fail "snb (a ROM per node) with mnb (shared) must get a ROM per node"
bad "add --ni" --topo torus:4x4 --task mnb,te -o "$T/out"
# packet and combining tasks together: the mixed router (banked beside combine, one ROM), per task
# the golden files of the task alone; combining tasks alone: the combine router
"$bin" --topo hypercube:3 --task te,reduce --root 1 --ni -o "$T/mx" && "$bin" --topo hypercube:3 --task reduce --root 1 -o "$T/mx-r" &&
  "$bin" --topo hypercube:3 --task reduce,allreduce --ni -o "$T/cb" || fail "rtl_gen --task te,reduce --ni"
grep -qx 'arch=mixed' "$T/mx/design.txt" && grep -qx 'op=add' "$T/mx/design.txt" && grep -qx 'arch=combine' "$T/cb/design.txt" &&
  pass || fail "te,reduce must get the mixed router (op add), reduce,allreduce the combine router"
cmp -s <(grep -v '^#' "$T/mx/golden/wire_t1.tsv") <(grep -v '^#' "$T/mx-r/golden/wire.tsv") && pass || fail "reduce's golden wire log in te,reduce"
build/cmodel schedule --topo hypercube:3 --task te -o "$T/mx-te.tsv" && build/cmodel schedule --topo hypercube:3 --task reduce --root 1 -o "$T/mx-red.tsv" &&
  "$bin" --schedule "$T/mx-te.tsv" --schedule "$T/mx-red.tsv" --ni -o "$T/mx-files" && diff -r "$T/mx" "$T/mx-files" >/dev/null && pass ||
  fail "--schedule once per task must give the design --task te,reduce gives"
[ "$(grep -cE '^module romnoc_router(_packets|_combine)? \(' "$T/mx/romnoc_router.v")" = 3 ] && pass ||
  fail "the mixed router's file must hold romnoc_router and the two routers inside it"
bad "use --arch mixed" --topo hypercube:3 --task te,reduce --arch banked --ni -o "$T/out"
bad "tasks reduce,allreduce combine partial sums (use --arch combine)" --topo hypercube:3 --task reduce,allreduce --arch mixed --ni -o "$T/out"
bad "--flit bare: task reduce's flits carry a chunk" --topo hypercube:3 --task te,reduce --flit bare --ni -o "$T/out"

# a schedule from a file: the same design, byte for byte, as from --topo/--task; a whole
# translation-symmetric schedule gets the shared ROM of its template
for case in "torus:4x4 mnb" "torus:3x3 te" "mesh:2x4 mnb" "ring:8 te" "hypercube:3 scatter --root 5" "hypercube:4 te"; do
  set -- $case
  args=(--topo "$1" --task "$2" "${@:3}")
  "$bin" "${args[@]}" -o "$T/by_topo" >/dev/null 2>&1
  build/cmodel schedule "${args[@]}" -o "$T/s.tsv"
  "$bin" --schedule "$T/s.tsv" -o "$T/by_file" >"$T/stdout" 2>&1
  if [ -f "$T/by_topo/rom_n0.hex" ] || [ -f "$T/by_topo/rom.hex" ] && diff -r "$T/by_topo" "$T/by_file" >"$T/diff"; then pass; else fail "--schedule of a cmodel TSV differs from --topo $case: $(head -c 300 "$T/diff")"; fi
  rm -rf "$T/by_topo" "$T/by_file"
done
[ -f "$T/s.tsv" ] || fail "the schedule files were not written"
build/cmodel schedule --topo torus:3x5 --task mnb -o "$T/full.tsv"
"$bin" --schedule "$T/full.tsv" -o "$T/full" && [ "$(ls "$T/full"/*.hex)" = "$T/full/rom.hex" ] && grep -qx 'shared_rom=1' "$T/full/design.txt" &&
  pass || fail "a whole torus mnb schedule from a file must get one shared ROM"
build/cmodel schedule --topo torus:3x5 --task mnb --template -o "$T/tpl.tsv"
"$bin" --schedule "$T/tpl.tsv" -o "$T/tpl" && diff -r "$T/full" "$T/tpl" >/dev/null && pass ||
  fail "a template file and the whole schedule must give the same design"
# a schedule whose rows use a non-link of the topology its metadata names: refused, nothing written
build/cmodel schedule --topo torus:3x3 --task snb | sed 's/^1\t0\t1\t0\t-1$/1\t0\t4\t0\t-1/' >"$T/nonlink.tsv"
grep -q "^1	0	4	0	-1$" "$T/nonlink.tsv" || fail "test bug: the non-link edit did not apply"
bad "0->4 is not a link of torus:3x3" --schedule "$T/nonlink.tsv" -o "$T/out"
# a schedule written by hand (not by cmodel) and read from standard input
printf '# topo=hypercube:2\n# task=snb\n# root=0\nslot\tsrc\tdst\torigin\tdest\n1\t0\t1\t0\t-1\n2\t0\t2\t0\t-1\n2\t1\t3\t0\t-1\n' |
  "$bin" --schedule - -o "$T/hand" && grep -qx 'slots=2' "$T/hand/design.txt" && head -n 1 "$T/hand/romnoc_router.v" | grep -q ' alg=- ' &&
  pass || fail "a hand-written schedule on standard input"

# the architecture follows the schedule's port model unless --arch names one that can run it
build/cmodel schedule --topo ring:6 --task mnb --model sp-full -o "$T/sp.tsv"
"$bin" --schedule "$T/sp.tsv" -o "$T/sp" && grep -qx 'arch=single' "$T/sp/design.txt" && pass || fail "sp-full must default to --arch single"
"$bin" --schedule "$T/sp.tsv" --arch banked -o "$T/spb" && grep -qx 'arch=banked' "$T/spb/design.txt" && pass || fail "--arch banked must run sp-full"
"$bin" --topo hypercube:3 --task mnb -o "$T/mla" && grep -qx 'arch=banked' "$T/mla/design.txt" && [ ! -e "$T/mla/romnoc_link.v" ] && pass ||
  fail "mla must default to banked with wire links"
bad "model is mla" --topo hypercube:3 --task mnb --arch single -o "$T/out"
build/cmodel schedule --topo hypercube:3 --task te --model oneway -o "$T/ow.tsv"
"$bin" --schedule "$T/ow.tsv" -o "$T/ow" && grep -qx 'romnoc_link.v' "$T/ow/files.f" && grep -qx 'romnoc_link.v' "$T/ow/files_sim.f" &&
  [ "$(grep -c '^  romnoc_link ' "$T/ow/romnoc_fabric.v")" -eq 12 ] && pass || fail "a oneway design must have one romnoc_link per link (12 on the 3-cube)"
bad "model is oneway" --schedule "$T/ow.tsv" --arch single -o "$T/out"
"$bin" --help | grep -q 'default for sp-full and sp-half' && pass || fail "--help must explain the default architecture"

# the combining tasks: an allreduce (once refused: not a task) gets the combining router, a ROM
# per node, the op in its facts and headers, and a golden whole sum for every node and chunk
"$bin" --topo hypercube:3 --task allreduce -o "$T/ar" >"$T/stdout" 2>&1 && grep -qx 'arch=combine' "$T/ar/design.txt" &&
  grep -qx 'op=add' "$T/ar/design.txt" && [ "$(ls "$T/ar"/rom_n*.hex | wc -l)" -eq 8 ] &&
  head -n 1 "$T/ar/romnoc_router.v" | grep -q ' task=allreduce .* arch=combine width=32 op=add$' && pass ||
  fail "an allreduce must get the combining router with op=add: $(head -c 300 "$T/stdout")"
"$bin" --topo hypercube:3 --task mnb -o "$T/mnb" && grep -qx 'op=none' "$T/mnb/design.txt" &&
  ! head -n 1 "$T/mnb/romnoc_router.v" | grep -q ' op=' && pass || fail "a packet task's design must say op=none and no op in its header"
"$bin" --help | grep -q -- '--op OP' && "$bin" --help | grep -q 'Refused for the other tasks' && pass ||
  fail "--help must describe --op and when it is refused"
# golden/deliveries.tsv of a combining task: "slot node chunk value", the op in the metadata,
# one line per (node, chunk) the task leaves with the whole sum: reduce 1, reduce_scatter N,
# allreduce N*N, global_sum N (N = 8); under one op every node gets the same value per chunk
for case in "reduce 1" "reduce_scatter 8" "allreduce 64" "global_sum 8"; do
  set -- $case
  "$bin" --topo hypercube:3 --task "$1" --op max -o "$T/c" >"$T/stdout" 2>&1
  d=$T/c/golden/deliveries.tsv
  if grep -qx '# op=max' "$d" && grep -qxP 'slot\tnode\tchunk\tvalue' "$d" && [ "$(grep -cvE '^(#|slot)' "$d")" -eq "$2" ] &&
    [ "$(grep -vE '^(#|slot)' "$d" | cut -f3,4 | sort -u | wc -l)" -eq "$(grep -vE '^(#|slot)' "$d" | cut -f3 | sort -u | wc -l)" ]; then
    pass
  else
    fail "$1: want $2 whole sums in $d: $(head -c 300 "$T/stdout")"
  fi
done
# add, xor, or of 0/1 words (W=1) over the 8 nodes: the parities and the or of the payloads'
# low bits, which golden/deliveries.tsv must agree with (max of 1-bit words is the or too)
"$bin" --topo hypercube:3 --task global_sum --width 1 --op xor -o "$T/x" >/dev/null &&
  "$bin" --topo hypercube:3 --task global_sum --width 1 --op add -o "$T/a" >/dev/null &&
  cmp -s <(cut -s -f4 "$T/x/golden/deliveries.tsv") <(cut -s -f4 "$T/a/golden/deliveries.tsv") && pass ||
  fail "at W=1, add (mod 2) and xor must give the same whole sums"
"$bin" --topo hypercube:3 --task global_sum --width 1 --op or -o "$T/o" >/dev/null &&
  "$bin" --topo hypercube:3 --task global_sum --width 1 --op max -o "$T/m" >/dev/null &&
  cmp -s <(cut -s -f4 "$T/o/golden/deliveries.tsv") <(cut -s -f4 "$T/m/golden/deliveries.tsv") && pass ||
  fail "at W=1, or and max must give the same whole sums"
# a combining schedule from a file: the same design as from --topo/--task
for case in "torus:3x3 allreduce" "ring:5 global_sum --model sp-full" "hypercube:3 reduce --root 6"; do
  set -- $case
  args=(--topo "$1" --task "$2" "${@:3}")
  "$bin" "${args[@]}" --op min -o "$T/by_topo" >/dev/null 2>&1
  build/cmodel schedule "${args[@]}" -o "$T/s.tsv"
  "$bin" --schedule "$T/s.tsv" --op min -o "$T/by_file" >"$T/stdout" 2>&1
  if [ -f "$T/by_topo/rom_n0.hex" ] && diff -r "$T/by_topo" "$T/by_file" >"$T/diff"; then pass; else fail "--schedule of a combining TSV differs from --topo $case: $(head -c 300 "$T/diff")"; fi
  rm -rf "$T/by_topo" "$T/by_file"
done
# a combining schedule that counts a contribution twice is refused before anything is written
printf '# topo=hypercube:2\n# task=global_sum\nslot\tsrc\tdst\torigin\tdest\n1\t0\t1\t-2\t0\n1\t1\t0\t-2\t0\n2\t0\t1\t-2\t0\n' >"$T/twice.tsv"
bad "counts the contribution of node 0 to chunk 0 twice" --schedule "$T/twice.tsv" -o "$T/out"
# every combining task on every size and model the hardware tests use generates cleanly
topos="hypercube:1 hypercube:2 hypercube:3 hypercube:4 hypercube:5 hypercube:6 hypercube:8 ring:2 ring:5 ring:8
  torus:2x2 torus:3x3 torus:4x4 torus:3x5 torus:2x4 torus:3x3x3 mesh:2 mesh:4x4 mesh:3x5"
quick && topos="hypercube:1 hypercube:3 ring:5 torus:3x3 mesh:3x5"
for topo in $topos; do
  for model in mla oneway sp-full sp-half; do
    for task in reduce reduce_scatter allreduce global_sum; do
      "$bin" --topo "$topo" --task "$task" --model $model -o "$T/sweep" >"$T/stdout" 2>&1 && [ -s "$T/sweep/golden/deliveries.tsv" ] &&
        pass || fail "rtl_gen $topo $task $model: $(head -c 300 "$T/stdout")"
    done
  done
done

# every task and size the hardware tests use, and odd widths, generate cleanly
topos="hypercube:1 hypercube:2 hypercube:3 hypercube:4 hypercube:5 hypercube:6 hypercube:8 ring:2 ring:5 ring:8
  torus:2x2 torus:3x3 torus:4x4 torus:3x5 torus:2x4 torus:3x3x3 mesh:2 mesh:4x4 mesh:3x5 mesh:2x3x2"
quick && topos="hypercube:1 hypercube:3 ring:2 ring:5 torus:3x5 mesh:2x3x2"
for topo in $topos; do
  for task in snb mnb scatter gather te; do
    "$bin" --topo "$topo" --task "$task" -o "$T/sweep" >"$T/stdout" 2>&1 && [ -s "$T/sweep/golden/wire.tsv" ] && pass ||
      fail "rtl_gen $topo $task: $(head -c 300 "$T/stdout")"
  done
done
for d in 2 5; do
  for task in mnb te gather; do
    "$bin" --topo "hypercube:$d" --task "$task" --arch simple -o "$T/simple" >"$T/stdout" 2>&1 &&
      grep -qx 'arch=simple' "$T/simple/design.txt" && pass || fail "rtl_gen --arch simple hypercube:$d $task"
  done
done
for w in 1 33 64 65 1024; do
  "$bin" --topo hypercube:3 --task te --width $w -o "$T/w$w" >"$T/stdout" 2>&1 && pass || fail "rtl_gen --width $w"
done

# kbcast with the active set fixed at generation (docs/KBCAST.md): refusals, the set drawn as
# cmodel draws it, a tagged flit only where the schedule has control words
bad "item 'x'" --topo hypercube:3 --task kbcast --active 1,x -o "$T/out"
bad "'9'" --topo hypercube:3 --task kbcast --active 1,9 -o "$T/out"
bad "node 2 twice" --topo hypercube:3 --task kbcast --active 2,2 -o "$T/out"
bad "'9'" --topo hypercube:3 --task kbcast --k 9 -o "$T/out"
bad "'0'" --topo hypercube:3 --task kbcast --k 0 -o "$T/out"
bad "torus:4x4" --topo torus:4x4 --task kbcast --k 3 -o "$T/out"
bad "oneway" --topo hypercube:3 --task kbcast --k 3 --model oneway -o "$T/out"
bad "--active '1,2' applies to tasks kbcast, pmnb, pexchange and pgather only, not mnb" --topo hypercube:3 --task mnb --active 1,2 -o "$T/out"
bad "--k '2' applies to tasks kbcast, pmnb, pexchange and pgather only, not te" --topo hypercube:3 --task te --k 2 -o "$T/out"
bad "--active-seed '5' applies to tasks kbcast, pmnb, pexchange and pgather only" --topo hypercube:3 --task mnb --active-seed 5 -o "$T/out"
bad "needs its active set" --topo hypercube:3 --task kbcast -o "$T/out"
bad "--active-seed 'x'" --topo hypercube:3 --task kbcast --k 3 --active-seed x -o "$T/out"
bad "not both" --topo hypercube:3 --task kbcast --k 3 --active 1 -o "$T/out"
bad "the simple router sends no constant control words" --topo hypercube:3 --task kbcast --k 3 --alg 001 --arch simple -o "$T/out"
cm=$(dirname "$bin")/cmodel
[ -x "$cm" ] || cm=build/cmodel
"$cm" schedule --topo hypercube:4 --task kbcast --alg 001 --k 6 --seed 9 -o "$T/kb.tsv"
bad "drop --active, --k and --active-seed" --schedule "$T/kb.tsv" --k 3 -o "$T/out"
# --k K --active-seed S is cmodel's --k K --seed S: the same set, the same design as the file
"$bin" --topo hypercube:4 --task kbcast --alg 001 --k 6 --active-seed 9 -o "$T/kbk" &&
  "$bin" --schedule "$T/kb.tsv" -o "$T/kbf" && diff -r "$T/kbk" "$T/kbf" >/dev/null && pass ||
  fail "kbcast: --k 6 --active-seed 9 and cmodel's --k 6 --seed 9 schedule file give different designs"
want=$(sed -n 's/^# active=//p' "$T/kb.tsv")
grep -qx "active=$want" "$T/kbk/design.txt" && [ "$(printf '%s' "$want" | tr ',' '\n' | wc -l)" -ge 1 ] && pass ||
  fail "kbcast: design.txt does not carry the active set '$want'"
# 001's counters and terminations: a 2-bit kind above the broadcast bit (2 + 1 + 2*4 + 32 = 43);
# ranked has none: the mnb flit (1 + 2*4 + 32 = 41)
grep -qx "flit_width=43" "$T/kbk/design.txt" && pass || fail "kbcast 001 on hypercube:4: want flit_width=43"
"$bin" --topo hypercube:4 --task kbcast --alg ranked --active 1,6,11 -o "$T/kbr" && grep -qx "flit_width=41" "$T/kbr/design.txt" &&
  pass || fail "kbcast ranked on hypercube:4: want flit_width=41"
# every construction at d = 3..7, widths 1 and 32 (a counter up to N rides in {dest, origin}, not the payload)
kb_dims="3 4 5 6 7"
quick && kb_dims="3 4"
for d in $kb_dims; do
  for alg in 001 same-order random mnb-subset offline; do
    for w in 1 32; do
      "$bin" --topo "hypercube:$d" --task kbcast --alg $alg --k $((d + 2)) --active-seed $d --width $w -o "$T/kbs" \
        >"$T/stdout" 2>&1 && grep -qx "deliveries=$(((d + 2) * ((1 << d) - 1)))" "$T/kbs/design.txt" && pass ||
        fail "rtl_gen kbcast hypercube:$d $alg K=$((d + 2)) width $w: $(head -c 300 "$T/stdout")"
    done
  done
done
"$bin" --topo hypercube:4 --task kbcast --alg 001-mnb --active 0-15 -o "$T/kbs" && pass || fail "rtl_gen kbcast 001-mnb"
"$bin" --topo hypercube:4 --task kbcast --alg ranked-prefix --k 4 -o "$T/kbs" && pass || fail "rtl_gen kbcast ranked-prefix"
"$bin" --topo hypercube:4 --task kbcast --alg pair --active 0,15 -o "$T/kbs" && pass || fail "rtl_gen kbcast pair"

echo "rtl_gen: $npass passed, $nfail failed"
[ $nfail -eq 0 ]
