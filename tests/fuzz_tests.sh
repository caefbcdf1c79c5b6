#!/usr/bin/env bash
# tests/fuzz_tests.sh — runs every libFuzzer target (build/fuzz/, tests/fuzz/*.c) for
# FUZZ_SECONDS (default 8) under ASan+UBSan, from its seed corpus in tests/fuzz/corpus/ (copied:
# the checked-in corpus is not modified), in a scratch directory that the targets may write
# into. A crash, leak, timeout (30 s per input) or sanitizer report fails the target, and its
# reproducer is kept in build/fuzz/. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
repo=$PWD
seconds=${FUZZ_SECONDS:-8}
npass=0 nfail=0
for target in fuzz_tsv fuzz_verify fuzz_import fuzz_cmodel_cli fuzz_rtl_gen_cli; do
  bin=$repo/build/fuzz/$target
  work=$repo/build/fuzz/work_$target
  rm -rf "$work" && mkdir -p "$work/corpus" && cp "$repo/tests/fuzz/corpus/$target/"* "$work/corpus/"
  if [ ! -x "$bin" ]; then
    echo "FAIL $target: $bin is not built"
    nfail=$((nfail + 1))
    continue
  fi
  # -timeout: a single input must finish in 30 s (the slowest allowed commands take 4-6 s under
  # the fuzzer's instrumentation, e.g. te on ring:64 or allreduce on torus:16x16); -close_fd_mask: the targets' own output off;
  # -artifact_prefix: reproducers of failures land in build/fuzz/
  (cd "$work" && "$bin" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -close_fd_mask=3 \
    -artifact_prefix="$repo/build/fuzz/$target-" corpus >"$work/log" 2>&1)
  rc=$?
  runs=$(grep -oE 'Done [0-9]+ runs' "$work/log" | tail -n 1)
  if [ $rc -eq 0 ] && [ -n "$runs" ]; then
    npass=$((npass + 1))
    echo "ok $target: $runs in ${seconds} s"
  else
    nfail=$((nfail + 1))
    echo "FAIL $target (exit $rc): $(grep -E 'ERROR|SUMMARY|Test unit written' "$work/log" | head -n 3 | tr '\n' ' ')"
  fi
done
echo "fuzz: $npass passed, $nfail failed"
[ $nfail -eq 0 ]
