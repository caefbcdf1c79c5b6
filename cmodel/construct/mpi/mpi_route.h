/* mpi_route.h — the MPI library's collective algorithms run on romnoc's fabric: one engine that
 * turns an algorithm's messages between ranks into schedule rows (docs/SCHEDULES.md, "The MPI
 * library's algorithms (baselines)").
 *
 * An algorithm (mpi_*.c, one per algorithm) lists its messages as a plan: for each step, which
 * rank sends which packets of the task (origin, dest) to which rank. Ranks are node ids. The
 * engine (mpi_route) then moves every packet of every message along one fixed shortest path,
 * store-and-forward, under mla (every directed link carries one packet per slot):
 *   route   dimension order: the hypercube's dimensions lowest first; a ring, torus or mesh's
 *           dimension 0 first, each ring dimension the shorter way round, ties the +1 way
 *   links   each directed link is a FIFO: of the packets waiting for it, the one that became
 *           ready there first goes; ties in the order the plan lists them (step, message,
 *           packet). A packet is ready at a node in the slot after it arrived there.
 *   steps   MPI's blocking sendrecv: rank r sends its messages of step s (all at once) in the
 *           slot after the last packet of all messages of steps < s addressed to r arrived at r
 *           (slot 1 if none); a rank never waits for its own sends.
 *   delivery a personalized packet is delivered where it first reaches its destination: a
 *           route through it ends there, and no later message carries it (the hardware
 *           hands it to the local port there).
 */
#ifndef ROMNOC_MPI_ROUTE_H
#define ROMNOC_MPI_ROUTE_H

#include <stddef.h>
#include <stdint.h>

#include "model/schedule.h"

typedef struct {
  uint32_t origin;
  int32_t dest; /* -1 for a broadcast packet */
} mpi_item;

typedef struct {
  uint32_t step, src, dst;
  size_t first, count; /* its packets: items[first .. first+count) */
} mpi_msg;

typedef struct {
  mpi_msg *msgs;
  size_t nmsgs, capm;
  mpi_item *items;
  size_t nitems, capi;
} mpi_plan;

void mpi_plan_init(mpi_plan *p);
void mpi_plan_free(mpi_plan *p);

/* Starts a message of step from rank src to rank dst (src != dst); the packets mpi_plan_item
 * adds next are its. Returns 0, or -1 if memory runs out. */
int mpi_plan_msg(mpi_plan *p, uint32_t step, uint32_t src, uint32_t dst);
int mpi_plan_item(mpi_plan *p, uint32_t origin, int32_t dest);

/* Runs plan on s's topology (rules above) and appends the rows to s. Every packet a rank
 * sends must be its own or have reached it in a message of an earlier step (the algorithm's
 * duty; the verifier checks it). Returns 0, or -1 if memory runs out. */
int mpi_route(sched *s, const mpi_plan *p);

/* Fills a fresh plan with plan_fn (0, or -1 if memory runs out), routes it onto s (mpi_route)
 * and frees it: an algorithm's whole construction. Returns 0 or -1. */
int mpi_run(sched *s, int (*plan_fn)(mpi_plan *p, const sched *s));

/* The steps of a hypercube-style algorithm on N ranks: ceil(log2 N). */
uint32_t mpi_log2_ceil(uint32_t n);

/* 0 if N is a power of two (recursive doubling), else -1 with the reason in why. */
int mpi_pow2_applies(const sched *s, char *why, size_t len);

#endif
