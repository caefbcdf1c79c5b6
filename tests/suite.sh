# suite.sh — sourced by the shell suites topologies.sh, models.sh and combine.sh once they have
# set BIN (the cmodel under test) and NAME: makes BIN absolute, sets HERE (this directory) and
# T (a temporary directory, removed on exit), and defines what they share.
set -u
export LC_ALL=C
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/romnoc-$NAME.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
npass=0 nfail=0
pass() { npass=$((npass + 1)); }
fail() { # fail WHY [FILE]: a FAIL line, then FILE's first lines indented
  nfail=$((nfail + 1))
  echo "FAIL $1"
  [ -n "${2-}" ] && [ -s "$2" ] && head -n 20 "$2" | sed 's/^/    /'
  return 0
}
rows() { awk 'h { print } /^slot\t/ { h = 1 }' "$@"; } # the rows of a schedule TSV
sortrows() { sort -t "$(printf '\t')" -k1,1n -k2,2n -k3,3n -k4,4n -k5,5n; }
# counted FILE: the output of an awk checker (bounds.awk, combine.awk): shows its FAIL lines,
# adds its "N passed, N failed" to the counts and sets checked to its N passed
counted() {
  local line f
  grep '^FAIL' "$1"
  line=$(tail -n 1 "$1")
  checked=${line%% passed*} f=${line##*passed, } f=${f%% failed*}
  npass=$((npass + checked)) nfail=$((nfail + f))
}
# refused <<CASES: each line "ERE|ARGS": cmodel ARGS must exit 2 with nothing on stdout and one
# line on stderr matching ERE
refused() {
  local want args rc
  while IFS='|' read -r want args; do
    [ -z "$want" ] && continue
    # shellcheck disable=SC2086 # args are words
    "$BIN" $args >"$T/out" 2>"$T/err" </dev/null
    rc=$?
    if [ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$want" "$T/err"; then
      pass
    else
      fail "cmodel $args: want exit 2 and one line matching /$want/ (exit $rc)" "$T/err"
    fi
  done
}
