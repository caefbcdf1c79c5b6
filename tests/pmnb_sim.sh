#!/usr/bin/env bash
# pmnb_sim.sh — hardware tests of paper 004's tasks on the ROM router with the active set fixed at
# generation: pmnb (whole packets and split into pieces), pexchange and pgather on torus:4x4 and mesh:4x4
# (LARGE=1, make test-large: torus:8x8 only), each with a set drawn by M=/KSEED= and one given as ACTIVE=LIST (and pmnb's rank
# phase as counter rows, 004-prefix), generated,
# linted, read by Yosys, simulated (sim/sim.sh), the wire log and deliveries diffed against
# the golden files, the wire log verified by cmodel under the schedule's model and set. Per run:
#   - the schedule rtl_gen built in-process (golden/wire.tsv) has the rows of the one
#     'cmodel schedule' writes for the same arguments;
#   - cycles = the TSV's '# slots=' + 1 (the banked router's fixed latency: slot s is on the
#     wires in cycle s+1 and done rises after the last, docs/ARCHITECTURE.md), and the harness
#     reports the same slots;
#   - the wire log carries the set (and the fraction) the TSV names, and cmodel verify accepts it;
#   - the local ports hand over M(N-1) packets (pmnb, times F pieces when split) or M(N-1)
#     (pexchange; pgather: each active node receives from the N-1 others), M and N counted here
#     from the set and the topology.
# Also: schedules given as files (the test's own offline schedules: te or mnb keeping only the
# active origins' rows, tests/active_subset.awk; a whole pmnb schedule cut into pieces,
# tests/split_pieces.awk), a fraction whose piece index does not fit the flit, --split for
# pexchange, ROM edits that must FAIL the diff and the verifier, the SystemC bench once.
# Ends with "N passed, N failed".
# QUICK=1 (make check): pmnb, pexchange and pgather on torus:4x4 with a drawn set, the pexchange
# one under the SystemC bench, the refusals and the pmnb and pgather ROM edits; the same checks.
set -u
cd "$(dirname "$0")/.." || exit 2
full() { [ "${QUICK:-0}" != 1 ]; } # full: not QUICK=1, the cases of make test only
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-pmnbsim.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0
pass() { npass=$((npass + 1)); echo "ok $1"; }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; [ -n "${2-}" ] && sed 's/^/    /' "$2" | tail -n 15; return 0; }
LATENCY=1 # cycles beyond the slots: docs/ARCHITECTURE.md, "run in S+1 cycles"

# nodes TOPO: the product of the sizes (torus:4x4 -> 16)
nodes() { local s=${1#*:} n=1 k; for k in ${s//x/ }; do n=$((n * k)); done; echo $n; }
# set_size LIST: the ids a list of ids and ranges names
set_size() { awk -v l="$1" 'BEGIN { n = split(l, p, ","); for (i = 1; i <= n; i++) c += split(p[i], r, "-") == 2 ? r[2] - r[1] + 1 : 1; print c }'; }
# meta KEY FILE: a metadata line's value
meta() { sed -n "s/^# *$1=//p" "$2" | head -n 1; }
# rows FILE: the data rows of a schedule TSV
rows() { grep -E '^[0-9]+	' "$1"; }

# sim_case NAME TASK TOPO TSV M PIECES VAR=VALUE...: sim/sim.sh with the variables must PASS in
# the TSV's slots + LATENCY cycles; the checks of the header. Sets gen_dir (empty on failure).
sim_case() {
  local name=$1 task=$2 topo=$3 tsv=$4 m=$5 pieces=$6 n line slots cycles log run want_dlv
  shift 6
  n=$(nodes "$topo") gen_dir=
  env "$@" sim/sim.sh >"$T/out" 2>&1
  local rc=$?
  line=$(grep -E "^PASS topo=$topo task=$task model=mla cycles=[0-9]+ slots=[0-9]+ log=" "$T/out")
  if [ $rc -ne 0 ] || [ -z "$line" ] || ! grep -qE '^OK slots=' "$T/out"; then
    fail "$name: want PASS and the verifier's OK (exit $rc)" "$T/out"
    return
  fi
  slots=$(meta slots "$tsv")
  [ -n "$slots" ] || slots=$(rows "$tsv" | awk '$1 > s { s = $1 } END { print s + 0 }') # a file of the test's own
  cycles=$(printf '%s' "$line" | sed -E 's/.* cycles=([0-9]+) .*/\1/')
  log=$(printf '%s' "$line" | sed -E 's/.* log=//') run=$(dirname "$log")
  gen_dir=$(dirname "$run")/gen
  if printf '%s' "$line" | grep -q " slots=$slots " && [ "$cycles" -eq $((slots + LATENCY)) ]; then
    pass "$name: $cycles cycles for $slots slots"
  else
    fail "$name: $cycles cycles and '$line' for the TSV's $slots slots (want $((slots + LATENCY)) cycles)"
  fi
  if diff -u <(rows "$tsv") <(rows "$gen_dir/golden/wire.tsv") >"$T/d"; then pass "$name: rtl_gen's schedule is cmodel's"; else
    fail "$name: golden/wire.tsv differs from the cmodel schedule's rows" "$T/d"; fi
  if [ "$(meta active "$log")" = "$(meta active "$tsv")" ] && [ "$(meta fraction "$log")" = "$(meta fraction "$tsv")" ]; then
    pass "$name: the wire log names the set and fraction"
  else
    fail "$name: the wire log says active='$(meta active "$log")' fraction='$(meta fraction "$log")', the TSV '$(meta active "$tsv")' '$(meta fraction "$tsv")'"
  fi
  want_dlv=$((m * (n - 1) * pieces))
  if [ "$(rows "$run/deliveries.tsv" | wc -l)" -eq $want_dlv ]; then
    pass "$name: $want_dlv deliveries"
  else
    fail "$name: $(rows "$run/deliveries.tsv" | wc -l) deliveries, want M(N-1)F = $want_dlv"
  fi
}

# yosys_case NAME DIR: Yosys reads the fabric and elaborates it
yosys_case() {
  if (cd "$2" && yosys -q -p "read_verilog -defer $(grep -v '^//' files.f | tr '\n' ' '); hierarchy -check -top romnoc_fabric; proc") >"$T/yosys" 2>&1; then
    pass "$1: yosys reads the fabric"
  else
    fail "$1: yosys rejects the fabric" "$T/yosys"
  fi
}

# run_case TASK TOPO VAR=VALUE...: the golden model's schedule (cmodel schedule with the same
# ALG, M, KSEED, ACTIVE, SPLIT), then sim_case and yosys_case. Sets gen_dir.
run_case() {
  local task=$1 topo=$2 v m="" pieces=1 args=() name
  shift 2
  name="$task $topo $*"
  for v in "$@"; do
    case $v in
    ALG=*) args+=(--alg "${v#ALG=}") ;;
    M=*) args+=(--m "${v#M=}") m=${v#M=} ;;
    KSEED=*) args+=(--seed "${v#KSEED=}") ;;
    ACTIVE=*) args+=(--active "${v#ACTIVE=}") m=$(set_size "${v#ACTIVE=}") ;;
    SPLIT=1) args+=(--split) ;;
    esac
  done
  gen_dir=
  if ! build/cmodel schedule --topo "$topo" --task "$task" "${args[@]}" -o "$T/s.tsv" 2>"$T/err"; then
    fail "$name: cmodel schedule fails" "$T/err"
    return
  fi
  [ -n "$(meta fraction "$T/s.tsv")" ] && pieces=$(meta fraction "$T/s.tsv")
  sim_case "$name" "$task" "$topo" "$T/s.tsv" "$m" "$pieces" TOPO="$topo" TASK="$task" "$@"
  [ -n "$gen_dir" ] && yosys_case "$name" "$gen_dir"
}

# ---- LARGE=1 (make test-large): torus:8x8 only, two sets per task
if [ "${LARGE:-0}" = 1 ]; then
  run_case pmnb torus:8x8 ALG=004 M=20 KSEED=4
  run_case pmnb torus:8x8 ALG=004 ACTIVE=0,9,18,27,36-40,63
  run_case pexchange torus:8x8 ALG=004 M=12 KSEED=4
  run_case pexchange torus:8x8 ALG=004 ACTIVE=0,9,18,27,36-40,63
  run_case pgather torus:8x8 ALG=004 M=12 KSEED=4
  echo "$npass passed, $nfail failed"
  [ $nfail -eq 0 ]
  exit
fi

# ---- pmnb, whole packets: 004's construction, two sets per topology
run_case pmnb torus:4x4 ALG=004 M=5 KSEED=3
t44_pmnb=$gen_dir
if full; then
run_case pmnb torus:4x4 ALG=004 ACTIVE=0,3,5-9
run_case pmnb mesh:4x4 ALG=004 M=6 KSEED=2
run_case pmnb mesh:4x4 ALG=004 ACTIVE=1,2,7,12-15
# ---- pmnb split into pieces: a mini-slot per cycle, a piece per flit
run_case pmnb torus:4x4 ALG=004 M=5 KSEED=3 SPLIT=1
run_case pmnb mesh:4x4 ALG=004 ACTIVE=1,2,7,12-15 SPLIT=1
# ---- the rank phase in the rows (004-prefix): its counters are constants of the ROMs (tagged
# flits, as kbcast's), whole packets and pieces
run_case pmnb torus:4x4 ALG=004-prefix M=5 KSEED=3
run_case pmnb mesh:4x4 ALG=004-prefix ACTIVE=1,2,7,12-15 SPLIT=1

# ---- pexchange: 004's construction, two sets per topology
run_case pexchange torus:4x4 ALG=004 M=5 KSEED=3
t44_px=$gen_dir
run_case pexchange torus:4x4 ALG=004 ACTIVE=0,3,5-9
run_case pexchange mesh:4x4 ALG=004 M=6 KSEED=2
run_case pexchange mesh:4x4 ALG=004 ACTIVE=1,2,7,12-15

fi # full

# ---- pgather (004 s2: pexchange's dual, its schedule reversed): a drawn set and a given one
run_case pgather torus:4x4 ALG=004 M=5 KSEED=3
t44_pg=$gen_dir
if full; then
run_case pgather mesh:4x4 ALG=004 ACTIVE=1,2,7,12-15

# ---- schedules as files, the test's own: te without the inactive origins' rows is a pexchange,
# a whole pmnb cut into 4 pieces a split one; the file's metadata fixes task, set and fraction
build/cmodel schedule --topo mesh:4x4 --task te -o "$T/te.tsv" &&
  awk -v active=0,3,5-9 -v task=pexchange -f tests/active_subset.awk "$T/te.tsv" >"$T/px_file.tsv"
sim_case "pexchange mesh:4x4 SCHEDULE=te's rows of 0,3,5-9" pexchange mesh:4x4 "$T/px_file.tsv" "$(set_size 0,3,5-9)" 1 \
  SCHEDULE="$T/px_file.tsv"
fi # full
build/cmodel schedule --topo torus:4x4 --task pmnb --alg offline --active 2,5,11 -o "$T/whole.tsv" &&
  awk -v f=4 -f tests/split_pieces.awk "$T/whole.tsv" >"$T/split_file.tsv"
full && sim_case "pmnb torus:4x4 SCHEDULE=offline 2,5,11 in 4 pieces" pmnb torus:4x4 "$T/split_file.tsv" "$(set_size 2,5,11)" 4 \
  SCHEDULE="$T/split_file.tsv"

# ---- refusals: a piece index wider than the flit's dest field (ring:3: 2 bits, 5 pieces), --split
# for pexchange; exit 2, one stderr line naming the value, nothing written
build/cmodel schedule --topo ring:3 --task pmnb --alg offline --active 0,2 -o "$T/r3.tsv" &&
  awk -v f=5 -f tests/split_pieces.awk "$T/r3.tsv" >"$T/r3_split.tsv"
refused() { # NAME WANT ARGS...: rtl_gen must exit 2 with one stderr line matching WANT, no DIR
  local name=$1 want=$2 rc
  shift 2
  build/rtl_gen "$@" -o "$T/refused" 2>"$T/err"
  rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q -- "$want" "$T/err" && [ ! -e "$T/refused" ]; then
    pass "$name"
  else
    fail "$name: want exit 2, one line naming '$want' and no output (exit $rc)" "$T/err"
  fi
}
refused "rtl_gen refuses 5 pieces on ring:3" "fraction=5: a piece index needs 3 bits, the flit's dest field on ring:3 has 2" \
  --schedule "$T/r3_split.tsv"
refused "rtl_gen refuses --split for pexchange" "--split applies to task pmnb only" --topo torus:4x4 --task pexchange --m 3 --split
refused "rtl_gen refuses --split with a schedule file" "drop --split" --schedule "$T/split_file.tsv" --split

# ---- ROM edits: an active node's router no longer asks its local port for its own packet (every
# inj<p>_req bit of its ROM cleared): the lanes that send it carry an empty flit, which must FAIL
# the wire diff and cmodel verify
rom_edit() { # NAME DIR TASK TOPO
  local name=$1 dir=$2 task=$3 topo=$4 u bits rom
  [ -n "$dir" ] || { fail "$name: no design to edit"; return; }
  rm -rf "$T/edit" && mkdir -p "$T/edit" && cp -r "$dir" "$T/edit/gen"
  u=$(sed -n 's/^active=//p' "$T/edit/gen/design.txt" | sed -E 's/[,-].*//')
  rom=$T/edit/gen/rom_n$u.hex
  [ -f "$rom" ] || rom=$T/edit/gen/rom.hex
  bits=$(sed -nE 's/.*assign inj[0-9]+_req_o = rom_data_i\[([0-9]+)\];.*/\1/p' "$T/edit/gen/romnoc_router.v" | tr '\n' ' ')
  awk -v bits="$bits" -f tests/rom_clear.awk "$rom" >"$rom.new" && mv "$rom.new" "$rom"
  if [ -n "$bits" ] && ! cmp -s "$rom" "$dir/$(basename "$rom")" &&
    ! SIM_DIR="$T/edit" REUSE_GEN=1 TOPO=$topo TASK=$task sim/sim.sh >"$T/out" 2>&1 &&
    grep -q "^FAIL topo=$topo task=$task .*wire.tsv differs" "$T/out" && grep -q "the wire log fails cmodel verify" "$T/out"; then
    pass "$name"
  else
    fail "$name: want FAIL of the wire diff and of cmodel verify (node $u, bits '$bits')" "$T/out"
  fi
}
rom_edit "pmnb torus:4x4: a ROM without its own-packet requests must FAIL" "$t44_pmnb" pmnb torus:4x4
full && rom_edit "pexchange torus:4x4: a ROM without its own-packet requests must FAIL" "$t44_px" pexchange torus:4x4
rom_edit "pgather torus:4x4: a ROM without its own-packet requests must FAIL" "$t44_pg" pgather torus:4x4

# ---- the SystemC bench (verilator --sc), once
build/cmodel schedule --topo torus:4x4 --task pexchange --alg 004 --m 5 --seed 3 -o "$T/px_sc.tsv"
sim_case "pexchange torus:4x4 SystemC bench" pexchange torus:4x4 "$T/px_sc.tsv" 5 1 \
  TOPO=torus:4x4 TASK=pexchange ALG=004 M=5 KSEED=3 BENCH=sc
full || { [ -n "$gen_dir" ] && yosys_case "pexchange torus:4x4 SystemC bench" "$gen_dir"; }

echo "$npass passed, $nfail failed"
[ $nfail -eq 0 ]
