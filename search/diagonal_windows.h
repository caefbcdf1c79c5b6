/* diagonal_windows.h — te --lanes --diagonals (docs/SCHEDULES.md, "te on the 16x16 torus:
 * diagonals in windows"): on a K x K torus (K even) node 0's packet to (a, b) belongs to
 * diagonal c = (b - a) mod K. Every diagonal holds one packet per coordinate value in either
 * dimension, so each carries K^2/4 hops per dimension: (K/2)(K/2 - 1)/2 by +e_i, as many by
 * -e_i, and K/2 by whichever direction its half-ring packet takes. Diagonals c and c + K/2
 * together therefore fill every generator for exactly K^2/4 slots when their half-ring packets
 * go opposite ways — a window of K^2/4 slots. The te bound on the K x K torus is K^3/8 slots,
 * K/2 windows: the packets of diagonals c and c + K/2 (c < K/2) move only in slots
 * c K^2/4 + 1 .. (c + 1) K^2/4. The search is then K/2 problems of one window each, coupled only
 * by the sources per port; unsat covers windowed templates only.
 */
#ifndef ROMNOC_DIAGONAL_WINDOWS_H
#define ROMNOC_DIAGONAL_WINDOWS_H

#include <stddef.h>
#include <stdint.h>

#include "model/topo.h"

/* Sets lo[d], hi[d] (d = 1..N-1; arrays of N entries) to the slots packet d may move in, for
 * the K x K torus t in `slots` slots. 0, or -1 with the reason in err (t not a 2-D torus of
 * equal even sizes, or slots not K/2 windows of K^2/4). */
int diagonal_windows(const topo *t, uint32_t slots, uint32_t *lo, uint32_t *hi, char *err, size_t errlen);

#endif
