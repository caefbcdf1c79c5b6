// tb_selftest.cpp — the Verilator bench of the self-testing board top (romnoc_selftest, make fpga):
// it only clocks the top, as the board's oscillator does, and reads what a user at the board would
// see: the UART line (8N1, +baud=N cycles a bit, the top's BAUD_DIV) and the LEDs.
//   Vromnoc_selftest [+baud=104] [+max_cycles=N]
// Prints "SELFTEST <the line> report_cycle=C leds=0xLL" (C: the line's first start bit) and exits 0 if the line is a PASS and the LEDs
// say PASS, 1 otherwise (a FAIL line, LEDs that disagree with the line, or no line in time).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "Vromnoc_selftest.h"
#include "verilated.h"

static unsigned long plus_value(const char *name, unsigned long fallback) {
  const char *v = Verilated::commandArgsPlusMatch(name);  // "+name=value" or ""
  const char *eq = v ? std::strchr(v, '=') : nullptr;
  return eq ? std::strtoul(eq + 1, nullptr, 10) : fallback;
}

int main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  const unsigned long baud = plus_value("baud", 104), max_cycles = plus_value("max_cycles", 50000000UL);
  Vromnoc_selftest top;
  std::string line;
  unsigned long cycle = 0, bit_start = 0, line_start = 0;
  int bit = -1;  // -1: idle; 0: in the start bit; 1..8: data bits; 9: the stop bit
  unsigned ch = 0;
  top.clk_i = 0;
  top.eval();
  for (; cycle < max_cycles; cycle++) {
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    top.eval();
    const bool tx = top.uart_tx_o;
    if (bit < 0) {
      if (!tx) bit = 0, bit_start = cycle, ch = 0, line_start = line.empty() ? cycle : line_start;
      continue;
    }
    if (cycle - bit_start != baud * (unsigned long)bit + baud / 2) continue;  // the middle of bit `bit`
    if (bit >= 1 && bit <= 8) ch |= (tx ? 1u : 0u) << (bit - 1);
    if (bit == 0 && tx) bit = -1;           // a glitch, not a start bit
    else if (bit == 9) {
      bit = -1;
      if (!tx) { std::printf("SELFTEST framing error in character %zu\n", line.size()); return 1; }
      if (ch == '\n') break;
      if (ch != '\r') line += (char)ch;
    } else bit++;
  }
  const unsigned leds = top.led_o;
  if (cycle >= max_cycles) {
    std::printf("SELFTEST no line in %lu cycles (so far: '%s') leds=0x%02x\n", max_cycles, line.c_str(), leds);
    return 1;
  }
  std::printf("SELFTEST %s report_cycle=%lu leds=0x%02x\n", line.c_str(), line_start, leds);
  const bool pass_line = line.rfind("PASS ", 0) == 0, pass_leds = (leds & 3) == 1, fail_leds = (leds & 3) == 2;
  if (pass_line != pass_leds || pass_line == fail_leds) {
    std::printf("SELFTEST the LEDs (0x%02x) disagree with the line\n", leds);
    return 1;
  }
  return pass_line ? 0 : 1;
}
