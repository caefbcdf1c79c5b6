/* ir_tasks.h — several tasks in one fabric (rtl_gen --task a,b,...): their IRs, built on
 * one fabric description, joined into one whose runs (ir.h, ir_run) the router chooses between
 * at each start. Task k's program takes slots k*stride+1 .. k*stride+S_k, the rest of its
 * stretch empty, so that one router plans every task's sources, banks and ROM words at once
 * (the union of the lanes' sources, memories sized for the most demanding task) and a run of
 * task k reads ROM words {k, cycle}: the stride is the power of two that holds a run's cycles
 * 0..S_k+1 (and the two merged words of a design that runs back to back, arch.h).
 */
#ifndef ROMNOC_IR_TASKS_H
#define ROMNOC_IR_TASKS_H

#include "ir.h"

/* The stride of n runs: the least power of two of at least max S_k + 2 entries (+ 2 when the
 * runs go back to back); the router's counter (router_shape.cycle_width) counts within it. */
uint32_t ir_task_stride(const ir_run *runs, uint32_t n, bool back_to_back);

/* Joins parts[0..n-1] (2..IR_MAX_TASKS IRs on one fabric description and port model, packet
 * or combining tasks) into out, whose programs are shared if every part's is, else one per node
 * (a shared part's offsets translated per node; a combining part's combines kept, with out->op
 * its op). Returns 0, or -1 with the reason in err: a task with an active set or pieces, two
 * models, or out of memory. The parts stay the caller's. */
int ir_join(ir_fabric *out, const ir_fabric *parts, uint32_t n, bool back_to_back, char *err, size_t errlen);

/* How many of f's runs are of combining tasks (reduce, reduce_scatter, allreduce, global_sum). */
uint32_t ir_combining_runs(const ir_fabric *f);

/* A copy of f (its own programs; out->task one of the kind) in which only the runs of combining
 * tasks (combining) or of packet tasks (!combining) do anything: the others' stretches are
 * empty, their runs' slots still counted (the router of arch_mixed.c plans each kind on its
 * own, in step with the other). Returns 0, or -1 if memory runs out (out then owns nothing). */
int ir_keep_kind(ir_fabric *out, const ir_fabric *f, bool combining);

#endif
