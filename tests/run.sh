#!/usr/bin/env bash
# tests/run.sh BIN [MAXD] - the cmodel test suite.
#
#   tests/run.sh build/cmodel          # D = 1..12 plus templates up to D = 16
#   tests/run.sh build/asan/cmodel 8   # the ASan/UBSan build, D = 1..8
#
# Every case is a command line with its expected exit status, stdout and
# stderr (see check() below).  Expected figures come from paper 000
# (Bertsekas et al., "Optimal Communication Algorithms for Hypercubes"),
# Table 1, computed here with shell arithmetic - never from cmodel's output.
# Golden schedules live in tests/golden/; a missing one is written from the
# program and its case fails, so adding a golden case is adding a line.
# Prints one FAIL line (plus an indented diff or excerpt) per failing case,
# then "N passed, N failed"; exits 1 if any case failed.
#
# Helpers, all plain awk: check.awk (an independent schedule checker),
# mutate.awk (breaks a good schedule in one named way), xlate.awk (expands
# an XOR template), topo.awk (builds a topology graph and measures it).
set -u
export LC_ALL=C

BIN=${1:?usage: tests/run.sh BIN [MAXD]}
MAXD=${2:-12}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
[ -x "$BIN" ] || { echo "run.sh: $BIN is not an executable file" >&2; exit 2; }
case $MAXD in '' | *[!0-9]*) echo "run.sh: MAXD must be a number, got $MAXD" >&2; exit 2 ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
GOLD=$HERE/golden
T=$(mktemp -d "${TMPDIR:-/tmp}/cmodel-tests.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
# The case commands run in their own bash; they see these names.
export B=$BIN H=$HERE T
TASKS="snb mnb scatter gather te"
COMBINE="reduce reduce_scatter allreduce global_sum" # partial sums (tests/combine.sh has more)
SORTROWS="sort -t \$'\t' -k1,1n -k2,2n -k3,3n -k4,4n -k5,5n"
npass=0 nfail=0

# ---------------------------------------------------------------- formulas
. "$HERE/formulas.sh"
ok_line() {                 # ok_line TASK D [template]
	echo "OK slots=$(slots_of "$1" "$2") lb=$(lb_of "$1" "$2") tx=$(tx_of "$1" "$2") txlb=$(txlb_of "$1" "$2")${3:+ template=xor}"
}
roots_of() {                # roots_of TASK D: the roots to try, -1 if none
	local n=$((1 << $2))
	case $1 in
	mnb | te | reduce_scatter | allreduce | global_sum) echo -1 ;;
	*) echo 0 $((n - 1)) $([ "$2" -ge 3 ] && echo 5) ;;
	esac
}
root_opt() { [ "$1" -ge 0 ] && echo "--root $1"; }

# ---------------------------------------------------------------- runner
pass() { npass=$((npass + 1)); }
fail() {                    # fail NAME WHY [DETAIL-FILE]
	nfail=$((nfail + 1))
	echo "FAIL $1: $2"
	[ -n "${3-}" ] && [ -s "$3" ] && head -n 40 "$3" | sed 's/^/    /'
	return 0
}
nlines() { awk 'END { print NR }' "$1"; }

# check NAME RC OUT ERR CMD [DIR]
#   RC   expected exit status
#   OUT  expected stdout: ''      nothing
#                         '~ERE'  exactly one line, matching ERE
#                         '%ERE'  one or more lines, one of them matching ERE
#                         else    exactly this text (compared with diff -u)
#   ERR  expected stderr: ''      nothing
#                         '*'     exactly one non-empty line
#                         else    exactly one line, matching ERE
#   CMD  bash command line (run with pipefail, stdin from /dev/null)
#   DIR  if given, a directory that must still be empty afterwards
check() {
	local name=$1 want_rc=$2 want_out=$3 want_err=$4 cmd=$5 dir=${6-} rc why=''
	[ -n "$dir" ] && rm -rf "$dir" && mkdir -p "$dir"
	timeout 900 bash -o pipefail -c "$cmd" </dev/null >"$T/out" 2>"$T/err"
	rc=$?
	: >"$T/detail"
	[ "$rc" = "$want_rc" ] || why="exit $rc, want $want_rc"
	case $want_out in
	'') [ -s "$T/out" ] && why="${why:+$why; }stdout not empty" ;;
	'~'*) if [ "$(nlines "$T/out")" != 1 ] || ! grep -qE -e "${want_out#\~}" "$T/out"; then
		why="${why:+$why; }stdout is not one line matching /${want_out#\~}/"
	fi ;;
	'%'*) grep -qE -e "${want_out#%}" "$T/out" ||
		why="${why:+$why; }no stdout line matches /${want_out#%}/" ;;
	*) printf '%s\n' "$want_out" >"$T/want"
		diff -u --label expected --label stdout "$T/want" "$T/out" >"$T/detail" ||
			why="${why:+$why; }stdout differs" ;;
	esac
	case $want_err in
	'') [ -s "$T/err" ] && why="${why:+$why; }stderr not empty" ;;
	*) if [ "$(nlines "$T/err")" != 1 ] || ! grep -q . "$T/err"; then
		why="${why:+$why; }stderr is not exactly one line"
	elif [ "$want_err" != '*' ] && ! grep -qE -e "$want_err" "$T/err"; then
		why="${why:+$why; }stderr does not match /$want_err/"
	fi ;;
	esac
	if [ -n "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
		why="${why:+$why; }left behind in the -o directory: $(ls -A "$dir" | tr '\n' ' ')"
	fi
	if [ -z "$why" ]; then pass; return 0; fi
	{
		local shown=${cmd//\"\$B\"/$BIN}
		echo "\$ ${shown//\"\$H\"/$HERE}"
		if [ ! -s "$T/detail" ]; then
			[ -s "$T/out" ] && { echo "stdout:"; head -n 10 "$T/out"; }
			[ -s "$T/err" ] && { echo "stderr:"; head -n 10 "$T/err"; }
		else
			cat "$T/detail"
			[ -s "$T/err" ] && { echo "stderr:"; head -n 10 "$T/err"; }
		fi
	} >"$T/report"
	fail "$name" "$why" "$T/report"
	return 1
}

# Data rows of a schedule TSV (everything after the header line).
rows_cmd="awk 'h { print } /^slot\t/ { h = 1 }'"
# Re-sort the data rows of a schedule TSV by (slot, src, dst), keeping the
# comment and header lines on top.
sort_schedule() {
	awk '{ print } /^slot\t/ { exit }' "$1"
	awk 'h { print } /^slot\t/ { h = 1 }' "$1" | sort -t "$(printf '\t')" -k1,1n -k2,2n -k3,3n
}

# ---------------------------------------------------------------- --help
for sub in '' schedule verify info table; do
	check "help ${sub:-top level}" 0 "%${sub:-schedule}" '' "\"\$B\" $sub --help"
done

# ---------------------------------------------------------------- info
# Expected lines worked out by hand from the definitions (n nodes; hypercube
# d 2^(d-1) links; torus: n links per dimension of size > 2, n/2 for size 2,
# diameter sum of floor(K/2); mesh: n (K-1)/K links per dimension, diameter
# sum of (K-1)).  tests/topo.awk rebuilds each graph up to 4096 nodes and
# measures it by BFS; the table and the graph must agree too.
while read -r topo want; do
	[ -z "$topo" ] && continue
	check "info $topo" 0 "topo=$topo $want" '' "\"\$B\" info --topo $topo"
	nodes=${want#nodes=}; nodes=${nodes%% *}
	if [ "$nodes" -le 4096 ]; then
		got=$(awk -v topo="$topo" -f "$HERE/topo.awk" </dev/null)
		[ "$got" = "topo=$topo $want" ] && pass ||
			fail "info table row $topo" "test bug: topo.awk measures [$got]"
	fi
done <<'EOF'
hypercube:1   nodes=2 ports=1 links=1 diameter=1
hypercube:3   nodes=8 ports=3 links=12 diameter=3
hypercube:4   nodes=16 ports=4 links=32 diameter=4
hypercube:10  nodes=1024 ports=10 links=5120 diameter=10
hypercube:16  nodes=65536 ports=16 links=524288 diameter=16
ring:2        nodes=2 ports=2 links=1 diameter=1
ring:5        nodes=5 ports=2 links=5 diameter=2
ring:6        nodes=6 ports=2 links=6 diameter=3
torus:2x2     nodes=4 ports=4 links=4 diameter=2
torus:2x3     nodes=6 ports=4 links=9 diameter=2
torus:4x4     nodes=16 ports=4 links=32 diameter=4
torus:2x2x2   nodes=8 ports=6 links=12 diameter=3
torus:3x4x5   nodes=60 ports=6 links=180 diameter=5
torus:256x256 nodes=65536 ports=4 links=131072 diameter=256
mesh:2x2      nodes=4 ports=4 links=4 diameter=2
mesh:3x4      nodes=12 ports=4 links=17 diameter=5
mesh:2x3x4    nodes=24 ports=6 links=46 diameter=6
mesh:64x64    nodes=4096 ports=4 links=8064 diameter=126
mesh:256x256  nodes=65536 ports=4 links=130560 diameter=510
EOF

# ---------------------------------------------------------------- fixtures
# Small schedules written by hand from the paper, so the verifier is tested
# on input the generator did not make.  Each is checked by tests/check.awk
# as well, which guards against a typo here.
mkdir -p "$T/fix" "$T/bad"
fixture() {                 # fixture NAME TOPO TASK ROOT SLOTS  < rows
	{
		printf '# topo=%s\n# task=%s\n# model=mla\n# root=%s\n# slots=%s\n' "$2" "$3" "$4" "$5"
		printf 'slot\tsrc\tdst\torigin\tdest\n'
		tr ' ' '\t'
	} >"$T/fix/$1.tsv"
}
# snb on the 1-cube and the 2-cube (a spanning binomial tree from node 0).
fixture snb1 hypercube:1 snb 0 1 <<'EOF'
1 0 1 0 -1
EOF
fixture snb2 hypercube:2 snb 0 2 <<'EOF'
1 0 1 0 -1
1 0 2 0 -1
2 1 3 0 -1
EOF
# A valid but slow snb on the 2-cube (a path 0-1-3-2): 3 slots > lb 2.
fixture snb2slow hypercube:2 snb 0 3 <<'EOF'
1 0 1 0 -1
2 1 3 0 -1
3 3 2 0 -1
EOF
# 000 §2 for d = 2: the template A1 = {(0,1),(0,2)}, A2 = {(1,3)}, xor-shifted
# to every node t.
fixture mnb2 hypercube:2 mnb -1 2 <<'EOF'
1 0 1 0 -1
1 0 2 0 -1
1 1 0 1 -1
1 1 3 1 -1
1 2 0 2 -1
1 2 3 2 -1
1 3 1 3 -1
1 3 2 3 -1
2 0 2 1 -1
2 1 3 0 -1
2 2 0 3 -1
2 3 1 2 -1
EOF
# Total exchange on the 2-cube in 2^(2-1) = 2 slots: in slot 1 node t sends
# (t, t^3) to t^1 and (t, t^2) to t^2; in slot 2 it sends (t, t^1) to t^1
# while t^1 forwards (t, t^3) to t^3.  All 8 directed links busy both slots.
fixture te2 hypercube:2 te -1 2 <<'EOF'
1 0 1 0 3
1 0 2 0 2
1 1 0 1 2
1 1 3 1 3
1 2 0 2 0
1 2 3 2 1
1 3 1 3 1
1 3 2 3 0
2 0 1 0 1
2 0 2 1 2
2 1 0 1 0
2 1 3 0 3
2 2 0 3 0
2 2 3 2 3
2 3 1 2 1
2 3 2 3 2
EOF
while read -r f d task root slots lb tx txlb; do
	[ -z "$f" ] && continue
	check "fixture $f: check.awk" 0 "OK slots=$slots tx=$tx" '' \
		"awk -v D=$d -v task=$task -v root=$root -f \"\$H/check.awk\" \"\$T/fix/$f.tsv\""
	check "fixture $f: verify" 0 "OK slots=$slots lb=$lb tx=$tx txlb=$txlb" '' \
		"\"\$B\" verify \"\$T/fix/$f.tsv\""
	check "fixture $f: verify - (stdin)" 0 "OK slots=$slots lb=$lb tx=$tx txlb=$txlb" '' \
		"\"\$B\" verify - <\"\$T/fix/$f.tsv\""
done <<EOF
snb1     1 snb 0  $(slots_of snb 1) $(slots_of snb 1) $(tx_of snb 1) $(tx_of snb 1)
snb2     2 snb 0  $(slots_of snb 2) $(slots_of snb 2) $(tx_of snb 2) $(tx_of snb 2)
snb2slow 2 snb 0  3                 $(slots_of snb 2) $(tx_of snb 2) $(tx_of snb 2)
mnb2     2 mnb -1 $(slots_of mnb 2) $(slots_of mnb 2) $(tx_of mnb 2) $(tx_of mnb 2)
te2      2 te  -1 $(slots_of te 2)  $(slots_of te 2)  $(tx_of te 2)  $(tx_of te 2)
EOF

# XOR templates for mnb on the 3-cube (000 §2): the spanning tree
# A1 = {(0,1),(0,2),(0,4)}, A2 = {(1,3),(2,6),(4,5)}, A3 = {(3,7)}, each A_i
# of distinct link types.  In the broken one, (4,5) becomes (1,5): A2 then
# has two links of type 3 (differing in bit 2), (1,5) and (2,6), and the
# copies of nodes t and t^3 meet on one link in slot 2: a capacity
# violation of the translated schedule.
fixture mnb3t hypercube:3 mnb -1 3 <<'EOF'
1 0 1 0 -1
1 0 2 0 -1
1 0 4 0 -1
2 1 3 0 -1
2 2 6 0 -1
2 4 5 0 -1
3 3 7 0 -1
EOF
fixture mnb3tc hypercube:3 mnb -1 3 <<'EOF'
1 0 1 0 -1
1 0 2 0 -1
1 0 4 0 -1
2 1 3 0 -1
2 1 5 0 -1
2 2 6 0 -1
3 3 7 0 -1
EOF
for f in mnb3t mnb3tc; do
	xl="{ awk '{ print } /^slot\t/ { exit }' \"\$T/fix/$f.tsv\"; awk -v D=3 -f \"\$H/xlate.awk\" \"\$T/fix/$f.tsv\" | $SORTROWS; }"
	if [ $f = mnb3t ]; then
		check "fixture $f: check.awk on the xor-shifted schedule" 0 "OK slots=3 tx=$(tx_of mnb 3)" '' \
			"$xl | awk -v D=3 -v task=mnb -v root=-1 -f \"\$H/check.awk\""
		check "fixture $f: verify --template" 0 "$(ok_line mnb 3 template)" '' \
			"\"\$B\" verify --template \"\$T/fix/$f.tsv\""
	else
		check "fixture $f: check.awk on the xor-shifted schedule" 1 '~^FAIL capacity' '' \
			"$xl | awk -v D=3 -v task=mnb -v root=-1 -f \"\$H/check.awk\""
		check "fixture $f: verify --template (capacity)" 1 '~^FAIL .*capacity' '' \
			"\"\$B\" verify --template \"\$T/fix/$f.tsv\""
	fi
done

# Metadata may be missing when the command line names topo and task; the
# command line overrides the file.
grep -v '^#' "$T/fix/snb2.tsv" >"$T/bad/nometa.tsv"
check "verify: topo/task/root from the command line" 0 "$(ok_line snb 2)" '' \
	"\"\$B\" verify --topo hypercube:2 --task snb --root 0 \"\$T/bad/nometa.tsv\""
check "verify: --topo hypercube:3 overrides a 2-cube file" 1 '~^FAIL .*incomplete' '' \
	"\"\$B\" verify --topo hypercube:3 \"\$T/fix/snb2.tsv\""
check "verify: --root 1 overrides root 0" 1 '~^FAIL ' '' \
	"\"\$B\" verify --root 1 \"\$T/fix/snb2.tsv\""
check "verify: te2 under --model sp-full" 1 '~^FAIL .*capacity' '' \
	"\"\$B\" verify --model sp-full \"\$T/fix/te2.tsv\""

# Malformed schedules: exit 2 (listed in the bad-input table below).
sed 's/^slot\tsrc\tdst\torigin\tdest$/slot\tsrc\tdst\torigin/' "$T/fix/snb2.tsv" >"$T/bad/header.tsv"
sed 's/^slot\tsrc\tdst\torigin\tdest$/slot src dst origin dest/' "$T/fix/snb2.tsv" >"$T/bad/header-spaces.tsv"
sed 's/^2\t1\t3\t0\t-1$/2\t1\tzz\t0\t-1/' "$T/fix/snb2.tsv" >"$T/bad/nonint.tsv"
sed 's/^1\t0\t2\t0\t-1$/1\t0\t2\t0\t-1x/' "$T/fix/snb2.tsv" >"$T/bad/nonint-tail.tsv"
awk '/^1\t0\t1\t/ { held = $0; next } { print } /^1\t0\t2\t/ { print held }' \
	"$T/fix/snb2.tsv" >"$T/bad/order.tsv"           # (1,0,2) before (1,0,1)
awk '/^1\t0\t2\t/ { held = $0; next } { print } /^2\t/ { print held }' \
	"$T/fix/snb2.tsv" >"$T/bad/order-slot.tsv"      # slot 2 before slot 1
sed 's/^1\t/0\t/' "$T/fix/snb2.tsv" >"$T/bad/slot0.tsv"
sed 's/^2\t1\t3\t0\t-1$/2\t1\t3\t0/' "$T/fix/snb2.tsv" >"$T/bad/fields.tsv"
: >"$T/bad/empty.tsv"
for f in header header-spaces nonint nonint-tail order order-slot slot0 fields; do
	cmp -s "$T/fix/snb2.tsv" "$T/bad/$f.tsv" &&
		fail "bad file $f" "test bug: the edit did not change the file"
done

# ---------------------------------------------------------------- bad input
# Every line: ERE that the one stderr line must match | arguments.  All
# expect exit 2, nothing on stdout.  @T is the temp dir.  Each schedule
# case runs again with -o into an empty directory that must stay empty.
ROOT8='(^|[^0-9])8([^0-9]|$)'
while IFS= read -r line; do
	case $line in '' | '#'*) continue ;; esac
	pat=${line%% | *} args=${line#* | }
	pat=${pat//ROOT8/$ROOT8}
	args=${args//@T/$T}
	check "bad input: cmodel $args" 2 '' "$pat" "\"\$B\" $args"
	case $args in
	schedule*-o*) ;;
	schedule*) check "bad input, -o: cmodel $args" 2 '' "$pat" \
		"\"\$B\" schedule -o \"\$T/odir/out.tsv\" ${args#schedule}" "$T/odir" ;;
	esac
done <<'EOF'
frob | frob
* | 
frob | schedule --topo hypercube:3 --task frob
cube:3 | schedule --topo cube:3 --task mnb
hypercube:0 | schedule --topo hypercube:0 --task snb
hypercube:17 | schedule --topo hypercube:17 --task snb
hypercube:-1 | schedule --topo hypercube:-1 --task snb
hypercube:x | schedule --topo hypercube:x --task snb
torus:1x4 | schedule --topo torus:1x4 --task snb
mesh:300x300 | schedule --topo mesh:300x300 --task snb
ring:1 | schedule --topo ring:1 --task snb
ROOT8 | schedule --topo hypercube:3 --task snb --root 8
ROOT8 | schedule --topo hypercube:3 --task scatter --root 8
(^|[^0-9])16([^0-9]|$) | schedule --topo hypercube:4 --task gather --root 16
-1 | schedule --topo hypercube:3 --task snb --root -1
abc | schedule --topo hypercube:3 --task snb --root abc
root | schedule --topo hypercube:3 --task mnb --root 0
root | schedule --topo hypercube:3 --task te --root 1
oneway | schedule --topo hypercube:3 --task mnb --model oneway --alg ring
sp-full | schedule --topo hypercube:3 --task te --model sp-full --alg recursive
sp-half | schedule --topo hypercube:3 --task snb --model sp-half --alg bfs-tree
bogus | schedule --topo hypercube:3 --task snb --model bogus
oneway|torus:2x4 | schedule --topo torus:2x4 --task mnb --model oneway --alg cayley
template|scatter | schedule --topo hypercube:3 --task scatter --template
template|snb | schedule --topo hypercube:3 --task snb --template
--frobnicate | schedule --topo hypercube:3 --task mnb --frobnicate
extra | schedule --topo hypercube:3 --task mnb extra
--task | schedule --topo hypercube:3 --task
--topo | schedule --task mnb --topo
--root | schedule --topo hypercube:3 --task snb --root
topo | schedule --task mnb
task | schedule --topo hypercube:3
nonexistent-dir | schedule --topo hypercube:3 --task mnb -o @T/nonexistent-dir/x.tsv
no-such-file | verify @T/no-such-file.tsv
* | verify
* | verify @T/bad/header.tsv
* | verify @T/bad/header-spaces.tsv
zz | verify @T/bad/nonint.tsv
-1x | verify @T/bad/nonint-tail.tsv
* | verify @T/bad/order.tsv
* | verify @T/bad/order-slot.tsv
* | verify @T/bad/slot0.tsv
* | verify @T/bad/fields.tsv
* | verify @T/bad/empty.tsv
* | verify @T/bad/nometa.tsv
hypercube:17 | verify --topo hypercube:17 @T/fix/snb2.tsv
frob | verify --task frob @T/fix/snb2.tsv
bogus | verify --model bogus @T/fix/snb2.tsv
(^|[^0-9])9([^0-9]|$) | verify --root 9 @T/fix/snb2.tsv
template|snb | verify --template @T/fix/snb2.tsv
--frobnicate | verify --frobnicate @T/fix/snb2.tsv
hypercube:17 | info --topo hypercube:17
topo | info
torus:4x | info --topo torus:4x
mesh:4x1 | info --topo mesh:4x1
ring:x | info --topo ring:x
ring:1 | info --topo ring:1
torus:256x257 | info --topo torus:256x257
--frobnicate | info --frobnicate
frob | table --task frob
4\.\.2 | table --topo hypercube:4..2
17 | table --topo hypercube:1..17
EOF

# ---------------------------------------------------------------- goldens
# tests/golden/hypercube-D-TASK.tsv, root 0.  Regenerated with -o into a
# temp dir and compared with diff -u (the generator version line aside, so a
# version bump does not churn the goldens); each golden must verify too.
mkdir -p "$T/gold" "$GOLD"
for d in 1 2 3 4; do
	for k in $TASKS; do
		name=hypercube-$d-$k.tsv new=$T/gold/$name
		check "golden $name: schedule -o" 0 '' '' \
			"\"\$B\" schedule --topo hypercube:$d --task $k -o \"$new\""
		if [ ! -f "$new" ]; then
			fail "golden $name" "schedule -o wrote no file"
		elif [ ! -f "$GOLD/$name" ]; then
			cp "$new" "$GOLD/$name"
			fail "golden $name" "missing: wrote tests/golden/$name, inspect it and run again"
		elif diff -u --label "tests/golden/$name" --label "schedule -o $name" \
			<(grep -v '^# generator=' "$GOLD/$name") <(grep -v '^# generator=' "$new") >"$T/detail"; then
			pass
		else
			fail "golden $name" "schedule differs from tests/golden/$name" "$T/detail"
		fi
		[ -f "$GOLD/$name" ] || continue
		r=$(roots_of $k $d); r=${r%% *}
		check "golden $name: verify" 0 "$(ok_line $k $d)" '' "\"\$B\" verify \"$GOLD/$name\""
		check "golden $name: check.awk" 0 "OK slots=$(slots_of $k $d) tx=$(tx_of $k $d)" '' \
			"awk -v D=$d -v task=$k -v root=$r -f \"\$H/check.awk\" \"$GOLD/$name\""
	done
done

# ---------------------------------------------------------------- format
# Small schedules through tests/check.awk: header, metadata, row order,
# links, MLA capacity, holding and completion, and the formula figures.
# -o writes what stdout would.  --template is the origin-0 rows of the full
# schedule, and xor-shifting it to every node gives back the full schedule.
for k in $TASKS; do
	check "schedule -o equals stdout: $k" 0 '' '' \
		"\"\$B\" schedule --topo hypercube:3 --task $k -o \"\$T/o.tsv\" && \"\$B\" schedule --topo hypercube:3 --task $k | cmp - \"\$T/o.tsv\""
done
# -o leaves exactly its file; a failed run leaves an existing file as it was.
check "schedule -o leaves only its file" 0 'x.tsv' '' \
	"mkdir \"\$T/one\" && \"\$B\" schedule --topo hypercube:3 --task te -o \"\$T/one/x.tsv\" && ls -A \"\$T/one\""
check "failed schedule -o keeps an existing file" 2 'keep' '*' \
	"echo keep >\"\$T/keep.tsv\"; \"\$B\" schedule --topo hypercube:3 --task frob -o \"\$T/keep.tsv\"; rc=\$?; cat \"\$T/keep.tsv\"; exit \$rc"
for ((d = 1; d <= MAXD && d <= 8; d++)); do
	for k in $TASKS; do
		for r in $(roots_of $k $d); do
			check "check.awk: $k hypercube:$d root=$r" 0 \
				"OK slots=$(slots_of $k $d) tx=$(tx_of $k $d)" '' \
				"\"\$B\" schedule --topo hypercube:$d --task $k $(root_opt $r) | awk -v D=$d -v task=$k -v root=$r -f \"\$H/check.awk\""
		done
	done
	for k in mnb te; do
		check "template = origin-0 rows: $k hypercube:$d" 0 '' '' \
			"diff <(\"\$B\" schedule --topo hypercube:$d --task $k --template | $rows_cmd) <(\"\$B\" schedule --topo hypercube:$d --task $k | awk -F'\t' 'h && \$4 == 0 { print } /^slot\t/ { h = 1 }')"
		[ "$d" -le 6 ] || continue
		check "template xor-shifted = full: $k hypercube:$d" 0 '' '' \
			"diff <(\"\$B\" schedule --topo hypercube:$d --task $k --template | awk -v D=$d -f \"\$H/xlate.awk\" | $SORTROWS) <(\"\$B\" schedule --topo hypercube:$d --task $k | $rows_cmd | $SORTROWS)"
	done
done

# ---------------------------------------------------------------- negative
# Good schedules broken in one way each by tests/mutate.awk.  The unbroken
# file must pass; check.awk must agree that the edit breaks the named rule
# (else the test is wrong); then cmodel verify must fail for that reason and,
# for a full schedule, name the row check.awk names.
mkdir -p "$T/neg"
# negative LABEL BASE D ORACLE VOPTS NAMEROW OP REASON
#   ORACLE   command that reads a schedule on stdin and prints check.awk's line
#   VOPTS    extra options for cmodel verify
#   NAMEROW  1: cmodel's FAIL line must contain the row check.awk reports
negative() {
	local label=$1 base=$2 d=$3 oracle=$4 vopts=$5 namerow=$6 op=$7 reason=$8
	local mut=${2%.tsv}-$7.tsv ol row pat
	awk -v op="$op" -v D="$d" -f "$HERE/mutate.awk" "$base" >"$mut.tmp"
	sort_schedule "$mut.tmp" >"$mut"
	check "negative $op: check.awk on $label" 1 "~^FAIL ($reason)" '' "$oracle <\"$mut\"" ||
		return
	pat="^FAIL .*($reason)"
	ol=$(bash -o pipefail -c "$oracle" <"$mut")
	case $namerow$ol in
	1*': '*'slot='*) row=slot=${ol#*: slot=}
		pat="^FAIL .*(${row}([^0-9]|\$).*($reason)|($reason).*${row}([^0-9]|\$))" ;;
	esac
	check "negative $op: verify${vopts:+ $vopts} $label ($reason)" 1 "~$pat" '' "\"\$B\" verify $vopts \"$mut\""
}
OPS='drop incomplete
dup capacity
early does not hold
nonlink not a link
range not a link'
for d in 3 4; do
	for k in $TASKS; do
		n=$((1 << d)) r=-1
		case $k in snb | scatter | gather) r=$([ $d = 3 ] && echo 0 || echo $((n - 1))) ;; esac
		base=$T/neg/$k-$d.tsv
		"$BIN" schedule --topo hypercube:$d --task $k $(root_opt $r) -o "$base" </dev/null 2>/dev/null
		check "negative base: $k hypercube:$d root=$r verifies" 0 "$(ok_line $k $d)" '' \
			"\"\$B\" verify \"$base\"" || continue
		while read -r op reason; do
			negative "$k hypercube:$d" "$base" $d \
				"awk -v D=$d -v task=$k -v root=$r -f \"\$H/check.awk\"" '' 1 "$op" "$reason"
		done <<<"$OPS"
	done
done
# The same edits on XOR templates: check.awk judges the xor-shifted schedule
# (under the full schedule's metadata).  Moving a template row earlier may
# also collide with another node's copy, so either reason will do there.
for d in 3 4; do
	for k in mnb te; do
		base=$T/neg/$k-$d-template.tsv full=$T/neg/$k-$d.tsv
		"$BIN" schedule --topo hypercube:$d --task $k --template -o "$base" </dev/null 2>/dev/null
		check "negative base: $k hypercube:$d template verifies" 0 "$(ok_line $k $d template)" '' \
			"\"\$B\" verify --template \"$base\"" || continue
		while read -r op reason; do
			[ "$op" = early ] && reason='does not hold|capacity'
			negative "$k hypercube:$d template" "$base" $d \
				"{ awk '{ print } /^slot\t/ { exit }' \"$full\"; awk -v D=$d -f \"\$H/xlate.awk\" | $SORTROWS; } | awk -v D=$d -v task=$k -v root=-1 -f \"\$H/check.awk\"" \
				--template 0 "$op" "$reason"
		done <<<"$OPS"
	done
done
check "negative: mnb hypercube:3 under --model sp-full" 1 '~^FAIL .*capacity' '' \
	"\"\$B\" verify --model sp-full \"\$T/neg/mnb-3.tsv\""
for m in oneway sp-half; do
	check "negative: te hypercube:3 under --model $m" 1 '~^FAIL .*capacity' '' \
		"\"\$B\" verify --model $m \"\$T/neg/te-3.tsv\""
done
check "negative: scatter root 0 verified with --root 7" 1 '~^FAIL ' '' \
	"\"\$B\" verify --root 7 \"\$T/neg/scatter-3.tsv\""

# ---------------------------------------------------------------- table
# columns: task topo slots lb gap tx txlb check alg; the alg column is cmodel's own choice
want=$(
	echo "task topo slots lb gap tx txlb check"
	for k in $TASKS $COMBINE; do for d in 1 2 3 4; do
		s=$(slots_of $k $d) lb=$(lb_of $k $d)
		echo "$k hypercube:$d $s $lb $((s - lb)) $(tx_of $k $d) $(txlb_of $k $d) OK"
	done; done | sort
)
check "table hypercube:1..4 all" 0 "$want" '' \
	"\"\$B\" table --topo hypercube:1..4 --task all | { IFS= read -r h; echo \$h | cut -d' ' -f1-8; awk '{ NF = 8; print }' | sort; }"
want=$(
	echo "task topo slots lb gap tx txlb check"
	for d in 2 3; do echo "te hypercube:$d $(slots_of te $d) $(slots_of te $d) 0 $(tx_of te $d) $(tx_of te $d) OK"; done
)
check "table hypercube:2..3 te" 0 "$want" '' \
	"\"\$B\" table --topo hypercube:2..3 --task te | { IFS= read -r h; echo \$h | cut -d' ' -f1-8; awk '{ NF = 8; print }' | sort; }"

# ---------------------------------------------------------------- every D
# Every task on hypercube:1..MAXD through the program's verifier, roots 0,
# 2^D-1 and 5; then the XOR templates of mnb and te, up to D = 16 when
# MAXD >= 12.  te at D = 12 is d 2^(2d-1) ~ 100 M rows: run once.
# reduce_scatter and allreduce to D = 10: the verifier keeps a bit per node,
# chunk and contribution, 2^(3D) bits (1 GiB at D = 11).
for ((d = 1; d <= MAXD; d++)); do
	for k in $TASKS $COMBINE; do
		case $k in reduce_scatter | allreduce) [ "$d" -le 10 ] || continue ;; esac
		for r in $(roots_of $k $d); do
			check "schedule|verify: $k hypercube:$d root=$r" 0 "$(ok_line $k $d)" '' \
				"\"\$B\" schedule --topo hypercube:$d --task $k $(root_opt $r) | \"\$B\" verify -"
		done
	done
done
tdmax=$MAXD
[ "$MAXD" -ge 12 ] && tdmax=16
for ((d = 1; d <= tdmax; d++)); do
	for k in mnb te; do
		check "template: $k hypercube:$d" 0 "$(ok_line $k $d template)" '' \
			"\"\$B\" schedule --topo hypercube:$d --task $k --template | \"\$B\" verify --template -"
	done
done

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
