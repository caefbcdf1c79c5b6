#!/usr/bin/env bash
# sim_tests.sh — hardware tests (make test): every task on hypercube:1..6, on ring:5, ring:8,
# torus:3x3, 4x4, 3x5, 2x4, 3x3x3 and mesh:4x4, mnb on hypercube:8 and torus:8x8, generated,
# linted (Verilator -Wall), accepted by Yosys, simulated, diffed against the golden files and
# verified; other roots, widths, seeds and the baseline architecture; the SystemC bench; the
# port models (the single-port router on sp-full and sp-half schedules, one-way links on oneway
# schedules, a one-way link whose ends disagree, a wire log checked under its own model);
# schedules given as files (`SCHEDULE=`), one of them verified under its own model (sp-full);
# and designs whose ROM was edited must FAIL the diff and the verifier. Expected slots and
# transmissions come from the bound formulas of tests/bounds.awk (paper 000's Table 1 for the
# hypercube), never from the program. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
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

# expect_run NAME SLOTS TX MODEL [VAR=VALUE ...]: scripts/sim.sh with the variables must PASS
# in at most slots+2 cycles, with the wire log verified under MODEL at SLOTS slots (the lower
# bound) and TX transmissions; with ARCH_IS set, the design must be of that architecture. Sets
# gen_dir to the generated design.
expect_run() {
  local name=$1 s=$2 t=$3 model=$4 pass_line cycles
  shift 4
  gen_dir=
  env "$@" scripts/sim.sh >"$T/out" 2>&1
  local rc=$?
  pass_line=$(grep -E "^PASS topo=[^ ]+ task=[a-z]+ model=$model cycles=[0-9]+ slots=$s log=" "$T/out")
  if [ $rc -ne 0 ] || [ -z "$pass_line" ] || ! grep -qxF "OK slots=$s lb=$s tx=$t txlb=$t" "$T/out"; then
    fail "$name: want PASS (model=$model slots=$s) and 'OK slots=$s lb=$s tx=$t txlb=$t' (exit $rc)" "$T/out"
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

# every_task TOPO: the five tasks simulated on TOPO, each design also read by Yosys
every_task() {
  local task
  for task in snb mnb scatter gather te; do
    sim_case "$1" $task
    [ -n "$gen_dir" ] && yosys_case "$gen_dir"
  done
}

for d in 1 2 3 4 5 6; do every_task "hypercube:$d"; done
sim_case hypercube:8 mnb
sim_case hypercube:4 scatter ROOT=5
sim_case hypercube:3 gather ROOT=7
sim_case hypercube:5 snb ROOT=31
sim_case hypercube:3 mnb WIDTH=1
sim_case hypercube:3 te WIDTH=100
sim_case hypercube:4 te SEED=7
# rings, tori and meshes: every task, a shared ROM translated by coordinate-wise addition where
# the schedule is a template, per-node ROMs elsewhere
for topo in ring:5 ring:8 torus:3x3 torus:4x4 torus:3x5 torus:2x4 torus:3x3x3 mesh:4x4; do every_task "$topo"; done
sim_case torus:8x8 mnb
sim_case torus:4x4 scatter ROOT=9
# the baseline architecture stays correct too
sim_case hypercube:4 te ARCH=simple
sim_case hypercube:5 mnb ARCH=simple
sim_case hypercube:3 scatter ARCH=simple ROOT=6
sim_case torus:3x3 te ARCH=simple
sim_case mesh:4x4 mnb ARCH=simple

# the SystemC test bench on the same fabrics
sim_case hypercube:3 mnb BENCH=sc
sim_case hypercube:3 te BENCH=sc
sim_case hypercube:4 mnb BENCH=sc
sim_case hypercube:4 te BENCH=sc
sim_case torus:4x4 mnb BENCH=sc
sim_case torus:4x4 te BENCH=sc
# the minimal SystemC platform of docs/SYSTEMC.md builds, runs and gets every delivery
if scripts/sc_example.sh >"$T/out" 2>&1 && grep -qE '^example: hypercube:2 mnb done=1 after 3 cycles, err=0, 12 packets delivered \(expected 12\)$' "$T/out"; then
  pass
else
  fail "the SystemC example (docs/SYSTEMC.md)" "$T/out"
fi

# ---- schedules as files -------------------------------------------------------------------
# a file written by the golden model
build/cmodel schedule --topo torus:3x5 --task te -o "$T/t35te.tsv"
read -r lb tx < <(awk -v task=te -v topo=torus:3x5 -f tests/bounds.awk)
expect_run "SCHEDULE=torus:3x5 te file" "$lb" "$tx" mla SCHEDULE="$T/t35te.tsv"
# the golden model's mla ring:5 mnb relabelled sp-full breaks the single-port rule: refused
build/cmodel schedule --topo ring:5 --task mnb | sed 's/^# model=mla$/# model=sp-full/' >"$T/ring5-relabel.tsv"
if ! build/rtl_gen --schedule "$T/ring5-relabel.tsv" -o "$T/relabel" 2>"$T/err" && grep -q 'sp-full capacity' "$T/err" &&
  [ ! -e "$T/relabel" ]; then
  pass
else
  fail "an mla schedule labelled sp-full must be refused before anything is written" "$T/err"
fi

# mutate NAME DESIGN ROMFILE AWK [VAR=VALUE ...]: edit one word of a copy of a passing design's
# ROM; the run must FAIL the diff and its wire log must fail the verifier.
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
  env SIM_DIR="$dst" REUSE_GEN=1 "$@" scripts/sim.sh >"$T/out" 2>&1
  local rc=$?
  if [ $rc -eq 0 ] || ! grep -qE "^FAIL topo=.*: .*differs" "$T/out" || ! grep -qE '^FAIL (slot=|incomplete)' "$T/out"; then
    fail "mutation $name: want a FAIL diff line and a FAIL from the verifier (exit $rc)" "$T/out"
  else
    pass
  fi
}
zero_word3='!/^\/\// { n++ } n == 3 && !/^\/\// { gsub(/[0-9a-f]/, "0") } { print }'
# cycle 2's word all zero: every router skips slot 2
mutate zero-word hypercube-3_mnb_w32 rom.hex "$zero_word3"
# the same edit caught by the SystemC bench
mutate zero-word-sc hypercube-3_mnb_w32 rom.hex "$zero_word3" BENCH=sc
# cycle 1's word without lane 0's transmission (the low bits of the last hex digit cleared)
mutate drop-lane0 hypercube-3_te_w32 rom.hex '!/^\/\// { n++ } n == 2 && !/^\/\// {
  d = index("0123456789abcdef", substr($0, length($0), 1)) - 1
  $0 = substr($0, 1, length($0) - 1) substr("0123456789abcdef", d - d % 4 + 1, 1) } { print }'
# a torus fabric: the shared ROM's cycle 2 word zeroed, and one node's ROM of a rooted task
mutate torus-zero-word torus-4x4_mnb_w32 rom.hex "$zero_word3"
mutate torus-node-rom torus-3x5_scatter_r0_w32 rom_n0.hex "$zero_word3"

# ---- port models: the single-port router (sp-full, sp-half) and one-way links (oneway) -------
# model_case TOPO TASK MODEL [VAR=VALUE ...]: the golden model's schedule of MODEL in hardware,
# at the model's bound (tests/bounds.awk -v model=M)
model_case() {
  local topo=$1 task=$2 model=$3 lb tx
  shift 3
  read -r lb tx < <(awk -v task="$task" -v topo="$topo" -v model="$model" -f tests/bounds.awk)
  expect_run "sim $topo $task $model${*:+ $*}" "$lb" "$tx" "$model" TOPO="$topo" TASK="$task" MODEL="$model" "$@"
}
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
for d in 3 4 5 6; do
  ARCH_IS=banked model_case "hypercube:$d" mnb oneway
  ARCH_IS=banked model_case "hypercube:$d" te oneway
done
ARCH_IS=banked model_case torus:4x4 mnb oneway
ARCH_IS=banked model_case torus:4x4 te oneway
# the fabric: one channel module per undirected link (32 on the 4x4 torus), accepted by Yosys
[ -n "$gen_dir" ] && [ "$(grep -c '^  romnoc_link ' "$gen_dir/romnoc_fabric.v")" -eq 32 ] && pass ||
  fail "oneway torus:4x4 te: want 32 romnoc_link instances in $gen_dir/romnoc_fabric.v"
[ -n "$gen_dir" ] && yosys_case "$gen_dir"
# the other architectures on single-port schedules; the SystemC bench once per model
ARCH_IS=banked model_case ring:8 mnb sp-full ARCH=banked
ARCH_IS=simple model_case ring:8 mnb sp-half ARCH=simple
model_case ring:5 mnb sp-full BENCH=sc
model_case ring:8 mnb sp-half BENCH=sc
model_case hypercube:3 te oneway BENCH=sc
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
src=build/sim/hypercube-3_mnb_oneway_w32 dst=$T/disagree
rm -rf "$dst" && mkdir -p "$dst" && cp -r "$src/gen" "$dst/gen"
awk '!/^\/\// { n++; if (n == 2) w1 = $0; if (n == 3) $0 = w1 } { print }' "$src/gen/rom_n0.hex" >"$dst/gen/rom_n0.hex"
if cmp -s "$src/gen/rom_n0.hex" "$dst/gen/rom_n0.hex"; then
  fail "disagreement: the edit changed nothing"
elif SIM_DIR="$dst" REUSE_GEN=1 scripts/sim.sh >"$T/out" 2>&1; then
  fail "disagreement: the run must fail" "$T/out"
elif grep -qE '^FAIL topo=hypercube:3 task=mnb model=oneway: .*raised err_o' "$T/out" &&
  grep -qE '^FAIL slot=2 src=0 ' "$T/out"; then
  pass
else
  fail "disagreement: want the run's FAIL naming err_o and the verifier's FAIL on node 0's slot-2 send" "$T/out"
fi

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

echo "sim: $npass passed, $nfail failed"
[ $nfail -eq 0 ]
