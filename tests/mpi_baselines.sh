#!/usr/bin/env bash
# tests/mpi_baselines.sh BIN [small] - the MPI library's algorithms as baseline schedules
# (cmodel --alg mpi-*, cmodel/construct/mpi/mpi_route.h; docs/SCHEDULES.md).
#
#   1. every mpi-* construction on hypercube:2..6, ring:5, ring:8, torus:3x3, 4x4, 3x5, mesh:3x3,
#      4x4 ("small": hypercube:2..4), the rooted tasks from root 0 and from root N-1: the schedule
#      is written, `cmodel verify` says OK, its slots are >= verify's lower bound, the metadata
#      names the construction, and its transmissions are exactly those of the algorithm's
#      messages on shortest paths (tests/mpi_tx.awk, written from the algorithms alone);
#   2. exact slot counts where the routes make them derivable (the derivations below);
#   3. refusals: mpi-recursive-doubling on N not a power of two, an mpi-* name under another
#      port model: exit 2, one line naming it, no file; auto never picks an mpi-* baseline.
# Expected figures are computed here, never taken from cmodel's output.
#
# Derivations (root 0; hypercube:d, N = 2^d; the engine's rules in cmodel/construct/mpi/mpi_route.h):
#  snb mpi-binomial, hypercube:d: rel + 2^j = rel XOR 2^j (rel has no bit <= j), a neighbour,
#    one packet per message. The root receives nothing and sends all its messages in slot 1,
#    each on its own link; every other node sends all of its in the slot after its one
#    receive, again one per link. So node v receives in slot popcount(v): d slots.
#  mnb mpi-ring, ring:N: every step moves one packet one hop on every +1 link; step k+1 starts
#    the slot after step k's packet arrived: N-1 slots.
#  mnb mpi-recursive-doubling, hypercube:d: step k sends 2^k packets over the one link to
#    r XOR 2^k, every rank alike, so step k takes slots 2^k .. 2^(k+1)-1: 2^d - 1 slots.
#  scatter mpi-linear, hypercube:d: v's packet leaves on dimension i = lowest bit of v, behind
#    the packets for smaller w with the same lowest bit: slot (v >> (i+1)) + 1; the routes from
#    0 form a tree (every node has one incoming route link) and no link gets more than one
#    packet per slot, so no packet waits after the first hop: it arrives at
#    (v >> (i+1)) + popcount(v). Largest for v = 2^d - 1: 2^(d-1) - 1 + d slots.
#  scatter mpi-binomial, hypercube:d: the child with lowest bit 2^j gets a block of 2^j packets
#    over one link, sent once its own block is in: node v's block is complete after the sum of
#    2^j over v's bits = v slots; largest v = 2^d - 1 slots.
#  gather mpi-binomial, hypercube:d: the node with lowest bit 2^k has received from its
#    children by R(k) = max_j<k R(j) + 2^j = 2^k - 1, then sends 2^k packets: the root's last
#    block (from 2^(d-1)) ends at 2^d - 1 slots.
#  te mpi-pairwise, hypercube:d: step k sends r -> r XOR k, popcount(k) hops; a link of
#    dimension j at hop h is used by one r only (r is determined by the node), every rank's
#    step k starts together and ends popcount(k) slots later: sum_k popcount(k) = d 2^(d-1).
#  te mpi-pairwise, ring:N, N not a power of two: step k sends r -> r+k, min(k, N-k) hops, all
#    the same way; the packets are translates, one per link and slot: sum_k min(k, N-k).
#  scatter mpi-linear, ring:N: h = floor(N/2); packets for v <= h go the +1 way in order v =
#    1, 2, ..., leave at slot v and arrive at 2v - 1; the others go the -1 way, v = h+1 first,
#    leave at slot v - h and travel N - v hops: all arrive at N - h - 1. max(2h - 1, N - h - 1).
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then
# "mpi_baselines: N passed, N failed"; exits 1 if any check failed.
# shellcheck disable=SC2016 # expect's conditions are single-quoted: evaluated when it runs
BIN=${1:?usage: tests/mpi_baselines.sh BIN [small]} NAME=mpi_baselines
SMALL=${2-}
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"
# shellcheck source=tests/checks.sh
. "$(dirname "$0")/checks.sh"

ALGS="snb:mpi-binomial mnb:mpi-ring mnb:mpi-recursive-doubling scatter:mpi-linear scatter:mpi-binomial
gather:mpi-linear gather:mpi-binomial te:mpi-pairwise te:mpi-bruck"
popcount() { local x=$1 c=0; while [ "$x" -gt 0 ]; do c=$((c + (x & 1))) x=$((x >> 1)); done; echo $c; }
# exact TOPO TASK ALG: the derived slot count (root 0), or '' where none is derived
exact() {
  local kind=${1%%:*} size=${1#*:} n d s k
  case "$kind:$2:$3" in
  hypercube:snb:mpi-binomial) echo "$size" ;;
  ring:mnb:mpi-ring) echo $((size - 1)) ;;
  hypercube:mnb:mpi-recursive-doubling | hypercube:scatter:mpi-binomial | hypercube:gather:mpi-binomial)
    echo $(((1 << size) - 1)) ;;
  hypercube:scatter:mpi-linear) d=$size; echo $(((1 << (d - 1)) - 1 + d)) ;;
  hypercube:te:mpi-pairwise)
    s=0
    for ((k = 1; k < 1 << size; k++)); do s=$((s + $(popcount $k))); done
    echo $s ;;
  ring:te:mpi-pairwise)
    n=$size
    if [ $((n & (n - 1))) = 0 ]; then return; fi
    s=0
    for ((k = 1; k < n; k++)); do s=$((s + (k < n - k ? k : n - k))); done
    echo $s ;;
  ring:scatter:mpi-linear)
    n=$size d=$((size / 2))
    echo $((2 * d - 1 > n - d - 1 ? 2 * d - 1 : n - d - 1)) ;;
  esac
}
nodes() { # nodes TOPO
  local kind=${1%%:*} size=${1#*:} n=1 r
  if [ "$kind" = hypercube ]; then echo $((1 << size)); return; fi
  IFS=x read -r -a R <<<"$size"
  for r in "${R[@]}"; do n=$((n * r)); done
  echo $n
}

# ---- 1 and 2 ----------------------------------------------------------------------------------
if [ "$SMALL" = small ]; then
  TOPOS="hypercube:2 hypercube:3 hypercube:4 ring:5 torus:3x5 mesh:3x3"
else
  TOPOS="hypercube:2 hypercube:3 hypercube:4 hypercube:5 hypercube:6 ring:5 ring:8 torus:3x3 torus:4x4 torus:3x5 mesh:3x3 mesh:4x4"
fi
nexact=0
for topo in $TOPOS; do
  n=$(nodes "$topo")
  for ta in $ALGS; do
    task=${ta%%:*} alg=${ta#*:}
    [ "$alg" = mpi-recursive-doubling ] && [ $((n & (n - 1))) != 0 ] && continue
    roots=0
    case $task in snb | scatter | gather) roots="0 $((n - 1))" ;; esac
    for root in $roots; do
      ropt=() name="$topo $task --alg $alg"
      case $task in snb | scatter | gather) ropt=(--root "$root") name="$name --root $root" ;; esac
      f=$T/s.tsv
      rm -f "$f"
      if ! "$BIN" schedule --topo "$topo" --task "$task" "${ropt[@]}" --alg "$alg" -o "$f" >"$T/out" 2>"$T/err" ||
        [ -s "$T/out" ] || [ -s "$T/err" ] || [ ! -s "$f" ]; then
        fail "$name" "not written: \$ $BIN schedule --topo $topo --task $task ${ropt[*]} --alg $alg -o $f" "$T/err"
        continue
      fi
      v=$("$BIN" verify "$f" 2>&1)
      if [[ ! $v =~ ^OK\ slots=([0-9]+)\ lb=([0-9]+)\ tx=([0-9]+) ]]; then
        fail "$name verifies" "verify: $v"
        continue
      fi
      s=${BASH_REMATCH[1]} lb=${BASH_REMATCH[2]} tx=${BASH_REMATCH[3]}
      want_tx=$(awk -v TOPO="$topo" -v TASK="$task" -v ALG="$alg" -v ROOT="$root" -f "$HERE/mpi_tx.awk")
      expect "$name verifies, $s slots >= lb $lb, alg= in the metadata" \
        '[ "$s" -ge "$lb" ] && grep -qx "# alg=$alg" "$f"' "$v"
      expect "$name: tx $tx = the algorithm's messages on shortest paths ($want_tx)" '[ "$tx" = "$want_tx" ]' "$v"
      [ "$root" = 0 ] || continue
      want=$(exact "$topo" "$task" "$alg")
      [ -n "$want" ] || continue
      nexact=$((nexact + 1))
      expect "$name: exactly $want slots (derived in the header)" '[ "$s" = "$want" ]' "got $s"
    done
  done
done
expect "derived slot counts checked: $nexact" '[ "$nexact" -ge 8 ]' "too few topologies with a derivation"

# ---- 3: refusals; auto --------------------------------------------------------------------------
nbad=0
bad() { # bad NAME ERE ARGS...: exit 2, one line matching ERE, nothing written
  local name=$1 ere=$2 dir rc
  shift 2
  nbad=$((nbad + 1)) dir=$T/bad/$nbad
  mkdir -p "$dir"
  (cd "$dir" && "$BIN" "$@") >"$T/out" 2>"$T/err" </dev/null
  rc=$?
  if [ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$ere" "$T/err" && [ -z "$(ls -A "$dir")" ]; then
    pass "refused: $name"
  else
    fail "refused: $name" "want exit 2, one line matching /$ere/, no file; got exit $rc: \$ cd $dir && $BIN $*" "$T/err"
  fi
}
for topo in ring:5 torus:3x3 torus:3x5 mesh:3x3; do
  bad "mpi-recursive-doubling on $topo" "mpi-recursive-doubling.*$topo" \
    schedule --topo "$topo" --task mnb --alg mpi-recursive-doubling -o x.tsv
done
bad "mpi-ring under oneway" "'mpi-ring'.*oneway" schedule --topo ring:8 --task mnb --model oneway --alg mpi-ring -o x.tsv
bad "mpi-bruck for scatter" "'mpi-bruck'" schedule --topo hypercube:3 --task scatter --alg mpi-bruck -o x.tsv
for ta in $ALGS; do
  task=${ta%%:*}
  for topo in hypercube:3 torus:4x4; do
    "$BIN" schedule --topo "$topo" --task "$task" -o "$T/auto.tsv" 2>"$T/err"
    expect "auto for $task on $topo is not an mpi-* baseline" '! grep -q "^# alg=mpi-" "$T/auto.tsv"' "$(grep '^# alg=' "$T/auto.tsv")"
  done
done

echo "mpi_baselines: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
