#!/usr/bin/env bash
# pexchange_queues.sh CMODEL OUT.md — how deep the queues of a run-time partial-exchange router
# must be: the most relayed packets one out-link of one node has waiting in cmodel's
# `--alg 004-runtime` schedules (pexchange_fifo.c: the order a router's FIFOs keep), counted by
# bench/held_packets.awk from the rows (not by the generator), over three families of active
# sets per topology:
#   random      --m M --seed S for M in {1, N/8, N/4, N/2, 3N/4, N} and S = 1..RUNS;
#   structured  every node, halves, rows, columns, corner blocks, a checkerboard, diagonals,
#               crosses, all but one node;
#   search      a hill climb from the deepest set found: STEPS times one node flipped at random
#               (bash's RANDOM, seeded: deterministic), kept if the depth does not fall.
# Also phase 2's length against 004's (the sorted queue: pexchange_004) on the random sets.
# Writes the "pexchange-queues" section of OUT.md.
#   TOPOS="torus:4x4" RUNS=5 STEPS=20 bench/pexchange_queues.sh build/cmodel OUT.md
# shellcheck disable=SC2046 # list takes the ids as words
set -euo pipefail
cm=$1 out=$2
repo=$(cd "$(dirname "$0")/.." && pwd)
topos=${TOPOS-"torus:4x4 mesh:4x4 torus:8x8 mesh:8x8"} runs=${RUNS:-20} steps=${STEPS:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# depth TOPO OPTS...: "port node slots" of the 004-runtime schedule of one set
depth() {
  local topo=$1
  shift
  "$cm" schedule --topo "$topo" --task pexchange --alg 004-runtime "$@" -o "$work/s.tsv"
  awk -F '\t' '$5 != -2' "$work/s.tsv" | awk -f "$repo/bench/held_packets.awk" |
    awk -v slots="$(sed -n 's/^# slots=//p' "$work/s.tsv")" '{ split($1, a, "="); split($2, b, "="); print b[2], a[2], slots }'
}
slots_of() { "$cm" schedule --topo "$1" --task pexchange "${@:2}" -o - | sed -n 's/^# slots=//p'; }
list() { printf '%s\n' "$@" | sort -n | paste -sd, -; }

# structured TOPO: one set per line, as --active lists
structured() {
  local k0=${1#*:} k1 n i j
  k1=${k0#*x} k0=${k0%x*} n=$((k0 * k1))
  list $(seq 0 $((n - 1)))
  list $(for ((i = 0; i < k1; i++)); do for ((j = 0; j < k0 / 2; j++)); do echo $((i * k0 + j)); done; done)
  list $(seq 0 $((n / 2 - 1)))
  list $(seq 0 $((k0 - 1)))
  list $(seq $((k1 / 2 * k0)) $((k1 / 2 * k0 + k0 - 1)))
  list $(for ((i = 0; i < k1; i++)); do echo $((i * k0)); done)
  list $(for ((i = 0; i < k1; i++)); do echo $((i * k0 + k0 / 2)); done)
  for m in 2 $((k0 / 2)); do list $(for ((i = 0; i < m; i++)); do for ((j = 0; j < m; j++)); do echo $((i * k0 + j)); done; done); done
  list $(for ((u = 0; u < n; u++)); do [ $(((u % k0 + u / k0) % 2)) = 0 ] && echo $u; done)
  list $(for ((i = 0; i < k1 && i < k0; i++)); do echo $((i * k0 + i)); done)
  list $(for ((i = 0; i < k1 && i < k0; i++)); do echo $((i * k0 + k0 - 1 - i)); done)
  list $(for ((u = 0; u < n; u++)); do [ $((u % k0)) = $((k0 / 2)) ] || [ $((u / k0)) = $((k1 / 2)) ] && echo $u; done)
  list $(seq 1 $((n - 1)))
  list $(for ((u = 0; u < n; u++)); do [ $((u % k0)) -lt 2 ] || [ $((u / k0)) -lt 2 ] && echo $u; done)
}

rows=""
for topo in $topos; do
  start=$(date +%s)
  n=${topo#*:} && n=$((${n%x*} * ${n#*x}))
  best=-1 bestset='' tried=0 rmax=0 smax=0 same=0 better=0 worse=0 nodemax=0
  for M in $(printf '%s\n' 1 $((n / 8)) $((n / 4)) $((n / 2)) $((3 * n / 4)) "$n" | sort -nu); do
    for ((s = 1; s <= runs; s++)); do
      read -r d nd sl < <(depth "$topo" --m "$M" --seed "$s")
      tried=$((tried + 1)) rmax=$((d > rmax ? d : rmax)) nodemax=$((nd > nodemax ? nd : nodemax))
      if [ "$d" -gt "$best" ]; then best=$d bestset=$(sed -n 's/^# active=//p' "$work/s.tsv"); fi
      # phase 2 against 004's sorted queue: 004-runtime's slots less phase 1's max(K0, K1) - 1
      p2=$((sl - ($(printf '%s' "${topo#*:}" | tr x '\n' | sort -n | tail -n 1) - 1)))
      o=$(slots_of "$topo" --alg 004 --m "$M" --seed "$s")
      if [ "$p2" -eq "$o" ]; then same=$((same + 1)); elif [ "$p2" -lt "$o" ]; then better=$((better + 1)); else worse=$((worse + 1)); fi
      [ "$M" = "$n" ] && break # one set
    done
  done
  while read -r set; do
    read -r d nd sl < <(depth "$topo" --active "$set")
    tried=$((tried + 1)) smax=$((d > smax ? d : smax)) nodemax=$((nd > nodemax ? nd : nodemax))
    if [ "$d" -gt "$best" ]; then best=$d bestset=$set; fi
  done < <(structured "$topo")
  # the hill climb: one node in or out at a time
  RANDOM=1
  cur=" $(printf '%s' "$bestset" | tr ',' '\n' | awk -F- '{ hi = NF == 2 ? $2 : $1; for (x = $1; x <= hi; x++) printf "%d ", x }')"
  for ((i = 0; i < steps; i++)); do
    u=$((RANDOM % n))
    if [[ $cur == *" $u "* ]]; then try=${cur/ $u / }; else try="$cur$u "; fi
    [ -z "${try// /}" ] && continue
    read -r d nd sl < <(depth "$topo" --active "$(list $try)")
    tried=$((tried + 1)) nodemax=$((nd > nodemax ? nd : nodemax))
    if [ "$d" -ge "$best" ]; then best=$d cur=" ${try# }" bestset=$(list $try); fi
  done
  read -r d nd sl < <(depth "$topo" --active "$bestset")
  m=$(printf '%s\n' "$bestset" | tr ',' '\n' | awk -F- '{ c += NF == 2 ? $2 - $1 + 1 : 1 } END { print c }')
  rows+="| $topo | $tried | $rmax | $smax | $best | $m | $sl | $nodemax | $same / $better / $worse | $(($(date +%s) - start)) s |"$'\n'
  rows+="|  | worst set found: \`$bestset\` |  |  |  |  |  |  |  |  |"$'\n'
done
bash "$repo/bench/tables/md_section.sh" "$out" pexchange-queues <<MD
## The partial exchange's queues at run time (paper 004 §4, \`--alg 004-runtime\`)

Command: \`make bench\` (runs \`bench/pexchange_queues.sh build/cmodel docs/BENCHMARKS.md\`).
A router that learns the active set at run time keeps, per out-port, a FIFO of the packets it
relays for each of 004's two priority levels; its own packets wait in the processor
(docs/PEXCHANGE.md, "The run-time order"). How deep those FIFOs must be is measured here, not
proved (004 bounds the time, not the queues): the most relayed packets one out-link of one
node has waiting at once (bench/held_packets.awk over the schedule's rows: a packet sent on in
the slot after it arrived goes straight through and is not counted), over $runs random sets per
M ∈ {1, N/8, N/4, N/2, 3N/4} and the full set, 16 structured sets, and a hill climb of $steps
single-node flips from the deepest set found (kept when the depth does not fall). "node": the
most relayed packets one node keeps. "phase 2 vs 004": on the random sets, 004-runtime's slots
less phase 1's max(K0, K1) − 1 against 004's (most hops first), same / fewer / more. Date
$(date -u +%Y-%m-%d); romnoc $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD || echo "-dirty").

| topology | sets | out-link, random | out-link, structured | out-link, search | M of the worst | its slots | node | phase 2 vs 004 | time |
|---|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}
MD
