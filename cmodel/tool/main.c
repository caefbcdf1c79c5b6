/* main.c — the cmodel command: the table of its commands and main(), which picks one. Each
 * command is a file of its own (cmd_<name>.c, declared in commands.h); only the commands print
 * diagnostics and choose exit codes: 0 success, 1 a schedule violates its task or model, 2 bad
 * input (one line on stderr naming the bad value). */
#include <stdio.h>
#include <string.h>

#include "tool/commands.h"
#include "util/version.h"

/* The commands, in the order --help lists them; each is declared in commands.h. */
static const struct {
  const char *name;
  const char *help; /* --help's lines: wrapped by hand, continuation lines indented */
  int (*run)(int argc, char **argv);
} commands[] = {
    {.name = "schedule", .help = "write the schedule of a task as a TSV (exchange format)", .run = cmd_schedule},
    {.name = "verify", .help = "check a schedule (TSV, JSON or MSCCL XML) against a task and port model", .run = cmd_verify},
    {.name = "export", .help = "write a schedule as JSON or MSCCL XML (or TSV) (docs/EXPORT.md)", .run = cmd_export},
    {.name = "info", .help = "print a topology's nodes, ports, links and diameter, or a task's names", .run = cmd_info},
    {.name = "table",
     .help = "generate and verify a range of schedules: slots and transmissions against\n"
             "            their lower bounds (paper 000's Table 1 for the hypercube)",
     .run = cmd_table},
    {.name = "kbcast-random", .help = "how often 001's randomized K-broadcast meets its C K/d budget", .run = cmd_kbcast_random},
    {.name = "dynbcast",
     .help = "004 s5's dynamic broadcasting: Poisson arrivals served by PMNB rounds; the\n"
             "            mean delay against the bound (11) (docs/DYNAMIC.md)",
     .run = cmd_dynbcast},
    {.name = "draw",
     .help = "draw a schedule as SVG: its link x slot occupancy map and a packet's tree\n"
             "            on the topology's layout (docs/DRAW.md)",
     .run = cmd_draw},
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

/* The names of every command, "a, b or c", for a refusal. */
static const char *command_list(void) {
  static char buf[256];
  size_t n = 0;
  for (int i = 0; i < COMMAND_COUNT; i++)
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i == 0 ? "" : i + 1 == COMMAND_COUNT ? " or " : ", ",
                          commands[i].name);
  return buf;
}

static void print_usage(void) {
  fputs("usage: cmodel <command> [options]\n\n"
        "romnoc golden model " ROMNOC_VERSION ": optimal collective-communication schedules.\n\ncommands:\n",
        stdout);
  for (int i = 0; i < COMMAND_COUNT; i++) {
    int len = (int)strlen(commands[i].name);
    printf("  %-*s%s\n", len < 8 ? 10 : len + 2, commands[i].name, commands[i].help);
  }
  fputs("\nRun 'cmodel <command> --help' for a command's options. Options are '--name value' or\n"
        "'--name=value', spelled out and given once. Exit status: 0 done, 1 a schedule violates its\n"
        "task or model (verify, table), 2 bad input, one line on stderr (docs/ERRORS.md).\n",
        stdout);
}

int main(int argc, char **argv) {
  if (argc < 2) return bad_input("missing command (%s); see 'cmodel --help'", command_list());
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    print_usage();
    return 0;
  }
  if (!strcmp(argv[1], "--version")) {
    puts("romnoc-cmodel " ROMNOC_VERSION);
    return 0;
  }
  for (int i = 0; i < COMMAND_COUNT; i++)
    if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 2, argv + 2);
  return bad_input("unknown command '%s' (expected %s)", argv[1], command_list());
}
