#!/usr/bin/env bash
# lean_table.sh TASK CMODEL TE_SEARCH [SIZES...] — the tables of docs/SCHEDULES.md, "mnb templates
# for small routers" (TASK mnb) and "te templates for small routers" (TASK te) of issue 16: for
# each size (default: hypercube:3..8, ring:8, ring:16 and the tori of the synthesis table), the
# task's schedule by cmodel's default construction beside the template te_search finds at the
# same bound with waits of one or two slots and at most 4 sources per output port, or 5 where 4
# is unsat (mnb: --task mnb, with --rotate where every size is equal and there are two or more
# dimensions, --turn on torus:16x16, and on hypercube:8 --rotate --chain, the search over the
# rotation's orbits, since the formula has no answer there; te: --task te --lanes, without
# symmetry, which rules out hypercube:6's templates; on hypercube:8 --extend, from the stored
# 7-cube template; on
# torus:16x16 --diagonals --by-window). Both schedules are verified by cmodel; rtl_gen builds
# the banked router for each (--flit bare, W=32: sources per lane, packet-memory entries) and, with SYNTH=1, Yosys synth_ice40 and
# nextpnr-ice40 place it on the HX8K (synth/synth.sh): LUT4, BRAM, Fmax and LUT4 per (port x
# payload bit), issue 16's unit. LIMIT (default 600) bounds the solver's seconds per size; a
# size it does not solve is a row that says so. Where cmodel's default is a stored template
# (cmodel/templates/, found by this search), the default column shows the construction auto
# chose before it (classes or cayley for mnb, recursive or coloring for te). Prints markdown; a
# schedule that fails the verifier, or a found template above the bound, fails the script.
set -euo pipefail
task=$1 cmodel=$2 search=$3
shift 3
case $task in
  mnb) formula=(--task mnb) ;;
  te) formula=(--task te --lanes) ;;
  *) echo "lean_table.sh: task '$task': expected mnb or te" >&2; exit 2 ;;
esac
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(hypercube:3 hypercube:4 hypercube:5 hypercube:6 hypercube:7 hypercube:8 ring:8 ring:16
  torus:4x4 torus:8x8 torus:16x16 torus:4x4x4)
limit=${LIMIT:-600}
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { sed -nE "s/.*(^| )$1=([^ ]+).*/\2/p"; }

# router TSV NAME: "most sources | entries" of rtl_gen's router for TSV and, with SYNTH=1,
# " | LUT4 (per port x bit) | BRAM | Fmax" of node 0's router (synth.sh runs rtl_gen itself)
router() {
  local dir=$work/$2 line="" luts ports
  if [ "${SYNTH:-0}" = 1 ]; then
    line=$(SCHEDULE=$1 FLIT=bare WIDTH=32 TARGET=ice40 SYNTH_DIR=$dir bash "$repo/synth/synth.sh" 2>/dev/null |
      grep '^SYNTH .*scope=router' || true)
  else
    "$repo/build/rtl_gen" --schedule "$1" --flit bare -o "$dir/gen" >/dev/null
  fi
  ports=$(sed -n 's/^ports=//p' "$dir/gen/design.txt")
  printf '%s | %s' "$(sed -n 's/^lane_sources=//p' "$dir/gen/design.txt" | tr , '\n' | sort -n | tail -n 1)" \
    "$(sed -n 's/^mem_depth=//p' "$dir/gen/design.txt")"
  if [ "${SYNTH:-0}" = 1 ]; then
    luts=$(field luts <<<"$line")
    if [ -n "$luts" ]; then
      printf ' | %s (%s) | %s | %s %s' "$luts" "$(awk -v l="$luts" -v p="$ports" 'BEGIN { printf "%.2f", l / (p * 32) }')" \
        "$(field brams <<<"$line")" "$(field fmax_mhz <<<"$line")" "$(field status <<<"$line")"
    else
      printf ' | synthesis failed | | '
    fi
  fi
  rm -rf "$dir"
}

head="| size | bound | default: construction | sources | entries |"
rule="|---|---|---|---|---|"
[ "${SYNTH:-0}" = 1 ] && head+=" LUT4 (per port·bit) | BRAM | Fmax MHz |" && rule+="---|---|---|"
head+=" searched: te_search | s | sources | entries |"
rule+="---|---|---|---|"
[ "${SYNTH:-0}" = 1 ] && head+=" LUT4 (per port·bit) | BRAM | Fmax MHz |" && rule+="---|---|---|"
echo "$head"
echo "$rule"
for topo in "${sizes[@]}"; do
  "$cmodel" schedule --topo "$topo" --task "$task" -o "$work/default.tsv"
  if grep -qx '# alg=stored' "$work/default.tsv"; then # the default is a stored search result: compare with the construction
    case $task:$topo in mnb:hypercube:*) alg=classes ;; mnb:*) alg=cayley ;; te:hypercube:*) alg=recursive ;; *) alg=coloring ;; esac
    "$cmodel" schedule --topo "$topo" --task "$task" --alg "$alg" -o "$work/default.tsv"
  fi
  ok=$("$cmodel" verify "$work/default.tsv") || { echo "lean_table.sh: $topo default: $ok" >&2; exit 1; }
  lb=$(field lb <<<"$ok")
  [ "$(field slots <<<"$ok")" = "$lb" ] || { echo "lean_table.sh: $topo: the default takes $(field slots <<<"$ok") slots, bound $lb" >&2; exit 1; }
  symmetry=() extend=() windows=()
  # te on the 8-cube and up: the 7-cube's stored template run twice (te_search --extend; the
  # direct formula has no answer there, and the pair bound rules out 4 sources anyway)
  d=${topo#hypercube:}
  if [ "$task" = te ] && [ "$d" != "$topo" ] && [ "$d" -ge 8 ]; then
    extend=(--extend "$repo/cmodel/templates/te_hypercube-$((d - 1)).tsv")
  fi
  # te on the 16x16 torus: the diagonals' windows one at a time (the direct formula, and the
  # windowed one whole, have no answer there)
  [ "$task:$topo" = te:torus:16x16 ] && windows=(--diagonals --by-window)
  [ "$task" = mnb ] && case $topo in hypercube:* | torus:*x*) [ "$(echo "${topo#*:}" | tr x '\n' | sort -u | wc -l)" = 1 ] && symmetry=(--rotate) ;; esac
  # mnb on the 16x16 torus: the quarter turn instead of the coordinate shift (no answer with that)
  [ "$task:$topo" = mnb:torus:16x16 ] && symmetry=(--turn)
  # mnb on the 8-cube: the rotation's orbits walked (te_search --chain; orbit_chain.h)
  [ "$task:$topo" = mnb:hypercube:8 ] && symmetry=(--rotate --chain)
  row="| $topo | $lb | $(sed -n 's/^# alg=//p' "$work/default.tsv") | $(router "$work/default.tsv" default) |"
  rm -f "$work/lean.tsv"
  answers="" secs=""
  for k in 4 5; do # 4 sources (a 4:1 multiplexer); where that is unsat, 5
    out=$("$search" --topo "$topo" "${formula[@]}" --slots "$lb" --sources $k "${symmetry[@]}" "${extend[@]}" "${windows[@]}" --no-confirm \
      --time-limit "$limit" -o "$work/lean.tsv")
    answer=$(field cadical <<<"$out")$(field chain <<<"$out") # the solver's, or --chain's sat, none or unknown
    answers+="${answers:+; }$answer" secs+="${secs:+ + }$(field cadical_s <<<"$out")$(field chain_s <<<"$out")"
    case $answer in unsat | none) ;; *) break ;; esac
    [ $k = 4 ] && answers+=" with 4 sources"
  done
  [ $k = 5 ] && answers+=" with 5"
  row+=" $answers${symmetry:+, ${symmetry[*]}}${extend:+, --extend hypercube:$((d - 1))}${windows:+, --diagonals --by-window} | $secs |"
  if [ "$answer" = sat ]; then
    ok=$("$cmodel" verify "$work/lean.tsv") || { echo "lean_table.sh: $topo template: $ok" >&2; exit 1; }
    [ "$(field slots <<<"$ok")" = "$lb" ] || { echo "lean_table.sh: $topo: the template takes $(field slots <<<"$ok") slots" >&2; exit 1; }
    row+=" $(router "$work/lean.tsv" lean) |"
  else
    row+=" | |"
    [ "${SYNTH:-0}" = 1 ] && row+=" | | |"
  fi
  echo "$row"
done
