#!/usr/bin/env bash
# rtl_gen_tests.sh BIN — the generator's command line: bad input (exit 2, one stderr line
# naming the value, nothing written), deterministic output, self-describing headers, and a
# file list that names every module file. Ends with "N passed, N failed".
set -u
bin=$1
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-rtlgen.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0
pass() { npass=$((npass + 1)); }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; }

# bad VALUE ARGS...: exit 2, one stderr line containing VALUE, empty stdout, no output dir
bad() {
  local value=$1
  shift
  rm -rf "$T/out"
  "$bin" "$@" >"$T/stdout" 2>"$T/stderr"
  local rc=$?
  if [ $rc -ne 2 ] || [ "$(wc -l <"$T/stderr")" -ne 1 ] || ! grep -qF -- "$value" "$T/stderr" || [ -s "$T/stdout" ] ||
    [ -e "$T/out" ]; then
    fail "rtl_gen $*: want exit 2 and one stderr line naming '$value'; got exit $rc: $(head -c 200 "$T/stderr")"
  else
    pass
  fi
}
bad ring:4 --topo ring:4 --task mnb -o "$T/out"
bad hypercube:13 --topo hypercube:13 --task mnb -o "$T/out"
bad hypercube:0 --topo hypercube:0 --task mnb -o "$T/out"
bad allreduce --topo hypercube:3 --task allreduce -o "$T/out"
bad "'0'" --topo hypercube:3 --task mnb --width 0 -o "$T/out"
bad 2000 --topo hypercube:3 --task mnb --width 2000 -o "$T/out"
bad "'8'" --topo hypercube:3 --task scatter --root 8 -o "$T/out"
bad "'1'" --topo hypercube:3 --task te --root 1 -o "$T/out"
bad -x --topo hypercube:3 --task te -x -o "$T/out"
bad "-o DIR" --topo hypercube:3 --task te
bad --width --topo hypercube:3 --task te -o "$T/out" --width
bad seed --topo hypercube:3 --task te --seed -4 -o "$T/out"
bad fancy --topo hypercube:3 --task te --arch fancy -o "$T/out"

# the same command twice: byte-identical files; every file names the generator and command
"$bin" --topo hypercube:3 --task scatter --root 5 -o "$T/a" && "$bin" --topo hypercube:3 --task scatter --root 5 -o "$T/a2"
if diff -r <(cd "$T/a" && find . -type f | sort | xargs cat | sed 's#/a2\b#/a#') \
  <(cd "$T/a2" && find . -type f | sort | xargs cat | sed 's#/a2\b#/a#') >/dev/null; then pass; else fail "output is not deterministic"; fi
missing=$(cd "$T/a" && for f in $(find . -type f | sort); do head -n 2 "$f" | grep -q "rtl_gen [0-9.]*: rtl_gen --topo hypercube:3 --task scatter --root 5" || echo "$f"; done)
[ -z "$missing" ] && pass || fail "files without the generator and command line: $missing"
for f in $(grep -v '^//' "$T/a/files.f"); do [ -f "$T/a/$f" ] || fail "files.f names missing $f"; done
[ "$(ls "$T/a"/rom_n*.hex | wc -l)" -eq 8 ] && pass || fail "a rooted task must get one ROM per node"
"$bin" --topo hypercube:3 --task mnb -o "$T/b" && [ "$(ls "$T/b"/*.hex)" = "$T/b/rom.hex" ] && pass ||
  fail "mnb must share one rom.hex"
# an unchanged file keeps its timestamp (so make does not rebuild it)
touch -d '2001-01-01' "$T/b/romnoc_router.v" && "$bin" --topo hypercube:3 --task mnb -o "$T/b" &&
  [ "$(stat -c %Y "$T/b/romnoc_router.v")" = "$(date -d 2001-01-01 +%s)" ] && pass || fail "an unchanged file was rewritten"
"$bin" --help | grep -q -- '--width' && pass || fail "--help does not describe --width"

# every task and size the hardware tests use, and odd widths, generate cleanly
for d in 1 2 3 4 5 6 8; do
  for task in snb mnb scatter gather te; do
    "$bin" --topo "hypercube:$d" --task "$task" -o "$T/sweep" >"$T/stdout" 2>&1 && [ -s "$T/sweep/golden/wire.tsv" ] && pass ||
      fail "rtl_gen hypercube:$d $task: $(head -c 300 "$T/stdout")"
  done
done
for d in 2 5; do
  for task in mnb te gather; do
    "$bin" --topo "hypercube:$d" --task "$task" --arch simple -o "$T/simple" >"$T/stdout" 2>&1 &&
      grep -qx 'arch=simple' "$T/simple/design.txt" && pass || fail "rtl_gen --arch simple hypercube:$d $task"
  done
done
for w in 1 33 64 65 1024; do
  "$bin" --topo hypercube:3 --task te --width $w -o "$T/w$w" >"$T/stdout" 2>&1 && pass || fail "rtl_gen --width $w"
done

echo "rtl_gen: $npass passed, $nfail failed"
[ $nfail -eq 0 ]
