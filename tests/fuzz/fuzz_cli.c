/* fuzz_cli.c — libFuzzer target: a whole command line, from the option parser to the command
 * it runs, on fuzzed words (fuzz_input.h keeps it small and writes only to fuzz-out in the
 * working directory). Built once per tool: -DFUZZ_TOOL=cmodel (or rtl_gen) with that tool's
 * main.c compiled as -Dmain=FUZZ_TOOL_main. Any exit status is fine; a crash, leak, hang or
 * undefined behaviour is not. */
#include <stdint.h>
#include <stdio.h>

#include "fuzz_input.h"

#define FUZZ_STR2(x) #x
#define FUZZ_STR(x) FUZZ_STR2(x)
#define FUZZ_MAIN2(tool) tool##_main
#define FUZZ_MAIN(tool) FUZZ_MAIN2(tool)

int FUZZ_MAIN(FUZZ_TOOL)(int argc, char **argv);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (!freopen("/dev/null", "r", stdin) || !freopen("/dev/null", "w", stdout)) return 1;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_args a;
  if (fuzz_args_make(&a, FUZZ_STR(FUZZ_TOOL), data, size) == 0) {
    mem_set_limit(16u << 20);
    (void)FUZZ_MAIN(FUZZ_TOOL)(a.argc, a.argv);
  }
  fuzz_args_free(&a);
  return 0;
}
