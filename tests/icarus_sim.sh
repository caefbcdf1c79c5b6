#!/usr/bin/env bash
# icarus_sim.sh — the second simulator (make sim SIM=icarus, sim/sim_icarus.sh): small
# designs of every router architecture and port model, bare flits (--flit bare), a combining
# task, kbcast and pmnb split into pieces, generated, linted, run under Icarus Verilog with the
# Verilog bench (sim/tb_icarus.v), diffed against the golden files and verified by cmodel. Per
# design:
#   - a PASS line for the design's topology, task and model, and cmodel verify's OK line;
#   - cycles = the schedule's '# slots=' + 1 (every architecture runs S slots in S+1 cycles,
#     docs/ARCHITECTURE.md), the schedule written here by 'cmodel schedule' with the same
#     arguments, and the PASS line names the same slots;
#   - the local ports hand over the deliveries the task's formula says (N(N-1) for mnb and te,
#     N-1 for snb, N*N whole sums for allreduce, K(N-1) for kbcast, M(N-1)F for pmnb in F
#     pieces), N and the set's size counted here;
#   - the logs are in run_icarus/ and the run leaves no Verilator run/ directory.
# For three designs the Verilator run of the same design writes the same wire log and
# deliveries line for line. Also: ROM edits (a node's own-packet requests cleared; a combiner's
# own contribution lost) must FAIL under Icarus; an idle banked router (ring:16, node 0 alone)
# raises err_o on a flit that arrives while it idles, and nothing else, then runs twice in a row,
# S + 1 cycles each, and idles at word 0; SIM=bogus and SIM=icarus
# BENCH=sc are refused with exit 2, one stderr line naming the value, nothing written; TRACE=1
# writes a VCD.
# Ends with "N passed, N failed". (set -u, not -e: a failed check is counted, not fatal.)
# QUICK=1 (make check): hypercube:3 mnb alone (under Icarus, against Verilator, its ROM edited),
# the refusals and TRACE=1; the same checks.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
full() { [ "${QUICK:-0}" != 1 ]; } # full: not QUICK=1, the cases of make test only
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-icarus.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0
pass() { npass=$((npass + 1)); echo "ok $1"; }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; [ -n "${2-}" ] && [ -s "$2" ] && sed 's/^/    /' "$2" | tail -n 15; return 0; }
LATENCY=1 # cycles beyond the slots: docs/ARCHITECTURE.md, "run in S+1 cycles"

# nodes TOPO: hypercube:D -> 2^D, ring:N -> N, torus/mesh:K1xK2 -> the product
nodes() {
  local s=${1#*:} n=1 k
  case $1 in hypercube:*) echo $((1 << s)) ;; *) for k in ${s//x/ }; do n=$((n * k)); done; echo $n ;; esac
}
# set_size LIST: the ids a list of ids and ranges names
set_size() { awk -v l="$1" 'BEGIN { n = split(l, p, ","); for (i = 1; i <= n; i++) c += split(p[i], r, "-") == 2 ? r[2] - r[1] + 1 : 1; print c }'; }
meta() { sed -n "s/^# *$1=//p" "$2" | head -n 1; } # meta KEY FILE: a metadata line's value
rows() { grep -E '^[0-9]+	' "$1"; }               # rows FILE: the data rows of a TSV

# icarus_case NAME VAR=VALUE...: the schedule from 'cmodel schedule' with the same arguments,
# then sim/sim.sh SIM=icarus in $T/NAME with the variables, and the checks of the header.
icarus_case() {
  local name=$1 v topo="" task="" model=mla args=() n want_dlv line cycles slots log work=$T/$1 rc
  shift
  for v in "$@"; do
    case $v in
    TOPO=*) topo=${v#TOPO=} args+=(--topo "$topo") ;;
    TASK=*) task=${v#TASK=} args+=(--task "$task") ;;
    MODEL=*) model=${v#MODEL=} args+=(--model "$model") ;;
    ROOT=*) args+=(--root "${v#ROOT=}") ;;
    ALG=*) args+=(--alg "${v#ALG=}") ;;
    ACTIVE=*) args+=(--active "${v#ACTIVE=}") ;;
    M=*) args+=(--m "${v#M=}") ;;
    KSEED=*) args+=(--seed "${v#KSEED=}") ;;
    SPLIT=1) args+=(--split) ;;
    esac
  done
  if ! build/cmodel schedule "${args[@]}" -o "$T/$name.tsv" 2>"$T/err"; then
    fail "$name: cmodel schedule ${args[*]} fails" "$T/err"
    return
  fi
  n=$(nodes "$topo") slots=$(meta slots "$T/$name.tsv")
  case $task in
  mnb | te) want_dlv=$((n * (n - 1))) ;;
  snb) want_dlv=$((n - 1)) ;;
  allreduce) want_dlv=$((n * n)) ;;
  kbcast | pmnb) want_dlv=$(($(set_size "$(meta active "$T/$name.tsv")") * (n - 1) * $(meta fraction "$T/$name.tsv" | grep . || echo 1))) ;;
  *) want_dlv= ;;
  esac
  env "$@" SIM=icarus SIM_DIR="$work" sim/sim.sh >"$T/out" 2>&1
  rc=$?
  line=$(grep -E "^PASS topo=$topo task=$task model=$model cycles=[0-9]+ slots=[0-9]+ log=" "$T/out")
  if [ $rc -ne 0 ] || [ -z "$line" ] || ! grep -qE '^OK slots=' "$T/out"; then
    fail "$name: want PASS and the verifier's OK (exit $rc)" "$T/out"
    return
  fi
  pass "$name: PASS under Icarus, the wire log verified"
  cycles=$(printf '%s' "$line" | sed -E 's/.* cycles=([0-9]+) .*/\1/') log=${line##* log=}
  if printf '%s' "$line" | grep -q " slots=$slots " && [ "$cycles" -eq $((slots + LATENCY)) ]; then
    pass "$name: $cycles cycles for the schedule's $slots slots"
  else
    fail "$name: '$line' for the schedule's $slots slots (want $((slots + LATENCY)) cycles)"
  fi
  if [ "$(rows "$work/run_icarus/deliveries.tsv" | wc -l)" -eq "$want_dlv" ]; then
    pass "$name: $want_dlv deliveries"
  else
    fail "$name: $(rows "$work/run_icarus/deliveries.tsv" | wc -l) deliveries, want $want_dlv"
  fi
  if [ "$log" = "$work/run_icarus/wire.tsv" ] && [ ! -e "$work/run" ]; then
    pass "$name: the logs in run_icarus/, no Verilator run/"
  else
    fail "$name: log=$log, run/ $([ -e "$work/run" ] && echo exists || echo absent)"
  fi
}

# same_as_verilator NAME VAR=VALUE...: the Verilator run (the C++ bench) of the design icarus_case
# NAME ran, in the same work directory: its wire log and deliveries equal Icarus's line for line
same_as_verilator() {
  local name=$1 work=$T/$1 f ok=1
  shift
  if ! env "$@" SIM=verilator SIM_DIR="$work" sim/sim.sh >"$T/out" 2>&1 || ! grep -q '^PASS ' "$T/out"; then
    fail "$name: the Verilator run fails" "$T/out"
    return
  fi
  for f in wire.tsv deliveries.tsv; do
    diff -u "$work/run/$f" "$work/run_icarus/$f" >"$T/d" || { ok=0; fail "$name: Icarus's $f differs from Verilator's" "$T/d"; }
  done
  [ $ok = 1 ] && pass "$name: Icarus's wire log ($(rows "$work/run_icarus/wire.tsv" | wc -l) rows) and deliveries are Verilator's"
}

# ---- one design per architecture and port model: banked (mla, oneway), simple, single
# (sp-full, sp-half), combine; kbcast and pmnb with the set fixed in the ROMs
icarus_case hc3-mnb TOPO=hypercube:3 TASK=mnb
if full; then
icarus_case hc3-te TOPO=hypercube:3 TASK=te
icarus_case t33-mnb TOPO=torus:3x3 TASK=mnb
icarus_case m33-snb TOPO=mesh:3x3 TASK=snb ROOT=4
icarus_case hc3-te-oneway TOPO=hypercube:3 TASK=te MODEL=oneway
icarus_case r8-mnb-sp-half TOPO=ring:8 TASK=mnb MODEL=sp-half
icarus_case r5-mnb-sp-full TOPO=ring:5 TASK=mnb MODEL=sp-full
icarus_case t33-te-simple TOPO=torus:3x3 TASK=te ARCH=simple
icarus_case hc3-te-bare TOPO=hypercube:3 TASK=te FLIT=bare
icarus_case hc3-allreduce-add TOPO=hypercube:3 TASK=allreduce OP=add
icarus_case hc4-kbcast TOPO=hypercube:4 TASK=kbcast ACTIVE=0,3,5-9
icarus_case t44-pmnb-split TOPO=torus:4x4 TASK=pmnb ALG=004 M=5 KSEED=3 SPLIT=1

# the architectures the designs above ran on (rtl_gen picks by port model and task)
archs=$(cat "$T"/*/gen/design.txt 2>/dev/null | sed -n 's/^arch=//p' | sort -u | tr '\n' ' ')
if [ "$archs" = "banked combine simple single " ]; then pass "all four architectures ran"; else
  fail "the designs ran on architectures '$archs', want banked combine simple single"; fi
fi # full

# ---- the same design under Verilator: the same logs line for line
same_as_verilator hc3-mnb TOPO=hypercube:3 TASK=mnb
full && same_as_verilator hc3-allreduce-add TOPO=hypercube:3 TASK=allreduce OP=add
full && same_as_verilator t44-pmnb-split TOPO=torus:4x4 TASK=pmnb ALG=004 M=5 KSEED=3 SPLIT=1

# ---- ROM edits that must FAIL under Icarus (REUSE_GEN=1 on an edited copy of a design)
# rom_edit NAME DESIGN ROM AWK-ARGS... -- WANT-ERE...: the copy's ROM edited by awk, then every
# WANT-ERE must match the output of the failing run
rom_edit() {
  local name=$1 src=$T/$2/gen rom=$3 dst=$T/edit-$1 a=() wants=() rc
  shift 3
  while [ $# -gt 0 ] && [ "$1" != -- ]; do a+=("$1") && shift; done
  shift
  wants=("$@")
  [ -d "$src" ] || { fail "$name: no design to edit"; return; }
  mkdir -p "$dst" && cp -r "$src" "$dst/gen"
  awk "${a[@]}" "$src/$rom" >"$dst/gen/$rom"
  if cmp -s "$src/$rom" "$dst/gen/$rom"; then fail "$name: test bug: the edit leaves $rom as it was"; return; fi
  SIM=icarus SIM_DIR="$dst" REUSE_GEN=1 sim/sim.sh >"$T/out" 2>&1
  rc=$?
  local w ok=1
  for w in "${wants[@]}"; do grep -qE -- "$w" "$T/out" || ok=0; done
  if [ $rc -ne 0 ] && [ $ok = 1 ] && ! grep -q '^PASS ' "$T/out"; then pass "$name"; else
    fail "$name: want exit 1 and lines matching ${wants[*]} (exit $rc)" "$T/out"; fi
}
# every node runs the shared ROM: its own-packet requests cleared, the lanes that send an own
# packet carry an empty flit (the bits from the router's part selects)
req_bits=$(sed -nE 's/.*assign inj[0-9]+_req_o = rom_data_i\[([0-9]+)\];.*/\1/p' "$T/hc3-mnb/gen/romnoc_router.v" | tr '\n' ' ')
if [ -n "$req_bits" ]; then
  rom_edit "hc3-mnb: a ROM without its own-packet requests must FAIL the wire diff and cmodel verify" hc3-mnb rom.hex \
    -v bits="$req_bits" -f tests/rom_clear.awk -- '^FAIL topo=hypercube:3 task=mnb .*wire.tsv differs' 'the wire log fails cmodel verify'
else
  fail "hc3-mnb: no inj<p>_req_o part select in romnoc_router.v"
fi
# node 0's combiner 0 no longer adds its own contribution (tests/rom_field.awk): the wire log
# still verifies, the whole sums change: the delivery diff and the bench's own check must FAIL
full && rom_edit "hc3-allreduce: a combiner that loses its own contribution must FAIL the sums" hc3-allreduce-add rom_n0.hex \
  -v lane=0 -v field=osel -f tests/rom_field.awk -- \
  '^FAIL topo=hypercube:3 task=allreduce .*deliveries.tsv differs .*delivered [0-9a-f]+ as the add of chunk [0-9]+' '^OK slots='

# ---- an idle banked router (ring:16 te, node 0's router and ROM alone): it reads word 0, which
# delivers and expects nothing, so it raises no error and delivers nothing while its links are
# quiet; a flit arriving while it idles raises err_o (docs/ARCHITECTURE.md: the quiet word 0,
# no `running` gate), and the flag stays up. Then two runs, one after the other: each ends S + 1
# cycles after the edge that samples start_i (docs/ARCHITECTURE.md), S = 32 the ring's bound
# (every node's distances, 1+1+2+2+...+7+7+8, over its two links), and the router is idle again,
# reading word 0 (its running flag and last-cycle bits: issue 40's lean run control)
g=$T/idle/gen
ring_te_slots=$(awk 'BEGIN { n = 16; for (j = 1; j < n; j++) d += (j < n - j ? j : n - j); print d / 2 }')
if build/rtl_gen --topo ring:16 --task te --flit bare -o "$g" >"$T/out" 2>&1; then
  rw=$(sed -n 's/^rom_width=//p' "$g/design.txt")
  aw=$(sed -nE 's/.*output wire \[([0-9]+):0\] rom_addr_o.*/\1/p' "$g/romnoc_router.v")
  lanes=""
  for p in 0 1; do
    lanes+="    .tx${p}_valid_o(), .tx${p}_flit_o(), .rx${p}_valid_i(rxv[$p]), .rx${p}_flit_i(32'd0), .inj${p}_req_o(),"
    lanes+=" .inj${p}_dest_o(), .inj${p}_flit_i(32'd0), .dlv${p}_valid_o(dlv[$p]), .dlv${p}_flit_o()$([ $p = 1 ] || echo ,)"$'\n'
  done
  cat >"$T/tb_idle.v" <<EOF
module tb_idle;
  reg clk = 0, rst_n = 0;
  reg [1:0] rxv = 2'd0;
  wire done, err;
  wire [1:0] dlv;
  wire [$aw:0] addr;
  wire [$((rw - 1)):0] data;
  integer quiet_err = 0, quiet_dlv = 0, i, n1, n2;
  reg start = 0;
  reg [$aw:0] addr_idle;
  task run(output integer n);  // a start pulse, then the edges until done_o is high
    begin
      start = 1; @(posedge clk); #1 start = 0; n = 0;
      while (!done && n < 100) begin @(posedge clk); #1 n = n + 1; end
    end
  endtask
  romnoc_rom #(.FILE("$g/rom_n0.hex")) rom (.clk_i(clk), .addr_i(addr), .data_o(data));
  romnoc_router dut (.clk_i(clk), .rst_ni(rst_n), .start_i(start), .done_o(done), .err_o(err),
    .rom_addr_o(addr), .rom_data_i(data),
$lanes  );
  always #5 clk = !clk;
  initial begin
    #22 rst_n = 1;  // two rising edges in reset: the ROM shows word 0 (router_ports.c, rst_ni)
    for (i = 0; i < 6; i = i + 1) begin @(posedge clk); #1 quiet_err = quiet_err | err; quiet_dlv = quiet_dlv | (|dlv); end
    rxv = 2'b01;
    @(posedge clk); #1 rxv = 2'b00;
    repeat (4) @(posedge clk); #1;
    \$display("IDLE quiet_err=%0d quiet_dlv=%0d err_after_flit=%0d", quiet_err, quiet_dlv, err);
    run(n1); run(n2); repeat (2) @(posedge clk); #1 addr_idle = addr;
    \$display("RUNS cycles=%0d,%0d addr_idle=%0d", n1, n2, addr_idle);
    \$finish;
  end
endmodule
EOF
  (cd "$g" && iverilog -g2012 -o "$T/tb_idle.vvp" "$T/tb_idle.v" romnoc_rom.v romnoc_router.v && vvp -n "$T/tb_idle.vvp") >"$T/out" 2>&1
fi
if grep -q '^IDLE quiet_err=0 quiet_dlv=0 err_after_flit=1$' "$T/out"; then
  pass "an idle banked router: quiet links raise nothing, a flit arriving while it idles raises err_o"
else
  fail "an idle banked router: want IDLE quiet_err=0 quiet_dlv=0 err_after_flit=1" "$T/out"
fi
if grep -q 'running_q <= idle ? start_i : !last;' "$g/romnoc_router.v"; then
  pass "the ring:16 te router (a 6-bit count) has the lean run control: a running register"
else
  fail "the ring:16 te router: want the lean run control (running_q)" "$g/romnoc_router.v"
fi
want="RUNS cycles=$((ring_te_slots + 1)),$((ring_te_slots + 1)) addr_idle=0"
if grep -qx "$want" "$T/out"; then
  pass "two runs of the banked router: each S + 1 = $((ring_te_slots + 1)) cycles, then idle at word 0"
else
  fail "two runs of the banked router: want $want" "$T/out"
fi

# ---- refusals: exit 2, one stderr line naming the value, nothing on stdout, no work directory
refused() { # NAME WANT VAR=VALUE...
  local name=$1 want=$2 rc
  shift 2
  env TOPO=hypercube:3 TASK=mnb SIM_DIR="$T/refused" "$@" sim/sim.sh >"$T/out" 2>"$T/err"
  rc=$?
  if [ $rc -eq 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -qF -- "$want" "$T/err" && [ ! -e "$T/refused" ]; then
    pass "$name"
  else
    fail "$name: want exit 2, one stderr line naming '$want', no output (exit $rc)" "$T/err"
  fi
}
refused "SIM=bogus is refused" "unknown SIM 'bogus'" SIM=bogus
refused "SIM=icarus BENCH=sc is refused" "BENCH 'sc'" SIM=icarus BENCH=sc

# ---- TRACE=1: the bench dumps the run into run_icarus/wave.vcd
if SIM=icarus TRACE=1 SIM_DIR="$T/trace" TOPO=hypercube:2 TASK=mnb sim/sim.sh >"$T/out" 2>&1 &&
  grep -q '^PASS ' "$T/out" && grep -q 'enddefinitions' "$T/trace/run_icarus/wave.vcd" &&
  grep -q 'u_fabric' "$T/trace/run_icarus/wave.vcd"; then
  pass "TRACE=1 writes run_icarus/wave.vcd"
else
  fail "TRACE=1: want PASS and a VCD of the fabric in run_icarus/wave.vcd" "$T/out"
fi

echo "$npass passed, $nfail failed"
[ $nfail -eq 0 ]
