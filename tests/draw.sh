#!/usr/bin/env bash
# tests/draw.sh BIN - cmodel draw (docs/DRAW.md): pictures of schedules as SVG.
#
#   1. the occupancy map of mnb on hypercube:2..4: a row per directed link (N d), a column per
#      slot, the lower bound ceil((N-1)/d) of 000 §2 and as many slots, N(N-1) busy cells (every
#      node receives N-1 packets) whose utilization N(N-1)/(N d ceil((N-1)/d)) the footer
#      prints, every link of the cube busy in some slot, each cell a row of the schedule's TSV
#      and its colour key that row's origin; figures computed here from d, never read from
#      cmodel's output;
#   2. te on torus:3x3 (4N directed links) and a split pmnb (mini-slots): the busy cells are the
#      TSV's rows; model oneway: no wire carries both ways in one slot;
#   3. trees: snb on mesh:4x4 and mesh:3x5 draw N-1 bold edges, one into every node but the
#      root, each a row of the root's packet in the TSV, and each directed link's label lists
#      the slots of those rows; mnb on hypercube:3 --origin 5 and te on torus:3x3 the rows of
#      that origin;
#   4. every SVG well-formed (xmllint --noout); two runs byte-identical; a TSV file, a
#      template TSV and standard input draw the same bytes as the build;
#   5. bad input: exit 2, one line on stderr naming the bad value, nothing on stdout, no output
#      file; a schedule that does not verify: exit 1, not drawn.
# Prints "ok NAME" per check, "FAIL NAME: why" per failure, then "draw: N passed, N failed".
# shellcheck disable=SC2016 # expect's conditions are single-quoted: evaluated when it runs
BIN=${1:?usage: tests/draw.sh BIN} NAME=draw # NAME: suite.sh's temporary directory
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"
# shellcheck source=tests/checks.sh
. "$(dirname "$0")/checks.sh"

: >"$T/xml.err"
command -v xmllint >/dev/null || fail "xmllint" "not installed (Debian package libxml2-utils; make's TOOLS installs it)"
# wellformed NAME SVG: xmllint accepts it
# shellcheck disable=SC2034 # wf: read by the condition expect evaluates
wellformed() { wf=$2; expect "$1: well-formed XML" 'xmllint --noout "$wf" 2>"$T/xml.err"' "$(head -c 300 "$T/xml.err")"; }
# cells SVG: "slot src dst key" of every busy cell, sorted
cells() { grep -o 'class="busy" data-slot="[0-9]*" data-link="[0-9]*-[0-9]*" data-key="[^"]*"' "$1" |
  sed 's/.*data-slot="\([0-9]*\)" data-link="\([0-9]*\)-\([0-9]*\)" data-key="\([^"]*\)"/\1 \2 \3 \4/' | sort; }
# tsv_cells TSV KEYCOL: "slot src dst key" of every row (key: column 4 origin, 5 dest), sorted
tsv_cells() { rows "$1" | awk -F '\t' -v k="$2" '{ print $1, $2, $3, $k }' | sort; }
# edges SVG: "src dst slot" of every bold tree edge, sorted
edges() { grep -o 'class="tree-edge" data-src="[0-9]*" data-dst="[0-9]*" data-slot="[0-9]*"' "$1" |
  sed 's/.*data-src="\([0-9]*\)" data-dst="\([0-9]*\)" data-slot="\([0-9]*\)"/\1 \2 \3/' | sort; }
# labels SVG: "src dst slots" of every slot label, sorted
labels() { grep -o 'class="slot-label" data-src="[0-9]*" data-dst="[0-9]*"[^>]*>[^<]*<' "$1" |
  sed 's/.*data-src="\([0-9]*\)" data-dst="\([0-9]*\)"[^>]*>\([^<]*\)</\1 \2 \3/' | sort; }
# row_labels TSV ORIGIN: what labels() must print for the rows of ORIGIN: each link's slots, ascending
row_labels() { rows "$1" | awk -F '\t' -v o="$2" '$4 == o { print $2, $3, $1 }' | sort -k1,1n -k2,2n -k3,3n |
  awk '{ k = $1 " " $2; if (k == prev) s = s "," $3; else { if (prev != "") print prev, s; prev = k; s = $3 } }
       END { if (prev != "") print prev, s }' | sort; }

# 1. mnb on hypercube:d: the map against 000's figures
for d in 2 3 4; do
  n=$((1 << d)) s=$(((n - 1 + d - 1) / d))
  "$BIN" schedule --topo "hypercube:$d" --task mnb -o "$T/h$d.tsv"
  "$BIN" draw --topo "hypercube:$d" --task mnb --view occupancy -o "$T/h$d.svg" >"$T/out"
  expect "hypercube:$d mnb: drawn (exit 0, the path on stdout)" '[ -s "$T/h$d.svg" ] && grep -qF "$T/h$d.svg" "$T/out"' "$(cat "$T/out")"
  wellformed "hypercube:$d mnb" "$T/h$d.svg"
  cells "$T/h$d.svg" >"$T/c$d"
  links=$(grep -c '>[0-9]*→[0-9]*</text>' "$T/h$d.svg")
  expect "hypercube:$d mnb: a row per directed link, N d = $((n * d))" '[ "$links" = $((n * d)) ]' "got $links"
  maxslot=$(awk '$1 > m { m = $1 } END { print m + 0 }' "$T/c$d")
  expect "hypercube:$d mnb: ceil((N-1)/d) = $s slots" '[ "$maxslot" = "$s" ] && grep -q "^$s slots; lower bound $s " <(grep -o ">$s slots; lower bound [0-9]* " "$T/h$d.svg" | tr -d ">")' "last busy slot $maxslot"
  expect "hypercube:$d mnb: N(N-1) = $((n * (n - 1))) busy cells, none twice" '[ "$(wc -l <"$T/c$d")" = $((n * (n - 1))) ] && [ -z "$(cut -d" " -f1-3 "$T/c$d" | uniq -d)" ]' "$(wc -l <"$T/c$d") cells"
  util=$(awk -v n="$n" -v d="$d" -v s="$s" 'BEGIN { printf "%d of %d cells busy: utilization %.1f%%", n * (n - 1), n * d * s, 100 * (n - 1) / (d * s) }')
  expect "hypercube:$d mnb: footer '$util'" 'grep -qF "$util" "$T/h$d.svg"' ""
  expect "hypercube:$d mnb: every cell on a link of the cube, every link busy" \
    'awk '\''{ x = $2; y = $3; b = 0; for (v = 1; v < 65536; v *= 2) if (int(x / v) % 2 != int(y / v) % 2) b++; if (b != 1) bad++; l[$2 " " $3] = 1 }
         END { for (k in l) nl++; exit bad || nl != '$((n * d))' }'\'' "$T/c$d"' ""
  expect "hypercube:$d mnb: the cells are the TSV's rows, coloured by origin" 'cmp -s "$T/c$d" <(tsv_cells "$T/h$d.tsv" 4)' \
    "$(diff <(tsv_cells "$T/h$d.tsv" 4) "$T/c$d" | head -3)"
  expect "hypercube:$d mnb: no slot holds more than N d busy cells" '! awk '\''{ c[$1]++ } END { for (s in c) if (c[s] > '$((n * d))') exit 0; exit 1 }'\'' "$T/c$d"' ""
done
expect "hypercube:3 mnb: 8 colour keys in the legend (the origins)" '[ "$(grep -c "class=\"legend\"" "$T/h3.svg")" = 8 ]' ""

# 2. te on torus:3x3, a split pmnb, model oneway
"$BIN" schedule --topo torus:3x3 --task te -o "$T/te.tsv"
"$BIN" draw "$T/te.tsv" --view occupancy -o "$T/te.svg" >/dev/null
wellformed "torus:3x3 te" "$T/te.svg"
expect "torus:3x3 te: 4N = 36 directed links" '[ "$(grep -c ">[0-9]*→[0-9]*</text>" "$T/te.svg")" = 36 ]' ""
expect "torus:3x3 te: the cells are the TSV's rows, coloured by origin" 'cmp -s <(cells "$T/te.svg") <(tsv_cells "$T/te.tsv" 4)' ""
"$BIN" schedule --topo torus:4x4 --task pmnb --m 5 --seed 2 --split -o "$T/pm.tsv"
"$BIN" draw "$T/pm.tsv" --view occupancy -o "$T/pm.svg" >/dev/null
wellformed "torus:4x4 pmnb --split" "$T/pm.svg"
f=$(sed -n 's/^# fraction=//p' "$T/pm.tsv") ms=$(sed -n 's/^# slots=//p' "$T/pm.tsv")
expect "torus:4x4 pmnb --split: fraction 2d = 4" '[ "$f" = 4 ]' "fraction=$f"
expect "torus:4x4 pmnb --split: the cells are the TSV's rows (a piece each)" 'cmp -s <(cells "$T/pm.svg") <(tsv_cells "$T/pm.tsv" 4)' ""
expect "torus:4x4 pmnb --split: $ms mini-slots, 1/$f of a packet's time" 'grep -qF ">$ms mini-slots; lower bound" "$T/pm.svg" && grep -qF "a mini-slot is 1/$f of a packet" "$T/pm.svg"' ""
"$BIN" schedule --topo hypercube:3 --task mnb --model oneway -o "$T/ow.tsv"
"$BIN" draw "$T/ow.tsv" --view occupancy -o "$T/ow.svg" >/dev/null
cells "$T/ow.svg" >"$T/cow"
expect "hypercube:3 oneway: no wire carries both ways in one slot" '[ -s "$T/cow" ] && ! awk '\''{ k = $1 " " ($2 < $3 ? $2 " " $3 : $3 " " $2); if (c[k]++) exit 0 } END { exit 1 }'\'' "$T/cow"' ""
expect "hypercube:3 oneway: the cells are the TSV's rows" 'cmp -s "$T/cow" <(tsv_cells "$T/ow.tsv" 4)' ""

# 3. trees
for topo in mesh:4x4 mesh:3x5; do
  IFS=x read -r a b <<<"${topo#mesh:}"
  n=$((a * b))
  "$BIN" schedule --topo "$topo" --task snb --root 5 -o "$T/snb.tsv"
  "$BIN" draw "$T/snb.tsv" --view tree -o "$T/snb.svg" >/dev/null
  wellformed "$topo snb tree" "$T/snb.svg"
  edges "$T/snb.svg" >"$T/e"
  expect "$topo snb: N-1 = $((n - 1)) bold edges" '[ "$(wc -l <"$T/e")" = $((n - 1)) ]' "got $(wc -l <"$T/e")"
  expect "$topo snb: one edge into every node but the root 5" '[ "$(awk '\''$2 != 5 { print $2 }'\'' "$T/e" | sort -u | wc -l)" = $((n - 1)) ]' ""
  expect "$topo snb: the edges are the root's rows of the TSV" 'cmp -s "$T/e" <(rows "$T/snb.tsv" | awk -F "\t" '\''$4 == 5 { print $2, $3, $1 }'\'' | sort)' ""
  expect "$topo snb: each link's label lists its rows' slots" 'cmp -s <(labels "$T/snb.svg") <(row_labels "$T/snb.tsv" 5)' \
    "$(diff <(row_labels "$T/snb.tsv" 5) <(labels "$T/snb.svg") | head -4)"
  expect "$topo snb: (a-1)b + a(b-1) = $(((a - 1) * b + a * (b - 1))) faint links (one per wire)" \
    '[ "$(grep -c "class=\"link\"" "$T/snb.svg")" = $(((a - 1) * b + a * (b - 1))) ]' ""
done
"$BIN" draw "$T/h3.tsv" --view tree --origin 5 -o "$T/o5.svg" >/dev/null
wellformed "hypercube:3 mnb --origin 5" "$T/o5.svg"
expect "hypercube:3 mnb --origin 5: N-1 = 7 edges, origin 5's rows" 'cmp -s <(edges "$T/o5.svg") <(rows "$T/h3.tsv" | awk -F "\t" '\''$4 == 5 { print $2, $3, $1 }'\'' | sort) && [ "$(edges "$T/o5.svg" | wc -l)" = 7 ]' ""
expect "hypercube:3 mnb --origin 5: labels" 'cmp -s <(labels "$T/o5.svg") <(row_labels "$T/h3.tsv" 5)' ""
"$BIN" draw "$T/te.tsv" --view tree --origin 4 -o "$T/te4.svg" >/dev/null
expect "torus:3x3 te --origin 4: origin 4's rows" 'cmp -s <(edges "$T/te4.svg") <(rows "$T/te.tsv" | awk -F "\t" '\''$4 == 4 { print $2, $3, $1 }'\'' | sort)' ""
expect "torus:3x3 te --origin 4: labels" 'cmp -s <(labels "$T/te4.svg") <(row_labels "$T/te.tsv" 4)' ""
for spec in "hypercube:6 mnb" "ring:7 snb" "torus:3x3x3 te" "torus:4x4 gather" "hypercube:3 allreduce" "hypercube:4 kbcast --k 5"; do
  # shellcheck disable=SC2086 # spec is words
  set -- $spec
  "$BIN" draw --topo "$1" --task "$2" "${@:3}" -o "$T/any.svg" >/dev/null 2>"$T/err"
  rc=$?
  expect "$spec: both views drawn" '[ $rc = 0 ] && grep -q "class=\"busy\"" "$T/any.svg" && grep -q "class=\"tree-edge\"" "$T/any.svg"' "exit $rc: $(cat "$T/err")"
  wellformed "$spec" "$T/any.svg"
done

# 4. determinism, file = build, template, stdin
"$BIN" draw --topo torus:4x4 --task mnb -o "$T/a.svg" >/dev/null
"$BIN" draw --topo torus:4x4 --task mnb -o "$T/b.svg" >/dev/null
expect "two runs byte-identical" 'cmp -s "$T/a.svg" "$T/b.svg"' ""
"$BIN" schedule --topo torus:4x4 --task mnb -o "$T/t.tsv"
"$BIN" draw "$T/t.tsv" -o "$T/c.svg" >/dev/null
expect "the TSV draws the same bytes as the build" 'cmp -s "$T/a.svg" "$T/c.svg"' ""
"$BIN" schedule --topo torus:4x4 --task mnb --template -o "$T/tt.tsv"
"$BIN" draw "$T/tt.tsv" -o "$T/d.svg" >/dev/null
expect "its template TSV draws the same bytes" 'cmp -s "$T/a.svg" "$T/d.svg"' ""
"$BIN" draw - -o "$T/e.svg" <"$T/t.tsv" >/dev/null
expect "standard input draws the same bytes" 'cmp -s "$T/a.svg" "$T/e.svg"' ""
for fmt in json msccl-xml; do # the other formats, read as cmodel export reads them
  "$BIN" export --format $fmt "$T/t.tsv" -o "$T/t.$fmt"
  "$BIN" draw "$T/t.$fmt" --from $fmt -o "$T/f.svg" >/dev/null
  expect "the schedule exported as $fmt draws the same bytes" 'cmp -s "$T/a.svg" "$T/f.svg"' ""
done

# 5. bad input: exit 2, one line naming the value, nothing on stdout, no file (nor its temporary)
bad() { # bad NAME WORD ARGS...
  local name=$1 word=$2
  shift 2
  rm -f "$T/o.svg"
  "$BIN" "$@" >"$T/out" 2>"$T/err" </dev/null
  local rc=$?
  expect "bad input: $name (exit 2, one line naming '$word')" '[ "$rc" = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qF -- "$word" "$T/err"' "exit $rc: $(head -c 300 "$T/err")"
  expect "bad input: $name (no output file)" '[ ! -e "$T/o.svg" ] && ! ls "$T" | grep -q "o.svg.tmp"' "$(ls "$T")"
}
bad "unknown --view" "'map'" draw --topo hypercube:3 --task mnb --view map -o "$T/o.svg"
bad "--origin out of range" "'8'" draw --topo hypercube:3 --task mnb --origin 8 -o "$T/o.svg"
bad "--origin not a number" "'x1'" draw --topo hypercube:3 --task mnb --origin x1 -o "$T/o.svg"
bad "missing -o" "-o" draw --topo hypercube:3 --task mnb
bad "a file and --alg (a build option)" "--alg" draw "$T/h3.tsv" --alg classes -o "$T/o.svg"
bad "neither a file nor --topo" "--topo" draw -o "$T/o.svg"
bad "hypercube too big for the tree view" "hypercube:6" draw --topo hypercube:7 --task mnb --view tree -o "$T/o.svg"
bad "a map too big" "4096" draw --topo hypercube:10 --task mnb -o "$T/o.svg"
bad "--origin for reduce" "reduce" draw --topo hypercube:3 --task reduce --origin 1 -o "$T/o.svg"
bad "--origin that sends nothing (scatter from 0)" "'3'" draw --topo hypercube:3 --task scatter --origin 3 --view tree -o "$T/o.svg"
bad "a missing file" "nosuch.tsv" draw "$T/nosuch.tsv" -o "$T/o.svg"
bad "unknown task" "'mnbx'" draw --topo hypercube:3 --task mnbx -o "$T/o.svg"
awk '/^slot\t/ { h = 1; print; next } h && NR % 7 == 0 { next } { print }' "$T/h3.tsv" >"$T/broken.tsv"
rm -f "$T/o.svg"
"$BIN" draw "$T/broken.tsv" -o "$T/o.svg" >"$T/out" 2>"$T/err"
rc=$?
expect "a schedule that does not verify: exit 1, one line, not drawn" '[ $rc = 1 ] && [ "$(wc -l <"$T/err")" = 1 ] && [ ! -e "$T/o.svg" ]' "exit $rc: $(cat "$T/err")"

echo "draw: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
