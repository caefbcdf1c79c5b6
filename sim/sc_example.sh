#!/usr/bin/env bash
# sc_example.sh — builds and runs sim/sc_example.cpp, the minimal SystemC platform of
# docs/SYSTEMC.md, around a generated hypercube:2 mnb fabric (make sc-example).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$repo/build/sc_example
"$repo/build/rtl_gen" --topo "${TOPO:-hypercube:2}" --task "${TASK:-mnb}" -o "$work/gen" >/dev/null
(cd "$work/gen" && verilator --sc --exe --build -j 2 -O2 --top-module romnoc_fabric -Mdir "$work/obj" \
  -CFLAGS "-I$work/gen" -f files.f romnoc.vlt "$repo/sim/sc_example.cpp" >"$work/build.log" 2>&1) ||
  { tail -n 30 "$work/build.log" >&2; exit 1; }
cd "$work/gen" && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$work/obj/Vromnoc_fabric"
