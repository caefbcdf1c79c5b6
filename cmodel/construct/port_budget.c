/* port_budget.c — per-slot capacity of the port models (see port_budget.h). */
#include "construct/port_budget.h"

#include <stdlib.h>

int port_budget_init(port_budget *b, const topo *t, model_kind model) {
  *b = (port_budget){t, model, NULL, NULL, NULL};
  uint64_t n = t->nodes;
  if (model == MODEL_MLA || model == MODEL_ONEWAY) {
    b->link = calloc(n * (uint64_t)t->ports, sizeof *b->link);
    if (b->link) return 0;
  } else {
    b->send = calloc(n, sizeof *b->send);
    b->recv = model == MODEL_SP_FULL ? calloc(n, sizeof *b->recv) : b->send;
    if (b->send && b->recv) return 0;
  }
  port_budget_free(b);
  return -1;
}

void port_budget_free(port_budget *b) {
  free(b->link);
  if (b->recv != b->send) free(b->recv);
  free(b->send);
  *b = (port_budget){b->t, b->model, NULL, NULL, NULL};
}

bool port_budget_can_send(const port_budget *b, uint32_t slot, uint32_t src) {
  return b->send ? b->send[src] != slot : true;
}

bool port_budget_take(port_budget *b, uint32_t slot, uint32_t src, int port, uint32_t dst) {
  uint32_t *a, *c = NULL;
  switch (b->model) {
  case MODEL_MLA: a = &b->link[(uint64_t)src * (uint32_t)b->t->ports + (uint32_t)port]; break;
  case MODEL_ONEWAY: { /* the wire is named by its lower end */
    uint32_t lo = src < dst ? src : dst, hi = src ^ dst ^ lo;
    a = &b->link[(uint64_t)lo * (uint32_t)b->t->ports + (uint32_t)topo_port_to(b->t, lo, hi)];
    break;
  }
  default:
    a = &b->send[src];
    c = &b->recv[dst];
    break;
  }
  if (*a == slot || (c && *c == slot)) return false;
  *a = slot;
  if (c) *c = slot;
  return true;
}
