#!/usr/bin/env bash
# tests/mem_style.sh RTL_GEN — how synthesis maps the memories (rtl_gen --rom-style, --mem-style;
# rtl_gen/mem_style.h):
#   1. logic and block put rom_style / ram_style = that on every memory of the kind, in the
#      router, its ROM and the network interface (a declaration with $readmemh is a ROM, any other
#      memory a RAM), and nothing on the other kind; block skips the one memory read without a
#      register (the interface's drain map), which no block RAM can serve;
#   2. auto is the mapping before the option: block RAM where the router's plan puts a memory,
#      no style on the interface's memories; family puts no style anywhere;
#   3. Yosys follows them: torus:2x2 allgather,alltoall's system through synth_ice40 uses no block
#      RAM with both styles logic, and more block RAM with both block than with auto; and the
#      router's packet memories (ring:8 te, a banked router with memories) go to flip-flops with
#      --mem-style logic;
#   4. auto follows the family (rtl_gen --family): on Xilinx a planned memory of at most 64 words
#      (its LUT RAM's depth) keeps no style and synth_xilinx puts ring:8 te's router in LUT RAM and
#      no block RAM, where the iCE40 netlist asks Xilinx for block RAM; hypercube:6 te's 64-word ROM
#      is left to Xilinx's LUTs but stays block RAM on ECP5 (16-word LUT RAM); --family ice40 is
#      the default byte for byte; an unknown family is refused (tests/bad_input.sh);
#   5. --bram-budget 0 (make fpga) plans no router memory in block RAM, the default does;
#   6. a fabric whose nodes run one translated program (rom.hex) instantiates one ROM, which
#      synth_ice40 maps to ceil(rom_width/16) block RAMs (256 words or fewer), not a set per node;
#      the simulation fabric keeps a ROM per node, and a program per node (rom_n<u>.hex) a ROM
#      per node in both.
BIN=$1 NAME=mem_style
. "$(dirname "$0")/suite.sh"
. "$HERE/checks.sh"

# declarations DIR KIND: the memory declarations of DIR's Verilog, one per line, of KIND rom or ram
declarations() {
  awk -v kind="$2" '
    FNR == 1 { n = 0 }
    /reg .*\[[0-9]+:0\] *[A-Za-z_0-9]+ *\[0:[0-9]+\]/ { decl[FILENAME, ++n] = $0; nd[FILENAME] = n
      match($0, /[A-Za-z_0-9]+ *\[0:/); name[FILENAME, n] = substr($0, RSTART, RLENGTH); sub(/ *\[0:$/, "", name[FILENAME, n]) }
    /\$readmemh\(/ { rom[FILENAME, $0] = 1; for (i = 1; i <= n; i++) if (index($0, ", " name[FILENAME, i] ")")) isrom[FILENAME, i] = 1 }
    END { for (k in decl) { split(k, a, SUBSEP); r = ((a[1], a[2]) in isrom); if ((kind == "rom") == r) print decl[k] } }' "$1"/*.v
}

gen() { # gen NAME ARGS...: a design in $T/NAME
  local d=$T/$1
  shift
  "$BIN" "$@" -o "$d" >"$T/gen.log" 2>&1 || fail "generate $*" "rtl_gen failed" "$T/gen.log"
}
design=(--topo torus:2x2 --task allgather,alltoall --ni)
gen logic "${design[@]}" --rom-style logic --mem-style logic
gen block "${design[@]}" --rom-style block --mem-style block
gen mixed "${design[@]}" --rom-style logic --mem-style block
gen family "${design[@]}" --rom-style family --mem-style family
gen auto "${design[@]}"
gen auto_r8 --topo ring:8 --task te

for d in logic block mixed; do
  for kind in rom ram; do
    want=logic
    { [ $kind = rom ] && [ $d = block ]; } || { [ $kind = ram ] && [ $d != logic ]; } && want=block
    # block: the drain map, read without a register, keeps no style
    skip=$([ $want = block ] && echo 'drain_map' || echo '^$')
    n=$(declarations "$T/$d" $kind | grep -vc "$skip")
    bad=$(declarations "$T/$d" $kind | grep -v "$skip" | grep -vc "(\* ${kind}_style = \"$want\"")
    other=$(declarations "$T/$d" $kind | grep -c "$([ $kind = rom ] && echo ram || echo rom)_style")
    expect "$d: every $kind (of $n) asks for $want" '[ "$n" -ge 2 ] && [ "$bad" = 0 ] && [ "$other" = 0 ]' \
      "$bad of $n without it, $other with the other kind's style: $(declarations "$T/$d" $kind | head -n 3)"
  done
done
n=$(grep -c 'drain_map \[' "$T/block/romnoc_ni.v") styled=$(grep 'drain_map \[' "$T/block/romnoc_ni.v" | grep -c '_style')
expect "block: the drain map (read without a register) keeps no style" '[ "$n" = 1 ] && [ "$styled" = 0 ]' "$n, $styled"
n=$(cat "$T"/family/*.v | grep -c '_style')
expect "family: no memory has a style" '[ "$n" = 0 ]' "$n with one"
n=$(grep -c '_style' "$T/auto/romnoc_ni.v")
rom=$(grep -c '(\* rom_style = "block" \*) reg .* words \[' "$T/auto/romnoc_rom.v")
expect "auto: the router's ROM in block RAM as planned, no interface memory with a style" '[ "$n" = 0 ] && [ "$rom" = 1 ]' \
  "$n interface memories with a style, router ROM block: $rom"
n=$(declarations "$T/auto_r8" ram | grep -c 'ram_style = "block", no_rw_check')
expect "auto: ring:8 te's packet memories in block RAM as planned" '[ "$n" -ge 1 ]' "$n"

# brams DIR TOP FILELIST: block RAMs of synth_ice40 of TOP
brams() {
  (cd "$1" && yosys -q -p "read_verilog -defer $(grep -v '^//' "$3" | tr '\n' ' '); hierarchy -top $2; synth_ice40 -top $2; \
tee -q -o $T/stat stat") >/dev/null 2>&1 || { echo x; return; }
  awk '$1 == "SB_RAM40_4K" { n += $2 } END { print n + 0 }' "$T/stat"
}
b_logic=$(brams "$T/logic" romnoc_system files_system.f)
b_block=$(brams "$T/block" romnoc_system files_system.f)
b_auto=$(brams "$T/auto" romnoc_system files_system.f)
echo "    torus:2x2 system block RAMs: logic $b_logic, auto $b_auto, block $b_block"
expect "synth_ice40: logic uses no block RAM, block more than auto" '[ "$b_logic" = 0 ] && [ "$b_block" -gt "$b_auto" ]' \
  "logic $b_logic, auto $b_auto, block $b_block"
gen r8 --topo ring:8 --task te
gen r8logic --topo ring:8 --task te --mem-style logic --rom-style logic
m=$(declarations "$T/r8" ram | wc -l)
b8=$(brams "$T/r8logic" romnoc_fabric files.f)
expect "ring:8 te: the router's packet memories ($m) and ROM in logic take no block RAM" '[ "$m" -ge 1 ] && [ "$b8" = 0 ]' \
  "$m memories, $b8 block RAMs"

# 4. auto per family
gen r8x --topo ring:8 --task te --family xilinx
gen r8i --topo ring:8 --task te --family ice40
styled=$(cat "$T"/r8x/*.v | grep -c '_style')
expect "xilinx: ring:8 te's packet memories and ROM (at most 64 words) keep no style" '[ "$styled" = 0 ]' "$styled with one"
expect "--family ice40 writes the default design byte for byte" 'diff -r -q "$T/r8" "$T/r8i" >/dev/null' \
  "$(diff -r -q "$T/r8" "$T/r8i" | head -n 3)"
gen h6x --topo hypercube:6 --task te --family xilinx
gen h6e --topo hypercube:6 --task te --family ecp5
words=$(sed -n 's/^rom_words=//p' "$T/h6x/design.txt")
expect "hypercube:6 te's $words-word ROM: no style on xilinx (64-word LUT RAM), block RAM on ecp5 (16)" \
  '[ "$words" = 64 ] && ! grep -q rom_style "$T/h6x/romnoc_rom.v" && grep -q "rom_style = \"block\"" "$T/h6e/romnoc_rom.v"' \
  "xilinx: $(grep -c rom_style "$T/h6x/romnoc_rom.v"), ecp5: $(grep -c rom_style "$T/h6e/romnoc_rom.v")"
# xilinx_cells DIR: "RAMB LUTRAM" of synth_xilinx of the fabric
xilinx_cells() {
  (cd "$1" && yosys -q -p "read_verilog -defer $(grep -v '^//' files.f | tr '\n' ' '); hierarchy -top romnoc_fabric; synth_xilinx -top romnoc_fabric; \
tee -q -o $T/xstat stat") >/dev/null 2>&1 || { echo "x x"; return; }
  awk '$1 ~ /^RAMB/ { b += $2 } $1 ~ /^RAM(16|32|64|128|256)/ { l += $2 } END { print b + 0, l + 0 }' "$T/xstat"
}
read -r xb_i xl_i <<<"$(xilinx_cells "$T/r8i")"
read -r xb_x xl_x <<<"$(xilinx_cells "$T/r8x")"
echo "    ring:8 te fabric on synth_xilinx: iCE40 netlist $xb_i RAMB $xl_i LUTRAM, --family xilinx $xb_x RAMB $xl_x LUTRAM"
expect "synth_xilinx: --family xilinx takes no block RAM and LUT RAM instead, the iCE40 netlist block RAM" \
  '[ "$xb_x" = 0 ] && [ "$xl_x" -gt 0 ] && [ "$xb_i" -gt 0 ]' "iCE40 netlist $xb_i RAMB, xilinx $xb_x RAMB $xl_x LUTRAM"

# 5. the routers' block RAM budget
gen r8b0 --topo ring:8 --task te --bram-budget 0
n0=$(declarations "$T/r8b0" ram | grep -c 'ram_style = "block"')
n32=$(declarations "$T/r8" ram | grep -c 'ram_style = "block"')
expect "--bram-budget 0: no packet memory planned in block RAM (the default plans $n32)" '[ "$n0" = 0 ] && [ "$n32" -ge 1 ]' \
  "budget 0: $n0, default: $n32"

# 6. one ROM for a fabric of one translated program (the packet memories in logic: the block
# RAMs are the ROM's)
gen h3 --topo hypercube:3 --task te --mem-style logic
gen kb --topo hypercube:3 --task kbcast --k 3 --active-seed 2
roms() { grep -c "^ *romnoc_rom #" "$1"; }
expect "hypercube:3 te (rom.hex): one ROM in romnoc_fabric, 8 in the simulation fabric" \
  '[ -f "$T/h3/rom.hex" ] && [ "$(roms "$T/h3/romnoc_fabric.v")" = 1 ] && [ "$(roms "$T/h3/romnoc_sim_fabric.v")" = 8 ]' \
  "fabric $(roms "$T/h3/romnoc_fabric.v"), simulation fabric $(roms "$T/h3/romnoc_sim_fabric.v")"
expect "hypercube:3 kbcast (a program per node): 8 ROMs in romnoc_fabric" \
  '[ -f "$T/kb/rom_n7.hex" ] && [ "$(roms "$T/kb/romnoc_fabric.v")" = 8 ]' "$(roms "$T/kb/romnoc_fabric.v")"
rw=$(sed -n 's/^rom_width=//p' "$T/h3/design.txt") rwords=$(sed -n 's/^rom_words=//p' "$T/h3/design.txt")
bt=$(brams "$T/h3" romnoc_fabric files.f)
expect "synth_ice40: hypercube:3 te's fabric takes ceil($rw/16) block RAMs for its one ROM of $rwords words, not 8 times that" \
  'grep -q "rom_style = \"block\"" "$T/h3/romnoc_rom.v" && [ "$rwords" -le 256 ] && [ "$bt" = $(((rw + 15) / 16)) ]' "$bt block RAMs"

echo "$NAME: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
