#!/usr/bin/env bash
# tests/s4noc.sh CMODEL [RTL_GEN] — the S4NOC port models (issue 17 part 2; docs/PORT_MODELS.md):
# mla's links, one packet per slot in and out of a node's local port, and under s4noc-bufferless
# a packet that moves every slot once injected.
#   - te, mnb, scatter and gather under both models verify, with the lower bound and the transmissions of
#     tests/s4noc_bounds.awk (the formulas, not the program); te stays at or below S4NOC's
#     published periods (issue 17) and at the bound where the construction reaches it
#   - schedules that break a rule fail the verifier with the rule named: two injections, two
#     ejections (whole and template), a packet that waits under s4noc-bufferless
#   - refusals: tasks and topologies the models do not cover, exit 2 with one line
#   - with RTL_GEN: the generated router has one local port (lanes 1.. tied off) and, for a
#     bufferless schedule, no packet memory
# Ends with "s4noc: N passed, N failed".
BIN=$1 RTL=${2-} NAME=s4noc
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
field() { sed -nE "s/.*(^| )$1=([^ ]+).*/\2/p"; }

# verified NAME TOPO TASK MODEL [MAX]: the schedule verifies at the formula's bound and
# transmissions, in at most MAX slots (default: the bound itself)
verified() {
  local name=$1 topo=$2 task=$3 model=$4 max=${5-} lb tx ok
  read -r lb tx < <(awk -v task="$task" -v topo="$topo" -f "$HERE/s4noc_bounds.awk")
  if ! "$BIN" schedule --topo "$topo" --task "$task" --model "$model" -o "$T/s.tsv" 2>"$T/err"; then
    fail "$name: cmodel schedule failed" "$T/err"
    return
  fi
  ok=$("$BIN" verify "$T/s.tsv" 2>&1)
  local slots
  slots=$(field slots <<<"$ok")
  if [[ $ok == OK* ]] && [ "$(field lb <<<"$ok")" = "$lb" ] && [ "$(field tx <<<"$ok")" = "$tx" ] &&
    [ "$(field txlb <<<"$ok")" = "$tx" ] && [ "$slots" -le "${max:-$lb}" ]; then
    pass "$name"
  else
    fail "$name: want OK, lb=$lb tx=$tx, at most ${max:-$lb} slots; got $ok"
  fi
}

# te on the k x k tori S4NOC publishes: at most their period, at the bound up to 7x7
declare -A theirs=([3]=10 [4]=19 [5]=27 [6]=42 [7]=58 [8]=87 [9]=113 [10]=157)
sizes="3 4 5 6 7 8"
[ "${SMALL-}" = 1 ] && sizes="3 4 5"
for k in $sizes; do
  for model in s4noc s4noc-bufferless; do
    if [ "$k" -le 7 ]; then verified "te torus:${k}x$k $model at the bound" "torus:${k}x$k" te "$model"
    else verified "te torus:${k}x$k $model within S4NOC's ${theirs[$k]}" "torus:${k}x$k" te "$model" "${theirs[$k]}"; fi
  done
done
for topo in hypercube:3 hypercube:4 torus:3x3x3 torus:2x4; do
  for model in s4noc s4noc-bufferless; do verified "te $topo $model at the bound" "$topo" te "$model"; done
done
verified "te ring:8 s4noc within the bound + 1" ring:8 te s4noc 10
# mnb: one delivery per slot, N-1 slots, on every Hamiltonian cycle
for topo in ring:5 torus:3x3 torus:4x4 hypercube:4 torus:2x3x3; do
  for model in s4noc s4noc-bufferless; do verified "mnb $topo $model" "$topo" mnb "$model"; done
done
# scatter and gather from node 0: one packet per slot at the root, farthest (nearest) first
for topo in ring:7 torus:3x3 torus:4x4 torus:3x5 hypercube:4; do
  for task in scatter gather; do
    for model in s4noc s4noc-bufferless; do verified "$task $topo $model" "$topo" "$task" "$model"; done
  done
done
# snb: the breadth-first tree sends one packet, copied, and forwards the slot after arrival
"$BIN" schedule --topo torus:4x4 --task snb --model s4noc-bufferless -o "$T/snb.tsv" &&
  expect "snb torus:4x4 s4noc-bufferless in ecc(0) = 4" '[ "$("$BIN" verify "$T/snb.tsv")" = "OK slots=4 lb=4 tx=15 txlb=15" ]' \
    "want OK slots=4 lb=4 tx=15 txlb=15"

# ---- the rules, broken ----
"$BIN" schedule --topo torus:4x4 --task te --model mla --template -o "$T/mla_tpl.tsv"
refuses "an mla te template injects four packets in slot 1" "$T/mla_tpl.tsv" \
  '^FAIL slot=1 .*the template injects two packets in slot 1' --model s4noc
"$BIN" schedule --topo torus:3x3 --task te --model mla --alg greedy -o "$T/mla_whole.tsv"
refuses "a whole mla te schedule injects twice at node 0" "$T/mla_whole.tsv" \
  '^FAIL slot=1 src=0 .*node 0 injects two packets in slot 1' --model s4noc-bufferless
hdr() { printf '# topo=%s\n# task=%s\n# model=%s\n# root=-1\n%sslot\tsrc\tdst\torigin\tdest\n' "$1" "$2" "$3" "${4:+# template=$4
}"; }
{ hdr ring:3 mnb s4noc; printf '1\t0\t1\t0\t-1\n1\t2\t1\t2\t-1\n'; } >"$T/two_ej.tsv"
refuses "two broadcast packets reach node 1 in slot 1" "$T/two_ej.tsv" 'node 1 ejects two packets in slot 1'
# ring:4 te template: packet 2 waits a slot at node 1 (fine under s4noc, not bufferless)
{ hdr ring:4 te s4noc add; printf '1\t0\t1\t0\t2\n2\t0\t3\t0\t3\n3\t1\t2\t0\t2\n4\t0\t1\t0\t1\n'; } >"$T/wait.tsv"
expect "a packet that waits verifies under s4noc" '[ "$("$BIN" verify "$T/wait.tsv")" = "OK slots=4 lb=4 tx=16 txlb=16 template=add" ]' \
  "want OK slots=4 lb=4 tx=16 txlb=16 template=add: $("$BIN" verify "$T/wait.tsv" 2>&1)"
refuses "the same packet waiting under s4noc-bufferless" "$T/wait.tsv" \
  '^FAIL slot=3 src=1 .*received in slot 1, not 2 \(s4noc-bufferless' --model s4noc-bufferless
# the template delivers packets 2 and 3 both in slot 2
{ hdr ring:4 te s4noc add; printf '1\t0\t1\t0\t2\n2\t0\t3\t0\t3\n2\t1\t2\t0\t2\n3\t0\t1\t0\t1\n'; } >"$T/tpl_ej.tsv"
refuses "a template delivering twice in slot 2" "$T/tpl_ej.tsv" 'the template delivers twice in slot 2'

# ---- refusals ----
while IFS='|' read -r want args; do # cmodel ARGS: exit 2, nothing on stdout, one line matching ERE
  # shellcheck disable=SC2086 # args are words
  "$BIN" $args >"$T/out" 2>"$T/err" </dev/null
  rc=$?
  expect "refused: $args" '[ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$want" "$T/err"' \
    "want exit 2 and one line matching /$want/, got $rc: $(cat "$T/err")"
done <<'CASES'
^cmodel: .*allreduce.*s4noc|schedule --topo torus:4x4 --task allreduce --model s4noc
^cmodel: unknown model 's4nok' \(expected .*s4noc-bufferless\)|schedule --topo torus:4x4 --task te --model s4nok
^cmodel: task te is not available for model s4noc on mesh:3x3|schedule --topo mesh:3x3 --task te --model s4noc
^cmodel: .*pmnb.*s4noc|schedule --topo torus:4x4 --task pmnb --m 3 --model s4noc
CASES
"$BIN" schedule --topo ring:5 --task allreduce -o "$T/ar.tsv"
out=$("$BIN" verify --model s4noc "$T/ar.tsv" 2>&1)
rc=$?
expect "verify refuses allreduce under s4noc" '[ $rc = 2 ] && grep -q "allreduce is not defined under model s4noc" <<<"$out"' \
  "want exit 2 and 'allreduce is not defined under model s4noc', got $rc: $out"

# ---- the router: one local port; no memory for a bufferless schedule ----
if [ -n "$RTL" ]; then
  case $RTL in /*) ;; *) RTL=$PWD/$RTL ;; esac
  for model in s4noc-bufferless mla; do
    "$RTL" --topo torus:4x4 --task te --model "$model" -o "$T/rtl_$model" >"$T/gen" 2>&1 || fail "rtl_gen torus:4x4 te $model" "$T/gen"
  done
  r=$T/rtl_s4noc-bufferless/romnoc_router.v
  expect "bufferless router: lanes 1..3 request and deliver nothing" \
    '[ "$(grep -cE "assign (inj[123]_req_o|dlv[123]_valid_o) = 1.b0;" "$r")" = 6 ]' "want 6 tied-off local-port outputs in $r"
  expect "bufferless router: one delivery multiplexer on dlv0" 'grep -q "assign dlv0_flit_o = dlv_flit;" "$r"' "no dlv_flit in $r"
  expect "bufferless router: no bank, no delay register" '! grep -qE "bank_|rxd[0-9]_q" "$r"' "memory found in $r"
  expect "bufferless design: mem_depth=0" 'grep -qx "mem_depth=0" "$T/rtl_s4noc-bufferless/design.txt"' "want mem_depth=0"
  expect "mla router: a local port per lane" '[ "$(grep -cE "assign inj[0-3]_req_o = rom_data_i" "$T/rtl_mla/romnoc_router.v")" = 4 ]' \
    "want four lanes requesting own packets"
fi
echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
