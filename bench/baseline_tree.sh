# baseline_tree.sh — sourced by the benchmarks that measure the previous design beside the
# current one in the same run (sim_bench.sh, synth_bench.sh).
#   baseline_tree REV DIR: DIR/src holds the tree of git revision REV (git archive: no checkout
#   is touched) with its build/cmodel and build/rtl_gen built; sets base_src. Exits on failure,
#   naming REV.
# BASELINE (default below) is the revision before issue 16's hardware changes.
baseline_rev=${BASELINE:-3760abe}
baseline_tree() {
  base_src=$2/src
  rm -rf "$base_src"
  mkdir -p "$base_src"
  git -C "$repo" archive "$1" | tar -x -C "$base_src" || {
    echo "baseline_tree: no git revision '$1' (BASELINE=)" >&2
    exit 2
  }
  make -s -C "$base_src" build/cmodel build/rtl_gen >"$2/build.log" 2>&1 || {
    cat "$2/build.log" >&2
    exit 1
  }
}
