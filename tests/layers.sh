#!/usr/bin/env bash
# tests/layers.sh — cmodel's layers (docs/ARCHITECTURE.md, "The golden model's layers"): every
# #include of a cmodel header names its layer ("model/topo.h"), and no include points up or
# sideways. The order, lowest first; a layer may include its own folder and those of a lower
# rank only:
#   0 util   1 model   2 construct (and construct/mpi), verify, format   3 draw, study   4 tool
# Prints a FAIL line per offending include, then "layers: N passed, N failed"; exits 1 on any.
set -u
cd "$(dirname "$0")/.."
rank() {
  case $1 in
  util) echo 0 ;; model) echo 1 ;; construct | verify | format) echo 2 ;;
  draw | study) echo 3 ;; tool) echo 4 ;; *) echo x ;;
  esac
}
npass=0 nfail=0
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; }
layers=$(cd cmodel && ls -d */ | tr -d / | grep -vx templates)
for l in $layers; do
  [ "$(rank "$l")" != x ] && npass=$((npass + 1)) || fail "cmodel/$l/ is a folder of no layer (add it to tests/layers.sh and docs/ARCHITECTURE.md)"
done
# every include of a cmodel header, anywhere: FILE:LINE:HEADER
while IFS=: read -r file line header; do
  if [ ! -f "cmodel/$header" ]; then
    base=${header##*/}
    if [ -n "$(find cmodel -name "$base" -print -quit)" ] && [ ! -f "$(dirname "$file")/$header" ]; then
      fail "$file:$line includes \"$header\", a cmodel header not named by its layer"
    fi
    continue
  fi
  case $file in cmodel/*) ;; *) npass=$((npass + 1)); continue ;; esac
  from=${file#cmodel/} from=${from%%/*} to=${header%%/*}
  rf=$(rank "$from") rt=$(rank "$to")
  if [ "$from" = "$to" ] || { [ "$rf" != x ] && [ "$rt" != x ] && [ "$rt" -lt "$rf" ]; }; then
    npass=$((npass + 1))
  else
    fail "$file:$line ($from, rank $rf) includes $header ($to, rank $rt): an include that points up or sideways"
  fi
done < <(grep -rnoE '^#include "[^"]+"' --include='*.c' --include='*.h' --include='*.cpp' cmodel rtl_gen search sim tests |
  sed -E 's/#include "([^"]+)"/\1/')
echo "layers: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
