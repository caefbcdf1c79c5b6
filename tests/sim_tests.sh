#!/usr/bin/env bash
# sim_tests.sh — hardware tests (make test): every task on hypercube:1..6 and mnb on
# hypercube:8 generated, linted (Verilator -Wall), accepted by Yosys, simulated, diffed
# against the golden files and verified; other roots, widths and seeds; and a design whose
# ROM was edited must FAIL the diff and the verifier. Expected slots and transmissions come
# from paper 000's formulas (tests/formulas.sh). Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/formulas.sh
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-sim.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0
pass() { npass=$((npass + 1)); }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; [ -n "${2-}" ] && sed 's/^/    /' "$2" | tail -n 15; return 0; }

# sim_case TOPO_D TASK [VAR=VALUE ...]: a simulation that must pass with the paper's figures
sim_case() {
  local d=$1 task=$2 s t name
  shift 2
  s=$(slots_of "$task" "$d") t=$(tx_of "$task" "$d")
  name="sim hypercube:$d $task${*:+ $*}"
  env TOPO="hypercube:$d" TASK="$task" "$@" scripts/sim.sh >"$T/out" 2>&1
  local rc=$?
  local pass_line ok_line cycles
  pass_line=$(grep -E "^PASS topo=hypercube:$d task=$task cycles=[0-9]+ slots=$s log=" "$T/out")
  ok_line=$(grep -xF "OK slots=$s lb=$s tx=$t txlb=$t" "$T/out")
  cycles=$(printf '%s' "$pass_line" | sed -E 's/.* cycles=([0-9]+) .*/\1/')
  if [ $rc -ne 0 ] || [ -z "$pass_line" ] || [ -z "$ok_line" ]; then
    fail "$name: want PASS with slots=$s and 'OK slots=$s lb=$s tx=$t txlb=$t' (exit $rc)" "$T/out"
  elif [ "$cycles" -gt $((s + 2)) ]; then
    fail "$name: $cycles cycles for $s slots (goal: at most slots + 2)"
  else
    pass
  fi
}

# yosys_case DIR: Yosys reads the generated Verilog and elaborates the fabric
yosys_case() {
  if (cd "$1" && yosys -q -p "read_verilog -defer $(tr '\n' ' ' < <(grep -v '^//' files.f)); hierarchy -check -top romnoc_fabric; proc") >"$T/yosys" 2>&1; then
    pass
  else
    fail "yosys rejects $1" "$T/yosys"
  fi
}

for d in 1 2 3 4 5 6; do
  for task in snb mnb scatter gather te; do
    sim_case $d $task
    dir=build/sim/hypercube-${d}_${task}$(case $task in snb | scatter | gather) echo _r0 ;; esac)_w32/gen
    yosys_case "$dir"
  done
done
sim_case 8 mnb
sim_case 4 scatter ROOT=5
sim_case 3 gather ROOT=7
sim_case 5 snb ROOT=31
sim_case 3 mnb WIDTH=1
sim_case 3 te WIDTH=100
sim_case 4 te SEED=7
# the baseline architecture stays correct too
sim_case 4 te ARCH=simple
sim_case 5 mnb ARCH=simple
sim_case 3 scatter ARCH=simple ROOT=6

# the SystemC test bench on the same fabrics (issue: mnb and te at D=3 and D=4)
sim_case 3 mnb BENCH=sc
sim_case 3 te BENCH=sc
sim_case 4 mnb BENCH=sc
sim_case 4 te BENCH=sc
# the minimal SystemC platform of docs/SYSTEMC.md builds, runs and gets every delivery
if scripts/sc_example.sh >"$T/out" 2>&1 && grep -qE '^example: hypercube:2 mnb done=1 after 3 cycles, err=0, 12 packets delivered \(expected 12\)$' "$T/out"; then
  pass
else
  fail "the SystemC example (docs/SYSTEMC.md)" "$T/out"
fi

# mutate NAME TOPO_D TASK AWK: edit one word of a copy of a passing design's ROM; the run must
# FAIL the diff and its wire log must fail the verifier.
mutate() {
  local name=$1 d=$2 task=$3 prog=$4 src dst
  src=build/sim/hypercube-${d}_${task}_w32 dst=$T/$name
  rm -rf "$dst" && mkdir -p "$dst" && cp -r "$src/gen" "$dst/gen"
  awk "$prog" "$src/gen/rom.hex" >"$dst/gen/rom.hex"
  if cmp -s "$src/gen/rom.hex" "$dst/gen/rom.hex"; then
    fail "mutation $name: the edit changed nothing"
    return
  fi
  env TOPO="hypercube:$d" TASK="$task" SIM_DIR="$dst" REUSE_GEN=1 "${@:5}" scripts/sim.sh >"$T/out" 2>&1
  local rc=$?
  if [ $rc -eq 0 ] || ! grep -qE "^FAIL topo=hypercube:$d task=$task: .*differs" "$T/out" ||
    ! grep -qE '^FAIL (slot=|incomplete)' "$T/out"; then
    fail "mutation $name: want a FAIL diff line and a FAIL from the verifier (exit $rc)" "$T/out"
  else
    pass
  fi
}
# cycle 2's word all zero: every router skips slot 2
mutate zero-word 3 mnb '!/^\/\// { n++ } n == 3 && !/^\/\// { gsub(/[0-9a-f]/, "0") } { print }'
# the same edit caught by the SystemC bench
mutate zero-word-sc 3 mnb '!/^\/\// { n++ } n == 3 && !/^\/\// { gsub(/[0-9a-f]/, "0") } { print }' BENCH=sc
# cycle 1's word without port 0's transmission (bits 1:0 of the last hex digit cleared)
mutate drop-port0 3 te '!/^\/\// { n++ } n == 2 && !/^\/\// {
  d = index("0123456789abcdef", substr($0, length($0), 1)) - 1
  $0 = substr($0, 1, length($0) - 1) substr("0123456789abcdef", d - d % 4 + 1, 1) } { print }'

echo "sim: $npass passed, $nfail failed"
[ $nfail -eq 0 ]
