/* window_search.h — te_search --lanes --diagonals --by-window (docs/SCHEDULES.md, "te on the
 * 16x16 torus: diagonals in windows"). The windows of diagonal_windows.h share no slot and no
 * packet: they are coupled only by the sources per output port, which every window's moves
 * must find among the same K. So the search takes them one at a time, each a formula of one
 * window's packets (te_lean_cnf with window c): window 0 with at most K sources per port, then
 * every next window with the sources the windows before it need kept (true, and counted against
 * the K). The templates of the windows, decoded into one, are the whole te template, which the
 * golden model's verifier checks.
 *
 * Answers: sat when every window is; unsat when window 0 is (its packets are in every windowed
 * template, so none exists with K sources); unknown when a later window is unsat, since another
 * choice of the earlier windows' sources might leave it room, or when a solver runs out of time.
 * CaDiCaL only: a sat answer is certified by the verifier, and the only unsat it reports is one
 * window's.
 */
#ifndef ROMNOC_WINDOW_SEARCH_H
#define ROMNOC_WINDOW_SEARCH_H

#include "formulas.h"
#include "model/topo.h"

/* Searches t (a K x K torus, K even) in q->slots = K/2 windows with q->max_wait and q->sources,
 * each window for at most limit_s seconds (0: no limit). Prints one line: topo= slots= windows=
 * vars= clauses= (of the largest window's formula) cadical= cadical_s= (over all the windows)
 * window_s=s0,s1,... and, on sat, what search_lanes_report prints; -o writes the template to out
 * (if not NULL). Returns te_search's exit status: 0 when the solver ran, 1 if the template fails
 * the verifier or cannot be written, 2 (after one line on stderr) if t or q->slots do not fit the
 * windows. */
int window_search(const topo *t, const search_params *q, double limit_s, const char *out);

#endif
