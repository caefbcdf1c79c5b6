#!/usr/bin/env bash
# dynbcast_plot.sh DATA.tsv OUT.svg — draws the mean delay of 004 §5's dynamic broadcasting
# against the load rho, from the output of `cmodel dynbcast` (bench/tables/dynbcast_sweep.sh's
# build/dynbcast/p8.tsv): one panel per topology, one colour per series (whole or split packets,
# t_p = 0 or 1); measured T with its 95% interval as dots and error bars on a solid line, the
# bound (11) dashed, the stability limit rho* a dotted vertical line, loads beyond rho* hollow
# dots. The delay axis is logarithmic: the bound grows without limit at rho*, the delays differ
# by a factor of ten between t_p = 0 and 1.
# Plain SVG written by awk, as bench/tables/kbcast_plot.sh: no plotting package, the same bytes from
# the same data. The output goes to OUT.svg.tmp.PID and is renamed when complete.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: bench/tables/dynbcast_plot.sh DATA.tsv OUT.svg" >&2
  exit 2
fi
data=$1 out=$2
[ -r "$data" ] || { echo "dynbcast_plot.sh: cannot read '$data'" >&2; exit 2; }
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
LC_ALL=C awk -F'\t' '
  function px(x) { return PL + PW * x / XMAX }
  function py(y) { return PT + PH * (1 - (log(y) / log(10) - LO) / (HI - LO)) }
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  {
    n++
    topo[n] = $(col["topo"]); key[n] = $(col["model"]) " " $(col["tp"])
    rho[n] = $(col["rho"]) + 0; t[n] = $(col["T"]) + 0; ci[n] = $(col["ci95"]) + 0
    b[n] = $(col["bound11"]); star[n] = $(col["rho_star"]) + 0
    if (!(topo[n] in seen)) { seen[topo[n]] = 1; panel[++np] = topo[n] }
    if (n == 1 || t[n] - ci[n] < ymin) ymin = t[n] - ci[n]
    if (t[n] + ci[n] > ymax) ymax = t[n] + ci[n]
    if (b[n] != "unstable" && b[n] + 0 > ymax) ymax = b[n] + 0
    if (rho[n] > xmax) xmax = rho[n]
  }
  END {
    if (!n) { print "dynbcast_plot.sh: no data rows" > "/dev/stderr"; exit 2 }
    split("whole 0;whole 1;split 0;split 1", keys, ";")
    split("#1f77b4 #d62728 #2ca02c #ff7f0e", colour, " ")
    split("whole packets, tₚ = 0;whole packets, tₚ = 1;split, tₚ = 0;split, tₚ = 1", label, ";")
    for (k = 1; k <= 4; k++) kidx[keys[k]] = k
    LO = int(log(ymin) / log(10)); if (10 ^ LO > ymin) LO--
    HI = int(log(ymax) / log(10)); if (10 ^ HI < ymax) HI++
    XMAX = int(xmax * 10 + 0.999) / 10
    W = 1040; H = 520; PW = 400; PH = 380; PT = 70; GAP = 110
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    printf "<text x=\"80\" y=\"24\" font-size=\"15\">dynamic broadcasting (004 §5), p = 8, d = 2: mean delay T against the load ρ = λNX (12)</text>\n"
    printf "<text x=\"80\" y=\"44\">solid, dots: measured T with its 95%% interval; dashed: the bound (11); dotted: the stability limit ρ* (14); hollow: beyond ρ*</text>\n"
    for (q = 1; q <= np; q++) {
      PL = 80 + (q - 1) * (PW + GAP)
      printf "<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\">%s</text>\n", PL + PW / 2, PT - 8, panel[q]
      for (e = LO; e <= HI; e++)
        for (m = 1; m <= 9; m++) {
          y = m * 10 ^ e
          if (y > 10 ^ HI) break
          printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n", PL, py(y), PL + PW, py(y), m == 1 ? "#bbbbbb" : "#eeeeee"
          if (m == 1 || m == 2 || m == 5) printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", PL - 6, py(y) + 4, y
        }
      for (x = 0; x <= XMAX + 1e-9; x += 0.1) {
        printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eeeeee\"/>\n", px(x), PT, px(x), PT + PH
        printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.1f</text>\n", px(x), PT + PH + 16, x
      }
      printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444444\"/>\n", PL, PT, PW, PH
      printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">ρ</text>\n", PL + PW / 2, PT + PH + 36
      printf "<text x=\"%d\" y=\"%d\" transform=\"rotate(-90 %d %d)\" text-anchor=\"middle\">T (packet times)</text>\n", PL - 50, PT + PH / 2, PL - 50, PT + PH / 2
      for (k = 1; k <= 4; k++) {
        c = colour[k]; meas = ""; bnd = ""; s = 0
        for (i = 1; i <= n; i++) {
          if (topo[i] != panel[q] || kidx[key[i]] != k) continue
          s = star[i]
          if (rho[i] <= star[i]) meas = meas sprintf("%.1f,%.1f ", px(rho[i]), py(t[i]))
          if (b[i] != "unstable") bnd = bnd sprintf("%.1f,%.1f ", px(rho[i]), py(b[i]))
        }
        if (!s) continue
        printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-dasharray=\"2,3\"/>\n", px(s), PT, px(s), PT + PH, c
        printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" stroke-dasharray=\"6,4\" points=\"%s\"/>\n", c, bnd
        printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"/>\n", c, meas
        for (i = 1; i <= n; i++) {
          if (topo[i] != panel[q] || kidx[key[i]] != k) continue
          lo = t[i] - ci[i] > 0 ? t[i] - ci[i] : t[i]
          printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px(rho[i]), py(lo), px(rho[i]), py(t[i] + ci[i]), c
          printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\" stroke=\"%s\"/>\n", px(rho[i]), py(t[i]), rho[i] <= star[i] ? c : "white", c
        }
        printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", PL + 12, PT + 6 + 16 * k, PL + 32, PT + 6 + 16 * k, c
        printf "<text x=\"%d\" y=\"%d\">%s (ρ* = %.3f)</text>\n", PL + 38, PT + 10 + 16 * k, label[k], s
      }
    }
    print "</svg>"
  }' "$data" >"$tmp"
mv "$tmp" "$out"
trap - EXIT
