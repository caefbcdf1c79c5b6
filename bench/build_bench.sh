#!/usr/bin/env bash
# build_bench.sh OUT.md — what the C build costs (issue 36), against the build it replaced,
# measured in the same run on this machine. Every figure is about the 13 programs `make test`
# needs: the tools at -O2 (cmodel, rtl_gen, rtl_gen_kbrt, te_search), their ASan+UBSan builds
# and the unit tests, and the five libFuzzer targets.
#   object build  `make -j2` into an empty build directory: each .c compiled once per flavor,
#                 one libcmodel.a per flavor (the Makefile's build)
#   baseline      the same 13 programs as the build made them before: one compiler call per
#                 program over every source it links, two calls at a time (xargs -P 2)
#   one-file edit a .c of the golden model's library touched (cmodel/model/topo.c), then
#                 `make -j2` of the 13 again
#   header edit   cmodel/model/schedule.h touched (most files include it), the same
# Clean builds are medians of CLEAN_REPS runs (default 3), edits of EDIT_REPS (default 5).
# Writes the "build" section of OUT.md.
set -euo pipefail
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
clean_reps=${CLEAN_REPS:-3} edit_reps=${EDIT_REPS:-5}
work=$repo/build/bench/build
rm -rf "$work" && mkdir -p "$work"
make -s build/.tools-ok >/dev/null

# what make test builds, under a build directory B
programs() {
  local b=$1
  echo "$b/cmodel $b/rtl_gen $b/rtl_gen_kbrt $b/te_search $b/asan/cmodel $b/asan/rtl_gen $b/asan/te_search" \
    "$b/asan/unit_tests $b/fuzz/fuzz_tsv $b/fuzz/fuzz_verify $b/fuzz/fuzz_import $b/fuzz/fuzz_cmodel_cli" \
    "$b/fuzz/fuzz_rtl_gen_cli"
}
objbuild() { # objbuild B: make -j2 of the 13 programs under B
  # shellcheck disable=SC2046 # a list of targets
  make -s -j2 BUILD="$1" $(programs "$1") >/dev/null
}
# seconds CMD...: wall seconds of one run of CMD (its output discarded; a failure stops the bench)
seconds() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || { echo "build_bench: failed: $*" >&2; exit 1; }
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# the baseline: the compiler calls of the build before issue 36, one per program
lib=$(find cmodel -name '*.c' ! -path 'cmodel/tool/*' | sort | tr '\n' ' ')
tool=$(ls cmodel/tool/*.c | tr '\n' ' ')
rtl=$(ls rtl_gen/*.c | tr '\n' ' ') kbrt="$(ls rtl_gen/kbrt/*.c | tr '\n' ' ') rtl_gen/vwriter.c rtl_gen/outdir.c rtl_gen/scan_wrapper.c"
search=$(ls search/*.c | tr '\n' ' ')
o2="cc -O2 -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -Icmodel -Irtl_gen"
asan="cc -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -Icmodel -Irtl_gen"
fuzz="clang -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Icmodel -Irtl_gen -Itests/fuzz"
baseline() { # baseline B: the 13 calls, two at a time
  local b=$1 stored=$1/gen/stored_templates_data.c
  rm -rf "$b" && mkdir -p "$b/asan" "$b/fuzz" "$b/gen"
  awk -F'\t' -f scripts/stored_templates_c.awk cmodel/templates/*.tsv >"$stored"
  {
    echo "$o2 -o $b/cmodel $tool $lib $stored -lm"
    echo "$o2 -o $b/rtl_gen $rtl $lib $stored -lm"
    echo "$o2 -o $b/rtl_gen_kbrt $kbrt $lib $stored -lm"
    echo "$o2 -o $b/te_search $search $lib $stored -lcadical -lstdc++ -lm"
    echo "$asan -o $b/asan/cmodel $tool $lib $stored -lm"
    echo "$asan -o $b/asan/rtl_gen $rtl $lib $stored -lm"
    echo "$asan -o $b/asan/te_search $search $lib $stored -lcadical -lstdc++ -lm"
    echo "$asan -o $b/asan/unit_tests tests/unit_tests.c $lib $stored -lm"
    for t in fuzz_tsv fuzz_verify fuzz_import; do echo "$fuzz -o $b/fuzz/$t tests/fuzz/$t.c $lib $stored -lm"; done
    echo "$fuzz -DFUZZ_TOOL=cmodel -Dmain=cmodel_main -o $b/fuzz/fuzz_cmodel_cli tests/fuzz/fuzz_cli.c $tool $lib $stored -lm"
    echo "$fuzz -DFUZZ_TOOL=rtl_gen -Dmain=rtl_gen_main -o $b/fuzz/fuzz_rtl_gen_cli tests/fuzz/fuzz_cli.c $rtl $lib $stored -lm"
  } | xargs -P 2 -I{} sh -c '{}'
}

echo "-- BENCH build: object build, $clean_reps clean runs" >&2
new=$(for i in $(seq "$clean_reps"); do rm -rf "$work/new"; seconds objbuild "$work/new"; done | median)
echo "-- BENCH build: baseline, $clean_reps clean runs" >&2
old=$(for i in $(seq "$clean_reps"); do seconds baseline "$work/old"; done | median)
# the two builds give the same tools: the same schedule and design files
cmp <("$work/new/cmodel" schedule --topo torus:4x4 --task te) <("$work/old/cmodel" schedule --topo torus:4x4 --task te) ||
  { echo "build_bench: the two builds' cmodel differ" >&2; exit 1; }
echo "-- BENCH build: edits, $edit_reps runs each" >&2
edit() { touch "$1" && objbuild "$work/new"; }
c_edit=$(for i in $(seq "$edit_reps"); do seconds edit cmodel/model/topo.c; done | median)
h_edit=$(for i in $(seq "$edit_reps"); do seconds edit cmodel/model/schedule.h; done | median)
noop=$(for i in $(seq "$edit_reps"); do seconds objbuild "$work/new"; done | median)
files=$(find cmodel rtl_gen search tests -name '*.c' | wc -l)

{
  echo "## The C build: object files and one library per flavor (issue 36)"
  echo
  echo "The 13 programs \`make test\` needs (the tools at -O2, their ASan+UBSan builds and the unit tests, five"
  echo "libFuzzer targets; $files C files). Wall seconds on $(nproc) cores ($(uname -m)), $(date -u +%Y-%m-%d), romnoc"
  echo "$(git describe --always --dirty 2>/dev/null || echo unknown); clean builds the median of $clean_reps runs, edits of $edit_reps."
  echo "The baseline is the build before issue 36, measured in the same run: one compiler call per program"
  echo "over every source it links, two calls at a time. Reproduce: \`bash bench/build_bench.sh docs/BENCHMARKS.md\`"
  echo "(part of \`make bench\`)."
  echo
  echo "| build | seconds | against the baseline |"
  echo "|---|---|---|"
  echo "| baseline: one call per program, clean | $old | 1.0 |"
  echo "| object build (\`make -j2\`), clean | $new | $(awk -v a="$new" -v b="$old" 'BEGIN { printf "%.2f", a / b }') |"
  echo "| one .c of the library edited (cmodel/model/topo.c) | $c_edit | $(awk -v a="$c_edit" -v b="$old" 'BEGIN { printf "%.2f", a / b }') |"
  echo "| a header most files include edited (cmodel/model/schedule.h) | $h_edit | $(awk -v a="$h_edit" -v b="$old" 'BEGIN { printf "%.2f", a / b }') |"
  echo "| nothing edited | $noop | $(awk -v a="$noop" -v b="$old" 'BEGIN { printf "%.2f", a / b }') |"
} | bash "$repo/bench/tables/md_section.sh" "$out" build
