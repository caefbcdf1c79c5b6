#!/usr/bin/env bash
# tests/sweep.sh - sweeps (docs/SWEEPS.md): the job list, make sweep, the Slurm array script and
# the collector.
#
#   1. bad SWEEP words (an unknown key, a bad value of each key, a key twice, an empty item, no
#      topo, every combination refused): exit 2, nothing on stdout, one line on stderr naming
#      the bad word, no job list written (and an existing one left as it was);
#   2. the job list: hypercube:2..4 x {mnb, te} x widths {16, 32} is 12 lines, exactly the lines
#      built here in the documented order; ranges of tori and meshes expand first dimension
#      slowest; task=all under oneway is the nine tasks on every topology (each has a
#      construction for 'any' topology under oneway: cmodel schedule --help); alg=classes on
#      {hypercube:3, ring:5} x {mnb, te, scatter} keeps only hypercube's mnb and scatter (000 s2,
#      s3: classes is a hypercube construction of those two), the other 8 jobs refused and
#      counted; two runs give byte-identical files;
#   3. make sweep on that list: every row verify=OK, status=ok, and paper 000's figures, computed
#      here: mnb slots = lb = ceil((2^d-1)/d), tx = N(N-1); te slots = lb = 2^(d-1), tx =
#      N d 2^(d-1) (the sum of the distances); the table in the job list's order; the Markdown
#      table; one tiny target=generic job (Yosys) with its LUT and flip-flop counts;
#   4. the Slurm script: SLURM_ARRAY_TASK_ID=k gives job k's summary line (but seconds) as the
#      local run did, also as a copy in a spool directory (sbatch) with SLURM_SUBMIT_DIR; no, 0 or
#      a too large id: exit 2, one line;
#   5. the collector: a missing summary, a failed job (Yosys that fails: status=fail, the reason,
#      the other job of the sweep unharmed) and summaries older than the job list: exit 1, each
#      named on stderr.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then "sweep: N passed, N failed".
# shellcheck disable=SC2016 # expect's conditions are single-quoted: evaluated when it runs
cd "$(dirname "$0")/.." || exit 2
BIN=build/cmodel NAME=sweep # suite.sh's BIN (made absolute) and temporary directory
# shellcheck source=tests/suite.sh
. tests/suite.sh
# shellcheck source=tests/checks.sh
. tests/checks.sh
if [ ! -x build/cmodel ] || [ ! -x build/rtl_gen ]; then echo "FAIL: build build/cmodel and build/rtl_gen first"; exit 1; fi
JOBS=sweep/sweep_jobs.sh

# ---- 1: bad SWEEP words --------------------------------------------------------------------
# each case: the words | what the stderr line must name
while IFS='|' read -r words want; do
  [ -z "$words" ] && continue
  rm -rf "$T/bad"
  rc=0
  # shellcheck disable=SC2086 # words are words
  $JOBS -o "$T/bad/jobs.txt" $words >"$T/out" 2>"$T/err" || rc=$?
  if [ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qF -- "$want" "$T/err" && [ ! -e "$T/bad" ]; then
    pass "SWEEP '$words' refused: exit 2, one line naming $want, nothing written"
  else
    fail "SWEEP '$words' refused" "want exit 2, one line naming '$want' and no $T/bad (exit $rc)" "$T/err"
  fi
done <<'EOF'
topo=hypercube:2..3 colour=red|colour
hypercube:3|hypercube:3
task=mnb|topo=
topo=cube:3|cube:3
topo=hypercube:4..2|hypercube:4..2
topo=hypercube:0..3|hypercube:0
topo=hypercube:2..17|hypercube:17
topo=torus:3x3..4|torus:3x3..4
topo=ring:1|ring:1
topo=ring:4 topo=ring:5|topo
topo=hypercube:3 task=bogus|bogus
topo=hypercube:3 task=pmnb|pmnb
topo=hypercube:3 task=|task=
topo=hypercube:3 task=mnb,,te|mnb,,te
topo=hypercube:3 task=mnb,mnb|mnb
topo=hypercube:3 model=duplex|duplex
topo=hypercube:3 width=0|width '0'
topo=hypercube:3 width=2000|2000
topo=hypercube:3 width=16,x|width 'x'
topo=hypercube:3 target=xilinx|xilinx
topo=hypercube:3 sim=2|sim '2'
topo=hypercube:3 alg=Bad!|Bad!
topo=hypercube:3 alg=nope|nope
EOF
mkdir -p "$T/keep"
$JOBS -o "$T/keep/jobs.txt" topo=ring:4 >/dev/null && cp "$T/keep/jobs.txt" "$T/keep.txt"
$JOBS -o "$T/keep/jobs.txt" topo=ring:4 width=0 2>/dev/null
expect "a bad SWEEP leaves the existing job list as it was" 'cmp -s "$T/keep/jobs.txt" "$T/keep.txt"' "$T/keep/jobs.txt changed"

# ---- 2: the job list -------------------------------------------------------------------------
D=$T/sw SW="topo=hypercube:2..4 task=mnb,te width=16,32 target=none"
$JOBS -o "$D/jobs.txt" "$SW" >"$T/jobs.out" 2>&1
: >"$T/want.txt"
for d in 2 3 4; do for t in mnb te; do for w in 16 32; do
  echo "sweep/sweep_run.sh out=$D topo=hypercube:$d task=$t model=mla width=$w target=none sim=0" >>"$T/want.txt"
done; done; done
expect "job list of '$SW': $((3 * 2 * 2)) lines" '[ "$(wc -l <"$D/jobs.txt")" = 12 ]' "$(wc -l <"$D/jobs.txt") lines"
if diff -u "$T/want.txt" "$D/jobs.txt" >"$T/diff"; then pass "job list of '$SW': the lines, topo slowest, width fastest"
else fail "job list of '$SW': the lines" "differs from the expected" "$T/diff"; fi
expect "the job count printed, no refusal" 'grep -qx "sweep_jobs.sh: 12 jobs -> $D/jobs.txt" "$T/jobs.out"' "$(cat "$T/jobs.out")"
expect "jobs.mk: one target per line, the line as its recipe" \
  '[ "$(grep -c "^job[0-9]*:$" "$D/jobs.mk")" = 12 ] && [ "$(sed -n "s/^\t@\(.*\) || true$/\1/p" "$D/jobs.mk")" = "$(cat "$D/jobs.txt")" ]' "$D/jobs.mk"
cp "$D/jobs.txt" "$T/jobs1.txt" && cp "$D/jobs.mk" "$T/jobs1.mk"
$JOBS -o "$D/jobs.txt" "$SW" >/dev/null 2>&1
expect "the same SWEEP twice: byte-identical jobs.txt and jobs.mk" 'cmp -s "$T/jobs1.txt" "$D/jobs.txt" && cmp -s "$T/jobs1.mk" "$D/jobs.mk"' "they differ"
# topologies of a line, in order
topos() { sed 's/.* topo=\([^ ]*\) .*/\1/' "$1" | uniq | tr '\n' ' '; }
$JOBS -o "$T/r/jobs.txt" topo=torus:3x3..4x4,mesh:2x2..2x3 task=mnb >/dev/null
expect "torus:3x3..4x4,mesh:2x2..2x3: the first dimension slowest" \
  '[ "$(topos "$T/r/jobs.txt")" = "torus:3x3 torus:3x4 torus:4x3 torus:4x4 mesh:2x2 mesh:2x3 " ]' "$(topos "$T/r/jobs.txt")"
$JOBS -o "$T/all/jobs.txt" topo=ring:4..5,mesh:2x2..2x3 task=all model=oneway >"$T/all.out"
expect "task=all under oneway on 4 topologies: 4 x 9 jobs, none refused" \
  '[ "$(wc -l <"$T/all/jobs.txt")" = 36 ] && [ ! -s "$T/all/refused.txt" ] && [ "$(sed "s/.* task=\([^ ]*\) .*/\1/" "$T/all/jobs.txt" | sort -u | wc -l)" = 9 ]' "$(cat "$T/all.out")"
$JOBS -o "$T/cl/jobs.txt" topo=hypercube:3,ring:5 task=mnb,te,scatter alg=classes width=8,16 >"$T/cl.out"
printf 'sweep/sweep_run.sh out=%s topo=hypercube:3 task=%s model=mla alg=classes width=%s target=none sim=0\n' \
  "$T/cl" mnb 8 "$T/cl" mnb 16 "$T/cl" scatter 8 "$T/cl" scatter 16 >"$T/want_cl.txt"
expect "alg=classes: $((2 * 3 * 2)) combinations, hypercube:3's mnb and scatter kept" 'cmp -s "$T/want_cl.txt" "$T/cl/jobs.txt"' "$(cat "$T/cl/jobs.txt")"
expect "alg=classes: 8 refused, counted, 4 (topo, task) reasons listed" \
  'grep -q "4 jobs .*8 refused" "$T/cl.out" && [ "$(wc -l <"$T/cl/refused.txt")" = 4 ] && [ "$(grep -c "unknown construction .classes." "$T/cl/refused.txt")" = 4 ]' "$(cat "$T/cl.out" "$T/cl/refused.txt")"

# ---- 3: make sweep ---------------------------------------------------------------------------
rc=0
make -s --no-print-directory sweep SWEEP="$SW" SWEEP_DIR="$D" SWEEP_JOBS=2 >"$T/make.out" 2>&1 || rc=$?
expect "make sweep: exit 0, all 12 ok" '[ $rc = 0 ] && grep -qF "sweep: 12 jobs: 12 ok, 0 failed, 0 missing -> $D/summary.tsv, $D/summary.md" "$T/make.out"' "exit $rc: $(tail -n 3 "$T/make.out")"
expect "make sweep: each job printed one summary line" '[ "$(grep -c "	hypercube:[234]	" "$T/make.out")" = 12 ]' "$T/make.out"
# col NAME: the column number of NAME in the table
col() { head -n 1 "$D/summary.tsv" | tr '\t' '\n' | grep -nx "$1" | cut -d: -f1; }
awk -F '\t' -v ct="$(col topo)" -v ck="$(col task)" -v cw="$(col width)" -v cs="$(col slots)" -v cl="$(col lb)" \
  -v cx="$(col tx)" -v cv="$(col verify)" -v cst="$(col status)" '
  NR == 1 { next }
  {
    d = substr($ct, 11) + 0; n = 2 ^ d
    if ($ck == "mnb") { s = int((n - 1 + d - 1) / d); tx = n * (n - 1) }  # 000 s2: ceil((N-1)/d)
    else { s = n / 2; tx = n * d * n / 2 }                             # 000 s4: N/2; sum of distances
    what = $ct " " $ck " w" $cw
    if ($cs == s && $cl == s) print "ok " what ": slots = lb = " s; else print "FAIL " what ": slots " $cs " lb " $cl ", want " s
    if ($cx == tx) print "ok " what ": tx = " tx; else print "FAIL " what ": tx " $cx ", want " tx
    if ($cv == "OK" && $cst == "ok") print "ok " what ": verify OK, status ok"; else print "FAIL " what ": verify " $cv " status " $cst
  }' "$D/summary.tsv" >"$T/rows.chk"
tally "$T/rows.chk" "the table's rows"
expect "the table: 12 rows in the job list's order" \
  '[ "$(tail -n +2 "$D/summary.tsv" | awk -F "\t" -v OFS=" " "{ print \$$(col topo), \$$(col task), \$$(col width) }")" = "$(sed "s/.* topo=\([^ ]*\) task=\([^ ]*\) model=mla width=\([^ ]*\) .*/\1 \2 \3/" "$D/jobs.txt")" ]' "$D/summary.tsv"
expect "summary.md: header, rule and 12 rows of 19 cells (all columns but job)" \
  '[ "$(wc -l <"$D/summary.md")" = 14 ] && [ "$(awk -F "|" "NF != 21" "$D/summary.md" | wc -l)" = 0 ] && sed -n 3p "$D/summary.md" | grep -q "^| hypercube:2 | mnb | mla | classes | 16 | none | 2 | 2 | 12 | 12 | OK |"' "$D/summary.md"

# one synthesis job (Yosys generic) beside one schedule-only job; first with a Yosys that fails
G=$T/gen
$JOBS -o "$G/jobs.txt" topo=hypercube:2 task=mnb width=8 target=none,generic >/dev/null
mkdir -p "$T/fakebin"
printf '#!/bin/sh\necho "yosys: broken for the test" >&2\nexit 1\n' >"$T/fakebin/yosys" && chmod +x "$T/fakebin/yosys"
PATH=$T/fakebin:$PATH make -s --no-print-directory -f "$G/jobs.mk" -j 2 >"$T/fake.out" 2>&1
rc=$?
gj=$G/jobs/hypercube-2_mnb_mla_w8_generic
expect "a failing Yosys: make -f jobs.mk goes on (exit 0), both jobs print their line" '[ $rc = 0 ] && [ "$(wc -l <"$T/fake.out")" = 2 ]' "exit $rc" "$T/fake.out"
expect "a failing Yosys: status=fail, reason.txt names the synth stage" \
  '[ "$(tail -n 1 "$gj/summary.tsv" | cut -f "$(col status)")" = fail ] && grep -q "^synth failed: see .*synth.log" "$gj/reason.txt"' "$gj" "$gj/summary.tsv"
rc=0
sweep/sweep_collect.sh "$G" >"$T/coll.out" 2>"$T/coll.err" || rc=$?
expect "collector on a failed job: exit 1, the job and its reason on stderr, 1 ok 1 failed" \
  '[ $rc = 1 ] && grep -q "failed: job 2 (hypercube-2_mnb_mla_w8_generic): synth failed" "$T/coll.err" && grep -q "2 jobs: 1 ok, 1 failed, 0 missing" "$T/coll.out"' "exit $rc" "$T/coll.err"
rc=0
make -s --no-print-directory sweep SWEEP="topo=hypercube:2 task=mnb width=8 target=none,generic" SWEEP_DIR="$G" >"$T/gen.out" 2>&1 || rc=$?
row=$(tail -n 1 "$gj/summary.tsv")
field() { cut -f "$(col "$1")" <<<"$row"; }
expect "target=generic: ok, Yosys's LUTs and flip-flops counted, no BRAM, no Fmax" \
  '[ $rc = 0 ] && [ "$(field status)" = ok ] && [ "$(field synth)" = ok ] && [ "$(field luts)" -gt 0 ] && [ "$(field ffs)" -gt 0 ] && [ "$(field brams)" = 0 ] && [ "$(field fmax)" = - ] && [ ! -e "$gj/reason.txt" ]' "exit $rc: $row" "$T/gen.out"
expect "target=none beside it: no synthesis columns" \
  '[ "$(sed -n 2p "$G/summary.tsv" | cut -f "$(col luts)-$(col synth)")" = "$(printf -- "-\t-\t-\t-\t-")" ]' "$(sed -n 2p "$G/summary.tsv")"

# ---- 4: the Slurm script ---------------------------------------------------------------------
k=5 name=hypercube-3_mnb_mla_w16_none
local_row=$(tail -n 1 "$D/jobs/$name/summary.tsv")
rm -rf "$D/jobs/$name"
SLURM_ARRAY_TASK_ID=$k bash sweep/sweep_slurm.sh "$D/jobs.txt" >"$T/slurm.out" 2>"$T/slurm.err"
rc=$?
# shellcheck disable=SC2034 # used in expect's conditions
nf=$(head -n 1 "$D/summary.tsv" | awk -F '\t' '{ print NF }')
expect "SLURM_ARRAY_TASK_ID=$k: exit 0, one line, job $k's local summary line but seconds" \
  '[ $rc = 0 ] && [ "$(wc -l <"$T/slurm.out")" = 1 ] && [ "$(cut -f 1-$((nf - 1)) "$T/slurm.out")" = "$(cut -f 1-$((nf - 1)) <<<"$local_row")" ] && [ "$(cut -f 1 <<<"$local_row")" = $name ]' \
  "exit $rc: $(cat "$T/slurm.out") vs $local_row" "$T/slurm.err"
expect "SLURM_ARRAY_TASK_ID=$k: the summary where the collector finds it" \
  'cmp -s <(tail -n 1 "$D/jobs/$name/summary.tsv") "$T/slurm.out" && sweep/sweep_collect.sh "$D" >/dev/null 2>&1' "$D/jobs/$name"
# as sbatch runs it: a copy in a spool directory, from the directory it was submitted from
mkdir -p "$T/spool"
cp sweep/sweep_slurm.sh "$T/spool/slurm_script"
rm -rf "$D/jobs/$name"
(cd "$T/spool" && SLURM_SUBMIT_DIR=$OLDPWD SLURM_ARRAY_TASK_ID=$k bash ./slurm_script "$D/jobs.txt") >"$T/slurm2.out" 2>&1
expect "the script as sbatch's copy, run from SLURM_SUBMIT_DIR: the same line" '[ "$(cut -f 1-$((nf - 1)) "$T/slurm2.out")" = "$(cut -f 1-$((nf - 1)) "$T/slurm.out")" ]' "$T/slurm2.out"
while IFS='|' read -r id want; do
  rc=0
  if [ "$id" = unset ]; then
    env -u SLURM_ARRAY_TASK_ID bash sweep/sweep_slurm.sh "$D/jobs.txt" >"$T/out" 2>"$T/err" || rc=$?
  else
    SLURM_ARRAY_TASK_ID=$id bash sweep/sweep_slurm.sh "$D/jobs.txt" >"$T/out" 2>"$T/err" || rc=$?
  fi
  expect "sweep_slurm.sh with SLURM_ARRAY_TASK_ID $id: exit 2, one line naming $want" \
    '[ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qF -- "$want" "$T/err"' "exit $rc" "$T/err"
done <<'EOF'
unset|SLURM_ARRAY_TASK_ID is not set
0|'0'
13|13 is past the last line
x1|'x1'
EOF

# ---- 5: the collector ------------------------------------------------------------------------
name=hypercube-4_te_mla_w16_none
mv "$D/jobs/$name/summary.tsv" "$T/saved.tsv"
rc=0
sweep/sweep_collect.sh "$D" >"$T/coll.out" 2>"$T/coll.err" || rc=$?
expect "collector, one summary missing: exit 1, the job named, 11 ok 1 missing" \
  '[ $rc = 1 ] && [ "$(cat "$T/coll.err")" = "sweep_collect.sh: missing: job 11 ($name): no summary of this sweep in $D/jobs/$name/summary.tsv" ] && grep -q "12 jobs: 11 ok, 0 failed, 1 missing" "$T/coll.out" && [ "$(wc -l <"$D/summary.tsv")" = 12 ]' "exit $rc" "$T/coll.err"
mv "$T/saved.tsv" "$D/jobs/$name/summary.tsv"
touch -d '+1 minute' "$D/jobs.txt"
rc=0
sweep/sweep_collect.sh "$D" >"$T/coll.out" 2>"$T/coll.err" || rc=$?
expect "collector, summaries older than the job list (a previous sweep's): all 12 missing, exit 1" \
  '[ $rc = 1 ] && [ "$(grep -c ": missing: " "$T/coll.err")" = 12 ] && grep -q "12 jobs: 0 ok, 0 failed, 12 missing" "$T/coll.out"' "exit $rc" "$T/coll.err"
rc=0
sweep/sweep_collect.sh "$T/nowhere" >"$T/out" 2>"$T/err" || rc=$?
expect "collector without a job list: exit 2, one line" '[ $rc = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q "no job list" "$T/err"' "exit $rc" "$T/err"

echo "sweep: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
