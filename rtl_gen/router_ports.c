/* router_ports.c — the router port table (see router_ports.h). */
#include "router_ports.h"

#include <stdio.h>

typedef struct {
  rport_kind kind;
  const char *pattern; /* the name; %d is the lane */
  bool input;
  const char *what;    /* the comment on the first of its group */
} port_kind_info;

static const port_kind_info kinds[] = {
    [RP_CLK] = {.kind = RP_CLK, .pattern = "clk_i", .input = true, .what = NULL},
    [RP_RST] = {.kind = RP_RST, .pattern = "rst_ni", .input = true,
        .what = "asynchronous, active low: low for two rising edges of clk_i, so the ROM shows word 0"},
    [RP_START] = {.kind = RP_START, .pattern = "start_i", .input = true, .what = "while idle: run the schedule"},
    [RP_SLOT_EN] = {.kind = RP_SLOT_EN, .pattern = "slot_en_i", .input = true,
        .what = "a slot of several cycles: its last, the only one in which the router moves"},
    [RP_TASK] = {.kind = RP_TASK, .pattern = "task_i", .input = true,
        .what = "while idle: the task the next start runs (several tasks)"},
    [RP_DONE] = {.kind = RP_DONE, .pattern = "done_o", .input = false,
        .what = "from the end of a run until the next start"},
    [RP_ERR] = {.kind = RP_ERR, .pattern = "err_o", .input = false,
        .what = "a lane received when the schedule said nothing would come, or vice versa"},
    [RP_ROM_ADDR] = {.kind = RP_ROM_ADDR, .pattern = "rom_addr_o", .input = false,
        .what = "schedule ROM: the word of the next cycle"},
    [RP_ROM_DATA] = {.kind = RP_ROM_DATA, .pattern = "rom_data_i", .input = true, .what = NULL},
    [RP_TX_VALID] = {.kind = RP_TX_VALID, .pattern = "tx%d_valid_o", .input = false,
        .what = "lane %d, link: what it sends"},
    [RP_TX_FLIT] = {.kind = RP_TX_FLIT, .pattern = "tx%d_flit_o", .input = false, .what = NULL},
    [RP_RX_VALID] = {.kind = RP_RX_VALID, .pattern = "rx%d_valid_i", .input = true,
        .what = "lane %d, link: what it receives"},
    [RP_RX_FLIT] = {.kind = RP_RX_FLIT, .pattern = "rx%d_flit_i", .input = true, .what = NULL},
    [RP_INJ_REQ] = {.kind = RP_INJ_REQ, .pattern = "inj%d_req_o", .input = false,
        .what = "lane %d, local port: own packet for the next slot, {broadcast, dest}"},
    [RP_INJ_DEST] = {.kind = RP_INJ_DEST, .pattern = "inj%d_dest_o", .input = false, .what = NULL},
    [RP_INJ_FLIT] = {.kind = RP_INJ_FLIT, .pattern = "inj%d_flit_i", .input = true, .what = NULL},
    [RP_DLV_VALID] = {.kind = RP_DLV_VALID, .pattern = "dlv%d_valid_o", .input = false,
        .what = "lane %d, local port: a delivery"},
    [RP_DLV_FLIT] = {.kind = RP_DLV_FLIT, .pattern = "dlv%d_flit_o", .input = false, .what = NULL},
};
#define NKINDS (sizeof kinds / sizeof kinds[0])
#define FIRST_LANE_KIND RP_TX_VALID
_Static_assert(NKINDS == RP_DLV_FLIT + 1, "one row per port kind, in enum order");

static int width_of(const router_shape *s, rport_kind k) {
  switch (k) {
  case RP_ROM_ADDR: return shape_rom_addr_width(s);
  case RP_TASK: return s->task_width;
  case RP_SLOT_EN: return s->slot_cycles > 1;
  case RP_ROM_DATA: return s->word_width;
  case RP_TX_FLIT:
  case RP_RX_FLIT:
  case RP_INJ_FLIT:
  case RP_DLV_FLIT: return s->flit_width;
  case RP_INJ_DEST: return s->id_width + 1;
  default: return 1;
  }
}

size_t router_ports(const router_shape *s, router_port *out) {
  size_t n = 0;
  for (size_t k = 0; k < FIRST_LANE_KIND; k++) {
    if (!width_of(s, kinds[k].kind)) continue; /* task_i of a router of one task */
    out[n++] = (router_port){kinds[k].kind, -1, kinds[k].input, width_of(s, kinds[k].kind), ""};
    snprintf(out[n - 1].name, sizeof out[n - 1].name, "%s", kinds[k].pattern);
  }
  /* lane by lane, so that a lane's ports stand together */
  for (int p = 0; p < s->ports; p++)
    for (size_t k = FIRST_LANE_KIND; k < NKINDS; k++) {
      out[n] = (router_port){kinds[k].kind, p, kinds[k].input, width_of(s, kinds[k].kind), ""};
      snprintf(out[n].name, sizeof out[n].name, kinds[k].pattern, p);
      n++;
    }
  return n;
}

void emit_router_port_list(vwriter *w, const router_shape *s) {
  router_port ports[ROUTER_PORTS_MAX];
  size_t n = router_ports(s, ports);
  char r[24], note[96];
  vw_open(w, "module %s (", s->module ? s->module : ROUTER_MODULE);
  for (size_t i = 0; i < n; i++) {
    const router_port *p = &ports[i];
    const char *what = kinds[p->kind].what;
    if (what && p->lane >= 0) { /* a lane group: a heading */
      snprintf(note, sizeof note, what, p->lane);
      vw_line(w, "// %s", note);
    }
    vw_line(w, "%s wire %s%s%s%s%s", p->input ? "input " : "output", p->width > 1 ? vector_range(r, sizeof r, p->width) : "",
            p->name, i + 1 < n ? "," : "", what && p->lane < 0 ? "  // " : "", what && p->lane < 0 ? what : "");
  }
  vw_close(w, ");");
}

void router_port_name(rport_kind kind, int lane, char *buf, size_t len) { snprintf(buf, len, kinds[kind].pattern, lane); }
