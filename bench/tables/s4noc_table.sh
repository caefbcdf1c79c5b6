#!/usr/bin/env bash
# s4noc_table.sh CMODEL [K...] — the table of docs/SCHEDULES.md, "S4NOC, head to head": total
# exchange on the k x k torus (k = 3..10, or the Ks given) under the S4NOC models (one packet per
# slot in and out of a node's local port), beside S4NOC's published all-to-all TDM periods, in
# two variants: bufferless (s4noc-bufferless, cmodel's default construction) and with the
# routers' forwarding memory (s4noc, --alg staggered-wait: packets wait between hops). For each:
# the verified schedule's slots, and with SYNTH=1 the router rtl_gen makes for it (banked,
# --flit bare, W=32) through Yosys synth_ice40 and nextpnr-ice40 (synth/synth.sh): LUT4, DFF,
# BRAM, Fmax, packet-memory entries. Prints markdown; a schedule that fails the verifier or takes
# more slots than S4NOC's period fails the script.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cmodel=$1
shift
ks=("$@")
[ ${#ks[@]} -gt 0 ] || ks=(3 4 5 6 7 8 9 10)
# S4NOC's shipped all-to-all periods for k x k bi-tori (issue 17, from the T-CREST poseidon tables)
declare -A theirs=([3]=10 [4]=19 [5]=27 [6]=42 [7]=58 [8]=87 [9]=113 [10]=157)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { sed -nE "s/.*(^| )$1=([^ ]+).*/\2/p"; }

router() { # MODEL ALG K: "LUT4 / DFF / BRAM / Fmax" of node 0's router for the schedule
  local line
  line=$(TOPO=torus:$3x$3 TASK=te MODEL=$1 ALG=$2 FLIT=bare WIDTH=32 TARGET=ice40 bash "$repo/synth/synth.sh" 2>/dev/null |
    grep '^SYNTH .*scope=router')
  echo "$(field luts <<<"$line") / $(field ffs <<<"$line") / $(field brams <<<"$line") / $(field fmax_mhz <<<"$line") MHz ($(field status <<<"$line"); memory $(field mem_depth <<<"$line"))"
}

head="| size | S4NOC period | lower bound | bufferless | with forwarding memory |"
rule="|---|---|---|---|---|"
[ "${SYNTH:-0}" = 1 ] && head+=" router, bufferless: LUT4 / DFF / BRAM / Fmax | router with forwarding memory |" && rule+="---|---|"
echo "$head"
echo "$rule"
for k in "${ks[@]}"; do
  row="| torus:${k}x$k | ${theirs[$k]:-} |"
  lb=
  declare -A slots_of=()
  for variant in s4noc-bufferless:staggered s4noc:staggered-wait; do
    model=${variant%:*} alg=${variant#*:}
    "$cmodel" schedule --topo "torus:${k}x$k" --task te --model "$model" --alg "$alg" -o "$work/$model.tsv"
    ok=$("$cmodel" verify "$work/$model.tsv") || { echo "s4noc_table.sh: torus:${k}x$k $model: $ok" >&2; exit 1; }
    slots=$(field slots <<<"$ok")
    lb=$(field lb <<<"$ok")
    if [ -n "${theirs[$k]:-}" ] && [ "$slots" -gt "${theirs[$k]}" ]; then
      echo "s4noc_table.sh: torus:${k}x$k $model takes $slots slots, above S4NOC's ${theirs[$k]}" >&2
      exit 1
    fi
    slots_of[$model]=$slots
  done
  row+=" $lb | ${slots_of[s4noc-bufferless]} | ${slots_of[s4noc]} |"
  [ "${SYNTH:-0}" = 1 ] && row+=" $(router s4noc-bufferless staggered "$k") | $(router s4noc staggered-wait "$k") |"
  echo "$row"
done
