/* commands.h — what cmodel's commands share. main.c holds the table of commands (name, --help
 * line, entry point); a command in a file of its own (cmodel/cmd_*.c, not part of the library
 * rtl_gen links) is declared here and gets one row of that table. Exit codes: 0 done,
 * 1 a schedule violates its task or model, 2 bad input (docs/ERRORS.md). */
#ifndef ROMNOC_COMMANDS_H
#define ROMNOC_COMMANDS_H

#define EXIT_VIOLATION 1
#define EXIT_BAD_INPUT 2

/* Prints "cmodel: message" on stderr (one line, cli_report) and returns EXIT_BAD_INPUT. */
__attribute__((format(printf, 1, 2))) int cmodel_bad_input(const char *fmt, ...);
#define bad_input cmodel_bad_input

#endif
