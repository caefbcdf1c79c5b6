# checks.sh — sourced after suite.sh by the suites that name every check (kbcast.sh, pmnb.sh,
# pexchange.sh): "ok NAME" per passing check, "FAIL NAME: why" per failing one, and the
# helpers they share (BIN, T and rows/sortrows come from suite.sh).
pass() { npass=$((npass + 1)); echo "ok $1"; }
fail() { # fail NAME WHY [FILE]: a FAIL line, then FILE's first lines indented
  nfail=$((nfail + 1))
  echo "FAIL $1: $2"
  [ -n "${3-}" ] && [ -s "$3" ] && head -n 12 "$3" | sed 's/^/    /'
  return 0
}
# expect NAME COND WHY: pass if the shell test COND holds
expect() { if eval "$2"; then pass "$1"; else fail "$1" "$3"; fi; }

# tally FILE: the ok/FAIL lines of an awk checker, counted; fails if it checked nothing
tally() {
  local p f
  grep -E '^(ok|FAIL) ' "$1"
  p=$(grep -c '^ok ' "$1") f=$(grep -c '^FAIL ' "$1")
  npass=$((npass + p)) nfail=$((nfail + f))
  [ "$p" -gt 0 ] || [ "$f" -gt 0 ] || fail "$2" "the checker checked nothing" "$1"
}

# refuses NAME FILE ERE [verify options]: verify exits 1 with one line matching ERE
refuses() {
  local name=$1 file=$2 ere=$3 out rc
  shift 3
  out=$("$BIN" verify "$@" "$file" 2>&1)
  rc=$?
  if [ $rc = 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && printf '%s\n' "$out" | grep -qE -- "$ere"; then
    pass "$name"
  else
    fail "$name" "want exit 1 and one line matching /$ere/, got exit $rc: $out: \$ $BIN verify $* $file"
  fi
}

# edit IN OUT AWK-PROGRAM [awk -v args]: the rows of IN edited (the program prints the rows it
# keeps), re-sorted by (slot, src, dst), into OUT; the edit must change the rows
edit() {
  local in=$1 out=$2 prog=$3
  shift 3
  { awk '{ print } /^slot\t/ { exit }' "$in"; rows "$in" | awk -F '\t' -v OFS='\t' "$@" "{ $prog }" | sortrows; } >"$out"
  cmp -s "$in" "$out" && fail "test bug: the edit '$prog' leaves $in as it was"
  return 0
}

# fmt_set IDS...: the canonical list of the metadata, ascending ranges
fmt_set() { printf '%s\n' "$@" | sort -n | awk '{ if (NR > 1 && $1 == hi + 1) hi = $1; else { out(); lo = hi = $1 } } END { out(); print s } function out() { if (lo == "") return; s = s (s == "" ? "" : ",") (lo == hi ? lo : lo "-" hi) }'; }
