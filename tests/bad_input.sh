#!/usr/bin/env bash
# bad_input.sh CMODEL RTL_GEN ASAN_RTL_GEN — every reproducer of the bad-input issue (10) and
# the refusals around it, one row each: the command, the exit status it must end with, and what
# it must (or must not) print or leave behind. Each row runs in a directory of its own after its
# setup. A row that expects exit 2 also requires exactly one line on stderr matching the
# pattern and made of printable ASCII only, nothing on stdout, and the directory exactly as the setup left it (no partial
# output, no temporary). A row that expects exit 0 matches the pattern against stdout. The
# check, if any, is a shell test run afterwards in the row's directory. Output files are
# always inside the row's directory (never /dev/null: a regression would replace it).
# Ends with "bad input: N passed, N failed".
set -u
B=$(realpath "$1") R=$(realpath "$2") RA=$(realpath "$3")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0 nrow=0
pass() { npass=$((npass + 1)); echo "ok $1"; }
fail() { nfail=$((nfail + 1)); echo "FAIL $1: $2"; }
listing() { (cd "$1" && find . -mindepth 1 -print0 | sort -z | xargs -0 -r ls -ld --time-style=+%s.%N | cut -d' ' -f1,5-); }

HEADER='slot\tsrc\tdst\torigin\tdest\n'
# the schedule of snb on hypercube:2 from the golden model, with its metadata lines removed
snb2_rows() { "$B" schedule --topo hypercube:2 --task snb | grep -v '^#'; }

# row NAME EXIT PATTERN SETUP COMMAND [CHECK]
row() {
  local name=$1 want=$2 pat=$3 setup=$4 cmd=$5 check=${6:-}
  nrow=$((nrow + 1))
  local dir=$T/$nrow out=$T/$nrow.out err=$T/$nrow.err
  mkdir "$dir"
  if ! (cd "$dir" && eval "$setup") >"$T/$nrow.setup" 2>&1; then
    fail "$name" "setup failed: $(head -c 300 "$T/$nrow.setup")"
    return
  fi
  local before
  before=$(listing "$dir")
  (cd "$dir" && export B R RA && eval "$cmd") >"$out" 2>"$err"
  local rc=$?
  if [ "$rc" -ne "$want" ]; then
    fail "$name" "exit $rc, expected $want; stderr: $(head -c 300 "$err")"
    return
  fi
  if [ "$want" -eq 2 ]; then
    if [ "$(wc -l <"$err")" -ne 1 ] || ! grep -Eq -- "$pat" "$err"; then
      fail "$name" "stderr is not one line matching /$pat/: $(head -c 300 "$err")"
      return
    fi
    if LC_ALL=C grep -q '[^ -~]' "$err"; then
      fail "$name" "stderr holds a raw byte that is not printable ASCII"
      return
    fi
    if [ -s "$out" ]; then
      fail "$name" "wrote to stdout: $(head -c 200 "$out")"
      return
    fi
    if [ "$(listing "$dir")" != "$before" ]; then
      fail "$name" "left its directory changed: $(diff <(printf '%s\n' "$before") <(listing "$dir") | head -c 300)"
      return
    fi
  elif [ -n "$pat" ] && ! grep -Eq -- "$pat" "$out"; then
    fail "$name" "stdout does not match /$pat/: $(head -c 300 "$out") (stderr: $(head -c 200 "$err"))"
    return
  fi
  if [ -n "$check" ] && ! (cd "$dir" && eval "$check") >/dev/null 2>&1; then
    fail "$name" "check failed: $check"
    return
  fi
  pass "$name"
}

# -------------------------------------------------------------- the issue's numbered reproducers
row "1 a NUL byte inside a line" 2 "line 2: a NUL byte" \
  "printf '${HEADER}1\t0\t1\t0\t-1\0junk\n' >n.tsv" \
  '"$B" verify --topo hypercube:1 --task snb n.tsv'
row "2 a word with a space that looks like an option" 2 "unknown option '--topo --task'" '' \
  '"$B" schedule --topo hypercube:2 --task snb "--topo --task" x.tsv'
row "2 a stray positional word" 2 "unexpected argument 'x.tsv'" '' \
  '"$B" schedule --topo hypercube:2 --task snb x.tsv'
row "2 rtl_gen: an unknown option" 2 "unknown option '--frob'" '' \
  '"$R" --topo hypercube:2 --task snb --frob -o d'
row "2 an option given twice" 2 "--topo is given twice" '' \
  '"$B" schedule --topo hypercube:2 --topo hypercube:3 --task snb -o x.tsv'
row "3 -o FIFO is written through, not replaced" 0 '' 'mkfifo out' \
  '{ cat out >got & } && "$B" schedule --topo hypercube:2 --task snb -o out; rc=$?; wait; exit $rc' \
  '[ -p out ] && grep -q "^slot" got'
row "3 -o a character device is written through, not replaced" 0 '' 'mknod null c 1 3' \
  '"$B" schedule --topo hypercube:2 --task snb -o null' \
  '[ -c null ]'
row "3 -o a symbolic link: the link stays, its target gets the schedule" 0 '' 'echo old >target && ln -s target link' \
  '"$B" schedule --topo hypercube:2 --task snb -o link' \
  '[ -L link ] && [ "$(readlink link)" = target ] && grep -q "^slot" target'
row "3 -o a dangling symbolic link" 2 "'dl'.*symbolic link to nothing" 'ln -s nowhere dl' \
  '"$B" schedule --topo hypercube:2 --task snb -o dl'
row "3 -o a directory" 2 "'dd'.*is a directory" 'mkdir dd' \
  '"$B" schedule --topo hypercube:2 --task snb -o dd'
row "4 rtl_gen -o ''" 2 "output directory name is empty" '' \
  '"$R" --topo hypercube:2 --task snb -o ""' \
  '[ ! -e /design.txt ] && [ ! -e /golden ]'
row "4 rtl_gen -o /" 2 "output directory '/' cannot be replaced" '' \
  '"$R" --topo hypercube:2 --task snb -o /'
row "4 rtl_gen -o ." 2 "output directory '\.' cannot be replaced" '' \
  '"$R" --topo hypercube:2 --task snb -o .'
row "4 rtl_gen -o a directory that holds something else" 2 "'mine' is not empty and holds no design" \
  'mkdir mine && echo keep >mine/notes' \
  '"$R" --topo hypercube:2 --task snb -o mine'
row "4 rtl_gen -o a regular file" 2 "'file'" 'echo keep >file' \
  '"$R" --topo hypercube:2 --task snb -o file'
row "4 rtl_gen -o below a regular file" 2 "cannot create 'file/sub': Not a directory" 'echo keep >file' \
  '"$R" --topo hypercube:2 --task snb -o file/sub'
# 5: the file size limit makes a write fail half-way (SIGXFSZ ignored, so write() returns
# EFBIG); the previous design must stay whole and alone
row "5 a write error leaves the previous design whole" 2 "cannot write 'd/.*File too large" \
  '"$R" --topo hypercube:3 --task snb -o d >/dev/null' \
  '(trap "" XFSZ; ulimit -f 40; "$R" --topo hypercube:6 --task mnb -o d)'
row "6 regenerating leaves no file of the previous design" 0 '' \
  '"$R" --topo hypercube:3 --task snb -o d >/dev/null && ls d/rom_n7.hex' \
  '"$R" --topo hypercube:3 --task mnb -o d && "$R" --topo hypercube:3 --task mnb -o fresh' \
  '[ "$(cd d && find . | sort)" = "$(cd fresh && find . | sort)" ]'
row "7 a range end beyond 32 bits" 2 "size '4294967298'" '' \
  '"$B" table --topo hypercube:1..4294967298 --task snb'
row "7 a range end beyond 64 bits" 2 "size '18446744073709551617'" '' \
  '"$B" table --topo torus:3x3..18446744073709551617x3 --task mnb'
row "8 forty comment lines before the metadata" 0 '^OK slots=2 lb=2 tx=3 txlb=3$' \
  'for i in $(seq 40); do echo "# note$i=x"; done >m.tsv && "$B" schedule --topo hypercube:2 --task snb >>m.tsv' \
  '"$B" verify m.tsv'
row "8 spaces around '=' in the metadata" 0 '^OK slots=2 lb=2 tx=3 txlb=3$' \
  '{ echo "# topo = hypercube:2"; echo "#task= snb"; snb2_rows; } >s.tsv' \
  '"$B" verify s.tsv'
row "9 a missing column is named, with its line" 2 "line 2: 4 fields, expected 5" \
  "printf '${HEADER}1\t0\t1\t0\n' >f.tsv" \
  '"$B" verify --topo hypercube:1 --task snb f.tsv'
# 10: SIGTERM while the temporary grows (the schedule is 16.8 M rows: seconds to write)
row "10 SIGTERM during -o removes the temporary" 143 '' '' \
  '"$B" schedule --topo hypercube:12 --task mnb -o big.tsv & pid=$!
   for i in $(seq 200); do compgen -G "big.tsv.tmp.*" >/dev/null && break; sleep 0.05; done
   kill -TERM $pid; wait $pid' \
  '! compgen -G "big.tsv*"'
row "10 rtl_gen: SIGTERM removes the temporary directory" 143 '' \
  '"$R" --topo hypercube:2 --task snb -o d >/dev/null' \
  '"$R" --topo hypercube:10 --task mnb -o d & pid=$!
   for i in $(seq 600); do compgen -G "d.tmp.*" >/dev/null && break; sleep 0.05; done
   kill -TERM $pid; wait $pid' \
  '! compgen -G "d.tmp.*" && grep -q "topo=hypercube:2 task=snb" d/design.txt'
row "11 an -o path too long for its temporary name" 2 "is too long for its temporary name" \
  'echo old >"$(printf "a%.0s" $(seq 250)).tsv"' \
  '"$B" schedule --topo hypercube:2 --task snb -o "$(printf "a%.0s" $(seq 250)).tsv"' \
  'grep -qx old a*.tsv'
# 12: the error paths of rtl_gen under LeakSanitizer (a leak would end with its report)
row "12 rtl_gen leaks nothing when the directory cannot be made" 2 "cannot create 'file/sub'" \
  'echo keep >file' \
  'ASAN_OPTIONS=detect_leaks=1 "$RA" --topo hypercube:2 --task snb -o file/sub'
row "12 rtl_gen leaks nothing after a write error" 2 "cannot write 'd/.*File too large" '' \
  '(trap "" XFSZ; ulimit -f 40; ASAN_OPTIONS=detect_leaks=1 "$RA" --topo hypercube:6 --task mnb -o d)'
row "13 a comment line of 1.2 MB is read whole" 0 '^OK slots=2 lb=2 tx=3 txlb=3$' \
  '{ printf "# "; head -c 1200000 /dev/zero | tr "\0" a; echo; "$B" schedule --topo hypercube:2 --task snb; } >l.tsv' \
  '"$B" verify l.tsv'
row "13 a line over 16 MiB is refused" 2 "line 1: longer than 16 MiB" \
  '{ printf "# "; head -c 17000000 /dev/zero | tr "\0" a; echo; } >l.tsv' \
  '"$B" verify --topo hypercube:2 --task snb l.tsv'

# -------------------------------------------------------------- the issue's "also" list
row "raw bytes are echoed escaped" 2 "bad origin field '\\\\xff\\\\x1b\[31m'" \
  "printf '${HEADER}1\t0\t1\t\377\033[31m\t-1\n' >e.tsv" \
  '"$B" verify --topo hypercube:1 --task snb e.tsv'
row "raw bytes in an argument are escaped" 2 "unknown command 'frob\\\\x09\\\\x1b\\[1mx'" '' \
  '"$B" "$(printf "frob\t\033[1mx")"'
row "raw bytes in a file name are escaped" 2 "cannot read 'no\\\\x0ause': No such file" '' \
  '"$B" verify "$(printf "no\nuse")"'
row "--root ' +1'" 2 "root ' \+1'" '' \
  '"$B" schedule --topo hypercube:2 --task snb --root " +1" -o x.tsv'
row "rtl_gen --root ' +1'" 2 "root ' \+1'" '' \
  '"$R" --topo hypercube:2 --task snb --root " +1" -o d'
row "rtl_gen accepts --opt=value like cmodel" 0 '' '' \
  '"$R" --topo=hypercube:2 --task=snb --width=8 -o=d' \
  'grep -q "^payload_width=8$" d/design.txt'
row "cmodel accepts --opt=value" 0 '^OK' '' \
  '"$B" schedule --topo=hypercube:2 --task=snb -o=s.tsv && "$B" verify s.tsv'
row "an empty -o= value" 2 "output file name is empty" '' \
  '"$B" schedule --topo hypercube:2 --task snb -o='

# -------------------------------------------------------------- the combining operation (--op)
row "rtl_gen --op an unknown operation" 2 "unknown op 'sum' \(expected add, max, min, xor or or\)" '' \
  '"$R" --topo hypercube:2 --task allreduce --op sum -o d'
row "rtl_gen --op escapes raw bytes" 2 "unknown op 'm\\\\x1b\[1max'" '' \
  '"$R" --topo hypercube:2 --task allreduce --op "$(printf "m\033[1max")" -o d'
row "rtl_gen --op on a task that combines nothing" 2 "--op 'max' combines partial sums; task mnb combines none" '' \
  '"$R" --topo hypercube:2 --task mnb --op max -o d'
row "rtl_gen --op given twice" 2 "--op is given twice" '' \
  '"$R" --topo hypercube:2 --task allreduce --op max --op min -o d'
row "rtl_gen --op on a combining schedule file" 0 '' \
  '"$B" schedule --topo hypercube:2 --task global_sum -o s.tsv' \
  '"$R" --schedule s.tsv --op=xor -o d' \
  'grep -q "^op=xor$" d/design.txt && grep -q "^# op=xor$" d/golden/deliveries.tsv'

# -------------------------------------------------------------- rtl_gen --flit
row "rtl_gen --flit an unknown format" 2 "unknown flit 'none' \(expected tagged or bare\)" '' \
  '"$R" --topo hypercube:2 --task mnb --flit none -o d'
row "rtl_gen --flit bare on a combining task" 2 "--flit bare: task allreduce's flits carry a chunk" '' \
  '"$R" --topo hypercube:2 --task allreduce --flit bare -o d'
row "rtl_gen --flit bare with kbcast's control words" 2 "--flit bare: this kbcast schedule has counters or terminations" '' \
  '"$R" --topo hypercube:4 --task kbcast --alg 001 --k 5 --flit bare -o d'
# hypercube:8's tags are 2*8+1 = 17 bits: a bare flit of 17 bits has no room for the pattern
row "rtl_gen --flit bare narrower than the benches' tags" 2 "--flit bare with --width 17 on hypercube:8: .* 17 bits of tags .* at least 18" '' \
  '"$R" --topo hypercube:8 --task snb --flit bare --width 17 -o d'
row "rtl_gen --flit bare at the narrowest width" 0 '' '' \
  '"$R" --topo hypercube:8 --task snb --flit bare --width 18 -o d' \
  'grep -qx "flit_width=18" d/design.txt && grep -qx "flit=bare" d/design.txt && grep -q "^# width=1$" d/golden/deliveries.tsv'

# -------------------------------------------------------------- kbcast's active set in rtl_gen
row "rtl_gen --active with an unknown node" 2 "active set item '16' is not a node id or range lo-hi of 0\.\.15" '' \
  '"$R" --topo hypercube:4 --task kbcast --active 3,16 -o d'
row "rtl_gen --active malformed" 2 "active set item '5-' is not a node id" '' \
  '"$R" --topo hypercube:4 --task kbcast --active 1,5- -o d'
row "rtl_gen --k out of range" 2 "--k '17' is not a number of nodes of hypercube:4 \(1\.\.16\)" '' \
  '"$R" --topo hypercube:4 --task kbcast --k 17 -o d'
row "rtl_gen kbcast on a torus" 2 "task kbcast is defined on the hypercube under mla \(001\), not on torus:4x4" '' \
  '"$R" --topo torus:4x4 --task kbcast --k 3 -o d'
row "rtl_gen --active for mnb" 2 "--active '1,2' applies to tasks kbcast, pmnb, pexchange and pgather only, not mnb" '' \
  '"$R" --topo hypercube:4 --task mnb --active 1,2 -o d'
row "rtl_gen kbcast 001 on the simple router" 2 "the simple router sends no constant control words" '' \
  '"$R" --topo hypercube:4 --task kbcast --k 5 --alg 001 --arch simple -o d'
row "rtl_gen kbcast into an existing design keeps it on a refusal" 2 "--k '0' is not a number of nodes" \
  '"$R" --topo hypercube:3 --task kbcast --k 3 -o d' \
  '"$R" --topo hypercube:3 --task kbcast --k 0 -o d'

# -------------------------------------------------------------- sizes before allocation
row "--max-mem refuses scatter on hypercube:16 with the figure" 2 \
  "scatter on hypercube:16 needs [0-9.]+ MiB, over the memory limit of 1\.0 MiB \(--max-mem\)" '' \
  '"$B" schedule --task scatter --topo hypercube:16 --max-mem 1M -o s.tsv'
row "the default limit (4 GiB) refuses te on mesh:64x64" 2 "needs [0-9.]+ GiB, over the memory limit of 4\.0 GiB" '' \
  '"$B" schedule --task te --topo mesh:64x64 -o s.tsv'
row "rtl_gen --max-mem refuses the golden delivery list" 2 "over the memory limit of 16\.0 MiB" '' \
  '"$R" --topo torus:64x64 --task mnb --max-mem 16M -o d'
row "verify --max-mem" 2 "over the memory limit of 16\.0 KiB" \
  '"$B" schedule --topo hypercube:8 --task mnb >s.tsv' \
  '"$B" verify --max-mem 16K s.tsv'
row "--max-mem that is not a size" 2 "--max-mem '12Q' is not a size" '' \
  '"$B" schedule --topo hypercube:2 --task snb --max-mem 12Q -o s.tsv'

# -------------------------------------------------------------- issue 37 (bad input, round 3)
# the memory refusals come before the allocation: under a virtual-memory limit a little above
# the --max-mem given (not under ASan, whose shadow memory needs terabytes of address space)
S=$(dirname "$B")/te_search
vlimit() { case $B in */asan/*) "$@" ;; *) (ulimit -v 400000 && "$@") ;; esac }
export S
export -f vlimit
row "37.3 export --format msccl-xml refused up front, naming the size" 2 \
  "needs [0-9.]+ (GiB|TiB), over the memory limit of 64\.0 MiB" '' \
  'vlimit "$B" export --format msccl-xml --topo hypercube:16 --task te --max-mem 64M -o x.xml'
row "37.3 the same for a template file: msccl-xml's own tables" 2 \
  "msccl-xml: the export needs [0-9.]+ TiB, over the memory limit of 64\.0 MiB" \
  '"$B" schedule --topo hypercube:16 --task te --template -o t.tsv' \
  'vlimit "$B" export --format msccl-xml --max-mem 64M t.tsv -o x.xml'
row "37.4 draw without --view checks the map's size before building" 2 "occupancy map of torus:256x256 would have 262144" '' \
  'vlimit "$B" draw --topo torus:256x256 --task te -o x.svg'
row "37.4 draw of hypercube:16 te without --view" 2 "occupancy map of hypercube:16 would have 1048576" '' \
  'vlimit "$B" draw --topo hypercube:16 --task te -o x.svg'
row "37.5 te_search: the te formula's size checked before it is built" 2 \
  "torus:256x256 in 100000 slots: more than 4000000 variables, too large for the te formula" '' \
  'vlimit "$S" --topo torus:256x256 --slots 100000 --time-limit 20'
row "37.5 te_search: the lanes formula too" 2 "more than 4000000 variables, too large for the te formula" '' \
  'vlimit "$S" --topo torus:256x256 --task te --lanes --slots 100000'
row "37.5 te_search: the mnb formula too" 2 "more than 4000000 variables, too large for the mnb formula" '' \
  'vlimit "$S" --topo hypercube:16 --task mnb --slots 5000'
row "37.5 te_search: the bufferless formula too" 2 "more than 4000000 placements, too large for the bufferless formula" '' \
  'vlimit "$S" --topo torus:256x256 --task te --model s4noc-bufferless --slots 100000'
row "37.4 draw --view tree checks its limit first" 2 "the tree view draws hypercubes up to hypercube:6, not hypercube:16" '' \
  'vlimit "$B" draw --view tree --topo hypercube:16 --task te -o x.svg'
row "37.8 export --format json from options: the whole schedule's size checked first" 2 \
  "the whole te on hypercube:16 .*needs 640\.0 GiB, over the memory limit of 64\.0 MiB" '' \
  'vlimit "$B" export --format json --topo hypercube:16 --task te --max-mem 64M -o x.json'
row "37.8 export --format tsv from options: the same check" 2 \
  "the whole te on hypercube:16 .*needs 640\.0 GiB, over the memory limit of 64\.0 MiB" '' \
  'vlimit "$B" export --format tsv --topo hypercube:16 --task te --max-mem 64M -o x.tsv'
row "37.4 draw --view both checks its limits first" 2 "(the tree view draws hypercubes up to hypercube:6|occupancy map of hypercube:16 would have 1048576)" '' \
  'vlimit "$B" draw --view both --topo hypercube:16 --task te -o x.svg'
row "37 rtl_gen's refusal comes before the allocation" 2 "over the memory limit of 16\.0 MiB" '' \
  'vlimit "$R" --topo torus:64x64 --task mnb --max-mem 16M -o d'
row "37.5 te_search -o - is refused (the answer is on standard output)" 2 "-o -: te_search prints its answer" '' \
  '"$S" --topo ring:4 --task te --lanes --slots 2 -o -'
row "37.6 auto under --max-mem takes a construction that fits" 0 '' '' \
  '"$B" schedule --topo hypercube:10 --task kbcast --k 100 --max-mem 16M -o kb.tsv' \
  'grep -qx "# alg=offline" kb.tsv && "$B" verify kb.tsv | grep -q "^OK "'
row "37.6 pmnb auto under --max-mem" 0 '' '' \
  '"$B" schedule --topo torus:32x32 --task pmnb --m 100 --max-mem 16M -o pm.tsv' \
  'grep -q "^# alg=" pm.tsv && [ "$(grep -vc "^#" pm.tsv)" -gt 1000 ]'
row "37.6 auto with no construction that fits names the size" 2 \
  "construction '[a-z0-9-]+' of kbcast on hypercube:10 (needs|asked for) [0-9.]+ (KiB|MiB), over the memory limit of 1\.0 MiB" '' \
  '"$B" schedule --topo hypercube:10 --task kbcast --k 100 --max-mem 1M -o kb.tsv'
row "37.7 JSON: a number with a leading zero" 2 "lz.json: line [0-9]+ col [0-9]+: slot: a number with a leading zero" \
  '"$B" export --format json --topo hypercube:2 --task snb | sed "s/\[1, 0, 1, 0, -1\]/[01, 0, 1, 0, -1]/" >lz.json' \
  '"$B" verify --format json lz.json'
row "37.7 JSON: -0" 2 "mz.json: line [0-9]+ col [0-9]+: origin: -0 is not an integer of the layout" \
  '"$B" export --format json --topo hypercube:2 --task snb | sed "s/\[1, 0, 1, 0, -1\]/[1, 0, 1, -0, -1]/" >mz.json' \
  '"$B" verify --format json mz.json'
row "37.7 JSON: invalid UTF-8 in a string" 2 "u.json: line [0-9]+ col [0-9]+: invalid UTF-8 in a string" \
  '"$B" export --format json --topo hypercube:2 --task snb | sed "s/\"snb\"/\"sn\xff\"/" >u.json' \
  '"$B" verify --format json u.json'
row "37.8 export --format tsv from options writes what schedule writes" 0 '' '' \
  '"$B" export --format tsv --topo hypercube:5 --task mnb -o e.tsv && "$B" schedule --topo hypercube:5 --task mnb -o s.tsv' \
  'cmp e.tsv s.tsv'
row "37.8 export --template writes what schedule --template writes" 0 '' '' \
  '"$B" export --format tsv --template --topo torus:4x4 --task te -o e.tsv && "$B" schedule --template --topo torus:4x4 --task te -o s.tsv' \
  'cmp e.tsv s.tsv && grep -q "^# template=" e.tsv'
row "37.8 export --template of a schedule that is no template" 2 "--template applies to schedules built as translation templates" '' \
  '"$B" export --format tsv --template --topo hypercube:3 --task snb -o e.tsv'
row "37.9 schedule -o - writes standard output" 0 '^slot' '' \
  '"$B" schedule --topo hypercube:2 --task snb -o -' '[ ! -e ./- ]'
row "37.9 export -o - writes standard output" 0 '"format": "romnoc-schedule"' '' \
  '"$B" export --format json --topo hypercube:2 --task snb -o -' '[ ! -e ./- ]'
row "37.9 draw -o - writes the SVG alone on standard output" 0 '^<svg ' '' \
  '"$B" draw --topo hypercube:2 --task snb -o - >pic.svg && cat pic.svg' \
  '[ ! -e ./- ] && xmllint --noout pic.svg && tail -n 1 pic.svg | grep -qx "</svg>"'
row "37 a seed beyond the one range" 2 "--seed '4294967296' is not a seed \(0\.\.4294967295\)" '' \
  '"$B" schedule --topo hypercube:3 --task kbcast --k 3 --seed 4294967296 -o s.tsv'
row "37 the same range for dynbcast" 2 "--seed '18446744073709551615' is not a seed \(0\.\.4294967295\)" '' \
  '"$B" dynbcast --topo torus:4x4 --seed 18446744073709551615'
row "37 rtl_gen's --active-seed: the same range" 2 "--active-seed '4294967296' is not a seed" '' \
  '"$R" --topo hypercube:3 --task kbcast --k 3 --active-seed 4294967296 -o d'
# -------------------------------------------------------------- issue 38 (the network interface)
row "38 rtl_gen --ni for a task it does not serve" 2 "--ni does not serve task pmnb yet" '' \
  '"$R" --topo torus:4x4 --task pmnb --m 3 --ni -o d'
row "38 rtl_gen --ni for a router without its local port" 2 "--ni needs the banked \(combine, mixed\) router's local port, not the single router's" '' \
  '"$R" --topo ring:8 --task mnb --model sp-full --ni -o d'
row "38 rtl_gen --ni for the S4NOC model" 2 "--ni does not serve port model s4noc yet" '' \
  '"$R" --topo torus:4x4 --task mnb --model s4noc --ni -o d'
row "38 rtl_gen --words without --ni" 2 "--words 4 applies to the network interfaces: add --ni" '' \
  '"$R" --topo hypercube:3 --task mnb --words 4 -o d'
row "38 rtl_gen --words beyond its range" 2 "--words '4097' is out of range \(expected 1\.\.4096" '' \
  '"$R" --topo hypercube:3 --task mnb --ni --words 4097 -o d'
row "38 rtl_gen --words on a one-slot schedule" 2 "a schedule of 1 slot cannot run back to back" '' \
  '"$R" --topo hypercube:1 --task mnb --ni --words 2 -o d'
row "38 rtl_gen --task a,b without --ni" 2 "2 tasks in one fabric are chosen by the network interface's command: add --ni" '' \
  '"$R" --topo torus:4x4 --task allgather,alltoall -o d'
row "38 rtl_gen --task with a combining task among several, bare flits" 2 "--flit bare: task allreduce's flits carry a chunk" '' \
  '"$R" --topo torus:4x4 --task allgather,allreduce --ni --flit bare -o d'
row "38 rtl_gen --task of both kinds on a router of one kind" 2 "tasks mnb,allreduce forward packets and combine partial sums \(use --arch mixed\)" '' \
  '"$R" --topo torus:4x4 --task allgather,allreduce --ni --arch banked -o d'
row "38 rtl_gen --task with an empty name in its list" 2 "--task 'mnb,,te' has an empty or overlong name in its list" '' \
  '"$R" --topo torus:4x4 --task mnb,,te --ni -o d'
row "39 rtl_gen --prefix starting with a digit" 2 "--prefix '9gpu' is not a Verilog identifier" '' \
  '"$R" --topo hypercube:3 --task mnb --prefix 9gpu -o d'
row "39 rtl_gen --prefix with a character Verilog names do not take" 2 "--prefix 'gpu-a' is not a Verilog identifier" '' \
  '"$R" --topo hypercube:3 --task mnb --prefix gpu-a -o d'
row "39 rtl_gen --prefix longer than 32" 2 "--prefix 'a234567890123456789012345678901234' is not a Verilog identifier" '' \
  '"$R" --topo hypercube:3 --task mnb --prefix a234567890123456789012345678901234 -o d'
row "39 rtl_gen --rom-style that is not a style" 2 "--rom-style 'bram' is not a style .expected auto, logic, block or family.$" '' \
  '"$R" --topo hypercube:3 --task mnb --rom-style bram -o d'
row "39 rtl_gen --mem-style that is not a style" 2 "--mem-style 'LUT' is not a style .expected auto, logic, block or family.$" '' \
  '"$R" --topo hypercube:3 --task mnb --mem-style LUT -o d'
row "39 rtl_gen --family that is not one" 2 "--family 'altera' is not a family .expected ice40, xilinx, ecp5 or gowin.$" '' \
  '"$R" --topo hypercube:3 --task mnb --family altera -o d'
row "39 rtl_gen --link-delay 0" 2 "--link-delay '0' is out of range .expected 1..64 cycles a link.$" '' \
  '"$R" --topo hypercube:3 --task mnb --link-delay 0 -o d'
row "39 rtl_gen --bram-budget beyond 1024" 2 "--bram-budget '1025' is out of range .expected 0..1024 block RAMs a router.$" '' \
  '"$R" --topo hypercube:3 --task mnb --bram-budget 1025 -o d'
row "39 rtl_gen --bram-budget that is not a number" 2 "--bram-budget '-1' is out of range .expected 0..1024 block RAMs a router.$" '' \
  '"$R" --topo hypercube:3 --task mnb --bram-budget -1 -o d'
row "39 rtl_gen --link-delay that is not a number" 2 "--link-delay 'two' is out of range .expected 1..64 cycles a link.$" '' \
  '"$R" --topo hypercube:3 --task mnb --link-delay two -o d'
row "39 rtl_gen --link-delay 65" 2 "--link-delay '65' is out of range .expected 1..64 cycles a link.$" '' \
  '"$R" --topo hypercube:3 --task mnb --link-delay 65 -o d'
row "39 rtl_gen --link-delay with --ni" 2 "--link-delay 2: the network interfaces run on one-cycle links only" '' \
  '"$R" --topo hypercube:3 --task mnb --link-delay 2 --ni -o d'
row "39 rtl_gen --link-delay on one-way links" 2 "--link-delay 3: model oneway shares one channel per link between both directions" '' \
  '"$R" --topo ring:8 --task te --model oneway --link-delay 3 -o d'

# -------------------------------------------------------------- complete:N (every pair linked)
# a size outside 2..33 (N-1 ports, at most 32 per router) or not a number, named; the
# commands that build schedules refuse the topology itself, naming it; a verifier of an
# active-set task refuses it before reading a row
row "complete:1 has no pair" 2 "size '1' in topology 'complete:1' is out of range .expected 2\.\.33" '' \
  '"$B" schedule --topo complete:1 --task mnb -o s.tsv'
row "complete:0" 2 "size '0' in topology 'complete:0' is out of range" '' \
  '"$B" info --topo complete:0'
row "complete:x" 2 "size 'x' in topology 'complete:x' is out of range" 'printf "slot\tsrc\tdst\torigin\tdest\n" >e.tsv' \
  '"$B" verify --topo complete:x --task mnb e.tsv'
row "complete:34: beyond the ports a router has" 2 "size '34' in topology 'complete:34' is out of range .expected 2\.\.33: complete:N has N-1 ports per node, at most 32.$" '' \
  '"$B" info --topo complete:34'
row "complete:65" 2 "'complete:65' is out of range" '' \
  '"$R" --topo complete:65 --task mnb -o d'
row "cmodel schedule on complete:8" 2 "^cmodel: romnoc builds no schedules on complete:8 " '' \
  '"$B" schedule --topo complete:8 --task mnb -o s.tsv'
row "rtl_gen --topo complete:4" 2 "^rtl_gen: romnoc builds no schedules on complete:4 " '' \
  '"$R" --topo complete:4 --task te -o d'
row "pmnb on complete:4 is refused by the verifier" 2 "task pmnb is defined on rings, tori and meshes .004., not on complete:4$" \
  'printf "# topo=complete:4\n# task=pmnb\n# active=0,1\nslot\tsrc\tdst\torigin\tdest\n1\t0\t1\t0\t-1\n" >p.tsv' \
  '"$B" verify p.tsv'
row "rtl_gen --schedule on complete:4 builds its fabric" 0 '' \
  '{ printf "# topo=complete:4\n# task=te\n# model=mla\n# root=-1\nslot\tsrc\tdst\torigin\tdest\n"; for u in 0 1 2 3; do for v in 0 1 2 3; do [ $u = $v ] || printf "1\t%d\t%d\t%d\t%d\n" $u $v $u $v; done; done; } >c.tsv' \
  '"$R" --schedule c.tsv -o d' 'grep -qx "topo=complete:4" d/design.txt && grep -qx "ports=3" d/design.txt'

row "37 the largest seed is taken" 0 '' '' \
  '"$B" schedule --topo hypercube:3 --task kbcast --k 3 --seed 4294967295 -o s.tsv' '"$B" verify s.tsv | grep -q "^OK "'
row "37 a pmnb packet never received is named with a space" 1 "never receives the packet of origin [0-9]+$" \
  '"$B" schedule --topo torus:4x4 --task pmnb --m 3 --seed 1 --alg 004 | awk "!/^[0-9]/ || NR < n" n="$("$B" schedule --topo torus:4x4 --task pmnb --m 3 --seed 1 --alg 004 | wc -l)" >p.tsv' \
  '"$B" verify p.tsv'

echo "bad input: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
