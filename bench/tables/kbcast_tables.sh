#!/usr/bin/env bash
# kbcast_tables.sh [OUT.md] — generates and verifies every kbcast construction (001,
# docs/KBCAST.md) with `cmodel table --task kbcast` and writes three sections of OUT.md (default
# docs/KBCAST.md): the table for hypercube:3..10 at the default spread of K, a summary over every
# K of hypercube:3..8, and the randomized variant's success rates (`cmodel kbcast-random`); and
# the chart docs/kbcast_d8.svg (bench/tables/kbcast_plot.sh) of every K on hypercube:8. About 2 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-docs/KBCAST.md}
bin=build/cmodel
work=build/tables
mkdir -p "$work"
stamp="$(date -u +%Y-%m-%d), romnoc $(git describe --always --dirty 2>/dev/null || echo unknown), seed 1"

echo "-- TABLE kbcast hypercube:3..10 --" >&2
"$bin" table --task kbcast --topo hypercube:3..10 >"$work/kbcast_spread.txt"
for d in 3 4 5 6 7 8; do
  echo "-- TABLE kbcast hypercube:$d, every K --" >&2
  "$bin" table --task kbcast --topo hypercube:$d --k all >"$work/kbcast_all_$d.txt"
done
bench/tables/kbcast_plot.sh "$work/kbcast_all_8.txt" 8 docs/kbcast_d8.svg

{
  echo "Written by \`bench/tables/kbcast_tables.sh\` ($stamp): \`cmodel table --task kbcast --topo hypercube:3..10\`."
  echo "Every schedule verified; slots per construction ('-': it does not apply to this K); lb is the"
  echo "verifier's bound max(d, ceil((N-1)K/(dN))); the table exits non-zero if a construction misses"
  echo "001's figure (001 exact, same-order <= d+K-1, pair and ranked = d, ranked-prefix = 3d, 001-mnb exact)."
  echo
  awk 'NR == 1 { printf "|"; for (i = 1; i <= NF; i++) printf " %s |", $i; printf "\n|"; for (i = 1; i <= NF; i++) printf "---|"; printf "\n"; next }
       { printf "|"; for (i = 1; i <= NF; i++) printf " %s |", $i; printf "\n" }' "$work/kbcast_spread.txt"
} | bench/tables/md_section.sh "$out" kbcast-table

{
  echo "Written by \`bench/tables/kbcast_tables.sh\` ($stamp): \`cmodel table --task kbcast --topo hypercube:D --k all\`,"
  echo "every K from 1 to 2^d, one pseudo-random set each. 'auto at lb': rows where the fastest"
  echo "construction meets the lower bound; '001 / lb': 001's slots over the bound, largest; 'same-order"
  echo "< 001 up to K': the largest K for which the unbalanced trees beat 001 (001 §3.3.1 says K <= 3d)."
  echo
  echo "| d | K run | auto at lb | auto's largest gap | 001 / lb, largest | same-order < 001 up to K | random < 001 | constructions auto picked |"
  echo "|---|---|---|---|---|---|---|---|"
  for d in 3 4 5 6 7 8; do
    awk -v d=$d 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
      $1 ~ /^[0-9]+$/ {
        n++; k = $2; lb = $3; best = 1e9
        for (c in col) if (c != "d" && c != "K" && c != "lb" && c != "auto" && $(col[c]) ~ /^[0-9]+$/ && $(col[c]) < best) best = $(col[c])
        at += (best == lb); if (best - lb > gap) gap = best - lb
        r = $(col["001"]) / lb; if (r > ratio) ratio = r
        if ($(col["same-order"]) < $(col["001"])) so = k
        rnd += ($(col["random"]) < $(col["001"]))
        a = $NF; if (!(a in seen)) { seen[a] = 1; picked = picked (picked ? ", " : "") a }
      }
      END { printf "| %d | %d | %d | %d | %.2f | %d | %d of %d | %s |\n", d, n, at, gap, ratio, so, rnd, n, picked }' "$work/kbcast_all_$d.txt"
  done
  echo
  echo "![slots against K on hypercube:8](kbcast_d8.svg)"
} | bench/tables/md_section.sh "$out" kbcast-summary

{
  echo "Written by \`bench/tables/kbcast_tables.sh\` ($stamp): \`cmodel kbcast-random --topo hypercube:D --k K --c C --runs 1000\`."
  echo "A trial succeeds when every packet reaches its randomly drawn root within ceil(C K/d) + d - 1 slots"
  echo "and no root holds more than ceil(C K/d) packets (then phase 3 fits its ceil(C K/d) + d slots). 'Chernoff'"
  echo "is d (e^(C-1)/C^C)^(K/d), the bound on failure that 001's 'with high probability' rests on (1: no"
  echo "information)."
  echo
  echo "| d | K | C | ok of 1000 | ceil(CK/d) | largest root load, worst trial | mean over trials (K/d) | longest phase 2 | Chernoff |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for d in 6 8 10; do
    n=$((1 << d))
    for k in $(printf '%s\n' $d $((4 * d)) $((n / 4)) $n | sort -nu); do
      for c in 2 2.72 3 4; do
        "$bin" kbcast-random --topo hypercube:$d --k $k --c $c --runs 1000 |
          awk -v d=$d -v k=$k -v c=$c '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
            printf "| %d | %d | %s | %d | %d | %d | %.2f (%.2f) | %d | %s |\n", d, k, c, f["ok"], f["load_cap"], f["max_load"], f["mean_load"], k / d, f["max_phase2"], f["chernoff"] }'
      done
    done
  done
} | bench/tables/md_section.sh "$out" kbcast-random
