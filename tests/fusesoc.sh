#!/usr/bin/env bash
# tests/fusesoc.sh RTL_GEN — romnoc.core, the FuseSoC core (CAPI 2) rtl_gen writes with every
# design (issue 15). For designs of every router architecture and file layout — a shared ROM
# (torus:3x3 mnb), per-node ROMs (mesh:3x3 te), a link module (hypercube:3 mnb under oneway),
# the single-port router (ring:5 mnb sp-half), the combining router (torus:3x3 allreduce) and a
# fixed active set (hypercube:3 kbcast) —:
#   1. yamllint (Debian's) accepts it;
#   2. tests/fusesoc_core.py: CAPI=2 first, a VLNV name, the filesets equal to the design's
#      files (files.f, the ROM files), every target's toplevel a module of its filesets;
#   3. the core drives the tools: Verilator lints the lint target's files (-Wall) and Yosys
#      elaborates the synth target's, each with its toplevel, from a copy of the core's files
#      only (so a file the core forgets fails here);
#   4. the same design from a schedule file writes the same core.
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
  runs "$tag: yamllint accepts romnoc.core" 'yamllint -d relaxed "$g/romnoc.core"'
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
n=$(sed -n 's/^name: //p' "$T/torus3x3_mnb/romnoc.core")
expect "torus:3x3's core name has its topology as torus-3x3" '[[ $n == romnoc:fabric:torus-3x3_mnb_mla_banked_w32:* ]]' "got '$n'"
# several tasks in one fabric: each named, in the name and the description with each run's slots
# (torus:4x4: mnb 4, te 8, reduce_scatter 4, allreduce 8 slots, 000's and 003's bounds)
n=$(sed -n 's/^name: //p' "$T/torus4x4_four_tasks/romnoc.core")
expect "a core of four tasks names them" '[[ $n == romnoc:fabric:torus-4x4_mnb-te-reduce_scatter-allreduce_mla_mixed_w32:* ]]' "got '$n'"
expect "a core of four tasks gives each run's slots" \
  'grep -q "^description: .*mnb,te,reduce_scatter,allreduce on torus:4x4.* runs of 4,8,4,8 slots\"$" "$T/torus4x4_four_tasks/romnoc.core"' \
  "$(grep '^description' "$T/torus4x4_four_tasks/romnoc.core")"

echo "fusesoc: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
