/* ir_tasks.c — several packet tasks joined into one IR (see ir_tasks.h). */
#include "ir_tasks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t ir_task_stride(const ir_run *runs, uint32_t n, bool back_to_back) {
  uint32_t most = 0;
  for (uint32_t k = 0; k < n; k++)
    if (runs[k].slots > most) most = runs[k].slots;
  uint32_t need = most + 2 + (back_to_back ? 2 : 0), stride = 1;
  while (stride < need) stride <<= 1;
  return stride;
}

/* 0 if part k can join parts[0], else -1 with the reason. */
static int joinable(const ir_fabric *parts, uint32_t k, char *err, size_t errlen) {
  const ir_fabric *p = &parts[k];
  if (p->active || p->fraction > 1 || p->tagged)
    snprintf(err, errlen, "task %s has an active set: several tasks in one fabric are snb, mnb, scatter, gather "
             "and te", task_name(p->task));
  else if (p->model != parts[0].model)
    snprintf(err, errlen, "task %s's port model is %s, task %s's %s: every task of one fabric has one port model",
             task_name(p->task), model_name(p->model), task_name(parts[0].task), model_name(parts[0].model));
  else
    return 0;
  return -1;
}

/* Copies part k's program for node u (its shared one, translated, if it has one and out has
 * not) into out's program u at slots base+1..., with the slots it names (a forward's arrival,
 * a partial's combine, a combine's base) moved by base too. */
static void copy_program(ir_fabric *out, const ir_fabric *part, uint32_t u, uint32_t base) {
  const fabric_desc *fd = out->fd;
  int ports = fd->ports;
  uint32_t from = part->shared ? 0 : u;
  bool translate = part->shared && !out->shared;
  ir_program *to = &out->programs[u];
  for (uint32_t s = 1; s <= part->slots; s++)
    for (int p = 0; p < ports; p++) {
      size_t at = (size_t)(base + s) * ports + p;
      ir_send o = *ir_send_at(part, from, s, p);
      ir_recv in = *ir_recv_at(part, from, s, p);
      if (o.kind == IR_SEND_FORWARD || (o.kind == IR_SEND_PARTIAL && o.from_slot)) o.from_slot += base;
      if (translate && o.kind == IR_SEND_LOCAL && !o.bcast) o.dest = fabric_translate(fd, u, o.dest);
      if (translate && in.deliver) {
        in.origin = fabric_translate(fd, u, in.origin);
        if (in.dest >= 0) in.dest = (int32_t)fabric_translate(fd, u, (uint32_t)in.dest);
      }
      to->send[at] = o;
      to->recv[at] = in;
      if (!part->programs[from].comb) continue;
      ir_combine c = *ir_combine_at(part, from, s, p);
      if (c.base == IR_BASE_HELD) c.base_slot += base;
      to->comb[at] = c;
    }
}

/* Empty programs for f (f->nprograms of slots 0..f->slots; with combines if comb): 0, or -1
 * when memory runs out (f then owns no programs). */
static int alloc_programs(ir_fabric *f, bool comb) {
  size_t cells = ((size_t)f->slots + 1) * f->fd->ports;
  f->programs = calloc(f->nprograms, sizeof *f->programs);
  bool ok = f->programs != NULL;
  for (uint32_t u = 0; ok && u < f->nprograms; u++) {
    ir_program *pr = &f->programs[u];
    pr->send = calloc(cells, sizeof *pr->send);
    pr->recv = calloc(cells, sizeof *pr->recv);
    pr->comb = comb ? calloc(cells, sizeof *pr->comb) : NULL;
    ok = pr->send && pr->recv && (!comb || pr->comb);
  }
  if (ok) return 0;
  ir_free(f);
  return -1;
}

int ir_join(ir_fabric *out, const ir_fabric *parts, uint32_t n, bool back_to_back, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  for (uint32_t k = 0; k < n; k++)
    if (joinable(parts, k, err, errlen)) return -1;
  const fabric_desc *fd = parts[0].fd;
  *out = (ir_fabric){.fd = fd, .task = parts[0].task, .model = parts[0].model, .root = parts[0].root,
                     .op = parts[0].op, .fraction = 1, .ntasks = n, .shared = true};
  bool combines = false;
  for (uint32_t k = 0; k < n; k++) {
    out->runs[k] = (ir_run){parts[k].task, parts[k].root, 0, parts[k].slots};
    combines = combines || task_combines(parts[k].task);
    out->shared = out->shared && parts[k].shared;
    out->deliveries += parts[k].deliveries;
  }
  uint32_t stride = ir_task_stride(out->runs, n, back_to_back);
  for (uint32_t k = 0; k < n; k++) out->runs[k].base = k * stride;
  out->slots = (n - 1) * stride + parts[n - 1].slots;
  out->nprograms = out->shared ? 1 : fd->nodes;
  if (alloc_programs(out, combines)) {
    snprintf(err, errlen, "out of memory joining the tasks' programs on %s", fd->topo_name);
    return -1;
  }
  for (uint32_t u = 0; u < out->nprograms; u++)
    for (uint32_t k = 0; k < n; k++) copy_program(out, &parts[k], u, k * stride);
  return 0;
}

uint32_t ir_combining_runs(const ir_fabric *f) {
  uint32_t n = 0;
  for (uint32_t k = 0; k < f->ntasks; k++) n += task_combines(f->runs[k].task);
  return n;
}

int ir_keep_kind(ir_fabric *out, const ir_fabric *f, bool combining) {
  *out = *f;
  out->active = NULL; /* (joined fabrics have no active set) */
  if (alloc_programs(out, combining)) return -1;
  for (uint32_t u = 0; u < f->nprograms; u++) {
    const ir_program *from = &f->programs[u];
    ir_program *to = &out->programs[u];
    for (uint32_t k = 0; k < f->ntasks; k++) {
      const ir_run *r = &f->runs[k];
      if (task_combines(r->task) != combining) continue;
      size_t at = (size_t)(r->base + 1) * f->fd->ports, n = (size_t)r->slots * f->fd->ports;
      memcpy(to->send + at, from->send + at, n * sizeof *to->send);
      memcpy(to->recv + at, from->recv + at, n * sizeof *to->recv);
      if (combining) memcpy(to->comb + at, from->comb + at, n * sizeof *to->comb);
    }
  }
  for (uint32_t k = 0; k < f->ntasks; k++)
    if (task_combines(f->runs[k].task) == combining) out->task = f->runs[k].task;
  return 0;
}
