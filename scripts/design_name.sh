# design_name.sh — sourced by sim.sh and synth.sh. From TOPO, TASK, WIDTH, ARCH and ROOT it
# sets topo, task, width, arch, the rtl_gen arguments (gen_args) and the directory name of
# the design (name), e.g. hypercube-4_scatter_r0_w32 or hypercube-4_te_simple_w32.
topo=${TOPO:-hypercube:4} task=${TASK:-mnb} width=${WIDTH:-32} arch=${ARCH:-banked}
gen_args=(--topo "$topo" --task "$task" --width "$width" --arch "$arch")
tag=""
[ "$arch" = banked ] || tag="_$arch"
case $task in snb | scatter | gather) gen_args+=(--root "${ROOT:-0}") tag="${tag}_r${ROOT:-0}" ;; esac
name="${topo/:/-}_${task}${tag}_w${width}"
