# flow_vars.sh — sourced first by the flows make runs with its variables (sim/sim.sh,
# synth/synth.sh, sim/kbrt_sim.sh, synth/kbrt_synth.sh). The Makefile hands every value over as
# one word (sh_quote), so a value is data, never shell code; here each one must have its shape
# (a topology, a task name, a number, ...) or the flow stops before it writes anything: one line
# on stderr naming the variable and the value, exit 2. SCHEDULE is a path (any characters) that
# must name a readable file. An empty value is the flow's default.
# shellcheck shell=bash

# flow_var NAME ERE WHAT: $NAME empty or matching ^(ERE)$, else refused
flow_var() {
  local value=${!1-}
  [ -z "$value" ] || [[ $value =~ ^($2)$ ]] && return 0
  echo "${0##*/}: bad $1 '$value' (expected $3)" >&2
  exit 2
}
flow_var TOPO '[a-z]+:[0-9]+(x[0-9]+)*' 'a topology such as hypercube:4, ring:8 or torus:4x4'
flow_var TASK '[a-z_]+(,[a-z_]+)*' 'a task name such as mnb or allgather, or a list such as allgather,alltoall'
flow_var MODEL '[a-z0-9-]+' 'a port model such as mla or sp-full'
flow_var ALG '[a-z0-9-]+' 'a construction name such as 001'
flow_var ARCH '[a-z]+' 'a router architecture such as banked'
flow_var OP '[a-z]+' 'an operation such as add or max'
flow_var FLIT '[a-z]+' 'tagged or bare'
flow_var SIM '[a-z]+' 'verilator or icarus'
flow_var SIM_OPT '-O[0-3sg]' '-O0, -O1, -O2, -O3, -Os or -Og'
flow_var BENCH '[a-z]+' 'cpp or sc'
flow_var TARGET '[a-z0-9]+' 'a synthesis target such as generic or ice40'
flow_var ACTIVE '[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*' 'a list of nodes such as 0,3,5-9'
flow_var ROOT '-?[0-9]+' 'a node number'
for var in WIDTH K M KSEED SEED D RUNS NI_RUNS WORDS ROUNDS LINK_DELAY COMBINE_STAGES STAGES DEPTH; do flow_var "$var" '[0-9]+' 'a number'; done
flow_var SPLIT '[01]' '0 or 1'
flow_var TRACE '[01]' '0 or 1'
flow_var NI '[01]' '0 or 1'
flow_var ROM_STYLE 'auto|logic|block|family' 'auto, logic, block or family'
flow_var MEM_STYLE 'auto|logic|block|family' 'auto, logic, block or family'
flow_var PNR_MAX_FILL '100|[1-9][0-9]?' 'a percentage of the logic cells, 1 to 100'
unset var
if [ -n "${SCHEDULE-}" ] && { [ ! -f "$SCHEDULE" ] || [ ! -r "$SCHEDULE" ]; }; then
  echo "${0##*/}: bad SCHEDULE '$SCHEDULE' (expected a readable schedule file)" >&2
  exit 2
fi
