#!/usr/bin/env bash
# tests/fusesoc.sh RTL_GEN — romnoc.core, the FuseSoC core (CAPI 2) rtl_gen writes with every
# design (issue 15). For designs of every router architecture and file layout — a shared ROM
# (torus:3x3 mnb), per-node ROMs (mesh:3x3 te), a link module (hypercube:3 mnb under oneway),
# the single-port router (ring:5 mnb sp-half), the combining router (torus:3x3 allreduce) and a
# fixed active set (hypercube:3 kbcast) —:
#   1. yamllint (Debian's) accepts it under its default rules;
#   2. tests/fusesoc_core.py: CAPI=2 first, a VLNV name, the filesets equal to the design's
#      files (files.f, the ROM files), every target's toplevel a module of its filesets;
#   3. the core drives the tools: Verilator lints the lint target's files (-Wall) and Yosys
#      elaborates the synth target's, each with its toplevel, from a copy of the core's files
#      only (so a file the core forgets fails here);
#   4. the same design from a schedule file writes the same core; designs that differ only in
#      their root or flit format get different core names;
#   5. two cores of different prefixes (rtl_gen --prefix) live in one design: one Verilator
#      build runs both fabrics, each reading its ROMs from its ROM_DIR, to done without an
#      error; one Yosys run elaborates both (a module defined twice or a ROM file not found
#      fails there); every Verilog file of rtl_gen (--ni), rtl_gen_kbrt and rtl_gen_pmnbrt opens with
#      `default_nettype none and closes with `default_nettype wire, and sets no `timescale.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then "fusesoc: N passed, N
# failed"; exits 1 if any check failed.
BIN=$1 NAME=fusesoc
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"
RTLGEN=$BIN
PY=/usr/bin/python3 # Debian's, with the python3-yaml yamllint brings

core_files() { # core_files DIR TARGET: the files of TARGET's filesets, one per line
  "$PY" -c '
import sys, yaml
c = yaml.safe_load(open(sys.argv[1] + "/romnoc.core"))
for s in c["targets"][sys.argv[2]]["filesets"]:
    for e in c["filesets"][s]["files"]:
        print(next(iter(e)) if isinstance(e, dict) else e)
print("TOP", c["targets"][sys.argv[2]]["toplevel"])' "$1" "$2"
}

runs() { # runs NAME COMMAND: pass if the shell command succeeds, else fail with its output
  if eval "$2" >"$T/cmd.log" 2>&1; then pass "$1"; else fail "$1" "failed: $2" "$T/cmd.log"; fi
}

check_design() { # check_design TAG RTL_GEN-ARGS...
  local tag=$1 g=$T/$1
  shift
  if ! "$RTLGEN" "$@" -o "$g" >"$T/gen.log" 2>&1; then
    fail "$tag: rtl_gen $*" "failed" "$T/gen.log"
    return
  fi
  runs "$tag: yamllint (default rules) accepts romnoc.core" 'yamllint "$g/romnoc.core"'
  "$PY" "$HERE/fusesoc_core.py" "$g" >"$T/py.log" 2>&1
  tally "$T/py.log" "$tag: fusesoc_core.py"
  local target files top
  for target in lint synth; do
    rm -rf "$T/use" && mkdir "$T/use"
    core_files "$g" "$target" >"$T/files" || { fail "$tag: $target: the core's files" "unreadable"; continue; }
    top=$(sed -n 's/^TOP //p' "$T/files")
    files=$(grep -v '^TOP ' "$T/files")
    for f in $files; do cp "$g/$f" "$T/use/"; done
    if [ $target = lint ]; then
      runs "$tag: verilator -Wall lints the lint target (top $top) from the core's files alone" \
        '(cd "$T/use" && verilator --lint-only -Wall $(grep "\.v$" <<<"$files") $(grep "\.vlt$" <<<"$files") --top-module "$top")'
    else
      runs "$tag: yosys elaborates the synth target (top $top) from the core's files alone" \
        '(cd "$T/use" && yosys -q -p "read_verilog -defer $(grep "\.v$" <<<"$files" | tr "\n" " "); hierarchy -check -top $top")'
    fi
  done
}

check_design torus3x3_mnb --topo torus:3x3 --task mnb
check_design mesh3x3_te --topo mesh:3x3 --task te
check_design hypercube3_mnb_oneway --topo hypercube:3 --task mnb --model oneway
check_design ring5_mnb_sp-half --topo ring:5 --task mnb --model sp-half
check_design torus3x3_allreduce --topo torus:3x3 --task allreduce
check_design hypercube3_kbcast --topo hypercube:3 --task kbcast --k 3
check_design torus4x4_four_tasks --topo torus:4x4 --task mnb,te,reduce_scatter,allreduce --ni

# 4. from a schedule file: the same core
CMODEL=$(dirname "$RTLGEN")/cmodel
case $RTLGEN in */asan/*) CMODEL=$(dirname "$(dirname "$RTLGEN")")/cmodel ;; esac
"$CMODEL" schedule --topo mesh:3x3 --task te -o "$T/te.tsv" &&
  "$RTLGEN" --schedule "$T/te.tsv" -o "$T/from_file" >/dev/null 2>&1
expect "mesh:3x3 te from a schedule file writes the same romnoc.core" 'cmp -s "$T/from_file/romnoc.core" "$T/mesh3x3_te/romnoc.core"' \
  "differs"
# a name that FuseSoC takes: no ':' but the VLNV's own
core_field() { "$PY" -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
n=$(core_field "$T/torus3x3_mnb/romnoc.core" name)
expect "torus:3x3's core name has its topology as torus-3x3" '[[ $n =~ ^romnoc:fabric:torus-3x3_mnb_mla_banked_tagged_w32_[0-9a-f]{8}:[0-9.]+$ ]]' "got '$n'"
# several tasks in one fabric: each named, in the name and the description with each run's slots
# (torus:4x4: mnb 4, te 8, reduce_scatter 4, allreduce 8 slots, 000's and 003's bounds)
n=$(core_field "$T/torus4x4_four_tasks/romnoc.core" name)
expect "a core of four tasks names them" '[[ $n == romnoc:fabric:torus-4x4_mnb-te-reduce_scatter-allreduce_mla_mixed_tagged_w32_* ]]' "got '$n'"
d=$(core_field "$T/torus4x4_four_tasks/romnoc.core" description)
expect "a core of four tasks gives each run's slots" '[[ $d == *"mnb,te,reduce_scatter,allreduce on torus:4x4"*"runs of 4,8,4,8 slots" ]]' "got '$d'"
# designs that differ in what the name's words do not say: a root, the flit format
core_name() { "$RTLGEN" "$@" -o "$T/named" >/dev/null 2>&1 && core_field "$T/named/romnoc.core" name; }
r0=$(core_name --topo ring:8 --task gather --root 0) r3=$(core_name --topo ring:8 --task gather --root 3)
expect "gather with root 0 and root 3 get different core names" '[ -n "$r0" ] && [ -n "$r3" ] && [ "$r0" != "$r3" ]' "got '$r0' and '$r3'"
tagged=$(core_name --topo ring:8 --task mnb) bare=$(core_name --topo ring:8 --task mnb --flit bare)
expect "tagged and bare flits get different core names" '[ -n "$tagged" ] && [ -n "$bare" ] && [ "$tagged" != "$bare" ]' "got '$tagged' and '$bare'"

# 5. two cores of different prefixes in one design
"$RTLGEN" --topo torus:4x4 --task te --prefix ag -o "$T/co/a" >"$T/gen.log" 2>&1 &&
  "$RTLGEN" --topo hypercube:3 --task mnb --prefix gpu_b -o "$T/co/b" >>"$T/gen.log" 2>&1 ||
  fail "rtl_gen --prefix ag, --prefix gpu_b" "failed" "$T/gen.log"
n=$(core_field "$T/co/a/romnoc.core" name)
expect "--prefix ag: modules ag_*, ROMs ag_rom.hex, core name ag_..." \
  '[ -f "$T/co/a/ag_fabric.v" ] && [ -f "$T/co/a/ag_rom.hex" ] && ! grep -qw romnoc_fabric "$T/co/a/ag_fabric.v" && [[ $n == romnoc:fabric:ag_torus-4x4_te_* ]]' \
  "$(ls "$T/co/a" | head -n 5 | tr '\n' ' ') name '$n'"
# every Verilog file: `default_nettype none after its header, `default_nettype wire at its end,
# no `timescale (docs/ARCHITECTURE.md, "Two fabrics in one design"); rtl_gen's with --ni (every
# module it writes), rtl_gen_kbrt's and rtl_gen_pmnbrt's (its hand-written router included)
"$RTLGEN" --topo torus:2x2 --task allgather,alltoall --ni -o "$T/nettype" >"$T/gen.log" 2>&1
KBRT=$(dirname "$RTLGEN")/rtl_gen_kbrt # the ASan rtl_gen's sibling is the plain build's
case $RTLGEN in */asan/*) KBRT=$(dirname "$(dirname "$RTLGEN")")/rtl_gen_kbrt ;; esac
"$KBRT" --topo hypercube:3 -o "$T/nettype_kbrt" >>"$T/gen.log" 2>&1
"${KBRT%_kbrt}_pmnbrt" --topo torus:4x4 -o "$T/nettype_pmnbrt" >>"$T/gen.log" 2>&1
bad=$(for f in "$T"/nettype/*.v "$T"/nettype_kbrt/*.v "$T"/nettype_pmnbrt/*.v; do
  [ "$(grep -vm1 '^//' "$f")" = '`default_nettype none' ] && [ "$(tail -n 1 "$f")" = '`default_nettype wire' ] &&
    ! grep -q '`timescale' "$f" || echo "${f##*/}"
done)
expect "every Verilog file opens with \`default_nettype none and closes with wire ($(ls "$T"/nettype/*.v "$T"/nettype_kbrt/*.v "$T"/nettype_pmnbrt/*.v | wc -l) files)" \
  '[ -z "$bad" ] && [ -f "$T/nettype/romnoc_selftest.v" ] && [ -f "$T/nettype_kbrt/design.txt" ] && [ -f "$T/nettype_pmnbrt/romnoc_pmnbrt_prefix.v" ]' "not: $bad $(head -c 200 "$T/gen.log")"
sources() { grep '\.v$' "$T/co/$1/files.f" | sed "s|^|$1/|"; }
cat >"$T/co/top.v" <<'V'
module coexist_top (input wire clk_i, input wire rst_ni, input wire start_i, output wire [3:0] st_o);
  ag_fabric #(.ROM_DIR("a/")) u_a (.clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i), .done_o(st_o[0]), .err_o(st_o[1]));
  gpu_b_fabric #(.ROM_DIR("b/")) u_b (.clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i), .done_o(st_o[2]), .err_o(st_o[3]));
endmodule
V
cat >"$T/co/tb.v" <<'V'
module coexist_tb;
  reg clk = 1'b0, rst_n = 1'b0, start = 1'b0;
  wire [3:0] st;  // {err_b, done_b, err_a, done_a}
  coexist_top u_top (.clk_i(clk), .rst_ni(rst_n), .start_i(start), .st_o(st));
  integer c;
  always #1 clk = !clk;
  initial begin
    #4 rst_n = 1'b1;
    #4 start = 1'b1;
    #2 start = 1'b0;
    for (c = 0; c < 100 && !(st[0] && st[2]); c = c + 1) @(posedge clk);
    $display("COEXIST done_a=%0d err_a=%0d done_b=%0d err_b=%0d", st[0], st[1], st[2], st[3]);
    $finish;
  end
endmodule
V
(cd "$T/co" && verilator --binary --timing -Wno-PINMISSING $(sources a) $(sources b) top.v tb.v --top-module coexist_tb \
  -o coexist && ./obj_dir/coexist) >"$T/co.log" 2>&1
expect "one Verilator build runs fabrics ag (torus:4x4 te) and gpu_b (hypercube:3 mnb), each from its ROM_DIR, to done without an error" \
  'grep -q "^COEXIST done_a=1 err_a=0 done_b=1 err_b=0$" "$T/co.log" && ! grep -q "readmem" "$T/co.log"' \
  "$(grep -E "COEXIST|readmem|Error" "$T/co.log" | head -n 3)"
runs "one Yosys run elaborates fabrics ag and gpu_b (their ROMs from ROM_DIR)" \
  '(cd "$T/co" && yosys -q -p "read_verilog -defer $(sources a | tr "\n" " ") $(sources b | tr "\n" " ") top.v; hierarchy -check -top coexist_top; proc")'

echo "fusesoc: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
