#!/usr/bin/env bash
# kbcast_plot.sh — draws the slots of kbcast's constructions against K for one hypercube:d as an
# SVG line chart, from the output of `cmodel table --task kbcast --k all` (docs/KBCAST.md).
#   bench/tables/kbcast_plot.sh TABLE.txt D OUT.svg
# Plain SVG written by awk: no plotting package needed. The output is written to OUT.svg.tmp.PID
# and renamed when complete.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: bench/tables/kbcast_plot.sh TABLE.txt D OUT.svg" >&2
  exit 2
fi
table=$1 d=$2 out=$3
[ -r "$table" ] || { echo "kbcast_plot.sh: cannot read '$table'" >&2; exit 2; }
case $d in ''|*[!0-9]*) echo "kbcast_plot.sh: D '$d' is not a number" >&2; exit 2 ;; esac
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
awk -v D="$d" '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  $1 == D && $2 ~ /^[0-9]+$/ { n++; K[n] = $2; for (c in col) v[c, n] = $(col[c]) }
  END {
    if (!n) { print "kbcast_plot.sh: no rows for d=" D > "/dev/stderr"; exit 2 }
    split("lb 001 same-order random offline mnb-subset", series, " ")
    split("#000000 #d62728 #1f77b4 #ff7f0e #2ca02c #9467bd", colour, " ")
    split("the lower bound max(d, ceil((N-1)K/(dN)));001 (s3.2, distributed, prefix): 2ceil(K/d)+4d;same-order trees (s3.3.1);random roots, no prefix (s3.2);offline, rarest first (set known);mnb-subset: 000 MNB minus inactive (set known)", label, ";")
    ymax = 0
    for (i = 1; i <= n; i++) for (s = 1; s <= 6; s++) if (v[series[s], i] + 0 > ymax) ymax = v[series[s], i] + 0
    ystep = ymax > 200 ? 50 : ymax > 80 ? 20 : ymax > 40 ? 10 : 5
    ymax = int((ymax + ystep - 1) / ystep) * ystep
    W = 760; H = 460; L = 60; R = 20; T = 40; B = 50
    kmax = K[n]
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    printf "<text x=\"%d\" y=\"22\" font-size=\"15\">kbcast on hypercube:%d: slots against the number of broadcasters K</text>\n", L, D
    for (y = 0; y <= ymax; y += ystep) {
      py = T + (H - T - B) * (1 - y / ymax)
      printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n", L, py, W - R, py
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n", L - 6, py + 4, y
    }
    for (x = 0; x <= kmax; x += kmax / 8) {
      px = L + (W - L - R) * x / kmax
      printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#dddddd\"/>\n", px, T, px, H - B
      printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", px, H - B + 16, x
    }
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">K (active nodes)</text>\n", (L + W - R) / 2, H - 12
    printf "<text x=\"16\" y=\"%d\" transform=\"rotate(-90 16 %d)\" text-anchor=\"middle\">slots</text>\n", (T + H - B) / 2, (T + H - B) / 2
    for (s = 1; s <= 6; s++) {
      pts = ""
      for (i = 1; i <= n; i++) {
        if (v[series[s], i] !~ /^[0-9]+$/) continue
        pts = pts sprintf("%.1f,%.1f ", L + (W - L - R) * K[i] / kmax, T + (H - T - B) * (1 - v[series[s], i] / ymax))
      }
      printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" points=\"%s\"/>\n", colour[s], s == 1 ? 2.5 : 1.5, pts
      printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", L + 14, T + 8 + 16 * s, L + 34, T + 8 + 16 * s, colour[s]
      printf "<text x=\"%d\" y=\"%d\">%s</text>\n", L + 40, T + 12 + 16 * s, label[s]
    }
    print "</svg>"
  }' "$table" > "$tmp"
mv "$tmp" "$out"
trap - EXIT
