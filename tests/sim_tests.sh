#!/usr/bin/env bash
# sim_tests.sh — hardware tests (make test): every task on hypercube:1..4, on ring:5, ring:8,
# torus:3x3, 4x4, 3x5, 2x4, 3x3x3 and mesh:4x4, generated,
# linted (Verilator -Wall), accepted by Yosys, simulated, diffed against the golden files and
# verified; other roots, widths, seeds and the baseline architecture; the SystemC bench; the
# port models (the single-port router on sp-full and sp-half schedules, one-way links on oneway
# schedules, the S4NOC models' one local port with and without packet memory, a one-way link whose ends disagree, a wire log checked under its own model);
# schedules given as files (`SCHEDULE=`), one of them verified under its own model (sp-full);
# bare flits (`FLIT=bare`: the payload alone on the links) on the banked, simple and single
# routers, under mla, sp-full and oneway, with the C++ and SystemC benches;
# and designs whose ROM was edited must FAIL the diff and the verifier. The combining tasks
# (reduce, reduce_scatter, allreduce, global_sum) on hypercube:1..4, ring:5, ring:8, torus:3x3
# and torus:4x4 on the combining router, every op and port model, the SystemC bench once per
# task; a wire log with a contribution dropped or counted twice must fail the verifier, a ROM
# edit that loses a contribution must fail the delivery diff. Expected slots and transmissions
# come from the bound formulas of tests/bounds.awk (paper 000's Table 1 for the hypercube) and
# the constructions' formulas (combine_expect), never from the program. Ends with "N passed,
# N failed".
# QUICK=1 (make check): one design per router architecture — banked (hypercube:3 mnb, also read by
# Yosys and edited: the ROM edit must FAIL), simple, single (ring:5 sp-full, its wire log doctored),
# combine (torus:3x3 reduce, its wire log edited) — the SystemC bench once, and the refusals;
# the same checks as the full run on those designs.
# LARGE=1 (make test-large, out of make test for its time): the large fabrics only — every task
# on hypercube:5 and 6, mnb on hypercube:8 and torus:8x8, mnb and te on torus:16x16, te and snb on
# hypercube:8 (bare flits), one-way mnb and te on hypercube:6, the combining tasks on hypercube:5
# and 6.
# PART=1 or PART=2 runs one half, so that make test can run both side by side: 1 the packet
# tasks, schedules as files, ROM edits and bare flits; 2 the port models and the combining
# tasks. The halves build disjoint designs (build/sim/<name>) and read only their own.
set -u
cd "$(dirname "$0")/.."
quick() { [ "${QUICK:-0}" = 1 ]; } # quick: QUICK=1, the cases of make check
large() { [ "${LARGE:-0}" = 1 ]; } # large: LARGE=1, the large fabrics of make test-large only
full() { ! quick && ! large; }     # full: the cases of make test
part() { [ -z "${PART-}" ] || [ "$PART" = "$1" ]; } # part N: PART is N or unset
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-sim.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0
pass() { npass=$((npass + 1)); }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; [ -n "${2-}" ] && sed 's/^/    /' "$2" | tail -n 15; return 0; }

# yosys_case DIR: Yosys reads the generated Verilog and elaborates the fabric
yosys_case() {
  if (cd "$1" && yosys -q -p "read_verilog -defer $(tr '\n' ' ' < <(grep -v '^//' files.f)); hierarchy -check -top romnoc_fabric; proc") >"$T/yosys" 2>&1; then
    pass
  else
    fail "yosys rejects $1" "$T/yosys"
  fi
}

# expect_run NAME SLOTS TX MODEL [VAR=VALUE ...]: sim/sim.sh with the variables must PASS
# in at most slots+2 cycles, with the wire log verified under MODEL at SLOTS slots (the lower
# bound) and TX transmissions (the lower bound too), or as the regular expression OK_LINE
# says; with ARCH_IS set, the design must be of that architecture. Sets gen_dir to the
# generated design.
expect_run() {
  local name=$1 s=$2 t=$3 model=$4 pass_line cycles ok_line
  shift 4
  ok_line=${OK_LINE:-OK slots=$s lb=$s tx=$t txlb=$t}
  gen_dir=
  env "$@" sim/sim.sh >"$T/out" 2>&1
  local rc=$?
  pass_line=$(grep -E "^PASS topo=[^ ]+ task=[a-z_]+ model=$model cycles=[0-9]+ slots=$s log=" "$T/out")
  if [ $rc -ne 0 ] || [ -z "$pass_line" ] || ! grep -qxE "$ok_line" "$T/out"; then
    fail "$name: want PASS (model=$model slots=$s) and '$ok_line' (exit $rc)" "$T/out"
    return
  fi
  cycles=$(printf '%s' "$pass_line" | sed -E 's/.* cycles=([0-9]+) .*/\1/')
  [ "$cycles" -le $((s + 2)) ] && pass || fail "$name: $cycles cycles for $s slots (goal: at most slots + 2)"
  gen_dir=$(printf '%s' "$pass_line" | sed -E 's/.* log=(.*)\/run(_sc)?\/wire.tsv$/\1/')/gen
  if [ -n "${ARCH_IS-}" ]; then
    grep -qx "arch=$ARCH_IS" "$gen_dir/design.txt" && pass || fail "$name: want arch=$ARCH_IS in $gen_dir/design.txt"
  fi
}

# sim_case TOPO TASK [VAR=VALUE ...]: the golden model's schedule in hardware, at the bound
sim_case() {
  local topo=$1 task=$2 lb tx
  shift 2
  read -r lb tx < <(awk -v task="$task" -v topo="$topo" -f tests/bounds.awk)
  expect_run "sim $topo $task${*:+ $*}" "$lb" "$tx" mla TOPO="$topo" TASK="$task" "$@"
}

# model_case TOPO TASK MODEL [VAR=VALUE ...]: the golden model's schedule of MODEL in hardware,
# at the model's bound (tests/bounds.awk -v model=M)
model_case() {
  local topo=$1 task=$2 model=$3 lb tx
  shift 3
  read -r lb tx < <(awk -v task="$task" -v topo="$topo" -v model="$model" -f tests/bounds.awk)
  expect_run "sim $topo $task $model${*:+ $*}" "$lb" "$tx" "$model" TOPO="$topo" TASK="$task" MODEL="$model" "$@"
}

# mutate NAME DESIGN ROMFILE AWK [VAR=VALUE ...]: edit one word of a copy of a passing design's
# ROM; the run must FAIL the diff (with a FAIL line that matches WANT, if set) and its wire log
# must fail the verifier — or, with VERIFIED=1 (an edit that changes values, not what the
# wires carry), pass it.
mutate() {
  local name=$1 design=$2 rom=$3 prog=$4 src dst
  src=build/sim/$design dst=$T/$name
  shift 4
  rm -rf "$dst" && mkdir -p "$dst" && cp -r "$src/gen" "$dst/gen"
  awk "$prog" "$src/gen/$rom" >"$dst/gen/$rom"
  if cmp -s "$src/gen/$rom" "$dst/gen/$rom"; then
    fail "mutation $name: the edit changed nothing"
    return
  fi
  env SIM_DIR="$dst" REUSE_GEN=1 "$@" sim/sim.sh >"$T/out" 2>&1
  local rc=$?
  local verdict='^FAIL (slot=|incomplete)'
  [ "${VERIFIED:-0}" = 1 ] && verdict='^OK slots='
  if [ $rc -eq 0 ] || ! grep -qE "^FAIL topo=.*: .*differs" "$T/out" || ! grep -qE "${WANT:-^FAIL}" "$T/out" ||
    ! grep -qE "$verdict" "$T/out"; then
    fail "mutation $name: want a FAIL diff line${WANT:+ matching $WANT} and '$verdict' from the verifier (exit $rc)" "$T/out"
  else
    pass
  fi
}
# every_task TOPO: the five tasks simulated on TOPO, each design also read by Yosys
every_task() {
  local task
  for task in snb mnb scatter gather te; do
    sim_case "$1" $task
    [ -n "$gen_dir" ] && yosys_case "$gen_dir"
  done
}

# ==== part 1: the packet tasks, schedules as files, ROM edits ===============================
if part 1 && ! large; then
if quick; then
  sim_case hypercube:3 mnb
  [ -n "$gen_dir" ] && yosys_case "$gen_dir"
  sim_case hypercube:3 te ARCH=simple
  sim_case hypercube:3 te BENCH=sc
fi
full && for d in 1 2 3 4; do every_task "hypercube:$d"; done
if full; then
sim_case hypercube:4 scatter ROOT=5
sim_case hypercube:3 gather ROOT=7
sim_case hypercube:5 snb ROOT=31
sim_case hypercube:3 mnb WIDTH=1
sim_case hypercube:3 te WIDTH=100
sim_case hypercube:4 te SEED=7
# rings, tori and meshes: every task, a shared ROM translated by coordinate-wise addition where
# the schedule is a template, per-node ROMs elsewhere
for topo in ring:5 ring:8 torus:3x3 torus:4x4 torus:3x5 torus:2x4 torus:3x3x3 mesh:4x4; do every_task "$topo"; done
sim_case torus:4x4 scatter ROOT=9
# the baseline architecture stays correct too
sim_case hypercube:4 te ARCH=simple
sim_case hypercube:5 mnb ARCH=simple
sim_case hypercube:3 scatter ARCH=simple ROOT=6
sim_case torus:3x3 te ARCH=simple
sim_case mesh:4x4 mnb ARCH=simple

# the SystemC test bench on the same fabrics
sim_case hypercube:3 te BENCH=sc
sim_case hypercube:4 mnb BENCH=sc
sim_case torus:4x4 te BENCH=sc
# the minimal SystemC platform of docs/SYSTEMC.md builds, runs and gets every delivery
if sim/sc_example.sh >"$T/out" 2>&1 && grep -qE '^example: hypercube:2 mnb done=1 after 3 cycles, err=0, 12 packets delivered \(expected 12\)$' "$T/out"; then
  pass
else
  fail "the SystemC example (docs/SYSTEMC.md)" "$T/out"
fi
fi # full

# ---- schedules as files -------------------------------------------------------------------
if full; then
# a file written by the golden model
build/cmodel schedule --topo torus:3x5 --task te -o "$T/t35te.tsv"
read -r lb tx < <(awk -v task=te -v topo=torus:3x5 -f tests/bounds.awk)
expect_run "SCHEDULE=torus:3x5 te file" "$lb" "$tx" mla SCHEDULE="$T/t35te.tsv"
# mnb templates for small routers, found by the SAT search (te_search --task mnb: waits of one
# or two slots, at most 4 sources per lane; docs/SCHEDULES.md): the whole fabric, tagged and bare
build/te_search --topo hypercube:4 --task mnb --slots 4 --rotate --no-confirm -o "$T/h4lean.tsv" >/dev/null
read -r lb tx < <(awk -v task=mnb -v topo=hypercube:4 -f tests/bounds.awk)
expect_run "SCHEDULE=hypercube:4 mnb small-router template" "$lb" "$tx" mla SCHEDULE="$T/h4lean.tsv"
build/te_search --topo torus:4x4 --task mnb --slots 4 --no-confirm -o "$T/t44lean.tsv" >/dev/null
read -r lb tx < <(awk -v task=mnb -v topo=torus:4x4 -f tests/bounds.awk)
expect_run "SCHEDULE=torus:4x4 mnb small-router template, bare flits" "$lb" "$tx" mla SCHEDULE="$T/t44lean.tsv" FLIT=bare
# te templates for small routers (te_search --task te --lanes): hypercube:4 bare, torus:4x4 tagged
build/te_search --topo hypercube:4 --task te --lanes --slots 8 --no-confirm -o "$T/h4telean.tsv" >/dev/null
read -r lb tx < <(awk -v task=te -v topo=hypercube:4 -f tests/bounds.awk)
expect_run "SCHEDULE=hypercube:4 te small-router template, bare flits" "$lb" "$tx" mla SCHEDULE="$T/h4telean.tsv" FLIT=bare
build/te_search --topo torus:4x4 --task te --lanes --slots 8 --no-confirm -o "$T/t44telean.tsv" >/dev/null
read -r lb tx < <(awk -v task=te -v topo=torus:4x4 -f tests/bounds.awk)
expect_run "SCHEDULE=torus:4x4 te small-router template" "$lb" "$tx" mla SCHEDULE="$T/t44telean.tsv"
fi # full
# the golden model's mla ring:5 mnb relabelled sp-full breaks the single-port rule: refused
build/cmodel schedule --topo ring:5 --task mnb | sed 's/^# model=mla$/# model=sp-full/' >"$T/ring5-relabel.tsv"
if ! build/rtl_gen --schedule "$T/ring5-relabel.tsv" -o "$T/relabel" 2>"$T/err" && grep -q 'sp-full capacity' "$T/err" &&
  [ ! -e "$T/relabel" ]; then
  pass
else
  fail "an mla schedule labelled sp-full must be refused before anything is written" "$T/err"
fi

zero_word3='!/^\/\// { n++ } n == 3 && !/^\/\// { gsub(/[0-9a-f]/, "0") } { print }'
# cycle 2's word all zero: every lane sends its source 0 instead of slot 2's (the select is an
# index code, rtl_gen/arch.h), no own packet is asked for, nothing is stored or expected
mutate zero-word hypercube-3_mnb_w32 rom.hex "$zero_word3"
if full; then
# the same edit caught by the SystemC bench
mutate zero-word-sc hypercube-3_mnb_w32 rom.hex "$zero_word3" BENCH=sc
# cycle 1's word without lane 0's transmission: its select field (the word's low bits, as wide as
# needed for codes 0..c) set to c, lane 0's number of sources (design.txt), the code of nothing
c0=$(awk -F= '$1 == "lane_sources" { split($2, s, ","); print s[1] }' build/sim/hypercube-3_te_w32/gen/design.txt)
mutate drop-lane0 hypercube-3_te_w32 rom.hex '!/^\/\// { n++ } n == 2 && !/^\/\// {
  d = index("0123456789abcdef", substr($0, length($0), 1)) - 1; m = 1; while (m <= '"${c0:-0}"') m *= 2
  $0 = substr($0, 1, length($0) - 1) substr("0123456789abcdef", d - d % m + '"${c0:-0}"' + 1, 1) } { print }'
# a torus fabric: the shared ROM's cycle 2 word zeroed, and one node's ROM of a rooted task
mutate torus-zero-word torus-4x4_mnb_w32 rom.hex "$zero_word3"
mutate torus-node-rom torus-3x5_scatter_r0_w32 rom_n0.hex "$zero_word3"
fi # full

fi # part 1

# ==== part 2: the port models ================================================================
if part 2 && ! large; then
# ---- port models: the single-port router (sp-full, sp-half) and one-way links (oneway) -------
quick && ARCH_IS=single model_case ring:5 mnb sp-full
if full; then
for topo in ring:5 ring:8 torus:3x3 hypercube:4; do
  ARCH_IS=single model_case "$topo" mnb sp-full
  ARCH_IS=single model_case "$topo" mnb sp-half
done
# single-port te at the bound: an sp-full template with one row per slot (one ROM shared by
# every router, translated at the local port), and its colour split under sp-half
ARCH_IS=single model_case torus:3x3 te sp-full
ARCH_IS=single model_case hypercube:3 te sp-half
# oneway on the hypercube: mnb in ceil(2(2^d-1)/d) (003 Thm 6.3), te in 2^d (Thm 6.5), both
# parity templates (a program per node in hardware); on the torus one-way Cayley templates
for d in 3 4 5; do
  ARCH_IS=banked model_case "hypercube:$d" mnb oneway
  ARCH_IS=banked model_case "hypercube:$d" te oneway
done
ARCH_IS=banked model_case torus:4x4 mnb oneway
ARCH_IS=banked model_case torus:4x4 te oneway
# the fabric: one channel module per undirected link (32 on the 4x4 torus), accepted by Yosys
[ -n "$gen_dir" ] && [ "$(grep -c '^  romnoc_link ' "$gen_dir/romnoc_fabric.v")" -eq 32 ] && pass ||
  fail "oneway torus:4x4 te: want 32 romnoc_link instances in $gen_dir/romnoc_fabric.v"
[ -n "$gen_dir" ] && yosys_case "$gen_dir"
# the S4NOC models (issue 17): one local port each way; a bufferless schedule's router has no
# packet memory, staggered-wait's waits in it; at the bound of tests/s4noc_bounds.awk
s4noc_case() { # TOPO TASK MODEL [VAR=VALUE ...]
  local topo=$1 task=$2 model=$3 lb tx
  shift 3
  read -r lb tx < <(awk -v task="$task" -v topo="$topo" -f tests/s4noc_bounds.awk)
  expect_run "sim $topo $task $model${*:+ $*}" "$lb" "$tx" "$model" TOPO="$topo" TASK="$task" MODEL="$model" "$@"
}
ARCH_IS=banked s4noc_case torus:3x3 te s4noc-bufferless
[ -n "$gen_dir" ] && grep -qx mem_depth=0 "$gen_dir/design.txt" && pass || fail "s4noc-bufferless torus:3x3 te: want mem_depth=0"
ARCH_IS=banked s4noc_case torus:4x4 te s4noc ALG=staggered-wait
[ -n "$gen_dir" ] && grep -qx mem_depth=2 "$gen_dir/design.txt" && pass || fail "s4noc torus:4x4 te staggered-wait: want mem_depth=2"
ARCH_IS=banked s4noc_case torus:4x4 mnb s4noc-bufferless
ARCH_IS=banked s4noc_case hypercube:3 te s4noc
s4noc_case torus:3x3 te s4noc-bufferless BENCH=sc
s4noc_case torus:4x4 te s4noc-bufferless FLIT=bare
# the other architectures on single-port schedules; the SystemC bench once per model
ARCH_IS=banked model_case ring:8 mnb sp-full ARCH=banked
ARCH_IS=simple model_case ring:8 mnb sp-half ARCH=simple
model_case ring:5 mnb sp-full BENCH=sc
model_case ring:8 mnb sp-half BENCH=sc
model_case hypercube:3 te oneway BENCH=sc
fi # full
# the single router refuses what it cannot run, before anything is written
if ! build/rtl_gen --topo hypercube:3 --task te --model oneway --arch single -o "$T/refused" 2>"$T/err" &&
  grep -q "single router runs sp-full and sp-half.*model is oneway" "$T/err" && [ ! -e "$T/refused" ]; then
  pass
else
  fail "--arch single must refuse a oneway schedule" "$T/err"
fi

# The ends of a one-way link disagree: node 0's ROM repeats its cycle-1 word in cycle 2, so node
# 0 sends in slot 2 on every lane while its neighbours send to it. Both ends drive the channels:
# the neighbours' routers receive in a slot their ROM says they send in and raise err_o; the run
# FAILs on err_o, and the wire log, which shows node 0 sending what the channel carried (the OR
# of both ends' flits), fails the verifier.
if full; then
src=build/sim/hypercube-3_mnb_oneway_w32 dst=$T/disagree
rm -rf "$dst" && mkdir -p "$dst" && cp -r "$src/gen" "$dst/gen"
awk '!/^\/\// { n++; if (n == 2) w1 = $0; if (n == 3) $0 = w1 } { print }' "$src/gen/rom_n0.hex" >"$dst/gen/rom_n0.hex"
if cmp -s "$src/gen/rom_n0.hex" "$dst/gen/rom_n0.hex"; then
  fail "disagreement: the edit changed nothing"
elif SIM_DIR="$dst" REUSE_GEN=1 sim/sim.sh >"$T/out" 2>&1; then
  fail "disagreement: the run must fail" "$T/out"
elif grep -qE '^FAIL topo=hypercube:3 task=mnb model=oneway: .*raised err_o' "$T/out" &&
  grep -qE '^FAIL slot=2 src=0 ' "$T/out"; then
  pass
else
  fail "disagreement: want the run's FAIL naming err_o and the verifier's FAIL on node 0's slot-2 send" "$T/out"
fi
fi # full

# A wire log is verified under its own model: the sp-full ring:5 log with one extra transfer
# (node 0 also sends its packet to node 4 in slot 1) is a valid mla log but breaks sp-full.
log=build/sim/ring-5_mnb_sp-full_w32/run/wire.tsv
awk -F'\t' -v OFS='\t' '{ print } $1 == 1 && $2 == 0 && !done { print 1, 0, 4, 0, -1; done = 1 }' "$log" >"$T/doctored.tsv"
if grep -qx '# model=sp-full' "$T/doctored.tsv" && build/cmodel verify --model mla "$T/doctored.tsv" >"$T/out" 2>&1 &&
  ! build/cmodel verify "$T/doctored.tsv" >"$T/out2" 2>&1 && grep -qE '^FAIL slot=1 src=0 dst=4 .*sp-full capacity' "$T/out2"; then
  pass
else
  cat "$T/out2" >>"$T/out"
  fail "an sp-full wire log with two sends by node 0 in slot 1 must pass mla and fail its own model" "$T/out"
fi

fi # part 2

# ==== part 1: bare flits =====================================================================
if part 1 && ! large; then
# ---- bare flits (rtl_gen --flit bare): the payload alone on the links ------------------------
if full; then
# The same schedules at the same bounds; the benches carry their tags {broadcast, dest, origin}
# in the payload's top 2A+1 bits (sim/tb_design.h), which no router reads, so the diff and the
# verifier see which packet each wire carried.
for task in snb mnb scatter gather te; do sim_case hypercube:3 $task FLIT=bare; done
sim_case torus:4x4 te FLIT=bare
sim_case ring:8 mnb FLIT=bare
sim_case mesh:4x4 gather FLIT=bare
sim_case hypercube:4 te FLIT=bare ARCH=simple
sim_case hypercube:4 te FLIT=bare BENCH=sc
# the narrowest bare flit on hypercube:3: 7 bits of tags and a 1-bit pattern
sim_case hypercube:3 mnb FLIT=bare WIDTH=8
model_case torus:3x3 mnb sp-full FLIT=bare
model_case hypercube:4 te oneway FLIT=bare
# a bare flit is W = 32 wires per link; tagged, it is 32 + 2*4 + 1 = 41 on hypercube:4
bare=build/sim/hypercube-4_te_bare_w32/gen tagged=build/sim/hypercube-4_te_w32/gen
if grep -qx flit_width=32 "$bare/design.txt" && grep -qx flit_width=41 "$tagged/design.txt" &&
  grep -qE '^ *wire \[31:0\] l0_0_flit;' "$bare/romnoc_fabric.v" && grep -qE '^ *wire \[40:0\] l0_0_flit;' "$tagged/romnoc_fabric.v"; then
  pass
else
  fail "hypercube:4 te: want 32-bit links with --flit bare and 41-bit ones tagged ($bare, $tagged)"
fi
# a ROM edit in a bare design is caught by the diff and the verifier as in a tagged one
mutate zero-word-bare hypercube-3_mnb_bare_w32 rom.hex "$zero_word3"
fi # full

fi # part 1

# ==== part 2: the combining tasks ============================================================
# ---- combining tasks: partial sums added on the way (the combining router) ------------------
# combine_expect TOPO TASK [MODEL]: "SLOTS TX TXLB" of the golden model's schedule, from the
# constructions' formulas: reduce is the snb reversed in time (003 Thm 2.10: its slots, N-1
# rows), reduce_scatter the mnb reversed (003 s1: its slots, N(N-1) rows), allreduce the
# reduce-scatter and the all-gather back along the same trees (twice the mnb's slots, 2N(N-1)
# rows) or, under mla on hypercubes (d >= 2) and on rings and tori with a size above 2, each
# chunk summed at both ends of an edge where that is less (2 ceil((N-2)/deg) + 1 slots; the
# same rows); the snb and mnb at their bounds (tests/bounds.awk). global_sum one dimension after
# another (003 s1, s5), N(K-1) rows per dimension of size K, in slots per dimension: under mla
# floor(K/2) on a cycle and 1 when K = 2 (the diameter in all); under oneway K-1, and 2 when
# K = 2 (move across, copy back); under sp-full K-1, and 1 when K = 2; under sp-half the reduce
# to a centre and the broadcast back, twice the snb's slots and 2(N-1) rows. TXLB, the
# verifier's minimum: N-1, N(N-1), 2N(N-1) and 2(N-1) words.
combine_expect() {
  local topo=$1 task=$2 model=${3:-mla} lb tx n=1 s=0 k dims
  if [ "${topo%%:*}" = hypercube ]; then dims=$(printf '2 %.0s' $(seq "${topo#*:}")); else dims=${topo#*:} dims=${dims//x/ }; fi
  for k in $dims; do n=$((n * k)); done
  case $task in
  reduce | global_sum) read -r lb tx < <(awk -v task=snb -v topo="$topo" -v model="$model" -f tests/bounds.awk) ;;
  *) read -r lb tx < <(awk -v task=mnb -v topo="$topo" -v model="$model" -f tests/bounds.awk) ;;
  esac
  case $task in
  reduce) echo "$lb $((n - 1)) $((n - 1))" ;;
  reduce_scatter) echo "$lb $((n * (n - 1))) $((n * (n - 1)))" ;;
  allreduce)
    local two=$((2 * lb)) edge=0 deg=0 big=0
    for k in $dims; do
      if [ "$k" -gt 2 ]; then deg=$((deg + 2)) big=1; else deg=$((deg + 1)); fi
    done
    [ "${topo%%:*}" = hypercube ] && [ "$deg" -ge 2 ] && big=1
    [ "$model" = mla ] && [ "$big" = 1 ] && edge=$((2 * ((n - 2 + deg - 1) / deg) + 1))
    [ "$edge" -gt 0 ] && [ "$edge" -lt "$two" ] && two=$edge
    echo "$two $((2 * n * (n - 1))) $((2 * n * (n - 1)))" ;;
  global_sum)
    if [ "$model" = sp-half ]; then echo "$((2 * lb)) $((2 * (n - 1))) $((2 * (n - 1)))"; return; fi
    tx=0
    for k in $dims; do
      tx=$((tx + n * (k - 1)))
      case $model in
      mla) s=$((s + (k == 2 ? 1 : k / 2))) ;;
      oneway) s=$((s + (k == 2 ? 2 : k - 1))) ;;
      sp-full) s=$((s + (k == 2 ? 1 : k - 1))) ;;
      esac
    done
    echo "$s $tx $((2 * (n - 1)))" ;;
  esac
}

# combine_case TOPO TASK [VAR=VALUE ...]: the golden model's combining schedule (of MODEL=, mla
# by default) on the combining router, at the formula's slots and rows; every local port's whole
# sums diffed against golden/deliveries.tsv and checked by the bench against the op over every
# node's contribution
combine_case() {
  local topo=$1 task=$2 model=mla s tx txlb v
  shift 2
  for v in "$@"; do case $v in MODEL=*) model=${v#MODEL=} ;; esac; done
  read -r s tx txlb < <(combine_expect "$topo" "$task" "$model")
  OK_LINE="OK slots=$s lb=[0-9]+ tx=$tx txlb=$txlb" ARCH_IS=combine expect_run "sim $topo $task $model${*:+ $*}" "$s" "$tx" \
    "$model" TOPO="$topo" TASK="$task" "$@"
}

if part 2 && ! large; then
quick && combine_case torus:3x3 reduce
if full; then
for topo in hypercube:1 hypercube:2 hypercube:3 hypercube:4 ring:5 ring:8 torus:3x3 torus:4x4; do
  for task in reduce reduce_scatter allreduce global_sum; do
    combine_case "$topo" $task
    [ -n "$gen_dir" ] && yosys_case "$gen_dir"
  done
done
# every operation besides add, other widths (one bit; a word of three 32-bit parts), another root
combine_case torus:3x3 allreduce OP=max
combine_case ring:8 global_sum OP=min
combine_case hypercube:4 reduce_scatter OP=xor
combine_case torus:4x4 reduce OP=or
combine_case hypercube:3 allreduce OP=min WIDTH=65
combine_case ring:5 reduce_scatter OP=max WIDTH=1
combine_case hypercube:3 reduce ROOT=5
# every port model: one-way links, the single-port models (the same router, one lane at a time)
combine_case hypercube:3 allreduce MODEL=oneway
combine_case torus:4x4 reduce_scatter MODEL=oneway
combine_case ring:8 global_sum MODEL=oneway OP=xor
combine_case ring:5 allreduce MODEL=sp-full
combine_case torus:3x3 global_sum MODEL=sp-full
combine_case hypercube:4 reduce MODEL=sp-full OP=max
combine_case hypercube:3 reduce_scatter MODEL=sp-half
combine_case ring:8 allreduce MODEL=sp-half
combine_case hypercube:4 global_sum MODEL=sp-half
# the SystemC bench, once per task (one of them one-way, one single-port with another op)
combine_case hypercube:3 reduce BENCH=sc
combine_case torus:3x3 allreduce BENCH=sc
combine_case ring:5 global_sum BENCH=sc MODEL=sp-full OP=max
combine_case hypercube:2 reduce_scatter BENCH=sc MODEL=oneway
fi # full
# the packet routers refuse combining schedules, before anything is written
if ! build/rtl_gen --topo torus:3x3 --task allreduce --arch banked -o "$T/refused" 2>"$T/err" &&
  grep -q "banked router forwards packets; task allreduce combines partial sums" "$T/err" && [ ! -e "$T/refused" ]; then
  pass
else
  fail "--arch banked must refuse an allreduce" "$T/err"
fi

# A ROM edit that loses one contribution: node 0's combiner 0 no longer adds its own
# contribution in the first cycle it did (tests/rom_field.awk clears the field). The words on
# the wires keep their tags, so the wire log still verifies, but the whole sums change: the
# delivery diff and the bench's own check of every value must FAIL.
full && VERIFIED=1 WANT='^FAIL topo=torus:3x3 task=global_sum .*deliveries.tsv differs .*delivered [0-9a-f]+ as the add of chunk 0' \
  mutate lost-own torus-3x3_global_sum_w32 rom_n0.hex "BEGIN { lane = 0; field = \"osel\" } $(cat tests/rom_field.awk)"

# Wire logs of a passing reduce, edited: a moved partial dropped (a row removed) leaves the
# root without contributions; a moved partial sent twice (the row again on another link of its
# sender, in the same slot, free there) counts them twice. Both must fail the verifier.
log=build/sim/torus-3x3_reduce_r0_w32/run/wire.tsv
awk -F'\t' '!/^#/ && $4 == -1 && !done { done = 1; next } { print }' "$log" >"$T/dropped.tsv"
# (the sender's other links from the design's link table, RN_NEIGHBORS of sim_config.h)
awk -F'\t' -v OFS='\t' 'FILENAME ~ /sim_config/ {
    if ($0 ~ /^#define RN_PORTS /) { split($0, w, " "); ports = w[3] }
    if ($0 ~ /^#define RN_NEIGHBORS /) { sub(/.*\{/, ""); sub(/\}.*/, ""); nn = split($0, nbr, ",") }
    next
  }
  !/^#/ && $1 ~ /^[0-9]+$/ { used[$1 " " $2 " " $3] = 1; row[++n] = $0 }
  END {
    for (i = 1; i <= n && !dup; i++) {
      split(row[i], f, "\t")
      if (f[4] != -1) continue
      for (p = 1; p <= ports && !dup; p++) {
        v = nbr[f[2] * ports + p]
        if (v >= 0 && v != f[3] && !used[f[1] " " f[2] " " v]) dup = f[1] OFS f[2] OFS v OFS f[4] OFS f[5]
      }
    }
    print dup
  }' "${log%/run/wire.tsv}/gen/sim_config.h" "$log" >"$T/dup-row"
{ grep -E '^(#|slot)' "$log"; grep -vE '^(#|slot)' "$log" | cat - "$T/dup-row" | sort -t"$(printf '\t')" -k1,1n -k2,2n -k3,3n; } >"$T/doubled.tsv"
if [ "$(grep -vc '^#' "$T/dropped.tsv")" -eq "$(($(grep -vc '^#' "$log") - 1))" ] && [ -s "$T/dup-row" ] &&
  build/cmodel verify "$log" >"$T/out" 2>&1 &&
  ! build/cmodel verify "$T/dropped.tsv" >"$T/out1" 2>&1 && grep -qE '^FAIL .*(incomplete|no word|counts)' "$T/out1" &&
  ! build/cmodel verify "$T/doubled.tsv" >"$T/out2" 2>&1 && grep -qE '^FAIL slot=.* origin=-1 .*twice' "$T/out2"; then
  pass
else
  cat "$T/out1" "$T/out2" >>"$T/out" 2>/dev/null
  fail "a reduce wire log with a row dropped, or a moved partial sent twice, must fail the verifier" "$T/out"
fi

fi # part 2

# ==== LARGE=1: the large fabrics =============================================================
if large && part 1; then
  for d in 5 6; do every_task "hypercube:$d"; done
  sim_case hypercube:8 mnb
  sim_case hypercube:8 te FLIT=bare # the stored 8-cube template, built on the 7-cube's (te_search --extend)
  sim_case hypercube:8 snb FLIT=bare
  sim_case torus:8x8 mnb
  sim_case torus:16x16 mnb FLIT=bare # the stored quarter-turn template (te_search --turn)
  sim_case torus:16x16 te FLIT=bare  # the stored template of the diagonals' windows (te_search --by-window)
fi
if large && part 2; then
  ARCH_IS=banked model_case hypercube:6 mnb oneway
  ARCH_IS=banked model_case hypercube:6 te oneway
  for topo in hypercube:5 hypercube:6; do
    for task in reduce reduce_scatter allreduce global_sum; do
      combine_case $topo $task
      [ -n "$gen_dir" ] && yosys_case "$gen_dir"
    done
  done
fi

echo "sim: $npass passed, $nfail failed"
[ $nfail -eq 0 ]
