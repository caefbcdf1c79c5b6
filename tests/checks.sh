# checks.sh — sourced after suite.sh by the suites that name every check (kbcast.sh,
# pmnb.sh): "ok NAME" per passing check, "FAIL NAME: why" per failing one.
pass() { npass=$((npass + 1)); echo "ok $1"; }
fail() { # fail NAME WHY [FILE]: a FAIL line, then FILE's first lines indented
  nfail=$((nfail + 1))
  echo "FAIL $1: $2"
  [ -n "${3-}" ] && [ -s "$3" ] && head -n 12 "$3" | sed 's/^/    /'
  return 0
}
# expect NAME COND WHY: pass if the shell test COND holds
expect() { if eval "$2"; then pass "$1"; else fail "$1" "$3"; fi; }
