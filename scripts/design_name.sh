# design_name.sh — sourced by sim.sh and synth.sh. From SCHEDULE (a schedule TSV), or TOPO,
# TASK, ROOT and ALG (ask the golden model), and WIDTH and ARCH, it sets topo, task, width,
# arch, the rtl_gen arguments (gen_args) and the directory name of the design (name), e.g.
# hypercube-4_scatter_r0_w32, torus-4x4_te_simple_w32 or myschedule_w32.
width=${WIDTH:-32} arch=${ARCH:-banked}
tag=""
[ "$arch" = banked ] || tag="_$arch"
if [ -n "${SCHEDULE:-}" ]; then
  topo=$(awk -F= '/^# *topo *=/ { print $2; exit }' "$SCHEDULE") task=$(awk -F= '/^# *task *=/ { print $2; exit }' "$SCHEDULE")
  gen_args=(--schedule "$SCHEDULE" --width "$width" --arch "$arch")
  base=$(basename "$SCHEDULE")
  name="${base%.tsv}${tag}_w${width}"
else
  topo=${TOPO:-hypercube:4} task=${TASK:-mnb}
  gen_args=(--topo "$topo" --task "$task" --width "$width" --arch "$arch")
  [ -n "${ALG:-}" ] && gen_args+=(--alg "$ALG") tag="${tag}_$ALG"
  case $task in snb | scatter | gather) gen_args+=(--root "${ROOT:-0}") tag="${tag}_r${ROOT:-0}" ;; esac
  name="${topo/:/-}_${task}${tag}_w${width}"
fi
