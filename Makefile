# romnoc — top-level Makefile. Build outputs go under build/.
#   make          build build/cmodel
#   make test     the whole test suite
#   make demo     the main job on a built-in default
#   make bench    benchmarks -> docs/BENCHMARKS.md

CC      ?= cc
# C11, all warnings fatal
CFLAGS  ?= -O2
CFLAGS  += -std=c11 -Wall -Wextra -Werror
# strdup, getpid
CFLAGS  += -D_POSIX_C_SOURCE=200809L
# AddressSanitizer + UBSan build used by the tests
ASAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all

BUILD   := build
CMODEL_SRC := $(wildcard cmodel/*.c)
CMODEL_HDR := $(wildcard cmodel/*.h)

RTLGEN_SRC := $(wildcard rtl_gen/*.c)
RTLGEN_HDR := $(wildcard rtl_gen/*.h)
# rtl_gen links the golden model's library (everything but its main.c)
CMODEL_LIB := $(filter-out cmodel/main.c,$(CMODEL_SRC))

.PHONY: all test demo bench clean

all: $(BUILD)/cmodel $(BUILD)/rtl_gen

$(BUILD)/rtl_gen: $(RTLGEN_SRC) $(RTLGEN_HDR) $(CMODEL_LIB) $(CMODEL_HDR)
	@mkdir -p $(@D)
	@echo "-- CC $@ --"
	$(CC) $(CFLAGS) -Icmodel -o $@ $(RTLGEN_SRC) $(CMODEL_LIB)

$(BUILD)/cmodel: $(CMODEL_SRC) $(CMODEL_HDR)
	@mkdir -p $(@D)
	@echo "-- CC $@ --"
	$(CC) $(CFLAGS) -o $@ $(CMODEL_SRC)

$(BUILD)/asan/cmodel: $(CMODEL_SRC) $(CMODEL_HDR)
	@mkdir -p $(@D)
	@echo "-- CC (asan+ubsan) $@ --"
	$(CC) -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L $(ASAN_FLAGS) -o $@ $(CMODEL_SRC)

# unit tests of the library
$(BUILD)/asan/unit_tests: tests/unit_tests.c $(CMODEL_LIB) $(CMODEL_HDR)
	@mkdir -p $(@D)
	@echo "-- CC (asan+ubsan) $@ --"
	$(CC) -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L $(ASAN_FLAGS) -Icmodel -o $@ tests/unit_tests.c $(CMODEL_LIB)

# -- tests -------------------------------------------------------------------
test: $(BUILD)/cmodel $(BUILD)/asan/cmodel $(BUILD)/asan/unit_tests
	@echo "-- TEST --"
	bash tests/run_all.sh

# -- demo: Table 1 of paper 000 for D=1..8 and one verified schedule ----------
DEMO_TOPO ?= hypercube:4
DEMO_TASK ?= mnb
demo: $(BUILD)/cmodel
	@echo "-- TABLE (paper 000, Table 1; every row generated and verified) --"
	$(BUILD)/cmodel table --topo hypercube:1..8
	@echo "-- GEN $(DEMO_TOPO) $(DEMO_TASK) --"
	@mkdir -p $(BUILD)/demo
	$(BUILD)/cmodel schedule --topo $(DEMO_TOPO) --task $(DEMO_TASK) -o $(BUILD)/demo/$(DEMO_TASK).tsv
	@echo "-- VERIFY --"
	$(BUILD)/cmodel verify $(BUILD)/demo/$(DEMO_TASK).tsv

# -- benchmarks ----------------------------------------------------------------
bench: $(BUILD)/cmodel
	@echo "-- BENCH --"
	bash bench/cmodel_bench.sh $(BUILD)/cmodel docs/BENCHMARKS.md

clean:
	rm -rf $(BUILD)
