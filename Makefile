# romnoc — top-level Makefile. Build outputs go under build/. `make help` prints the lines of
# this header that start with '#>'; tests/make_help.sh checks that every target and every
# variable of this file is among them, once.
#> usage: make [TARGET] [VARIABLE=value ...]
#>
#> targets:
#>   all            (the default) build build/cmodel, rtl_gen, rtl_gen_kbrt, rtl_gen_pmnbrt, rtl_gen_pexrt, te_search
#>   test           every test suite but the large sizes (CI), two lanes side by side; ends "N passed, N failed"
#>   check          the quick tier: every suite at its small sizes, the hardware in quick mode (~5 minutes)
#>   test-large     the large sizes test leaves out (256-node fabrics, hypercube:6 in hardware); bench runs it
#>   list           the test suites: id, tiers, seconds, what each checks (runs nothing)
#>   demo           the main job on a built-in default: tables, two fabrics simulated, one synthesised, pictures
#>   bench          every benchmark -> docs/BENCHMARKS.md (and docs/PMNB.md, docs/DYNAMIC.md)
#>   bench-large    once: the D=12 mnb fabric (4096 routers) built and simulated -> docs/BENCHMARKS.md
#>   sim            one fabric: generate, lint, simulate (SIM), diff against the golden model, verify
#>   sim-sc         the same with the SystemC test bench
#>   sc-example     build and run the minimal SystemC platform of docs/SYSTEMC.md
#>   synth          one router: Yosys generic or iCE40 + nextpnr (TARGET): LUTs, FFs, BRAMs, Fmax
#>   fpga           a self-testing bitstream of the whole system for the iCE40-HX8K breakout board (TOPO, TASK)
#>   sim-kbcast-rt  the run-time kbcast router (001) of hypercube:D on RUNS random active sets (BENCH=sc: SystemC)
#>   synth-kbcast-rt  the run-time kbcast router of hypercube:D through Yosys/nextpnr (TARGET)
#>   sim-pmnb-rt    the run-time pmnb router (004, SPLIT=1 in pieces) of TOPO=torus:PxP|mesh:PxP on RUNS random sets
#>   synth-pmnb-rt  the run-time pmnb router of TOPO through Yosys/nextpnr (TARGET)
#>   sim-pexchange-rt  the run-time partial-exchange router (004) of TOPO=torus:PxP|mesh:PxP on RUNS random active sets
#>   synth-pexchange-rt  the run-time partial-exchange router of TOPO through Yosys/nextpnr (TARGET, DEPTH)
#>   te-search      te templates on rings to 32, tori to 12x12 and 6x6x6: SAT certificates -> docs/SCHEDULES.md
#>   s4noc-table    te on 3x3..10x10 tori under the S4NOC models vs S4NOC, routers synthesised -> docs/SCHEDULES.md
#>   s4noc-search   bufferless S4NOC te templates: SAT below cmodel's, rings to 16, tori to 10x10 -> docs/SCHEDULES.md
#>   mnb-search     mnb templates for small routers (SAT, --chain on hypercube:8), synthesised -> docs/SCHEDULES.md
#>   te-lanes-search  the same for te (te_search --lanes), synthesised -> docs/SCHEDULES.md
#>   snb-sp-search  single-port snb above its bound on rings, tori, 3-D tori: the optimum by SAT -> docs/PORT_MODELS.md
#>   stored-templates  cmodel/templates/ written again by te_search (the construction `stored`; 30-60 minutes)
#>   dynbcast-plot  004 s5's dynamic broadcasting swept on p = 8, d = 2 -> docs/DYNAMIC.md, docs/dynbcast_p8.svg
#>   sweep          many designs at once: a job list from SWEEP, run with make -j, merged into one table
#>   fuzz           every libFuzzer target for FUZZ_SECONDS each, under ASan+UBSan
#>   help           this text
#>   clean          remove build/
#>
#> variables (sim, sim-sc, synth: one design; defaults in brackets):
#>   TOPO=T         topology: hypercube:D, ring:N, torus:K1xK2[x...], mesh:K1xK2[x...] [hypercube:4]
#>   TASK=K         a task of cmodel schedule --help, or MPI's name: bcast, allgather, alltoall [mnb]
#>   MODEL=M        port model: mla, oneway, sp-full, sp-half, s4noc, s4noc-bufferless [mla]
#>   ROOT=R         root of snb, scatter, gather, reduce [0]
#>   ALG=A          the golden model's construction (cmodel schedule --help) [auto]
#>   ARCH=A         router architecture: banked, single, simple, combine [the port model's]
#>   OP=OP          a combining task's operation: add, max, min, xor, or [add]
#>   WIDTH=W        payload bits per flit [32]
#>   FLIT=F         what a link carries: tagged {broadcast, dest, origin, payload} or bare (payload only) [tagged]
#>   SEED=S         payload seed of the golden trace [1]
#>   TRACE=1        also write a VCD waveform [0]
#>   SIM=S          sim: the simulator, verilator or icarus (Icarus Verilog) [verilator]
#>   SIM_OPT=O      Verilator: g++'s -O of the model's per-cycle code; -O0 builds faster, runs slower (the tests') [-Os]
#>   SCHEDULE=FILE  a schedule to build instead of TOPO/TASK: TSV, JSON or MSCCL XML (*.xml; TOPO if it names none)
#>   ACTIVE=LIST    kbcast, pmnb, pexchange, pgather: the active set fixed in the ROMs (e.g. 0,3,5-9)
#>   K=K            kbcast: that many active nodes drawn from KSEED (001's K)
#>   M=M            pmnb, pexchange, pgather: that many active nodes drawn from KSEED (004's M)
#>   KSEED=S        the seed of K or M's draw [1]
#>   SPLIT=1        pmnb: packets split into pieces (004 s3.1), a piece per flit [0]
#>   NI=1           make sim: the system top, a network interface per node (AXI4-Stream streams, MPI's order) [0]
#>   WORDS=M        the system top's blocks of M words, a message M runs back to back (rtl_gen --words) [1]
#>   ROM_STYLE=S    ROMs: auto (block RAM as planned), logic, block, family (the family picks; rtl_gen --rom-style) [auto]
#>   MEM_STYLE=S    packet memories and interface buffers the same way (rtl_gen --mem-style) [auto]
#>   LINK_DELAY=L   cycles a link takes: L-1 registers per link, a slot of L cycles (rtl_gen --link-delay) [1]
#>   COMBINE_STAGES=P  combining tasks: P registers in the combiner, a slot P cycles longer (rtl_gen --combine-stages) [0]
#>   TARGET=T       synth: generic, ice40 (with nextpnr), xilinx, ecp5 or gowin (Yosys alone) [generic]
#>   ROUNDS=R       fpga: messages of each task the self test runs (1..255) [4]
#>   D=D            sim-kbcast-rt, synth-kbcast-rt: dimension of the hypercube [4]
#>   RUNS=R         sim-kbcast-rt, sim-pmnb-rt, sim-pexchange-rt: active sets run [50]
#>   DEPTH=D        sim-pexchange-rt, synth-pexchange-rt: packets a relay FIFO holds [the measured most]
#>   STAGES=P       sim-kbcast-rt, synth-kbcast-rt: slots of 1+P cycles (P = 0..2), a faster clock [0]
#>   BENCH=B        sim-kbcast-rt, sim-pmnb-rt, sim-pexchange-rt: cpp (simulation fabric, DPI) or sc (SystemC) [cpp]
#>   DEMO_TOPOS=..  demo: topo:task words simulated [hypercube:4:mnb torus:4x4:te]
#>   DEMO_SYNTH=..  demo: topo:task words synthesised [torus:4x4:mnb]
#>   DYN_ROUNDS=R   dynbcast-plot: rounds per load [3000]
#>   DYN_JOBS=J     dynbcast-plot: series run at once [nproc]
#>   SWEEP=".."     sweep: key=values words, e.g. "topo=hypercube:2..8 task=all width=16,32 target=ice40"
#>   SWEEP_JOBS=N   sweep: jobs run at once [nproc]
#>   SWEEP_DIR=DIR  sweep: job list, work and summary [build/sweep]
#>   FUZZ_SECONDS=S fuzz: seconds per target [600]
#>   ONLY=IDS       test, check, list: only the suites whose id matches a comma-separated glob (sim,'cmodel-*') [all]
#>   LIST=1         test, check: list the tier's suites instead of running them [0]
#>   CC=cc CFLAGS=-O2   the C compiler and its flags (C11, -Wall -Wextra -Werror are always added)

CC      ?= cc
CFLAGS  ?= -O2

.PHONY: all test demo bench bench-large clean help
BUILD   := build
all: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/rtl_gen_kbrt $(BUILD)/rtl_gen_pmnbrt $(BUILD)/rtl_gen_pexrt $(BUILD)/te_search

# -- the C build: object files, one static library of the golden model per flavor -----------
# Every .c is compiled once per flavor into $(BUILD)/obj/FLAVOR/PATH.o with a dependency file
# beside it (-MMD -MP), so an edit rebuilds what includes it and nothing else, and `make -j` is
# safe. The flavors: o2 (CC, CFLAGS: the tools), asan (AddressSanitizer + UBSan: the tests), fuzz
# (clang, libFuzzer). cmodel/ minus its command files (cmodel/tool/) is libcmodel.a; every
# program links it.
# the warnings of every flavor: C11, all warnings fatal
WARN      := -std=c11 -Wall -Wextra -Werror
# strdup, getpid
DEFS      := -D_POSIX_C_SOURCE=200809L
# one include root per program family: cmodel's headers are named by their layer ("model/topo.h")
INCLUDES  := -Icmodel -Irtl_gen
DEPFLAGS  := -MMD -MP
ASAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CC    := clang
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Itests/fuzz
# the golden model uses exp and log (kbcast_study.c)
LDLIBS  := -lm

OBJ     := $(BUILD)/obj
# the stored templates (cmodel/construct/stored_templates.h): a C table the build makes of cmodel/templates/*.tsv
STORED_TSV := $(wildcard cmodel/templates/*.tsv)
STORED_C   := $(BUILD)/gen/stored_templates_data.c
CMODEL_LIB_SRC := $(filter-out cmodel/tool/%,$(wildcard cmodel/*/*.c cmodel/*/*/*.c)) $(STORED_C)
CMODEL_TOOL_SRC := $(wildcard cmodel/tool/*.c)
RTLGEN_SRC := $(filter-out rtl_gen/rt_%.c,$(wildcard rtl_gen/*.c)) # rt_*.c: the run-time routers' (RT_SHARED)
# the run-time kbcast router's generator (rtl_gen/kbrt/): no schedule, so not an rtl_gen architecture;
# it shares rtl_gen's writer and output directory
RT_SHARED  := rtl_gen/vwriter.c rtl_gen/outdir.c rtl_gen/scan_wrapper.c rtl_gen/rt_fabric.c rtl_gen/rt_golden.c
RT_PROGRAM := rtl_gen/rt_program.c # the hand-written routers' command line (rtl_gen_pmnbrt, rtl_gen_pexrt)
KBRT_SRC   := $(wildcard rtl_gen/kbrt/*.c) $(RT_SHARED)
# the run-time pmnb router's generator (rtl_gen/pmnbrt/): its router is hand-written Verilog, built
# in as text (a C table the build makes of rtl_gen/pmnbrt/*.v)
PMNBRT_V   := $(wildcard rtl_gen/pmnbrt/*.v)
PMNBRT_C   := $(BUILD)/gen/pmnbrt_sources.c
PMNBRT_SRC := $(wildcard rtl_gen/pmnbrt/*.c) $(PMNBRT_C) $(RT_SHARED) $(RT_PROGRAM)
# the run-time partial-exchange router's generator (rtl_gen/pexrt/): likewise
PEXRT_V    := $(wildcard rtl_gen/pexrt/*.v)
PEXRT_C    := $(BUILD)/gen/pexrt_sources.c
PEXRT_SRC  := $(wildcard rtl_gen/pexrt/*.c) $(PEXRT_C) $(RT_SHARED) $(RT_PROGRAM)
# the te template search (search/): CaDiCaL linked (a C++ library: libstdc++), MiniSat run
SEARCH_SRC := $(wildcard search/*.c)
SEARCH_LIBS := -lcadical -lstdc++

# $(call objs,FLAVOR,SOURCES): their object files
objs = $(patsubst %.c,$(OBJ)/$(1)/%.o,$(2))
# $(call lib,FLAVOR): the golden model's library of that flavor
lib = $(OBJ)/$(1)/libcmodel.a

$(OBJ)/o2/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WARN) $(DEFS) $(INCLUDES) $(DEPFLAGS) $(XDEFS) -c -o $@ $<
$(OBJ)/asan/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ASAN_FLAGS) $(WARN) $(DEFS) $(INCLUDES) $(DEPFLAGS) $(XDEFS) -c -o $@ $<
$(OBJ)/fuzz/%.o: %.c | $(BUILD)/.tools-ok
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(WARN) $(DEFS) $(INCLUDES) $(DEPFLAGS) $(XDEFS) -c -o $@ $<
# the fuzz targets of the command lines call each tool's main under another name
$(OBJ)/fuzz/cmodel/tool/%.o: XDEFS := -Dmain=cmodel_main
$(OBJ)/fuzz/rtl_gen/%.o: XDEFS := -Dmain=rtl_gen_main
$(OBJ)/fuzz/tests/fuzz/fuzz_cli_cmodel.o $(OBJ)/fuzz/tests/fuzz/fuzz_cli_rtl_gen.o: $(OBJ)/fuzz/tests/fuzz/fuzz_cli_%.o: tests/fuzz/fuzz_cli.c | $(BUILD)/.tools-ok
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(WARN) $(DEFS) $(INCLUDES) $(DEPFLAGS) -DFUZZ_TOOL=$* -c -o $@ $<
# search/ includes CaDiCaL's header
$(call objs,o2,$(SEARCH_SRC)) $(call objs,asan,$(SEARCH_SRC)): | $(BUILD)/.tools-ok

$(OBJ)/%/libcmodel.a:
	@rm -f $@
	@echo "-- AR $@ --"
	@ar rcs $@ $^
$(call lib,o2): $(call objs,o2,$(CMODEL_LIB_SRC))
$(call lib,asan): $(call objs,asan,$(CMODEL_LIB_SRC))
$(call lib,fuzz): $(call objs,fuzz,$(CMODEL_LIB_SRC))

# the directory too: a template file removed changes its time, not any file's
$(STORED_C): $(STORED_TSV) cmodel/templates scripts/stored_templates_c.awk
	@mkdir -p $(@D)
	awk -F'\t' -f scripts/stored_templates_c.awk $(STORED_TSV) > $@.tmp && mv $@.tmp $@

$(PMNBRT_C): $(PMNBRT_V) scripts/verilog_text_c.awk
	@mkdir -p $(@D)
	awk -v name=pmnbrt -f scripts/verilog_text_c.awk $(PMNBRT_V) > $@.tmp && mv $@.tmp $@
$(PEXRT_C): $(PEXRT_V) scripts/verilog_text_c.awk
	@mkdir -p $(@D)
	awk -v name=pexrt -f scripts/verilog_text_c.awk $(PEXRT_V) > $@.tmp && mv $@.tmp $@

# $(call program,PATH,FLAVOR,SOURCES,LINKER,EXTRA-LIBS): PATH linked from SOURCES' objects and the library
define program
$(1): $(call objs,$(2),$(3)) $(call lib,$(2))
	@mkdir -p $$(@D)
	@echo "-- LD $$@ --"
	$(4) $$(LDFLAGS_$(2)) -o $$@ $$^ $(5) $$(LDLIBS)
endef
LDFLAGS_o2   = $(CFLAGS)
# the sanitizers' runtimes linked in statically: a sanitized process starts about a third faster
# (no shared library to load and relocate), and the ASan suites start thousands of them
LDFLAGS_asan = $(ASAN_FLAGS) -static-libasan -static-libubsan
LDFLAGS_fuzz = $(FUZZ_FLAGS)
$(eval $(call program,$(BUILD)/cmodel,o2,$(CMODEL_TOOL_SRC),$(CC)))
$(eval $(call program,$(BUILD)/rtl_gen,o2,$(RTLGEN_SRC),$(CC)))
$(eval $(call program,$(BUILD)/rtl_gen_kbrt,o2,$(KBRT_SRC),$(CC)))
$(eval $(call program,$(BUILD)/rtl_gen_pmnbrt,o2,$(PMNBRT_SRC),$(CC)))
$(eval $(call program,$(BUILD)/rtl_gen_pexrt,o2,$(PEXRT_SRC),$(CC)))
$(eval $(call program,$(BUILD)/te_search,o2,$(SEARCH_SRC),$(CC),$(SEARCH_LIBS)))
$(eval $(call program,$(BUILD)/asan/cmodel,asan,$(CMODEL_TOOL_SRC),$(CC)))
$(eval $(call program,$(BUILD)/asan/rtl_gen,asan,$(RTLGEN_SRC),$(CC)))
$(eval $(call program,$(BUILD)/asan/te_search,asan,$(SEARCH_SRC),$(CC),$(SEARCH_LIBS)))
# unit tests of the library
$(eval $(call program,$(BUILD)/asan/unit_tests,asan,tests/unit_tests.c,$(CC)))

# -- fuzzing: libFuzzer targets (tests/fuzz/), clang with ASan and UBSan ----------
FUZZ_TARGETS := fuzz_tsv fuzz_verify fuzz_import fuzz_cmodel_cli fuzz_rtl_gen_cli
FUZZ_BINS := $(addprefix $(BUILD)/fuzz/,$(FUZZ_TARGETS))
$(foreach t,fuzz_tsv fuzz_verify fuzz_import,$(eval $(call program,$(BUILD)/fuzz/$(t),fuzz,tests/fuzz/$(t).c,$(FUZZ_CC))))
# the command lines: fuzz_cli.c compiled once per tool (as tests/fuzz/fuzz_cli_TOOL.o, the rule above),
# linked with that tool's objects, whose main is renamed so the target can call it
$(eval $(call program,$(BUILD)/fuzz/fuzz_cmodel_cli,fuzz,tests/fuzz/fuzz_cli_cmodel.c $(CMODEL_TOOL_SRC),$(FUZZ_CC)))
$(eval $(call program,$(BUILD)/fuzz/fuzz_rtl_gen_cli,fuzz,tests/fuzz/fuzz_cli_rtl_gen.c $(RTLGEN_SRC),$(FUZZ_CC)))

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)

# every target FUZZ_SECONDS long from the seed corpus in tests/fuzz/corpus/ (make test: 8 s each)
FUZZ_SECONDS ?= 600
.PHONY: fuzz
fuzz: $(FUZZ_BINS)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) bash tests/fuzz_tests.sh

# -- tools: Debian packages the hardware flows need (installed when root) -------
# ccache: every Verilator build recompiles the same runtime library and test bench; the tests'
# hundred builds share one compilation of each (sim/sim.sh sets OBJCACHE)
# clang and its libFuzzer runtime: the fuzz targets (tests/fuzz/)
# xmllint: tests/draw.sh checks that cmodel draw's SVGs are well-formed XML
# iverilog: the second simulator (make sim SIM=icarus)
# yamllint (and the python3-yaml it brings): the FuseSoC core rtl_gen writes is checked as YAML
# libcadical-dev and minisat: the te template search's two SAT solvers (search/, docs/SCHEDULES.md):
# CaDiCaL, linked, searches; MiniSat, by other authors, confirms every UNSAT on the same DIMACS
TOOLS := xmllint:libxml2-utils verilator:verilator yosys:yosys nextpnr-ice40:nextpnr-ice40 icepack:fpga-icestorm \
         /usr/include/systemc.h:libsystemc-dev ccache:ccache clang:clang \
         /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a:libclang-rt-14-dev \
         yamllint:yamllint iverilog:iverilog /usr/include/ccadical.h:libcadical-dev minisat:minisat
$(BUILD)/.tools-ok: scripts/ensure_tools.sh Makefile
	@mkdir -p $(@D)
	scripts/ensure_tools.sh $(TOOLS)
	@touch $@

# -- simulation: generate, lint, verilate, run, diff, verify -------------------
TOPO  ?= hypercube:4
TASK  ?= mnb
WIDTH ?= 32
# tagged (default): {broadcast, dest, origin, payload} on the links; bare: the payload alone
FLIT  ?=
SEED  ?= 1
ROOT  ?= 0
TRACE ?= 0
# router architecture: banked, single or simple (empty: the one the schedule's port model asks for)
ARCH  ?=
# the port model of TOPO/TASK's schedule: mla (default), oneway, sp-full or sp-half
MODEL ?=
# a schedule TSV to build instead of TOPO/TASK/ROOT (any topology, task and model)
SCHEDULE ?=
# the golden model's construction for TOPO/TASK (default: auto)
ALG   ?=
# a combining task's operation: add (default), max, min, xor or or (refused for other tasks)
OP    ?=
# the active set of kbcast, pmnb, pexchange and pgather, fixed in the ROMs: ACTIVE=LIST (e.g. 0,3,5-9), or
# its size with KSEED=S (the set 'cmodel schedule --k K / --m M --seed S' draws; default seed 1).
# A SCHEDULE file carries its own.
ACTIVE ?=
# kbcast's K (001's name for the set's size)
K     ?=
# pmnb's, pexchange's and pgather's M (004's name for it)
M     ?=
KSEED ?=
# SPLIT=1: pmnb's packets split into pieces (004 s3.1; a mini-slot per cycle, a piece per flit)
SPLIT ?=
# the simulator: verilator (default; the C++ bench, BENCH=sc for sim-sc) or icarus (Icarus
# Verilog, the Verilog bench sim/tb_icarus.v; work in build/sim/<name>/obj_icarus, run_icarus)
SIM   ?= verilator
# NI=1: the system top (the fabric and a network interface per node: AXI4-Stream sendbuf, recvbuf,
# command and status in MPI's order) with a bench that drives only those streams (two runs);
# WORDS=M: blocks of M words, a message M runs of the schedule back to back
NI    ?=
WORDS ?=
# how synthesis maps the ROMs and the RAMs: auto (block RAM where the router's plan puts a
# memory), logic, block or family (no style: the family picks; rtl_gen --rom-style, --mem-style)
ROM_STYLE ?=
MEM_STYLE ?=
# pipelined links: L cycles a link (L-1 registers after the router's), a slot of L cycles
LINK_DELAY ?=
# Verilator: the optimisation of the model's per-cycle C++ (Verilator's OPT_FAST); empty, its -Os
SIM_OPT ?=
COMBINE_STAGES ?=
# Variables reach the flows as data: each value one single-quoted shell word (a quote inside as
# '\''), never pasted into the command line; the flows check each value's shape
# (scripts/flow_vars.sh: one line naming a bad one, exit 2, nothing written)
sh_quote = '$(subst ','\'',$(1))'
sh_vars = $(foreach v,$(1),$(v)=$(call sh_quote,$($(v))))
DESIGN_VARS = $(call sh_vars,TOPO TASK MODEL WIDTH FLIT ROOT ARCH SCHEDULE ALG OP ACTIVE K M KSEED SPLIT SEED NI WORDS ROM_STYLE MEM_STYLE LINK_DELAY COMBINE_STAGES)
.PHONY: sim
sim: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@$(DESIGN_VARS) $(call sh_vars,TRACE SIM SIM_OPT) sim/sim.sh

# the same fabric as a SystemC module, with the SystemC test bench
.PHONY: sim-sc
sim-sc: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@$(DESIGN_VARS) $(call sh_vars,SIM_OPT) BENCH=sc sim/sim.sh

# the minimal SystemC platform of docs/SYSTEMC.md
.PHONY: sc-example
sc-example: $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@sim/sc_example.sh

# -- the run-time kbcast router (paper 001): one Verilator build per D, RUNS active sets ------
# dimension of the hypercube, runs (K spread over 1..2^D), payload seed; stages: P for slots of 1+P cycles
D      ?= 4
RUNS   ?= 50
STAGES ?= 0
# the bench: cpp (sim/rt_tb.cpp on the simulation fabric, local ports through DPI) or sc (the
# SystemC bench sim/rt_sc_main.cpp on the platform fabric romnoc_kbrt_fabric, its ports bound)
BENCH  ?=
.PHONY: sim-kbcast-rt synth-kbcast-rt
sim-kbcast-rt: $(BUILD)/cmodel $(BUILD)/rtl_gen_kbrt $(BUILD)/.tools-ok
	@$(call sh_vars,D RUNS SEED WIDTH STAGES TRACE SIM_OPT BENCH) sim/kbrt_sim.sh
synth-kbcast-rt: $(BUILD)/rtl_gen_kbrt $(BUILD)/.tools-ok
	@$(call sh_vars,D WIDTH STAGES TARGET) synth/kbrt_synth.sh

# -- the run-time pmnb router (paper 004): one Verilator build per TOPO, RUNS active sets -------
# TOPO torus:PxP or mesh:PxP (torus:4x4 unless given), M spread over 1..N; BENCH as above
RT_TOPO = $(if $(filter default file,$(origin TOPO)),torus:4x4,$(TOPO))
.PHONY: sim-pmnb-rt synth-pmnb-rt
sim-pmnb-rt: $(BUILD)/cmodel $(BUILD)/rtl_gen_pmnbrt $(BUILD)/.tools-ok
	@ROUTER=pmnb TOPO=$(call sh_quote,$(RT_TOPO)) $(call sh_vars,RUNS SEED WIDTH SPLIT TRACE SIM_OPT BENCH) sim/rt004_sim.sh
synth-pmnb-rt: $(BUILD)/rtl_gen_pmnbrt $(BUILD)/.tools-ok
	@ROUTER=pmnb TOPO=$(call sh_quote,$(RT_TOPO)) $(call sh_vars,WIDTH SPLIT TARGET) synth/rt004_synth.sh

# -- the run-time partial-exchange router (paper 004 §4): the same, its FIFOs DEPTH deep -----------
# (empty: rtl_gen_pexrt's default, the depth measured for the topology)
DEPTH ?=
.PHONY: sim-pexchange-rt synth-pexchange-rt
sim-pexchange-rt: $(BUILD)/cmodel $(BUILD)/rtl_gen_pexrt $(BUILD)/.tools-ok
	@ROUTER=pexchange TOPO=$(call sh_quote,$(RT_TOPO)) $(call sh_vars,RUNS SEED WIDTH DEPTH TRACE SIM_OPT BENCH) sim/rt004_sim.sh
synth-pexchange-rt: $(BUILD)/rtl_gen_pexrt $(BUILD)/.tools-ok
	@ROUTER=pexchange TOPO=$(call sh_quote,$(RT_TOPO)) $(call sh_vars,WIDTH DEPTH TARGET) synth/rt004_synth.sh

# -- synthesis: Yosys (generic or iCE40) and nextpnr-ice40 ---------------------
TARGET ?= generic
.PHONY: synth
synth: $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@$(DESIGN_VARS) $(call sh_vars,TARGET) synth/synth.sh

# a self-testing bitstream of the whole system for the iCE40-HX8K breakout board (packet tasks;
# TASK may list several): simulated to PASS first, then Yosys, nextpnr-ice40 and icepack
ROUNDS ?= 4
.PHONY: fpga
fpga: $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@$(DESIGN_VARS) $(call sh_vars,ROUNDS) synth/fpga.sh

# -- sweeps: a job list, run here with make -j (or on Slurm: sweep/sweep_slurm.sh), collected -----
# SWEEP: words key=values (topo, task, model, alg, width, target, sim; docs/SWEEPS.md); empty:
# sweep_jobs.sh's default, schedule and verify of mnb and te on hypercube:2..4
SWEEP      ?=
# jobs at once (each sim=1 job's Verilator build uses 2 cores)
SWEEP_JOBS ?= $(shell nproc)
# the job list, jobs.mk, the jobs' work directories (jobs/<name>/) and the merged table
SWEEP_DIR  ?= $(BUILD)/sweep
.PHONY: sweep
sweep: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@echo "-- SWEEP jobs --"
	@sweep/sweep_jobs.sh -o $(call sh_quote,$(SWEEP_DIR)/jobs.txt) $(call sh_quote,$(SWEEP))
	@echo "-- SWEEP run: make -j $(SWEEP_JOBS) --"
	@$(MAKE) --no-print-directory -f $(SWEEP_DIR)/jobs.mk -j $(SWEEP_JOBS)
	@echo "-- SWEEP collect --"
	@sweep/sweep_collect.sh $(SWEEP_DIR)

# -- tests: three tiers, the suites of tests/run_all.sh (make list) ---------------------------
# test: every suite but the large sizes (CI runs it); check: the same suites at small sizes, the
# hardware suites in their quick mode (QUICK=1); test-large: the large sizes test leaves out for
# its time. They need every program, its ASan build, the fuzz targets and the tools; with LIST=1
# nothing is built.
NPROC := $(shell nproc)
TEST_PROGS := $(BUILD)/cmodel $(BUILD)/asan/cmodel $(BUILD)/asan/unit_tests $(BUILD)/rtl_gen $(BUILD)/asan/rtl_gen \
              $(BUILD)/rtl_gen_kbrt $(BUILD)/rtl_gen_pmnbrt $(BUILD)/rtl_gen_pexrt $(BUILD)/.tools-ok $(BUILD)/te_search $(BUILD)/asan/te_search $(FUZZ_BINS)
# only the suites whose id matches one of these comma-separated globs (empty: all of the tier)
ONLY ?=
# LIST=1: print the tier's suites (id, tiers, seconds, description) and run nothing
LIST ?=
.PHONY: check test-large list
# the programs are built two at a time (nproc jobs) even when make itself runs one job
test check test-large:
	@$(if $(filter-out 0,$(LIST)),,$(MAKE) --no-print-directory -j$(NPROC) $(TEST_PROGS))
	@echo "-- TESTS ($@) --"
	$(call sh_vars,ONLY LIST) bash tests/run_all.sh $(patsubst test-%,%,$@)
list:
	@$(call sh_vars,ONLY) bash tests/run_all.sh list

# -- demo: Table 1 of paper 000 and the 2-D tori, two fabrics simulated and diffed, one router
#    synthesised (DEMO_TOPOS and DEMO_SYNTH: topo:task words) --------------------------------
DEMO_TOPOS ?= hypercube:4:mnb torus:4x4:te
DEMO_SYNTH ?= torus:4x4:mnb
demo: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@$(call sh_vars,DEMO_TOPOS DEMO_SYNTH) scripts/demo.sh

# -- dynamic broadcasting (004 s5): 8 series of cmodel dynbcast, the chart drawn by awk -------
# rounds per load (the sweep takes about 2 minutes on 2 cores at 3000), series run at once
DYN_ROUNDS ?= 3000
DYN_JOBS   ?= $(shell nproc)
.PHONY: dynbcast-plot
dynbcast-plot: $(BUILD)/cmodel
	@echo "-- DYNBCAST --"
	ROUNDS=$(DYN_ROUNDS) JOBS=$(DYN_JOBS) bash bench/tables/dynbcast_sweep.sh $(BUILD)/cmodel docs/DYNAMIC.md

# $(call publish_table,NAME,TITLE,TARGET): the table a target wrote to $(BUILD)/NAME.md into
# section NAME of docs/SCHEDULES.md (where it is explained) and, with TITLE, the command and the
# machine, of docs/BENCHMARKS.md (bench/tables/bench_section.sh)
comma := ,
publish_table = bash bench/tables/md_section.sh docs/SCHEDULES.md $(1) < $(BUILD)/$(1).md && \
  bash bench/tables/bench_section.sh docs/BENCHMARKS.md $(1) "$(2)" "make $(3)" < $(BUILD)/$(1).md

# -- te templates: the SAT search's table (issue 17; about 40 s) ----------------------------
.PHONY: te-search
te-search: $(BUILD)/cmodel $(BUILD)/te_search
	@echo "-- TE-SEARCH --"
	bash bench/tables/te_search_table.sh $(BUILD)/cmodel $(BUILD)/te_search > $(BUILD)/te-search.md
	$(call publish_table,te-search,te templates on rings and tori: SAT certificates (issue 17),te-search)

# S4NOC head to head (issue 17): about 4 minutes, 16 routers through Yosys and nextpnr-ice40
.PHONY: s4noc-table
s4noc-table: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	@echo "-- S4NOC-TABLE --"
	SYNTH=1 bash bench/tables/s4noc_table.sh $(BUILD)/cmodel > $(BUILD)/s4noc.md
	$(call publish_table,s4noc,S4NOC head to head: te slots and router area$(comma) iCE40 HX8K (issue 17),s4noc-table)

# the same tasks' certificates: about 20 minutes (three sizes run the solvers to their limit)
.PHONY: s4noc-search
s4noc-search: $(BUILD)/cmodel $(BUILD)/te_search
	@echo "-- S4NOC-SEARCH --"
	bash bench/tables/s4noc_search_table.sh $(BUILD)/cmodel $(BUILD)/te_search > $(BUILD)/s4noc-search.md
	$(call publish_table,s4noc-search,Bufferless S4NOC te templates: SAT below cmodel's (issue 17),s4noc-search)

# mnb templates for small routers (issue 16): SAT, and the orbit chain on hypercube:8, with at
# most 3600 s per size (up to an hour: torus:16x16's quarter-turn template took 18 and 41
# minutes on two days, hypercube:8's chain 3 to 5), the default's and the template's routers
# synthesised
.PHONY: mnb-search
mnb-search: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/te_search $(BUILD)/.tools-ok
	@echo "-- MNB-SEARCH --"
	SYNTH=1 LIMIT=$${LIMIT:-3600} bash bench/tables/lean_table.sh mnb $(BUILD)/cmodel $(BUILD)/te_search > $(BUILD)/mnb-search.md
	$(call publish_table,mnb-search,mnb templates for small routers: iCE40 HX8K area (issue 16),mnb-search)

# te templates for small routers (issue 16): the same for the total exchange (te_search --lanes), 900 s
# per size (hypercube:8's unsat answer takes 12 minutes; about an hour in all)
.PHONY: te-lanes-search
te-lanes-search: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/te_search $(BUILD)/.tools-ok
	@echo "-- TE-LANES-SEARCH --"
	SYNTH=1 LIMIT=$${LIMIT:-900} bash bench/tables/lean_table.sh te $(BUILD)/cmodel $(BUILD)/te_search > $(BUILD)/te-lanes-search.md
	$(call publish_table,te-lanes-search,te templates for small routers: iCE40 HX8K area (issue 16),te-lanes-search)

# single-port snb on every ring, torus and 3-D torus of docs/PORT_MODELS.md: the optimum of every
# row above the lower bound, by the formula over whole schedules (issue 41; about 2 minutes)
.PHONY: snb-sp-search
snb-sp-search: $(BUILD)/cmodel $(BUILD)/te_search
	@echo "-- SNB-SP-SEARCH --"
	bash bench/tables/snb_sp_table.sh $(BUILD)/cmodel $(BUILD)/te_search > $(BUILD)/snb-sp-search.md
	bash bench/tables/md_section.sh docs/PORT_MODELS.md snb-sp-search < $(BUILD)/snb-sp-search.md && \
	  bash bench/tables/bench_section.sh docs/BENCHMARKS.md snb-sp-search \
	    "Single-port snb: the optimum where cmodel is above the bound (issue 41)" "make snb-sp-search" \
	    docs/PORT_MODELS.md < $(BUILD)/snb-sp-search.md

# the stored templates (cmodel/templates/, the construction `stored`) written again by the search
.PHONY: stored-templates
stored-templates: $(BUILD)/cmodel $(BUILD)/te_search
	bash scripts/stored_templates.sh $(BUILD)/cmodel $(BUILD)/te_search

# -- benchmarks ----------------------------------------------------------------
bench: $(BUILD)/cmodel $(BUILD)/rtl_gen $(BUILD)/rtl_gen_kbrt $(BUILD)/rtl_gen_pmnbrt $(BUILD)/rtl_gen_pexrt $(BUILD)/te_search \
       $(BUILD)/.tools-ok
	@echo "-- BENCH --"
	bash bench/cmodel_bench.sh $(BUILD)/cmodel docs/BENCHMARKS.md
	bash bench/allreduce_bench.sh $(BUILD)/cmodel docs/BENCHMARKS.md
	bash bench/sim_bench.sh docs/BENCHMARKS.md
	bash bench/synth_bench.sh docs/BENCHMARKS.md
	NOW=$(CURDIR)/build/bench/synth bash bench/fmax_bench.sh docs/BENCHMARKS.md
	bash bench/mux_bench.sh docs/BENCHMARKS.md
	bash bench/ni_bench.sh docs/BENCHMARKS.md
	bash bench/fpga_bench.sh docs/BENCHMARKS.md
	bash bench/families_bench.sh docs/BENCHMARKS.md
	bash bench/link_delay_bench.sh docs/BENCHMARKS.md
	bash bench/port_model_bench.sh docs/BENCHMARKS.md
	bash bench/combine_bench.sh docs/BENCHMARKS.md
	bash bench/combine_goal_bench.sh docs/BENCHMARKS.md
	bash bench/kbrt_bench.sh docs/BENCHMARKS.md
	bash bench/kbcast_rom_bench.sh docs/BENCHMARKS.md
	bash bench/pmnb_bench.sh docs/BENCHMARKS.md
	bash bench/pmnbrt_bench.sh docs/BENCHMARKS.md
	bash bench/pexchange_queues.sh $(BUILD)/cmodel docs/BENCHMARKS.md
	bash bench/pexrt_bench.sh docs/BENCHMARKS.md
	bash bench/tools_bench.sh docs/BENCHMARKS.md
	bash bench/incremental_search_bench.sh docs/BENCHMARKS.md
	bash bench/build_bench.sh docs/BENCHMARKS.md
	bash bench/mpi_baselines_bench.sh docs/BENCHMARKS.md
	bash bench/tables/pmnb_tables.sh $(BUILD)/cmodel | bash bench/tables/md_section.sh docs/PMNB.md pmnb-tables
	$(MAKE) dynbcast-plot
	$(MAKE) te-search
	$(MAKE) s4noc-table
	$(MAKE) s4noc-search
	$(MAKE) mnb-search
	$(MAKE) te-lanes-search
	$(MAKE) snb-sp-search
	$(MAKE) test-large

# the largest fabric, once (about half an hour and 10+ GiB on 2 cores): not part of bench
bench-large: $(BUILD)/rtl_gen $(BUILD)/.tools-ok
	TOPOS=hypercube:12 TASKS=mnb REPEAT=1 BASELINE=none COMPILE_JOBS=2 OPT_SLOW=-O0 SECTION=sim-large bash bench/sim_bench.sh docs/BENCHMARKS.md

help:
	@sed -n 's/^#> \{0,1\}//p' Makefile

clean:
	rm -rf $(BUILD)
