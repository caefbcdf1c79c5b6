# slot_sims.sh — sourced after checks.sh by the suites of slots of several cycles (link_delay.sh,
# combine_stages.sh): a design simulated in Verilator against the golden model, and its cycles.
# Needs REPO, T and BIN's build beside it (build/cmodel).

# slots_of DIR: the slots of the golden schedule in DIR/gen, as cmodel verify counts them
slots_of() { "$REPO/build/cmodel" verify "$1/gen/golden/wire.tsv" | sed -n 's/^OK slots=\([0-9]*\) .*/\1/p'; }

# simulate NAME L P VAR=VALUE...: sim/sim.sh in $T/NAME with LINK_DELAY=L and COMBINE_STAGES=P;
# PASS (the bench diffs the wire log and deliveries against the golden model and verifies the
# log) with the slot of L+P cycles named, and a run of (S+1)*(L+P) cycles
simulate() {
  local name=$1 delay=$2 stages=$3 rc slots cycles want
  shift 3
  (cd "$REPO" && env "$@" LINK_DELAY="$delay" COMBINE_STAGES="$stages" SIM_DIR="$T/$name" sim/sim.sh) >"$T/out" 2>&1
  rc=$?
  echo "    $(grep -m1 -E '^(PASS|FAIL)' "$T/out" | cut -c1-160)"
  slots=$(slots_of "$T/$name")
  cycles=$(sed -n 's/^PASS .* cycles=\([0-9]*\) .*/\1/p' "$T/out")
  want="^PASS .*$([ "$delay" = 1 ] || echo "link_delay=$delay ").*$([ "$stages" = 0 ] || echo "slot_cycles=$((delay + stages)) ")"
  expect "$name: PASS, wire log verified" '[ $rc = 0 ] && grep -q "$want" "$T/out"' \
    "exit $rc: $(grep -E '^(FAIL|OK|%Error)' "$T/out" | head -3)"
  expect "$name: (S+1)*(L+P) = ($slots+1)*$((delay + stages)) cycles" \
    '[ -n "$slots" ] && [ "$cycles" = $(((slots + 1) * (delay + stages))) ]' "the bench counted ${cycles:-no} cycles"
}

# sim_refuses SETTING TASK BENCH...: sim.sh refuses SETTING (e.g. LINK_DELAY=2) on hypercube:3
# TASK under each BENCH (e.g. SIM=icarus): one line on stderr, exit 2, nothing generated
sim_refuses() {
  local setting=$1 task=$2 extra rc
  shift 2
  for extra; do
    (cd "$REPO" && env TOPO=hypercube:3 TASK="$task" "$setting" "$extra" SIM_DIR="$T/refused" sim/sim.sh) >"$T/out" 2>"$T/err"
    rc=$?
    expect "sim.sh refuses $setting $extra" \
      '[ $rc = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q "$setting runs under the C++ Verilator bench only" "$T/err" && [ ! -e "$T/refused/gen" ]' \
      "exit $rc: $(cat "$T/err")"
  done
}
