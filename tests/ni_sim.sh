#!/usr/bin/env bash
# ni_sim.sh — the network interface and the system top (rtl_gen --ni, make sim NI=1): per design,
# sim/sim.sh NI=1 generates, lints (the system top too), builds the bench sim/tb_ni.cpp, which
# drives only the interfaces' AXI4-Stream ports with random stalls on both sides, runs the task
# twice with fresh data, the second message loaded while the first runs (the first command in the
# first cycle after reset), checks every recvbuf block against MPI's definition of the task
# (computed in the bench from the sendbufs), the cycle each message starts (back to back when the
# next one is loaded in time: sim/tb_ni_check.h), and diffs each run's wire log against the golden
# file; cmodel verify checks each log. Checked here per design:
#   - a PASS line per message naming words=M and the schedule's '# slots=' S (the schedule
#     written here by 'cmodel schedule' with the same arguments), and for the first message
#     cycles = M*S + 3: the last word is filed 3 cycles beyond the M runs' M*S slots after the
#     last command or sendbuf word is accepted (one to see the sendbuf complete, one for every
#     node to be ready, and the routers' M*S + 1 cycles: docs/ARCHITECTURE.md, "The network
#     interface"); where marked B2B=1 (designs whose next message loads faster than one runs),
#     the second message follows the first with gap=0 (no idle cycle: period M*S);
#   - cmodel verify's OK line for both wire logs.
# Edits that must FAIL: a node's drain map with two entries swapped, a node's program replaced
# by another node's, the router ROM's own-packet requests cleared, and in a design of 3-word
# blocks the merged ROM word of the shared cycle without the last slot's receptions.
# +misframe=1 (node 0's last sendbuf block without tlast) must PASS with node 0's status saying
# so. Refusals (exit 2, one stderr line naming the value): rtl_gen --ni for the simple router,
# NI=2, several tasks without --ni, a combining task among several with bare flits, on two
# topologies, nine tasks. Yosys
# reads and elaborates one system top; node 0's interface in its synthesis wrapper is
# lint-clean (make test: make synth NI=1 reports it, scope=ni). Several tasks in one
# fabric (ni_multi_case): each run's task checked against its own slots and golden files;
# commands naming an index beyond the tasks, or different tasks at different nodes, must be
# reported in every status (bit 3); te's part of a drain map edited must FAIL. Ends with
# "N passed, N failed". (set -u, not -e: a failed check is counted, not fatal.)
# make test: mnb and te on torus:4x4 (1-word blocks, tagged) and ring:8 (8 words), the packet
# tasks in one five-task fabric on hypercube:3 (3 words, bare), one-way te, torus:4x4 mnb,te in one
# fabric, and each combining task once (allreduce on torus:4x4 in 3-word blocks, reduce and
# global_sum with op max on hypercube:3, reduce_scatter on ring:8 in 8-word blocks); LARGE=1 (make test-large): the other
# combinations of the three topologies, M = 1, 3, 8 and the two formats, and nothing else.
# Under Icarus (SIM=icarus: sim/tb_icarus_ni.v drives the streams, the same checks): every task
# once on ring:8 in make test. QUICK=1 (make check): torus:4x4 te tagged, hypercube:3 mnb bare in
# 3-word blocks, the edits and refusals (Icarus and several tasks in one fabric: make test).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
full() { [ "${QUICK:-0}" != 1 ]; }
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-ni.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0
pass() { npass=$((npass + 1)); echo "ok $1"; }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; [ -n "${2-}" ] && [ -s "$2" ] && sed 's/^/    /' "$2" | tail -n 15; return 0; }
LATENCY=3 # cycles beyond the slots from the last acceptance to the last block filed
RUNS=2

# gap_report OUT: the gaps of the PASS lines of OUT beyond run 0, e.g. "0 9"
gap_report() { sed -n 's/^PASS .* run=[1-9][0-9]* .* gap=\([0-9]*\) log=.*/\1/p' "$1" | tr '\n' ' ' | sed 's/ $//'; }

# ni_case NAME VAR=VALUE... [B2B=1]: the design's schedule from cmodel, then sim/sim.sh NI=1 in
# $T/NAME. B2B=1: some message must follow the previous one back to back (gap=0), i.e. the
# design is one whose next message loads faster than the running one runs.
ni_case() {
  local name=$1 v args=() env=() root=0 words=1 b2b=0 slots n_pass n_ok rc want gaps
  shift
  for v in "$@"; do
    case $v in
    B2B=1) b2b=1; continue ;;
    TOPO=*) args+=(--topo "${v#TOPO=}") ;;
    TASK=*) args+=(--task "${v#TASK=}") ;;
    MODEL=*) args+=(--model "${v#MODEL=}") ;;
    ROOT=*) root=${v#ROOT=} ;;
    WORDS=*) words=${v#WORDS=} ;;
    esac
    env+=("$v")
  done
  case " ${args[*]} " in *" --task snb "* | *" --task scatter "* | *" --task gather "* | *" --task reduce "*) args+=(--root "$root") ;; esac
  build/cmodel schedule "${args[@]}" -o "$T/$name.tsv" 2>"$T/err" || { fail "$name: cmodel schedule fails" "$T/err"; return; }
  slots=$(sed -n 's/^# *slots=//p' "$T/$name.tsv" | head -n 1)
  env "${env[@]}" NI=1 NI_RUNS=$RUNS SIM_DIR="$T/$name" sim/sim.sh >"$T/out" 2>&1
  rc=$?
  want=$((words * slots + LATENCY))
  n_pass=$(grep -cE "^PASS topo=[^ ]+ task=[a-z_]+ words=$words run=[0-9]+ cycles=[0-9]+ slots=$slots gap=[-0-9]+ log=" "$T/out")
  n_ok=$(grep -cE '^OK slots=' "$T/out")
  gaps=$(gap_report "$T/out")
  if [ $rc -eq 0 ] && [ "$n_pass" -eq $RUNS ] && [ "$n_ok" -eq $RUNS ] &&
    grep -qE "^PASS .* run=0 cycles=$want slots=$slots gap=- log=" "$T/out" && { [ $b2b = 0 ] || [[ " $gaps " == *" 0 "* ]]; }; then
    pass "$name: $RUNS messages of $words-word blocks through the streams, the first in $want cycles for $slots slots, gaps $gaps, the wire logs verified"
  else
    fail "$name: want $RUNS PASS lines with words=$words slots=$slots, run 0 in $want cycles$([ $b2b = 1 ] && echo ", one gap=0"), and $RUNS OK lines (exit $rc)" "$T/out"
  fi
}

# ni_multi_case NAME TOPO=T TASKS=a,b,... [ROOT=R] [VAR=VALUE...]: several tasks in one fabric
# (TASK=a,b,...). Each task's slots S_k come from its own 'cmodel schedule'; the bench runs the
# tasks in turn ($RUNS times each: a,a,b,b,...), so run r is task (r / $RUNS) mod T with S_k's
# slots, run 0 PASSes in M*S_0 + 3 cycles, a task switch is never back to back (gap >= 3), and
# every run's wire log must pass cmodel verify.
ni_multi_case() {
  local name=$1 v topo="" tasks="" root=0 words=1 extra=() model=() rc k=0 r t line want ok=1
  shift
  for v in "$@"; do
    case $v in
    TOPO=*) topo=${v#TOPO=} ;;
    TASKS=*) tasks=${v#TASKS=} ;;
    MODEL=*) model=(--model "${v#MODEL=}"); extra+=("$v") ;;
    ROOT=*) root=${v#ROOT=}; extra+=("$v") ;;
    WORDS=*) words=${v#WORDS=}; extra+=("$v") ;;
    *) extra+=("$v") ;;
    esac
  done
  local names slots=()
  IFS=, read -r -a names <<<"$tasks"
  for t in "${names[@]}"; do
    local rootarg=()
    case $t in snb | scatter | gather | reduce) rootarg=(--root "$root") ;; esac
    build/cmodel schedule --topo "$topo" --task "$t" "${model[@]}" "${rootarg[@]}" -o "$T/$name-$k.tsv" 2>"$T/err" ||
      { fail "$name: cmodel schedule $t fails" "$T/err"; return; }
    slots+=("$(sed -n 's/^# *slots=//p' "$T/$name-$k.tsv" | head -n 1)")
    k=$((k + 1))
  done
  env TOPO="$topo" TASK="$tasks" "${extra[@]}" NI=1 NI_RUNS=$RUNS SIM_DIR="$T/$name" sim/sim.sh >"$T/out" 2>&1
  rc=$?
  want=$((words * slots[0] + LATENCY))
  for ((r = 0; r < RUNS * ${#names[@]}; r++)); do
    k=$(((r / RUNS) % ${#names[@]}))
    line=$(grep -E "^PASS .* run=$r " "$T/out")
    [[ $line =~ ^PASS\ topo=[^\ ]+\ task=${names[k]}\ words=$words\ run=$r\ cycles=([0-9]+)\ slots=${slots[k]}\ gap=([-0-9]+)\ log= ]] || ok=0
    [ $r = 0 ] && [ "${BASH_REMATCH[1]-}" != "$want" ] && ok=0
    [ $r -gt 0 ] && [ $((r % RUNS)) = 0 ] && [ "${BASH_REMATCH[2]-0}" -lt 3 ] && ok=0 # a task switch
  done
  if [ $rc -eq 0 ] && [ $ok = 1 ] && [ "$(grep -cE '^OK slots=' "$T/out")" -eq $((RUNS * ${#names[@]})) ]; then
    pass "$name: tasks $tasks in one fabric, in turn ($RUNS messages each, $words-word blocks, S = ${slots[*]}), run 0 in $want cycles, gaps $(gap_report "$T/out"), the wire logs verified"
  else
    fail "$name: want run r as task (r / $RUNS) mod ${#names[@]} of $tasks (S = ${slots[*]}), run 0 in $want cycles, task switches with gap >= 3, every log verified (exit $rc)" "$T/out"
  fi
}

# must_fail NAME WHAT VAR=VALUE...: the design in $T/NAME, edited by the caller, run again as it is
must_fail() {
  local name=$1 what=$2
  shift 2
  if env "$@" NI=1 REUSE_GEN=1 SIM_DIR="$T/$name" sim/sim.sh >"$T/out" 2>&1 || ! grep -q '^FAIL ' "$T/out"; then
    fail "$name: $what does not FAIL" "$T/out"
  else
    pass "$name: $what FAILs: $(grep -m1 '^FAIL ' "$T/out" | cut -c1-120)"
  fi
}

# ---- every task of the NI on three topologies: one-word blocks with tagged flits, 3-word
# blocks with bare flits; 8-word blocks on torus:4x4
if [ "${LARGE:-0}" = 1 ]; then # make test-large: the other combinations, then nothing else
  # packet and combining tasks in one fabric under the other models (the mixed router)
  ni_multi_case hypercube-3-mnb.allreduce-sp-full TOPO=hypercube:3 TASKS=mnb,allreduce MODEL=sp-full
  ni_multi_case hypercube-3-te.reduce_scatter-oneway-words3 TOPO=hypercube:3 TASKS=te,reduce_scatter MODEL=oneway WORDS=3
  for task in snb mnb scatter gather te; do
    ni_case "hypercube-3-$task-tagged" TOPO=hypercube:3 TASK=$task ROOT=1
    ni_case "ring-8-$task-tagged" TOPO=ring:8 TASK=$task ROOT=1
    ni_case "torus-4x4-$task-bare-words3" TOPO=torus:4x4 TASK=$task FLIT=bare WORDS=3 ROOT=1
    ni_case "ring-8-$task-bare-words3" TOPO=ring:8 TASK=$task FLIT=bare WORDS=3 ROOT=1
    ni_case "torus-4x4-$task-words8" TOPO=torus:4x4 TASK=$task WORDS=8 ROOT=1
    case $task in snb | scatter | gather) ni_case "ring-8-$task-words8" TOPO=ring:8 TASK=$task WORDS=8 ROOT=1 ;; esac
    # make test covers these through the five-task fabric of hypercube:3 (3-word bare blocks)
    [ $task = mnb ] || ni_case "hypercube-3-$task-bare-words3" TOPO=hypercube:3 TASK=$task FLIT=bare WORDS=3 ROOT=1
    # make test covers these through hypercube:3's five tasks and Icarus on ring:8
    case $task in snb | scatter | gather) ni_case "torus-4x4-$task-tagged" TOPO=torus:4x4 TASK=$task ROOT=1 ;; esac
  done
  ni_case mesh-3x3-te TOPO=mesh:3x3 TASK=te # a program per node, no translation
  ni_case torus-4x4-reduce TOPO=torus:4x4 TASK=reduce ROOT=1
  ni_case ring-8-reduce-words3 TOPO=ring:8 TASK=reduce ROOT=1 WORDS=3
  ni_case torus-4x4-reduce_scatter-words8 TOPO=torus:4x4 TASK=reduce_scatter WORDS=8
  ni_case hypercube-3-reduce_scatter TOPO=hypercube:3 TASK=reduce_scatter
  ni_case hypercube-3-allreduce-words8 TOPO=hypercube:3 TASK=allreduce WORDS=8
  ni_case ring-8-allreduce-xor TOPO=ring:8 TASK=allreduce OP=xor
  ni_case torus-4x4-allreduce TOPO=torus:4x4 TASK=allreduce
  ni_case torus-4x4-global_sum-words3 TOPO=torus:4x4 TASK=global_sum WORDS=3
  ni_case ring-8-global_sum TOPO=ring:8 TASK=global_sum
  echo "$npass passed, $nfail failed"
  [ "$nfail" -eq 0 ]
  exit
elif full; then # every task on each topology, each of M = 1, 3, 8 and both flit formats once
  for task in mnb te; do
    ni_case "torus-4x4-$task-tagged" TOPO=torus:4x4 TASK=$task
    ni_case "ring-8-$task-words8" TOPO=ring:8 TASK=$task WORDS=8
  done
  ni_case hypercube-3-mnb-bare-words3 TOPO=hypercube:3 TASK=mnb FLIT=bare WORDS=3 # the edits below use it
  # the combining tasks (the combine router): each once, two of them back to back, the rest in
  # make test-large
  ni_case torus-4x4-allreduce-words3 TOPO=torus:4x4 TASK=allreduce WORDS=3
  ni_case hypercube-3-reduce TOPO=hypercube:3 TASK=reduce ROOT=1
  ni_case ring-8-reduce_scatter-words8 TOPO=ring:8 TASK=reduce_scatter WORDS=8
  ni_case hypercube-3-global_sum-max TOPO=hypercube:3 TASK=global_sum OP=max
  # under Icarus Verilog (sim/tb_icarus_ni.v, the same checks): every task once, on ring:8
  for task in snb mnb scatter gather te reduce reduce_scatter allreduce global_sum; do
    case $task in mnb | allreduce) words=3 ;; *) words=1 ;; esac
    ni_case "icarus-ring-8-$task-words$words" TOPO=ring:8 TASK=$task ROOT=1 WORDS=$words SIM=icarus
  done
  ni_case hypercube-3-te-oneway TOPO=hypercube:3 TASK=te MODEL=oneway # one channel per link
  # several tasks in one fabric: two shared programs; five tasks, shared and per-node ones joined
  ni_multi_case torus-4x4-mnb.te TOPO=torus:4x4 TASKS=mnb,te
  ni_multi_case hypercube-3-five-bare-words3 TOPO=hypercube:3 TASKS=snb,mnb,scatter,gather,te ROOT=1 FLIT=bare WORDS=3
  # packet and combining tasks in one fabric (the mixed router): all-gather, all-to-all,
  # reduce-scatter and all-reduce on torus:4x4; eight tasks under max in blocks of 3 words; under Icarus
  ni_multi_case torus-4x4-four-mixed TOPO=torus:4x4 TASKS=mnb,te,reduce_scatter,allreduce
  ni_multi_case hypercube-3-eight-mixed-max-words3 TOPO=hypercube:3 TASKS=snb,mnb,scatter,gather,te,reduce,reduce_scatter,allreduce \
    ROOT=1 WORDS=3 OP=max
  ni_multi_case icarus-ring-8-mixed-words3 TOPO=ring:8 TASKS=global_sum,mnb,allreduce,te WORDS=3 SIM=icarus
else
  ni_case torus-4x4-te-tagged TOPO=torus:4x4 TASK=te
  ni_case hypercube-3-mnb-bare-words3 TOPO=hypercube:3 TASK=mnb FLIT=bare WORDS=3 B2B=1
fi

# bench_run D PLUS PATTERN COUNT WHAT: design D's built bench run again with +PLUS=1 (seed 3);
# COUNT of its lines must match the ERE PATTERN
bench_run() {
  local d=$1 plus=$2 pattern=$3 count=$4 what=$5 g=$T/$1/gen
  if (cd "$g" && "$T/$d/obj/Vromnoc_system" +seed=3 +golden="$g/golden" +out="$T" "+$plus=1") >"$T/out" 2>&1 &&
    [ "$(grep -cE "$pattern" "$T/out")" -eq "$count" ]; then
    pass "$d: $what"
  else
    fail "$d: +$plus=1" "$T/out"
  fi
}

# ---- edits that must fail, on torus:4x4 te
d=torus-4x4-te-tagged
design=(TOPO=torus:4x4 TASK=te)
if [ -f "$T/$d/gen/ni_drain_n5.hex" ]; then
  g=$T/$d/gen
  cp "$g/ni_drain_n5.hex" "$T/drain.keep"
  awk '/^\/\// { print; next } { n++; line[n] = $0 } END { t = line[2]; line[2] = line[3]; line[3] = t; for (i = 1; i <= n; i++) print line[i] }' \
    "$T/drain.keep" >"$g/ni_drain_n5.hex"
  must_fail $d "node 5's drain map with blocks 1 and 2 swapped" "${design[@]}"
  cp "$T/drain.keep" "$g/ni_drain_n5.hex"
  cp "$g/ni_n1.hex" "$T/prog.keep"
  cp "$g/ni_n2.hex" "$g/ni_n1.hex"
  must_fail $d "node 1's program replaced by node 2's" "${design[@]}"
  cp "$T/prog.keep" "$g/ni_n1.hex"
  cp "$g/rom.hex" "$T/rom.keep"
  bits=$(sed -n 's/.*assign inj[0-9]*_req_o = rom_data_i\[\([0-9]*\)\];.*/\1/p' "$g/romnoc_router.v" | tr '\n' ' ')
  awk -v bits="$bits" -f tests/rom_clear.awk "$T/rom.keep" >"$g/rom.hex"
  must_fail $d "the router ROM's own-packet requests cleared (bits $bits)" "${design[@]}"
  cp "$T/rom.keep" "$g/rom.hex"
  # a sendbuf framed wrong is reported in the status, and the run still delivers
  bench_run $d misframe '^PASS ' 2 "node 0's sendbuf without tlast: both runs deliver, node 0's status says so (bit 4), the others are clean"
else
  fail "$d: no design to edit"
fi

# ---- several tasks: commands naming a wrong task are reported (status bit 3); then task 1's
# (te's) part of node 5's drain map with blocks 1 and 2 swapped must FAIL
d=torus-4x4-mnb.te
if full && [ -f "$T/$d/gen/ni_drain_n5.hex" ]; then
  g=$T/$d/gen
  bench_run $d badtask '^PASS .* task=mnb words=1 run=[0-3] ' 4 \
    "commands naming task 2 (of 0..1) run task 0 (its data checked) and every status says so (bit 3)"
  bench_run $d skew '^PASS .* skew: node 0 named task [01], every status has bit 3$' 4 \
    "node 0's command naming another task than the others': every node's status says so (bit 3)"
  cp "$g/ni_drain_n5.hex" "$T/drain.keep"
  per_task=$(($(grep -vc '^//' "$T/drain.keep") / 2)) # entries {task, block}: a half per task
  awk -v a=$((per_task + 2)) -v b=$((per_task + 3)) '/^\/\// { print; next } { n++; line[n] = $0 } END { t = line[a]; line[a] = line[b]; line[b] = t; for (i = 1; i <= n; i++) print line[i] }' \
    "$T/drain.keep" >"$g/ni_drain_n5.hex"
  must_fail $d "node 5's drain map of task te with blocks 1 and 2 swapped" TOPO=torus:4x4 TASK=mnb,te
  cp "$T/drain.keep" "$g/ni_drain_n5.hex"
elif full; then
  fail "$d: no design to edit"
fi

# ---- the mixed router (packet and combining tasks): with every task taken for a packet task
# (its CombiningTasks bits cleared), the combine router never sees the links' words: must FAIL
d=torus-4x4-four-mixed
if full && [ -f "$T/$d/gen/romnoc_router.v" ]; then
  g=$T/$d/gen
  cp "$g/romnoc_router.v" "$T/router.keep"
  sed -E 's/(localparam \[[0-9]+:0\] CombiningTasks = [0-9]+)'"'"'h[0-9a-f]+;/\1'"'"'h0;/' "$T/router.keep" >"$g/romnoc_router.v"
  if cmp -s "$g/romnoc_router.v" "$T/router.keep"; then
    fail "$d: no CombiningTasks parameter to clear"
  else
    must_fail $d "the mixed router with its CombiningTasks bits cleared" TOPO=torus:4x4 TASK=mnb,te,reduce_scatter,allreduce
  fi
  cp "$T/router.keep" "$g/romnoc_router.v"
elif full; then
  fail "$d: no design to edit"
fi

# ---- Yosys reads and elaborates the system top (the fabric, the interfaces and their ROM files)
g=$T/hypercube-3-mnb-bare-words3/gen
if (cd "$g" && yosys -q -p "read_verilog -defer $(grep -v '^//' files_system.f | tr '\n' ' '); hierarchy -check -top romnoc_system; proc; flatten; opt -fast") >"$T/out" 2>&1; then
  pass "hypercube-3-mnb-bare-words3: Yosys reads and elaborates romnoc_system"
else
  fail "hypercube-3-mnb-bare-words3: Yosys on romnoc_system" "$T/out"
fi

# ---- node 0's interface in its synthesis wrapper: lint-clean; make test: synthesised (make synth NI=1)
if (cd "$g" && verilator --lint-only -Wall romnoc_ni.v romnoc_ni_synth_top.v --top-module romnoc_ni_synth_top) >"$T/out" 2>&1; then
  pass "hypercube-3-mnb-bare-words3: romnoc_ni_synth_top is lint-clean"
else
  fail "hypercube-3-mnb-bare-words3: verilator --lint-only on romnoc_ni_synth_top" "$T/out"
fi
if full && SYNTH_DIR="$T/synth" TOPO=hypercube:3 TASK=mnb FLIT=bare WORDS=3 NI=1 synth/synth.sh >"$T/out" 2>&1 &&
  grep -qE '^SYNTH .* scope=ni luts=[1-9][0-9]* ffs=[1-9][0-9]* ' "$T/out"; then
  pass "hypercube-3-mnb-bare-words3: make synth NI=1 reports node 0's interface (scope=ni)"
elif full; then
  fail "hypercube-3-mnb-bare-words3: make synth NI=1" "$T/out"
fi

# ---- the merged ROM word of a message of several words: word 1 without slot S's receptions
d=hypercube-3-mnb-bare-words3
g=$T/$d/gen
if [ -f "$g/rom.hex" ]; then
  cycles=$(sed -n 's/^cycles=//p' "$g/design.txt")
  cp "$g/rom.hex" "$T/rom.keep"
  awk -v shared=$((cycles + 1)) '/^\/\// { print; next } { line[n++] = $0 } END { line[shared] = line[1]; for (i = 0; i < n; i++) print line[i] }' \
    "$T/rom.keep" >"$g/rom.hex"
  must_fail $d "the shared cycle's ROM word without the last slot's receptions (entry $((cycles + 1)) = entry 1)" \
    TOPO=hypercube:3 TASK=mnb FLIT=bare WORDS=3
  cp "$T/rom.keep" "$g/rom.hex"
else
  fail "$d: no design to edit"
fi

# ---- refusals
refused() { # refused WHAT EXPECTED-TEXT COMMAND...
  local what=$1 text=$2
  shift 2
  rm -rf "$T/refused"
  "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q -- "$text" "$T/err" && [ ! -e "$T/refused" ]; then
    pass "$what: exit 2, '$(cat "$T/err")'"
  else
    fail "$what: exit $rc, want 2 and one line with '$text', nothing written" "$T/err"
  fi
}
refused "rtl_gen --ni --arch simple" "simple router" build/rtl_gen --topo hypercube:3 --task mnb --arch simple --ni -o "$T/refused"
refused "rtl_gen --words without --ni" "add --ni" build/rtl_gen --topo hypercube:3 --task mnb --words 4 -o "$T/refused"
refused "rtl_gen --words 0" "--words '0' is out of range" build/rtl_gen --topo hypercube:3 --task mnb --ni --words 0 -o "$T/refused"
refused "NI=2" "bad NI '2'" env TOPO=hypercube:3 TASK=mnb NI=2 SIM_DIR="$T/refused" sim/sim.sh
refused "rtl_gen --task mnb,te without --ni" "add --ni" build/rtl_gen --topo torus:4x4 --task mnb,te -o "$T/refused"
refused "rtl_gen --task mnb,allreduce --ni --flit bare" "task allreduce's flits carry a chunk" \
  build/rtl_gen --topo hypercube:3 --task mnb,allreduce --ni --flit bare -o "$T/refused"
build/cmodel schedule --topo ring:8 --task te -o "$T/ring-te.tsv" 2>/dev/null
build/cmodel schedule --topo hypercube:3 --task mnb -o "$T/hc-mnb.tsv" 2>/dev/null
refused "rtl_gen --schedule (hypercube:3) --schedule (ring:8) --ni" "every task of one fabric has its topology" \
  build/rtl_gen --schedule "$T/hc-mnb.tsv" --schedule "$T/ring-te.tsv" --ni -o "$T/refused"
refused "rtl_gen --task with 9 tasks" "more than 8 tasks" \
  build/rtl_gen --topo hypercube:3 --task mnb,te,snb,mnb,te,snb,mnb,te,snb --ni -o "$T/refused"

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
