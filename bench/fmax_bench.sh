#!/usr/bin/env bash
# fmax_bench.sh OUT.md — issue 40's clock goal: every bare router (rtl_gen --flit bare) of
# hypercube:2..5 (every packet task) and torus:4x4 (mnb, te) at 150 MHz or more on the iCE40
# HX8K (Yosys synth_ice40 + nextpnr-ice40, synth/synth.sh, W = 32), beside the previous design
# — git revision BASELINE (default b25a21f, before issue 40: the error flag's enable from the
# ROM comparison, the constructions' te and mnb on torus:4x4 and hypercube:5) — synthesised
# from its own tree in the same run. Writes the "fmax" section of OUT.md. Two jobs at a time;
# the figures are deterministic (no timing is measured).
#   SIZES="4 5" TASKS="mnb" TORI= bench/fmax_bench.sh OUT.md   (a subset)
# NOW=DIR takes the current design's figures from synth_bench.sh's bare runs in DIR (make bench:
# build/bench/synth, written just before) instead of synthesising the same routers again.
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
sizes=${SIZES-"2 3 4 5"}
tasks=${TASKS:-"snb mnb scatter gather te"}
tori=${TORI-"torus:4x4"}
work=$repo/build/bench/fmax
mkdir -p "$work"
BASELINE=${BASELINE:-b25a21f}
. "$repo/bench/baseline_tree.sh"
baseline=$baseline_rev
baseline_tree "$baseline" "$work/baseline"
now=${NOW:-$work} # the current design's runs: DIR/<topo>-<task>-bare-ice40(.log), as synth_bench.sh names them
export work repo base_src
designs=()
for d in $sizes; do for task in $tasks; do designs+=("hypercube:$d $task"); done; done
for topo in $tori; do for task in mnb te; do designs+=("$topo $task"); done; done
run_job() { # topo task now|previous: synth.sh of this tree (in $work, named as synth_bench.sh names it) or the baseline's
  local root=$repo tag=${1/:/-}-$2-bare-ice40
  [ "$3" = previous ] && root=$base_src tag=${1/:/-}-$2-previous
  FLIT=bare TOPO=$1 TASK=$2 TARGET=ice40 SYNTH_DIR="$work/$tag" "$root/synth/synth.sh" >"$work/$tag.log" 2>&1 || true
  echo "-- BENCH fmax $1 $2 $3: $(grep '^SYNTH.*scope=router' "$work/$tag.log" | tail -n 1 | cut -d' ' -f6-)" >&2
}
export -f run_job
for x in "${designs[@]}"; do
  [ -n "${NOW:-}" ] || echo "$x now"
  echo "$x previous"
done | xargs -P 2 -I{} bash -c 'run_job {}'

field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
line_of() { grep -hs '^SYNTH.*scope=router' "$1.log" | tail -n 1 || true; } # RUN: its synth.sh line
rows="" met=0 n=0 miss=""
for x in "${designs[@]}"; do
  set -- $x
  tag=${1/:/-}-$2
  cur=$(line_of "$now/$tag-bare-ice40") prev=$(line_of "$work/$tag-previous")
  f=$(printf '%s' "$cur" | field fmax_mhz)
  n=$((n + 1))
  if awk -v f="${f:-0}" 'BEGIN { exit !(f >= 150) }'; then met=$((met + 1)); else miss+="${miss:+, }$2 $1 (${f:-none})"; fi
  alg=$(awk -F'\t' '/^# alg=/ { sub(/^# alg=/, ""); print; exit }' "$now/$tag-bare-ice40/gen/golden/wire.tsv" 2>/dev/null || true)
  rows+="| $2 | $1 | ${alg:--} | $(printf '%s' "$cur" | field luts) | $(printf '%s' "$cur" | field ffs) | $f | $(printf '%s' "$prev" | field luts) | $(printf '%s' "$prev" | field ffs) | $(printf '%s' "$prev" | field fmax_mhz) |"$'\n'
done
"$repo/bench/tables/md_section.sh" "$out" fmax <<MD
## Bare routers at 150 MHz: iCE40 HX8K, W = 32 (issue 40)

Command: \`make bench\` (runs \`bench/fmax_bench.sh docs/BENCHMARKS.md\`); one router, \`make synth
TARGET=ice40 FLIT=bare TOPO=T TASK=K\` (the synthesis section's wrapper and constraints).
Date $(date -u +%Y-%m-%d); romnoc $(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown); previous =
git revision \`$baseline\`, generated and synthesised from its own tree in the same run.

Goal: 150 MHz or more for every bare router of hypercube:2..5 and torus:4x4 — met by $met of
$n${miss:+; not met: $miss}. What changed (docs/ARCHITECTURE.md, "banked (default)"): a cycle's
mismatch (traffic the ROM word did not announce) is registered before the sticky error flag
takes it, and \`err_o\` is the flag or that register, high from the same edge as before; the
comparison of the ROM's block-RAM output with the receive valids no longer drives the flag's
enable, which was the critical path of most of these routers (hypercube:5 mnb: 129.4 MHz). And
te on torus:4x4 and hypercube:5 and mnb on torus:4x4 now default to the stored templates
(docs/SCHEDULES.md, "The default"): alg = cmodel's default construction now. Since, the router
reads its quiet word 0 unguarded while it idles (a LUT input fewer on every delivery, bank
write and reception check): 2 to 7 LUT4 fewer here than before it. And a packet sent three
or more slots after its arrival comes from the register of a lane that sent it in the slot
before, where one did: snb needs no bank (hypercube:5 276 → 242 LUT4).

| task | topo | alg | LUT4 | FF | Fmax MHz | previous LUT4 | previous FF | previous Fmax MHz |
|---|---|---|---|---|---|---|---|---|
${rows%$'\n'}
MD
echo "wrote $out" >&2
