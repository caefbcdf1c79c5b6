#!/usr/bin/env bash
# selftest_sim.sh GEN WORK [VERILATOR-ARGS...] — builds the self-testing board top
# (GEN/romnoc_selftest.v, rtl_gen --ni) with sim/tb_selftest.cpp in WORK/obj and runs it: prints the
# bench's "SELFTEST <line> report_cycle=... leds=..." line and exits with its status (0: PASS). Extra
# arguments go to Verilator, e.g. -GFAULT_NODE=1 (the test must then FAIL) or -GROUNDS=2.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
gen=$1 work=$2
shift 2
[ -f "$gen/files_selftest.f" ] || { echo "selftest_sim.sh: no self test in '$gen' (rtl_gen --ni writes one for packet tasks)" >&2; exit 2; }
work=$(mkdir -p "$work" && cd "$work" && pwd) gen=$(cd "$gen" && pwd)
obj=$work/obj
rm -rf "$obj"
(cd "$gen" && verilator --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast --noassert \
  --top-module romnoc_selftest -Mdir "$obj" "$@" -f files_selftest.f romnoc.vlt "$repo/sim/tb_selftest.cpp" \
  >"$work/verilate.log" 2>&1) || {
  tail -n 20 "$work/verilate.log" >&2
  echo "SELFTEST verilator build failed (see $work/verilate.log)"
  exit 1
}
baud=104
for a in "$@"; do case $a in -GBAUD_DIV=*) baud=${a#-GBAUD_DIV=} ;; esac; done
(cd "$gen" && "$obj/Vromnoc_selftest" +baud="$baud")
