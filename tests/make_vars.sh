#!/usr/bin/env bash
# tests/make_vars.sh — make's variables are data, not code (issue 37): every variable that
# `make sim`, `make synth`, `make fpga`, `make sim-kbcast-rt`, `make synth-kbcast-rt` and
# `make sim-pmnb-rt`, `make sim-pexchange-rt` and `make synth-pexchange-rt` hand to their flows, given a value with a shell metacharacter (`;`, `&&`, `|`, a backquote, `$(...)`, a quote, a
# space) that would run a command if pasted into the shell, must be refused by the flow: exit
# 2 from make, the flow's one line on stderr naming the variable and the value (make adds its
# own "*** [...] Error 2" line), the injected command not run, nothing written in the project
# or under build/. A SCHEDULE path with a space and a quote in it is simulated (Icarus, the
# design small) and passes. One variable of each target takes all seven values, the others
# two. QUICK=1 (make check): four of sim's variables and synth's TARGET.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then
# "make_vars: N passed, N failed"; exits 1 if any check failed.
BIN=/bin/true NAME=make_vars
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
cd "$HERE/.."
unset MAKEFLAGS MAKELEVEL MFLAGS # run from make check or make test: each make here is a top-level one

# every value runs `touch $T/pwned-N` if a shell ever parses it (make turns $$ into $)
values=("hypercube:3;touch $T/pwned-1" "mnb && touch $T/pwned-2" "mnb | touch $T/pwned-3" "mnb\`touch $T/pwned-4\`"
  "mnb\$\$(touch $T/pwned-5)" "mnb'touch $T/pwned-6'" "mnb touch $T/pwned-7")
# what a shell would see for value i (make's $$ is one $)
shown() { printf '%s' "${values[$1]//\$\$/\$}"; }
# (the run-time routers' directories, *_kbcast_runtime_*, *_pmnb_runtime_* and
# *_pexchange_runtime_*, are written by kbrt, pmnbrt and pexrt running in the other lane, never by these variables: left out so that the
# suites can run side by side)
snapshot() { (ls -A; ls -A build/sim build/synth 2>/dev/null) | grep -vE "_(kbcast|pmnb|pexchange)_runtime_" | sort; }
snapshot >"$T/before"

# refused_var TARGET VAR [all]: values of VAR refused by make TARGET: every one with "all", else
# the first (a ';') and the fifth (a '$(...)'). The Makefile quotes every variable alike and the
# flows check each with one function (scripts/flow_vars.sh), so one variable per target takes
# all seven and the others two
refused_var() {
  local target=$1 var=$2 i rc want idx=(0 4)
  [ "${3-}" = all ] && idx=("${!values[@]}")
  for i in "${idx[@]}"; do
    make -s --no-print-directory "$target" "$var=${values[$i]}" >"$T/out" 2>"$T/err" </dev/null
    rc=$?
    want="bad $var '$(shown "$i")'"
    expect "make $target $var=<value $((i + 1))> refused" \
      '[ $rc = 2 ] && [ ! -s "$T/out" ] && grep -cF -- "$want" "$T/err" | grep -qx 1 && [ "$(grep -vcE "^make(\[[0-9]+\])?: \*\*\* " "$T/err")" = 1 ]' \
      "want exit 2 and one line with \"$want\" on stderr (exit $rc)" "$T/err"
  done
}
if [ "${QUICK:-0}" = 1 ]; then
  refused_var sim TOPO all
  for var in TASK ACTIVE SEED; do refused_var sim "$var"; done
  refused_var synth TARGET
else
  refused_var sim TOPO all
  for var in TASK MODEL WIDTH FLIT ROOT ARCH ALG OP ACTIVE K M KSEED SPLIT SEED TRACE SIM SIM_OPT ROM_STYLE MEM_STYLE LINK_DELAY; do
    refused_var sim "$var"
  done
  refused_var synth TARGET all
  refused_var synth TOPO
  refused_var fpga ROUNDS all
  refused_var fpga TASK
  refused_var sim-sc TASK all
  refused_var sim-kbcast-rt D all
  for var in RUNS STAGES BENCH; do refused_var sim-kbcast-rt "$var"; done
  refused_var sim-pmnb-rt TOPO
  for var in RUNS SPLIT BENCH; do refused_var sim-pmnb-rt "$var"; done
  refused_var sim-pexchange-rt DEPTH all
  refused_var synth-pexchange-rt DEPTH
  refused_var synth-kbcast-rt TARGET all
fi
expect "no injected command ran" '[ -z "$(compgen -G "$T/pwned-*")" ]' "$(compgen -G "$T/pwned-*" | tr '\n' ' ')"
snapshot >"$T/after"
expect "nothing written in the project or under build/sim and build/synth" 'cmp -s "$T/before" "$T/after"' \
  "$(diff "$T/before" "$T/after" | head -n 5 | tr '\n' ' ')"
make -s --no-print-directory sim SCHEDULE="$T/none.tsv" >"$T/out" 2>"$T/err" </dev/null
rc=$?
expect "a SCHEDULE that names no file is refused" '[ $rc = 2 ] && grep -qF "bad SCHEDULE '"'"'$T/none.tsv'"'"'" "$T/err"' "exit $rc" "$T/err"

# a schedule path with a space and a quote: simulated, diffed and verified like any other
dir="$T/my sched's"
mkdir -p "$dir" && build/cmodel schedule --topo hypercube:2 --task snb -o "$dir/a b.tsv"
make -s --no-print-directory sim SCHEDULE="$dir/a b.tsv" SIM=icarus >"$T/out" 2>&1 </dev/null
rc=$?
expect "make sim SCHEDULE='<a path with a space and a quote>' SIM=icarus passes" \
  '[ $rc = 0 ] && grep -qE "^PASS topo=hypercube:2 task=snb .*/build/sim/a_b_w32/run_icarus/wire.tsv$" "$T/out" && grep -qx "OK slots=2 lb=2 tx=3 txlb=3" "$T/out"' \
  "exit $rc" "$T/out"

echo "make_vars: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
