/* fabric.c — the fabric description (see fabric.h). */
#include "fabric.h"

#include <stdio.h>
#include <stdlib.h>

#include "arch.h"

int fabric_describe(fabric_desc *fd, const topo *t, model_kind model) {
  *fd = (fabric_desc){0};
  snprintf(fd->topo_name, sizeof fd->topo_name, "%s", t->name);
  fd->nodes = t->nodes;
  fd->ports = t->ports;
  fd->id_width = rtl_clog2(t->nodes) ? rtl_clog2(t->nodes) : 1;
  fd->translation = topo_translation_of(t);
  fd->topo = *t;
  fd->model = model;
  fd->links = port_model_of(model)->links;
  fd->link_delay = 1;
  fd->one_local_port = port_model_of(model)->one_local_port;
  size_t lanes = (size_t)t->nodes * (size_t)t->ports;
  fd->neighbor = malloc(lanes * sizeof *fd->neighbor);
  fd->back = malloc(lanes * sizeof *fd->back);
  if (!fd->neighbor || !fd->back) {
    fabric_free(fd);
    return -1;
  }
  for (uint32_t u = 0; u < t->nodes; u++)
    for (int p = 0; p < t->ports; p++) {
      int64_t v = topo_neighbor(t, u, p);
      fd->neighbor[(size_t)u * t->ports + p] = (int32_t)v;
      fd->back[(size_t)u * t->ports + p] = v < 0 ? 0 : (uint8_t)topo_port_to(t, (uint32_t)v, u);
    }
  return 0;
}

int fabric_pipeline(fabric_desc *fd, int delay, char *why, size_t len) {
  if (delay == 1) return 0;
  if (fd->links != LINKS_DIRECTED) {
    snprintf(why, len, "--link-delay %d: model %s shares one channel per link between both directions, which link "
             "registers cannot pipeline (use a directed model such as mla)", delay, model_name(fd->model));
    return -1;
  }
  fd->links = LINKS_PIPELINED;
  fd->link_delay = delay;
  return 0;
}

uint32_t fabric_translate(const fabric_desc *fd, uint32_t u, uint32_t x) {
  return fd->translation == TRANS_NONE ? x : topo_add(&fd->topo, u, x);
}

int fabric_lane_to(const fabric_desc *fd, uint32_t u, uint32_t v) {
  for (int p = 0; p < fd->ports; p++)
    if (fd->neighbor[(size_t)u * fd->ports + p] == (int32_t)v) return p;
  return -1;
}

void fabric_free(fabric_desc *fd) {
  free(fd->neighbor);
  free(fd->back);
  fd->neighbor = NULL;
  fd->back = NULL;
}
