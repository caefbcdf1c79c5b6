#!/usr/bin/env bash
# ensure_tools.sh CMD:PACKAGE ... — makes sure each command exists; installs the missing
# Debian packages (apt-get update once, then apt-get install -y) when run as root, otherwise
# prints the exact command to run and fails.
set -euo pipefail
missing=()
for pair in "$@"; do
  cmd=${pair%%:*} pkg=${pair#*:}
  if ! command -v "$cmd" >/dev/null 2>&1 && ! [ -e "$cmd" ]; then
    case " ${missing[*]-} " in *" $pkg "*) ;; *) missing+=("$pkg") ;; esac
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "romnoc: missing packages: ${missing[*]}" >&2
  echo "romnoc: run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "-- INSTALL ${missing[*]} --"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q "${missing[@]}"
