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

$(BUILD)/asan/rtl_gen: $(RTLGEN_SRC) $(RTLGEN_HDR) $(CMODEL_LIB) $(CMODEL_HDR)
	@mkdir -p $(@D)
	@echo "-- CC (asan+ubsan) $@ --"
	$(CC) -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L $(ASAN_FLAGS) -Icmodel -o $@ $(RTLGEN_SRC) $(CMODEL_LIB)

# unit tests of the library
$(BUILD)/asan/unit_tests: tests/unit_tests.c $(CMODEL_LIB) $(CMODEL_HDR)
	@mkdir -p $(@D)
	@echo "-- CC (asan+ubsan) $@ --"
	$(CC) -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L $(ASAN_FLAGS) -Icmodel -o $@ tests/unit_tests.c $(CMODEL_LIB)

# -- tools: Debian packages the hardware flows need (installed when root) -------
# ccache: every Verilator build recompiles the same runtime library and test bench; the tests'
# hundred builds share one compilation of each (scripts/sim.sh sets OBJCACHE)
TOOLS := verilator:verilator yosys:yosys nextpnr-ice40:nextpnr-ice40 icepack:fpga-icestorm \
         /usr/include/systemc.h:libsystemc-dev ccache:ccache
$(BUILD)/.tools-ok: scripts/ensure_tools.sh Makefile
	@mkdir -p $(@D)
	scripts/ensure_tools.sh $(TOOLS)
	@touch $@

# -- simulation: generate, lint, verilate, run, diff, verify -------------------
TOPO  ?= hypercube:4
TASK  ?= mnb
WIDTH ?= 32
SEED  ?= 1
ROOT  ?= 0
TRACE ?= 0
# router architecture: banked (default) or simple (the baseline)
ARCH  ?= banked
# a schedule TSV to build instead of TOPO/TASK/ROOT (any topology, task and model)
SCHEDULE ?=
# the golden model's construction for TOPO/TASK (default: auto)
ALG   ?=
DESIGN_VARS = TOPO=$(TOPO) TASK=$(TASK) WIDTH=$(WIDTH) ROOT=$(ROOT) ARCH=$(ARCH) SCHEDULE=$(SCHEDULE) ALG=$(ALG)
.PHONY: sim
sim: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@$(DESIGN_VARS) SEED=$(SEED) TRACE=$(TRACE) scripts/sim.sh

# the same fabric as a SystemC module, with the SystemC test bench
.PHONY: sim-sc
sim-sc: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@$(DESIGN_VARS) SEED=$(SEED) BENCH=sc scripts/sim.sh

# the minimal SystemC platform of docs/SYSTEMC.md
.PHONY: sc-example
sc-example: $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@scripts/sc_example.sh

# -- synthesis: Yosys (generic or iCE40) and nextpnr-ice40 ---------------------
TARGET ?= generic
.PHONY: synth
synth: $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@$(DESIGN_VARS) TARGET=$(TARGET) scripts/synth.sh

# -- tests -------------------------------------------------------------------
test: $(BUILD)/cmodel $(BUILD)/asan/cmodel $(BUILD)/asan/unit_tests $(BUILD)/rtl_gen $(BUILD)/asan/rtl_gen $(BUILD)/.tools-ok
	@echo "-- TEST --"
	bash tests/run_all.sh

# -- demo: Table 1 of paper 000 and the 2-D tori, two fabrics simulated and diffed, one router
#    synthesised (DEMO_TOPOS and DEMO_SYNTH: topo:task words) --------------------------------
DEMO_TOPOS ?= hypercube:4:mnb torus:4x4:te
DEMO_SYNTH ?= torus:4x4:mnb
demo: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@DEMO_TOPOS="$(DEMO_TOPOS)" DEMO_SYNTH="$(DEMO_SYNTH)" scripts/demo.sh

# -- benchmarks ----------------------------------------------------------------
bench: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@echo "-- BENCH --"
	bash bench/cmodel_bench.sh $(BUILD)/cmodel docs/BENCHMARKS.md
	bash bench/sim_bench.sh docs/BENCHMARKS.md
	bash bench/synth_bench.sh docs/BENCHMARKS.md

clean:
	rm -rf $(BUILD)
