#!/usr/bin/env bash
# ni_bench.sh OUT.md — the network interface (rtl_gen --ni, docs/ARCHITECTURE.md "The network
# interface") on allgather and alltoall, torus:4x4 and hypercube:4, W = 32, one word a packet:
#   - cycles per run through the streams (make sim NI=1: from the last command or sendbuf block
#     accepted to the last recvbuf block filed, the bench's PASS line, both runs alike) against
#     the schedule's S slots (S·M with M = 1) and the verifier's lower bound on the slots;
#   - node 0's interface and the router, each synthesised alone with Yosys synth_ice40 (no
#     place and route: LUT4, flip-flops, 4-kbit block RAMs).
# Writes the "ni" section of OUT.md.
set -euo pipefail
out=${1:?usage: bench/ni_bench.sh OUT.md}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-ni-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
# cells FILE: "LUT4 FF BRAM" of a Yosys stat
cells() { awk '$1 == "SB_LUT4" { l = $2 } $1 ~ /^SB_DFF/ { f += $2 } $1 == "SB_RAM40_4K" { b = $2 } END { print l + 0, f + 0, b + 0 }' "$1"; }
synth() { # synth DIR TOP [CHPARAM]: synth_ice40 of one module, its cells
  (cd "$1" && yosys -q -p "read_verilog -defer romnoc_router.v romnoc_ni.v; ${3:-} hierarchy -top $2; synth_ice40 -top $2; tee -q -o $work/stat stat") >/dev/null
  cells "$work/stat"
}
rows=""
for topo in torus:4x4 hypercube:4; do
  for task in allgather alltoall; do
    d=$work/${topo/:/-}-$task
    TOPO=$topo TASK=$task NI=1 NI_RUNS=2 SIM_DIR=$d bash "$repo/sim/sim.sh" >"$work/sim.log" 2>&1 ||
      { cat "$work/sim.log" >&2; exit 1; }
    line=$(grep -m1 '^PASS ' "$work/sim.log")
    cycles=$(sed -E 's/.* cycles=([0-9]+) .*/\1/' <<<"$line") slots=$(sed -E 's/.* slots=([0-9]+) .*/\1/' <<<"$line")
    lb=$("$repo/build/cmodel" verify "$d/gen/golden/wire.tsv" | sed -E 's/.* lb=([0-9]+).*/\1/')
    g=$d/gen
    sc=$(sed -n 's/^\s*\.SEND_COUNT(\([^)]*\)), \.RECV_COUNT(\([^)]*\)).*/\1 \2/p' "$g/romnoc_system.v" | head -n 1)
    ni=$(synth "$g" romnoc_ni "chparam -set NODE 0 -set SEND_COUNT ${sc%% *} -set RECV_COUNT ${sc##* } -set PROGRAM \"ni_n0.hex\" -set DRAIN \"ni_drain_n0.hex\" romnoc_ni;")
    router=$(synth "$g" romnoc_router)
    read -r nl nf nb <<<"$ni"
    read -r rl rf rb <<<"$router"
    rows+="| $topo | $task | $slots | $lb | $cycles | $slots | $nl | $nf | $nb | $rl | $rf | $rb |"$'\n'
  done
done
"$repo/bench/tables/md_section.sh" "$out" ni <<MD
## The network interface: cycles per run and what it costs (iCE40, Yosys 0.23)

Command: \`make bench\` (runs \`bench/ni_bench.sh docs/BENCHMARKS.md\`); $(date -u +%Y-%m-%d), romnoc
$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown). W = 32, one word a packet (M = 1), tagged
flits. *cycles*: \`make sim NI=1\`, from the last command or sendbuf block accepted to the last
recvbuf block filed (both runs alike; the bench's stalls do not change it): S + 3, the routers'
S + 1 cycles and two for the barrier. *slots* S, and S·M for M = 1; *lower bound*: the
verifier's on the slots. Node 0's interface and one router synthesised alone (\`synth_ice40\`,
no place and route), the router without its ROM.

| topology | task | slots S | lower bound | cycles | S·M | NI LUT4 | NI FF | NI BRAM | router LUT4 | router FF | router BRAM |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}

The interface keeps its sendbuf once per lane that sends own packets and its recvbuf in a bank
per delivering lane (docs/ARCHITECTURE.md); Yosys puts each of those memories into block RAM
(two 16-bit-wide SB_RAM40_4K for W = 32), which is why alltoall's interface takes 16 of an
HX8K's 32 block RAMs: a 16-node system at W = 32 does not fit one HX8K with these memories in
block RAM (distributed memories are issue 39's ROM and memory styles).
MD
