# rt_tests_lib.sh — sourced by the run-time routers' suites (kbrt_tests.sh, pmnbrt_tests.sh,
# pexrt_tests.sh): the counters, a bad input of the generator, a SystemC run whose golden wire log
# has one row edited, and (the 004 routers) the simulated runs of each topology. Needs T (a
# scratch directory) and gen (the generator) set.
npass=0 nfail=0
pass() { npass=$((npass + 1)); echo "ok $1"; }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; [ -n "${2-}" ] && sed 's/^/    /' "$2" | tail -n 15; return 0; }

# bad NAME PATTERN ARGS...: exit 2, one stderr line matching PATTERN, no output directory
bad() {
  local name=$1 pat=$2
  shift 2
  rm -rf "$T/out"
  "$gen" "$@" -o "$T/out" >"$T/stdout" 2>"$T/stderr"
  local rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/stderr")" -eq 1 ] && grep -q -- "$pat" "$T/stderr" && [ ! -e "$T/out" ] &&
    [ ! -s "$T/stdout" ]; then
    pass "bad input: $name"
  else
    echo "    exit $rc, stderr: $(cat "$T/stderr")"
    fail "bad input: $name"
  fi
}

# sc_edited WORK TAG TOPO ROW SEED: the SystemC build in WORK (obj_sc) on two copies of WORK's
# last run, one with the origin of its golden wire log's ROW-th row changed: that run FAILs
# naming the wire log, its twin passes, the final line (topo=TOPO) is FAIL with failed=1
sc_edited() {
  local work=$1 tag=$2 topo=$3 row=$4 seed=$5 last rc
  last=$(tail -n 1 "$work/runs.txt" 2>/dev/null)
  rm -rf "$T/edit"
  mkdir -p "$T/edit"
  if [ -z "$last" ] || [ ! -x "$work/obj_sc/Vrt_top" ]; then
    fail "$tag BENCH=sc edited golden row: no SystemC build or run to edit"
    return
  fi
  cp -r "$last" "$T/edit/good" && cp -r "$last" "$T/edit/bad"
  awk -F'\t' -v OFS='\t' -v row="$row" '/^#/ || $1 == "slot" { print; next } { if (++n == row) $4 = $4 + 1; print }' \
    "$last/golden/wire.tsv" >"$T/edit/bad/golden/wire.tsv"
  printf '%s\n' "$T/edit/good" "$T/edit/bad" >"$T/edit/runs.txt"
  SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$work/obj_sc/Vrt_top" +seed="$seed" +runs="$T/edit/runs.txt" >"$T/edit/sim.log" 2>&1
  rc=$?
  if [ $rc != 0 ] && ! cmp -s "$last/golden/wire.tsv" "$T/edit/bad/golden/wire.tsv" &&
    grep -q "^ok run=$T/edit/good " "$T/edit/sim.log" &&
    grep -q "^FAIL run=$T/edit/bad k=[0-9]*: $T/edit/bad/wire.tsv differs from" "$T/edit/sim.log" &&
    grep -q "^FAIL topo=$topo .* runs=2 failed=1 .* bench=sc\$" "$T/edit/sim.log"; then
    pass "$tag BENCH=sc: a golden wire row edited, that run FAILs, its twin passes"
  else
    echo "    exit $rc"
    fail "$tag BENCH=sc: the edited golden row did not fail the run alone" "$T/edit/sim.log"
  fi
}

# rt004_bad_topologies: what rt_program.c refuses for every 004 run-time router (torus:PxP and
# mesh:PxP, P = 4, 8, 16, only)
rt004_bad_topologies() {
  bad "a hypercube" "hypercube:4" --topo hypercube:4
  bad "a ring" "ring:8" --topo ring:8
  bad "a 3-D torus" "torus:4x4x4" --topo torus:4x4x4
  bad "a rectangle" "torus:4x8" --topo torus:4x8
  bad "side 6" "side 6" --topo torus:6x6
  bad "side 2" "side 2" --topo mesh:2x2
}

# rt004_sim ROUTER TOPO BENCH RUNS: sim/rt004_sim.sh's RUNS active sets (SEED=3; SPLIT=1 in the
# environment: pmnb's pieces), one build (cpp: the simulation fabric; sc: the SystemC bench on the
# platform fabric, in a work directory of its own), one "ok"/"FAIL" line; sets rt_work (the work
# directory) and rt_tag (the line's name)
rt004_sim() {
  local router=$1 topo=$2 bench=$3 runs=$4 split=${SPLIT:-0} start
  rt_work=build/sim/${topo//[:x]/-}_${router}_runtime_w32$([ "$split" = 1 ] && echo _split)$([ "$bench" = cpp ] || echo "_$bench")
  rt_tag="$topo$([ "$split" = 1 ] && echo " SPLIT=1")$([ "$bench" = cpp ] || echo " BENCH=$bench")"
  rm -f "$rt_work/sim.log"
  start=$(date +%s)
  if TOPO=$topo RUNS=$runs SEED=3 BENCH=$bench SIM_DIR="$rt_work" ROUTER=$router SPLIT=$split sim/rt004_sim.sh >"$T/sim_$bench" 2>&1; then
    pass "$rt_tag $runs runs: $(grep -E '^PASS' "$T/sim_$bench") ($(($(date +%s) - start)) s)"
  else
    fail "$rt_tag $runs runs" "$T/sim_$bench"
  fi
}

# rt004_topologies ROUTER: the suite's sim_runs TOPO BENCH for every topology of $topos under
# cpp, and (sc=1) on the first also under sc with its M = N run's 200th golden row (a packet) edited
rt004_topologies() {
  local first=1 topo
  for topo in $topos; do
    sim_runs "$topo" cpp
    if [ "$sc" = 1 ] && [ "$first" = 1 ]; then
      sim_runs "$topo" sc
      sc_edited "$rt_work" "${rt_tag% BENCH=sc}" "$topo" 200 3
    fi
    first=0
  done
}
