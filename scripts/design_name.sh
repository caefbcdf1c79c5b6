# design_name.sh — sourced by sim.sh and synth.sh. From SCHEDULE (a schedule TSV; a *.json or an
# MSCCL *.xml is imported into build/imported/NAME.tsv first, TOPO naming the topology of an XML
# without romnoc's attributes), or TOPO,
# TASK, MODEL, ROOT and ALG (ask the golden model), and WIDTH, ARCH and OP, it sets topo, task,
# width, arch, the rtl_gen arguments (gen_args) and the directory name of the design (name),
# e.g. hypercube-4_scatter_r0_w32, torus-4x4_te_simple_w32, ring-5_mnb_sp-full_w32,
# torus-4x4_allreduce_max_w32 or myschedule_w32.
# ARCH empty: rtl_gen picks the architecture of the schedule's port model (rtl_gen --help).
# OP empty: rtl_gen's default (add) for a combining task; OP is refused for the other tasks.
# The tasks of an active set: ACTIVE (a list, e.g. 0,3,5-9), or K (kbcast) or M (pmnb, pexchange, pgather)
# with KSEED (that many nodes drawn from seed KSEED, default 1, as cmodel's --k K / --m M
# --seed S) name the set, e.g. hypercube-4_kbcast_001_k5s3_w32, torus-4x4_pmnb_m5s3_w32;
# TASK may be an MPI name (bcast, allgather, alltoall): the directory uses the task's own.
# FLIT=bare gives the design bare flits (rtl_gen --flit bare), e.g. hypercube-8_snb_bare_r0_w32.
# NI=1 adds the network interfaces and the system top (rtl_gen --ni), e.g. torus-4x4_te_ni_w32;
# with NI=1, TASK may list several tasks for one fabric, e.g. TASK=allgather,alltoall:
# torus-4x4_mnb.te_ni_w32;
# WORDS=M blocks of M words (rtl_gen --words), e.g. torus-4x4_te_ni_words8_w32.
# ROM_STYLE, MEM_STYLE (auto, logic, block): how synthesis maps the memories (rtl_gen --rom-style,
# --mem-style), e.g. torus-4x4_te_ni_rom-logic_w32.
# LINK_DELAY=L > 1 pipelines every link (rtl_gen --link-delay), e.g. torus-4x4_mnb_ld2_w32.
# COMBINE_STAGES=P > 0 pipelines the combiner (rtl_gen --combine-stages), e.g.
# torus-4x4_reduce_scatter_max_cs2_w32.
# SPLIT=1 splits pmnb's packets into pieces (rtl_gen --split), e.g. torus-4x4_pmnb_004_m5s3_split_w32.
width=${WIDTH:-32} arch=${ARCH:-} op=${OP:-}
tag="" opt_args=()
[ -n "$arch" ] && opt_args=(--arch "$arch")
[ -n "$op" ] && opt_args+=(--op "$op")
[ -z "$arch" ] || tag="_$arch" # an explicit architecture gets its own directory
[ -z "$op" ] || tag="${tag}_$op" # so does an explicit operation
[ -z "${FLIT:-}" ] || [ "$FLIT" = tagged ] || { opt_args+=(--flit "$FLIT"); tag="${tag}_$FLIT"; }
[ "${NI:-0}" = 1 ] && { opt_args+=(--ni); tag="${tag}_ni"; }
[ -n "${WORDS:-}" ] && [ "$WORDS" != 1 ] && { opt_args+=(--words "$WORDS"); tag="${tag}_words$WORDS"; }
[ -n "${LINK_DELAY:-}" ] && [ "$LINK_DELAY" != 1 ] && { opt_args+=(--link-delay "$LINK_DELAY"); tag="${tag}_ld$LINK_DELAY"; }
[ -n "${COMBINE_STAGES:-}" ] && [ "$COMBINE_STAGES" != 0 ] && { opt_args+=(--combine-stages "$COMBINE_STAGES"); tag="${tag}_cs$COMBINE_STAGES"; }
# ROM_STYLE / MEM_STYLE other than auto: rtl_gen --rom-style / --mem-style, e.g. torus-2x2_te_ni_rom-logic_w32
for style in ROM_STYLE MEM_STYLE; do
  value=${!style:-auto} flag=${style%_STYLE}
  flag=${flag,,}
  [ "$value" = auto ] || { opt_args+=("--$flag-style" "$value"); tag="${tag}_$flag-$value"; }
done
if [ -n "${SCHEDULE:-}" ]; then
  case $SCHEDULE in # another format (docs/EXPORT.md): imported once into a TSV, which the flow then uses
  *.xml | *.json)
    imported="$repo/build/imported/$(basename "$SCHEDULE" | tr -c 'A-Za-z0-9._\n-' _).tsv"
    mkdir -p "$repo/build/imported"
    from=json
    [ "${SCHEDULE##*.}" = xml ] && from=msccl-xml
    "$repo/build/cmodel" export --format tsv --from "$from" ${TOPO:+--topo "$TOPO"} "$SCHEDULE" -o "$imported" || exit 2
    SCHEDULE=$imported
    ;;
  esac
  topo=$(awk -F= '/^# *topo *=/ { print $2; exit }' "$SCHEDULE") task=$(awk -F= '/^# *task *=/ { print $2; exit }' "$SCHEDULE")
  gen_args=(--schedule "$SCHEDULE" --width "$width" "${opt_args[@]}")
  base=$(basename "$SCHEDULE")
  base=${base//[^A-Za-z0-9._-]/_} # the work directory's name: no space or shell character in it
  name="${base%.tsv}${tag}_w${width}"
else
  topo=${TOPO:-hypercube:4} task=${TASK:-mnb}
  # MPI's names (bcast, allgather, alltoall) are aliases: the golden model gives the task's own
  # name, which the directory and the root rule below use (an unknown name: its refusal, exit 2)
  # several tasks in one fabric (TASK=a,b,...; NI=1): each name mapped, the directory joins them with '.'
  names=()
  for one in ${task//,/ }; do
    one=$("$repo/build/cmodel" info --task "$one" | sed -n 's/^task=\([^ ]*\) .*/\1/p') && [ -n "$one" ] || exit 2
    names+=("$one")
  done
  task=$(IFS=,; echo "${names[*]}")
  gen_args=(--topo "$topo" --task "$task" --width "$width" "${opt_args[@]}")
  [ -n "${MODEL:-}" ] && [ "$MODEL" != mla ] && gen_args+=(--model "$MODEL") tag="_$MODEL$tag"
  [ -n "${ALG:-}" ] && gen_args+=(--alg "$ALG") tag="${tag}_$ALG"
  case ,$task, in *,snb,* | *,scatter,* | *,gather,* | *,reduce,*) gen_args+=(--root "${ROOT:-0}") tag="${tag}_r${ROOT:-0}" ;; esac
  # the active set, fixed in the ROMs (passed for any task: rtl_gen refuses it elsewhere)
  [ -n "${ACTIVE:-}" ] && gen_args+=(--active "$ACTIVE") tag="${tag}_a${ACTIVE//,/.}"
  [ -n "${K:-}" ] && gen_args+=(--k "$K") tag="${tag}_k$K"
  [ -n "${M:-}" ] && gen_args+=(--m "$M") tag="${tag}_m$M"
  [ -n "${KSEED:-}" ] && gen_args+=(--active-seed "$KSEED") tag="${tag}s$KSEED"
  [ "${SPLIT:-0}" = 1 ] && gen_args+=(--split) tag="${tag}_split"
  name="${topo/:/-}_${task//,/.}${tag}_w${width}"
fi
