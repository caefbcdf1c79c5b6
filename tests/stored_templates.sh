#!/usr/bin/env bash
# tests/stored_templates.sh CMODEL RTL_GEN — the stored templates (cmodel/templates/, the
# construction `stored`, issue 16's small routers): for every file, cmodel's default schedule of
# its topology and task must be the stored one, row for row the file's, and both must verify at
# the bound and transmission count of tests/bounds.awk (the papers' formulas); rtl_gen's router
# of the default must have no packet memory and at most 4 sources per lane (te on the 8-cube: 5,
# the pair bound). --alg stored where nothing is stored is refused, and so is a malformed file by
# the build's table generator.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then "stored_templates: N passed, N failed".
BIN=$1 RTL_GEN=${2:-build/rtl_gen} NAME=stored_templates
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
case $RTL_GEN in /*) ;; *) RTL_GEN=$PWD/$RTL_GEN ;; esac
cd "$HERE/.."

files=(cmodel/templates/*.tsv)
expect "there are stored templates" '[ -s "${files[0]}" ]' "${files[*]}"
for f in "${files[@]}"; do
  topo=$(sed -n 's/^# topo=//p' "$f") task=$(sed -n 's/^# task=//p' "$f")
  read -r lb tx < <(awk -v task="$task" -v topo="$topo" -f tests/bounds.awk)
  want="OK slots=$lb lb=$lb tx=$tx txlb=$tx"
  v=$("$BIN" verify "$f" 2>&1)
  expect "$f verifies at the bound: $want" '[ "$(cut -d" " -f1-5 <<<"$v")" = "$want" ]' "verify: $v"
  "$BIN" schedule --topo "$topo" --task "$task" --template -o "$T/default.tsv" 2>"$T/err"
  expect "$task $topo: cmodel's default is the stored template, row for row" \
    'grep -qx "# alg=stored" "$T/default.tsv" && cmp -s <(rows "$T/default.tsv" | sortrows) <(rows "$f" | sortrows)' \
    "$(head -n 12 "$T/default.tsv") $(cat "$T/err")"
  "$BIN" schedule --topo "$topo" --task "$task" -o "$T/whole.tsv"
  v=$("$BIN" verify "$T/whole.tsv" 2>&1)
  expect "$task $topo: the whole default schedule verifies at the bound" '[ "$(cut -d" " -f1-5 <<<"$v")" = "$want" ]' "verify: $v"
  if "$RTL_GEN" --topo "$topo" --task "$task" -o "$T/gen" >/dev/null 2>"$T/err"; then
    # at most 4 sources per lane; te on the D-cube the pair bound 1 + ceil((D-1)/2) where that is
    # more (docs/SCHEDULES.md, "te on the 8-cube: one cube twice": 5 on the 8-cube)
    most=4
    case $task:$topo in te:hypercube:*) most=$((1 + ${topo#*:} / 2 > 4 ? 1 + ${topo#*:} / 2 : 4)) ;; esac
    expect "$task $topo: rtl_gen's default router has no packet memory and at most $most sources per lane" \
      'grep -qx "mem_depth=0" "$T/gen/design.txt" &&
       sed -n "s/^lane_sources=//p" "$T/gen/design.txt" | tr , "\n" | awk -v m=$most "\$1 > m { b = 1 } END { exit b || NR == 0 }"' \
      "$(grep -E "^(mem_depth|lane_sources)=" "$T/gen/design.txt")"
  else
    fail "$task $topo: rtl_gen --topo $topo --task $task" "$T/err"
  fi
  rm -rf "$T/gen"
done

# --alg stored where there is no stored template: exit 2, one line naming the size
"$BIN" schedule --topo hypercube:5 --task mnb --alg stored -o "$T/none.tsv" >"$T/out" 2>"$T/err"
rc=$?
expect "--alg stored on hypercube:5 mnb: refused, naming the size" \
  '[ $rc = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q "no stored mnb template for hypercube:5" "$T/err" && [ ! -e "$T/none.tsv" ]' \
  "exit $rc: $(cat "$T/err")"

# the table generator stops on a malformed file: a row of four fields, a header without the task
printf '# topo=ring:5\n# task=mnb\n# model=mla\nslot\tsrc\tdst\torigin\tdest\n1\t0\t1\t0\n' >"$T/short.tsv"
printf '# topo=ring:5\n# model=mla\nslot\tsrc\tdst\torigin\tdest\n1\t0\t1\t0\t-1\n' >"$T/notask.tsv"
for bad in short notask; do
  awk -F'\t' -f scripts/stored_templates_c.awk "$T/$bad.tsv" >"$T/out.c" 2>"$T/err"
  rc=$?
  expect "stored_templates_c.awk refuses $bad.tsv, naming the file" \
    '[ $rc != 0 ] && grep -q "stored_templates_c.awk: .*$bad.tsv" "$T/err"' "exit $rc: $(cat "$T/err")"
done

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
