#!/usr/bin/env bash
# ni_bench.sh OUT.md — the network interface (rtl_gen --ni, docs/ARCHITECTURE.md "The network
# interface") on allgather and alltoall, torus:4x4 and hypercube:4, W = 32:
#   - cycles per message through the streams (make sim NI=1 WORDS=M, M = 1, 16, 256: from the
#     last command or sendbuf word accepted to the last recvbuf word filed, the bench's first
#     PASS line) against S*M (the schedule's S slots per word) and the link bound
#     ceil(M * transfers / directed links) (the verifier's fewest transfers of one word); the
#     period of messages in a row (the same bench, +eager=1) against S*M and the words a node's
#     sendbuf or recvbuf stream moves;
#   - node 0's interface and one router, each synthesised alone with Yosys synth_ice40 (no place
#     and route: LUT4, flip-flops, 4-kbit block RAMs), for M = 1 and M = 16 (the router of a
#     design with M > 1 runs back to back: two more ROM words and its counter).
#   - several tasks in one fabric (make sim NI=1 TASK=..., docs/ARCHITECTURE.md "Several tasks
#     in one fabric") on torus:4x4, allgather,alltoall (the banked router) and
#     allgather,alltoall,reduce_scatter,allreduce (the mixed router): the gaps between messages
#     of each task and at a task switch for M = 1 and 16, and the routers beside the single-task routers, each through make
#     synth TARGET=ice40 (synth_ice40 and nextpnr-ice40 on the HX8K: LUT4, flip-flops, block
#     RAMs, Fmax), and the node 0 interfaces of the systems (the same runs, scope=ni: in their
#     scan-chain wrapper, placed and routed alone).
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
cycles_rows="" cost_rows=""
for topo in torus:4x4 hypercube:4; do
  for task in allgather alltoall; do
    for words in 1 16 256; do
      d=$work/${topo/:/-}-$task-$words
      TOPO=$topo TASK=$task NI=1 WORDS=$words NI_RUNS=2 SIM_DIR=$d bash "$repo/sim/sim.sh" >"$work/sim.log" 2>&1 ||
        { cat "$work/sim.log" >&2; exit 1; }
      line=$(grep -m1 '^PASS ' "$work/sim.log")
      cycles=$(sed -E 's/.* cycles=([0-9]+) .*/\1/' <<<"$line") slots=$(sed -E 's/.* slots=([0-9]+) .*/\1/' <<<"$line")
      txlb=$("$repo/build/cmodel" verify "$d/gen/golden/wire.tsv" | sed -E 's/.* txlb=([0-9]+).*/\1/')
      links=$(sed -n 's/^#define RN_NEIGHBORS {\(.*\)}/\1/p' "$d/gen/sim_config.h" | tr ',' '\n' | awk '$1 >= 0' | wc -l)
      g=$d/gen
      sc=$(sed -n 's/^\s*\.SEND_COUNT(\([^)]*\)), \.RECV_COUNT(\([^)]*\)).*/\1 \2/p' "$g/romnoc_system.v" | head -n 1)
      # the sustained period: 4 messages with users that never stall, the last one's start
      # against the previous one's (S*M + its gap); bound: S*M, or the words a node's sendbuf or
      # recvbuf stream moves at one a cycle (node 0's blocks; these tasks are symmetric)
      (cd "$g" && "$d/obj/Vromnoc_system" +seed=1 +golden=golden +out="$d" +runs=4 +eager=1) >"$work/eager.log" ||
        { cat "$work/eager.log" >&2; exit 1; }
      gap=$(sed -nE 's/^PASS .* run=3 .* gap=([0-9]+) .*/\1/p' "$work/eager.log")
      blocks=$(sed "s/[0-9]*'d//g" <<<"$sc" | tr ' ' '\n' | sort -n | tail -n 1) # 5'd16 5'd1: 16
      stream=$((words * blocks))
      bound=$((slots * words > stream ? slots * words : stream))
      cycles_rows+="| $topo | $task | $words | $slots | $((slots * words)) | $(((words * txlb + links - 1) / links)) | $cycles | $stream | $bound | $((slots * words + gap)) |"$'\n'
      [ "$words" = 256 ] && continue
      read -r nl nf nb <<<"$(synth "$g" romnoc_ni "chparam -set NODE 0 -set SEND_COUNT ${sc%% *} -set RECV_COUNT ${sc##* } -set PROGRAM \"ni_n0.hex\" -set DRAIN \"ni_drain_n0.hex\" romnoc_ni;")"
      read -r rl rf rb <<<"$(synth "$g" romnoc_router)"
      cost_rows+="| $topo | $task | $words | $nl | $nf | $nb | $rl | $rf | $rb |"$'\n'
    done
  done
done
# several tasks in one fabric: each task's messages, then the routers beside the single-task ones
multi_rows="" router_rows="" ni_rows=""
declare -A luts # per router: its LUT4
two=allgather,alltoall four=allgather,alltoall,reduce_scatter,allreduce
for fabric in $two $four; do
  for words in 1 16; do
    d=$work/torus-4x4-multi-$words
    TOPO=torus:4x4 TASK=$fabric NI=1 WORDS=$words NI_RUNS=1 SIM_DIR=$d bash "$repo/sim/sim.sh" >"$work/sim.log" 2>&1 ||
      { cat "$work/sim.log" >&2; exit 1; }
    # two messages of each task in turn (a,a,b,b,...) from users that never stall: the gap
    # before a task's first message (a task switch) and before its second (the same task)
    (cd "$d/gen" && "$d/obj/Vromnoc_system" +seed=1 +golden=golden +out="$d" +runs=2 +eager=1) >"$work/eager.log" ||
      { cat "$work/eager.log" >&2; exit 1; }
    while read -r task slots switch && read -r _ _ same; do
      multi_rows+="| $fabric | $task | $words | $slots | $((slots * words)) | $switch | $same | $((slots * words + same)) |"$'\n'
    done < <(sed -nE 's/^PASS .* task=([a-z_]+) .* slots=([0-9]+) gap=([-0-9]+) .*/\1 \2 \3/p' "$work/eager.log")
    rm -rf "$d"
  done
done
for task in allgather alltoall reduce_scatter allreduce $two $four; do
  SYNTH_DIR=$work/synth-$task TOPO=torus:4x4 TASK=$task NI=1 TARGET=ice40 bash "$repo/synth/synth.sh" >"$work/synth.log" 2>&1 ||
    { cat "$work/synth.log" >&2; exit 1; }
  field() { sed -E "s/.* $1=([^ ]+).*/\1/" <<<"$line"; }
  line=$(grep -m1 '^SYNTH .* scope=router ' "$work/synth.log")
  router_rows+="| $task | $(field luts) | $(field ffs) | $(field brams) | $(field fmax_mhz) | $(field status) |"$'\n'
  luts[$task]=$(field luts)
  line=$(grep -m1 '^SYNTH .* scope=ni ' "$work/synth.log")
  ni_rows+="| $task | $(field luts) | $(field ffs) | $(field brams) | $(field fmax_mhz) | $(field status) |"$'\n'
done
lanes() { sed -n 's/^lane_sources=//p' "$work/synth-$1/gen/design.txt"; }
both=${luts[$two]} sum=$((luts[allgather] + luts[alltoall]))
larger=$((luts[allgather] > luts[alltoall] ? luts[allgather] : luts[alltoall]))
sum4=$((sum + luts[reduce_scatter] + luts[allreduce]))
"$repo/bench/tables/md_section.sh" "$out" ni <<MD
## The network interface: cycles per message and what it costs (iCE40, Yosys 0.23)

Command: \`make bench\` (runs \`bench/ni_bench.sh docs/BENCHMARKS.md\`); $(date -u +%Y-%m-%d), romnoc
$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown). W = 32, tagged flits, blocks of M words
(\`WORDS=M\`: a message is M runs of the schedule back to back, run m carrying word m of every
block). *cycles*: \`make sim NI=1 WORDS=M\`, from the last command or sendbuf word accepted to the
last recvbuf word filed (the first message, with the bench's random stalls): the routers' S·M + 1
cycles and two for the barrier. *link bound*: ⌈M × the verifier's fewest transfers of one word /
the directed links⌉, what any schedule needs on these links. *period*: messages in a row (the
bench's \`+eager=1\`: users that never stall, four messages), the last one's start minus the
previous one's: S·M when the next message is loaded and a buffer free in time. *stream words*:
the words node 0's sendbuf or recvbuf stream moves per message (its blocks × M, the larger),
one a cycle; *period bound*: the larger of S·M and the stream words.

| topology | task | M | slots S | S·M | link bound | cycles | stream words | period bound | period |
|---|---|---|---|---|---|---|---|---|---|
${cycles_rows%$'\n'}

Node 0's interface and one router of the same designs, each synthesised alone (\`synth_ice40\`, no
place and route; the router without its ROM). With M > 1 the router runs back to back (its
counter and two more ROM words); its memories do not grow with M, the interface's buffers do
(M words a block).

| topology | task | M | NI LUT4 | NI FF | NI BRAM | router LUT4 | router FF | router BRAM |
|---|---|---|---|---|---|---|---|---|
${cost_rows%$'\n'}

The interface keeps its sendbuf once per lane that sends own packets and its recvbuf in a bank
per delivering lane (docs/ARCHITECTURE.md); Yosys puts the larger of those memories into block
RAM (two 16-bit-wide SB_RAM40_4K for W = 32), so alltoall's interface takes 16 of an HX8K's 32
block RAMs at M = 1: a 16-node system at W = 32 does not fit one HX8K with its memories in block
RAM (the memory styles are issue 39's).

### Several tasks in one fabric

\`make sim TOPO=torus:4x4 TASK=... NI=1 WORDS=M\`: one router per node holds every task's
program, the command picks the task. Each task runs two messages in a row, then the next task
(the bench's \`+eager=1\`: users that never stall); *gap*: the idle cycles before a message
starts, at the switch into the task (\`-\`: the first message) and before its second message;
a message follows one of its own task back to back (gap 0) when it is loaded and a buffer free
in time, and one of another task three cycles after its end at the earliest (the routers and
interfaces read the new task's word 0 while idle first). *period*: S·M + the second gap.

| fabric | task | M | slots S | S·M | gap at the switch | gap, same task | period |
|---|---|---|---|---|---|---|---|
${multi_rows%$'\n'}

The routers, each through \`make synth TOPO=torus:4x4 TASK=... NI=1 TARGET=ice40\` (node 0's
router and ROM inside the scan-chain wrapper, \`synth_ice40\`, nextpnr-ice40 on the HX8K, M = 1):

| router of | LUT4 | FF | BRAM | Fmax MHz | status |
|---|---|---|---|---|---|
${router_rows%$'\n'}

The two-task router takes $both LUT4 against $sum for the two single-task routers together
and $larger for the larger alone ($(awk -v a="$both" -v b="$larger" 'BEGIN { printf "%.2f", a / b }')×). The excess over the larger is
mostly its output multiplexers: each lane chooses among the union of both tasks' sources
(design.txt's lane_sources, lane 0 first: $(lanes allgather) for allgather's router, $(lanes alltoall) for
alltoall's, $(lanes allgather,alltoall) for both; a multiplexer of n sources takes the next power of two
of inputs, 41 bits each).
The four-task router (the mixed router: the banked router beside the combine router, one ROM,
docs/ARCHITECTURE.md) takes ${luts[$four]} LUT4 against $sum4 for the four single-task routers
together: the packet tasks share one router, the combining tasks the other, and the four share
the links, the ROM and the interface. Its clock is the combine routers' (their combiner, operand
multiplexers and forward in one cycle: issue 40).
Node 0's interface of the same systems, placed and routed alone in its scan-chain wrapper
(\`romnoc_ni_synth_top\`, the same \`make synth ... NI=1\`, scope=ni):

| interface of | LUT4 | FF | BRAM | Fmax MHz | status |
|---|---|---|---|---|---|
${ni_rows%$'\n'}
MD
