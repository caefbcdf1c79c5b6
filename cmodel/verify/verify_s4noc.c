/* verify_s4noc.c — the S4NOC models' local-port and bufferless rules (see
 * verify_s4noc.h). */
#include "verify/verify_s4noc.h"

#include <stdio.h>
#include <stdlib.h>

struct local_port_check {
  bool templated, bufferless;
  /* per node (one entry in template mode): the last slot it injected, what, and ejected */
  uint32_t *inj_slot, *ej_slot;
  uint64_t *inj_packet;
  uint32_t *arrived; /* bufferless: per key, the slot the packet reached that node (0: never) */
};

local_port_check *local_port_check_new(const topo *t, model_kind m, bool templated, uint64_t keys) {
  local_port_check *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  uint64_t nodes = templated ? 1 : t->nodes;
  c->templated = templated;
  c->bufferless = model_is_bufferless(m);
  c->inj_slot = calloc(nodes, sizeof *c->inj_slot);
  c->ej_slot = calloc(nodes, sizeof *c->ej_slot);
  c->inj_packet = calloc(nodes, sizeof *c->inj_packet);
  if (c->bufferless) c->arrived = calloc(keys ? keys : 1, sizeof *c->arrived);
  if (c->inj_slot && c->ej_slot && c->inj_packet && (!c->bufferless || c->arrived)) return c;
  local_port_check_free(c);
  return NULL;
}

void local_port_check_free(local_port_check *c) {
  if (!c) return;
  free(c->inj_slot);
  free(c->ej_slot);
  free(c->inj_packet);
  free(c->arrived);
  free(c);
}

/* The reason a second packet through the local port in r's slot breaks the model: at node
 * (injects or ejects), or, in template mode, everywhere (what the template does, what every node
 * then does). Returns -1. */
static int second_packet(const local_port_check *c, const sched_row *r, uint32_t node, const char *verb,
                         const char *template_does, const char *every_node_does, char *why, size_t len) {
  if (c->templated)
    snprintf(why, len, "the template %s in slot %u, so every node %s (the local port carries one per slot)", template_does,
             (unsigned)r->slot, every_node_does);
  else
    snprintf(why, len, "node %u %s two packets in slot %u (the local port carries one per slot)", (unsigned)node, verb,
             (unsigned)r->slot);
  return -1;
}

int local_port_check_row(local_port_check *c, const sched_row *r, uint64_t key_at_src, uint64_t packet_id,
                         bool delivery, char *why, size_t len) {
  uint32_t src = c->templated ? 0 : r->src, dst = c->templated ? 0 : r->dst;
  if (r->origin == r->src) {
    if (c->inj_slot[src] == r->slot && c->inj_packet[src] != packet_id)
      return second_packet(c, r, r->src, "injects", "injects two packets", "does", why, len);
    c->inj_slot[src] = r->slot;
    c->inj_packet[src] = packet_id;
  } else if (c->bufferless && c->arrived[key_at_src] + 1 != r->slot) {
    snprintf(why, len, "node %u sends on a packet it received in slot %u, not %u (s4noc-bufferless: a packet moves "
             "every slot until it is delivered)", (unsigned)r->src, (unsigned)c->arrived[key_at_src],
             (unsigned)r->slot - 1);
    return -1;
  }
  if (delivery) {
    if (c->ej_slot[dst] == r->slot)
      return second_packet(c, r, r->dst, "ejects", "delivers twice", "ejects two packets", why, len);
    c->ej_slot[dst] = r->slot;
  }
  return 0;
}

void local_port_note_arrival(local_port_check *c, uint64_t key, uint32_t slot) {
  if (c->bufferless) c->arrived[key] = slot;
}
