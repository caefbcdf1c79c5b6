#!/usr/bin/env bash
# tests/export.sh BIN - `cmodel export` and `cmodel verify --format` (docs/EXPORT.md):
#
#   1. round trips of built schedules: TSV -> JSON -> verify --format json (OK, the file's
#      '# slots='), JSON -> TSV byte for byte; TSV -> MSCCL XML -> verify --format msccl-xml (OK,
#      the same slots) and -> TSV again with the original rows, sorted, line for line;
#   2. a hand-written MSCCL XML (the ring allgather on ring:4, N-1 = 3 slots by the ring formula):
#      OK on ring:4; FAIL on hypercube:2, where its send 1->2 is not a link; a step pair removed
#      (a GPU misses a chunk) and a lone receive removed (a transfer without partner): FAIL;
#   3. bad input: malformed XML and JSON, unknown keys and formats, unsupported tasks: exit 2,
#      one line naming what is wrong, and no output file (-o is atomic).
# Expected slots come from the TSV's metadata or the ring formula, never from cmodel's output.
# Prints "ok NAME" per check and "FAIL NAME: why" per failure, then
# "export: N passed, N failed"; exits 1 if any check failed.
BIN=${1:?usage: tests/export.sh BIN} NAME=export # NAME: suite.sh's temporary directory
# shellcheck source=tests/suite.sh
. "$(dirname "$0")/suite.sh"
# shellcheck source=tests/checks.sh
. "$(dirname "$0")/checks.sh"

meta_slots() { sed -n 's/^# slots=//p' "$1"; }

# 1. round trips
while read -r topo task model; do
  [ -z "$topo" ] && continue
  id="$topo $task $model"
  f=$T/s.tsv
  "$BIN" schedule --topo "$topo" --task "$task" --model "$model" -o "$f" || { fail "$id: schedule" "exit $?"; continue; }
  want=$(meta_slots "$f")
  "$BIN" export --format json "$f" -o "$T/s.json" 2>"$T/err" || { fail "$id: export json" "exit $?" "$T/err"; continue; }
  out=$("$BIN" verify --format json "$T/s.json" 2>&1)
  expect "$id: json verifies with the file's slots=$want" '[ "${out%% *}" = OK ] && [[ "$out" == *" slots=$want "* ]]' "$out"
  "$BIN" export --format tsv --from json "$T/s.json" -o "$T/back.tsv" 2>"$T/err"
  expect "$id: json -> tsv is byte-identical" 'cmp -s "$f" "$T/back.tsv"' "$(head -c 300 "$T/err")"
  "$BIN" export --format msccl-xml "$f" -o "$T/s.xml" 2>"$T/err" || { fail "$id: export xml" "exit $?" "$T/err"; continue; }
  out=$("$BIN" verify --format msccl-xml "$T/s.xml" 2>&1)
  expect "$id: xml verifies with the file's slots=$want" '[ "${out%% *}" = OK ] && [[ "$out" == *" slots=$want "* ]]' "$out"
  ngpus=$(grep -o 'ngpus="[0-9]*"' "$T/s.xml")
  nodes=$("$BIN" info --topo "$topo" | sed -n 's/.* nodes=\([0-9]*\) .*/\1/p' | head -n 1)
  expect "$id: xml has one gpu per node" '[ "$ngpus" = "ngpus=\"$nodes\"" ] && [ "$(grep -c "<gpu " "$T/s.xml")" = "$nodes" ]' "$ngpus, nodes $nodes"
  # one thread block per directed link at each end: 2 x the distinct (src, dst) of the rows;
  # then a packet task's copies of a GPU's own chunk into its output (MPI's layout): one per GPU
  # (mnb, te) or at the root (snb, scatter, gather)
  links=$(rows "$f" | cut -f2,3 | sort -u | wc -l)
  linktbs=$(grep "<tb " "$T/s.xml" | grep -vc 'send="-1" recv="-1"')
  expect "$id: xml has 2 thread blocks per link used ($links links)" '[ "$linktbs" = $((2 * links)) ]' "$linktbs"
  case $task in mnb | te) copies=$nodes ;; snb | scatter | gather) copies=1 ;; *) copies= ;; esac
  [ -n "$copies" ] && expect "$id: xml copies $copies own chunk(s) into the output" \
    '[ "$(grep -c "type=\"cpy\"" "$T/s.xml")" = "$copies" ]'
  "$BIN" export --format tsv --from msccl-xml "$T/s.xml" -o "$T/imp.tsv" 2>"$T/err"
  expect "$id: xml import has the original rows" 'diff <(rows "$f" | sortrows) <(rows "$T/imp.tsv" | sortrows) >"$T/diff"' \
    "the imported rows differ (diff <(rows ORIGINAL | sortrows) <(rows IMPORTED | sortrows))"
done <<EOF
$(for topo in hypercube:2 hypercube:3 hypercube:4 hypercube:5 torus:4x4 ring:8; do
  for task in snb mnb scatter gather te reduce reduce_scatter allreduce global_sum; do echo "$topo $task mla"; done
done)
torus:3x3 mnb mla
mesh:3x3 te mla
mesh:3x3 global_sum mla
hypercube:3 mnb oneway
hypercube:3 global_sum oneway
ring:6 allreduce sp-full
ring:5 te mla
EOF

# a template TSV stays a template in JSON and is expanded in XML
"$BIN" schedule --topo hypercube:3 --task te --template -o "$T/tpl.tsv"
"$BIN" export --format json "$T/tpl.tsv" -o "$T/tpl.json"
"$BIN" export --format tsv --from json "$T/tpl.json" -o "$T/tpl2.tsv"
expect "template: json -> tsv is byte-identical" 'cmp -s "$T/tpl.tsv" "$T/tpl2.tsv"'
out=$("$BIN" verify --format json "$T/tpl.json" 2>&1)
expect "template: json verifies as a template" '[[ "$out" == "OK slots=$(meta_slots "$T/tpl.tsv") "*template=xor ]]' "$out"
# JSON's reader takes any whitespace and key order
tr -d '\n ' <"$T/s.json" | sed 's/^{\("format":"romnoc-schedule"\),\("version":1\),/{\2,\1,/' >"$T/squeezed.json"
out=$("$BIN" verify --format json "$T/squeezed.json" 2>&1)
expect "json: one line, keys reordered, still OK" '[ "${out%% *}" = OK ]' "$out"

# 2. a foreign MSCCL XML: the ring allgather on 4 GPUs. GPU g sends its own chunk, then the
# ones it received, to g+1; it receives chunks g-1, g-2, g-3 from g-1, and copies its own into
# o/g (MPI's layout). Ring formula: N-1 slots.
ring_xml() { # ring_xml [DROP]: DROP "pair" removes GPU 1's last send and GPU 2's last receive,
  # "recv" only GPU 2's last receive
  local drop=${1-} g k
  echo '<?xml version="1.0"?>'
  echo '<!-- hand-written: ring allgather, 4 GPUs -->'
  echo '<algo name="ring" proto="Simple" nchannels="1" nchunksperloop="4" ngpus="4" coll="allgather" inplace="0" outofplace="1" minBytes="0" maxBytes="0">'
  for g in 0 1 2 3; do
    echo "  <gpu id=\"$g\" i_chunks=\"1\" o_chunks=\"4\" s_chunks=\"0\">"
    echo "    <tb id=\"0\" send=\"-1\" recv=\"$(((g + 3) % 4))\" chan=\"0\">"
    for k in 0 1 2; do
      [ $g = 2 ] && [ $k = 2 ] && [ -n "$drop" ] && continue
      echo "      <step s=\"$k\" type=\"r\" srcbuf=\"o\" srcoff=\"$(((g + 3 - k) % 4))\" dstbuf=\"o\" dstoff=\"$(((g + 3 - k) % 4))\" cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"$((k < 2))\"/>"
    done
    echo '    </tb>'
    echo "    <tb id=\"1\" send=\"$(((g + 1) % 4))\" recv=\"-1\" chan=\"0\">"
    echo "      <step s=\"0\" type=\"s\" srcbuf=\"i\" srcoff=\"0\" dstbuf=\"o\" dstoff=\"$g\" cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>"
    for k in 1 2; do
      [ $g = 1 ] && [ $k = 2 ] && [ "$drop" = pair ] && continue
      echo "      <step s=\"$k\" type=\"s\" srcbuf=\"o\" srcoff=\"$(((g + 4 - k) % 4))\" dstbuf=\"o\" dstoff=\"$(((g + 4 - k) % 4))\" cnt=\"1\" depid=\"0\" deps=\"$((k - 1))\" hasdep=\"0\"/>"
    done
    echo '    </tb>'
    echo "    <tb id=\"2\" send=\"-1\" recv=\"-1\" chan=\"0\">"
    echo "      <step s=\"0\" type=\"cpy\" srcbuf=\"i\" srcoff=\"0\" dstbuf=\"o\" dstoff=\"$g\" cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>"
    echo '    </tb>'
    echo '  </gpu>'
  done
  echo '</algo>'
}
ring_xml >"$T/ring.xml"
out=$("$BIN" verify --format msccl-xml --topo ring:4 "$T/ring.xml" 2>&1)
expect "ring allgather on ring:4: OK in N-1 = 3 slots, 4*3 = 12 transfers" '[[ "$out" == "OK slots=3 "*" tx=12 "* ]]' "$out"
refuses "ring allgather on hypercube:2: 1->2 is not a link" "$T/ring.xml" "^FAIL .*src=1 dst=2" --format msccl-xml --topo hypercube:2
ring_xml pair >"$T/pair.xml"
refuses "ring allgather without one transfer: a GPU misses a chunk" "$T/pair.xml" "^FAIL incomplete: gpu 2's o/3 holds nothing" --format msccl-xml --topo ring:4
sed '/<gpu id="3"/,/<\/gpu>/s/type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="3"/type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="1"/' \
  "$T/ring.xml" >"$T/offset.xml"
refuses "ring allgather with GPU 3's own chunk copied to o/1, not o/3 (MPI's layout)" "$T/offset.xml" \
  "^FAIL incomplete: gpu 3's o/3 holds nothing at the end; allgather puts chunk 0 of gpu 3's input there" --format msccl-xml --topo ring:4
ring_xml recv >"$T/lone.xml"
refuses "ring allgather with a send nobody receives" "$T/lone.xml" "^FAIL gpu 1 sends 3 chunks to gpu 2 .* receives 2" --format msccl-xml --topo ring:4
# GPU 1's last send reads o/4, a chunk of its output nobody writes (its o_chunks made 5)
sed -e 's/<gpu id="1" i_chunks="1" o_chunks="4"/<gpu id="1" i_chunks="1" o_chunks="5"/' \
  -e 's/<step s="2" type="s" srcbuf="o" srcoff="3"/<step s="2" type="s" srcbuf="o" srcoff="4"/' "$T/ring.xml" >"$T/wrong.xml"
refuses "a chunk sent that the GPU never received" "$T/wrong.xml" "^FAIL slot 3: gpu 1 tb 1 step 2 .* reads o/4 of gpu 1, which holds nothing then" --format msccl-xml --topo ring:4
# a deadlock: every GPU's first send waits (deps) on its first receive, the previous GPU's first send
awk '/type="s" srcbuf="i"/ { sub(/depid="-1" deps="-1"/, "depid=\"0\" deps=\"0\"") } { print }' \
  "$T/ring.xml" >"$T/dead.xml"
refuses "steps waiting on each other: deadlock" "$T/dead.xml" "^FAIL deadlock" --format msccl-xml --topo ring:4

# 3. bad input: exit 2, one line naming what, nothing on stdout
sed 's|</algo>|</algo|' "$T/ring.xml" >"$T/unclosed.xml"
sed '0,/srcoff="0"/s//srcoff="x"/' "$T/ring.xml" >"$T/badattr.xml"
sed 's/"version": 1,/"version": 1, "colour": "red",/' "$T/s.json" >"$T/unknown.json"
sed '0,/"task"/s//"tusk"/' "$T/s.json" >"$T/unknownmeta.json"
sed '0,/\[1, /s//[1 /' "$T/s.json" >"$T/badrow.json"
sed 's/coll="allgather"/coll="allscatter"/' "$T/ring.xml" >"$T/allscatter.xml"
sed '0,/type="s"/s//type="rrc"/' "$T/ring.xml" >"$T/rrc.xml"
"$BIN" schedule --topo hypercube:3 --task allreduce -o "$T/ar.tsv"
"$BIN" schedule --topo hypercube:3 --task kbcast --k 3 -o "$T/kb.tsv"
while IFS='|' read -r want args; do
  [ -z "$want" ] && continue
  # shellcheck disable=SC2086 # args are words
  "$BIN" $args >"$T/out" 2>"$T/err" </dev/null
  rc=$?
  expect "refused: $args" '[ $rc = 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -qE -- "$want" "$T/err"' \
    "want exit 2 and one line matching /$want/, got exit $rc: $(cat "$T/err")"
done <<EOF
line [0-9]+ col 1: unclosed tag </algo|verify --format msccl-xml --topo ring:4 $T/unclosed.xml
line 11 col 7: <step> attribute srcoff="x": expected an integer|verify --format msccl-xml --topo ring:4 $T/badattr.xml
line 3 col 17: unknown key "colour"|verify --format json $T/unknown.json
unknown key "tusk" in meta|verify --format json $T/unknownmeta.json
line [0-9]+ col [0-9]+: expected ','|verify --format json $T/badrow.json
coll="allscatter" is not supported|verify --format msccl-xml --topo ring:4 $T/allscatter.xml
<step type="rrc"> reduces, in a allgather|verify --format msccl-xml --topo ring:4 $T/rrc.xml
the schedule has 4 GPUs, hypercube:3 has 8 nodes|verify --format msccl-xml --topo hypercube:3 $T/ring.xml
missing --topo|verify --format msccl-xml $T/ring.xml
unknown --format 'yaml'|verify --format yaml $T/ring.xml
unknown --format 'yaml'|export --format yaml $T/ar.tsv
unknown --from 'xml'|export --format json --from xml $T/ring.xml
msccl-xml: task kbcast is not supported: .*counters|export --format msccl-xml $T/kb.tsv
--alg builds a schedule|export --format json --alg greedy $T/ar.tsv
missing --format|export $T/ar.tsv
EOF
# -o is atomic: a refusal leaves no file
rm -f "$T/none.xml"
"$BIN" export --format msccl-xml "$T/kb.tsv" -o "$T/none.xml" 2>/dev/null
expect "a refused export writes no file" '[ $? = 2 ] && [ ! -e "$T/none.xml" ] && [ -z "$(ls "$T" | grep none.xml)" ]'
# a built schedule exported directly equals the exported file
"$BIN" export --format msccl-xml --topo hypercube:3 --task mnb -o "$T/direct.xml"
"$BIN" schedule --topo hypercube:3 --task mnb -o "$T/h3.tsv"
"$BIN" export --format msccl-xml "$T/h3.tsv" -o "$T/viafile.xml"
expect "export from a build = export from its TSV" 'cmp -s "$T/direct.xml" "$T/viafile.xml"'

echo "export: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
