/* scan_wrapper.c — the synthesis wrappers' pins and scan chains (see scan_wrapper.h). */
#include "scan_wrapper.h"

void scan_wrapper_ports(vwriter *w, const char *module) {
  vw_open(w, "module %s (", module);
  vw_line(w, "input  wire clk_i,");
  vw_line(w, "input  wire rst_ni,");
  vw_line(w, "input  wire start_i,");
  vw_line(w, "input  wire sin_i,  // scan-in of the router inputs");
  vw_line(w, "input  wire load_i,  // capture the router outputs into the scan-out chain");
  vw_line(w, "output wire sout_o,");
  vw_line(w, "output wire done_o");
  vw_close(w, ");");
  w->indent = 1;
}

void scan_wrapper_chains(vwriter *w, int in_bits, int out_bits) {
  vw_open(w, "always @(posedge clk_i) begin");
  vw_line(w, "in_q <= {in_q[%d:0], sin_i};", in_bits - 2);
  vw_line(w, "out_q <= load_i ? outs : {out_q[%d:0], 1'b0};", out_bits - 2);
  vw_close(w, "end");
  vw_line(w, "assign sout_o = out_q[%d];", out_bits - 1);
}
