# build_progress.sh — sourced by sim_verilator.sh: a progress line on stderr while Verilator builds a large
# fabric (issue 15), "-- VERILATE: 41 s, 12 of 30 C++ files compiled", redrawn every 2 s. Shown
# only when stderr is a terminal and the fabric has at least ROMNOC_PROGRESS_MIN_NODES nodes
# (default 256, where a build takes a minute or more: docs/BENCHMARKS.md); otherwise nothing.
#   build_progress_start OBJDIR NODES    before the build
#   build_progress_stop                  after it (also when it failed)
build_progress_pid=
build_progress_start() {
  local obj=$1 nodes=$2
  [ -t 2 ] && [ "$nodes" -ge "${ROMNOC_PROGRESS_MIN_NODES:-256}" ] || return 0
  (
    set +e # the object directory appears during the build
    start=$SECONDS
    while :; do
      cpp=$(find "$obj" -maxdepth 1 -name '*.cpp' 2>/dev/null | wc -l)
      o=$(find "$obj" -maxdepth 1 -name '*.o' 2>/dev/null | wc -l)
      if [ "$cpp" = 0 ]; then
        printf '\r-- VERILATE: %d s, translating the Verilog\033[K' $((SECONDS - start)) >&2
      else
        printf '\r-- VERILATE: %d s, %d of %d C++ files compiled\033[K' $((SECONDS - start)) "$o" "$cpp" >&2
      fi
      sleep 2
    done
  ) &
  build_progress_pid=$!
}
build_progress_stop() {
  [ -n "$build_progress_pid" ] || return 0
  kill "$build_progress_pid" 2>/dev/null || true
  wait "$build_progress_pid" 2>/dev/null || true # killed: status 143
  build_progress_pid=
  printf '\n' >&2
}
